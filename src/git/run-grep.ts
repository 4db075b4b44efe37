// `git grep`: the longest git command of a plan, started while the process is busy reading and
// parsing. Exit 1 means nothing matched; a missing object is the clone's problem, said as such.

import { missingObjectError } from "./missing-object.js";
import { GitExitError, nulRecords, spawnGit } from "./spawn-git.js";

/**
 * Run `git grep -z` with `args` (after "grep") in `root`; calls `onName` with each NUL-terminated
 * name of its output as soon as it arrives (nothing when no file matched: exit 1).
 */
export async function runGrep(
  root: string,
  args: readonly string[],
  onName: (name: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const names = nulRecords((records) => {
    for (const name of records.toString("utf8").split("\0")) if (name !== "") onName(name);
  });
  try {
    await spawnGit(root, ["grep", "-z", ...args], {
      okExitCodes: [1],
      onStdout: names.push,
      ...(signal ? { signal } : {}),
    });
    names.end();
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
  }
}
