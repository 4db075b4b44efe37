// The work tree's top directory, found as git finds it in the common case: the nearest directory
// upward that holds `.git` (a directory; a file for linked worktrees and submodules), symlinks
// resolved as `git rev-parse --show-toplevel` resolves them. Asking git costs a process on every
// run's critical path. Anything unusual (git's discovery variables set, a `core.worktree` setting,
// no `.git` at all) returns undefined, and the caller asks git. Synchronous: a handful of system
// calls at start-up, with nothing else to do meanwhile, cost less than a trip each through libuv's
// thread pool (which the first one would start).

import { lstatSync, readFileSync, realpathSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";

/** Variables that change where git looks for the repository or its work tree. */
const DISCOVERY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
];

export function findWorkTreeRoot(dir: string, env: Record<string, string | undefined>): string | undefined {
  if (DISCOVERY_VARIABLES.some((name) => env[name] !== undefined)) return undefined;
  for (let current = realpathSync(dir); ; current = dirname(current)) {
    const dotGit = join(current, ".git");
    const found = lstatOrUndefined(dotGit);
    // Anything but what git itself would take as a repository here is left to git (which may
    // skip an invalid `.git` and go on upward).
    if (found?.isFile()) return readOrEmpty(dotGit).startsWith("gitdir: ") ? current : undefined;
    if (found?.isDirectory()) {
      const head = lstatOrUndefined(join(dotGit, "HEAD"));
      const objects = lstatOrUndefined(join(dotGit, "objects"));
      if (!head?.isFile() || !objects?.isDirectory()) return undefined;
      // core.worktree puts the work tree somewhere else: git knows where.
      return /^\s*worktree\s*=/im.test(readOrEmpty(join(dotGit, "config"))) ? undefined : current;
    }
    if (found) return undefined;
    if (dirname(current) === current) return undefined;
  }
}

/** What git would make of an entry it cannot stat (missing, not a directory, not readable): none. */
function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
