// The GitLab template and component, run by gitlab-ci-local (shell executor) against the simulated
// API server on 127.0.0.1, in a shallow clone (GitLab's GIT_DEPTH) whose .gitlab-ci.yml includes them.
// CONFIG_ROLLOUT_COMMAND points the job at this checkout's dist/cli.js instead of npx.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { parse, parseAllDocuments, stringify } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { startFakeGitLab } from "../comment/fake-review-api.js";
import { cloneTempRepo, createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { webWithConfigYaml } from "../helpers/manifests.js";
import { findKubectl } from "../sim/helpers.js";
import { CLI_COMMAND as command, ROOT, runPipeline } from "./run-gitlab-ci-local.js";

const ZERO_SHA = "0".repeat(40);
const GITLAB_TOKEN = "glpat-test-token-0123456789";
const AGENT_CONTEXT = "platform/agents:production";

function apiYaml(retries: string): string {
  return `apiVersion: v1
kind: ConfigMap
metadata: { name: api-config, namespace: shop }
data:
  TIMEOUT: "30"
  RETRIES: "${retries}"
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: api, namespace: shop }
spec:
  replicas: 1
  selector: { matchLabels: { app: api } }
  template:
    metadata: { labels: { app: api } }
    spec:
      containers:
        - name: api
          image: registry.example/api:1
          env:
            - name: TIMEOUT
              valueFrom: { configMapKeyRef: { name: api-config, key: TIMEOUT } }
`;
}

// The user's pipeline: the template included from a copy in the repository (as `include: project:`
// would fetch it), a job extending the hidden job, and a later job reading the dotenv report.
const TEMPLATE_PIPELINE = `include:
  - local: ci/config-rollout.yml
stages: [deploy, verify]
config-rollout:
  extends: .config-rollout
  variables:
    CONFIG_ROLLOUT_PATHS: k8s/**/*.yaml
    CONFIG_ROLLOUT_TIMEOUT: 30s
smoke-test:
  stage: verify
  needs: [config-rollout]
  script:
    - echo "config-rollout said $CONFIG_ROLLOUT_RESULT for $CONFIG_ROLLOUT_RESTARTED"
`;

// The same job from the CI/CD component, included the way GitLab documents testing a component in
// its own project (gitlab-ci-local reads it from templates/ of the working tree).
const COMPONENT_PIPELINE = `include:
  - component: $CI_SERVER_FQDN/$CI_PROJECT_PATH/config-rollout@$CI_COMMIT_SHA
    inputs:
      job-name: restart-shop
      paths: k8s/**/*.yaml
      dry-run: server
      context: ${AGENT_CONTEXT}
      command: CONFIG_ROLLOUT_COMMAND_FROM_TEST
`;

// examples/gitlab/.gitlab-ci.yml as a user would commit it, with the remote include swapped for the
// local copy (no network here) and the CLI from this checkout instead of npx.
function examplePipeline(): string {
  const example = parse(readFileSync(join(ROOT, "examples/gitlab/.gitlab-ci.yml"), "utf8")) as Record<
    string,
    unknown
  >;
  const job = example["config-rollout"] as { variables: Record<string, string> };
  return stringify({
    ...example,
    include: [{ local: "ci/config-rollout.yml" }],
    "config-rollout": { ...job, variables: { ...job.variables, CONFIG_ROLLOUT_COMMAND: command } },
  });
}
const EXAMPLE_CONTEXT = "my-group/k8s-agents:production";

let origin: TempRepo;
let base: string;
let head: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  origin = await createTempRepo();
  await origin.write("k8s/shop/web.yaml", webWithConfigYaml("info", { replicas: 2 }));
  await origin.write("k8s/shop/api.yaml", apiYaml("3"));
  await origin.write(".gitlab-ci.yml", TEMPLATE_PIPELINE);
  await origin.write("ci/config-rollout.yml", readFileSync(join(ROOT, ".gitlab-ci-template.yml"), "utf8"));
  await origin.write(
    "templates/config-rollout.yml",
    readFileSync(join(ROOT, "templates/config-rollout.yml"), "utf8"),
  );
  await origin.write("example.gitlab-ci.yml", examplePipeline());
  await origin.write(
    "component.gitlab-ci.yml",
    COMPONENT_PIPELINE.replace("CONFIG_ROLLOUT_COMMAND_FROM_TEST", command),
  );
  base = await origin.commit("shop manifests");
  await origin.write("k8s/shop/web.yaml", webWithConfigYaml("debug", { replicas: 2 }));
  await origin.write("k8s/shop/api.yaml", apiYaml("5"));
  head = await origin.commit("debug logging, 5 retries");
});

