// Parse `git ls-tree -z` output: "<mode> SP <type> SP <oid> TAB <path> NUL" per entry.

interface TreeEntry {
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
 * sources, a handful of file names): then the bytes are searched for the names themselves and only
 * the records that hold one are decoded — no string for the thousands of other entries.
 */
export function blobPathsOfLsTree(output: string | Buffer, baseNames?: readonly string[]): string[] {
  if (baseNames) return blobPathsNamed(typeof output === "string" ? Buffer.from(output) : output, baseNames);
  const text = typeof output === "string" ? output : output.toString("utf8");
  const paths: string[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\0", at);
    const stop = end === -1 ? text.length : end;
    const entry = entryOf(text.slice(at, stop));
    if (entry.type === "blob") paths.push(entry.path);
    at = stop + 1;
  }
  return paths;
}

function blobPathsNamed(output: Buffer, baseNames: readonly string[]): string[] {
  if (baseNames.length === 0) return [];
  // Latin-1 maps each byte to one character, so offsets in this text are offsets in the bytes: the
  // search runs on a plain copy, and only a matching record is decoded as UTF-8.
  const text = output.toString("latin1");
  // -z ends every record with NUL; the output's last record may lack it.
  const names = new RegExp(`[/\t](?:${baseNames.map(escapeRegExp).join("|")})(?:\0|$)`, "g");
  const wanted = new Set(baseNames);
  const paths: string[] = [];
  for (const match of text.matchAll(names)) {
    const stop = match[0].endsWith("\0") ? match.index + match[0].length - 1 : text.length;
    const entry = entryOf(output.toString("utf8", text.lastIndexOf("\0", match.index) + 1, stop));
    // A tab inside a file name can precede the name: the last segment must be the name itself.
    if (entry.type === "blob" && wanted.has(entry.path.slice(entry.path.lastIndexOf("/") + 1))) {
      paths.push(entry.path);
    }
  }
  return paths;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One record, "<mode> SP <type> SP <oid> TAB <path>", without its NUL. */
function entryOf(record: string): { type: string; path: string } {
  const space = record.indexOf(" ");
  const tab = record.indexOf("\t");
  if (space < 0 || tab < 0 || space > tab) {
    throw new Error(`unexpected git ls-tree output: ${JSON.stringify(record.slice(0, 200))}`);
  }
  return { type: record.slice(space + 1, record.indexOf(" ", space + 1)), path: record.slice(tab + 1) };
}
