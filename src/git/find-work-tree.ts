// The work tree's top directory, found as git finds it in the common case: the nearest directory
// upward that holds `.git` (a directory; a file for linked worktrees and submodules), symlinks
// resolved as `git rev-parse --show-toplevel` resolves them. Asking git costs a process on every
// run's critical path. Anything unusual (git's discovery variables set, a `core.worktree` setting,
// no `.git` at all) returns undefined, and the caller asks git.

import { lstat, readFile, realpath } from "node:fs/promises";
import { dirname, join } from "node:path";

/** Variables that change where git looks for the repository or its work tree. */
const DISCOVERY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
];

export async function findWorkTreeRoot(
  dir: string,
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  if (DISCOVERY_VARIABLES.some((name) => env[name] !== undefined)) return undefined;
  for (let current = await realpath(dir); ; current = dirname(current)) {
    const dotGit = join(current, ".git");
    const found = await lstat(dotGit).catch(() => undefined);
    // Anything but what git itself would take as a repository here is left to git (which may
    // skip an invalid `.git` and go on upward).
    if (found?.isFile()) {
      const pointer = await readFile(dotGit, "utf8").catch(() => "");
      return pointer.startsWith("gitdir: ") ? current : undefined;
    }
    if (found?.isDirectory()) {
      const [head, objects, config] = await Promise.all([
        lstat(join(dotGit, "HEAD")).catch(() => undefined),
        lstat(join(dotGit, "objects")).catch(() => undefined),
        readFile(join(dotGit, "config"), "utf8").catch(() => ""),
      ]);
      if (!head?.isFile() || !objects?.isDirectory()) return undefined;
      // core.worktree puts the work tree somewhere else: git knows where.
      return /^\s*worktree\s*=/im.test(config) ? undefined : current;
    }
    if (found) return undefined;
    if (dirname(current) === current) return undefined;
  }
}
