// Kustomize end to end against a cluster: the simulated API server holds what `kubectl apply -k`
// of the head commit created; the CLI function (in-process) restarts exactly what the render says changed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { parseAllDocuments, stringify } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { patchedWorkloads } from "../helpers/sim-writes.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setUp(files: (version: 1 | 2) => Record<string, string>) {
  const sim: SimCluster = await startSimCluster({ rolloutStepMs: 10 });
  const repo: TempRepo = await createTempRepo();
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-kustomize-"));
  cleanups.push(async () => {
    await sim.close();
    await repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  for (const version of [1, 2] as const) {
    for (const [path, text] of Object.entries(files(version))) await repo.write(path, text);
    await repo.commit(`v${version}`);
  }
  // What CI's `kubectl apply -k overlays/prod` left on the cluster: the head render, workloads
  // still on their old pods.
  const rendered = execFileSync("kubectl", ["kustomize", join(repo.dir, "overlays/prod")], {
    encoding: "utf8",
  });
  for (const doc of parseAllDocuments(rendered)) sim.seed(doc.toJS() as Record<string, unknown>);
  const kubeconfig = join(dir, "kubeconfig");
  sim.writeKubeconfig(kubeconfig, { context: "ci" });
  sim.resetRequests();
  const run = (args: string[] = []) =>
    runInProcess([...lastCommitArgs(repo.dir, kubeconfig), "--output", "json", ...args]);
  return { sim, run };
}

const overlay = (extra: Record<string, unknown>) =>
  stringify({ namespace: "prod", resources: ["../../base"], ...extra });

test("a patch in the overlay restarts the workload in the overlay's namespace and nothing else", async () => {
  const { sim, run } = await setUp((v) => ({
    "base/kustomization.yaml": stringify({ resources: ["app.yaml"] }),
    "base/app.yaml": yamlDocs(
      configMap("web-config", { LOG_LEVEL: "info" }),
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] })),
      deployment("other", pod()),
    ),
    "overlays/prod/kustomization.yaml": overlay({ patches: [{ path: "level.yaml" }] }),
    "overlays/prod/level.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: v === 1 ? "warn" : "error" })),
  }));
  const result = await run();
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as {
    outcome: string;
    workloads: Array<{ namespace: string; name: string; result?: { rollout?: string } }>;
  };
  expect(report.outcome).toBe("restarted");
  expect(report.workloads.map((w) => [w.namespace, w.name, w.result?.rollout])).toEqual([
    ["prod", "web", "done"],
  ]);
  expect(patchedWorkloads(sim)).toEqual(["Deployment/web"]);
});

test("a generator with a hash suffix: the apply already rolled the consumer, so nothing is patched", async () => {
  const { sim, run } = await setUp((v) => ({
    "base/kustomization.yaml": stringify({ resources: ["app.yaml"] }),
    "base/app.yaml": yamlDocs(
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] })),
    ),
    "overlays/prod/kustomization.yaml": overlay({
      configMapGenerator: [{ name: "web-config", envs: ["app.env"] }],
    }),
    "overlays/prod/app.env": `LOG_LEVEL=${v === 1 ? "info" : "debug"}\n`,
  }));
  const result = await run();
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as {
    outcome: string;
    workloads: Array<{ name: string; action: string; rollsOnApply?: boolean }>;
  };
  expect(report.outcome).toBe("nothing-to-do");
  expect(report.workloads.map((w) => [w.name, w.action, w.rollsOnApply])).toEqual([["web", "skip", true]]);
  expect(patchedWorkloads(sim)).toEqual([]);
});

test("--strategy versioned copies the rendered config (overlay patch applied) and repoints its consumer", async () => {
  const { sim, run } = await setUp((v) => ({
    "base/kustomization.yaml": stringify({ resources: ["app.yaml"] }),
    "base/app.yaml": yamlDocs(
      configMap("web-config", { LOG_LEVEL: "info", PORT: "80" }),
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] })),
    ),
    "overlays/prod/kustomization.yaml": overlay({ patches: [{ path: "level.yaml" }] }),
    "overlays/prod/level.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: v === 1 ? "warn" : "error" })),
  }));
  const result = await run(["--strategy", "versioned"]);
  expect(result.code, result.stderr).toBe(0);
  const copies = sim
    .list("ConfigMap", "prod")
    .filter((c) => (c.metadata as { labels?: Record<string, string> }).labels?.["config-rollout.io/source"]);
  expect(copies).toHaveLength(1);
  // The copy holds what the render produces at head: the base's keys with the overlay's patch.
  expect(copies[0]!.data).toEqual({ LOG_LEVEL: "error", PORT: "80" });
  const web = sim.get("Deployment", "prod", "web") as {
    spec: {
      template: { spec: { containers: Array<{ envFrom: Array<{ configMapRef: { name: string } }> }> } };
    };
  };
  expect(web.spec.template.spec.containers[0]!.envFrom[0]!.configMapRef.name).toBe(
    (copies[0]!.metadata as { name: string }).name,
  );
  expect(patchedWorkloads(sim)).toEqual(["Deployment/web"]);
});

test("several environments, one cluster: the other environment's workloads are 'not on this cluster', not a failure", async () => {
  const envOverlay = (env: string) => stringify({ namespace: env, resources: ["../../base"] });
  const files = (v: 1 | 2) => ({
    "base/kustomization.yaml": stringify({ resources: ["app.yaml"] }),
    "base/app.yaml": yamlDocs(
      configMap("web-config", { LOG_LEVEL: v === 1 ? "info" : "debug" }),
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] })),
    ),
    // overlays/prod is what this cluster runs (setUp applies it); staging lives on another cluster.
    "overlays/prod/kustomization.yaml": envOverlay("prod"),
    "overlays/staging/kustomization.yaml": envOverlay("staging"),
  });
  for (const discover of ["both", "repo"]) {
    const { sim, run } = await setUp(files);
    const result = await run(["--discover", discover, "--config-timeout", "2s"]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      outcome: string;
      workloads: Array<{ namespace: string; name: string; result?: { restart: string; rollout?: string } }>;
    };
    expect(report.outcome).toBe("restarted");
    expect(report.workloads.map((w) => [w.namespace, w.name, w.result?.restart, w.result?.rollout])).toEqual([
      ["prod", "web", "restarted", "done"],
      ["staging", "web", "not-on-cluster", undefined],
    ]);
    expect(patchedWorkloads(sim)).toEqual(["Deployment/web"]);
  }
});
