// Manifests that name no namespace, without --namespace: planned where `kubectl apply` puts them, the
// namespace of the kubeconfig's context (the quick start: kubectl apply, then config-rollout), else
// `default`. The simulated API server over real HTTP, the CLI in-process.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { parseAllDocuments, parse as parseYaml, stringify } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { startFleet } from "../helpers/fleet.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { parseRunJson } from "../helpers/run-json.js";
import { patchedWorkloads } from "../helpers/sim-writes.js";

type Json = Record<string, unknown>;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const web = deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }));
const config = (level: string) => configMap("web-config", { LOG_LEVEL: level });
const inShop = (object: Json): Json => {
  const json = parseAllDocuments(yamlDocs(object))[0]!.toJS() as Json;
  return { ...json, metadata: { ...(json.metadata as Json), namespace: "shop" } };
};

/** A repository whose last commit changes LOG_LEVEL, its manifests naming no namespace. */
async function repoWithoutNamespaces(): Promise<TempRepo> {
  const repo = await createTempRepo();
  cleanups.push(() => repo.cleanup());
  await repo.write("k8s/app.yaml", yamlDocs(config("warn"), web));
  await repo.commit("v1");
  await repo.write("k8s/app.yaml", yamlDocs(config("debug"), web));
  await repo.commit("v2");
  return repo;
}

/** kubectl apply ran with the context's namespace: the objects are in shop. */
function seedShop(sim: SimCluster): void {
  for (const object of [config("debug"), web]) sim.seed(inShop(object));
  sim.resetRequests();
}

