// The action as a release publishes it: a tag holds action.yml and dist/ (committed, bundling every
// dependency), and GitHub runs action.yml's runs.main with node. Copied alone into an empty directory,
// with no node_modules or sources near it, it runs the README quick start's inputs as a dry run.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { kubeconfigYaml, type SimCluster, startSimCluster } from "../../sim/index.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { webWithConfigYaml } from "../helpers/manifests.js";
import { runAction } from "./run-action.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
let release: string;
let repo: TempRepo;
let sim: SimCluster;
let base: string;
let head: string;

beforeAll(async () => {
  // What a checkout of the release tag gives the runner, and nothing else.
  release = mkdtempSync(join(tmpdir(), "config-rollout-release-"));
  cpSync(join(root, "action.yml"), join(release, "action.yml"));
  cpSync(join(root, "dist"), join(release, "dist"), { recursive: true });
  repo = await createTempRepo();
  await repo.write("k8s/web.yaml", webWithConfigYaml("info"));
  base = await repo.commit("web");
  await repo.write("k8s/web.yaml", webWithConfigYaml("debug"));
  head = await repo.commit("web logs at debug");
  // The cluster after the quick start's `kubectl apply`: the new config, the workload not restarted yet.
  sim = await startSimCluster({ rolloutStepMs: 5 });
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
  const [config] = parseAllDocuments(webWithConfigYaml("debug"));
  const [, workload] = parseAllDocuments(webWithConfigYaml("info"));
  sim.seed(config!.toJS());
  sim.seed(workload!.toJS());
  sim.resetRequests();
});

afterAll(async () => {
  await sim?.close();
  await repo?.cleanup();
  rmSync(release, { recursive: true, force: true });
});

/** The `with:` of the quick start's config-rollout step, as the README shows it. */
function quickStartInputs(): Record<string, string> {
  const workflow = parse(readFileSync(join(root, "examples/github/quick-start.yml"), "utf8")) as {
    jobs: Record<string, { steps: Array<{ uses?: string; with?: Record<string, string> }> }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const step = steps.find((s) => /\/config-rollout@v1$/.test(s.uses ?? ""));
  expect(step?.with).toBeDefined();
  return step!.with!;
}

test("the release layout is action.yml and dist/, and action.yml runs a file of dist/ on node24", () => {
  expect(readdirSync(release).sort()).toEqual(["action.yml", "dist"]);
  const action = parse(readFileSync(join(release, "action.yml"), "utf8")) as {
    runs: { using: string; main: string };
  };
  expect(action.runs).toEqual({ using: "node24", main: "dist/action.js" });
});

test("the quick start's inputs, from the release layout alone: a dry run that plans the restart", async () => {
  const action = parse(readFileSync(join(release, "action.yml"), "utf8")) as { runs: { main: string } };
  const kubeconfig = kubeconfigYaml(sim.httpsUrl, sim.token, { context: "ci", caCert: sim.caCert });
  const inputs = Object.fromEntries(
    Object.entries(quickStartInputs()).map(([name, value]) => [
      name,
      // The workflow's secret, as GitHub would expand it: the kubeconfig, base64-encoded.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression GitHub expands
      value === "${{ secrets.KUBECONFIG }}" ? Buffer.from(kubeconfig).toString("base64") : value,
    ]),
  );
  expect(Object.keys(inputs)).toEqual(["kubeconfig-data", "paths"]);

  const run = await runAction({
    main: join(release, action.runs.main),
    workspace: repo.dir,
    eventName: "push",
    event: { ref: "refs/heads/main", before: base, after: head, repository: { full_name: "acme/shop" } },
    // A dry run, spelled as a workflow author would: true means client.
    inputs: { ...inputs, "dry-run": "true" },
  });

  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.outputs.result).toBe("planned");
  const report = JSON.parse(run.outputs.plan!) as {
    dryRun: string;
    workloads: Array<{ kind: string; namespace: string; name: string; action: string }>;
  };
  expect(report.dryRun).toBe("client");
  expect(report.workloads.map((w) => `${w.action} ${w.kind}/${w.namespace}/${w.name}`)).toEqual([
    "restart Deployment/shop/web",
  ]);
  expect(run.summary).toContain("Dry run: 1 workload(s) would restart.");
  // The kubeconfig input reached the cluster (its consumers were read), and nothing was written.
  expect(sim.requests.length).toBeGreaterThan(0);
  const writes = sim.requests.filter((r) =>
    ["patch", "update", "create", "apply", "delete"].includes(r.verb),
  );
  expect(writes).toEqual([]);
});
