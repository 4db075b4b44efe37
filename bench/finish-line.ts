// Benchmark 3: from the moment the simulated server writes the status that completes the last
// rollout to the moment the config-rollout process exits. This process hosts the simulated server
// and watches the restarted workloads itself (its own WATCH streams over loopback, its own
// User-Agent), timestamping each event on arrival with the same clock as the child's exit.

import { request } from "node:http";
import { join } from "node:path";
import type { SimCluster } from "../sim/index.js";
import { rolloutStatus } from "../src/core/kinds/workload-kinds.js";
import { configRolloutArgs, startSeededCluster } from "./api-economy.js";
import type { GeneratedRepo } from "./generate-repo.js";
import { cleanEnv, run } from "./measure.js";

export interface FinishLineRun {
  /** Last rollout done (server side) -> CLI exit. */
  latencyMs: number;
  wallMs: number;
  restarted: number;
}

const WORKLOAD_PATHS: Record<string, string> = {
  Deployment: "/apis/apps/v1/deployments",
  StatefulSet: "/apis/apps/v1/statefulsets",
  DaemonSet: "/apis/apps/v1/daemonsets",
};

interface Observer {
  /** performance.now() at which each watched workload's restarted rollout completed. */
  doneAt: Map<string, number>;
  close(): void;
}

/** Watch every restartable kind cluster-wide; note when each target's new rollout completes. */
function observeRollouts(cluster: SimCluster, targets: Set<string>): Promise<Observer> {
  const startGeneration = new Map<string, number>();
  for (const id of targets) {
    const [kind, namespace, name] = id.split("/") as [string, string, string];
    const obj = cluster.get(kind, namespace, name);
    const generation = (obj?.metadata as { generation?: number } | undefined)?.generation;
    if (generation === undefined) throw new Error(`observer: ${id} is not on the simulated cluster`);
    startGeneration.set(id, generation);
  }
  const doneAt = new Map<string, number>();
  const rv = cluster.resourceVersion();
  const url = new URL(cluster.url);
  const requests = Object.entries(WORKLOAD_PATHS).map(
    ([kind, path]) =>
      new Promise<() => void>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: `${path}?watch=true&resourceVersion=${rv}`,
            headers: { Authorization: `Bearer ${cluster.token}`, "User-Agent": "bench-observer" },
          },
          (res) => {
            let buffer = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              const arrived = performance.now();
              buffer += chunk;
              let newline = buffer.indexOf("\n");
              while (newline >= 0) {
                const line = buffer.slice(0, newline);
                buffer = buffer.slice(newline + 1);
                newline = buffer.indexOf("\n");
                const event = JSON.parse(line) as { type: string; object: Record<string, unknown> };
                const meta = event.object.metadata as { namespace: string; name: string; generation: number };
                const id = `${kind}/${meta.namespace}/${meta.name}`;
                if (!targets.has(id) || doneAt.has(id)) continue;
                if (meta.generation <= startGeneration.get(id)!) continue;
                if (rolloutStatus({ kind, ...event.object }).done) doneAt.set(id, arrived);
              }
            });
            resolve(() => res.destroy());
          },
        );
        req.on("error", reject);
        req.end();
      }),
  );
  return Promise.all(requests).then((closers) => ({
    doneAt,
    close: () => {
      for (const close of closers) close();
    },
  }));
}

export async function runFinishLine(
  workDir: string,
  repo: GeneratedRepo,
  cli: string,
  rolloutStepMs: number,
): Promise<FinishLineRun> {
  const kubeconfig = join(workDir, "kubeconfig-finish-line");
  const cluster = await startSeededCluster(repo, kubeconfig, { rolloutStepMs });
  const targets = new Set(repo.expectedRestarts);
  const observer = await observeRollouts(cluster, targets);
  try {
    const result = await run(process.execPath, configRolloutArgs(cli, repo, kubeconfig), {
      cwd: repo.dir,
      env: cleanEnv(workDir),
    });
    // The CLI must report every rollout done; then its exit is compared with the observer's copy of
    // the final events. This process hosts the server and the observer and handles the child's exit
    // in the same event loop: when the CLI exits within a few ms of the last event, the exit can be
    // handled before the observer's copy of that event, which then arrives "after" the exit. Wait
    // for it (a latency ≤ 0 means the CLI exited as soon as the event could be delivered).
    const report = JSON.parse(result.stdout) as { workloads: Array<{ result?: { rollout?: string } }> };
    const done = report.workloads.filter((w) => w.result?.rollout === "done").length;
    if (done !== targets.size)
      throw new Error(`config-rollout reported ${done} of ${targets.size} rollouts done`);
    for (let waited = 0; observer.doneAt.size < targets.size && waited < 2000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (observer.doneAt.size !== targets.size) {
      throw new Error(`observer saw ${observer.doneAt.size} of ${targets.size} rollouts complete`);
    }
    const lastDone = Math.max(...observer.doneAt.values());
    return {
      latencyMs: result.exitedAt - lastDone,
      wallMs: result.wallMs,
      restarted: observer.doneAt.size,
    };
  } finally {
    observer.close();
    await cluster.close();
  }
}
