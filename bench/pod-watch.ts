// Benchmark: pod watching (issue 34). Two figures, each against a baseline measured in the same run.
//
// 1. Crash to exit: the restarted workloads' new pods crash-loop (the simulated kubelet restarts a
//    container every 4 rollout steps instead of after 10 s, 20 s, …). This process hosts the
//    simulated server and polls its pods every 2 ms; it notes when a new pod first shows
//    CrashLoopBackOff, and when one first meets the failure rule (CrashLoopBackOff with
//    CRASH_RESTARTS restarts: the earliest moment the run may fail), and compares both with the exit
//    of the CLI (exit 1). Baseline: the same run with --no-watch-pods, which can only end at --timeout.
// 2. Requests: 100 restarts over 10 namespaces that roll out fine, with and without pod watching;
//    the pod-related requests (pods, events, ReplicaSets) per namespace and per restarted workload.

import { join } from "node:path";
import type { SimCluster, SimRequest } from "../sim/index.js";
import { CRASH_RESTARTS } from "../src/core/kinds/pod-verdict.js";
import { configRolloutArgs, startSeededCluster } from "./api-economy.js";
import { type GeneratedRepo, generateRepo } from "./generate-repo.js";
import { cleanEnv, formatMs, median, ratio, run } from "./measure.js";

export interface CrashRun {
  /** First new pod in CrashLoopBackOff -> exit. */
  fromCrashLoopMs: number;
  /** First new pod meeting the failure rule (CrashLoopBackOff, CRASH_RESTARTS restarts) -> exit. */
  fromFailureRuleMs: number;
  wallMs: number;
}

export interface PodWatchFigures {
  rolloutStepMs: number;
  timeoutSeconds: number;
  crash: CrashRun[];
  /** --no-watch-pods: the same crash, run to --timeout. */
  baselineWallMs: number[];
  requests: {
    restarts: number;
    namespaces: number;
    /** Pod-related requests (list/watch pods, list events, get ReplicaSets), watching on. */
    podRequests: Record<string, number>;
    /** All requests of the run, watching on and off. */
    totalOn: number;
    totalOff: number;
  };
}

const TIMEOUT_SECONDS = 20;
/** Requests the pod watch makes: on these resources. */
const POD_RESOURCES = new Set(["Pod", "Event", "ReplicaSet"]);

type Loose = Record<string, unknown>;

/** Every restarted workload's new pods (those of the template carrying the hash annotation) crash. */
function crashRestarted(cluster: SimCluster, repo: GeneratedRepo): void {
  for (const id of repo.expectedRestarts) {
    const [kind, namespace, name] = id.split("/") as [string, string, string];
    cluster.setPodFailure(kind, namespace, name, "CrashLoopBackOff", {
      onlyFor: (owner) => JSON.stringify(owner).includes("config-rollout.io/config-hash"),
      message: "invalid LOG_LEVEL",
    });
  }
}

/** Polls the simulated pods: when one first shows CrashLoopBackOff, and first meets the failure rule. */
function watchCrashes(
  cluster: SimCluster,
  namespaces: string[],
): { firstLoop?: number; firstRule?: number; stop(): void } {
  const seen: { firstLoop?: number; firstRule?: number; stop(): void } = { stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    const at = performance.now();
    for (const namespace of namespaces) {
      for (const pod of cluster.list("Pod", namespace)) {
        const statuses = ((pod.status as Loose | undefined)?.containerStatuses ?? []) as Loose[];
        for (const status of statuses) {
          const reason = ((status.state as Loose | undefined)?.waiting as Loose | undefined)?.reason;
          if (reason !== "CrashLoopBackOff") continue;
          seen.firstLoop ??= at;
          if (Number(status.restartCount ?? 0) >= CRASH_RESTARTS) seen.firstRule ??= at;
        }
      }
    }
  }, 2);
  return seen;
}

async function crashRun(
  work: string,
  repo: GeneratedRepo,
  cli: string,
  rolloutStepMs: number,
  watchPods: boolean,
) {
  const kubeconfig = join(work, "kubeconfig-pod-watch");
  const cluster = await startSeededCluster(repo, kubeconfig, { rolloutStepMs });
  crashRestarted(cluster, repo);
  const namespaces = [...new Set(repo.apps.map((a) => a.namespace))];
  const crashes = watchCrashes(cluster, namespaces);
  try {
    const flags = ["--timeout", `${TIMEOUT_SECONDS}s`, ...(watchPods ? [] : ["--wait", "status"])];
    const result = await run(process.execPath, [...configRolloutArgs(cli, repo, kubeconfig), ...flags], {
      cwd: repo.dir,
      env: cleanEnv(work),
      okCodes: [1],
    });
    const report = JSON.parse(result.stdout) as { outcome: string };
    if (report.outcome !== "failed")
      throw new Error(`pod watch bench: outcome ${report.outcome}, expected failed`);
    return { result, crashes };
  } finally {
    crashes.stop();
    await cluster.close();
  }
}

