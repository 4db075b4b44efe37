// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flux variables, written as a manifest holds them
// A plain folder (no kustomization.yaml) that a Flux Kustomization deploys with postBuild
// substitution: `apps/web/`'s ConfigMap holds `https://web.${DOMAIN}`, the cluster gets the value
// from the Kustomization's own `postBuild.substitute` or from the `cluster-settings` ConfigMap
// beside it (`postBuild.substituteFrom`), both files listed by the cluster folder's kustomization.yaml
// or not. `stamp` hashes the config as the cluster gets it, so a
// changed DOMAIN makes the stamp stale (--check fails) and a new value; --strategy gitops expects
// exactly that value and follows the rollout the agent starts. Real git, the CLI in-process, the
// simulated API server over real HTTP, the real `kubectl apply --server-side` playing Flux.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { configHash } from "../../src/core/config-hash.js";
import { idKey } from "../../src/core/model.js";
import type { TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, fluxWebKustomization, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { changesOf, restartsOf, usePlan } from "../helpers/run-json.js";
import { findKubectl } from "../sim/helpers.js";
import { runWithAgent, type SimRepo, useSimRepo } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
const HASH = "config-rollout.io/config-hash";
const CONFIG = "apps/web/config.yaml";
const DEPLOY = "apps/web/deploy.yaml";
const kubectl = findKubectl();
const open = useSimRepo();
const plan = usePlan();

const flux = (postBuild: string) =>
  fluxWebKustomization(["  targetNamespace: prod", "  postBuild:", postBuild]);
const settings = (domain: string) =>
  yamlDocs(configMap("cluster-settings", { DOMAIN: domain }, { namespace: "flux-system" }));

/** Where DOMAIN is set: the files that set it to `domain`. */
const ways: Record<string, (domain: string) => Record<string, string>> = {
  "inline postBuild.substitute": (domain) => ({
    "clusters/prod/web.yaml": flux(`    substitute: {DOMAIN: ${domain}}`),
    // A map of the same name the Kustomization does not read.
    "clusters/prod/settings.yaml": settings("unread.example"),
  }),
  "postBuild.substituteFrom the cluster-settings ConfigMap": (domain) => ({
    "clusters/prod/web.yaml": flux("    substituteFrom: [{kind: ConfigMap, name: cluster-settings}]"),
    "clusters/prod/settings.yaml": settings(domain),
  }),
  // The usual Flux layout: the cluster folder's kustomization.yaml owns both files (stamp reads no
  // raw manifest from them), the Kustomization still deploys apps/web as a plain folder.
  "postBuild.substituteFrom, the cluster folder listed by its kustomization.yaml": (domain) => ({
    "clusters/prod/web.yaml": flux("    substituteFrom: [{kind: ConfigMap, name: cluster-settings}]"),
    "clusters/prod/settings.yaml": settings(domain),
    "clusters/prod/kustomization.yaml": "resources: [web.yaml, settings.yaml]\n",
  }),
  // A kustomization.yaml above the plain folder (apps/ listing its namespace) changes nothing in how
  // Flux builds ./apps/web.
  "inline postBuild.substitute, with a kustomization.yaml in a folder above apps/web": (domain) => ({
    "clusters/prod/web.yaml": flux(`    substitute: {DOMAIN: ${domain}}`),
    "apps/kustomization.yaml": "resources: [namespace.yaml]\n",
    "apps/namespace.yaml": "apiVersion: v1\nkind: Namespace\nmetadata: {name: prod}\n",
  }),
};

/** The value a workload reading web-config (envFrom, all keys) in prod must carry: URL as deployed. */
const valueFor = (domain: string) => {
  const id = { kind: "ConfigMap" as const, namespace: "prod", name: "web-config" };
  const content = { URL: Buffer.from(`https://web.${domain}`).toString("base64") };
  return configHash([{ id, keys: "all" }], new Map([[idKey(id), content]]));
};

const stampOf = async (repo: TempRepo) =>
  /config-rollout\.io\/config-hash: "?([0-9a-f]{64})/.exec(
    await readFile(join(repo.dir, DEPLOY), "utf8"),
  )?.[1];

