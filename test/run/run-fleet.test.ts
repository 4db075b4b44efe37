// --contexts end to end: one repository, three simulated API servers at once and one kubeconfig with a
// context per server; the CLI function run as a user would. Waves run in order (the servers stamp when
// each request arrived), a failed cluster stops the next wave before anything is sent there,
// --continue-on-failure goes on, the exit code is the worst of the clusters', a workload only one
// cluster runs is reported for that cluster, and an unreachable cluster holds its wave only --timeout.
import { afterEach, describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { type Fleet, startFleet } from "../helpers/fleet.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { patchedWorkloads } from "../helpers/sim-writes.js";
import { manifestsAt, NS } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
interface ClusterJson {
  context: string;
  wave: number;
  outcome: string;
  exitCode: number;
  message?: string;
  workloads: Array<{
    kind: string;
    name: string;
    source: string;
    result?: { restart: string; rollout?: string };
  }>;
}

const CONTEXTS = ["staging", "prod-eu", "prod-us"];
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const done of cleanup.reverse()) await done();
  cleanup = [];
});

const toJson = (object: Json): Json => parseAllDocuments(yamlDocs(object))[0]!.toJS() as Json;

async function start(): Promise<{
  fleet: Fleet;
  repo: TempRepo;
  run(args: string[]): ReturnType<typeof runInProcess>;
}> {
  const fleet = await startFleet(CONTEXTS, { rolloutStepMs: 10 });
  const repo = await createTempRepo();
  cleanup.push(
    () => fleet.close(),
    () => repo.cleanup(),
  );
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(1, 1)));
  await repo.commit("v1");
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(2, 1)));
  await repo.commit("v2");
  for (const sim of fleet.sims.values()) for (const object of manifestsAt(2, 1)) sim.seed(toJson(object));
  // Installed in prod-eu only, by another repository: it reads the changed ConfigMap too.
  fleet.sim("prod-eu").seed(
    toJson(
      deployment("eu-only", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
        namespace: NS,
      }),
    ),
  );
  for (const sim of fleet.sims.values()) sim.resetRequests();
  return {
    fleet,
    repo,
    run: (args) => runInProcess([...lastCommitArgs(repo.dir, fleet.kubeconfig), ...args]),
  };
}

const clustersOf = (stdout: string) => (JSON.parse(stdout) as { clusters: ClusterJson[] }).clusters;

