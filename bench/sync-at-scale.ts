// Benchmark (issue 35): `config-rollout sync` over 1,000 workloads reading 2,000 configs in 100
// namespaces of the simulated API server. Every workload carries the config hash and digests of
// the content its pods started with (computed here with the tool's own functions, as a git-driven
// run would have written them); then 10% of the Secrets change, as a vault refresh would. Measured:
// the requests by verb and resource, wall time and peak RSS of one sync that restarts exactly those
// consumers and waits — scoped with --namespaces (one LIST per kind per namespace) and cluster-wide
// (one LIST per kind). Baseline in the same run: a sync of the unchanged cluster (nothing stale).

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type SimCluster, startSimCluster } from "../sim/index.js";
import { configDigests, configHash, formatDigests } from "../src/core/config-hash.js";
import { restartableKind } from "../src/core/kinds/workload-kinds.js";
import { idKey } from "../src/core/model.js";
import { annotationPatch } from "../src/core/restart-patch.js";
import { consumedOf } from "../src/sync/sync-verdict.js";
import { countRequests, type RequestCounts } from "./api-economy.js";
import { cleanEnv, run } from "./measure.js";

export interface SyncRun {
  wallMs: number;
  maxRssKb?: number;
  restarted: number;
  requests: RequestCounts;
}

export interface SyncFigures {
  namespaces: number;
  workloads: number;
  configs: number;
  changedSecrets: number;
  expectedRestarts: number;
  scoped: SyncRun;
  clusterWide: SyncRun;
  /** The same cluster with nothing changed (scoped): what reading and comparing alone costs. */
  unchanged: SyncRun;
}

const NAMESPACES = 100;
const PER_NAMESPACE = 10;
const b64 = (s: string) => Buffer.from(s).toString("base64");
const ns = (n: number) => `team-${String(n).padStart(3, "0")}`;

type Plain = Record<string, unknown>;

function configMap(namespace: string, name: string, value: string): Plain {
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name, namespace },
    data: { LOG_LEVEL: value, PORT: "8080" },
  };
}

function secret(namespace: string, name: string, value: string): Plain {
  return {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name, namespace },
    type: "Opaque",
    data: { password: b64(value), unread: b64("x") },
  };
}

function deployment(namespace: string, i: number): Plain {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: `app-${i}`, namespace, labels: { app: `app-${i}` } },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: `app-${i}` } },
      template: {
        metadata: { labels: { app: `app-${i}` } },
        spec: {
          containers: [
            {
              name: "app",
              image: "registry.example/app:1",
              envFrom: [{ configMapRef: { name: `config-${i}` } }],
              env: [
                { name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: `db-${i}`, key: "password" } } },
              ],
            },
          ],
        },
      },
    },
  };
}

/** A cluster where every workload's template carries the hash of what it reads now. */
async function seededCluster(kubeconfig: string): Promise<SimCluster> {
  const sim = await startSimCluster({ rolloutStepMs: 20 });
  const kind = restartableKind("Deployment")!;
  for (let n = 0; n < NAMESPACES; n++) {
    const namespace = ns(n);
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } });
    for (let i = 0; i < PER_NAMESPACE; i++) {
      const cm = configMap(namespace, `config-${i}`, "info");
      const sec = secret(namespace, `db-${i}`, "v1");
      sim.seed(cm);
      sim.seed(sec);
      const workload = deployment(namespace, i);
      const contents = new Map<string, Record<string, string>>([
        [
          idKey({ kind: "ConfigMap", namespace, name: `config-${i}` }),
          { LOG_LEVEL: b64("info"), PORT: b64("8080") },
        ],
        [idKey({ kind: "Secret", namespace, name: `db-${i}` }), { password: b64("v1"), unread: b64("x") }],
      ]);
      const stored = sim.get("Secret", namespace, `db-${i}`) as { metadata: { uid: string } };
      const secretUid = stored.metadata.uid;
      const uid = () => secretUid;
      const consumed = consumedOf(workload, kind, namespace);
      const hash = configHash(consumed, contents, undefined, uid)!;
      const digests = formatDigests(configDigests(consumed, contents, undefined, uid)!);
      const patch = annotationPatch(hash, kind.templatePath, digests) as {
        spec: { template: { metadata: Plain } };
      };
      ((workload.spec as Plain).template as Plain).metadata = {
        ...(((workload.spec as Plain).template as Plain).metadata as Plain),
        ...patch.spec.template.metadata,
      };
      sim.seed(workload);
    }
  }
  sim.writeKubeconfig(kubeconfig, { context: "bench" });
  return sim;
}

