// A repository and a simulated cluster set up the way a user's CI finds them after `kubectl apply`:
// two commits where configs changed, the cluster holding the workloads and (by default) the new config.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { parseAllDocuments } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import type { SimOptions } from "../../sim/types.js";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, secret, workload, yamlDocs } from "../helpers/manifests.js";
import { type CliResult, lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { patchedWorkloads } from "../helpers/sim-writes.js";
import { findKubectl, type KubectlResult, runKubectl } from "../sim/helpers.js";

type Json = Record<string, unknown>;

/** A simulated cluster, an empty repository and a temp dir holding the cluster's kubeconfig. */
export interface SimRepo {
  sim: SimCluster;
  repo: TempRepo;
  /** The temp dir: the kubeconfig, kubectl's HOME, the files `file` writes. */
  dir: string;
  kubeconfig: string;
  /** The real kubectl against this cluster, its HOME in `dir` (findKubectl() must have found it). */
  kubectl(...args: string[]): Promise<KubectlResult>;
  /** Writes `text` to `name` in `dir` and returns its path (for `kubectl apply -f`). */
  file(name: string, text: string): string;
  /** What Flux's kustomize-controller does: `kubectl apply --server-side` into `namespace` (`-f FILE`, `-k DIR`). */
  applyAsFlux(namespace: string, ...source: string[]): Promise<KubectlResult>;
  /** Closes the cluster and removes the repository and `dir`; once, however often it is called. */
  close(): Promise<void>;
}

export async function startSimRepo(
  options: SimOptions & { kubeconfig?: { context?: string; namespace?: string } } = {},
): Promise<SimRepo> {
  const { kubeconfig: where, ...simOptions } = options;
  const sim = await startSimCluster({ rolloutStepMs: 10, ...simOptions });
  const repo = await createTempRepo();
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-e2e-"));
  const kubeconfig = join(dir, "kubeconfig");
  sim.writeKubeconfig(kubeconfig, { context: "ci", ...where });
  const kubectl = (...args: string[]) => runKubectl(findKubectl()!, args, { home: dir, kubeconfig });
  return {
    sim,
    repo,
    dir,
    kubeconfig,
    kubectl,
    applyAsFlux: (namespace, ...source) =>
      kubectl(
        "apply",
        "--server-side",
        "--field-manager",
        "kustomize-controller",
        "-n",
        namespace,
        ...source,
      ),
    file(name, text) {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    },
    close: once(async () => {
      await sim.close();
      await repo.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }),
  };
}

/** startSimRepo for a whole test file: each one closed after its test. */
export function useSimRepo(): (options?: Parameters<typeof startSimRepo>[0]) => Promise<SimRepo> {
  const closing = useClosing();
  return async (options = {}) => closing(await startSimRepo(options));
}

/**
 * `--strategy gitops` over the last commit while a GitOps agent (`agent`: kubectl, after 0.7 s)
 * applies it, as Argo CD or Flux would: the run and the agent must both succeed.
 */
export async function runWithAgent(
  opened: SimRepo,
  agent: () => Promise<KubectlResult>,
  args: string[] = [],
): Promise<CliResult> {
  const applied = new Promise((resolve) => setTimeout(resolve, 700)).then(agent);
  const run = await runInProcess([
    ...lastCommitArgs(opened.repo.dir, opened.kubeconfig),
    "--strategy",
    "gitops",
    "--timeout",
    "60s",
    ...args,
  ]);
  const done = await applied;
  expect(done.code, done.stderr).toBe(0);
  expect(run.code, run.stderr).toBe(0);
  return run;
}

/** A repository of two commits (manifestsAt) and a cluster that runs the first (startScenario). */
export interface Scenario extends SimRepo {
  run(args?: string[], env?: Record<string, string>): Promise<CliResult>;
  /** The pod template annotations / env of a workload as stored on the cluster. */
  template(
    kind: string,
    name: string,
    namespace?: string,
  ): { annotations: Record<string, string>; spec: Json };
  patchedNames(): string[];
}

export const NS = "shop";

/** The repository's manifests at each version: v2 changes both configs, v3 only the ConfigMap again. */
export function manifestsAt(version: 1 | 2 | 3, unaffected: number): Json[] {
  const appConfig = configMap(
    "app-config",
    { LOG_LEVEL: ["info", "debug", "warn"][version - 1]!, PORT: "8080" },
    { namespace: NS },
  );
  const db = secret("db", { stringData: { password: version === 1 ? "old-password" : "new-password" } }, NS);
  const web = deployment(
    "web",
    pod({ envFrom: [{ configMapRef: { name: "app-config" } }], env: [{ name: "KEEP_ME", value: "1" }] }),
    { namespace: NS, replicas: 3 },
  );
  const worker = workload(
    "StatefulSet",
    "worker",
    pod(
      { volumeMounts: [{ name: "c", mountPath: "/etc/app" }] },
      { volumes: [{ name: "c", configMap: { name: "app-config" } }] },
    ),
    { namespace: NS },
  );
  const api = deployment(
    "api",
    pod({ env: [{ name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } }] }),
    {
      namespace: NS,
    },
  );
  const others = Array.from({ length: unaffected }, (_, i) =>
    deployment(`other-${i}`, pod(), { namespace: NS }),
  );
  return [appConfig, db, web, worker, api, ...others];
}

