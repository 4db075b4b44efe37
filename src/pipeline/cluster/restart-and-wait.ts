// Stage: patch the planned workloads and follow their rollouts, turning both into per-workload results.

import type { Log } from "../../core/log.js";
import { idKey, type Manifest, type PlannedWorkload } from "../../core/model.js";
import type { WorkloadResult } from "../../core/run-result.js";
import type { Cluster } from "../../kube/kube-client.js";
import type { Settings } from "../../settings/settings.js";
import type { RestartStrategy } from "../strategy/restart-strategy.js";
import { checkPermissions, patchWrites } from "./check-permissions.js";
import { restartWorkloads } from "./restart.js";
import { logProgress, waitForRollouts, waitTargetOf } from "./wait.js";

export async function restartAndWait(
  cluster: Cluster,
  toRestart: PlannedWorkload[],
  context: {
    manifests: Map<string, Manifest>;
    strategy: RestartStrategy;
    settings: Settings;
    log: Log;
    now: () => number;
  },
): Promise<WorkloadResult[]> {
  const { manifests, strategy, settings, log } = context;
  const serverDryRun = settings.dryRun === "server";
  const restarted = await log.group("Restart", () =>
    restartWorkloads(
      // Objects listed from the cluster spare a GET; repo manifests are ignored by restartWorkloads.
      toRestart.map((w) => ({ id: w.id, object: manifests.get(idKey(w.id))?.object })),
      cluster,
      {
        strategy,
        now: context.now,
        dryRun: serverDryRun,
        log,
        // RBAC is asked about every object about to be patched before the first patch: a gap fails
        // the run (exit 2) with nothing written, never half a plan applied.
        beforeWrites: (targets) => checkPermissions(cluster, patchWrites(targets), log, settings.concurrency),
        concurrency: settings.concurrency,
      },
    ),
  );
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
    : restarted.filter((r) => r.result === "restarted" || r.result === "unchanged");
  if (!settings.wait || waitFor.length === 0) {
    for (const result of results.values()) if (result.restart === "restarted") result.rollout = "not-waited";
    return [...results.values()];
  }
  const rollouts = await log.group("Wait for rollouts", () =>
    waitForRollouts(cluster, waitFor.map(waitTargetOf), {
      timeoutMs: settings.timeoutMs,
      onProgress: logProgress(log),
    }),
  );
  for (const rollout of rollouts) {
    const result = results.get(idKey(rollout.id));
    if (result)
      Object.assign(result, {
        rollout: rollout.result,
        message: result.restart === "unchanged" ? `${result.message}; ${rollout.message}` : rollout.message,
        durationMs: rollout.durationMs,
      });
  }
  return [...results.values()];
}
