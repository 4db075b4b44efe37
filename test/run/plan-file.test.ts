// Plan once, apply many: --plan-out writes the plan a run decided (no values), --plan applies it
// to a simulated cluster from a directory with no git repository, and every plan it must not trust
// (unknown apiVersion, malformed, changed by hand, another head, a wrong key) is refused with exit 2
// before the first request.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { CONFIG_HASH_ANNOTATION } from "../../src/core/restart-patch.js";
import { type PlanDocument, sealPlan } from "../../src/plan/plan-document.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { runInProcess } from "../helpers/run-cli.js";
import { NS, type Scenario, useScenario } from "./cluster-scenario.js";

const KEY = ["--hash-key", "plan-test-key"];
const start = useScenario();
let scenario: Scenario;
let planFile: string;
beforeEach(async () => {
  scenario = await start();
  planFile = join(scenario.dir, "plan.json");
});

/** Make the plan in the checkout (a client dry run: no request), then reset the sim's request log. */
async function makePlan(args: string[] = KEY): Promise<Record<string, unknown>> {
  const made = await scenario.run(["--dry-run", "--plan-out", planFile, ...args]);
  expect(made.stderr).not.toContain("error");
  expect(made.code).toBe(0);
  scenario.sim.resetRequests();
  return JSON.parse(readFileSync(planFile, "utf8")) as Record<string, unknown>;
}

/** Apply a plan from a directory that is no git repository. */
function applyPlan(file = planFile, args: string[] = KEY) {
  return runInProcess(["--plan", file, "--kubeconfig", scenario.kubeconfig, ...args], {}, scenario.dir);
}

