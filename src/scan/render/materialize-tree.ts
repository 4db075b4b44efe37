// A commit's files in a temporary directory, for renderers that read a directory. Each commit is
// written once (a private index file and `checkout-index`: the repository's own index and work tree
// are untouched) and everything is removed by `dispose`.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shortSha } from "../../core/commit-sha.js";
import { onInterrupt } from "../../process/child-groups.js";
import { runProcess } from "../../process/run-process.js";
import { inScope } from "./checkout-scope.js";
import { refuseEscapingLinks } from "./escaping-links.js";

interface CommitTrees {
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
  gitPath: string,
  scope: readonly string[] | undefined,
  /**
   * `symlinks`: refuse symbolic links leading out of the checkout in its `scope` (undefined: the
   * whole tree). `timeoutMs`: --render-timeout (writing a checkout is part of a render).
   */
  checks: { symlinks?: { scope: readonly string[] | undefined }; timeoutMs: number },
): Promise<CommitTrees> {
  const root = await mkdtemp(join(tmpdir(), "config-rollout-render-"));
  // An interrupted run removes it too (process/interrupt.ts), whatever the renders are doing.
  const forget = onInterrupt(() => rm(root, { recursive: true, force: true }));
  const trees = new Map<string, Promise<string>>();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        const dir = join(root, `tree-${count}`);
        tree = writeTree(gitPath, repoDir, commit, dir, scope, checks.symlinks, checks.timeoutMs);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await rm(root, { recursive: true, force: true });
      forget();
    },
  };
}

/** Refuse a symbolic link in `symlinks.scope` that leads out of the checkout (escaping-links.ts). */
async function refuseLinksOf(
  gitPath: string,
  repoDir: string,
  commit: string,
  dir: string,
  index: string,
  symlinks: { scope: readonly string[] | undefined } | undefined,
  timeoutMs: number,
): Promise<void> {
  if (symlinks === undefined) return;
  const staged = await runGit(gitPath, repoDir, ["ls-files", "-s", "-z"], index, undefined, timeoutMs);
  const links = staged
    .split("\0")
    .filter((entry) => entry.startsWith("120000 "))
    .map((entry) => entry.slice(entry.indexOf("\t") + 1))
    .filter((path) => inScope(path, symlinks.scope));
  await refuseEscapingLinks(dir, links, `at commit ${shortSha(commit)}`);
}

async function writeTree(
  gitPath: string,
  repoDir: string,
  commit: string,
  dir: string,
  scope: readonly string[] | undefined,
  symlinks: { scope: readonly string[] | undefined } | undefined,
  timeoutMs: number,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const git = (cwd: string, args: string[], indexFile: string, input?: string) =>
    runGit(gitPath, cwd, args, indexFile, input, timeoutMs);
  const index = `${dir}.index`;
  await git(repoDir, ["read-tree", commit], index);
  if (scope === undefined) {
    await git(repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  } else {
    const listed = await git(repoDir, ["ls-files", "-z"], index);
    const paths = listed.split("\0").filter((path) => path !== "" && inScope(path, scope));
    if (paths.length > 0) {
      await git(
        repoDir,
        [`--work-tree=${dir}`, "checkout-index", "--force", "-z", "--stdin"],
        index,
        `${paths.join("\0")}\0`,
      );
    }
  }
  await refuseLinksOf(gitPath, repoDir, commit, dir, index, symlinks, timeoutMs);
  await rm(index, { force: true });
  return dir;
}

/** git with a private index; bounded by --render-timeout (writing a checkout is part of a render). */
async function runGit(
  gitPath: string,
  cwd: string,
  args: string[],
  indexFile: string,
  input: string | undefined,
  timeoutMs: number,
): Promise<string> {
  const env: NodeJS.ProcessEnv = {};
  // The caller's GIT_* variables (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE) must not redirect this.
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  const result = await runProcess(
    gitPath,
    ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args],
    {
      cwd,
      env,
      ...(input !== undefined ? { input } : {}),
      timeoutMs,
      // Local git starts no children; a group costs more than the command (process/run-process.ts).
      ownGroup: false,
    },
  );
  if (result.exitCode === 0 && result.failure === undefined) return result.stdout.toString("utf8");
  const why = result.failure?.message ?? (result.stderrTail || `exit ${result.exitCode}`);
  throw new Error(`git ${args.join(" ")} failed: ${why}`);
}
