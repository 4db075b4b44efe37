// Benchmark: --rollback-on-failure (issue 41). The changed configs hold a value that makes their
// consumers' new pods crash-loop (the simulated kubelet restarts a container every 4 rollout steps).
// This process hosts the simulated server and polls it every 2 ms.
//
// 1. Back to the base state: from the first new pod in CrashLoopBackOff to the cluster back where it
//    was before the change — every changed config holding its base content again and every rolled-back
//    reader's rollout complete (observed, all replicas updated and available) — with
//    --rollback-on-failure. Baseline, the same run without the flag: first failing pod -> exit 1
//    (the cluster then stays broken: no base state to reach).
// 2. Requests: everything the run sends, with the flag and without, by verb and resource: what the
//    rollback costs on top of the failed restart; and what the flag costs a run where nothing fails.

import { join } from "node:path";
import type { SimCluster, SimRequest } from "../sim/index.js";
import { configRolloutArgs, startSeededCluster } from "./api-economy.js";
import { type GeneratedRepo, generateRepo } from "./generate-repo.js";
import { cleanEnv, formatMs, median, ratio, run } from "./measure.js";

type Loose = Record<string, unknown>;

export interface RollbackRun {
  /** First new pod in CrashLoopBackOff -> every config at base and every reader rolled back and ready. */
  toBaseMs?: number;
  /** First new pod in CrashLoopBackOff -> exit 1. */
  toExitMs: number;
  wallMs: number;
  requests: Record<string, number>;
}

export interface RollbackFigures {
  rolloutStepMs: number;
  restarts: number;
  configs: number;
  withFlag: RollbackRun[];
  without: RollbackRun[];
  /** Nothing fails: all requests of the run with the flag and without (the flag's access reviews). */
  healthy: { withFlag: Record<string, number>; without: Record<string, number> };
}

const HEAD_LEVEL = "debug";

/** The app's config holds the failed commit's LOG_LEVEL (Secrets base64-encoded). */
function holdsHead(cluster: SimCluster, app: GeneratedRepo["apps"][number]): boolean {
  const data = (cluster.get(app.config.kind, app.namespace, app.config.name) as { data?: Loose } | undefined)
    ?.data;
  const level = data?.LOG_LEVEL;
  return level === HEAD_LEVEL || level === Buffer.from(HEAD_LEVEL).toString("base64");
}

/** The changed apps' pods crash while their config holds the failed content; a rollback's pods do not. */
function crashOnHeadContent(cluster: SimCluster, apps: GeneratedRepo["apps"]): void {
  for (const app of apps) {
    cluster.setPodFailure(app.workload.kind, app.namespace, app.workload.name, "CrashLoopBackOff", {
      onlyFor: () => holdsHead(cluster, app),
      message: "invalid LOG_LEVEL",
    });
  }
}

/** Whether a workload's latest template is fully rolled out and it was written after `generation`. */
function rolledOutPast(cluster: SimCluster, app: GeneratedRepo["apps"][number], generation: number): boolean {
  const obj = cluster.get(app.workload.kind, app.namespace, app.workload.name) as Loose | undefined;
  const meta = obj?.metadata as Loose | undefined;
  const status = obj?.status as Loose | undefined;
  const spec = obj?.spec as Loose | undefined;
  const current = Number(meta?.generation ?? 0);
  if (current <= generation || status?.observedGeneration !== current) return false;
  const replicas = Number(spec?.replicas ?? 1);
  return (
    status?.updatedReplicas === replicas &&
    status?.availableReplicas === replicas &&
    status?.replicas === replicas
  );
}

async function rollbackRun(
  work: string,
  repo: GeneratedRepo,
  cli: string,
  rolloutStepMs: number,
  rollback: boolean,
  crash = true,
) {
  const kubeconfig = join(work, "kubeconfig-rollback");
  const cluster = await startSeededCluster(repo, kubeconfig, { rolloutStepMs });
  const changed = repo.apps.filter((a) =>
    repo.expectedRestarts.includes(`${a.workload.kind}/${a.namespace}/${a.workload.name}`),
  );
  if (crash) crashOnHeadContent(cluster, changed);
  const seeded = new Map(
    changed.map((a) => [
      a.workload.name,
      Number(
        ((cluster.get(a.workload.kind, a.namespace, a.workload.name) as Loose).metadata as Loose).generation,
      ),
    ]),
  );
  cluster.resetRequests();
  let firstLoop: number | undefined;
  let atBase: number | undefined;
  const timer = setInterval(() => {
    const at = performance.now();
    if (firstLoop === undefined) {
      for (const app of changed) {
        for (const pod of cluster.list("Pod", app.namespace)) {
          const statuses = ((pod.status as Loose | undefined)?.containerStatuses ?? []) as Loose[];
          if (
            statuses.some(
              (s) =>
                ((s.state as Loose | undefined)?.waiting as Loose | undefined)?.reason === "CrashLoopBackOff",
            )
          )
            firstLoop ??= at;
        }
      }
    }
    // Back at base: every config without the failed content, every reader past its restart (seeded
    // generation + the restart's) and rolled out again.
    if (firstLoop !== undefined && atBase === undefined) {
      if (
        changed.every(
          (a) => !holdsHead(cluster, a) && rolledOutPast(cluster, a, seeded.get(a.workload.name)! + 1),
        )
      )
        atBase = at;
    }
  }, 2);
  try {
    const flags = ["--timeout", "30s", ...(rollback ? ["--rollback-on-failure"] : [])];
    const result = await run(process.execPath, [...configRolloutArgs(cli, repo, kubeconfig), ...flags], {
      cwd: repo.dir,
      env: cleanEnv(work),
      okCodes: [1],
    });
    if (!crash) {
      if (result.code !== 0) throw new Error(`rollback bench: a healthy run exited ${result.code}`);
      return { toExitMs: 0, wallMs: result.wallMs, requests: countByVerb(cluster.requests) };
    }
    if (result.code !== 1) throw new Error(`rollback bench: exit ${result.code}, expected 1`);
    if (firstLoop === undefined) throw new Error("rollback bench: no new pod was seen in CrashLoopBackOff");
    if (rollback && atBase === undefined)
      throw new Error("rollback bench: the cluster never got back to the base state");
    return {
      ...(atBase !== undefined ? { toBaseMs: atBase - firstLoop } : {}),
      toExitMs: result.exitedAt - firstLoop,
      wallMs: result.wallMs,
      requests: countByVerb(cluster.requests),
    };
  } finally {
    clearInterval(timer);
    await cluster.close();
  }
}

