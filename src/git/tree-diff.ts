// The paths two commits differ in, worked out from their trees as `git diff-tree -r --no-renames`
// would list them: walked down from the two root trees, one batch of tree objects per level, only
// into the directories whose tree differs. A push that changes a README reads two root trees; the
// tree objects come through the `cat-file` process a run has open anyway, so telling that no
// manifest changed costs no process of its own. Renames are not paired (a rename is a deletion
// and an addition, as with --no-renames): what needs them asks for the real diff.

import type { FileChange } from "./git.js";

export interface TreeEntry {
  mode: string;
  name: string;
  oid: string;
}

const TREE_MODE = "40000";
const GITLINK_MODE = "160000";

/** The entries of a tree object: `<mode> <name>\0<id>` each, the id `hashBytes` raw bytes. */
export function parseTree(content: Buffer, hashBytes: number): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = content.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + hashBytes > content.length) {
      throw new Error(`truncated tree entry at byte ${at} of a ${content.length}-byte tree`);
    }
    entries.push({
      mode: content.toString("latin1", at, space),
      name: content.toString("utf8", space + 1, nul),
      oid: content.toString("hex", nul + 1, nul + 1 + hashBytes),
    });
    at = nul + 1 + hashBytes;
  }
  return entries;
}

/** Reads tree objects by id; each entry list in the order asked. */
export type TreeReader = (oids: readonly string[]) => Promise<TreeEntry[][]>;

interface Pending {
  dir: string;
  base?: string;
  head?: string;
}

/**
 * The changed paths between two root trees, sorted as git sorts them; undefined when that takes
 * reading more than `maxTrees` tree objects (a change that adds or moves whole directories of
 * files: the caller asks git's own diff instead).
 */
export async function diffTrees(
  read: TreeReader,
  baseTree: string,
  headTree: string,
  maxTrees: number,
  /**
   * Called once, when the walk goes below the root trees (the change is in a subdirectory, and
   * may be wide: the caller may start git's own diff beside the walk).
   */
  onBelowRoot?: () => void,
): Promise<FileChange[] | undefined> {
  const changes: FileChange[] = [];
  let level: Pending[] = baseTree === headTree ? [] : [{ dir: "", base: baseTree, head: headTree }];
  let budget = maxTrees;
  for (let depth = 0; level.length > 0; depth++) {
    if (depth === 1) onBelowRoot?.();
    const oids = [...new Set(level.flatMap((p) => [p.base, p.head].filter((o) => o !== undefined)))];
    budget -= oids.length;
    if (budget < 0) return undefined;
    const listed = await read(oids);
    const entriesOf = new Map(oids.map((oid, i) => [oid, listed[i] ?? []]));
    const next: Pending[] = [];
    for (const { dir, base, head } of level) {
      compareTrees(dir, base ? entriesOf.get(base)! : [], head ? entriesOf.get(head)! : [], changes, next);
    }
    level = next;
  }
  return changes.sort((a, b) => compareGitPaths(a.path, b.path));
}

/** One directory at both commits: changed files into `changes`, differing subtrees into `next`. */
function compareTrees(
  dir: string,
  baseEntries: TreeEntry[],
  headEntries: TreeEntry[],
  changes: FileChange[],
  next: Pending[],
): void {
  const atHead = new Map(headEntries.map((e) => [e.name, e]));
  const atBase = new Map(baseEntries.map((e) => [e.name, e]));
  const pathOf = (name: string) => (dir === "" ? name : `${dir}/${name}`);
  for (const b of baseEntries) {
    const h = atHead.get(b.name);
    if (h && h.mode === b.mode && h.oid === b.oid) continue;
    const path = pathOf(b.name);
    const bTree = b.mode === TREE_MODE;
    const hTree = h?.mode === TREE_MODE;
    if (bTree || hTree) {
      // A directory on one side and a file on the other: the file is deleted or added on its own.
      next.push({ dir: path, ...(bTree ? { base: b.oid } : {}), ...(hTree ? { head: h!.oid } : {}) });
      if (!bTree) changes.push(fileChange("D", path, b, undefined));
      if (h && !hTree) changes.push(fileChange("A", path, undefined, h));
      continue;
    }
    if (!h) changes.push(fileChange("D", path, b, undefined));
    else changes.push(fileChange(kindOf(b.mode) === kindOf(h.mode) ? "M" : "T", path, b, h));
  }
  for (const h of headEntries) {
    if (atBase.has(h.name)) continue;
    const path = pathOf(h.name);
    if (h.mode === TREE_MODE) next.push({ dir: path, head: h.oid });
    else changes.push(fileChange("A", path, undefined, h));
  }
}

function fileChange(
  status: FileChange["status"],
  path: string,
  base: TreeEntry | undefined,
  head: TreeEntry | undefined,
): FileChange {
  const from = base?.mode === GITLINK_MODE ? base.oid : undefined;
  const to = head?.mode === GITLINK_MODE ? head.oid : undefined;
  if (from === undefined && to === undefined) return { status, path };
  return {
    status,
    path,
    submodule: { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) },
  };
}

/** A file's kind by its mode: a regular file (either permission), a symbolic link, a submodule. */
function kindOf(mode: string): string {
  return mode.startsWith("100") ? "file" : mode;
}

/** git's order of paths: byte order of their UTF-8. */
function compareGitPaths(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
