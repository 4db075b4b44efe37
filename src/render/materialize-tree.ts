// A commit's files in a temporary directory, for renderers that read a directory. Each commit is
// written once (a private index file and `checkout-index`: the repository's own index and work tree
// are untouched) and everything is removed by `dispose`.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inScope } from "../core/sources/checkout-scope.js";

export interface CommitTrees {
  /** The scratch root: checkouts and the renderers' HOME live under it. */
  root: string;
  /** The directory holding `commit`'s files; written on first use. */
  dirOf(commit: string): Promise<string>;
  dispose(): Promise<void>;
}

/**
 * `gitPath`: git resolved from trusted PATH directories (see renderer-environment.ts). `scope`:
 * the directories to write (see checkout-scope.ts); undefined writes the whole tree.
 */
export async function createCommitTrees(
  repoDir: string,
  gitPath = "git",
  scope?: readonly string[],
): Promise<CommitTrees> {
  const root = await mkdtemp(join(tmpdir(), "config-rollout-render-"));
  const trees = new Map<string, Promise<string>>();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        tree = writeTree(gitPath, repoDir, commit, join(root, `tree-${count}`), scope);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function writeTree(
  gitPath: string,
  repoDir: string,
  commit: string,
  dir: string,
  scope: readonly string[] | undefined,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const index = `${dir}.index`;
  await git(gitPath, repoDir, ["read-tree", commit], index);
  if (scope === undefined) {
    await git(gitPath, repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  } else {
    const listed = await git(gitPath, repoDir, ["ls-files", "-z"], index);
    const paths = listed.split("\0").filter((path) => path !== "" && inScope(path, scope));
    if (paths.length > 0) {
      await git(
        gitPath,
        repoDir,
        [`--work-tree=${dir}`, "checkout-index", "--force", "-z", "--stdin"],
        index,
        `${paths.join("\0")}\0`,
      );
    }
  }
  await rm(index, { force: true });
  return dir;
}

function git(
  gitPath: string,
  cwd: string,
  args: string[],
  indexFile: string,
  input?: string,
): Promise<string> {
  const env: NodeJS.ProcessEnv = {};
  // The caller's GIT_* variables (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE) must not redirect this.
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  return new Promise((resolve, reject) => {
    const child = spawn(gitPath, ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args], {
      cwd,
      env,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const stderr = Buffer.concat(err).toString("utf8").trim();
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`git ${args.join(" ")} failed: ${stderr || `exit ${code}`}`));
    });
    if (input !== undefined && child.stdin) {
      // A git that exits early reports its own error; the broken pipe must not crash the process.
      child.stdin.on("error", () => {});
      child.stdin.end(input);
    }
  });
}
