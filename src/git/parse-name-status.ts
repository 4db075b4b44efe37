// Parse `git diff --name-status -z` output. With -z nothing is quoted: fields are NUL-separated,
// so spaces, unicode and even newlines in names come through as they are.

import type { FileChange, FileChangeStatus } from "./git.js";

const SIMPLE: ReadonlySet<string> = new Set(["A", "M", "D", "T"]);

export function parseNameStatus(output: string): FileChange[] {
  const fields = output.split("\0");
  // The output ends with a NUL, leaving one empty field.
  if (fields.at(-1) === "") fields.pop();
  const changes: FileChange[] = [];
  let i = 0;
  while (i < fields.length) {
    const status = fields[i++]!;
    const letter = status.charAt(0);
    if (letter === "R" || letter === "C") {
      const oldPath = fields[i++];
      const path = fields[i++];
      if (oldPath === undefined || path === undefined) throw truncated(status);
      changes.push({ status: letter, path, oldPath });
    } else if (SIMPLE.has(letter) && status.length === 1) {
      const path = fields[i++];
      if (path === undefined) throw truncated(status);
      changes.push({ status: letter as FileChangeStatus, path });
    } else {
      throw new Error(`unexpected status ${JSON.stringify(status)} in git diff --name-status output`);
    }
  }
  return changes;
}

function truncated(status: string): Error {
  return new Error(`git diff --name-status output ends after status ${JSON.stringify(status)}`);
}
