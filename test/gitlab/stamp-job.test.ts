// The template's hidden job .config-rollout-stamp, run by gitlab-ci-local (shell executor) in a
// checkout whose .gitlab-ci.yml extends it: a merge-request pipeline fails on a missing stamp, names
// the workload and the fix, and writes nothing; once `config-rollout stamp` is committed it passes;
// a push pipeline does not run it.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, test } from "vitest";
import { cloneTempRepo, createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { webWithConfigYaml } from "../helpers/manifests.js";
import { CLI_COMMAND as command, ROOT, runPipeline } from "./run-gitlab-ci-local.js";

const PIPELINE = `include:
  - local: ci/config-rollout.yml
stages: [test]
config-rollout-stamp:
  extends: .config-rollout-stamp
`;

const MANIFESTS = webWithConfigYaml("debug");

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function repository(): Promise<TempRepo> {
  const origin = await createTempRepo();
  cleanups.push(() => origin.cleanup());
  await origin.write("k8s/web.yaml", MANIFESTS);
  await origin.write(".gitlab-ci.yml", PIPELINE);
  await origin.write("ci/config-rollout.yml", readFileSync(join(ROOT, ".gitlab-ci-template.yml"), "utf8"));
  await origin.commit("manifests without stamps");
  return origin;
}

async function checkout(origin: TempRepo): Promise<TempRepo> {
  const clone = await cloneTempRepo(`file://${origin.dir}`, ["--depth", "1"]);
  cleanups.push(() => clone.cleanup());
  return clone;
}

const mergeRequest = {
  GITLAB_CI: "true",
  CI_PIPELINE_SOURCE: "merge_request_event",
  CONFIG_ROLLOUT_COMMAND: command,
};

describe(".config-rollout-stamp run by gitlab-ci-local", () => {
  test("a merge request with a missing stamp fails the job, names the workload and the fix, and writes nothing", async () => {
    const repo = await checkout(await repository());
    const run = await runPipeline(repo.dir, mergeRequest);
    expect(run.output).toMatch(/FAIL\s+config-rollout-stamp/);
    expect(run.code).not.toBe(0);
    const log = run.jobLog("config-rollout-stamp");
    expect(log).toMatch(/deployment\/web/);
    expect(log).toContain("config-rollout stamp");
    expect(readFileSync(join(repo.dir, "k8s/web.yaml"), "utf8")).toBe(MANIFESTS);
  });

  test("once the stamp is committed the job passes; a push pipeline does not run it", async () => {
    const origin = await repository();
    // The developer runs the fix the job names and commits it.
    const [node, cli] = command.split(" ");
    await promisify(execFile)(node!, [cli!, "stamp", "--repo", origin.dir]);
    expect(readFileSync(join(origin.dir, "k8s/web.yaml"), "utf8")).toMatch(
      /config-rollout\.io\/config-hash: "?[0-9a-f]{64}"?/,
    );
    await origin.commit("config-rollout stamp");
    const repo = await checkout(origin);
    const run = await runPipeline(repo.dir, mergeRequest);
    expect(run.output).toMatch(/PASS\s+config-rollout-stamp/);
    expect(run.code).toBe(0);

    const push = await runPipeline(repo.dir, {
      GITLAB_CI: "true",
      CI_PIPELINE_SOURCE: "push",
      CONFIG_ROLLOUT_COMMAND: command,
    });
    expect(push.output).not.toMatch(/config-rollout-stamp/);
  });
});
