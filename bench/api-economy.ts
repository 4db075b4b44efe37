// Benchmark 2: requests and wall time of one config-rollout run that restarts 100 workloads in 10
// namespaces, against the loop users write today (kubectl rollout restart + rollout status per
// workload), each against a freshly seeded simulated API server.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type SimCluster, type SimRequest, startSimCluster } from "../sim/index.js";
import type { GeneratedRepo } from "./generate-repo.js";
import { cleanEnv, run } from "./measure.js";

export interface RequestCounts {
  total: number;
  byVerb: Record<string, number>;
  /** e.g. "get configmaps", "list deployments". */
  byVerbAndResource: Record<string, number>;
  /** Requests to discovery/OpenAPI documents (no resource addressed). */
  discovery: number;
  /** Distinct namespaces the requests addressed. */
  namespaces: number;
}

export interface EconomyRun {
  wallMs: number;
  requests: RequestCounts;
  restarted: number;
  rolledOut: number;
}

export interface SeedOptions {
  rolloutStepMs: number;
}

/** A simulated cluster holding the repository's head objects (configs already applied). */
export async function startSeededCluster(
  repo: GeneratedRepo,
  kubeconfig: string,
  opts: SeedOptions,
): Promise<SimCluster> {
  const cluster = await startSimCluster({ rolloutStepMs: opts.rolloutStepMs });
  for (const namespace of new Set(repo.apps.map((a) => a.namespace))) {
    cluster.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } });
  }
  for (const obj of repo.headObjects) cluster.seed(obj);
  cluster.writeKubeconfig(kubeconfig, { context: "bench" });
  return cluster;
}

export function countRequests(requests: SimRequest[]): RequestCounts {
  const byVerb: Record<string, number> = {};
  const byVerbAndResource: Record<string, number> = {};
  let discovery = 0;
  const namespaces = new Set<string>();
  for (const r of requests) {
    const verb = r.resource ? r.verb : "discovery";
    if (!r.resource) discovery++;
    byVerb[verb] = (byVerb[verb] ?? 0) + 1;
    const what = r.resource ? `${r.verb} ${r.resource}` : "discovery";
    byVerbAndResource[what] = (byVerbAndResource[what] ?? 0) + 1;
    if (r.namespace) namespaces.add(r.namespace);
  }
  return { total: requests.length, byVerb, byVerbAndResource, discovery, namespaces: namespaces.size };
}

interface ResultJson {
  outcome: string;
  workloads: Array<{ action: string; result?: { restart: string; rollout?: string } }>;
}

export function configRolloutArgs(cli: string, repo: GeneratedRepo, kubeconfig: string): string[] {
  return [cli, "--base", repo.base, "--head", repo.head, "--kubeconfig", kubeconfig, "--output", "json"];
}

export async function runConfigRollout(
  workDir: string,
  repo: GeneratedRepo,
  cli: string,
  opts: SeedOptions,
): Promise<EconomyRun> {
  const kubeconfig = join(workDir, "kubeconfig-config-rollout");
  const cluster = await startSeededCluster(repo, kubeconfig, opts);
  try {
    cluster.resetRequests();
    const result = await run(process.execPath, configRolloutArgs(cli, repo, kubeconfig), {
      cwd: repo.dir,
      env: cleanEnv(workDir),
    });
    const report = JSON.parse(result.stdout) as ResultJson;
    const results = report.workloads.map((w) => w.result).filter((r) => r !== undefined);
    const restarted = results.filter((r) => r.restart === "restarted").length;
    const rolledOut = results.filter((r) => r.rollout === "done").length;
    if (report.outcome !== "restarted" || rolledOut !== repo.expectedRestarts.length) {
      throw new Error(
        `config-rollout: outcome ${report.outcome}, ${rolledOut} rolled out, expected ${repo.expectedRestarts.length}`,
      );
    }
    return { wallMs: result.wallMs, requests: countRequests(cluster.requests), restarted, rolledOut };
  } finally {
    await cluster.close();
  }
}

/** The user's loop: for each workload, `kubectl rollout restart` then `kubectl rollout status`. */
export async function runKubectlLoop(
  workDir: string,
  repo: GeneratedRepo,
  opts: SeedOptions,
): Promise<EconomyRun> {
  const kubeconfig = join(workDir, "kubeconfig-kubectl");
  // Its own HOME: kubectl's discovery cache starts cold and warms up, as on a CI runner.
  const home = join(workDir, "kubectl-home");
  mkdirSync(home, { recursive: true });
  const cluster = await startSeededCluster(repo, kubeconfig, opts);
  try {
    cluster.resetRequests();
    const env = cleanEnv(home, { KUBECONFIG: kubeconfig });
    const started = performance.now();
    for (const id of repo.expectedRestarts) {
      const [kind, namespace, name] = id.split("/") as [string, string, string];
      const target = `${kind.toLowerCase()}/${name}`;
      await run("kubectl", ["rollout", "restart", target, "-n", namespace], { env });
      await run("kubectl", ["rollout", "status", target, "-n", namespace, "--timeout=5m"], { env });
    }
    const wallMs = performance.now() - started;
    const n = repo.expectedRestarts.length;
    return { wallMs, requests: countRequests(cluster.requests), restarted: n, rolledOut: n };
  } finally {
    await cluster.close();
  }
}

export function loopCommands(): string {
  return "for each workload: kubectl rollout restart <kind>/<name> -n <ns>; kubectl rollout status <kind>/<name> -n <ns> --timeout=5m";
}
