// Stage: the one restart-and-wait path. Patch the planned workloads and follow their rollouts,
// turning both into per-workload results; then the strategy says what to restart again (a
// rollback), which takes the same path — same permission check before the first write, same
// concurrency, same waits, same report lines — and what to do last.

import { isExpectedError } from "../../core/errors.js";
import type { Log } from "../../core/log.js";
import { formatId, idKey, type Manifest, type PlannedWorkload } from "../../core/model.js";
import type { WorkloadResult } from "../../core/run-result.js";
import type { Cluster } from "../../kube/kube-client.js";
import { interruptSignal, noteDone } from "../../process/interrupt.js";
import type { Settings } from "../../settings/settings.js";
import type {
  AfterWaitOutcome,
  ConfigWrite,
  Prepared,
  RestartStrategy,
  Rollback,
  StepFor,
} from "../strategy/restart-strategy.js";
import { checkPermissions, checkPodWatchAccess, configWrite, patchWrites } from "./check-permissions.js";
import { type RestartRequest, restartWorkloads } from "./restart.js";
import { logProgress, waitForRollouts, waitTargetOf } from "./wait.js";
import { waitForAgent } from "./wait-for-agent.js";

export interface RolloutContext {
  strategy: RestartStrategy;
  /** What the strategy prepared (configs to write before the first patch). */
  prepared: Prepared;
  /** Workload definitions by idKey: objects listed from the cluster spare a GET. */
  manifests: Map<string, Manifest>;
  settings: Pick<Settings, "dryRun" | "wait" | "timeoutMs" | "concurrency"> &
    Partial<Pick<Settings, "watchPods" | "logLines">>;
  log: Log;
  now: () => number;
}

/** One pass of the path: the workloads to patch, how, and what to write first. */
export interface RestartRound {
  /** Log sections: the patches, then the wait. */
  titles: { restart: string; wait: string };
  requests: RestartRequest[];
  patchFor: StepFor;
  /** Configs to write before the first patch: asked for with the patches, written after the check. */
  configWrites: ConfigWrite[];
  /**
   * Whether a workload that needed no patch is waited on too: a rerun judges the rollout an earlier
   * run started; a rollback that finds nothing to undo has no rollout of its own.
   */
  followUnchanged: boolean;
  /** What a refused permission check left unwritten, for its message. */
  checked?: string;
}

/** The stage that waits for the rollouts (bounded by --timeout itself): run-fleet.ts watches for it. */
export const WAIT_FOR_ROLLOUTS = "Wait for rollouts";

/** Restart, wait, and let the strategy roll back and finish. */
export async function rollOut(
  cluster: Cluster,
  workloads: PlannedWorkload[],
  context: RolloutContext,
): Promise<AfterWaitOutcome> {
  const { strategy, manifests, log } = context;
  // A GitOps agent changes the templates: wait for it first, within the same --timeout.
  const agent = strategy.awaitsAgent
    ? await awaitAgent(cluster, workloads, strategy.awaitsAgent, context)
    : {
        // Objects listed from the cluster spare a GET; repo manifests are ignored by restartWorkloads.
        requests: workloads.map((w) => ({ id: w.id, object: manifests.get(idKey(w.id))?.object })),
        notApplied: [],
        context,
      };
  const followed = await restartAndWait(
    cluster,
    {
      titles: {
        restart: strategy.awaitsAgent ? "Check the pod templates the agent applied" : "Restart",
        wait: WAIT_FOR_ROLLOUTS,
      },
      requests: agent.requests,
      patchFor: strategy.patchFor,
      configWrites: context.prepared.configWrites,
      followUnchanged: true,
    },
    agent.context,
  );
  const results = [...followed, ...agent.notApplied];
  const rollback = await strategy.rollbackFor?.(results, { cluster, log });
  const rolledBack = rollback ? await rollBack(cluster, rollback, context) : [];
  return strategy.afterWait
    ? strategy.afterWait(results, rolledBack, { cluster, log })
    : { results, notes: [] };
}

/**
 * Wait until the agent has applied the commit to each workload (read-only); the rollout wait that
 * follows gets what is left of --timeout, so the option bounds both waits together.
 */
async function awaitAgent(
  cluster: Cluster,
  workloads: PlannedWorkload[],
  agent: NonNullable<RestartStrategy["awaitsAgent"]>,
  context: RolloutContext,
): Promise<{ requests: RestartRequest[]; notApplied: WorkloadResult[]; context: RolloutContext }> {
  const { settings, log, now } = context;
  const started = now();
  const waited = await log.group("Wait for the GitOps agent to apply the commit", () =>
    waitForAgent(
      cluster,
      workloads.map((w) => w.id),
      // Interrupted, the wait ends at once (as the rollout wait does).
      { hashFor: agent.hashFor, timeoutMs: settings.timeoutMs, log, now, interrupt: interruptSignal },
    ),
  );
  const left = Math.max(1, settings.timeoutMs - (now() - started));
  return {
    // The objects that carried the hash: the rollout is judged from them, with no second read.
    requests: waited.applied,
    notApplied: waited.notApplied,
    context: { ...context, settings: { ...settings, timeoutMs: left } },
  };
}

