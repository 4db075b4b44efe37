// The cluster half of a run, once the plan says what to restart: which of those workloads this
// cluster runs, that it holds the committed configs (or the strategy's copies), then the one
// restart-and-wait path and the strategy's after-wait.

import type { CommitOrder } from "../core/commit-sha.js";
import { consumedBy } from "../core/consumed-configs.js";
import { RolloutFailure, UserError } from "../core/errors.js";
import { restartTarget } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import {
  type ConfigChange,
  formatId,
  type HeadConfig,
  idKey,
  type Manifest,
  type ObjectId,
  type PlannedWorkload,
} from "../core/model.js";
import type { RestoredConfig, WorkloadResult } from "../core/run-result.js";
import { rollsBackOnFailure } from "../core/setting-choices.js";
import type { Cluster } from "../kube/cluster.js";
import type { RunSettings } from "../settings/settings.js";
import { configWrite, reviewAccess } from "./check-permissions.js";
import { findOnCluster } from "./find-on-cluster.js";
import { type RolloutContext, rollOut } from "./restart-and-wait.js";
import { restorePlanOf, restoreReviews } from "./restore/restore-plan.js";
import { withRollbackOnFailure } from "./restore/rollback-on-failure.js";
import type { RestartStrategy } from "./strategy/restart-strategy.js";
import { type ExpectedConfig, syncConfigs } from "./sync-configs.js";

interface PlanOnCluster {
  /** The plan's workloads to restart. */
  toRestart: PlannedWorkload[];
  /** What discovery listed: the namespaces listed (absence from `objects` settles it there) and the workloads found. */
  listed: { namespaces: ReadonlySet<string>; objects: Manifest[] };
  /** Workload definitions from the repository. */
  repoWorkloads: Manifest[];
  /** The configs whose content changed (not deleted) and what the cluster must hold of each, by idKey. */
  expectedConfigs: ReadonlyMap<string, ExpectedConfig>;
  /** Configs committed at head read by the scan, by idKey. */
  headConfigs: Map<string, HeadConfig>;
  /** Reads more configs committed at head (the annotation hash covers unchanged consumed configs too). */
  readHeadConfigs(ids: ObjectId[]): Promise<Map<string, HeadConfig>>;
  /** Where a commit stands relative to `head` in git's history. */
  commitOrder(commit: string): Promise<CommitOrder>;
  head: string;
  /** What --rollback-on-failure can put back (a run from git; a saved plan holds no content). */
  restore?: {
    base: string;
    changes: ConfigChange[];
    /** The base commit's definitions of the changed configs, by idKey. */
    baseConfigs: ReadonlyMap<string, Manifest>;
  };
}

interface ClusterContext {
  strategy: RestartStrategy;
  settings: Pick<RunSettings, "apply" | "configTimeoutMs" | "strategy" | "rollbackOnFailure"> &
    RolloutContext["settings"];
  log: Log;
  now: () => number;
  /** Aborted when the cluster is given up (a fleet's --timeout): nothing more is written (RolloutContext.stop). */
  stop?: AbortSignal;
}

