// The project's own workflows. .github/workflows/e2e.yml runs config-rollout against a real API
// server (a kind cluster), which no machine of ours can start (no container engine). Its job runs
// here step by step against the simulated one: every `run:` step with bash, every `uses: ./` step as
// the runner runs the action (dist/action.js, inputs as INPUT_*, outputs from GITHUB_OUTPUT), with
// the expressions the steps use evaluated as GitHub does. The third-party steps it skips (checkout,
// setup-node, kind) are what the simulated cluster stands in for. So scripts/e2e.mjs and the
// workflow's wiring are proven before they reach GitHub; the cluster is the one thing swapped.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { type KubeObject, type SimCluster, startSimCluster } from "../../sim/index.js";
import { ACTION, inputEnv, parseOutputFile } from "../action/run-action.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WORKFLOWS = join(ROOT, ".github", "workflows");

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | boolean>;
  env?: Record<string, string>;
  if?: string;
  "continue-on-error"?: boolean;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    { env?: Record<string, string>; steps: Step[]; strategy?: { matrix: Record<string, unknown[]> } }
  >;
}

const workflow = (file: string) => parse(readFileSync(join(WORKFLOWS, file), "utf8")) as Workflow;

interface StepResult {
  outcome: "success" | "failure";
  outputs: Record<string, string>;
  log: string;
}

/** `${{ ... }}` as GitHub evaluates the few expressions e2e.yml uses; anything else is an error here. */
function evaluate(text: string, context: { temp: string; steps: Map<string, StepResult> }): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    if (expression === "runner.temp") return context.temp;
    const step = /^steps\.([A-Za-z0-9_-]+)\.(outcome|outputs\.([A-Za-z0-9_-]+))$/.exec(expression);
    if (step) {
      const result = context.steps.get(step[1]!);
      if (!result) throw new Error(`${expression}: no step ${step[1]} ran before`);
      return step[2] === "outcome" ? result.outcome : (result.outputs[step[3]!] ?? "");
    }
    throw new Error(`e2e.yml uses \${{ ${expression} }}, which this test does not evaluate: add it here`);
  });
}

function exec(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; log: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({
        code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
        log: `${stdout}${stderr}`,
      });
    });
  });
}

/** The simulated cluster's version of what a real one does with the versioned scenario's bad change. */
function checkoutCannotStartWithoutItsKey(sim: SimCluster, namespace: string): (obj: KubeObject) => boolean {
  return (obj) => {
    const spec = (obj.spec as { template: { spec: { containers: Array<{ env?: unknown[] }> } } }).template
      .spec;
    const env = (spec.containers[0]?.env ?? []) as Array<{
      name: string;
      valueFrom?: { configMapKeyRef?: { name: string } };
    }>;
    const name = env.find((e) => e.name === "PAYMENT_URL")?.valueFrom?.configMapKeyRef?.name;
    const config = sim
      .list("ConfigMap", namespace)
      .find((c) => (c.metadata as { name: string }).name === name);
    // A pod whose configMapKeyRef names a missing key never starts (CreateContainerConfigError).
    return (
      config !== undefined && (config.data as Record<string, string> | undefined)?.PAYMENT_URL === undefined
    );
  };
}