/**
 * The rollback round. Refused before its first write (RBAC, or the access review failing), it
 * writes nothing, and each workload's result says why: the run still reports what the first
 * restart did, instead of stopping on an error that would hide it.
 */
async function rollBack(
  cluster: Cluster,
  rollback: Rollback,
  context: RolloutContext,
): Promise<WorkloadResult[]> {
  const round: RestartRound = {
    titles: {
      restart: "Roll back failed workloads to their previous config",
      wait: "Wait for the rollbacks",
    },
    requests: rollback.ids.map((id) => ({ id })),
    patchFor: rollback.patchFor,
    configWrites: [],
    followUnchanged: false,
    checked: "checked before the rollback: nothing of it was written",
  };
  try {
    return await restartAndWait(cluster, round, context);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return rollback.ids.map((id) => ({ id, restart: "failed", message: error.message }));
  }
}

export async function restartAndWait(
  cluster: Cluster,
  round: RestartRound,
  context: Pick<RolloutContext, "settings" | "log" | "now">,
): Promise<WorkloadResult[]> {
  const { settings, log } = context;
  const serverDryRun = settings.dryRun === "server";
  let watchPods = settings.watchPods !== false && settings.wait && !serverDryRun;
  const restarted = await log.group(round.titles.restart, () =>
    restartWorkloads(round.requests, cluster, {
      strategy: { patchFor: round.patchFor },
      now: context.now,
      dryRun: serverDryRun,
      log,
      // RBAC is asked about every write before the first: a gap fails the run (exit 2) with
      // nothing written, never half a plan applied.
      beforeWrites: async (targets) => {
        const configs = round.configWrites.flatMap((w) =>
          (["create", "patch"] as const).map((verb) => ({ ...configWrite(w.id), verb })),
        );
        const needed = [...configs, ...patchWrites(targets)];
        await checkPermissions(cluster, needed, log, settings.concurrency, round.checked);
        // What the pod watch reads is asked about too, never fatal (one warning, check-permissions.ts).
        if (watchPods) {
          const access = await checkPodWatchAccess(
            cluster,
            targets.map((t) => t.id.namespace),
            settings.logLines ?? 0,
            settings.concurrency,
          );
          if (access.warning) log.warn(access.warning);
          watchPods = access.watch;
        }
        for (const write of round.configWrites) {
          await cluster.applyConfig(write.body, serverDryRun, write.id.namespace);
          log.info(write.done);
          if (!serverDryRun) noteDone(write.done);
        }
      },
      concurrency: settings.concurrency,
    }),
  );
  const patched = restarted.filter((r) => r.result === "restarted");
  if (!serverDryRun && patched.length > 0)
    noteDone(`${round.titles.restart}: ${patched.map((r) => formatId(r.id)).join(", ")}`);
  const results = new Map<string, WorkloadResult>(
    restarted.map((r) => [
      idKey(r.id),
      {
        id: r.id,
        restart: serverDryRun && r.result === "restarted" ? "dry-run" : r.result,
        message: r.message,
      },
    ]),
  );

  // Unchanged workloads were restarted by an earlier run on the same commits: their rollouts are
  // judged too, so rerunning a failed job cannot turn it green while the rollout is still failed.
  const waitFor = serverDryRun
    ? []
    : restarted.filter(
        (r) => r.result === "restarted" || (round.followUnchanged && r.result === "unchanged"),
      );
  if (!settings.wait || waitFor.length === 0) {
    for (const result of results.values()) if (result.restart === "restarted") result.rollout = "not-waited";
    return [...results.values()];
  }
  const rollouts = await log.group(round.titles.wait, () =>
    waitForRollouts(cluster, waitFor.map(waitTargetOf), {
      timeoutMs: settings.timeoutMs,
      onProgress: logProgress(log),
      onHeartbeat: (line) => log.info(line),
      // Interrupted (SIGINT, SIGTERM), the wait ends at once: what is still rolling out counts as
      // not finished, so a versioned run rolls it back through the same path.
      interrupt: interruptSignal,
      // Pods forbidden in the access review: the wait is on the rollout status alone. A run that
      // sends no review (gitops) learns the same from the watch's own first answer (one warning).
      pods: !watchPods
        ? undefined
        : { cluster, logLines: settings.logLines ?? 0, warn: (message) => log.warn(message) },
    }),
  );
  for (const rollout of rollouts) {
    const result = results.get(idKey(rollout.id));
    if (result)
      Object.assign(result, {
        rollout: rollout.result,
        message: result.restart === "unchanged" ? `${result.message}; ${rollout.message}` : rollout.message,
        durationMs: rollout.durationMs,
        ...(rollout.cause ? { cause: rollout.cause } : {}),
      });
  }
  return [...results.values()];
}
