// Issue 32: whether the head is trusted is decided from the CI event even when --base/--head set the
// range, and without the facts the head is untrusted (fail closed). The witness: a kustomization
// naming a remote resource, which is refused before kustomize runs from an untrusted head only.
// The bundled CLI on temp git repositories with GitHub event payload fixtures and GitLab variables.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { commitTwice, type TempRepo } from "../helpers/git-repo.js";
import { runCli } from "../helpers/run-cli.js";

const REMOTE = "https://127.0.0.1:9/org/never//answers?ref=v1";
let scratch: string;
let repo: TempRepo;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), "trust-events-"));
  const kustomization = (body: string) =>
    `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n${body}`;
  const cm = (level: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  LEVEL: ${level}\n`;
  repo = await commitTwice(
    { "app/kustomization.yaml": kustomization("resources:\n- cm.yaml\n"), "app/cm.yaml": cm("info") },
    {
      "app/kustomization.yaml": kustomization(`resources:\n- cm.yaml\n- ${REMOTE}\n`),
      "app/cm.yaml": cm("debug"),
    },
  );
});
afterEach(async () => {
  await repo.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

/** A run whose range the flags set, in the CI environment given. */
const run = (env: Record<string, string>) =>
  runCli(
    ["--repo", repo.dir, "--dry-run", "--discover", "repo", "--base", "HEAD~1", "--head", "HEAD", "--debug"],
    { GIT_TERMINAL_PROMPT: "0", HTTPS_PROXY: "http://127.0.0.1:9", ...env },
  );

async function github(eventName: string, payload: unknown): Promise<Record<string, string>> {
  const path = join(scratch, "event.json");
  await writeFile(path, JSON.stringify(payload));
  return { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: path };
}

const refusal = "remote kustomize resources are not fetched from an untrusted head";

describe("trust with --base/--head", () => {
  test("a workflow_run a fork's pull request triggered is untrusted: its remote entry is refused", async () => {
    const env = await github("workflow_run", {
      workflow_run: {
        event: "pull_request",
        head_repository: { full_name: "mallory/shop" },
        repository: { full_name: "acme/shop" },
      },
    });
    const result = await run(env);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain("the head is a workflow_run triggered by a pull request from a fork");
    expect(result.stderr).not.toMatch(/rendering kustomize/);
  });

  test("a workflow_run whose payload cannot be read is untrusted (fail closed)", async () => {
    const env = {
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: "workflow_run",
      GITHUB_EVENT_PATH: join(scratch, "missing.json"),
    };
    const result = await run(env);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain("the head is a workflow_run event whose payload was not read");
  });

  test("a same-repository pull request is trusted, and never called a fork", async () => {
    const env = await github("pull_request", {
      pull_request: {
        head: { repo: { full_name: "acme/shop" } },
        base: { repo: { full_name: "acme/shop" } },
      },
    });
    const result = await run(env);
    expect(result.stderr).not.toContain(refusal);
    expect(result.stderr).not.toContain("fork");
  });

  test("GitLab: a merge request pipeline without the project ids is untrusted (fail closed)", async () => {
    const result = await run({
      GITLAB_CI: "true",
      CI_PIPELINE_SOURCE: "merge_request_event",
      CI_MERGE_REQUEST_IID: "7",
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain("the head is a merge request whose source project is not known");
    expect(result.stderr).toContain(refusal);
  });
});