function countPodRequests(requests: SimRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) {
    if (!r.kind || !POD_RESOURCES.has(r.kind)) continue;
    const key = `${r.verb} ${r.kind.toLowerCase()}s`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function requestRun(work: string, repo: GeneratedRepo, cli: string, watchPods: boolean) {
  const kubeconfig = join(work, "kubeconfig-pod-requests");
  const cluster = await startSeededCluster(repo, kubeconfig, { rolloutStepMs: 20 });
  try {
    cluster.resetRequests();
    const flags = watchPods ? [] : ["--no-watch-pods"];
    const result = await run(process.execPath, [...configRolloutArgs(cli, repo, kubeconfig), ...flags], {
      cwd: repo.dir,
      env: cleanEnv(work),
    });
    const report = JSON.parse(result.stdout) as { outcome: string };
    if (report.outcome !== "restarted") throw new Error(`pod request bench: outcome ${report.outcome}`);
    return { pods: countPodRequests(cluster.requests), total: cluster.requests.length };
  } finally {
    await cluster.close();
  }
}

export async function benchPodWatch(work: string, cli: string, runs: number): Promise<PodWatchFigures> {
  const rolloutStepMs = 50;
  const small = generateRepo(join(work, "repo-pod-crash"), {
    namespaces: 1,
    appsPerNamespace: 4,
    changedPerNamespace: 2,
    includeUnreadKeyChanges: false,
  });
  const crash: CrashRun[] = [];
  for (let i = 0; i < runs; i++) {
    const { result, crashes } = await crashRun(work, small, cli, rolloutStepMs, true);
    if (crashes.firstLoop === undefined || crashes.firstRule === undefined)
      throw new Error("pod watch bench: no new pod was seen in CrashLoopBackOff");
    crash.push({
      fromCrashLoopMs: result.exitedAt - crashes.firstLoop,
      fromFailureRuleMs: result.exitedAt - crashes.firstRule,
      wallMs: result.wallMs,
    });
  }
  const baseline = await crashRun(work, small, cli, rolloutStepMs, false);
  const large = generateRepo(join(work, "repo-pod-requests"), {
    namespaces: 10,
    appsPerNamespace: 20,
    changedPerNamespace: 10,
    includeUnreadKeyChanges: false,
  });
  const on = await requestRun(work, large, cli, true);
  const off = await requestRun(work, large, cli, false);
  return {
    rolloutStepMs,
    timeoutSeconds: TIMEOUT_SECONDS,
    crash,
    baselineWallMs: [baseline.result.wallMs],
    requests: {
      restarts: large.expectedRestarts.length,
      namespaces: new Set(large.expectedRestarts.map((id) => id.split("/")[1])).size,
      podRequests: on.pods,
      totalOn: on.total,
      totalOff: off.total,
    },
  };
}

export function renderPodWatch(f: PodWatchFigures): string[] {
  const wall = median(f.crash.map((c) => c.wallMs));
  const baseline = median(f.baselineWallMs);
  const pod = Object.entries(f.requests.podRequests)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key}: ${n}`)
    .join(", ");
  const podTotal = Object.values(f.requests.podRequests).reduce((a, b) => a + b, 0);
  return [
    "## Pod watching: a crash-looping config, and what watching costs",
    "",
    `The restarted workloads' new pods crash-loop (simulated kubelet: a restart every ${4 * f.rolloutStepMs} ms). Median of ${f.crash.length} runs; baseline \`--no-watch-pods\`, which ends only at \`--timeout ${f.timeoutSeconds}s\`.`,
    "",
    "| | median |",
    "|---|---|",
    `| first new pod in CrashLoopBackOff → exit 1 | ${formatMs(median(f.crash.map((c) => c.fromCrashLoopMs)))} |`,
    `| first pod meeting the failure rule (CrashLoopBackOff, ${CRASH_RESTARTS} restarts) → exit 1 | ${formatMs(median(f.crash.map((c) => c.fromFailureRuleMs)))} |`,
    `| whole run, pods watched | ${formatMs(wall)} |`,
    `| whole run, \`--no-watch-pods\` (baseline) | ${formatMs(baseline)} |`,
    `| ratio watched / baseline | ${ratio(wall, baseline)} |`,
    "",
    `Requests, ${f.requests.restarts} restarts over ${f.requests.namespaces} namespaces rolling out fine: ${pod} — ${podTotal} in all, ${(podTotal / f.requests.namespaces).toFixed(1)} per namespace, ${(podTotal / f.requests.restarts).toFixed(2)} per restarted workload. Whole run: ${f.requests.totalOn} requests watched, ${f.requests.totalOff} with \`--no-watch-pods\` (${ratio(f.requests.totalOn, f.requests.totalOff)}).`,
    "",
  ];
}
