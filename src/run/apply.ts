// The apply phase: one plan (made once from git by plan.ts: resolve, scan, render) applied to one
// cluster. A plan of nothing (the range changes no config and no workload) is reported as it is;
// any other is completed and rolled out: discovery of the workloads only this cluster runs, the
// plan they complete, the check that the cluster holds the committed configs, the permission check,
// the one restart-and-wait path and the wait. Nothing here reads git except through the plan's own
// readers, so one plan can be applied to many clusters (fleet.ts), in parallel: the strategy
// object, which keeps state between prepare and patch, is made per call.
import { UserError } from "../core/errors.js";
import {
  idKey,
  type Manifest,
  type ObjectId,
  type Plan,
  type PlannedWorkload,
  shortId,
} from "../core/model.js";
import { CLI_FLAGS } from "../core/option-naming.js";
import { type RunReport, reportOf } from "../core/run-result.js";
import type { Cluster } from "../kube/cluster.js";
import { buildPlan } from "../plan/build-plan.js";
import { applyGuardRails } from "../plan/guard-rails.js";
import { prepareReloaderLists } from "../plan/reloader.js";
import {
  type ApplyContext,
  type ClusterAccess,
  noClusterHint,
  planOfScan,
  type RepoPlan,
} from "../plan/repo-plan.js";
import { checkVariants, describeVariantConflicts } from "../plan/variant-conflicts.js";
import { discoverClusterWorkloads } from "../rollout/discover-cluster.js";
import { rollOutPlan } from "../rollout/roll-out-plan.js";
import { chooseRestartStrategy } from "../rollout/strategy/choose-strategy.js";
import type { RestartStrategy } from "../rollout/strategy/restart-strategy.js";
import { committedContent } from "../rollout/sync-configs.js";
import { waveOrderNote } from "../rollout/waves.js";
import type { RepositoryScan } from "../scan/scan-model.js";
import { markRollsOnApply, podTemplateChanges } from "../scan/sources/rolls-on-apply.js";
import type { RunSettings } from "../settings/settings.js";

/**
 * Apply the plan to one cluster: discover, verify the live configs, check permissions, patch, wait.
 * Kept long (about 90 lines) on purpose: it is one cluster's table of contents, one call per stage
 * in the order they run, with the values each stage hands the next visible in one place.
 */
