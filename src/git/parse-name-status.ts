// Parse `git diff --name-status -z` output, or `--raw -z`, whose status field starts with both
// sides' modes and object ids (`:100644 100644 <id> <id> M`). With -z nothing is quoted: fields
// are NUL-separated, so spaces, unicode and even newlines in names come through as they are. The
// modes say which entries are submodules (gitlinks, mode 160000): their files are not in this
// repository, so the scan can say it did not read them.

import type { FileChange, FileChangeStatus } from "./git.js";

const SIMPLE: ReadonlySet<string> = new Set(["A", "M", "D", "T"]);

export function parseNameStatus(output: string): FileChange[] {
  const fields = output.split("\0");
  // The output ends with a NUL, leaving one empty field.
  if (fields.at(-1) === "") fields.pop();
  const changes: FileChange[] = [];
  let i = 0;
  while (i < fields.length) {
    const field = fields[i++]!;
    const raw = RAW.exec(field);
    const status = raw ? raw[5]! : field;
    const submodule = raw ? submoduleOf(raw) : undefined;
    const letter = status.charAt(0);
    if (letter === "R" || letter === "C") {
      const oldPath = fields[i++];
      const path = fields[i++];
      if (oldPath === undefined || path === undefined) throw truncated(status);
      changes.push({ status: letter, path, oldPath, ...(submodule ? { submodule } : {}) });
    } else if (SIMPLE.has(letter) && status.length === 1) {
      const path = fields[i++];
      if (path === undefined) throw truncated(status);
      changes.push({ status: letter as FileChangeStatus, path, ...(submodule ? { submodule } : {}) });
    } else {
      throw new Error(`unexpected status ${JSON.stringify(status)} in git diff --name-status output`);
    }
  }
  return changes;
}

/** `:<old mode> <new mode> <old id> <new id> <status>` of `--raw` output. */
const RAW = /^:([0-7]{6}) ([0-7]{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z][0-9]*)$/;
const GITLINK = "160000";

/** The submodule's commits on each side where either side is a gitlink; undefined for files. */
function submoduleOf(raw: RegExpExecArray): FileChange["submodule"] {
  const [, oldMode, newMode, oldId, newId] = raw;
  if (oldMode !== GITLINK && newMode !== GITLINK) return undefined;
  return {
    ...(oldMode === GITLINK ? { from: oldId! } : {}),
    ...(newMode === GITLINK ? { to: newId! } : {}),
  };
}

function truncated(status: string): Error {
  return new Error(`git diff --name-status output ends after status ${JSON.stringify(status)}`);
}
