// examples/gitlab/fleet.gitlab-ci.yml run by gitlab-ci-local: one plan job writes plan.json, then
// `parallel:matrix` apply jobs (staging, then prod-eu and prod-us) apply it, each to its own
// simulated cluster chosen by its agent context, and a failed staging keeps production untouched.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { parse, parseAllDocuments, stringify } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { cloneTempRepo, createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { webWithConfigYaml } from "../helpers/manifests.js";
import { CLI_COMMAND as command, ROOT, runPipeline } from "./run-gitlab-ci-local.js";

const CLUSTERS = ["staging", "prod-eu", "prod-us"] as const;
const contextOf = (cluster: string) => `my-group/k8s-agents:${cluster}`;

/** The example as a user commits it, the remote include swapped for a local copy (no network). */
function examplePipeline(): string {
  const example = parse(readFileSync(join(ROOT, "examples/gitlab/fleet.gitlab-ci.yml"), "utf8")) as Record<
    string,
    unknown
  >;
  return stringify({ ...example, include: [{ local: "ci/config-rollout.yml" }] });
}

let origin: TempRepo;
let base: string;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  origin = await createTempRepo();
  await origin.write("k8s/shop.yaml", webWithConfigYaml("info", { replicas: 2 }));
  await origin.write(".gitlab-ci.yml", examplePipeline());
  await origin.write("ci/config-rollout.yml", readFileSync(join(ROOT, ".gitlab-ci-template.yml"), "utf8"));
  base = await origin.commit("shop");
  await origin.write("k8s/shop.yaml", webWithConfigYaml("debug", { replicas: 2 }));
  await origin.commit("debug logging");
  return () => origin.cleanup();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * One simulated cluster per context, as after each cluster's apply step: the workloads as at base,
 * the config as at head (or, with `stale`, still as at base); one kubeconfig holding every context.
 */
async function startFleet(
  stale: string[] = [],
): Promise<{ sims: Map<string, SimCluster>; kubeconfig: string }> {
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-fleet-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const sims = new Map<string, SimCluster>();
  const merged: Record<string, unknown[]> = { clusters: [], users: [], contexts: [] };
  for (const cluster of CLUSTERS) {
    const sim = await startSimCluster({ rolloutStepMs: 5 });
    cleanups.push(() => sim.close());
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
    const configAt = stale.includes(cluster) ? "info" : "debug";
    for (const [text, keep] of [
      [webWithConfigYaml("info", { replicas: 2 }), "Deployment"],
      [webWithConfigYaml(configAt, { replicas: 2 }), "ConfigMap"],
    ] as const) {
      for (const doc of parseAllDocuments(text)) {
        const obj = doc.toJS() as Record<string, unknown>;
        if (obj.kind === keep) sim.seed(obj);
      }
    }
    const path = join(dir, cluster);
    sim.writeKubeconfig(path, { context: contextOf(cluster) });
    const one = parse(readFileSync(path, "utf8")) as Record<string, unknown[]>;
    for (const key of ["clusters", "users", "contexts"]) merged[key]!.push(...one[key]!);
    sims.set(cluster, sim);
  }
  const kubeconfig = stringify({
    apiVersion: "v1",
    kind: "Config",
    ...merged,
    "current-context": contextOf("staging"),
  });
  writeFileSync(join(dir, "kubeconfig"), kubeconfig);
  return { sims, kubeconfig };
}

async function checkout(): Promise<TempRepo> {
  const clone = await cloneTempRepo(`file://${origin.dir}`, ["--depth", "1"]);
  cleanups.push(() => clone.cleanup());
  return clone;
}

const patches = (sim: SimCluster) => sim.requests.filter((r) => r.verb === "patch");
const hashOf = (sim: SimCluster) =>
  (
    sim.get("Deployment", "shop", "web") as {
      spec: { template: { metadata?: { annotations?: Record<string, string> } } };
    }
  ).spec.template.metadata?.annotations?.["config-rollout.io/config-hash"];

function variables(kubeconfig: string): Record<string, string> {
  return {
    GITLAB_CI: "true",
    CI_PIPELINE_SOURCE: "push",
    CI_COMMIT_BEFORE_SHA: base,
    CONFIG_ROLLOUT_KUBECONFIG: Buffer.from(kubeconfig).toString("base64"),
    // This checkout's CLI instead of npx (a pipeline variable wins over the template's job variable).
    CONFIG_ROLLOUT_COMMAND: command,
  };
}

// Four jobs each, on a shared machine: longer than one job's pipeline.
describe("examples/gitlab/fleet.gitlab-ci.yml", { timeout: 300_000 }, () => {
  test("one plan, applied by a matrix job per cluster: staging, then prod-eu and prod-us", async () => {
    const repo = await checkout();
    const { sims, kubeconfig } = await startFleet();
    const run = await runPipeline(repo.dir, variables(kubeconfig));
    if (run.code !== 0) console.log(run.output);
    expect(run.output).toMatch(/PASS\s+plan/);
    expect(run.code).toBe(0);
    const plan = JSON.parse(run.artifact("plan", "plan.json")) as { kind: string; workloads: unknown[] };
    expect(plan).toMatchObject({ apiVersion: "config-rollout.io/v1", kind: "Plan" });
    expect(plan.workloads).toHaveLength(1);
    const hashes = CLUSTERS.map((cluster) => hashOf(sims.get(cluster)!));
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(hashes)).toEqual(new Set([hashes[0]]));
    // Each apply job talked to its own cluster only, once: the plan job to none.
    for (const cluster of CLUSTERS)
      expect(patches(sims.get(cluster)!).map((r) => `${r.kind}/${r.name}`)).toEqual(["Deployment/web"]);
    for (const job of ["plan", "staging: [staging]", "production: [prod-eu]", "production: [prod-us]"])
      expect(run.output).toMatch(new RegExp(`PASS\\s+${job.replace(/[[\]]/g, "\\$&")}`));
    expect(run.output).toContain("production: [prod-us] >   compared");
    expect(run.output).toMatch(/production: \[prod-us\] >\s+compared \w+\.\.\w+: plan file plan\.json/);
  });

  test("a failed staging cluster stops the production wave: nothing is written there", async () => {
    const repo = await checkout();
    const { sims, kubeconfig } = await startFleet(["staging"]);
    const run = await runPipeline(repo.dir, {
      ...variables(kubeconfig),
      CONFIG_ROLLOUT_CONFIG_TIMEOUT: "1s",
    });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain("does not hold the committed content of configmap/web-config");
    expect(patches(sims.get("staging")!)).toEqual([]);
    for (const cluster of ["prod-eu", "prod-us"]) expect(sims.get(cluster)!.requests).toEqual([]);
  });
});
