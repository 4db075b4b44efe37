// A fork's pull request whose kustomization names a remote base in a spelling kustomize accepts
// (`github.com:org/repo`, `GitHub.com/...`, `git@github.com/...` without a colon, ...) is refused
// like `https://...` before kustomize runs: kustomize loads an entry from a git repository when no
// file is at its path, so an entry naming no path of the head's tree counts as remote. The witness
// that nothing was fetched: a kustomize on PATH that records each invocation. Plan and stamp, in
// process, on real git repositories.
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { commitTwice, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

let scratch = "";
let repo: TempRepo | undefined;
let fork: Record<string, string> = {};
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), "remote-spellings-"));
  // kustomize as the runner has it, plus a log of every invocation (`version` included).
  await writeFile(
    join(scratch, "kustomize"),
    `#!/bin/sh\necho "$*" >> ${join(scratch, "invocations")}\n[ "$1" = version ] && exit 0\nshift\nexec kubectl kustomize "$@"\n`,
  );
  await chmod(join(scratch, "kustomize"), 0o755);
  await writeFile(
    join(scratch, "event.json"),
    JSON.stringify({
      pull_request: {
        head: { repo: { full_name: "mallory/shop" } },
        base: { repo: { full_name: "acme/shop" } },
      },
    }),
  );
  fork = {
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_EVENT_PATH: join(scratch, "event.json"),
    PATH: `${scratch}:${process.env.PATH ?? ""}`,
    // Should anything still reach for the network, it fails at once.
    GIT_TERMINAL_PROMPT: "0",
    HTTPS_PROXY: "http://127.0.0.1:9",
  };
});
afterEach(async () => {
  await repo?.cleanup();
  repo = undefined;
  await rm(scratch, { recursive: true, force: true });
});

const workload = yamlDocs(
  configMap("app-config", { LOG_LEVEL: "info" }, { namespace: "shop" }),
  deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: "shop" }),
);
const changed = workload.replace("LOG_LEVEL: info", "LOG_LEVEL: debug");

/** app/ reads base/ and workload.yaml; at head it also names `entry` (when given) in `field`. */
async function forkHead(field: "resources" | "components", entry?: string): Promise<TempRepo> {
  const local = "resources:\n- workload.yaml\n- ../base\n";
  const added =
    entry === undefined
      ? local
      : field === "resources"
        ? `${local}- ${entry}\n`
        : `${local}${field}:\n- ${entry}\n`;
  const base = { "base/kustomization.yaml": "resources:\n- extra.yaml\n", "base/extra.yaml": "" };
  repo = await commitTwice(
    { ...base, "app/kustomization.yaml": local, "app/workload.yaml": workload },
    { "app/kustomization.yaml": added, "app/workload.yaml": changed },
  );
  return repo;
}

const invocations = async () => (await readFile(join(scratch, "invocations"), "utf8").catch(() => "")).trim();

describe("remote entries in kustomize's other spellings, from a fork's pull request", () => {
  test.each([
    ["resources", "github.com:org/repo//app"],
    ["resources", "GitHub.com/org/repo//app"],
    ["resources", "GITHUB.COM/org/repo//app?ref=v1"],
    ["resources", "git@github.com/org/repo//app"],
    ["resources", "Git::HTTPS://github.com/org/repo//app"],
    ["components", "GitHub.com:org/repo//component"],
  ] as const)("%s: %s is refused by plan and stamp, kustomize never run", async (field, entry) => {
    const r = await forkHead(field, entry);
    const plan = await runInProcess(
      ["--repo", r.dir, "--base", "HEAD~1", "--head", "HEAD", "--dry-run"],
      fork,
    );
    const stamp = await runInProcess(["stamp", "--repo", r.dir, "--check"], fork);
    for (const run of [plan, stamp]) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`kustomize app: app/kustomization.yaml at the head commit names `);
      expect(run.stderr).toContain(JSON.stringify(entry));
      expect(run.stderr).toContain("remote kustomize resources are not fetched from an untrusted head");
      expect(run.stderr).toContain("--allow-remote-kustomize");
    }
    expect(await invocations()).toBe("");
  });

  test("an entry naming no path of the head is remote: the message says why", async () => {
    const r = await forkHead("resources", "../shared");
    const plan = await runInProcess(
      ["--repo", r.dir, "--base", "HEAD~1", "--head", "HEAD", "--dry-run"],
      fork,
    );
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stderr).toContain(
      `kustomize app: app/kustomization.yaml at the head commit names "../shared", which is no file or directory of the head commit, so kustomize would fetch it as a remote resource, and the head is a pull request from a fork`,
    );
    expect(await invocations()).toBe("");
  });

  test("a kustomization only kustomize can read (a repeated key) is refused: its entries are unknown", async () => {
    const r = await forkHead("resources");
    await r.write(
      "app/kustomization.yaml",
      "resources:\n- workload.yaml\nresources:\n- GitHub.com/org/repo//app\n",
    );
    await r.commit("a repeated key");
    const plan = await runInProcess(
      ["--repo", r.dir, "--base", "HEAD~2", "--head", "HEAD", "--dry-run"],
      fork,
    );
    const stamp = await runInProcess(["stamp", "--repo", r.dir, "--check"], fork);
    for (const run of [plan, stamp]) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("app/kustomization.yaml at the head commit cannot be read (");
      expect(run.stderr).toContain("whether it names a remote resource is not known");
    }
    expect(await invocations()).toBe("");
  });

  test("entries naming a file and a directory of the head are local: the fork's head renders", async () => {
    const r = await forkHead("resources");
    const plan = await runInProcess(
      ["--repo", r.dir, "--base", "HEAD~1", "--head", "HEAD", "--dry-run"],
      fork,
    );
    expect(plan.stderr).not.toContain("untrusted head");
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain("deployment/web");
    expect(await invocations()).toMatch(/app/);
  });
});
