// Real git repositories in temp dirs for tests: branch main, gc.auto off, signing off, a fixed identity.
// Shared by every helper's tests: keep it generic.

import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rename as renamePath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { useClosing } from "./closing.js";

export interface TempRepo {
  /** Absolute path of the work tree. */
  dir: string;
  /** Write a file (creating directories); not staged until `commit`. */
  write(path: string, content: string | Uint8Array): Promise<void>;
  remove(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Stage everything and commit (empty commits allowed); returns the new commit's full SHA. */
  commit(message: string): Promise<string>;
  /** Run git in the repository; returns stdout. */
  git(args: string[]): Promise<string>;
  cleanup(): Promise<void>;
}

const IDENTITY = ["-c", "user.name=Test User", "-c", "user.email=test@example.com"];

/** Environment for the helper's own git runs: no user/system config, no inherited repository. */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("GIT_")) env[key] = value;
  }
  return { ...env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_TERMINAL_PROMPT: "0" };
}

/** Run git with an argument array; rejects with git's stderr on failure. */
export function runGit(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...IDENTITY, ...args],
      { cwd, env: gitEnv(), maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args.join(" ")} failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

async function configure(dir: string): Promise<void> {
  for (const [key, value] of [
    ["gc.auto", "0"],
    ["commit.gpgsign", "false"],
    ["tag.gpgsign", "false"],
    ["core.autocrlf", "false"],
    ["user.name", "Test User"],
    ["user.email", "test@example.com"],
  ] as const) {
    await runGit(dir, ["config", "--local", key, value]);
  }
}

function wrap(dir: string, removeRoot: string): TempRepo {
  const git = (args: string[]) => runGit(dir, args);
  return {
    dir,
    git,
    async write(path, content) {
      const file = join(dir, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    async remove(path) {
      await rm(join(dir, path), { recursive: true });
    },
    async rename(from, to) {
      await mkdir(dirname(join(dir, to)), { recursive: true });
      await renamePath(join(dir, from), join(dir, to));
    },
    async commit(message) {
      await git(["add", "--all"]);
      await git(["commit", "--quiet", "--allow-empty", "--no-verify", "-m", message]);
      return (await git(["rev-parse", "HEAD"])).trim();
    },
    async cleanup() {
      await rm(removeRoot, { recursive: true, force: true });
    },
  };
}

/** A new empty repository on branch main. */
export async function createTempRepo(): Promise<TempRepo> {
  const dir = await mkdtemp(join(tmpdir(), "config-rollout-repo-"));
  await runGit(dir, ["init", "--quiet", "-b", "main"]);
  await configure(dir);
  return wrap(dir, dir);
}

/** A clone of `source` (a path or URL), e.g. `cloneTempRepo(\`file://${repo.dir}\`, ["--depth", "1"])` for a shallow clone. */
export async function cloneTempRepo(source: string, cloneArgs: string[] = []): Promise<TempRepo> {
  const parent = await mkdtemp(join(tmpdir(), "config-rollout-clone-"));
  const dir = join(parent, "clone");
  await runGit(parent, ["clone", "--quiet", ...cloneArgs, "--", source, dir]);
  await configure(dir);
  return wrap(dir, parent);
}

/**
 * A new repository with two commits, "before" and "after": `after` is written over `before`; a
 * `null` in `after` deletes that file, and with `removeUnlisted` so does leaving a file out of it.
 */
export async function commitTwice(
  before: Record<string, string | null>,
  after: Record<string, string | null>,
  options: { removeUnlisted?: boolean } = {},
): Promise<TempRepo> {
  const repo = await createTempRepo();
  for (const [path, text] of Object.entries(before)) if (text !== null) await repo.write(path, text);
  await repo.commit("before");
  if (options.removeUnlisted) {
    for (const path of Object.keys(before)) if (!(path in after)) await repo.remove(path);
  }
  for (const [path, text] of Object.entries(after)) {
    if (text === null) await repo.remove(path);
    else await repo.write(path, text);
  }
  await repo.commit("after");
  return repo;
}

/**
 * commitTwice for a whole test file: every repository made is removed after its test (the set-up
 * the plan tests repeated). `const commitTwice = useCommitTwice({ removeUnlisted: true });`
 */
export function useCommitTwice(
  options: { removeUnlisted?: boolean } = {},
): (before: Record<string, string | null>, after: Record<string, string | null>) => Promise<TempRepo> {
  const closing = useClosing();
  return async (before, after) => closing(await commitTwice(before, after, options));
}

/** A pull request's checkout: a clone of a bare origin, on the branch `feature`, at `head`. */
export interface PullRequestClone {
  origin: string;
  clone: TempRepo;
  head: string;
  cleanup(): Promise<void>;
}

/**
 * A bare "origin" whose main holds `onMain` and whose branch `feature` writes `onFeature` over it,
 * and a clone checked out on `feature`: what a pull request's CI job checks out.
 */
export async function pullRequestClone(
  onMain: Record<string, string>,
  onFeature: Record<string, string>,
): Promise<PullRequestClone> {
  const source = await createTempRepo();
  for (const [path, text] of Object.entries(onMain)) await source.write(path, text);
  await source.commit("v1");
  await source.git(["checkout", "--quiet", "-b", "feature"]);
  for (const [path, text] of Object.entries(onFeature)) await source.write(path, text);
  await source.commit("change a config");
  const parent = await mkdtemp(join(tmpdir(), "config-rollout-origin-"));
  const origin = join(parent, "origin.git");
  await runGit(parent, ["clone", "--quiet", "--bare", "--", source.dir, origin]);
  const clone = await cloneTempRepo(`file://${origin}`, ["--branch", "feature"]);
  const head = (await clone.git(["rev-parse", "HEAD"])).trim();
  const cleanup = async () => {
    await clone.cleanup();
    await source.cleanup();
    await rm(parent, { recursive: true, force: true });
  };
  return { origin, clone, head, cleanup };
}
