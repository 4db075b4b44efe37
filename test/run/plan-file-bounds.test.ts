// A saved plan keeps the apply job's own bounds: --namespaces, --exclude-namespaces and
// --max-restarts narrow or refuse a plan file's workloads exactly as they do a plan from git, before
// any write. The plan file here is one an attacker (or a plan job with looser flags) shaped: it lists
// a kube-system workload and is re-sealed, as anyone who can write the artifact can do.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { type PlanDocument, sealPlan } from "../../src/plan/plan-document.js";
import { deployment, pod } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { type Scenario, useScenario } from "./cluster-scenario.js";

const KEY = ["--hash-key", "plan-test-key"];
const start = useScenario();
let scenario: Scenario;
let planFile: string;
beforeEach(async () => {
  scenario = await start();
  planFile = join(scenario.dir, "plan.json");
});

/** The plan of the scenario (web, worker, api in shop) plus kube-system's `web`, re-sealed. */
async function planWithKubeSystem(strategy = "annotation"): Promise<void> {
  const made = await scenario.run(["--dry-run", "--plan-out", planFile, "--strategy", strategy, ...KEY]);
  expect(made.code).toBe(0);
  const plan = JSON.parse(readFileSync(planFile, "utf8")) as PlanDocument;
  const { digest: _digest, ...body } = plan;
  const web = body.workloads.find((w) => w.id.name === "web")!;
  const forged = { ...web, id: { ...web.id, namespace: "kube-system" } };
  writeFileSync(planFile, JSON.stringify(sealPlan({ ...body, workloads: [...body.workloads, forged] })));
  scenario.sim.seed(
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
      namespace: "kube-system",
    }),
  );
  scenario.sim.resetRequests();
}

function applyPlan(args: string[], repo: string[] = []) {
  return runInProcess(
    ["--plan", planFile, "--kubeconfig", scenario.kubeconfig, ...repo, ...KEY, ...args],
    {},
    scenario.dir,
  );
}

/** `namespace/Kind/name` of every workload patched: the witness of writes. */
function patched(): string[] {
  return scenario.sim.requests
    .filter((r) => r.verb === "patch" && r.resource !== "configmaps" && r.resource !== "secrets")
    .map((r) => `${r.namespace}/${r.kind}/${r.name}`)
    .sort();
}

const writes = () => scenario.sim.requests.filter((r) => !["get", "list", "watch"].includes(r.verb));

describe("--plan within the apply job's bounds", () => {
  test("a plan's kube-system workload is skipped (the default --exclude-namespaces), with the reason", async () => {
    await planWithKubeSystem();
    const applied = await applyPlan([]);
    expect(applied.code).toBe(0);
    expect(patched()).toEqual(["shop/Deployment/api", "shop/Deployment/web", "shop/StatefulSet/worker"]);
    expect(applied.stdout + applied.stderr).toContain(
      "namespace kube-system is excluded (--exclude-namespaces)",
    );
    const annotations = (
      scenario.sim.get("Deployment", "kube-system", "web") as {
        spec: { template: { metadata?: { annotations?: Record<string, string> } } };
      }
    ).spec.template.metadata?.annotations;
    expect(annotations ?? {}).toEqual({});
  });

  test("--namespaces narrows the plan: a workload outside them is not patched", async () => {
    await planWithKubeSystem();
    const applied = await applyPlan(["--exclude-namespaces", "", "--namespaces", "kube-system"]);
    expect(applied.code).toBe(0);
    expect(patched()).toEqual(["kube-system/Deployment/web"]);
    expect(applied.stdout + applied.stderr).toContain("namespace shop is not in --namespaces kube-system");
  });

  test("over --max-restarts after narrowing: exit 2, nothing written", async () => {
    await planWithKubeSystem();
    const applied = await applyPlan([
      "--exclude-namespaces",
      "kube-system",
      "--namespaces",
      "shop",
      "--max-restarts",
      "1",
    ]);
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain("the plan restarts 3 workloads, more than --max-restarts 1");
    expect(writes()).toEqual([]);
    expect(scenario.sim.requests).toEqual([]);
  });

  test("an RBAC gap stops the plan before any write (exit 2), as for a plan from git", async () => {
    await planWithKubeSystem();
    scenario.sim.forbid("patch", "deployments");
    const applied = await applyPlan([]);
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain("may not patch deployments.apps api, web in namespace shop");
    expect(patched()).toEqual([]);
  });

  test("versioned: the checkout's plan and the file's agree within the same bounds; kube-system is left alone", async () => {
    await planWithKubeSystem("versioned");
    const applied = await applyPlan(["--strategy", "versioned"], ["--repo", scenario.repo.dir]);
    expect(applied.stderr).not.toContain("error");
    expect(applied.code).toBe(0);
    expect(patched()).toEqual(["shop/Deployment/api", "shop/Deployment/web", "shop/StatefulSet/worker"]);
  });

  test("a plan file of 100,000 nested arrays: exit 2 before any request, no stack overflow", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    writeFileSync(planFile, `{"apiVersion":"config-rollout.io/v1","kind":"Plan","configs":${deep}}`);
    const applied = await applyPlan([]);
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain("nested more than 64 levels deep");
    expect(applied.stderr).not.toContain("Maximum call stack");
    expect(scenario.sim.requests).toEqual([]);
  });
});
