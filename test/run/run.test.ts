// The orchestrator as a plain function: planAndApply with its adapters passed in (a real git
// repository, the simulated cluster through client-node, a memory log), no CLI, no bundle. The
// report it returns is what every entry point renders.
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { createMemoryLog } from "../../src/core/log.js";
import { createGit } from "../../src/git/create-git.js";
import { planAndApply, type RunDependencies } from "../../src/run/plan.js";
import { runSettings } from "../../src/settings/settings.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { GIT_OPTIONS } from "../helpers/settings.js";
import { type SimHarness, startHarness } from "../kube/sim-setup.js";

let h: SimHarness;
let repo: TempRepo;
const objects = (level: string) => [
  configMap("app", { LOG_LEVEL: level }, { namespace: "default" }),
  deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] }), { namespace: "default" }),
];

beforeAll(async () => {
  h = await startHarness();
  repo = await createTempRepo();
  await repo.write("app.yaml", yamlDocs(...objects("info")));
  await repo.commit("v1");
  await repo.write("app.yaml", yamlDocs(...objects("debug")));
  await repo.commit("v2");
  for (const object of objects("debug")) h.sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
});
afterAll(async () => {
  await h.close();
  await repo.cleanup();
});

async function deps(flags: Record<string, string> = {}): Promise<RunDependencies> {
  return {
    settings: runSettings({}, { repo: repo.dir, timeout: "30s", ...flags }),
    range: { flags: { base: "HEAD~1", head: "HEAD" }, env: {} },
    ci: "local",
    git: await createGit(repo.dir, GIT_OPTIONS),
    connect: async () => h.cluster,
    clusterConfigured: true,
    log: createMemoryLog(),
  };
}

test("a dry run returns the plan and never connects", async () => {
  const run = await deps({ "dry-run": "client" });
  let connected = false;
  const report = await planAndApply({
    ...run,
    connect: async () => {
      connected = true;
      return h.cluster;
    },
    clusterConfigured: false,
  });
  expect(report.outcome).toBe("planned");
  expect(report.plan.workloads.map((w) => [w.id.name, w.action])).toEqual([["web", "restart"]]);
  expect(connected).toBe(false);
});

test("a run restarts the consumer, waits for it, and a second run finds nothing to do", async () => {
  const report = await planAndApply(await deps());
  expect(report.outcome).toBe("restarted");
  expect(report.results).toEqual([
    expect.objectContaining({
      id: { kind: "Deployment", namespace: "default", name: "web" },
      restart: "restarted",
      rollout: "done",
    }),
  ]);
  const again = await planAndApply(await deps());
  expect(again.results.map((r) => r.restart)).toEqual(["unchanged"]);
});
