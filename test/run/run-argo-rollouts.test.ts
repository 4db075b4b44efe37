// Argo Rollouts end to end, in-process: the CLI function against the simulated API server with the
// Argo Rollouts CRD installed. A Rollout is one entry of the workload-kind table; these tests prove
// that entry: found as a consumer in the repository and on the cluster, restarted with a JSON merge
// patch (custom resources take no strategic merge patch), waited on with Argo's own phases.
import { expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import type { SimCluster } from "../../sim/index.js";
import type { TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import type { RunJson } from "../helpers/run-json.js";
import { useSimRepo } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
const NS = "shop";
const HASH = "config-rollout.io/config-hash";

interface Setup {
  sim: SimCluster;
  repo: TempRepo;
  run(args?: string[]): Promise<{ code: number; stdout: string; stderr: string; report: RunJson }>;
}

const open = useSimRepo();

function rollout(name: string, podSpec: Json, spec: Json = {}): Json {
  return {
    apiVersion: "argoproj.io/v1alpha1",
    kind: "Rollout",
    metadata: { name, namespace: NS },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: podSpec },
      strategy: { canary: { steps: [{ setWeight: 50 }] } },
      ...spec,
    },
  };
}

const config = (level: string) => configMap("app-config", { LOG_LEVEL: level }, { namespace: NS });
const consumer = pod({ envFrom: [{ configMapRef: { name: "app-config" } }] });

/**
 * Two commits (config v1 -> v2) holding `objects`; the cluster holds them with the v2 config applied
 * (`liveLevel` "info": still v1's, for --apply to write).
 */
async function setup(
  objects: Json[],
  options: { inRepo?: Json[]; crd?: boolean; liveLevel?: string } = {},
): Promise<Setup> {
  const { sim, repo, kubeconfig } = await open({
    rolloutStepMs: 5,
    crds: options.crd === false ? [] : ["argo-rollouts"],
  });
  const inRepo = options.inRepo ?? objects;
  await repo.write("deploy/app.yaml", yamlDocs(config("info"), ...inRepo));
  await repo.commit("v1");
  await repo.write("deploy/app.yaml", yamlDocs(config("debug"), ...inRepo));
  await repo.commit("v2");
  for (const object of [config(options.liveLevel ?? "debug"), ...objects])
    sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
  sim.resetRequests();
  return {
    sim,
    repo,
    async run(args = []) {
      const result = await runInProcess([
        ...lastCommitArgs(repo.dir, kubeconfig),
        "--output",
        "json",
        ...args,
      ]);
      return { ...result, report: JSON.parse(result.stdout || "{}") as RunJson };
    },
  };
}

const templateOf = (sim: SimCluster, kind: string, name: string) =>
  (sim.get(kind, NS, name) as { spec: { template: { metadata: { annotations?: Json }; spec: Json } } }).spec
    .template;

test("a Rollout in the repository is restarted with a JSON merge patch and waited on until Healthy", async () => {
  const s = await setup([rollout("web", consumer)]);
  const run = await s.run();
  expect(run.code, run.stderr).toBe(0);
  expect(run.report.outcome).toBe("restarted");
  expect(run.report.workloads).toEqual([
    expect.objectContaining({
      kind: "Rollout",
      name: "web",
      action: "restart",
      result: expect.objectContaining({ restart: "restarted", rollout: "done" }),
    }),
  ]);
  const patches = s.sim.requests.filter((r) => r.verb === "patch");
  expect(patches.map((r) => [r.kind, r.name, r.contentType])).toEqual([
    ["Rollout", "web", "application/merge-patch+json"],
  ]);
  expect(templateOf(s.sim, "Rollout", "web").metadata.annotations?.[HASH]).toMatch(/^[0-9a-f]{12,}/);
  expect((s.sim.get("Rollout", NS, "web") as { status: { phase: string } }).status.phase).toBe("Healthy");
  // A rerun patches nothing and finds the rollout Healthy.
  s.sim.resetRequests();
  const again = await s.run();
  expect(again.code, again.stderr).toBe(0);
  expect(s.sim.requests.filter((r) => r.verb === "patch")).toEqual([]);
});