export async function completeAndRollOut(
  repoPlan: RepoPlan,
  connection: ClusterAccess,
  context: ApplyContext,
): Promise<RunReport> {
  const { settings, log } = context;
  const now = context.now ?? Date.now;
  const naming = context.naming ?? CLI_FLAGS;
  const { scan } = repoPlan;
  const strategy = await chooseRestartStrategy(settings, now);
  // A run that waits for a GitOps agent follows only what the repository defines (all the agent deploys).
  const discover = settings.discover ?? (connection.configured && !strategy.awaitsAgent ? "both" : "repo");
  let cluster: Cluster | undefined;
  const connectOnce = async () => {
    cluster ??= await connection.connect();
    if (!cluster) {
      throw new UserError(`no Kubernetes cluster configured: ${noClusterHint(naming)}`);
    }
    return cluster;
  };

  // Added configs too: an existing workload may reference one as optional (and then restarts).
  const modified = scan.changes.filter((c) => c.status !== "deleted");
  const clusterWorkloads =
    discover !== "repo" && modified.length > 0
      ? await log.group("Discover consumers on the cluster", async () =>
          discoverClusterWorkloads(
            await connectOnce(),
            [...new Set(modified.map((c) => c.id.namespace))],
            settings.concurrency,
          ),
        )
      : [];
  const plannedClusterWorkloads =
    strategy.planningView && clusterWorkloads.length > 0
      ? await strategy.planningView(clusterWorkloads, await connectOnce())
      : clusterWorkloads;
  // The plan is pure: RE2 for Reloader's reload lists is loaded first, when a workload has one.
  const variants = [...scan.variants.values()].flat().flatMap((v) => [v.base, v.head]);
  await prepareReloaderLists(
    [...scan.workloads, ...plannedClusterWorkloads, ...variants].map((m) => m?.object),
  );
  const plan = completePlan(repoPlan, plannedClusterWorkloads, strategy, context);
  await context.onPlan?.(plan, plannedClusterWorkloads, strategy);
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  // The order waves (config-rollout.io/wave) give the restarts; an invalid wave stops the run here.
  const definitions = new Map([...scan.workloads, ...clusterWorkloads].map((m) => [idKey(m.id), m.object]));
  const order = waveOrderNote(
    toRestart.map((w) => w.id),
    (id) => definitions.get(idKey(id)),
  );
  if (toRestart.length === 0 || settings.dryRun === "client") {
    const notes =
      toRestart.length > 0
        ? (strategy.planNotes?.({
            workloads: toRestart,
            headConfigs: scan.headConfigs,
            head: repoPlan.head,
          }) ?? [])
        : [];
    return reportOf(plan, { results: [], notes: order ? [order, ...notes] : notes }, settings.dryRun);
  }

  const live = await connectOnce();
  const { results, notes, restores } = await rollOutPlan(
    live,
    {
      toRestart,
      listed: {
        namespaces: new Set(discover === "repo" ? [] : modified.map((c) => c.id.namespace)),
        objects: clusterWorkloads,
      },
      repoWorkloads: scan.workloads,
      expectedConfigs: new Map(
        modified.flatMap((c) => {
          const head = scan.headConfigs.get(idKey(c.id));
          return head ? [[idKey(c.id), committedContent(head)] as const] : [];
        }),
      ),
      headConfigs: scan.headConfigs,
      readHeadConfigs: repoPlan.readHeadConfigs,
      commitOrder: repoPlan.commitOrder,
      head: repoPlan.head,
      restore: { base: repoPlan.base, changes: scan.changes, baseConfigs: scan.baseConfigs },
    },
    { strategy, settings, log, now, ...(context.stop ? { stop: context.stop } : {}) },
  );
  return reportOf(
    plan,
    { results, notes: order ? [order, ...notes] : notes, ...(restores ? { restores } : {}) },
    settings.dryRun,
    live,
  );
}

/**
 * The repository's plan completed with what this cluster runs: the consumers found only there, the
 * checks that sources agree where the plan depends on them, the guard rails. Pure; logs its notes.
 */
