// What a workflow run finds after its `kubectl apply` step: a checkout with two commits where a
// ConfigMap and a Secret changed, and a cluster holding the new configs and the not yet restarted
// workloads. Plus the GitHub event payloads that point at those commits.
import { parseAllDocuments } from "yaml";
import { kubeconfigYaml, type SimCluster, startSimCluster } from "../../sim/index.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { patchedWorkloads } from "../helpers/sim-writes.js";

type Json = Record<string, unknown>;

export const NS = "shop";

export interface ActionScenario {
  sim: SimCluster;
  repo: TempRepo;
  base: string;
  head: string;
  /** The kubeconfig for the simulated cluster, as a user would paste it into a secret. */
  kubeconfigText: string;
  patchedWorkloads(): string[];
  close(): Promise<void>;
}

function manifests(version: 1 | 2): Json[] {
  return [
    configMap("app-config", { LOG_LEVEL: version === 1 ? "info" : "debug", PORT: "8080" }, { namespace: NS }),
    secret("db", { stringData: { password: version === 1 ? "old-password" : "new-password" } }, NS),
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: NS }),
    deployment(
      "api",
      pod({ env: [{ name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } }] }),
      { namespace: NS },
    ),
    deployment("static", pod(), { namespace: NS }),
  ];
}

/** `extraFiles` are written into the head commit; `baseFiles` into the base commit (and kept unless overwritten). */
export async function startActionScenario(
  extraFiles: Record<string, string> = {},
  baseFiles: Record<string, string> = {},
): Promise<ActionScenario> {
  const sim = await startSimCluster({ rolloutStepMs: 5 });
  const repo = await createTempRepo();
  await repo.write("deploy/shop.yaml", yamlDocs(...manifests(1)));
  for (const [path, content] of Object.entries(baseFiles)) await repo.write(path, content);
  const base = await repo.commit("v1");
  await repo.write("deploy/shop.yaml", yamlDocs(...manifests(2)));
  for (const [path, content] of Object.entries(extraFiles)) await repo.write(path, content);
  const head = await repo.commit("v2: debug logging, rotate the db password");
  for (const object of manifests(2)) {
    sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS() as Json);
  }
  const kubeconfigText = kubeconfigYaml(sim.httpsUrl, sim.token, { context: "ci", caCert: sim.caCert });
  sim.resetRequests();
  return {
    sim,
    repo,
    base,
    head,
    kubeconfigText,
    patchedWorkloads: () => patchedWorkloads(sim),
    async close() {
      await sim.close();
      await repo.cleanup();
    },
  };
}

export function pushEvent(s: ActionScenario): Json {
  return {
    ref: "refs/heads/main",
    before: s.base,
    after: s.head,
    forced: false,
    repository: { full_name: "acme/shop", default_branch: "main" },
  };
}

export function pullRequestEvent(s: Pick<ActionScenario, "base" | "head">, headRepo = "acme/shop"): Json {
  return {
    action: "synchronize",
    number: 7,
    pull_request: {
      number: 7,
      base: { sha: s.base, ref: "main", repo: { full_name: "acme/shop", fork: false } },
      head: { sha: s.head, ref: "feature", repo: { full_name: headRepo, fork: headRepo !== "acme/shop" } },
    },
    repository: { full_name: "acme/shop", default_branch: "main" },
  };
}