test("a Rollout only on the cluster is found by listing rollouts, because the CRD is served", async () => {
  const s = await setup([rollout("api", consumer)], { inRepo: [] });
  const run = await s.run();
  expect(run.code, run.stderr).toBe(0);
  expect(run.report.workloads.map((w) => [w.kind, w.name, w.action])).toEqual([
    ["Rollout", "api", "restart"],
  ]);
  expect(s.sim.requests.filter((r) => r.verb === "list").map((r) => r.kind)).toContain("Rollout");
});

test("without the CRD the cluster is not asked for rollouts, and a Rollout in the repo fails with a reason", async () => {
  const s = await setup([], { inRepo: [rollout("web", consumer)], crd: false });
  const run = await s.run();
  expect(run.code).toBe(1);
  const web = run.report.workloads.find((w) => w.name === "web");
  expect(web?.result?.message).toMatch(
    /does not serve rollouts\.argoproj\.io\/v1alpha1.*CustomResourceDefinition/,
  );
  expect(s.sim.requests.filter((r) => r.verb === "list" && r.kind === "Rollout")).toEqual([]);
});

test("a canary that stops at a pause step is reported as paused, not failed, and the run does not hang", async () => {
  const canary = rollout("web", consumer, {
    strategy: { canary: { steps: [{ setWeight: 20 }, { pause: {} }] } },
  });
  const s = await setup([canary]);
  const started = Date.now();
  const run = await s.run(["--timeout", "5m"]);
  expect(run.code, run.stderr).toBe(0);
  expect(Date.now() - started).toBeLessThan(30_000);
  const web = run.report.workloads[0]?.result;
  expect(web).toMatchObject({ restart: "restarted", rollout: "paused" });
  expect(String(web?.message)).toMatch(/Paused.*CanaryPauseStep.*promote/);
});

test("a Degraded rollout fails the run and names the workload", async () => {
  const s = await setup([rollout("web", consumer)]);
  s.sim.setRolloutBehaviour("Rollout", NS, "web", "progress-deadline");
  const run = await s.run(["--timeout", "5m"]);
  expect(run.code).toBe(1);
  expect(run.report.outcome).toBe("failed");
  expect(run.report.workloads[0]?.result).toMatchObject({ rollout: "failed" });
  expect(String(run.report.workloads[0]?.result?.message)).toMatch(
    /rollout "web" Degraded.*ProgressDeadlineExceeded/,
  );
});

test("--strategy env sets the env var in every container of a Rollout and keeps the rest", async () => {
  const podSpec = {
    containers: [
      {
        name: "app",
        image: "app:1",
        envFrom: [{ configMapRef: { name: "app-config" } }],
        env: [{ name: "A", value: "1" }],
      },
      { name: "sidecar", image: "proxy:1" },
    ],
  };
  const s = await setup([rollout("web", podSpec)]);
  const run = await s.run(["--strategy", "env"]);
  expect(run.code, run.stderr).toBe(0);
  const containers = templateOf(s.sim, "Rollout", "web").spec.containers as Array<{
    name: string;
    env?: Json[];
  }>;
  expect(containers.map((c) => c.name)).toEqual(["app", "sidecar"]);
  expect(containers[0]?.env).toEqual([
    { name: "A", value: "1" },
    { name: "RESTART_TIME", value: expect.stringMatching(/^\d+$/) },
  ]);
  expect(containers[1]?.env).toEqual([{ name: "RESTART_TIME", value: expect.stringMatching(/^\d+$/) }]);
  const patch = s.sim.requests.find((r) => r.verb === "patch");
  expect(patch?.contentType).toBe("application/merge-patch+json");
});