describe(".github/workflows/e2e.yml against the simulated API server", () => {
  let sim: SimCluster;
  let scratch: string;
  const results = new Map<string, StepResult>();
  const ran: Array<{ name: string; outcome: string }> = [];

  beforeAll(async () => {
    sim = await startSimCluster({ rolloutStepMs: 20 });
    for (const namespace of ["e2e-versioned-cli", "e2e-versioned-action", "e2e-rollback-cli"]) {
      // As a kubelet does: checkout's pods cannot start (CreateContainerConfigError), so the pod
      // watch fails the rollout within seconds and the rollback starts then, not at the timeout.
      sim.setPodFailure("Deployment", namespace, "checkout", "CreateContainerConfigError", {
        onlyFor: checkoutCannotStartWithoutItsKey(sim, namespace),
      });
    }
    scratch = mkdtempSync(join(tmpdir(), "config-rollout-e2e-workflow-"));
    const kubeconfig = join(scratch, "kubeconfig");
    sim.writeKubeconfig(kubeconfig, { context: "kind-config-rollout-e2e" });
    const eventPath = join(scratch, "event.json");
    writeFileSync(
      eventPath,
      JSON.stringify({ ref: "refs/heads/main", repository: { full_name: "acme/config-rollout" } }),
    );

    const job = workflow("e2e.yml").jobs.kind!;
    const temp = join(scratch, "runner-temp");
    const baseEnv: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: scratch,
      KUBECONFIG: kubeconfig,
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: "push",
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: "acme/config-rollout",
      GITHUB_WORKSPACE: ROOT,
      RUNNER_TEMP: temp,
    };
    for (const [name, value] of Object.entries(job.env ?? {}))
      baseEnv[name] = evaluate(value, { temp, steps: results });
    let failed = false;
    for (const [index, step] of job.steps.entries()) {
      const name = step.name ?? step.uses ?? `step ${index}`;
      if (step.uses && step.uses !== "./") continue; // checkout, setup-node, kind: the simulated cluster stands in
      if (step.if === "failure()" ? !failed : step.if !== undefined) continue;
      const outputFile = join(scratch, `output-${index}`);
      writeFileSync(outputFile, "");
      const env: Record<string, string> = { ...baseEnv, GITHUB_OUTPUT: outputFile };
      for (const [key, value] of Object.entries(step.env ?? {}))
        env[key] = evaluate(value, { temp, steps: results });
      let run: { code: number; log: string };
      if (step.uses === "./") {
        const inputs = Object.fromEntries(
          Object.entries(step.with ?? {}).map(([key, value]) => [
            key,
            evaluate(String(value), { temp, steps: results }),
          ]),
        );
        const summary = join(scratch, `summary-${index}`);
        writeFileSync(summary, "");
        run = await exec(process.execPath, [ACTION], {
          ...env,
          ...inputEnv(inputs),
          GITHUB_STEP_SUMMARY: summary,
        });
      } else {
        run = await exec("bash", ["-e", "-c", evaluate(step.run ?? "", { temp, steps: results })], env);
      }
      const result: StepResult = {
        outcome: run.code === 0 ? "success" : "failure",
        outputs:
          step.uses === "./" ? parseOutputFile(readFileSync(outputFile, "utf8")) : plainOutputs(outputFile),
        log: run.log,
      };
      if (step.id) results.set(step.id, result);
      ran.push({ name, outcome: result.outcome });
      if (result.outcome === "failure" && !step["continue-on-error"]) {
        failed = true;
        console.error(`step "${name}" failed:\n${run.log}`);
      }
    }
  }, 300_000);

  afterAll(async () => {
    await sim?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  test("every step of the job passes; the bad versioned change fails its step, as it must", () => {
    expect(ran.filter((r) => r.outcome === "failure").map((r) => r.name)).toEqual([
      "versioned, action: the bad change (must fail)",
    ]);
    expect(ran.map((r) => r.name)).toEqual([
      "annotation, CLI: the demo applied, v2 applied, config-rollout restarts exactly web and db",
      "annotation, action: prepare",
      "annotation, action: run",
      "annotation, action: verify",
      "sync, CLI: a Secret rotated outside git restarts exactly its reader, then nothing",
      "versioned, CLI: apply then run; a good change rolls out onto a copy, a bad one fails and is rolled back to it",
      "rollback on failure, CLI: a bad change is put back in place and its reader rolled back; the fix applied both ways converges",
      "versioned, action: prepare",
      "versioned, action: apply the good change",
      "versioned, action: the good change",
      "versioned, action: apply the bad change",
      "versioned, action: the bad change (must fail)",
      "versioned, action: verify",
    ]);
  });

  test("the verify steps checked what they say: exactly web and db, the rollback", () => {
    const verifyAnnotation = ran.findIndex((r) => r.name === "annotation, action: verify");
    expect(verifyAnnotation).toBeGreaterThan(-1);
    const logOf = (id: string) => results.get(id)?.log ?? "";
    expect(logOf("annotation")).toContain("::group::Wait for rollouts");
    expect(results.get("annotation")?.outputs.restarted).toBe(
      JSON.stringify([
        { kind: "Deployment", namespace: "e2e-action", name: "web" },
        { kind: "StatefulSet", namespace: "e2e-action", name: "db" },
      ]),
    );
    expect(results.get("versioned-bad")?.outputs.result).toBe("failed");
    expect(logOf("versioned-bad")).toMatch(
      /deployment\/checkout[^\n]*rollout of the new config failed; rolled back/,
    );
  });
});

/** A `run:` step's `key=value` lines in GITHUB_OUTPUT. */
function plainOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}

describe("the project's workflows", () => {
  test.each(readdirSync(WORKFLOWS))("%s pins every third-party action by full commit SHA", (file) => {
    const steps = Object.values(workflow(file).jobs).flatMap((job) => job.steps);
    const uses = steps.flatMap((s) => (s.uses && s.uses !== "./" ? [s.uses] : []));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

  test.each(readdirSync(WORKFLOWS))("%s passes action-validator", async (file) => {
    const result = await exec(
      join(ROOT, "node_modules", ".bin", "action-validator"),
      [join(WORKFLOWS, file)],
      {
        PATH: process.env.PATH ?? "",
      },
    );
    expect(result.log).toBe("");
    expect(result.code).toBe(0);
  });

  test("ci.yml runs .ci/run on pushes to main and on pull requests, on Node 24 (.ci/run adds Node 22)", () => {
    const ci = workflow("ci.yml");
    expect(Object.keys(ci.on)).toEqual(["push", "pull_request"]);
    const job = ci.jobs.ci!;
    expect(job.steps.find((s) => s.uses?.startsWith("actions/setup-node@"))?.with?.["node-version"]).toBe(24);
    expect(readFileSync(".ci/run", "utf8")).toMatch(/node_bin 22/);
    expect(job.steps.map((s) => s.run).filter(Boolean)).toEqual(["bash .ci/run"]);
  });

  test("e2e.yml creates its cluster with kind and runs the committed action", () => {
    const steps = workflow("e2e.yml").jobs.kind!.steps;
    expect(steps.some((s) => s.uses?.startsWith("helm/kind-action@"))).toBe(true);
    expect(steps.filter((s) => s.uses === "./")).toHaveLength(3);
    expect(steps.filter((s) => s.run?.startsWith("node scripts/e2e.mjs cli "))).toHaveLength(4);
  });
});
