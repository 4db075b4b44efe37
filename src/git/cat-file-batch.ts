// The sizes of many objects through one `git cat-file --batch-check` (at 20,000 files, one process
// per file would take minutes). Contents are read through the long-lived reader (cat-file-reader.ts).

import { missingObjectError } from "./missing-object.js";
import { type BatchEntry, CatFileBatchParser } from "./parse-cat-file-batch.js";
import { GitExitError, spawnGit } from "./spawn-git.js";

/** Look up object names (e.g. "<sha>:<path>", no newlines) and return one entry per name, in order. */
export async function catFileSizes(
  root: string,
  names: readonly string[],
  /** --git-timeout. */
  idleTimeoutMs: number,
): Promise<BatchEntry[]> {
  if (names.length === 0) return [];
  const entries: BatchEntry[] = [];
  const parser = new CatFileBatchParser(false, (entry) => entries.push(entry));
  try {
    await spawnGit(root, ["cat-file", "--batch-check", "--buffer"], {
      input: `${names.join("\n")}\n`,
      idleTimeoutMs,
      onStdout: (chunk) => parser.push(chunk),
    });
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw (
      missingObjectError(text) ??
      new Error(`git cat-file --batch-check failed (exit ${error.exitCode}): ${text}`)
    );
  }
  parser.end();
  if (entries.length !== names.length) {
    throw new Error(`git cat-file answered ${entries.length} of ${names.length} lookups`);
  }
  return entries;
}
