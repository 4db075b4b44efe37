// A plain folder (no kustomization.yaml) that two GitOps objects deploy into two namespaces: one
// Flux Kustomization per cluster, `path: ./apps/web`, `targetNamespace: prod` and `staging`. Its
// objects are one per namespace: the plan restarts prod/web and staging/web, each reading the config
// in its own namespace; `stamp` writes one value that serves both (and stays when a deployment into
// another namespace is added); `--strategy gitops` against the prod cluster waits for prod/web.
// Real git repositories, the CLI in-process, the simulated API server over real HTTP, the real
// `kubectl apply --server-side` playing Flux.
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { configHash } from "../../src/core/config-hash.js";
import { idKey } from "../../src/core/model.js";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { fluxWebKustomization, webApp } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { changesOf, restartsOf, usePlan } from "../helpers/run-json.js";
import { findKubectl } from "../sim/helpers.js";
import { runWithAgent, useSimRepo } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
const HASH = "config-rollout.io/config-hash";
const APP = "apps/web/app.yaml";
const kubectl = findKubectl();
const plan = usePlan();
const commitTwice = useCommitTwice();
const open = useSimRepo();

const app = webApp;
const flux = (namespace: string) => fluxWebKustomization([`  targetNamespace: ${namespace}`]);
const argo = (namespace: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: web-${namespace}, namespace: argocd}\nspec:\n  source: {repoURL: "https://example.invalid/repo.git", path: apps/web}\n  destination: {server: "https://kubernetes.default.svc", namespace: ${namespace}}\n`;
const bothClusters = { "clusters/prod/web.yaml": flux("prod"), "clusters/staging/web.yaml": flux("staging") };
/** Flux's usual layout: each cluster folder's kustomization.yaml lists its Kustomizations (and owns their files). */
const listedClusters = {
  ...bothClusters,
  "clusters/prod/kustomization.yaml": "resources: [web.yaml]\n",
  "clusters/staging/kustomization.yaml": "resources: [web.yaml]\n",
};

describe("the plan", () => {
  test("Flux targetNamespace prod and staging: one object per namespace, each reading its own namespace's config", async () => {
    const p = await plan({ [APP]: app("a"), ...bothClusters }, { [APP]: app("b") });
    expect(restartsOf(p)).toEqual(["Deployment/prod/web", "Deployment/staging/web"]);
    expect(changesOf(p)).toEqual(["ConfigMap/prod/web-config", "ConfigMap/staging/web-config"]);
    expect(JSON.stringify(p)).not.toContain("was assumed");
  });

  test("Argo CD destination.namespace prod and staging: the same", async () => {
    const gitops = { "argocd/prod.yaml": argo("prod"), "argocd/staging.yaml": argo("staging") };
    const p = await plan({ [APP]: app("a"), ...gitops }, { [APP]: app("b") });
    expect(restartsOf(p)).toEqual(["Deployment/prod/web", "Deployment/staging/web"]);
    expect(changesOf(p)).toEqual(["ConfigMap/prod/web-config", "ConfigMap/staging/web-config"]);
  });
});

const stampOf = async (repo: TempRepo) =>
  /config-rollout\.io\/config-hash: "?([0-9a-f]{64})/.exec(await readFile(join(repo.dir, APP), "utf8"))?.[1];

describe("stamp", () => {
  test("one value for both namespaces: the prod-only value stays as it was, the second Kustomization changes it once, and the report names both", async () => {
    const repo = await commitTwice({ [APP]: app("a"), "clusters/prod/web.yaml": flux("prod") }, {});
    const first = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`deployment/web (namespace prod) in ${APP}: (none) -> `);
    const prodOnly = await stampOf(repo);
    expect(prodOnly).toBeDefined();

    // Placed in one namespace: the value the stamp always wrote there, its config named in prod.
    const id = { kind: "ConfigMap" as const, namespace: "prod", name: "web-config" };
    const content = { MODE: Buffer.from("a").toString("base64") };
    expect(prodOnly).toBe(configHash([{ id, keys: "all" }], new Map([[idKey(id), content]])));

    await repo.write("clusters/staging/web.yaml", flux("staging"));
    const both = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(both.code, both.stderr).toBe(0);
    const bothValue = await stampOf(repo);
    expect(both.stdout).toContain(
      `deployment/web (namespaces prod, staging) in ${APP}: ${prodOnly} -> ${bothValue}`,
    );
    // A third namespace leaves the value as it is.
    await repo.write("clusters/dev/web.yaml", flux("dev"));
    const check = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain("Stamps current: 1 workload(s)");
    await rm(join(repo.dir, "clusters/dev"), { recursive: true });

    await repo.write(APP, (await readFile(join(repo.dir, APP), "utf8")).replace("MODE: a", "MODE: b"));
    const again = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      `deployment/web (namespaces prod, staging) in ${APP}: ${bothValue} -> ${await stampOf(repo)}`,
    );
    await repo.write(APP, (await readFile(join(repo.dir, APP), "utf8")).replace("MODE: b", "MODE: c"));
    const stale = await runInProcess(["stamp", "--repo", repo.dir, "--check", "--output", "json"]);
    expect(JSON.parse(stale.stdout).changes).toMatchObject([
      { kind: "Deployment", name: "web", namespaces: ["prod", "staging"], file: APP },
    ]);
  });

  test("the cluster folders listed by a kustomization.yaml: the Kustomizations in them still place the folder, the same value", async () => {
    const repo = await commitTwice({ [APP]: app("a"), ...listedClusters }, {});
    const run = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`deployment/web (namespaces prod, staging) in ${APP}: (none) -> `);
    const listed = await stampOf(repo);
    // The value stamp writes when the Kustomizations' files are read as raw manifests.
    for (const cluster of ["prod", "staging"])
      await rm(join(repo.dir, `clusters/${cluster}/kustomization.yaml`));
    const check = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(await stampOf(repo)).toBe(listed);
  });
});

/**
 * The prod cluster: it runs v1 (stamped) as Flux applied it, in prod; no staging namespace. v2
 * changes MODE and is stamped by the real `config-rollout stamp`.
 */
async function prodCluster(clusters: Record<string, string>) {
  const opened = await open();
  const { sim, repo } = opened;
  await repo.write(APP, app("a"));
  for (const [file, text] of Object.entries(clusters)) await repo.write(file, text);
  const stamped = async (message: string) => {
    const run = await runInProcess(["stamp", "--repo", repo.dir]);
    if (run.code !== 0) throw new Error(`stamp failed: ${run.stderr}`);
    await repo.commit(message);
  };
  await stamped("v1");
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "prod" } });
  for (const doc of parseAllDocuments(await readFile(join(repo.dir, APP), "utf8"))) {
    const object = doc.toJS() as Json & { metadata: Json };
    sim.seed({ ...object, metadata: { ...object.metadata, namespace: "prod" } });
  }
  await repo.write(APP, (await readFile(join(repo.dir, APP), "utf8")).replace("MODE: a", "MODE: b"));
  await stamped("v2: mode b");
  sim.resetRequests();
  return opened;
}

const clusterLayouts = {
  "": bothClusters,
  ", the cluster folders listed by a kustomization.yaml": listedClusters,
};

describe.each(Object.entries(clusterLayouts))(
  "--strategy gitops against the prod cluster%s",
  (_, clusters) => {
    test.skipIf(!kubectl)(
      "waits for prod/web until Flux applies the commit there; staging/web is not on this cluster",
      async () => {
        const s = await prodCluster(clusters);
        const stamp = await stampOf(s.repo);
        const file = join(s.repo.dir, APP);
        const run = await runWithAgent(s, () => s.applyAsFlux("prod", "-f", file));
        expect(run.stderr).toContain(`the agent applied the commit (${HASH}=${stamp})`);
        expect(run.stderr).toContain(
          "deployment/web (namespace staging): not on this cluster: deployment/web (namespace staging) does not exist there",
        );
        expect(run.stderr).not.toContain("deployment/web (namespace default)");
      },
    );

    test("without the agent applying it: not a success (the run waits for prod/web, then fails)", async () => {
      const s = await prodCluster(clusters);
      const run = await runInProcess([
        ...lastCommitArgs(s.repo.dir, s.kubeconfig),
        "--strategy",
        "gitops",
        "--timeout",
        "2s",
      ]);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain(
        "deployment/web (namespace prod): the agent has not applied the commit yet: after 2s the live pod template of deployment/web (namespace prod) still lacks",
      );
    });
  },
);
