// What the scan asks of git for a push that changes no manifest: the common push (code, docs) must
// cost the diff, not a listing of the whole tree or a read of any file.
import { afterEach, describe, expect, test } from "vitest";
import { createMemoryLog } from "../../src/core/log.js";
import { CLI_FLAGS } from "../../src/core/option-naming.js";
import { createGit } from "../../src/git/create-git.js";
import type { Git } from "../../src/git/git.js";
import type { ScanOptions } from "../../src/scan/scan-model.js";
import { scanRepository } from "../../src/scan/scan-repository.js";
import { commitTwice, type TempRepo } from "../helpers/git-repo.js";
import { configMap, yamlDocs } from "../helpers/manifests.js";
import { DEFAULTS, GIT_OPTIONS } from "../helpers/settings.js";

const repos: TempRepo[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
});

const options: ScanOptions = {
  paths: DEFAULTS.paths,
  exclude: DEFAULTS.exclude,
  defaultNamespace: DEFAULTS.namespace,
  maxFileSize: DEFAULTS.maxFileSize,
  sources: {
    kustomize: DEFAULTS.kustomize,
    renderPaths: DEFAULTS.renderPaths,
    renderEnv: DEFAULTS.renderEnv,
    timeoutMs: DEFAULTS.renderTimeoutMs,
    maxOutputBytes: DEFAULTS.maxFileSize,
    // A trusted head (a push), as the run decides when no fork is involved.
    entryRules: { untrustedHead: undefined, allowRemote: DEFAULTS.allowRemoteKustomize },
    env: process.env,
    naming: CLI_FLAGS,
  },
};

/** The scan of the range, and every git call it made besides the diff and commit lookups. */
async function scanAndCount(before: Record<string, string>, after: Record<string, string>) {
  const repo = await commitTwice(before, after);
  repos.push(repo);
  const git = await createGit(repo.dir, GIT_OPTIONS);
  const calls: string[] = [];
  const counting = Object.create(git) as Git;
  const counted =
    <A extends unknown[], R>(name: string, call: (...args: A) => R) =>
    (...args: A): R => {
      calls.push(name);
      return call(...args);
    };
  counting.listFiles = counted("listFiles", (rev, names) => git.listFiles(rev, names));
  counting.grepFiles = counted("grepFiles", (...args) => git.grepFiles(...args));
  counting.grepAndReadFiles = counted("grepAndReadFiles", (...args) => git.grepAndReadFiles(...args));
  counting.readFiles = counted("readFiles", (rev, paths) => git.readFiles(rev, paths));
  counting.readFilesUpTo = (rev, paths, max) => {
    // A limit of 0 bytes only asks whether files exist (kustomizations, charts above a path).
    if (max > 0) calls.push("readFilesUpTo");
    return git.readFilesUpTo(rev, paths, max);
  };
  const [base, head] = [await git.resolveCommit("HEAD~1"), await git.resolveCommit("HEAD")];
  const scan = await scanRepository(counting, base, head, options, createMemoryLog());
  return { scan, calls };
}

const config = yamlDocs(configMap("web-config", { LEVEL: "info" }));

describe("a push that changes no manifest", () => {
  test("costs the diff: no tree listed, no file read, nothing found", async () => {
    const { scan, calls } = await scanAndCount(
      { "deploy/config.yaml": config, "README.md": "a\n", "src/main.go": "package main\n" },
      { "README.md": "b\n", "src/main.go": "package main // changed\n" },
    );
    expect(calls).toEqual([]);
    expect(scan.changes).toEqual([]);
    expect(scan.sourceNotes).toEqual([]);
  });

  test("under a kustomization's directory it is read as the scan always did", async () => {
    const { scan, calls } = await scanAndCount(
      {
        "app/kustomization.yaml": "resources:\n- config.yaml\n",
        "app/config.yaml": config,
        "app/notes.txt": "a\n",
      },
      { "app/notes.txt": "b\n" },
    );
    expect(calls).toContain("listFiles");
    expect(scan.changes).toEqual([]);
    expect(scan.sourceNotes).toEqual(["kustomize app: not rendered, the range touches none of its files"]);
  });
});
