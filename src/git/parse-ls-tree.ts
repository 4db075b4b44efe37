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
 * Only the paths of the blobs in `git ls-tree -z` output: a whole-tree listing of a large monorepo
 * is read on every run (rendered sources), so this scans the text without building an entry each.
 */
export function blobPathsOfLsTree(output: string): string[] {
  const paths: string[] = [];
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf("\0", at);
    const stop = end === -1 ? output.length : end;
    const space = output.indexOf(" ", at);
    const tab = output.indexOf("\t", at);
    if (space < 0 || tab < 0 || tab > stop || space > tab) {
      throw new Error(
        `unexpected git ls-tree output: ${JSON.stringify(output.slice(at, Math.min(stop, at + 200)))}`,
      );
    }
    if (output.startsWith("blob ", space + 1)) paths.push(output.slice(tab + 1, stop));
    at = stop + 1;
  }
  return paths;
}
