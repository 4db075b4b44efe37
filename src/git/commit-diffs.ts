// How two commits differ, for the git adapter (create-git.ts). The two commits' trees are walked
// through the object reader the run has open anyway (tree-diff.ts): a push that changes a README
// reads two root trees, one that edits a config reads the trees down to it, and no git process
// starts for either. git's own diff (`diff-tree -M`) runs only where its answer can differ: when
// files were both deleted and added (a rename pairs them), or when the walk would read too much.
import type { CatFileReader } from "./cat-file-reader.js";
import type { FileChange } from "./git.js";
import type { BatchEntry } from "./parse-cat-file-batch.js";
import { parseNameStatus } from "./parse-name-status.js";
import type { GitRunner } from "./run-git.js";
import { diffTrees, parseTree, type TreeEntry } from "./tree-diff.js";

/**
 * Tree objects a walk of two commits' trees may read before git's own diff is the cheaper way: a
 * push that touches a few directories reads a few dozen.
 */
const MAX_WALKED_TREES = 64;

/** The diff of two trees as the scan reads it: every changed path with its modes, renames found. */
const DIFF_TREE = ["diff-tree", "-r", "-z", "--raw", "-M", "--no-commit-id"];

export class CommitDiffs {
  /** Asked for (or started), by the commits as given ("base head"), and git's diffs by their SHAs. */
  private readonly walks = new Map<string, Promise<FileChange[] | undefined>>();
  private readonly files = new Map<string, Promise<FileChange[]>>();
  private readonly gitDiffs = new Map<string, Promise<FileChange[]>>();

  constructor(
    private readonly resolveCommit: (ref: string) => Promise<string>,
    private readonly objects: CatFileReader,
    private readonly git: GitRunner,
  ) {}

  /** The changed paths, renames not paired; undefined when the walk would read too many trees. */
  changedPaths(base: string, head: string): Promise<FileChange[] | undefined> {
    return once(this.walks, `${base} ${head}`, () => this.walk(base, head));
  }

  /** The changed files, renames paired: the walk's answer when no rename is possible, else git's. */
  changedFiles(base: string, head: string): Promise<FileChange[]> {
    return once(this.files, `${base} ${head}`, async () => {
      const walked = await this.changedPaths(base, head);
      const renamesPossible =
        walked === undefined ||
        (walked.some((f) => f.status === "D") && walked.some((f) => f.status === "A"));
      if (!renamesPossible) return walked;
      const [from, to] = await Promise.all([this.resolveCommit(base), this.resolveCommit(head)]);
      return this.gitDiff(from, to);
    });
  }

  private gitDiff(from: string, to: string): Promise<FileChange[]> {
    return once(this.gitDiffs, `${from} ${to}`, () => this.diffTree(from, to));
  }

  private async walk(base: string, head: string): Promise<FileChange[] | undefined> {
    const [from, to] = await Promise.all([this.resolveCommit(base), this.resolveCommit(head)]);
    const trees = new Map<string, TreeEntry[]>();
    const remember = (entries: BatchEntry[]) =>
      entries.map((entry) => {
        if (entry.kind !== "object" || entry.type !== "tree" || entry.content === undefined) {
          throw new TreeUnreadable();
        }
        trees.set(entry.oid, parseTree(entry.content, entry.oid.length / 2));
        return entry.oid;
      });
    const read = async (oids: readonly string[]) => {
      const unread = oids.filter((oid) => !trees.has(oid));
      if (unread.length > 0) remember(await this.objects.read(unread));
      return oids.map((oid) => trees.get(oid)!);
    };
    // A change below the root may be wide (a plan of a hundred configs in a hundred directories,
    // where the walk gives up): git's diff starts beside the walk rather than after it. A change
    // of root files only (a README) is told by the two root trees alone.
    const startGitDiff = () => this.gitDiff(from, to).catch(() => {});
    try {
      // The root trees by their commits (a commit names its tree), then each level by id.
      const [baseRoot, headRoot] = remember(await this.objects.read([`${from}^{tree}`, `${to}^{tree}`]));
      return await diffTrees(read, baseRoot!, headRoot!, MAX_WALKED_TREES, startGitDiff);
    } catch {
      // A tree this clone lacks (a partial clone without trees), or any read that fails: git's
      // own diff answers, and says what is missing and how to fetch it.
      return undefined;
    }
  }

  private async diffTree(from: string, to: string): Promise<FileChange[]> {
    // diff-tree is the plumbing behind `git diff`: user diff settings cannot change its output.
    // --raw (not --name-status): the same entries with their modes, which tell submodules apart.
    const { stdout } = await this.git.run([...DIFF_TREE, from, to, "--"]);
    return parseNameStatus(stdout);
  }
}

/** A walk met something other than a tree where a tree was named. */
class TreeUnreadable extends Error {}

/** The promise for `key`, started once; a failure is not kept (a missing commit may be fetched, and the next ask tries again). */
function once<T>(cache: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (pending === undefined) {
    pending = start();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}