/** apps/web as Flux applies it: DOMAIN substituted, in prod. */
const deployed = async (repo: TempRepo, domain: string) => {
  const texts = await Promise.all([CONFIG, DEPLOY].map((f) => readFile(join(repo.dir, f), "utf8")));
  return texts.map((t) => t.replaceAll("${DOMAIN}", domain)).join("---\n");
};

describe.each(Object.entries(ways))("DOMAIN set by %s", (_, setDomain) => {
  async function stamp(repo: TempRepo) {
    const run = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(run.code, run.stderr).toBe(0);
    return run;
  }

  /** v1 (example.com) stamped, committed and running on the cluster; the work tree set to example.org. */
  async function changedDomain(): Promise<SimRepo> {
    const opened = await open();
    const { repo, sim } = opened;
    await repo.write(CONFIG, yamlDocs(configMap("web-config", { URL: "https://web.${DOMAIN}" })));
    await repo.write(
      DEPLOY,
      yamlDocs(deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }))),
    );
    for (const [file, text] of Object.entries(setDomain("example.com"))) await repo.write(file, text);
    await stamp(repo);
    await repo.commit("v1, stamped");
    expect(await stampOf(repo)).toBe(valueFor("example.com"));
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "prod" } });
    for (const doc of parseAllDocuments(await deployed(repo, "example.com"))) {
      const object = doc.toJS() as Json & { metadata: Json };
      sim.seed({ ...object, metadata: { ...object.metadata, namespace: "prod" } });
    }
    for (const [file, text] of Object.entries(setDomain("example.org"))) await repo.write(file, text);
    return opened;
  }

  test("stamp: --check finds the stamp stale, stamp writes the value of the substituted config", async () => {
    const { repo } = await changedDomain();
    const stale = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(stale.code, stale.stdout).toBe(1);
    expect(stale.stdout).toContain(DEPLOY);
    const run = await stamp(repo);
    expect(run.stdout).toContain(
      `deployment/web (namespace prod) in ${DEPLOY}: ${valueFor("example.com")} -> ${valueFor("example.org")}`,
    );
    const checked = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(checked.code, checked.stdout).toBe(0);
  });

  test("stamp --changed-only over the commit that changed DOMAIN: the new value", async () => {
    const { repo } = await changedDomain();
    const head = await repo.commit("v2: example.org");
    const run = await runInProcess([
      "stamp",
      "--repo",
      repo.dir,
      "--changed-only",
      "--base",
      "HEAD~1",
      "--head",
      head,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(await stampOf(repo)).toBe(valueFor("example.org"));
  });

  test.skipIf(!kubectl)(
    "--strategy gitops expects the value stamp wrote, waits for the agent, follows the rollout: exit 0",
    async () => {
      const opened = await changedDomain();
      const { repo, sim } = opened;
      await stamp(repo);
      await repo.commit("v2: example.org, stamped");
      const file = opened.file("deployed.yaml", await deployed(repo, "example.org"));
      const agent = () => opened.applyAsFlux("prod", "-f", file);
      const run = await runWithAgent(opened, agent, ["--output", "json"]);
      const report = JSON.parse(run.stdout) as {
        outcome: string;
        workloads: Array<{ name: string; result?: { restart: string; rollout?: string } }>;
      };
      expect(report.outcome).toBe("restarted");
      expect(report.workloads.map((w) => [w.name, w.result])).toEqual([
        ["web", expect.objectContaining({ restart: "agent-applied", rollout: "done" })],
      ]);
      const value = valueFor("example.org");
      expect(run.stderr).toContain(
        `deployment/web (namespace prod): the agent applied the commit (${HASH}=${value})`,
      );
      const live = sim.get("Deployment", "prod", "web") as {
        spec: { replicas: number; template: { metadata: { annotations: Json } } };
        status: { updatedReplicas: number };
      };
      expect(live.spec.template.metadata.annotations[HASH]).toBe(value);
      expect(live.status.updatedReplicas).toBe(live.spec.replicas);
    },
  );
});

