// Output that misled users on real repositories, each case as a user meets it: a dry run of a push
// through the CLI function, against real git repositories.
import { afterEach, expect, test } from "vitest";
import { stringify } from "yaml";
import { commitTwice, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { dryRun, parseRunJson, type RunJson } from "../helpers/run-json.js";

const repos: TempRepo[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
});

async function plan(before: Record<string, string>, after: Record<string, string>, args: string[] = []) {
  const repo = await commitTwice(before, after);
  repos.push(repo);
  const run = await dryRun(repo.dir, args);
  expect(run.code, run.stderr).toBe(0);
  return { json: parseRunJson(run.stdout), stderr: run.stderr };
}

const app = (level: string) =>
  yamlDocs(
    configMap("app-config", { LEVEL: level }),
    deployment("app", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
  );

test("a broken test fixture the push did not touch, found only because it mentions workloadRef, is not warned about", async () => {
  const fixtures = {
    // Read for the references it may hold (a Rollout running another object's template)...
    "test/fixtures/rollout-bad.yaml":
      "apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata:\n  name: bad\nspec:\n  workloadRef: [unclosed\n",
    // ...while one that names the changed config may hold a consumer: its problem is kept.
    "test/fixtures/consumer-bad.yaml":
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: other\nspec:\n  template: [app-config\n",
  };
  const { json } = await plan(
    { "deploy/app.yaml": app("info"), ...fixtures },
    { "deploy/app.yaml": app("debug"), ...fixtures },
  );
  expect(json.workloads.map((w) => [w.name, w.action])).toEqual([["app", "restart"]]);
  expect(json.problems.map((p) => p.file)).toEqual(["test/fixtures/consumer-bad.yaml"]);
});

test("a test chart under .github/ is not warned about as a deployed chart, and leaves the plan complete", async () => {
  const chart = (replicas: number) => ({
    ".github/ci/test-chart/Chart.yaml": stringify({ apiVersion: "v2", name: "test-chart", version: "0.1.0" }),
    ".github/ci/test-chart/values.yaml": `replicas: ${replicas}\n`,
  });
  const { json, stderr } = await plan(
    { "deploy/app.yaml": app("info"), ...chart(1) },
    { "deploy/app.yaml": app("info"), ...chart(2) },
  );
  expect(json.warnings).toEqual([]);
  expect(stderr).not.toContain("Helm chart");
  expect(json.outcome).toBe("nothing-to-do");
  expect((json as RunJson & { sources?: string[] }).sources).toEqual([
    "Helm chart .github/ci/test-chart: changed, not planned: a chart under a hidden directory is taken for a CI or test fixture, not a deployed chart (--render plans it if it is deployed)",
  ]);
});

test("a kustomization that generates Secrets and cannot fetch its remote base says so, its values still not shown", async () => {
  const kustomization = (value: string) =>
    stringify({
      resources: ["https://github.com/example/never//answers?ref=v1"],
      secretGenerator: [{ name: "db", literals: [`password=s3cr3t-${value}`] }],
    });
  const repo = await commitTwice(
    { "app/kustomization.yaml": kustomization("one") },
    { "app/kustomization.yaml": kustomization("two") },
  );
  repos.push(repo);
  const run = await runInProcess(
    ["--repo", repo.dir, "--dry-run", "-o", "json", "--discover", "repo", "--render-timeout", "30s"],
    // No network here; the proxy makes the refusal immediate wherever the test runs.
    { GIT_TERMINAL_PROMPT: "0", HTTPS_PROXY: "http://127.0.0.1:9", HTTP_PROXY: "http://127.0.0.1:9" },
  );
  expect(run.code, run.stderr).toBe(0);
  const json = JSON.parse(run.stdout) as RunJson;
  expect(json.outcome).toBe("incomplete");
  const warning = json.warnings.find((w) => w.includes("kustomize app"));
  expect(warning).toContain(
    "could not fetch the remote resource https://github.com/example/never//answers?ref=v1: ",
  );
  expect(warning).toContain("other details not shown (the kustomization generates or holds Secrets");
  expect(run.stdout + run.stderr).not.toContain("s3cr3t");
});

test("a chart rendered once into a file a kustomization lists is read through the kustomization: no chart warning", async () => {
  // As Argo CD's manifests/ha/base/redis-ha: chart/upstream.yaml is `helm template`'s output, committed.
  const files = (level: string) => ({
    "redis-ha/kustomization.yaml": stringify({ resources: ["chart/upstream.yaml"] }),
    "redis-ha/chart/Chart.yaml": stringify({ apiVersion: "v2", name: "redis-ha-wrapper", version: "0.1.0" }),
    "redis-ha/chart/upstream.yaml": app(level),
  });
  const { json, stderr } = await plan(files("info"), files("debug"));
  expect(stderr).not.toContain("Helm chart");
  expect(json.outcome).toBe("planned");
  expect(json.workloads.map((w) => [w.name, w.action])).toEqual([["app", "restart"]]);
});