export async function rollOutPlan(
  cluster: Cluster,
  plan: PlanOnCluster,
  context: ClusterContext,
): Promise<{ results: WorkloadResult[]; notes: string[]; restores?: RestoredConfig[] }> {
  const { settings, log } = context;
  // Another environment's workloads (and the configs only they consume) are not this cluster's.
  const onCluster = await findOnCluster(
    cluster,
    plan.toRestart,
    {
      namespaces: plan.listed.namespaces,
      objects: new Map(plan.listed.objects.map((m) => [idKey(m.id), m])),
    },
    settings.concurrency,
  );
  for (const absent of onCluster.absent) log.info(`${formatId(absent.id)}: ${absent.message}`);
  const present = onCluster.present;
  if (present.length === 0) return { results: onCluster.absent, notes: [] };
  // In place: a failure puts the changed configs back, and their readers (restore/).
  const restorePlan =
    plan.restore && context.strategy.rollbackStep && rollsBackOnFailure(settings)
      ? restorePlanOf({ ...plan.restore, headConfigs: plan.headConfigs, workloads: present })
      : undefined;
  const strategy = restorePlan ? withRollbackOnFailure(context.strategy, restorePlan) : context.strategy;

  const manifests = new Map(
    [...plan.repoWorkloads, ...plan.listed.objects, ...onCluster.live].map((m) => [idKey(m.id), m]),
  );
  const toCheck = [...new Set(present.flatMap((w) => consumedBy(w, manifests)).map(idKey))]
    .map((key) => plan.expectedConfigs.get(key))
    .filter((config) => config !== undefined);
  // --apply writes configs before the restart path would ask about its patches: so every write of
  // the run (the configs, the patches, what a rollback may restore) and what the pod watch reads are
  // asked about before the first config is applied, and the restart path asks nothing again.
  let reviewed: { watchPods: boolean } | undefined;
  const reviewEveryWrite = async (pending: ExpectedConfig[], absent: ReadonlySet<string>) => {
    // The object each restart will patch: a Rollout with workloadRef restarts through its Deployment.
    const targets = present.flatMap(({ id }) => restartTarget(id, manifests.get(idKey(id))?.object) ?? []);
    const reviews = [
      ...pending.map((c) => configWrite(c.id)),
      // A server-side apply that creates the object is authorized as a create too.
      ...pending
        .filter((c) => absent.has(idKey(c.id)))
        .map((c) => ({ ...configWrite(c.id), verb: "create" })),
      ...(restorePlan ? restoreReviews(restorePlan) : []),
    ];
    reviewed = await reviewAccess(cluster, { configs: [], targets, reviews }, settings, log);
  };
  const prepareTitle =
    strategy.prepareTitle ??
    (strategy.needsLiveConfigs
      ? "Check the cluster holds the committed configs"
      : "Copy the committed configs");
  /** The configs --apply wrote: an error after them says so, and is not "found before any write". */
  const applied: ExpectedConfig[] = [];
  const prepareAndRollOut = async () => {
    const prepared = await log.group(prepareTitle, async () => {
      const liveConfigs = strategy.needsLiveConfigs
        ? await syncConfigs(
            cluster,
            toCheck,
            {
              apply: settings.apply,
              dryRun: settings.dryRun === "server",
              timeoutMs: settings.configTimeoutMs,
              concurrency: settings.concurrency,
              beforeApply: reviewEveryWrite,
              onApplied: (config) => applied.push(config),
              ...(context.stop ? { stop: context.stop } : {}),
            },
            log,
          )
        : new Map();
      return strategy.prepare({
        workloads: present,
        manifests,
        headWorkloads: new Map(plan.repoWorkloads.map((m) => [idKey(m.id), m])),
        headConfigs: plan.headConfigs,
        readHeadConfigs: plan.readHeadConfigs,
        commitOrder: plan.commitOrder,
        liveConfigs,
        cluster,
        head: plan.head,
        log,
      });
    });

    return rollOut(cluster, present, {
      ...context,
      strategy,
      prepared,
      manifests,
      ...(reviewed ? { reviewed } : {}),
    });
  };
  const after = await prepareAndRollOut().catch((error: unknown) => {
    throw afterApplying(error, applied);
  });
  return {
    results: [...onCluster.absent, ...after.results],
    notes: after.notes,
    ...(after.restores ? { restores: after.restores } : {}),
  };
}

/**
 * An error that ends the run once --apply has written configs: exit 2 promises nothing was written,
 * so a refusal from here on (bad input found late, the cluster turning unreachable) is a failure
 * (exit 1) that says what the cluster now holds.
 */
function afterApplying(error: unknown, applied: ExpectedConfig[]): unknown {
  if (applied.length === 0 || !(error instanceof UserError)) return error;
  const written = applied.map((c) => `${formatId(c.id)} from ${c.file}`).join(", ");
  return new RolloutFailure(`${error.message}; already applied before it: ${written}`);
}