async function setUp(): Promise<{ sim: SimCluster; repo: TempRepo; kubeconfig: string }> {
  const sim = await startSimCluster({ rolloutStepMs: 10 });
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-ctxns-"));
  cleanups.push(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const repo = await repoWithoutNamespaces();
  const kubeconfig = join(dir, "kubeconfig");
  sim.writeKubeconfig(kubeconfig, { namespace: "shop" });
  seedShop(sim);
  return { sim, repo, kubeconfig };
}

const lastCommit = (repo: TempRepo) => ["--repo", repo.dir, "--base", "HEAD~1", "--output", "json"];

describe("without --namespace, the kubeconfig context's namespace", () => {
  test("restarts the workload where kubectl apply put it, and the plan says why", async () => {
    const { sim, repo, kubeconfig } = await setUp();
    const run = await runInProcess([...lastCommit(repo), "--kubeconfig", kubeconfig]);
    expect(run.code, run.stderr).toBe(0);
    const report = parseRunJson(run.stdout);
    expect(report.outcome).toBe("restarted");
    expect(report.changes.map((c) => `${c.namespace}/${c.name}`)).toEqual(["shop/web-config"]);
    expect(patchedWorkloads(sim)).toEqual(["Deployment/web"]);
    expect(report.warnings).toEqual([
      'namespace "shop" (the namespace of kubeconfig context "sim", where kubectl apply puts them; --namespace overrides it) was assumed for configmap/web-config, deployment/web: their manifests name no namespace',
    ]);
  });

  test("CONFIG_ROLLOUT_KUBECONFIG and --context are honoured: the chosen context's namespace", async () => {
    const { sim, repo, kubeconfig } = await setUp();
    // A second context for the same server, in another namespace; the current one is shop's.
    const doc = parseYaml(readFileSync(kubeconfig, "utf8")) as {
      contexts: Array<{ name: string; context: Json }>;
    };
    doc.contexts.push({ name: "payments", context: { ...doc.contexts[0]!.context, namespace: "payments" } });
    const data = Buffer.from(stringify(doc)).toString("base64");
    const fromData = await runInProcess(lastCommit(repo), {
      CONFIG_ROLLOUT_KUBECONFIG: data,
      KUBECONFIG: "",
    });
    expect(fromData.code, fromData.stderr).toBe(0);
    expect(patchedWorkloads(sim)).toEqual(["Deployment/web"]);
    sim.resetRequests();
    const other = await runInProcess([...lastCommit(repo), "--context", "payments", "--dry-run"], {
      CONFIG_ROLLOUT_KUBECONFIG: data,
      KUBECONFIG: "",
    });
    expect(other.code, other.stderr).toBe(0);
    expect(parseRunJson(other.stdout).changes.map((c) => c.namespace)).toEqual(["payments"]);
  });

  test("--namespace overrides it", async () => {
    const { sim, repo, kubeconfig } = await setUp();
    const run = await runInProcess([...lastCommit(repo), "--kubeconfig", kubeconfig, "-n", "default"]);
    expect(run.code, run.stderr).toBe(0);
    const report = parseRunJson(run.stdout);
    expect(report.changes.map((c) => c.namespace)).toEqual(["default"]);
    expect(report.warnings[0]).toMatch(/^namespace "default" \(--namespace\) was assumed/);
    expect(patchedWorkloads(sim)).toEqual([]);
  });

  test("a kubeconfig that cannot be read does not stop a run that never connects: default, and why", async () => {
    const repo = await repoWithoutNamespaces();
    const dir = mkdtempSync(join(tmpdir(), "config-rollout-ctxns-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const kubeconfig = join(dir, "kubeconfig");
    writeFileSync(kubeconfig, "apiVersion: v1\nkind: Config\ncontexts: []\n");
    const run = await runInProcess([...lastCommit(repo), "--dry-run", "--discover", "repo"], {
      KUBECONFIG: kubeconfig,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(parseRunJson(run.stdout).warnings[0]).toMatch(
      /^namespace "default" \(the default: no --namespace, no kubeconfig context\) was assumed/,
    );
  });
});

describe("a fleet (--context a,b): one plan, so one namespace", () => {
  async function fleetWith(namespaces: Record<string, string>) {
    const fleet = await startFleet(Object.keys(namespaces), { rolloutStepMs: 10 });
    cleanups.push(() => fleet.close());
    const doc = parseYaml(readFileSync(fleet.kubeconfig, "utf8")) as {
      contexts: Array<{ name: string; context: Json }>;
    };
    for (const entry of doc.contexts) entry.context.namespace = namespaces[entry.name];
    writeFileSync(fleet.kubeconfig, stringify(doc));
    for (const sim of fleet.sims.values()) seedShop(sim);
    return fleet;
  }

  test("contexts that agree: their namespace, on every cluster", async () => {
    const fleet = await fleetWith({ staging: "shop", prod: "shop" });
    const repo = await repoWithoutNamespaces();
    const run = await runInProcess([
      ...lastCommit(repo),
      "--kubeconfig",
      fleet.kubeconfig,
      "--context",
      "staging;prod",
    ]);
    expect(run.code, run.stderr).toBe(0);
    for (const context of ["staging", "prod"])
      expect(patchedWorkloads(fleet.sim(context)), context).toEqual(["Deployment/web"]);
  });

  test("contexts that differ: default, and the plan says why", async () => {
    const fleet = await fleetWith({ staging: "shop", prod: "payments" });
    const repo = await repoWithoutNamespaces();
    const run = await runInProcess([
      ...lastCommit(repo),
      "--kubeconfig",
      fleet.kubeconfig,
      "--context",
      "staging,prod",
      "--dry-run",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(parseRunJson(run.stdout).changes.map((c) => c.namespace)).toEqual(["default"]);
    expect(run.stderr).toContain(
      'namespace "default" (the default: the contexts set different namespaces (staging: shop, prod: payments) and the plan is made once; --namespace decides) was assumed',
    );
  });
});

describe("where the context's namespace does not decide", () => {
  test("--strategy gitops: planned in default, as stamp hashes them (the agent places the objects), so a stamped commit passes the stamp check", async () => {
    const { repo, kubeconfig } = await setUp();
    const stamped = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(stamped.code, stamped.stderr).toBe(0);
    await repo.commit("stamped");
    const run = await runInProcess([
      ...["--repo", repo.dir, "--base", "HEAD~2", "--output", "json"],
      "--kubeconfig",
      kubeconfig,
      "--strategy",
      "gitops",
      "--timeout",
      "2s",
    ]);
    expect(run.stderr).not.toContain("not stamped");
    expect(`${run.stdout}${run.stderr}`).toContain("under --strategy gitops the agent places the objects");
  });

  test("--plan of the versioned strategy made with no cluster: made again in the plan's namespace, not the apply job's context's", async () => {
    const { repo, kubeconfig } = await setUp();
    const dir = mkdtempSync(join(tmpdir(), "config-rollout-ctxns-plan-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const planFile = join(dir, "plan.json");
    const made = await runInProcess([
      ...lastCommit(repo),
      "--strategy",
      "versioned",
      "--dry-run",
      "--discover",
      "repo",
      "--kubeconfig",
      "",
      "--plan-out",
      planFile,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const applied = await runInProcess([
      "--repo",
      repo.dir,
      "--plan",
      planFile,
      "--kubeconfig",
      kubeconfig,
      "--dry-run",
      "--output",
      "json",
    ]);
    expect(applied.stderr).not.toContain("plans differently from the plan file");
    expect(applied.code, applied.stderr).toBe(0);
  });
});
