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
