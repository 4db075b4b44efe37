// `git grep`: the longest git command of a plan, started while the process is busy reading and
// parsing. Exit 1 means nothing matched; a missing object is the clone's problem, said as such.

import { missingObjectError } from "./missing-object.js";
import { GitExitError, spawnGit } from "./spawn-git.js";

/** Run `git grep` with `args` (after "grep") in `root`; its stdout, or "" when nothing matched (exit 1). */
export async function runGrep(root: string, args: readonly string[], signal?: AbortSignal): Promise<string> {
  try {
    const { exitCode, stdout } = await spawnGit(root, ["grep", ...args], {
      okExitCodes: [1],
      ...(signal ? { signal } : {}),
    });
    return exitCode === 0 ? stdout.toString("utf8") : "";
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
  }
}
