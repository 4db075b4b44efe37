// Stage: the one restart-and-wait path. Patch the planned workloads and follow their rollouts,
// turning both into per-workload results; then the strategy says what to restart again (a
// rollback), which takes the same path — same permission check before the first write, same
// concurrency, same waits, same report lines — and what to do last.

import { isExpectedError, RolloutFailure } from "../core/errors.js";
import { restartTarget } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import { formatId, idKey, type Manifest, type PlannedWorkload, shortId } from "../core/model.js";
import { isFailure, type WorkloadResult } from "../core/run-result.js";
import type { AccessCheck, Cluster } from "../kube/cluster.js";
import { inlineSections, interruptSignal, noteDone, stopReason } from "../process/interrupt.js";
import type { RunSettings } from "../settings/settings.js";
import { reviewAccess } from "./check-permissions.js";
import { followRollouts } from "./follow-rollouts.js";
import { type RestartRequest, restartWorkloads } from "./restart.js";
import { restoreConfigs } from "./restore-configs.js";
import type {
  AfterWaitOutcome,
  ConfigWrite,
  Prepared,
  RestartStrategy,
  Rollback,
  StepFor,
} from "./strategy/restart-strategy.js";
import { waitForAgent } from "./wait-for-agent.js";
import { rolloutRounds } from "./waves.js";

export interface RolloutContext {
  strategy: RestartStrategy;
  /** What the strategy prepared (configs to write before the first patch). */
  prepared: Prepared;
  /** Workload definitions by idKey: objects listed from the cluster spare a GET. */
  manifests: Map<string, Manifest>;
  settings: Pick<RunSettings, "dryRun" | "wait" | "timeoutMs" | "concurrency" | "watchPods" | "logLines"> &
    Partial<Pick<RunSettings, "maxParallelRollouts" | "bakeMs">>;
  log: Log;
  now: () => number;
  /** The access review of every write already ran, before an earlier write (--apply's configs), and what it said of the pod watch. */
  reviewed?: { watchPods: boolean };
  /**
   * Aborted when this cluster is given up (a fleet's --timeout, run/fleet.ts): from then on nothing
   * more is written to it, a rollback included; what was not patched is not restarted.
   */
  stop?: AbortSignal;
}

/** One pass of the path: the workloads to patch, how, and what to write first. */
interface RestartRound {
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
  /** Asked about with this round's writes: what a later step needs (Prepared.reviews). */
  reviews?: AccessCheck[];
  /** Each restart as it ended, before the wait (RestartStrategy.restarted). */
  onRestarted?: RestartStrategy["restarted"];
  /** A patched workload whose rollout failed, as soon as the wait says so (others may still roll out). */
  onFailed?: (result: WorkloadResult) => void;
  /** The access review of this round's writes already ran (with every wave's, before the first), and what it said of the pod watch. */
  reviewed?: { watchPods: boolean };
  /** Once aborted, this round's patches not yet sent are not sent (RestartOptions.stop). */
  stopPatches?: AbortSignal;
}

/** The stage that waits for the rollouts (bounded by --timeout itself): run/fleet.ts watches for it. */
export const WAIT_FOR_ROLLOUTS = "Wait for rollouts";

/**
 * Restart, wait, and let the strategy roll back and finish. Long (about 100 lines) on purpose: the
 * rounds, the early and late rollbacks and the after-wait of one run, in the order they happen.
 */
