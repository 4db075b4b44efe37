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
  /** Peak RSS of the CLI process (KiB), when measured. */
  maxRssKb?: number;
  /** Patches answered 429 (injected), and the shortest wait before each was sent again. */
  throttled?: { answered429: number; shortestRetryMs: number };
}

export interface SeedOptions {
  rolloutStepMs: number;
}

export interface OursOptions extends SeedOptions {
  measureMemory?: boolean;
  /** Extra flags, e.g. ["--strategy", "versioned"]. */
  flags?: string[];
  /** Answer this many patches 429 with this Retry-After (seconds). */
  throttle?: { patches: number; retryAfterSeconds: number };
}

/**
 * The structural floor of requests for restarting `repo`'s expected workloads: one patch per
 * restarted workload; one LIST per (restartable kind, namespace) read (consumers that live only on
 * the cluster, in each namespace with a changed config) and one WATCH per (kind, namespace) waited
 * on; the configs verified (one LIST per config kind and namespace, or — Secrets read by name on
 * purpose, see the README's RBAC — one GET per changed Secret); one access review per (resource,
 * namespace) patched; and a fixed handful (the discovery of the Argo Rollouts API group).
 */
export interface RequestFloor {
  patches: number;
  lists: number;
  watches: number;
  configLists: number;
  secretGets: number;
  accessReviews: number;
  fixed: number;
  /** The formula: config reads as one LIST per (config kind, namespace). */
  total: number;
  /** With Secrets read by name (least privilege: the Role never lists Secrets). */
  totalSecretsByName: number;
}

const RESTARTABLE_BUILT_IN_KINDS = 3;

export function requestFloor(repo: GeneratedRepo): RequestFloor {
  const changed = new Set(repo.changedConfigNames);
  const changedApps = repo.apps.filter((a) => changed.has(a.config.name));
  const restarts = repo.expectedRestarts.map((id) => id.split("/") as [string, string, string]);
  const distinct = (keys: string[]) => new Set(keys).size;
  const namespaces = distinct(changedApps.map((a) => a.namespace));
  const patches = restarts.length;
  const lists = namespaces * RESTARTABLE_BUILT_IN_KINDS;
  const watches = distinct(restarts.map(([kind, ns]) => `${kind}/${ns}`));
  const accessReviews = watches; // one resource per kind: (resource, namespace) = (kind, namespace)
  const configLists = distinct(changedApps.map((a) => `${a.config.kind}/${a.namespace}`));
  const configMapNamespaces = distinct(
    changedApps.filter((a) => a.config.kind === "ConfigMap").map((a) => a.namespace),
  );
  const secretGets = changedApps.filter((a) => a.config.kind === "Secret").length;
  const fixed = 1;
  const common = patches + lists + watches + accessReviews + fixed;
  return {
    patches,
    lists,
    watches,
    configLists,
    secretGets,
    accessReviews,
    fixed,
    total: common + configLists,
    totalSecretsByName: common + configMapNamespaces + secretGets,
  };
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
  opts: OursOptions,
): Promise<EconomyRun> {
  const kubeconfig = join(workDir, "kubeconfig-config-rollout");
  // Seeding (every Deployment with its ReplicaSets and Pods) is not part of the measured run.
  const cluster = await startSeededCluster(repo, kubeconfig, opts);
  try {
    cluster.resetRequests();
    const arrivals = new Map<SimRequest, number>();
    const record = cluster.requests.push.bind(cluster.requests);
    cluster.requests.push = (...items: SimRequest[]) => {
      for (const item of items) arrivals.set(item, performance.now());
      return record(...items);
    };
    if (opts.throttle) {
      cluster.failNext({ verb: "patch" }, 429, opts.throttle.patches, opts.throttle.retryAfterSeconds);
    }
    const result = await run(
      process.execPath,
      [...configRolloutArgs(cli, repo, kubeconfig), ...(opts.flags ?? [])],
      {
        cwd: repo.dir,
        env: cleanEnv(workDir),
        measureMemory: opts.measureMemory === true,
      },
    );
    const report = JSON.parse(result.stdout) as ResultJson;
    const results = report.workloads.map((w) => w.result).filter((r) => r !== undefined);
    const restarted = results.filter((r) => r.restart === "restarted").length;
    const rolledOut = results.filter((r) => r.rollout === "done").length;
    if (report.outcome !== "restarted" || rolledOut !== repo.expectedRestarts.length) {
      throw new Error(
        `config-rollout: outcome ${report.outcome}, ${rolledOut} rolled out, expected ${repo.expectedRestarts.length}`,
      );
    }
    return {
      wallMs: result.wallMs,
      requests: countRequests(cluster.requests),
      restarted,
      rolledOut,
      ...(result.maxRssKb !== undefined ? { maxRssKb: result.maxRssKb } : {}),
      ...(opts.throttle ? { throttled: retriesAfter429(cluster.requests, arrivals) } : {}),
    };
  } finally {
    await cluster.close();
  }
}

/** Each patch answered 429, and how long the client waited before sending the same patch again. */
function retriesAfter429(
  requests: SimRequest[],
  arrivals: Map<SimRequest, number>,
): { answered429: number; shortestRetryMs: number } {
  let answered429 = 0;
  let shortestRetryMs = Number.POSITIVE_INFINITY;
  requests.forEach((r, i) => {
    if (r.verb !== "patch" || r.status !== 429) return;
    answered429++;
    const retry = requests
      .slice(i + 1)
      .find((later) => later.verb === "patch" && later.name === r.name && later.namespace === r.namespace);
    if (!retry) throw new Error(`patch of ${r.namespace}/${r.name} answered 429 was never retried`);
    shortestRetryMs = Math.min(shortestRetryMs, arrivals.get(retry)! - arrivals.get(r)!);
  });
  return { answered429, shortestRetryMs };
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
