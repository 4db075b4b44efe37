// A commit's files in a temporary directory, for renderers that read a directory. Each commit is
// written once (a private index file and `checkout-index`: the repository's own index and work tree
// are untouched) and everything is removed by `dispose`.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface CommitTrees {
  /** The scratch root: checkouts and the renderers' HOME live under it. */
  root: string;
  /** The directory holding `commit`'s files; written on first use. */
  dirOf(commit: string): Promise<string>;
  dispose(): Promise<void>;
}

/** `gitPath`: git resolved from trusted PATH directories (see renderer-environment.ts). */
export async function createCommitTrees(repoDir: string, gitPath = "git"): Promise<CommitTrees> {
  const root = await mkdtemp(join(tmpdir(), "config-rollout-render-"));
  const trees = new Map<string, Promise<string>>();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        tree = writeTree(gitPath, repoDir, commit, join(root, `tree-${count}`));
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

async function writeTree(gitPath: string, repoDir: string, commit: string, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const index = `${dir}.index`;
  await git(gitPath, repoDir, ["read-tree", commit], index);
  await git(gitPath, repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  await rm(index, { force: true });
  return dir;
}

function git(gitPath: string, cwd: string, args: string[], indexFile: string): Promise<void> {
  const env: NodeJS.ProcessEnv = {};
  // The caller's GIT_* variables (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE) must not redirect this.
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  return new Promise((resolve, reject) => {
    execFile(
      gitPath,
      ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`git ${args.join(" ")} failed: ${stderr.trim() || error.message}`));
        else resolve();
      },
    );
  });
}