export async function rollOut(
  cluster: Cluster,
  workloads: PlannedWorkload[],
  context: RolloutContext,
): Promise<AfterWaitOutcome> {
  const { strategy, manifests, log, stop } = context;
  // Interrupted (SIGINT, SIGTERM) or given up, a round's patches not yet sent are not sent; a
  // rollback still is when interrupted (it undoes what was sent), never once the cluster is given up.
  const stopPatches = stop ? AbortSignal.any([interruptSignal, stop]) : interruptSignal;
  // A GitOps agent changes the templates: wait for it first, within the same --timeout.
  const agent = strategy.awaitsAgent
    ? await awaitAgent(cluster, workloads, strategy.awaitsAgent, context)
    : {
        // Objects listed from the cluster spare a GET; repo manifests are ignored by restartWorkloads.
        requests: workloads.map((w) => ({ id: w.id, object: manifests.get(idKey(w.id))?.object })),
        notApplied: [],
        context,
      };
  // A workload the pod watch fails is rolled back at once, while the others are still waited for;
  // what fails at the deadline (or interrupted) is rolled back after the wait, in one round.
  const early = new Map<string, Promise<WorkloadResult[]>>();
  const rollBackNow = async (failed: WorkloadResult): Promise<WorkloadResult[]> => {
    const rollback = await strategy.rollbackFor?.([failed], { cluster, log });
    return rollback ? rollBack(cluster, rollback, { ...context, log: inlineSections(log) }) : [];
  };
  const base = {
    patchFor: strategy.patchFor,
    followUnchanged: true,
    ...(strategy.restarted ? { onRestarted: strategy.restarted } : {}),
    ...(strategy.rollbackFor
      ? { onFailed: (failed: WorkloadResult) => early.set(idKey(failed.id), rollBackNow(failed)) }
      : {}),
  };
  // Waves (config-rollout.io/wave) and --max-parallel-rollouts split the restarts into rounds; a
  // GitOps agent's rollouts have already started, so they are followed in one round.
  const rounds = strategy.awaitsAgent
    ? [{ wave: undefined, requests: agent.requests, endsWave: true, label: "" }]
    : rolloutRounds(
        agent.requests,
        (id) => manifests.get(idKey(id))?.object,
        agent.context.settings.maxParallelRollouts,
      );
  // Several rounds: every write of every round, and what the pod watch reads, is reviewed before
  // the first (never half a plan for want of RBAC); the rounds then review nothing again.
  const reviewed =
    context.reviewed ??
    (rounds.length > 1
      ? await log.group("Check permissions for every wave", () =>
          reviewAccess(
            cluster,
            {
              configs: context.prepared.configWrites,
              targets: agent.requests.flatMap(
                (r) => restartTarget(r.id, r.object ?? manifests.get(idKey(r.id))?.object) ?? [],
              ),
              ...(context.prepared.reviews ? { reviews: context.prepared.reviews } : {}),
            },
            agent.context.settings,
            log,
          ),
        )
      : undefined);
  const followed: WorkloadResult[] = [];
  let waveFailures: WorkloadResult[] = [];
  let stoppedBy: string | undefined;
  for (const [index, round] of rounds.entries()) {
    // Interrupted (SIGINT, SIGTERM), the wait ended at once: no later round starts, as after a
    // failed wave, whether the rounds are waves or --max-parallel-rollouts batches.
    if (stoppedBy === undefined && stopPatches.aborted) {
      stoppedBy = stopReason(stopPatches);
      log.warn(`${stoppedBy}: the later waves and batches are not started`);
    }
    if (stoppedBy !== undefined) {
      for (const { id } of round.requests)
        followed.push({ id, restart: "not-started", message: `not restarted: ${stoppedBy}` });
      continue;
    }
    const { held, requests } = holdBack(strategy, round.requests);
    followed.push(...held);
    if (requests.length === 0) continue;
    const results = await restartAndWait(
      cluster,
      {
        ...base,
        titles: {
          restart: `${strategy.awaitsAgent ? "Check the pod templates the agent applied" : "Restart"}${round.label}`,
          wait: `${WAIT_FOR_ROLLOUTS}${round.label}`,
        },
        requests,
        configWrites: index === 0 ? context.prepared.configWrites : [],
        ...(index === 0 && context.prepared.reviews ? { reviews: context.prepared.reviews } : {}),
        ...(reviewed ? { reviewed } : {}),
        stopPatches,
      },
      agent.context,
    );
    followed.push(...results);
    waveFailures.push(...results.filter(isFailure));
    if (!round.endsWave) continue;
    // A wave whose wait the interrupt ended did not fail: the next round says why it stops.
    if (round.wave !== undefined && waveFailures.length > 0 && !stopPatches.aborted) {
      stoppedBy = `wave ${round.wave} failed (${waveFailures.map((r) => shortId(r.id)).join(", ")})`;
      log.warn(`${stoppedBy}: the later waves are not started`);
    }
    waveFailures = [];
  }
  const results = [...followed, ...agent.notApplied];
  // Given up: no rollback, no after-wait (a prune deletes); the report says what was patched.
  if (stop?.aborted) return { results, notes: [] };
  const late = results.filter((r) => !early.has(idKey(r.id)));
  const rollback = await strategy.rollbackFor?.(late, { cluster, log });
  const rolledBack = [
    ...(await Promise.all(early.values())).flat(),
    ...(rollback ? await rollBack(cluster, rollback, context) : []),
  ];
  return strategy.afterWait
    ? strategy.afterWait(results, rolledBack, { cluster, log })
    : { results, notes: [] };
}