test("a Rollout with workloadRef restarts through its Deployment's template and is waited on as a Rollout", async () => {
  const template = deployment("web", consumer, { namespace: NS, replicas: 0 });
  const ref = rollout("web", {}, { workloadRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" } });
  delete (ref.spec as Json).template;
  const s = await setup([template, ref]);
  const run = await s.run();
  expect(run.code, run.stderr).toBe(0);
  const byKind = new Map(run.report.workloads.map((w) => [w.kind, w]));
  expect(byKind.get("Rollout")).toMatchObject({
    action: "restart",
    result: expect.objectContaining({ rollout: "done" }),
  });
  expect(byKind.get("Deployment")).toMatchObject({ action: "skip" });
  expect(byKind.get("Deployment")?.reason).toMatch(/run by rollout\/web \(workloadRef\)/);
  // The one patch went to the Deployment's template; the Rollout saw that generation.
  expect(s.sim.requests.filter((r) => r.verb === "patch").map((r) => [r.kind, r.name])).toEqual([
    ["Deployment", "web"],
  ]);
  expect(templateOf(s.sim, "Deployment", "web").metadata.annotations?.[HASH]).toBeDefined();
  const live = s.sim.get("Rollout", NS, "web") as {
    metadata: { annotations: Json };
    status: { phase: string };
  };
  expect(live.status.phase).toBe("Healthy");
  expect(Number(live.metadata.annotations["rollout.argoproj.io/workload-generation"])).toBeGreaterThan(1);
});

test("--apply asks before its first write about the patch a Rollout with workloadRef sends: its Deployment's", async () => {
  const template = deployment("web", consumer, { namespace: NS, replicas: 0 });
  const ref = rollout("web", {}, { workloadRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" } });
  delete (ref.spec as Json).template;
  const writes = (sim: SimCluster) =>
    sim.requests
      .filter((r) => ["apply", "patch"].includes(r.verb) && !r.path.includes("selfsubjectaccessreviews"))
      .map((r) => `${r.verb} ${r.kind}/${r.name} ${r.status}`);
  // A Role that may patch the Deployment but not the Rollout: the restart needs no more.
  const allowed = await setup([template, ref], { liveLevel: "info" });
  allowed.sim.forbid("patch", "rollouts");
  const run = await allowed.run(["--apply"]);
  expect(run.code, run.stderr).toBe(0);
  expect(writes(allowed.sim)).toEqual(["apply ConfigMap/app-config 200", "patch Deployment/web 200"]);
  // One that may patch the Rollout but not the Deployment: refused before the config is applied.
  const refused = await setup([template, ref], { liveLevel: "info" });
  refused.sim.forbid("patch", "deployments");
  const denied = await refused.run(["--apply"]);
  expect(denied.code, denied.stderr).toBe(2);
  expect(denied.stderr).toContain(
    "may not patch deployments.apps web in namespace shop (checked before any change: nothing was written)",
  );
  expect(writes(refused.sim)).toEqual([]);
});

test("in batches (--max-parallel-rollouts), the review of every batch asks about a workloadRef Rollout's Deployment too", async () => {
  const template = deployment("web", consumer, { namespace: NS, replicas: 0 });
  const ref = rollout("web", {}, { workloadRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" } });
  delete (ref.spec as Json).template;
  const s = await setup([template, ref, deployment("api", consumer, { namespace: NS })]);
  s.sim.forbid("patch", "rollouts");
  const run = await s.run(["--max-parallel-rollouts", "1"]);
  expect(run.code, run.stderr).toBe(0);
  expect(s.sim.requests.filter((r) => r.verb === "patch").map((r) => `${r.kind}/${r.name}`)).toEqual([
    "Deployment/api",
    "Deployment/web",
  ]);
});

test("--strategy versioned repoints a Rollout with a merge patch guarded by its resourceVersion", async () => {
  const s = await setup([rollout("web", consumer)]);
  const run = await s.run(["--strategy", "versioned"]);
  expect(run.code, run.stderr).toBe(0);
  const patches = s.sim.requests.filter((r) => r.verb === "patch");
  expect(patches.map((r) => [r.kind, r.name, r.contentType])).toEqual([
    ["Rollout", "web", "application/merge-patch+json"],
  ]);
  const body = JSON.parse(patches[0]!.body ?? "{}") as { metadata?: { resourceVersion?: string } };
  expect(body.metadata?.resourceVersion).toMatch(/^\d+$/);
  const container = (templateOf(s.sim, "Rollout", "web").spec as { containers: Json[] }).containers[0] as {
    envFrom: Array<{ configMapRef: { name: string } }>;
    image: string;
  };
  expect(container.envFrom[0]!.configMapRef.name).toMatch(/^app-config-[0-9a-f]{10}$/);
  expect(container.image).toBeTruthy();
  expect(templateOf(s.sim, "Rollout", "web").metadata.annotations?.[HASH]).toBeUndefined();
  expect((s.sim.get("Rollout", NS, "web") as { status: { phase: string } }).status.phase).toBe("Healthy");
  s.sim.resetRequests();
  const again = await s.run(["--strategy", "versioned"]);
  expect(again.code, again.stderr).toBe(0);
  expect(s.sim.requests.filter((r) => r.verb === "patch" || r.verb === "apply")).toEqual([]);
});
