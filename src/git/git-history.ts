// The git adapter's history and network side: whether a commit is there, shallow clones, fetches by
// SHA or branch, deepening, and ancestry. GitAdapter (create-git.ts) extends it with reads and diffs.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { isFullSha } from "../core/commit-sha.js";
import { UserError } from "../core/errors.js";
import type { Git } from "./git.js";
import type { GitRunner } from "./run-git.js";
import { assertSafeRef } from "./safe-ref.js";

// --progress rather than --quiet: a long but healthy fetch keeps writing, so the no-output timeout only hits a stuck one.
const FETCH = ["fetch", "--progress", "--no-tags", "--no-recurse-submodules"];
/** rev-parse --verify --quiet and cat-file -e exit 1 or 128 when the object is not there. */
export const NOT_FOUND = [1, 128];

type HistoryMethods =
  | "hasCommit"
  | "isShallow"
  | "fetchCommit"
  | "fetchBranch"
  | "deepen"
  | "mergeBase"
  | "firstParent"
  | "isAncestor";

export abstract class GitHistory implements Pick<Git, HistoryMethods> {
  constructor(
    readonly root: string,
    protected readonly git: GitRunner,
    private readonly network: Pick<GitRunner, "run">,
  ) {}

  abstract resolveCommit(ref: string): Promise<string>;

  async hasCommit(sha: string): Promise<boolean> {
    assertSafeRef(sha);
    const { exitCode, stdout } = await this.git.run(["cat-file", "-t", `${sha}^{commit}`], NOT_FOUND);
    return exitCode === 0 && stdout.trim() === "commit";
  }

  async isShallow(): Promise<boolean> {
    const { stdout } = await this.git.run(["rev-parse", "--is-shallow-repository"]);
    return stdout.trim() === "true";
  }

  async fetchCommit(sha: string): Promise<boolean> {
    if (!isFullSha(sha)) throw new UserError(`cannot fetch ${JSON.stringify(sha)}: not a full commit SHA`);
    // --depth would turn a complete clone into a shallow one: only use it when already shallow.
    const depth = (await this.isShallow()) ? ["--depth=1"] : [];
    return this.tryNetwork([...FETCH, ...depth, "origin", sha]);
  }

  async fetchBranch(branch: string): Promise<boolean> {
    assertSafeRef(branch);
    const valid = await this.git.run(["check-ref-format", `refs/heads/${branch}`], [1]);
    if (valid.exitCode !== 0) throw new UserError(`not a valid branch name: ${JSON.stringify(branch)}`);
    const depth = (await this.isShallow()) ? ["--depth=1"] : [];
    return this.tryNetwork([
      ...FETCH,
      ...depth,
      "origin",
      `+refs/heads/${branch}:refs/remotes/origin/${branch}`,
    ]);
  }

  async deepen(by: number, commits?: string[]): Promise<boolean> {
    if (!Number.isInteger(by) || by < 1) throw new Error(`deepen: ${by} is not a positive integer`);
    if (!(await this.isShallow())) return false;
    const wants = commits?.length ? commits : [await this.resolveCommit("HEAD")];
    for (const sha of wants) {
      if (!isFullSha(sha)) throw new Error(`deepen: ${JSON.stringify(sha)} is not a full commit SHA`);
    }
    // The shallow file lists the history's cut points: unchanged after a fetch means nothing new came.
    const before = await this.readShallowFile();
    if (!(await this.tryNetwork([...FETCH, `--deepen=${by}`, "origin", ...wants]))) return false;
    return (await this.readShallowFile()) !== before;
  }

  async mergeBase(a: string, b: string): Promise<string | undefined> {
    assertSafeRef(a);
    assertSafeRef(b);
    const { stdout } = await this.git.run(["merge-base", a, b], [1]);
    return stdout.trim() || undefined;
  }

  async firstParent(sha: string): Promise<string | undefined> {
    assertSafeRef(sha);
    // Read the commit object itself: in a shallow clone rev-parse would call a cut commit a root.
    const { stdout } = await this.git.run(["cat-file", "commit", sha]);
    for (const line of stdout.split("\n")) {
      if (line === "") break; // end of the header
      if (line.startsWith("parent ")) return line.slice("parent ".length).trim();
    }
    return undefined;
  }

  async isAncestor(a: string, b: string): Promise<boolean> {
    assertSafeRef(a);
    assertSafeRef(b);
    const { exitCode } = await this.git.run(["merge-base", "--is-ancestor", a, b], [1]);
    return exitCode === 0;
  }

  private async tryNetwork(args: string[]): Promise<boolean> {
    try {
      await this.network.run(args);
      return true;
    } catch {
      // The caller decides what a failed fetch means and explains it to the user.
      return false;
    }
  }

  private async readShallowFile(): Promise<string> {
    const path = (await this.git.run(["rev-parse", "--git-path", "shallow"])).stdout.trim();
    try {
      return readFileSync(resolve(this.root, path), "utf8");
    } catch {
      return "";
    }
  }
}