describe("--context", () => {
  test("waves run in order: no request reaches a later wave before the earlier one has finished", async () => {
    const { fleet, run } = await start();
    const result = await run(["--context", "staging;prod-eu,prod-us", "--output", "json"]);
    expect(result.code, result.stderr).toBe(0);
    const clusters = clustersOf(result.stdout);
    expect(clusters.map((c) => [c.context, c.wave, c.outcome])).toEqual([
      ["staging", 1, "restarted"],
      ["prod-eu", 2, "restarted"],
      ["prod-us", 2, "restarted"],
    ]);
    const times = (context: string) => fleet.sim(context).requests.map((r) => fleet.arrivedAt(r));
    const lastOfStaging = Math.max(...times("staging"));
    expect(Math.min(...times("prod-eu"), ...times("prod-us"))).toBeGreaterThan(lastOfStaging);
    for (const context of CONTEXTS) {
      expect(patchedWorkloads(fleet.sim(context))).toEqual(
        expect.arrayContaining(["Deployment/api", "Deployment/web", "StatefulSet/worker"]),
      );
    }
  });

  test("a workload only one cluster runs is planned and reported for that cluster only", async () => {
    const { fleet, run } = await start();
    const result = await run(["--context", "staging;prod-eu,prod-us", "--output", "json"]);
    expect(result.code, result.stderr).toBe(0);
    const byContext = new Map(clustersOf(result.stdout).map((c) => [c.context, c]));
    const euOnly = byContext.get("prod-eu")!.workloads.find((w) => w.name === "eu-only");
    expect(euOnly).toMatchObject({ source: "cluster", result: { restart: "restarted", rollout: "done" } });
    for (const context of ["staging", "prod-us"]) {
      expect(byContext.get(context)!.workloads.map((w) => w.name)).not.toContain("eu-only");
    }
    expect(patchedWorkloads(fleet.sim("prod-eu"))).toContain("Deployment/eu-only");
  });

  test("a failed cluster stops the next wave: nothing is sent there, and the report says why", async () => {
    const { fleet, run } = await start();
    fleet.sim("staging").setRolloutBehaviour("Deployment", NS, "web", "progress-deadline");
    const result = await run(["--context", "staging;prod-eu,prod-us"]);
    expect(result.code).toBe(1);
    expect(fleet.sim("prod-eu").requests).toHaveLength(0);
    expect(fleet.sim("prod-us").requests).toHaveLength(0);
    expect(result.stdout).toMatch(/prod-eu +2 +skipped +skipped: wave 1 failed on staging/);
    expect(result.stdout).toContain("== prod-us (wave 2): skipped ==");
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe(
      "Failed on staging (staging failed, prod-eu skipped, prod-us skipped).",
    );
  });

  test("--continue-on-failure goes on; the exit code is the worst of the clusters' (2 over 1)", async () => {
    const { fleet, run } = await start();
    fleet.sim("staging").setRolloutBehaviour("Deployment", NS, "web", "progress-deadline");
    // prod-us refuses to list its workloads (RBAC): bad configuration found before any write there.
    fleet.sim("prod-us").forbid("list", "deployments");
    const result = await run([
      "--context",
      "staging;prod-eu;prod-us",
      "--continue-on-failure",
      "--output",
      "json",
    ]);
    const clusters = clustersOf(result.stdout);
    expect(clusters.map((c) => [c.context, c.outcome, c.exitCode])).toEqual([
      ["staging", "failed", 1],
      ["prod-eu", "restarted", 0],
      ["prod-us", "error", 2],
    ]);
    expect(clusters[2]!.message).toMatch(/403|forbidden/i);
    expect(patchedWorkloads(fleet.sim("prod-us"))).toEqual([]);
    expect(result.code).toBe(2);
  });

  test("an unreachable cluster holds its wave no longer than --timeout; the others finish", async () => {
    const { fleet, run } = await start();
    await fleet.addSilentContext("prod-cn");
    const started = Date.now();
    const result = await run(["--context", "prod-eu,prod-cn;prod-us", "--timeout", "3s", "--output", "json"]);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(10_000);
    const clusters = clustersOf(result.stdout);
    expect(clusters.map((c) => [c.context, c.outcome])).toEqual([
      ["prod-eu", "restarted"],
      ["prod-cn", "error"],
      ["prod-us", "skipped"],
    ]);
    expect(clusters[1]!.message).toMatch(/prod-cn did not finish within --timeout 3s/);
    expect(result.code).toBe(1);
  });

  test("a cluster given up at --timeout while waiting for the committed config writes nothing after, and says why", async () => {
    const { fleet, run } = await start();
    // prod-eu still holds the base commit's content; it gets the committed one 3s in, after --timeout.
    const [oldConfig] = manifestsAt(1, 1);
    fleet.sim("prod-eu").seed(toJson(oldConfig!));
    const arrives = setTimeout(() => fleet.sim("prod-eu").seed(toJson(manifestsAt(2, 1)[0]!)), 3_000);
    cleanup.push(async () => clearTimeout(arrives));
    const result = await run([
      "--context",
      "prod-eu;staging",
      "--timeout",
      "2s",
      "--continue-on-failure",
      "--output",
      "json",
    ]);
    const clusters = clustersOf(result.stdout);
    expect(clusters.map((c) => [c.context, c.outcome])).toEqual([
      ["prod-eu", "error"],
      ["staging", "restarted"],
    ]);
    expect(clusters[0]!.message).toMatch(
      /^prod-eu did not finish within --timeout 2s: the committed content of configmap\/app-config \(namespace shop\) from deploy\/shop.yaml had not arrived on the cluster after [0-9.]+m?s, before --config-timeout 1m ran out; nothing was restarted$/,
    );
    expect(result.code).toBe(1);
    // The config arrives, the given-up run polls no more: nothing is ever patched there.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(patchedWorkloads(fleet.sim("prod-eu"))).toEqual([]);
  });

  test("a cluster given up between its patches sends no more: the report lists what it patched, the rest not restarted", async () => {
    const { fleet, run } = await start();
    // One patch at a time; web's is never answered, so --timeout passes while it is in flight.
    fleet.sim("prod-eu").hang({ verb: "patch", kind: "Deployment", name: "web" });
    const result = await run([
      ...["--context", "staging,prod-eu", "--timeout", "2s", "--concurrency", "1", "--output", "json"],
    ]);
    expect(result.code).toBe(1);
    const eu = clustersOf(result.stdout)[1]!;
    expect([eu.context, eu.outcome, eu.message]).toEqual([
      "prod-eu",
      "failed",
      "prod-eu did not finish within --timeout 2s: given up before its rollouts were waited for",
    ]);
    // Wait past when the run, had it gone on, would have sent the patches after web's.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const sent = fleet
      .sim("prod-eu")
      .requests.filter((r) => r.verb === "patch" && r.fault !== "hang")
      .map((r) => `${r.kind}/${r.name}`)
      .sort();
    const byResult = (restart: string) =>
      eu.workloads
        .filter((w) => w.result?.restart === restart)
        .map((w) => `${w.kind}/${w.name}`)
        .sort();
    expect(byResult("restarted")).toEqual(sent);
    expect(byResult("failed")).toEqual(["Deployment/web"]);
    const notStarted = eu.workloads.filter((w) => w.result?.restart === "not-started");
    expect(notStarted.length).toBeGreaterThan(0);
    for (const w of notStarted)
      expect(w.result).toMatchObject({
        message: "not restarted: prod-eu did not finish within --timeout 2s",
      });
    expect(sent.length + 1 + notStarted.length).toBe(eu.workloads.filter((w) => w.result).length);
  });

  test("a stalled rollout in one cluster times out on its workload, under the wait's own --timeout", async () => {
    const { fleet, run } = await start();
    fleet.sim("prod-eu").setRolloutBehaviour("StatefulSet", NS, "worker", "stall");
    const result = await run(["--context", "staging,prod-eu", "--timeout", "2s", "--output", "json"]);
    expect(result.code).toBe(1);
    const clusters = clustersOf(result.stdout);
    expect(clusters.map((c) => [c.context, c.outcome])).toEqual([
      ["staging", "restarted"],
      ["prod-eu", "failed"],
    ]);
    const worker = clusters[1]!.workloads.find((w) => w.name === "worker");
    expect(worker?.result).toMatchObject({ restart: "restarted", rollout: "timeout" });
  });

  test("two contexts that name the same API server (however the URL is spelled): exit 2 before any request", async () => {
    const { fleet, run } = await start();
    fleet.addAliasContext("staging-again", "staging", (url) => `${url}/`);
    fleet.addAliasContext("eu-alias", "prod-eu", (url) => url.replace("http://", "HTTP://"));
    const again = await run(["--context", "staging;prod-eu,staging-again"]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/contexts "staging" and "staging-again" name the same API server/);
    const alias = await run(["--context", "prod-eu,eu-alias"]);
    expect(alias.code).toBe(2);
    expect(alias.stderr).toMatch(/contexts "prod-eu" and "eu-alias" name the same API server/);
    for (const sim of fleet.sims.values()) expect(sim.requests).toHaveLength(0);
  });

  test("an unknown context or a malformed list is exit 2 before any request", async () => {
    const { fleet, run } = await start();
    const unknown = await run(["--context", "staging;prod-mars"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/context "prod-mars" not found/);
    const twice = await run(["--context", "staging;staging"]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/context "staging" is named twice/);
    // The old spelling beside the new one: one of them, please (--contexts is kept until the next minor).
    const both = await run(["--contexts", "staging", "--context", "prod-eu"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--context and --contexts: give one of them/);
    const planFile = await run(["--context", "staging;prod-eu", "--plan-out", "plan.json"]);
    expect(planFile.code).toBe(2);
    expect(planFile.stderr).toMatch(
      /--context with several contexts cannot be used with --plan-out: a plan file is one cluster's plan/,
    );
    for (const sim of fleet.sims.values()) expect(sim.requests).toHaveLength(0);
  });
});