/** 10% of the Secrets get a new password (the key their consumers read). */
function rotate(sim: SimCluster): number {
  let changed = 0;
  for (let n = 0; n < NAMESPACES; n++) {
    const namespace = ns(n);
    // Secret db-0 of every namespace: 100 of the 1,000.
    sim.seed(secret(namespace, "db-0", "v2"));
    changed++;
  }
  return changed;
}

async function syncOnce(
  work: string,
  cli: string,
  kubeconfig: string,
  sim: SimCluster,
  scoped: boolean,
): Promise<SyncRun> {
  sim.resetRequests();
  const scope = scoped ? ["--namespaces", Array.from({ length: NAMESPACES }, (_, n) => ns(n)).join(",")] : [];
  const result = await run(
    process.execPath,
    [cli, "sync", "--kubeconfig", kubeconfig, "--output", "json", ...scope],
    {
      env: cleanEnv(work),
      measureMemory: true,
    },
  );
  const report = JSON.parse(result.stdout) as {
    workloads: Array<{ result?: { restart: string; rollout?: string } }>;
  };
  const restarted = report.workloads.filter(
    (w) => w.result?.restart === "restarted" && w.result.rollout === "done",
  ).length;
  return {
    wallMs: result.wallMs,
    ...(result.maxRssKb !== undefined ? { maxRssKb: result.maxRssKb } : {}),
    restarted,
    requests: countRequests(sim.requests),
  };
}

export async function benchSync(work: string, cli: string): Promise<SyncFigures> {
  mkdirSync(work, { recursive: true });
  const kubeconfig = join(work, "kubeconfig-sync");
  const measure = async (scoped: boolean, change: boolean) => {
    const sim = await seededCluster(kubeconfig);
    try {
      if (change) rotate(sim);
      return await syncOnce(work, cli, kubeconfig, sim, scoped);
    } finally {
      await sim.close();
    }
  };
  const unchanged = await measure(true, false);
  const scoped = await measure(true, true);
  const clusterWide = await measure(false, true);
  for (const [name, r] of [
    ["scoped", scoped],
    ["cluster-wide", clusterWide],
  ] as const) {
    if (r.restarted !== NAMESPACES)
      throw new Error(`sync bench (${name}): ${r.restarted} rolled out, expected ${NAMESPACES}`);
  }
  if (unchanged.restarted !== 0)
    throw new Error(`sync bench: an unchanged cluster restarted ${unchanged.restarted}`);
  return {
    namespaces: NAMESPACES,
    workloads: NAMESPACES * PER_NAMESPACE,
    configs: 2 * NAMESPACES * PER_NAMESPACE,
    changedSecrets: NAMESPACES,
    expectedRestarts: NAMESPACES,
    scoped,
    clusterWide,
    unchanged,
  };
}

export function renderSync(f: SyncFigures): string[] {
  const row = (name: string, r: SyncRun) =>
    `| ${name} | ${r.restarted} | ${r.requests.total} | ${listsAndGets(r.requests)} | ${(r.wallMs / 1000).toFixed(1)} s | ${r.maxRssKb === undefined ? "n/a" : `${(r.maxRssKb / 1024).toFixed(0)} MiB`} |`;
  return [
    "## `config-rollout sync` at scale",
    "",
    `${f.workloads} Deployments reading ${f.configs} configs (a ConfigMap by envFrom, one key of a Secret) in ${f.namespaces} namespaces; ${f.changedSecrets} Secrets changed outside git, so ${f.expectedRestarts} workloads are stale. Baseline: the same sync of the unchanged cluster.`,
    "",
    "| run | restarted | requests | reads | wall | peak RSS |",
    "|---|---|---|---|---|---|",
    row("unchanged cluster, --namespaces (baseline)", f.unchanged),
    row("10% of Secrets changed, --namespaces", f.scoped),
    row("10% of Secrets changed, cluster-wide", f.clusterWide),
    "",
    `Ratios: the scoped sync that restarts ${f.expectedRestarts} takes ${(f.scoped.wallMs / f.unchanged.wallMs).toFixed(2)}x the wall time of the read-only baseline; cluster-wide lists make ${f.clusterWide.requests.total} requests against ${f.scoped.requests.total} scoped (${(f.clusterWide.requests.total / f.scoped.requests.total).toFixed(2)}x).`,
    "",
  ];
}

function listsAndGets(r: RequestCounts): string {
  return Object.entries(r.byVerbAndResource)
    .filter(([key]) => key.startsWith("list ") || key.startsWith("get "))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key}: ${n}`)
    .join(", ");
}
