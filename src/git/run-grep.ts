// `git grep`: the longest git command of a plan, started while the process is busy reading and
// parsing. Exit 1 means nothing matched; a missing object is the clone's problem, said as such.

import { missingObjectError } from "./missing-object.js";
import { GitExitError, spawnGit } from "./spawn-git.js";

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
  let pending = Buffer.alloc(0);
  const onStdout = (chunk: Buffer) => {
    // Split on bytes, not text: a chunk may end inside a multi-byte character of a name.
    let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    for (let end = data.indexOf(0); end >= 0; end = data.indexOf(0)) {
      onName(data.subarray(0, end).toString("utf8"));
      data = data.subarray(end + 1);
    }
    pending = Buffer.from(data);
  };
  try {
    await spawnGit(root, ["grep", "-z", ...args], {
      okExitCodes: [1],
      onStdout,
      ...(signal ? { signal } : {}),
    });
    if (pending.length > 0) onName(pending.toString("utf8"));
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
  }
}