afterAll(async () => {
  await origin?.cleanup();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A depth-1 clone of the pushed commit, as a GitLab runner checks it out with a small GIT_DEPTH. */
async function checkout(): Promise<TempRepo> {
  const clone = await cloneTempRepo(`file://${origin.dir}`, ["--depth", "1"]);
  cleanups.push(() => clone.cleanup());
  return clone;
}

/**
 * A cluster as an apply stage leaves it: the workloads as at `base`, the configs as at `head`.
 * Its kubeconfig has two contexts like the GitLab agent's; the current one points nowhere, so the
 * run only works when KUBE_CONTEXT selects the agent's context.
 */
async function startCluster(
  dir: string,
): Promise<{ sim: SimCluster; kubeconfigPath: string; kubeconfig: string }> {
  const sim = await startSimCluster({ rolloutStepMs: 5 });
  cleanups.push(() => sim.close());
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
  for (const [text, keep] of [
    [`${webWithConfigYaml("info", { replicas: 2 })}---\n${apiYaml("3")}`, "Deployment"],
    [`${webWithConfigYaml("debug", { replicas: 2 })}---\n${apiYaml("5")}`, "ConfigMap"],
  ] as const) {
    for (const doc of parseAllDocuments(text)) {
      const obj = doc.toJS() as Record<string, unknown>;
      if (obj.kind === keep) sim.seed(obj);
    }
  }
  const kubeconfigPath = join(dir, "..", "kubeconfig");
  sim.writeKubeconfig(kubeconfigPath, { context: AGENT_CONTEXT });
  const config = parse(readFileSync(kubeconfigPath, "utf8")) as Record<
    string,
    Array<Record<string, unknown>>
  >;
  config.clusters?.push({ name: "elsewhere", cluster: { server: "https://127.0.0.1:9" } });
  config.users?.push({ name: "elsewhere", user: { token: "not-this-one" } });
  config.contexts?.push({
    name: "platform/agents:staging",
    context: { cluster: "elsewhere", user: "elsewhere" },
  });
  const kubeconfig = stringify({ ...config, "current-context": "platform/agents:staging" });
  writeFileSync(kubeconfigPath, kubeconfig);
  return { sim, kubeconfigPath, kubeconfig };
}

/** What GitLab provides in a push pipeline on the default branch (gitlab-ci-local fills in the rest). */
function pushVariables(): Record<string, string> {
  return { GITLAB_CI: "true", CI_PIPELINE_SOURCE: "push", CI_COMMIT_BEFORE_SHA: base };
}

function writes(sim: SimCluster) {
  return sim.requests.filter((r) => ["patch", "update", "create", "apply", "delete"].includes(r.verb));
}

function podTemplateAnnotations(sim: SimCluster, name: string): Record<string, string> {
  const obj = sim.get("Deployment", "shop", name) as {
    spec: { template: { metadata?: { annotations?: Record<string, string> } } };
  };
  return obj.spec.template.metadata?.annotations ?? {};
}

describe("the GitLab template run by gitlab-ci-local", () => {
  test("a push to the default branch restarts the consumer of the changed key and publishes the reports", async () => {
    const repo = await checkout();
    const { sim, kubeconfig } = await startCluster(repo.dir);

    const run = await runPipeline(repo.dir, {
      ...pushVariables(),
      CONFIG_ROLLOUT_COMMAND: command,
      CONFIG_ROLLOUT_KUBECONFIG: Buffer.from(kubeconfig).toString("base64"),
      KUBE_CONTEXT: AGENT_CONTEXT,
    });

    expect(run.output).toMatch(/PASS\s+config-rollout/);
    expect(run.code).toBe(0);
    const plan = JSON.parse(run.artifact("config-rollout", "config-rollout-plan.json"));
    expect(plan).toMatchObject({
      outcome: "restarted",
      dryRun: "none",
      base,
      head,
      range: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA",
      cluster: { context: AGENT_CONTEXT },
    });
    // The base commit was not in the depth-1 clone: the CLI fetched it from origin.
    await expect(repo.git(["cat-file", "-e", `${base}^{commit}`])).resolves.toBe("");
    expect(Object.keys(podTemplateAnnotations(sim, "web")).some((k) => k.startsWith("config-rollout"))).toBe(
      true,
    );
    expect(podTemplateAnnotations(sim, "api")).toEqual({});

    expect(run.dotenv("config-rollout", "config-rollout.env")).toEqual({
      CONFIG_ROLLOUT_RESULT: "restarted",
      CONFIG_ROLLOUT_EXIT_CODE: "0",
      CONFIG_ROLLOUT_CHANGED_CONFIGS: "ConfigMap/shop/api-config,ConfigMap/shop/web-config",
      CONFIG_ROLLOUT_PLANNED: "Deployment/shop/web",
      CONFIG_ROLLOUT_RESTARTED: "Deployment/shop/web",
      CONFIG_ROLLOUT_FAILED: "",
      CONFIG_ROLLOUT_ROLLED_BACK: "",
    });
    const junit = run.artifact("config-rollout", "config-rollout-junit.xml");
    expect(junit).toContain('tests="2" failures="0" errors="0" skipped="1"');
    expect(junit).toMatch(
      /<testcase classname="config-rollout.shop" name="deployment\/web"[^>]*>\s*<system-out>/,
    );
    expect(junit).toMatch(/name="deployment\/api"[^>]*>\s*<skipped message="reads configmap\/api-config/);
    // The dotenv report reaches later jobs of the pipeline.
    expect(run.jobLog("smoke-test")).toContain("config-rollout said restarted for Deployment/shop/web");
    expect(run.jobLog("config-rollout")).toContain("rolled out       Deployment/shop/web");
  });

  test("a merge-request pipeline only plans, says so in the log and the reports, and posts the plan note", async () => {
    const repo = await checkout();
    const { sim, kubeconfig } = await startCluster(repo.dir);
    const gitlab = await startFakeGitLab(GITLAB_TOKEN);
    onTestFinished(() => gitlab.close());

    const run = await runPipeline(
      repo.dir,
      {
        GITLAB_CI: "true",
        CI_PIPELINE_SOURCE: "merge_request_event",
        CI_MERGE_REQUEST_IID: "7",
        CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
        CI_COMMIT_BEFORE_SHA: ZERO_SHA,
        CONFIG_ROLLOUT_COMMAND: command,
        CONFIG_ROLLOUT_KUBECONFIG: kubeconfig,
        KUBE_CONTEXT: AGENT_CONTEXT,
        CI_API_V4_URL: gitlab.apiUrl,
        CI_PROJECT_ID: "42",
        CONFIG_ROLLOUT_GITLAB_TOKEN: GITLAB_TOKEN,
      },
      // Merge-request pipelines have no CI_COMMIT_BRANCH.
      ["--unset-variable", "CI_COMMIT_BRANCH"],
    );

    expect(run.code).toBe(0);
    expect(run.jobLog("config-rollout")).toContain("merge-request pipeline, so a dry run (client)");
    const plan = JSON.parse(run.artifact("config-rollout", "config-rollout-plan.json"));
    expect(plan).toMatchObject({
      outcome: "planned",
      dryRun: "client",
      base,
      range: "GitLab merge request: CI_MERGE_REQUEST_DIFF_BASE_SHA..CI_COMMIT_SHA",
    });
    expect(writes(sim)).toEqual([]);
    expect(podTemplateAnnotations(sim, "web")).toEqual({});
    expect(run.dotenv("config-rollout", "config-rollout.env")).toMatchObject({
      CONFIG_ROLLOUT_RESULT: "planned",
      CONFIG_ROLLOUT_PLANNED: "Deployment/shop/web",
      CONFIG_ROLLOUT_RESTARTED: "",
    });
    expect(run.artifact("config-rollout", "config-rollout-junit.xml")).toContain(
      "would restart: dry run: consumes configmap/web-config",
    );
    // The plan as one note on the merge request, owned by the job's name; the token is in no log.
    expect(gitlab.comments.map((c) => c.body.split("\n")[0])).toEqual([
      "<!-- config-rollout:plan id=config-rollout -->",
    ]);
    expect(gitlab.comments[0]?.body).toContain("**Dry run: 1 workload(s) would restart.**");
    expect(run.jobLog("config-rollout")).toContain("comment: plan comment created on merge request !7");
    expect(run.output).not.toContain(GITLAB_TOKEN);
  });

  test("a rollout that misses its progress deadline fails the job after writing every report", async () => {
    const repo = await checkout();
    const { sim, kubeconfigPath } = await startCluster(repo.dir);
    sim.setRolloutBehaviour("Deployment", "shop", "web", "progress-deadline");

    const run = await runPipeline(repo.dir, {
      ...pushVariables(),
      CONFIG_ROLLOUT_COMMAND: command,
      // A CI/CD variable of type File: GitLab passes the path of a file holding the value.
      CONFIG_ROLLOUT_KUBECONFIG: kubeconfigPath,
      KUBE_CONTEXT: AGENT_CONTEXT,
    });

    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/FAIL\s+config-rollout/);
    expect(run.output).not.toMatch(/smoke-test\s+starting/);
    expect(JSON.parse(run.artifact("config-rollout", "config-rollout-plan.json")).outcome).toBe("failed");
    expect(run.dotenv("config-rollout", "config-rollout.env")).toMatchObject({
      CONFIG_ROLLOUT_RESULT: "failed",
      CONFIG_ROLLOUT_EXIT_CODE: "1",
      CONFIG_ROLLOUT_FAILED: "Deployment/shop/web",
    });
    expect(run.artifact("config-rollout", "config-rollout-junit.xml")).toMatch(
      /name="deployment\/web"[^>]*>\s*<failure type="failed" message="[^"]*progress deadline/,
    );
  });

  test("bad input fails the job with exit code 2 and still leaves the reports", async () => {
    const repo = await checkout();

    const run = await runPipeline(repo.dir, {
      ...pushVariables(),
      CONFIG_ROLLOUT_COMMAND: command,
      CONFIG_ROLLOUT_STRATEGY: "bounce",
    });

    expect(run.code).not.toBe(0);
    expect(run.jobLog("config-rollout")).toContain("bounce");
    expect(run.dotenv("config-rollout", "config-rollout.env")).toMatchObject({
      CONFIG_ROLLOUT_RESULT: "failed",
      CONFIG_ROLLOUT_EXIT_CODE: "2",
    });
    expect(run.artifact("config-rollout", "config-rollout-junit.xml")).toContain(
      '<error type="exit-code-2" message="config-rollout exited with code 2 without a report',
    );
  });
});

describe("the GitLab CI/CD component run by gitlab-ci-local", () => {
  test("inputs reach the CLI: a server-side dry run against the agent's context", async () => {
    const repo = await checkout();
    const { sim, kubeconfig } = await startCluster(repo.dir);

    const run = await runPipeline(repo.dir, { ...pushVariables(), CONFIG_ROLLOUT_KUBECONFIG: kubeconfig }, [
      "--file",
      "component.gitlab-ci.yml",
    ]);

    expect(run.output).toMatch(/PASS\s+restart-shop/);
    expect(run.code).toBe(0);
    const plan = JSON.parse(run.artifact("restart-shop", "config-rollout-plan.json"));
    expect(plan).toMatchObject({ outcome: "planned", dryRun: "server", cluster: { context: AGENT_CONTEXT } });
    // Server-side dry run: the patch went to the API server with dryRun=All and changed nothing.
    expect(writes(sim).map((r) => [r.verb, r.kind, r.name, r.query.dryRun])).toContainEqual([
      "patch",
      "Deployment",
      "web",
      "All",
    ]);
    expect(podTemplateAnnotations(sim, "web")).toEqual({});
    expect(run.dotenv("restart-shop", "config-rollout.env")).toMatchObject({
      CONFIG_ROLLOUT_RESULT: "planned",
    });
  });
});

describe.skipIf(!findKubectl())("examples/gitlab/.gitlab-ci.yml run by gitlab-ci-local", () => {
  test("kubectl applies the manifests, then config-rollout restarts what the change needs", async () => {
    const repo = await checkout();
    const sim = await startSimCluster({ rolloutStepMs: 5 });
    cleanups.push(() => sim.close());
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
    for (const doc of parseAllDocuments(
      `${webWithConfigYaml("info", { replicas: 2 })}---\n${apiYaml("3")}`,
    )) {
      sim.seed(doc.toJS() as Record<string, unknown>);
    }
    // What the GitLab agent provides: a KUBECONFIG file holding the agent's context.
    const kubeconfigPath = join(repo.dir, "..", "agent-kubeconfig");
    sim.writeKubeconfig(kubeconfigPath, { context: EXAMPLE_CONTEXT });

    const run = await runPipeline(repo.dir, { ...pushVariables(), KUBECONFIG: kubeconfigPath }, [
      "--file",
      "example.gitlab-ci.yml",
    ]);

    expect(run.output).toMatch(/PASS\s+apply/);
    expect(run.output).toMatch(/PASS\s+config-rollout/);
    expect(run.code).toBe(0);
    const config = sim.get("ConfigMap", "shop", "web-config") as { data: Record<string, string> };
    expect(config.data.LOG_LEVEL).toBe("debug");
    expect(JSON.parse(run.artifact("config-rollout", "config-rollout-plan.json"))).toMatchObject({
      outcome: "restarted",
      cluster: { context: EXAMPLE_CONTEXT },
    });
    expect(run.jobLog("smoke-test")).toContain(
      "config-rollout finished with restarted; restarted Deployment/shop/web",
    );
  });
});