function countByVerb(requests: SimRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) {
    const key = r.path.endsWith("/selfsubjectaccessreviews")
      ? "access review"
      : r.resource
        ? `${r.verb} ${r.resource}`
        : "discovery";
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export async function benchRollback(work: string, cli: string, runs: number): Promise<RollbackFigures> {
  const rolloutStepMs = 50;
  const repo = generateRepo(join(work, "repo-rollback"), {
    namespaces: 2,
    appsPerNamespace: 4,
    changedPerNamespace: 2,
    includeUnreadKeyChanges: false,
  });
  const withFlag: RollbackRun[] = [];
  const without: RollbackRun[] = [];
  for (let i = 0; i < runs; i++) {
    withFlag.push(await rollbackRun(work, repo, cli, rolloutStepMs, true));
    without.push(await rollbackRun(work, repo, cli, rolloutStepMs, false));
  }
  const healthy = {
    withFlag: (await rollbackRun(work, repo, cli, rolloutStepMs, true, false)).requests,
    without: (await rollbackRun(work, repo, cli, rolloutStepMs, false, false)).requests,
  };
  return {
    rolloutStepMs,
    restarts: repo.expectedRestarts.length,
    configs: repo.changedConfigNames.length,
    withFlag,
    without,
    healthy,
  };
}

/** The requests the flag adds, by verb and resource (median run of each). */
export function extraRequests(f: RollbackFigures): Array<[string, number]> {
  const keys = new Set([...f.withFlag, ...f.without].flatMap((r) => Object.keys(r.requests)));
  return [...keys]
    .map((key): [string, number] => [
      key,
      median(f.withFlag.map((r) => r.requests[key] ?? 0)) -
        median(f.without.map((r) => r.requests[key] ?? 0)),
    ])
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => a.localeCompare(b));
}

export function renderRollback(f: RollbackFigures): string[] {
  const toBase = median(f.withFlag.map((r) => r.toBaseMs ?? 0));
  const toExit = median(f.without.map((r) => r.toExitMs));
  const total = (runs: RollbackRun[]) => median(runs.map((r) => sum(r.requests)));
  const extra = extraRequests(f);
  return [
    "## Rollback on failure: back to the base state, and what it costs",
    "",
    `${f.restarts} restarted workloads over ${f.configs} changed configs whose new content makes the new pods crash-loop (simulated kubelet: a restart every ${4 * f.rolloutStepMs} ms, a rollout step every ${f.rolloutStepMs} ms). Median of ${f.withFlag.length} runs each.`,
    "",
    "| | median |",
    "|---|---|",
    `| first failing pod → every config at base and every reader rolled back and ready (\`--rollback-on-failure\`) | ${formatMs(toBase)} |`,
    `| first failing pod → exit 1 (\`--rollback-on-failure\`) | ${formatMs(median(f.withFlag.map((r) => r.toExitMs)))} |`,
    `| first failing pod → exit 1, nothing rolled back (baseline: the cluster stays broken) | ${formatMs(toExit)} |`,
    `| back at base against the baseline's exit | ${ratio(toBase, toExit)} |`,
    "",
    `Requests: ${total(f.withFlag)} with the flag, ${total(f.without)} without (${ratio(total(f.withFlag), total(f.without))}); the flag adds ${extra.map(([key, n]) => `${key} ${n > 0 ? "+" : ""}${n}`).join(", ")}. Each workload that fails at its own moment is rolled back in its own round, with that round's access review, read, patch and watches.`,
    "",
    `A run where nothing fails: ${sum(f.healthy.withFlag)} requests with the flag, ${sum(f.healthy.without)} without (${ratio(sum(f.healthy.withFlag), sum(f.healthy.without))}): the access reviews of the restore's \`get\` and \`patch\`, one per verb and config.`,
    "",
  ];
}

function sum(requests: Record<string, number>): number {
  return Object.values(requests).reduce((a, b) => a + b, 0);
}
