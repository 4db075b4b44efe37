// A run that stops with an error, end to end and in-process: stderr has the error line, and stdout
// still has a report of the error in the format asked for (a JSON object, a markdown heading), so a
// program reading `--output json` is never left with nothing.
import { describe, expect, test } from "vitest";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

const commitTwice = useCommitTwice();

function run(repo: TempRepo, args: string[]) {
  return runInProcess(["--repo", repo.dir, "--discover", "repo", ...args]);
}

const envFrom = pod({ envFrom: [{ configMapRef: { name: "app" } }] });
const config = (level: string) => configMap("app", { LOG_LEVEL: level, PORT: "8080" });

describe("a run that stops with an error still reports in the format asked for", () => {
  const files = { "k8s/app.yaml": yamlDocs(config("info"), deployment("web", envFrom)) };
  const changed = { "k8s/app.yaml": yamlDocs(config("debug"), deployment("web", envFrom)) };

  test("--output json prints an error object (exit 2)", async () => {
    const repo = await commitTwice(files, changed);
    const result = await run(repo, ["--dry-run", "--output", "json", "--kustomize", "overlays/nope"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      outcome: "failed",
      error: {
        exitCode: 2,
        message: "--kustomize overlays/nope: no kustomization.yaml in that directory at either commit",
      },
    });
    expect(result.stderr).toContain("error: --kustomize overlays/nope: no kustomization.yaml");
  });

  test("flags that do not parse, and a bad --base, are error objects too", async () => {
    const repo = await commitTwice(files, files);
    const unknown = await run(repo, ["-o", "json", "--dry-runn"]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({
      outcome: "failed",
      error: { exitCode: 2, message: expect.stringContaining("unknown flag --dry-runn") },
    });
    const badBase = await run(repo, ["--output=json", "--dry-run", "--base", "deadbeef"]);
    expect(badBase.code).toBe(2);
    expect(JSON.parse(badBase.stdout)).toMatchObject({ outcome: "failed", error: { exitCode: 2 } });
  });

  test("--output markdown says the error", async () => {
    const repo = await commitTwice(files, changed);
    const result = await run(repo, ["--output", "markdown", "--dry-run", "--kustomize", "overlays/nope"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe(
      "### config-rollout\n\n**Failed (exit code 2):** --kustomize overlays/nope: no kustomization.yaml in that directory at either commit\n",
    );
  });

  test("text output keeps stdout empty: the error is on stderr", async () => {
    const repo = await commitTwice(files, changed);
    const result = await run(repo, ["--dry-run", "--kustomize", "overlays/nope"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
  });
});