test("two clusters' Kustomizations substitute other values into one folder: its file cannot hold both, the workload is named unstampable", async () => {
  const opened = await open();
  const { repo } = opened;
  await repo.write(CONFIG, yamlDocs(configMap("web-config", { URL: "https://web.${DOMAIN}" })));
  await repo.write(
    DEPLOY,
    yamlDocs(deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }))),
  );
  await repo.write("clusters/prod/web.yaml", flux("    substitute: {DOMAIN: example.com}"));
  await repo.write("clusters/staging/web.yaml", flux("    substitute: {DOMAIN: staging.example.com}"));
  const run = await runInProcess(["stamp", "--repo", repo.dir]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain("other postBuild substitution values");
  expect(await stampOf(repo)).toBeUndefined();
  // The same values: one stamp serves both.
  await repo.write("clusters/staging/web.yaml", flux("    substitute: {DOMAIN: example.com}"));
  const same = await runInProcess(["stamp", "--repo", repo.dir]);
  expect(same.code, same.stderr).toBe(0);
  expect(await stampOf(repo)).toBe(valueFor("example.com"));
});

/** One Kustomization per cluster deploying apps/web into its own namespace, with its own REGION. */
const perCluster = (cluster: string, postBuild: string) =>
  fluxWebKustomization([`  targetNamespace: ${cluster}`, "  postBuild:", postBuild]);
const regionWays: Record<string, (cluster: string, region: string) => Record<string, string>> = {
  "inline postBuild.substitute": (cluster, region) => ({
    [`clusters/${cluster}/web.yaml`]: perCluster(cluster, `    substitute: {REGION: ${region}}`),
  }),
  "postBuild.substituteFrom its cluster's cluster-settings ConfigMap": (cluster, region) => ({
    [`clusters/${cluster}/web.yaml`]: perCluster(
      cluster,
      "    substituteFrom: [{kind: ConfigMap, name: cluster-settings}]",
    ),
    [`clusters/${cluster}/settings.yaml`]: yamlDocs(
      configMap("cluster-settings", { REGION: region }, { namespace: "flux-system" }),
    ),
  }),
};

describe.each(Object.entries(regionWays))(
  "two clusters' Kustomizations deploy apps/web into prod and staging, REGION set by %s",
  (_, region) => {
    // web reads DB_HOST alone; worker reads every key.
    const app = {
      [CONFIG]: yamlDocs(configMap("web-config", { REGION: "${REGION}", DB_HOST: "db" })),
      [DEPLOY]: yamlDocs(
        deployment(
          "web",
          pod({
            env: [
              { name: "DB_HOST", valueFrom: { configMapKeyRef: { name: "web-config", key: "DB_HOST" } } },
            ],
          }),
        ),
        deployment("worker", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] })),
      ),
    };
    test.each([["live"], ["--strategy gitops"]])(
      "staging's REGION changed: the plan (%s) restarts staging/worker alone, each build keeps its own namespace and values",
      async (strategy) => {
        const before = { ...app, ...region("prod", "eu-1"), ...region("staging", "eu-1") };
        const args = strategy === "live" ? [] : strategy.split(" ");
        const p = await plan(before, region("staging", "eu-2"), args);
        // (and substituteFrom's cluster-settings, itself a config that changed)
        expect(changesOf(p).filter((c) => c.endsWith("/web-config"))).toEqual([
          "ConfigMap/staging/web-config",
        ]);
        expect(restartsOf(p)).toEqual(["Deployment/staging/worker"]);
        expect(JSON.stringify(p)).not.toContain("clusters/prod/settings.yaml");
      },
    );

    test("both clusters' REGION changed in one commit: prod/worker and staging/worker restart", async () => {
      const before = { ...app, ...region("prod", "eu-1"), ...region("staging", "eu-1") };
      const p = await plan(before, { ...region("prod", "eu-3"), ...region("staging", "eu-2") });
      expect(changesOf(p).filter((c) => c.endsWith("/web-config"))).toEqual([
        "ConfigMap/prod/web-config",
        "ConfigMap/staging/web-config",
      ]);
      expect(restartsOf(p)).toEqual(["Deployment/prod/worker", "Deployment/staging/worker"]);
    });
  },
);
