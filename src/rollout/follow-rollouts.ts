// Stage: the wait of one restart round (restart-and-wait.ts): every target followed to its end by
// the rollout wait (wait.ts), a failure told at once so a rollback can start while others still roll
// out, and with --bake each completed rollout's new pods watched on (bake.ts).

import { formatDuration } from "../core/duration.js";
import type { Log } from "../core/log.js";
import { idKey } from "../core/model.js";
import type { WorkloadResult } from "../core/run-result.js";
import type { Cluster } from "../kube/cluster.js";
import { interruptSignal } from "../process/interrupt.js";
import type { RunSettings } from "../settings/settings.js";
import { startBake } from "./bake.js";
import type { RestartResult } from "./restart.js";
import { logProgress, type WaitResult, waitForRollouts, waitTargetOf } from "./wait.js";

/**
 * The wait of one round: every target followed to its end, the failures told at once (an early
 * rollback), and with --bake each completed rollout's new pods watched on (bake.ts) — a failed bake
 * is a failed rollout, a passed one says so.
 */
export async function followRollouts(
  cluster: Cluster,
  waitFor: RestartResult[],
  results: ReadonlyMap<string, WorkloadResult>,
  context: {
    /** A patched workload whose rollout (or bake) failed, as soon as it did. */
    onFailed?: ((result: WorkloadResult) => void) | undefined;
    settings: Pick<RunSettings, "timeoutMs" | "logLines"> & { bakeMs?: number };
    log: Log;
    watchPods: boolean;
  },
): Promise<WaitResult[]> {
  const { settings, log, watchPods } = context;
  const failedNow = (rollout: Pick<WaitResult, "id" | "result" | "message">) => {
    const result = results.get(idKey(rollout.id));
    if (result?.restart !== "restarted" || rollout.result !== "failed") return;
    context.onFailed?.({ ...result, rollout: rollout.result, message: rollout.message });
  };
  const pods = watchPods
    ? { cluster, logLines: settings.logLines, warn: (message: string) => log.warn(message) }
    : undefined;
  // --bake: each rollout that completes is watched on (bake.ts); a failed bake is a failed rollout.
  const bake =
    settings.bakeMs !== undefined && pods
      ? startBake({
          bakeMs: settings.bakeMs,
          pods,
          onFailed: failedNow,
          onHeartbeat: (line) => log.info(line),
          interrupt: interruptSignal,
        })
      : undefined;
  const generationOf = new Map(waitFor.map((w) => [idKey(w.id), w.generation]));
  const waited = await waitForRollouts(cluster, waitFor.map(waitTargetOf), {
    timeoutMs: settings.timeoutMs,
    onProgress: logProgress(log),
    onHeartbeat: (line) => log.info(line),
    // Interrupted (SIGINT, SIGTERM), the wait ends at once: what is still rolling out counts as
    // not finished, so a versioned run rolls it back through the same path.
    interrupt: interruptSignal,
    onSettled: (rollout) => {
      if (rollout.result === "done")
        bake?.add({ ...rollout, generation: generationOf.get(idKey(rollout.id)) });
      failedNow(rollout);
    },
    // Pods forbidden in the access review: the wait is on the rollout status alone. A run that
    // sends no review (gitops) learns the same from the watch's own first answer (one warning).
    pods,
  });
  if (!bake) return waited;
  const failed = new Map((await bake.done()).map((f) => [idKey(f.id), f]));
  const healthy = `; its new pods stayed healthy through the ${formatDuration(settings.bakeMs!)} bake`;
  return waited.map((rollout) =>
    rollout.result === "done"
      ? { ...rollout, message: `${rollout.message}${healthy}`, ...failed.get(idKey(rollout.id)) }
      : rollout,
  );
}