function completePlan(
  repoPlan: RepoPlan,
  clusterWorkloads: Manifest[],
  strategy: RestartStrategy,
  context: ApplyContext,
): Plan {
  const { settings, log } = context;
  const naming = context.naming ?? CLI_FLAGS;
  const { scan } = repoPlan;
  const built = buildPlan({
    changes: scan.changes,
    workloads: scan.workloads,
    newWorkloadIds: scan.newWorkloadIds,
    clusterWorkloads,
    restartReloaderManaged: settings.restartReloaderManaged,
    reloaderAutoReloadAll: settings.reloaderAutoReloadAll,
    templateChanged: podTemplateChanges(scan.baseWorkloads, scan.workloads),
  });
  // Sources that define one object differently stop the run only when the plan depends on which
  // one the cluster runs; checked before anything is written.
  const variantCheck = checkVariants(
    {
      changes: scan.changes,
      headContent: new Map([...scan.headConfigs].map(([key, config]) => [key, config.snapshot.content])),
      workloads: scan.workloads,
      baseWorkloads: scan.baseWorkloads,
      newWorkloadIds: scan.newWorkloadIds,
      clusterWorkloads,
      restartReloaderManaged: settings.restartReloaderManaged,
      reloaderAutoReloadAll: settings.reloaderAutoReloadAll,
    },
    scan.variants,
  );
  if (variantCheck.conflicts.length > 0)
    throw new UserError(describeVariantConflicts(variantCheck.conflicts));
  // Located, so CI shows them on the file that deleted the config (a GitHub annotation).
  for (const warning of built.warnings) log.warn(warning.message, warning);
  // The gitops strategy follows template changes: the stamp itself changes the template.
  const planned = withWorkloadSources(
    strategy.followsTemplateChanges
      ? built.workloads
      : markRollsOnApply(built.workloads, scan.baseWorkloads, scan.workloads, scan.changes),
    scan.workloads,
  );
  const guarded = applyGuardRails(planned, { ...settings, naming });
  const namespaceNote = assumedNamespaceNote(scan, planned, settings);
  if (namespaceNote) log.info(namespaceNote);
  return planOfScan(repoPlan, {
    changes: scan.changes,
    workloads: guarded.workloads,
    sources: variantCheck.notes,
    warnings: [
      ...built.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`),
      ...(namespaceNote ? [namespaceNote] : []),
      ...guarded.notes,
    ],
  });
}

/**
 * A rendered workload names its source; a file is blamed only when the workload itself changed (it
 * rolls on apply): otherwise the changed input explains the config, not the workload.
 */
function withWorkloadSources(workloads: PlannedWorkload[], manifests: Manifest[]): PlannedWorkload[] {
  const byKey = new Map(manifests.filter((m) => m.origin !== undefined).map((m) => [idKey(m.id), m]));
  return workloads.map((w) => {
    const m = w.source === "repo" ? byKey.get(idKey(w.id)) : undefined;
    if (m?.origin === undefined) return w;
    return {
      ...w,
      origin: m.origin,
      ...(m.blamedFile && w.rollsOnApply ? { blamedFile: m.blamedFile } : {}),
    };
  });
}

// A manifest without metadata.namespace goes wherever `kubectl apply` is pointed; the tool assumes
// --namespace, else the kubeconfig context's (cluster-connection.ts runNamespace). The plan says
// which, and why, for the objects it acts on, instead of deciding silently.

const MAX_LISTED = 5;

function assumedNamespaceNote(
  scan: Pick<RepositoryScan, "changes" | "assumedNamespace">,
  workloads: PlannedWorkload[],
  { namespace, namespaceFrom }: Pick<RunSettings, "namespace" | "namespaceFrom">,
): string | undefined {
  const ids: ObjectId[] = [...scan.changes.map((c) => c.id), ...workloads.map((w) => w.id)];
  const names = [...new Set(ids.filter((id) => scan.assumedNamespace.has(idKey(id))).map(shortId))];
  if (names.length === 0) return undefined;
  const listed =
    names.length > MAX_LISTED
      ? `${names.slice(0, MAX_LISTED).join(", ")} and ${names.length - MAX_LISTED} more`
      : names.join(", ");
  return `namespace ${JSON.stringify(namespace)} (${namespaceFrom ?? "the default"}) was assumed for ${listed}: their manifests name no namespace`;
}

/** Apply the plan to one cluster: a plan of nothing is its report; any other is completed and rolled out. */
export async function applyPlanToCluster(
  repoPlan: RepoPlan,
  connection: ClusterAccess,
  context: ApplyContext,
): Promise<RunReport> {
  if (plansNothing(repoPlan.scan)) {
    const plan = planOfNothing(repoPlan);
    await context.onPlan?.(plan, []);
    return reportOf(plan, { results: [], notes: [] }, context.settings.dryRun);
  }
  return completeAndRollOut(repoPlan, connection, context);
}

/**
 * Whether the scan leaves nothing to plan on any cluster: no config changed, no workload read at
 * either commit, no object defined twice. Discovery asks the cluster only for consumers of changed
 * configs, so no cluster can add to such a plan.
 */
export function plansNothing(scan: RepositoryScan): boolean {
  return (
    scan.changes.length === 0 &&
    scan.workloads.length === 0 &&
    scan.baseWorkloads.length === 0 &&
    scan.variants.size === 0
  );
}

/** The plan of a scan that plans nothing: what completing it would give (test/run/apply.test.ts). */
function planOfNothing(repoPlan: RepoPlan): Plan {
  return planOfScan(repoPlan, { changes: [], workloads: [], sources: [], warnings: [] });
}
