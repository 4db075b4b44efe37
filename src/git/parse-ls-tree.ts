// Parse `git ls-tree -z` output: "<mode> SP <type> SP <oid> TAB <path> NUL" per entry.

export interface TreeEntry {
  mode: string;
  type: string;
  oid: string;
  path: string;
}

export function parseLsTree(output: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of output.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    const [mode, type, oid] = record.slice(0, tab).split(" ");
    if (tab < 0 || mode === undefined || type === undefined || oid === undefined) {
      throw new Error(`unexpected git ls-tree output: ${JSON.stringify(record.slice(0, 200))}`);
    }
    entries.push({ mode, type, oid, path: record.slice(tab + 1) });
  }
  return entries;
}

/**
 * Only the paths of the blobs in `git ls-tree -z` output, optionally only those whose base name is
 * one of `baseNames`. A whole-tree listing of a large monorepo is read on every run (rendered
 * sources, a handful of file names): then one regular expression finds the names in the text, and
 * no string is made for the thousands of other entries.
 */
export function blobPathsOfLsTree(output: string, baseNames?: readonly string[]): string[] {
  if (baseNames) return blobPathsNamed(output, baseNames);
  const paths: string[] = [];
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf("\0", at);
    const stop = end === -1 ? output.length : end;
    const entry = entryAt(output, at, stop);
    if (entry.type === "blob") paths.push(entry.path);
    at = stop + 1;
  }
  return paths;
}

function blobPathsNamed(output: string, baseNames: readonly string[]): string[] {
  if (baseNames.length === 0) return [];
  // -z ends every record with NUL, so a base name is a path's last segment followed by NUL.
  const text = output.endsWith("\0") ? output : `${output}\0`;
  const names = new RegExp(`[/\t](?:${baseNames.map(escapeRegExp).join("|")})\0`, "g");
  const wanted = new Set(baseNames);
  const paths: string[] = [];
  for (const match of text.matchAll(names)) {
    const stop = match.index + match[0].length - 1;
    const entry = entryAt(text, text.lastIndexOf("\0", match.index) + 1, stop);
    // The match may begin at a tab inside a file name: the last segment must be the name itself.
    const baseName = entry.path.slice(entry.path.lastIndexOf("/") + 1);
    if (entry.type === "blob" && wanted.has(baseName)) paths.push(entry.path);
  }
  return paths;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The record output[start, stop): "<mode> SP <type> SP <oid> TAB <path>". */
function entryAt(output: string, start: number, stop: number): { type: string; path: string } {
  const space = output.indexOf(" ", start);
  const tab = output.indexOf("\t", start);
  if (space < 0 || tab < 0 || tab > stop || space > tab) {
    throw new Error(
      `unexpected git ls-tree output: ${JSON.stringify(output.slice(start, Math.min(stop, start + 200)))}`,
    );
  }
  return { type: output.slice(space + 1, output.indexOf(" ", space + 1)), path: output.slice(tab + 1, stop) };
}