/** A workload reading a config a rollback put back meanwhile is not restarted onto it. */
function holdBack(
  strategy: RestartStrategy,
  requests: RestartRequest[],
): { held: WorkloadResult[]; requests: RestartRequest[] } {
  const held = requests.flatMap(({ id }): WorkloadResult[] => {
    const why = strategy.heldBack?.(id);
    return why ? [{ id, restart: "not-started", message: why }] : [];
  });
  return { held, requests: requests.filter((r) => !held.some((h) => h.id === r.id)) };
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
      {
        hashFor: agent.hashFor,
        generatedFor: agent.generatedFor,
        timeoutMs: settings.timeoutMs,
        log,
        now,
        interrupt: interruptSignal,
      },
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
 * The rollback round. In-place strategies first put the configs back (asked about before the
 * run's first write); a workload reading one that could not be is left alone. Refused before its
 * first patch (RBAC, or the access review failing), the round patches nothing, and each workload's
 * result says why: the run still reports what the first restart did, instead of stopping on an
 * error that would hide it.
 */
async function rollBack(
  cluster: Cluster,
  rollback: Rollback,
  context: RolloutContext,
): Promise<WorkloadResult[]> {
  const { settings, log } = context;
  const left = new Set<string>();
  if (rollback.restores?.length) {
    const restores = rollback.restores;
    const outcomes = await log.group("Put the changed configs back to the base commit's content", () =>
      restoreConfigs(cluster, restores, {
        dryRun: settings.dryRun === "server",
        concurrency: settings.concurrency,
        log,
      }),
    );
    for (const o of outcomes) {
      if (o.result === "refused") for (const reader of o.readers) left.add(idKey(reader));
      else if (o.result === "restored")
        noteDone(`restored ${formatId(o.id)} to the base commit's content`, cluster.context);
    }
    rollback.restored?.(outcomes);
  }
  const ids = rollback.ids.filter((id) => !left.has(idKey(id)));
  if (ids.length === 0) return [];
  const round: RestartRound = {
    titles: {
      restart: "Roll back failed workloads to their previous config",
      wait: "Wait for the rollbacks",
    },
    requests: ids.map((id) => ({ id })),
    patchFor: rollback.patchFor,
    configWrites: [],
    followUnchanged: false,
    checked: "checked before the rollback: nothing of it was written",
    ...(context.stop ? { stopPatches: context.stop } : {}),
  };
  try {
    return await restartAndWait(cluster, round, context);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return ids.map((id) => ({ id, restart: "failed", message: error.message }));
  }
}

export async function restartAndWait(
  cluster: Cluster,
  round: RestartRound,
  context: Pick<RolloutContext, "settings" | "log" | "now" | "stop">,
): Promise<WorkloadResult[]> {
  const { settings, log, stop } = context;
  const serverDryRun = settings.dryRun === "server";
  let watchPods = settings.watchPods && settings.wait && !serverDryRun;
  const restarted = await log.group(round.titles.restart, () =>
    restartWorkloads(round.requests, cluster, {
      strategy: { patchFor: round.patchFor },
      now: context.now,
      dryRun: serverDryRun,
      log,
      // RBAC is asked about every write before the first: a gap fails the run (exit 2) with
      // nothing written, never half a plan applied.
      beforeWrites: async (targets) => {
        if (round.reviewed) watchPods &&= round.reviewed.watchPods;
        else {
          const writes = {
            configs: round.configWrites,
            targets,
            ...(round.reviews ? { reviews: round.reviews } : {}),
          };
          const access = await reviewAccess(cluster, writes, settings, log, round.checked);
          watchPods &&= access.watchPods;
        }
        const written: string[] = [];
        for (const write of round.configWrites) {
          if (stop?.aborted) throw givenUpAfter(stop, written);
          await cluster.applyConfig(write.body, serverDryRun, write.id.namespace);
          log.info(write.done);
          if (!serverDryRun) noteDone(write.done, cluster.context);
          written.push(write.done);
        }
      },
      concurrency: settings.concurrency,
      ...(round.stopPatches ? { stop: round.stopPatches } : {}),
    }),
  );
  round.onRestarted?.(restarted);
  const patched = restarted.filter((r) => r.result === "restarted");
  if (!serverDryRun && patched.length > 0)
    noteDone(`${round.titles.restart}: ${patched.map((r) => formatId(r.id)).join(", ")}`, cluster.context);
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
  // A cluster given up is not waited for: it is reported as it stands.
  if (!settings.wait || waitFor.length === 0 || stop?.aborted) {
    for (const result of results.values()) if (result.restart === "restarted") result.rollout = "not-waited";
    return [...results.values()];
  }
  const rollouts = await log.group(round.titles.wait, () =>
    followRollouts(cluster, waitFor, results, { onFailed: round.onFailed, settings, log, watchPods }),
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

/** A cluster given up between the configs written before the patches: what it holds now. */
function givenUpAfter(stop: AbortSignal, written: string[]): unknown {
  if (written.length === 0) return stop.reason;
  return new RolloutFailure(`${stopReason(stop)}: ${written.join("; ")}; no workload was patched`);
}
