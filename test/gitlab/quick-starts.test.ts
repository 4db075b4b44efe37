// The README's GitLab quick starts (examples/gitlab/quick-start.gitlab-ci.yml and
// component.gitlab-ci.yml, the very files the README shows) run by gitlab-ci-local: a push to the
// default branch applies the manifests, then restarts what the change needs; a merge-request pipeline,
// which has no deploy job, is created and only plans. The one change to each file: the include points
// at this checkout (no network here), and the CLI is this checkout's dist/cli.js.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { cloneTempRepo, createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { webWithConfigYaml } from "../helpers/manifests.js";
import { findKubectl } from "../sim/helpers.js";
import { CLI_COMMAND, ROOT, runPipeline } from "./run-gitlab-ci-local.js";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
/** The GitLab agent's context the quick starts name. */
const AGENT_CONTEXT = "my-group/my-project:my-agent";

const TEMPLATE_INCLUDE =
  "- remote: https://<gitlab-host>/<group>/config-rollout/-/raw/v1/.gitlab-ci-template.yml";
const COMPONENT_INCLUDE = "- component: <gitlab-host>/<group>/config-rollout/config-rollout@1";

/** A quick start with its include pointed at this checkout's template or component. */
function pointedHere(file: string, include: string, local: string): string {
  const text = read(file);
  expect(text).toContain(include);
  return text.replace(include, local);
}

let origin: TempRepo;
let base: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  origin = await createTempRepo();
  await origin.write("k8s/shop/web.yaml", webWithConfigYaml("info", { replicas: 2 }));
  await origin.write("ci/config-rollout.yml", read(".gitlab-ci-template.yml"));
  await origin.write("templates/config-rollout.yml", read("templates/config-rollout.yml"));
  await origin.write(
    "template.gitlab-ci.yml",
    pointedHere(
      "examples/gitlab/quick-start.gitlab-ci.yml",
      TEMPLATE_INCLUDE,
      "- local: ci/config-rollout.yml",
    ),
  );
  await origin.write(
    "component.gitlab-ci.yml",
    pointedHere(
      "examples/gitlab/component.gitlab-ci.yml",
      COMPONENT_INCLUDE,
      // How GitLab includes a component from the project that holds it (gitlab-ci-local reads templates/).
      "- component: $CI_SERVER_FQDN/$CI_PROJECT_PATH/config-rollout@$CI_COMMIT_SHA",
    ),
  );
  base = await origin.commit("shop");
  await origin.write("k8s/shop/web.yaml", webWithConfigYaml("debug", { replicas: 2 }));
  await origin.commit("web logs at debug");
});

afterAll(async () => {
  await origin?.cleanup();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A depth-1 clone of the pushed commit, and a cluster running the base commit's manifests, reached
 * through the KUBECONFIG the GitLab agent gives every job (its context current).
 */
async function start(): Promise<{ dir: string; sim: SimCluster; kubeconfig: string }> {
  const clone = await cloneTempRepo(`file://${origin.dir}`, ["--depth", "1"]);
  cleanups.push(() => clone.cleanup());
  const sim = await startSimCluster({ rolloutStepMs: 5 });
  cleanups.push(() => sim.close());
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
  for (const doc of parseAllDocuments(webWithConfigYaml("info", { replicas: 2 })))
    sim.seed(doc.toJS() as Record<string, unknown>);
  const kubeconfig = join(clone.dir, "..", "agent-kubeconfig");
  sim.writeKubeconfig(kubeconfig, { context: AGENT_CONTEXT });
  sim.resetRequests();
  return { dir: clone.dir, sim, kubeconfig };
}

function writes(sim: SimCluster) {
  return sim.requests.filter((r) => ["patch", "update", "create", "apply", "delete"].includes(r.verb));
}

function annotated(sim: SimCluster): boolean {
  const web = sim.get("Deployment", "shop", "web") as {
    spec: { template: { metadata?: { annotations?: Record<string, string> } } };
  };
  return Object.keys(web.spec.template.metadata?.annotations ?? {}).some((k) =>
    k.startsWith("config-rollout"),
  );
}

describe.skipIf(!findKubectl())("the README's GitLab quick starts run by gitlab-ci-local", () => {
  test.each(["template.gitlab-ci.yml", "component.gitlab-ci.yml"])(
    "%s: a push to the default branch deploys, then restarts what reads the changed config",
    async (file) => {
      const { dir, sim, kubeconfig } = await start();
      const run = await runPipeline(
        dir,
        {
          GITLAB_CI: "true",
          CI_PIPELINE_SOURCE: "push",
          CI_COMMIT_BEFORE_SHA: base,
          KUBECONFIG: kubeconfig,
          CONFIG_ROLLOUT_COMMAND: CLI_COMMAND,
        },
        ["--file", file],
      );
      expect(run.output).toMatch(/PASS\s+deploy/);
      expect(run.output).toMatch(/PASS\s+config-rollout/);
      expect(run.code, run.output).toBe(0);
      // kubectl applied the new config; config-rollout, after it, restarted its reader.
      const config = sim.get("ConfigMap", "shop", "web-config") as { data: Record<string, string> };
      expect(config.data.LOG_LEVEL).toBe("debug");
      expect(JSON.parse(run.artifact("config-rollout", "config-rollout-plan.json"))).toMatchObject({
        outcome: "restarted",
        dryRun: "none",
        cluster: { context: AGENT_CONTEXT },
      });
      expect(annotated(sim)).toBe(true);
    },
  );

  test.each(["template.gitlab-ci.yml", "component.gitlab-ci.yml"])(
    "%s: a merge-request pipeline is created without the deploy job, and only plans",
    async (file) => {
      const { dir, sim, kubeconfig } = await start();
      const run = await runPipeline(
        dir,
        {
          GITLAB_CI: "true",
          CI_PIPELINE_SOURCE: "merge_request_event",
          CI_MERGE_REQUEST_IID: "7",
          CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
          CI_COMMIT_BEFORE_SHA: "0".repeat(40),
          KUBECONFIG: kubeconfig,
          CONFIG_ROLLOUT_COMMAND: CLI_COMMAND,
        },
        // Merge-request pipelines have no CI_COMMIT_BRANCH.
        ["--file", file, "--unset-variable", "CI_COMMIT_BRANCH"],
      );
      expect(run.code, run.output).toBe(0);
      expect(run.output).not.toMatch(/deploy\s+starting/);
      expect(run.output).toMatch(/PASS\s+config-rollout/);
      expect(JSON.parse(run.artifact("config-rollout", "config-rollout-plan.json"))).toMatchObject({
        outcome: "planned",
        dryRun: "client",
      });
      expect(writes(sim)).toEqual([]);
      expect(annotated(sim)).toBe(false);
    },
  );
});
