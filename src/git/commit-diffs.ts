// How two commits differ, for the git adapter (create-git.ts): git's own diff (`diff-tree -M`),
// asked once per pair of commits. A walk of the two trees through the open `cat-file` once answered
// pushes without renames; on 50 commits each of four real histories it saved next to nothing a
// diff, and was slower on one, so there is one implementation.
import { once } from "../core/once.js";
import type { FileChange } from "./git.js";
import { parseNameStatus } from "./parse-name-status.js";
import type { GitRunner } from "./run-git.js";

/** The diff of two trees as the scan reads it: every changed path with its modes, renames found. */
const DIFF_TREE = ["diff-tree", "-r", "-z", "--raw", "-M", "--no-commit-id"];

export class CommitDiffs {
  /** Asked for (or started), by the commits as given ("base head"), and git's diffs by their SHAs. */
  private readonly files = new Map<string, Promise<FileChange[]>>();
  private readonly gitDiffs = new Map<string, Promise<FileChange[]>>();
  /** Diffs started before their commits were verified (startDiff), taken by the first ask. */
  private readonly early = new Map<string, Promise<FileChange[]>>();

  constructor(
    private readonly resolveCommit: (ref: string) => Promise<string>,
    private readonly git: GitRunner,
  ) {}

  /** The changed files, renames paired. */
  changedFiles(base: string, head: string): Promise<FileChange[]> {
    return once(this.files, `${base} ${head}`, async () => {
      const [from, to] = await Promise.all([this.resolveCommit(base), this.resolveCommit(head)]);
      const key = `${from} ${to}`;
      return once(this.gitDiffs, key, () => {
        const early = this.early.get(key);
        this.early.delete(key);
        return early?.catch(() => this.diffTree(from, to)) ?? this.diffTree(from, to);
      });
    });
  }

  /**
   * Start the diff of two full SHAs beside their verification, which costs a process start of its
   * own: on a push that touches no manifest the diff is most of the plan. An early diff that failed
   * (a commit a shallow clone fetches only while it is verified) is run again when asked for.
   */
  startDiff(from: string, to: string): void {
    const key = `${from} ${to}`;
    if (this.gitDiffs.has(key) || this.early.has(key)) return;
    const started = this.diffTree(from, to);
    started.catch(() => {});
    this.early.set(key, started);
  }

  private async diffTree(from: string, to: string): Promise<FileChange[]> {
    // diff-tree is the plumbing behind `git diff`: user diff settings cannot change its output.
    // --raw (not --name-status): the same entries with their modes, which tell submodules apart.
    const { stdout } = await this.git.run([...DIFF_TREE, from, to, "--"]);
    return parseNameStatus(stdout);
  }
}