describe("--plan-out", () => {
  test("writes the versioned plan: commits, strategy, each workload's hash, a digest per changed config", async () => {
    const plan = await makePlan();
    const head = (await scenario.repo.git(["rev-parse", "HEAD"])).trim();
    expect(plan).toMatchObject({
      apiVersion: "config-rollout.io/v1",
      kind: "Plan",
      head,
      strategy: "annotation",
    });
    const workloads = plan.workloads as Array<{ id: { name: string }; change: { hash: string } }>;
    expect(workloads.map((w) => w.id.name).sort()).toEqual(["api", "web", "worker"]);
    for (const w of workloads) expect(w.change.hash).toMatch(/^[0-9a-f]{64}$/);
    const configs = plan.configs as Array<{ id: { name: string }; digest: string }>;
    expect(Object.fromEntries(configs.map((c) => [c.id.name, c.digest.split(":")[0]]))).toEqual({
      "app-config": "sha256",
      db: "hmac-sha256",
    });
    expect(plan.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  test("holds no config value, no Secret data (plain or base64) and no credential", async () => {
    await makePlan();
    // Commit ids and digests are hex: a value such as "8080" may occur inside one by chance.
    const text = readFileSync(planFile, "utf8").replace(/\b[0-9a-f]{40,64}\b/g, "<hex>");
    const token = /token: (\S+)/.exec(readFileSync(scenario.kubeconfig, "utf8"))![1]!;
    for (const value of ["new-password", "old-password", "debug", "8080", token, "plan-test-key"]) {
      expect(text).not.toContain(value);
      expect(text).not.toContain(Buffer.from(value).toString("base64"));
      expect(text).not.toContain(Buffer.from(value).toString("base64").replace(/=+$/, ""));
    }
  });

  test("a run with no range to compare (a first commit) still writes a plan: nothing to restart", async () => {
    const single = await createTempRepo();
    await single.write(
      "deploy/a.yaml",
      "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata: { K: v }\n",
    );
    const head = await single.commit("first");
    const made = await runInProcess(["--repo", single.dir, "--dry-run", "--plan-out", planFile]);
    await single.cleanup();
    expect(made.code).toBe(0);
    expect(JSON.parse(readFileSync(planFile, "utf8"))).toMatchObject({ base: head, head, workloads: [] });
    const applied = await applyPlan();
    expect(applied.code).toBe(0);
    expect(scenario.sim.requests).toEqual([]);
  });

  test("a plan with a Secret and no --hash-key is refused (exit 2) and no file is written", async () => {
    const made = await scenario.run(["--dry-run", "--plan-out", planFile]);
    expect(made.code).toBe(2);
    expect(made.stderr).toContain("--hash-key");
    expect(() => readFileSync(planFile)).toThrow();
  });
});

describe("--plan", () => {
  test("applies the plan without git: the same hashes as a run from git, so that run then has nothing to do", async () => {
    const plan = await makePlan();
    const applied = await applyPlan();
    expect(applied.stderr).not.toContain("error");
    expect(applied.code).toBe(0);
    expect(scenario.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    const hashOf = (name: string) =>
      (plan.workloads as Array<{ id: { name: string }; change: { hash: string } }>).find(
        (w) => w.id.name === name,
      )!.change.hash;
    expect(scenario.template("Deployment", "web").annotations[CONFIG_HASH_ANNOTATION]).toBe(hashOf("web"));
    scenario.sim.resetRequests();
    const fromGit = await scenario.run(KEY);
    expect(fromGit.code).toBe(0);
    expect(scenario.patchedNames()).toEqual([]);
  });

  test("the cluster must hold the content the digests name: otherwise nothing restarts (exit 1)", async () => {
    await makePlan();
    scenario.sim.seed({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "app-config", namespace: NS },
      data: { LOG_LEVEL: "info", PORT: "8080" },
    });
    scenario.sim.resetRequests();
    const applied = await applyPlan(planFile, [...KEY, "--config-timeout", "1s"]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain("does not hold the committed content of configmap/app-config");
    // --apply is refused with --plan (a plan holds no content): not offered as the way out.
    expect(applied.stderr).toMatch(/apply the manifests first\. Nothing was restarted/);
    expect(scenario.patchedNames()).toEqual([]);
  });

  test("the env strategy's plan names the variable; applying sets it", async () => {
    await makePlan([...KEY, "--strategy", "env"]);
    // --strategy as the plan has it is no conflict.
    const applied = await applyPlan(planFile, [...KEY, "--strategy", "env"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.stringify(scenario.template("Deployment", "web").spec)).toContain("RESTART_TIME");
  });

  test("the env strategy's plan with an explicit --strategy annotation (the default's value): exit 2 before any request, however it is set", async () => {
    await makePlan([...KEY, "--strategy", "env"]);
    const message =
      "differs from the plan's strategy env: a plan is applied with the strategy it was made with";
    const flag = await applyPlan(planFile, [...KEY, "--strategy", "annotation"]);
    expect(flag.code, flag.stderr).toBe(2);
    expect(flag.stderr).toContain(`--strategy annotation ${message}; drop --strategy`);
    const variable = await runInProcess(
      ["--plan", planFile, "--kubeconfig", scenario.kubeconfig, ...KEY],
      { CONFIG_ROLLOUT_STRATEGY: "annotation" },
      scenario.dir,
    );
    expect(variable.code, variable.stderr).toBe(2);
    expect(variable.stderr).toContain(`annotation ${message}`);
    expect(scenario.sim.requests).toEqual([]);
    // Not set anywhere: the plan's strategy applies.
    const applied = await applyPlan(planFile);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.stringify(scenario.template("Deployment", "web").spec)).toContain("RESTART_TIME");
  });

  type Edit = (plan: Record<string, unknown>) => void;
  const refusals: Array<[string, Edit | "raw", string, string[]?]> = [
    [
      "an unknown apiVersion",
      (p) => {
        p.apiVersion = "config-rollout.io/v2";
      },
      "unknown plan apiVersion",
    ],
    [
      "a malformed plan (the field is named)",
      (p) => {
        (p.workloads as Array<Record<string, unknown>>)[0]!.change = { hash: 7 };
      },
      "workloads[0].change",
    ],
    ["not JSON at all", "raw", "not valid JSON"],
    [
      "a plan changed by hand (its digest no longer matches)",
      (p) => {
        (p.workloads as Array<{ id: { name: string } }>)[0]!.id.name = "payments";
      },
      "does not match its digest",
    ],
    ["a wrong --hash-key", () => {}, "not the key the plan was made with", ["--hash-key", "another-key"]],
    [
      "no --hash-key for keyed Secret digests",
      () => {},
      "set --hash-key to the key the plan was made with",
      [],
    ],
    ["--apply", () => {}, "--apply cannot be used with --plan", [...KEY, "--apply"]],
    [
      "a --strategy other than the plan's (the plan's would apply)",
      () => {},
      "--strategy env differs from the plan's strategy annotation: a plan is applied with the strategy it was made with; drop --strategy, or make the plan again with --strategy env",
      [...KEY, "--strategy", "env"],
    ],
  ];
  test.each(refusals)("%s: exit 2 before any request", async (_name, edit, message, args) => {
    const plan = await makePlan();
    const file = join(scenario.dir, "edited.json");
    if (edit === "raw") writeFileSync(file, "{ not json");
    else {
      edit(plan);
      writeFileSync(file, JSON.stringify(plan));
    }
    const applied = await applyPlan(file, args ?? KEY);
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain(message);
    expect(scenario.sim.requests).toEqual([]);
  });

  test("a plan for another head than the checkout it runs in: exit 2 before any request", async () => {
    await makePlan();
    await scenario.repo.write("README.md", "later\n");
    await scenario.repo.commit("a later commit");
    const applied = await runInProcess(
      ["--plan", planFile, "--repo", scenario.repo.dir, "--kubeconfig", scenario.kubeconfig, ...KEY],
      {},
      scenario.dir,
    );
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain("this checkout is at");
    expect(scenario.sim.requests).toEqual([]);
  });

  test("the versioned strategy needs the checkout at the plan's head, and says so", async () => {
    await makePlan([...KEY, "--strategy", "versioned"]);
    const outside = await applyPlan(planFile, [...KEY, "--strategy", "versioned"]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain("needs the checkout at the plan's head");
    expect(scenario.sim.requests).toEqual([]);
    const inCheckout = await runInProcess(
      ["--plan", planFile, "--repo", scenario.repo.dir, "--kubeconfig", scenario.kubeconfig, ...KEY],
      {},
      scenario.dir,
    );
    expect(inCheckout.stderr).not.toContain("error");
    expect(inCheckout.code).toBe(0);
    expect(scenario.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
  });

  test("versioned: a plan the checkout no longer agrees with is refused (exit 2) with nothing written", async () => {
    const plan = (await makePlan([...KEY, "--strategy", "versioned"])) as unknown as PlanDocument;
    const { digest: _digest, ...body } = plan;
    const edited = sealPlan({ ...body, workloads: body.workloads.filter((w) => w.id.name !== "api") });
    writeFileSync(planFile, JSON.stringify(edited));
    const applied = await runInProcess(
      ["--plan", planFile, "--repo", scenario.repo.dir, "--kubeconfig", scenario.kubeconfig, ...KEY],
      {},
      scenario.dir,
    );
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain("this checkout plans differently from the plan file");
    expect(scenario.sim.requests.filter((r) => !["get", "list", "watch"].includes(r.verb))).toEqual([]);
  });
});
