// The bundled action with several contexts in the `context` input, as GitHub runs it: two simulated API servers, one
// kubeconfig (with no current-context) given as kubeconfig-data, a push. Each cluster's restarts in
// the outputs, a section per cluster in the job summary, and the step's result the worst of both.

import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { useClosing } from "../helpers/closing.js";
import { startFleet } from "../helpers/fleet.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { yamlDocs } from "../helpers/manifests.js";
import { manifestsAt, NS } from "../run/cluster-scenario.js";
import { runAction } from "./run-action.js";

const closing = useClosing();

async function start() {
  const fleet = closing(await startFleet(["staging", "prod"], { rolloutStepMs: 5 }));
  const repo = closing(await createTempRepo());
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(1, 0)));
  const base = await repo.commit("v1");
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(2, 0)));
  const head = await repo.commit("v2");
  for (const sim of fleet.sims.values())
    for (const object of manifestsAt(2, 0)) sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
  const event = {
    ref: "refs/heads/main",
    before: base,
    after: head,
    forced: false,
    repository: { full_name: "acme/shop", default_branch: "main" },
  };
  const kubeconfigData = Buffer.from(readFileSync(fleet.kubeconfig, "utf8")).toString("base64");
  return { fleet, repo, event, kubeconfigData };
}

test("context: staging then prod; outputs, summary and the step's result cover both clusters", async () => {
  const s = await start();
  const run = await runAction({
    workspace: s.repo.dir,
    eventName: "push",
    event: s.event,
    inputs: { "kubeconfig-data": s.kubeconfigData, context: "staging;prod" },
  });
  expect(run.code, run.stdout).toBe(0);
  const restarted = JSON.parse(run.outputs.restarted!) as Array<{ context: string; name: string }>;
  expect(
    restarted
      .filter((r) => r.context === "staging")
      .map((r) => r.name)
      .sort(),
  ).toEqual(["api", "web", "worker"]);
  expect(
    restarted
      .filter((r) => r.context === "prod")
      .map((r) => r.name)
      .sort(),
  ).toEqual(["api", "web", "worker"]);
  expect(JSON.parse(run.outputs.plan!).clusters.map((c: { context: string }) => c.context)).toEqual([
    "staging",
    "prod",
  ]);
  expect(run.summary).toContain("### staging (wave 1): restarted");
  expect(run.summary).toContain("### prod (wave 2): restarted");
});

test("a failed staging rollout fails the step and leaves prod untouched", async () => {
  const s = await start();
  s.fleet.sim("staging").setRolloutBehaviour("Deployment", NS, "web", "progress-deadline");
  const run = await runAction({
    workspace: s.repo.dir,
    eventName: "push",
    event: s.event,
    inputs: { "kubeconfig-data": s.kubeconfigData, context: "staging;prod" },
  });
  expect(run.code).toBe(1);
  expect(run.outputs.result).toBe("failed");
  expect(run.stdout).toMatch(/^::error::Failed on staging \(staging failed, prod skipped\)/m);
  expect(s.fleet.sim("prod").requests).toHaveLength(0);
});
