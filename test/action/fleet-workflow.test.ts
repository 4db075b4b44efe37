// examples/github/fleet.yml (schema-validated with the other examples in docs.test.ts): its shape is
// what the README's "Plan once, apply many" promises: one plan job that uploads plan.json, apply
// jobs that only download it, one per cluster, and waves through `needs:`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { parse } from "yaml";
import { OPTIONS } from "../../src/settings/options.js";

const root = join(import.meta.dirname, "..", "..");
type Step = { uses?: string; with?: Record<string, string> };
type Job = { needs?: string | string[]; strategy?: { matrix: { cluster: string[] } }; steps: Step[] };
const workflow = parse(readFileSync(join(root, "examples", "github", "fleet.yml"), "utf8")) as {
  jobs: Record<string, Job>;
};
const rollout = (job: Job) => job.steps.find((s) => s.uses?.includes("config-rollout"))!;

test("the plan job makes the plan once (a dry run, --plan-out) and uploads it", () => {
  const plan = workflow.jobs.plan!;
  expect(rollout(plan).with).toMatchObject({ "dry-run": "client", "plan-out": "plan.json" });
  expect(
    plan.steps.some((s) => s.uses?.startsWith("actions/upload-artifact@") && s.with?.path === "plan.json"),
  ).toBe(true);
});

test("each wave is a matrix of apply jobs, one per cluster, each applying the downloaded plan", () => {
  expect(workflow.jobs.staging!.needs).toBe("plan");
  expect(workflow.jobs.production!.needs).toBe("staging");
  for (const name of ["staging", "production"]) {
    const job = workflow.jobs[name]!;
    expect(job.strategy?.matrix.cluster.length).toBeGreaterThan(0);
    expect(job.steps.some((s) => s.uses?.startsWith("actions/checkout"))).toBe(false);
    expect(job.steps[0]!.uses).toMatch(/^actions\/download-artifact@[0-9a-f]{40}$/);
    expect(rollout(job).with).toMatchObject({ plan: "plan.json" });
  }
});

test("every input it passes is an option, and third-party actions are pinned by full SHA", () => {
  for (const job of Object.values(workflow.jobs)) {
    for (const name of Object.keys(rollout(job).with ?? {}))
      expect(OPTIONS.map((o) => o.name)).toContain(name);
    for (const step of job.steps)
      if (step.uses && !step.uses.includes("config-rollout")) expect(step.uses).toMatch(/@[0-9a-f]{40}$/);
  }
});
