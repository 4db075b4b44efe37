// Issue 12 against the simulated API server: a config added for an optional reference restarts its
// existing consumer (item 3), and bad settings stop the run before the first API request (item 6).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { patchedWorkloads } from "../helpers/sim-writes.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const web = deployment("web", pod({ envFrom: [{ configMapRef: { name: "flags", optional: true } }] }), {
  namespace: "shop",
});
const flags = configMap("flags", { FEATURE_X: "enabled" }, { namespace: "shop" });

async function setUp(): Promise<{ sim: SimCluster; repo: TempRepo; kubeconfig: string }> {
  const sim = await startSimCluster({ rolloutStepMs: 10 });
  const repo = await createTempRepo();
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-e2e-"));
  cleanups.push(async () => {
    await sim.close();
    await repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  await repo.write("web.yaml", yamlDocs(web));
  await repo.commit("web reads optional flags");
  await repo.write("flags.yaml", yamlDocs(flags));
  await repo.commit("add the flags");
  // CI's apply step ran: the cluster holds the workload and the new config.
  for (const object of [web, flags]) sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
  const kubeconfig = join(dir, "kubeconfig");
  sim.writeKubeconfig(kubeconfig, { context: "ci" });
  sim.resetRequests();
  return { sim, repo, kubeconfig };
}

test("adding a config an existing workload references as optional restarts it", async () => {
  const { sim, repo, kubeconfig } = await setUp();
  const run = await runInProcess([
    "--repo",
    repo.dir,
    "--base",
    "HEAD~1",
    "--kubeconfig",
    kubeconfig,
    "-o",
    "json",
  ]);
  expect(run.code, run.stderr).toBe(0);
  expect(patchedWorkloads(sim)).toEqual(["Deployment/web"]);
  expect((JSON.parse(run.stdout) as { outcome: string }).outcome).toBe("restarted");
});

test.each([
  [["--timeout", "0s"], /--timeout: must be at least 1s/],
  [["--git-timeout", "0s"], /--git-timeout: must be at least 1s/],
  [["--namespaces", "shop,Bad_NS!"], /--namespaces: "Bad_NS!" is not a valid namespace name/],
  [
    ["--strategy", "env", "--env-name", "RESTART-AT"],
    /--env-name: "RESTART-AT" is not a valid environment variable name/,
  ],
  [["--paths", ","], /--paths: no globs given/],
])("%j: exit 2 before the first API request", async (args, message) => {
  const { sim, repo, kubeconfig } = await setUp();
  const run = await runInProcess([
    "--repo",
    repo.dir,
    "--base",
    "HEAD~1",
    "--kubeconfig",
    kubeconfig,
    ...args,
  ]);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(message);
  expect(sim.requests).toEqual([]);
});