/** A Deployment only the cluster runs (installed by Helm, say), reading app-config: --discover cluster's find. */
export const CLUSTER_ONLY_CONSUMER = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "helm-installed", namespace: NS },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: "h" } },
    template: {
      metadata: { labels: { app: "h" } },
      spec: { containers: [{ name: "h", image: "x", envFrom: [{ configMapRef: { name: "app-config" } }] }] },
    },
  },
};

export async function startScenario(
  options: { unaffected?: number; configsLive?: boolean; rolloutStepMs?: number } = {},
): Promise<Scenario> {
  const unaffected = options.unaffected ?? 2;
  const opened = await startSimRepo({ rolloutStepMs: options.rolloutStepMs ?? 10 });
  const { sim, repo, kubeconfig } = opened;
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(1, unaffected)));
  await repo.commit("v1");
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(2, unaffected)));
  await repo.commit("v2: debug logging, rotate the db password");
  // The cluster runs v1 workloads; CI's apply step has (by default) already applied the v2 configs.
  for (const object of manifestsAt(options.configsLive === false ? 1 : 2, unaffected))
    sim.seed(toJson(object));
  sim.resetRequests();
  return {
    ...opened,
    run: (args = [], env = {}) => runInProcess([...lastCommitArgs(repo.dir, kubeconfig), ...args], env),
    template(kind, name, namespace = NS) {
      const object = sim.get(kind, namespace, name) as {
        spec: { template: { metadata?: { annotations?: Record<string, string> }; spec: Json } };
      };
      return {
        annotations: object.spec.template.metadata?.annotations ?? {},
        spec: object.spec.template.spec,
      };
    },
    patchedNames: () => patchedWorkloads(sim),
  };
}

/** YAML round trip, as kubectl would send it (stringData stays for the sim to fold into data). */
function toJson(object: Json): Json {
  return parseAllDocuments(yamlDocs(object))[0]!.toJS() as Json;
}

/**
 * `config-rollout sync` against the scenario's cluster, in its namespace: the JSON report on stdout,
 * unless `args` ask for another (a flag given twice is refused).
 */
export const runSync = (s: SimRepo, ...args: string[]) => {
  const output = args.some((arg) => /^(-o|--output)(=|$)/.test(arg)) ? [] : ["--output", "json"];
  return runInProcess(["sync", "--kubeconfig", s.kubeconfig, "--namespaces", NS, ...output, ...args]);
};

/** `Kind/name` of every object the run patched, in the order sent. */
export const patchRequests = (s: SimRepo) =>
  s.sim.requests.filter((r) => r.verb === "patch" && r.kind !== undefined).map((r) => `${r.kind}/${r.name}`);

/**
 * The scenarios of each test, closed after it (the set-up every cluster test repeated):
 * `const start = useScenario();` at the top of a file, then `const s = await start()` in a test.
 */
export function useScenario(): (options?: Parameters<typeof startScenario>[0]) => Promise<Scenario> {
  const closing = useClosing();
  return async (options = {}) => closing(await startScenario(options));
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
