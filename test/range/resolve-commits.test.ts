import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { ACTION_INPUTS } from "../../src/core/option-naming.js";
import { createGit } from "../../src/git/create-git.js";
import { resolveGitLabRange } from "../../src/range/gitlab-range.js";
import { commitOrder, resolveCommits } from "../../src/range/resolve-commits.js";
import { cloneTempRepo, createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { GIT_OPTIONS } from "../helpers/settings.js";

const UNKNOWN_SHA = "0123456789abcdef0123456789abcdef01234567";

/**
 * origin: main = m1..m8 (linear); feature forks from m2 with f1, f2.
 */
describe("resolveCommits against a shallow clone", () => {
  let origin: TempRepo;
  const main: string[] = [];
  const feature: string[] = [];
  const clones: TempRepo[] = [];

  async function shallowClone(args: string[] = []): Promise<TempRepo> {
    const clone = await cloneTempRepo(`file://${origin.dir}`, ["--depth", "1", ...args]);
    clones.push(clone);
    return clone;
  }

  beforeAll(async () => {
    origin = await createTempRepo();
    for (let i = 1; i <= 8; i++) {
      await origin.write("deploy/config.yaml", `kind: ConfigMap\nname: app\nversion: ${i}\n`);
      main.push(await origin.commit(`m${i}`));
      if (i === 2) {
        await origin.git(["switch", "--quiet", "-c", "feature"]);
        for (let f = 1; f <= 2; f++) {
          await origin.write("feature.yaml", `f: ${f}\n`);
          feature.push(await origin.commit(`f${f}`));
        }
        await origin.git(["switch", "--quiet", "main"]);
      }
    }
  });
  afterAll(async () => {
    for (const repo of [origin, ...clones]) await repo.cleanup();
  });

  test("finds a merge-base 5 commits back by fetching the base and deepening", async () => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    expect(await git.isShallow()).toBe(true);
    expect(await git.hasCommit(main[2]!)).toBe(false);
    const request = { kind: "merge-base", base: main[2]!, head: main[7]!, note: "PR" } as const;
    await expect(resolveCommits(request, git, { maxDeepenRounds: 0 })).rejects.toThrow(/no merge-base/);
    expect(await resolveCommits(request, git)).toEqual({ base: main[2], head: main[7], note: "PR" });
  });

  test("commitOrder fetches a commit and deepens until it can place it; one origin lacks is unknown", async () => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    expect(await git.hasCommit(main[4]!)).toBe(false);
    expect(await commitOrder(git, main[4]!, main[7]!)).toEqual({ order: "older" });
    expect(await commitOrder(git, UNKNOWN_SHA, main[7]!, { ci: "github" })).toEqual({
      order: "unknown",
      why: "commit 0123456789ab is not in this shallow clone and could not be fetched from origin: set fetch-depth: 0 on actions/checkout",
    });
  });

  test("finds the merge-base of a pull request whose base branch forked further back", async () => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    const range = await resolveCommits(
      { kind: "merge-base", base: main[7]!, head: feature[1]!, note: "PR" },
      git,
    );
    expect(range.base).toBe(main[1]);
    expect(range.head).toBe(feature[1]);
  });

  test("fetches a base given by SHA that the shallow clone lacks", async () => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    expect(await git.hasCommit(main[0]!)).toBe(false);
    const range = await resolveCommits({ kind: "range", base: main[0]!, head: "HEAD", note: "push" }, git);
    expect(range).toEqual({ base: main[0], head: main[7], note: "push" });
    expect(await git.changedFiles(range.base!, range.head)).toEqual([
      { status: "M", path: "deploy/config.yaml" },
    ]);
  });

  test("a diff of two SHAs asked before the base was fetched is asked again after", async () => {
    // The run starts the diff of a push's two SHAs while it resolves them: the base may be missing.
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    await expect(git.changedFiles(main[0]!, main[7]!)).rejects.toThrow(`not a commit: ${main[0]}`);
    const range = await resolveCommits({ kind: "range", base: main[0]!, head: main[7]!, note: "push" }, git);
    expect(await git.changedFiles(range.base!, range.head)).toEqual([
      { status: "M", path: "deploy/config.yaml" },
    ]);
  });

  test("fetches the missing first parent of a depth-1 checkout", async () => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    const range = await resolveCommits({ kind: "first-parent", head: "HEAD", note: "schedule" }, git);
    expect(range).toEqual({ base: main[6], head: main[7], note: "schedule" });
  });

  test.each([
    ["github", "set fetch-depth: 0 on actions/checkout"],
    ["gitlab", "set GIT_DEPTH: 0"],
    ["local", "fetch more history"],
  ] as const)("a base that origin does not have names the setting to change (%s)", async (ci, hint) => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    const result = resolveCommits({ kind: "range", base: UNKNOWN_SHA, head: "HEAD", note: "push" }, git, {
      ci,
    });
    await expect(result).rejects.toBeInstanceOf(UserError);
    await expect(result).rejects.toThrow(
      `base commit ${UNKNOWN_SHA} is not in this clone and could not be fetched`,
    );
    await expect(result).rejects.toThrow(hint);
  });

  // GitLab does not say whether a push was forced: CI_COMMIT_BEFORE_SHA may be the discarded head,
  // which no GIT_DEPTH can fetch. Decided as GitHub's forced push.
  describe("a GitLab push (CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA)", () => {
    const push = (before: string) =>
      resolveGitLabRange({
        GITLAB_CI: "true",
        CI_PIPELINE_SOURCE: "push",
        CI_COMMIT_BEFORE_SHA: before,
        CI_COMMIT_SHA: main[7]!,
      });

    test("whose previous head is gone (a forced push) compares with the first parent", async () => {
      const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
      const range = await resolveCommits(push(UNKNOWN_SHA), git, { ci: "gitlab" });
      expect(range).toEqual({
        base: main[6],
        head: main[7],
        note: "forced push: the previous head 0123456789ab is no longer available, so comparing with the first parent",
      });
    });

    test("of several commits, in a shallow clone: before is fetched, every commit compared", async () => {
      const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
      expect(await resolveCommits(push(main[4]!), git, { ci: "gitlab" })).toEqual({
        base: main[4],
        head: main[7],
        note: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA",
      });
    });
  });

  test("a merge-base beyond the allowed deepening gives the clear message", async () => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    const result = resolveCommits(
      { kind: "merge-base", base: feature[1]!, head: main[7]!, note: "PR" },
      git,
      {
        ci: "github",
        maxDeepenRounds: 1,
      },
    );
    await expect(result).rejects.toThrow(
      new UserError(
        `no merge-base of ${feature[1]!.slice(0, 12)} and ${main[7]!.slice(0, 12)} in the fetched history of this shallow clone: set fetch-depth: 0 on actions/checkout`,
      ),
    );
  });

  test("a new branch is compared with its merge-base with the default branch, fetched if missing", async () => {
    const clone = await shallowClone(["--branch", "feature", "--single-branch"]);
    const git = await createGit(clone.dir, GIT_OPTIONS);
    expect(await git.tryResolveCommit("refs/remotes/origin/main")).toBeUndefined();
    const range = await resolveCommits(
      {
        kind: "new-branch",
        head: feature[1]!,
        defaultBranch: "main",
        ref: "branch",
        note: "new branch: merge-base of main",
      },
      git,
    );
    expect(range).toEqual({ base: main[1], head: feature[1], note: "new branch: merge-base of main" });
  });

  // QA: a tag pushed on main's head was told "new branch: … is already on main".
  test("a new tag on a commit of the default branch: nothing to compare, said of a tag", async () => {
    const git = await createGit((await shallowClone()).dir, GIT_OPTIONS);
    const range = await resolveCommits(
      { kind: "new-branch", head: main[7]!, defaultBranch: "main", ref: "tag", note: "new tag" },
      git,
    );
    expect(range).toEqual({
      base: main[7],
      head: main[7],
      note: `new tag: ${main[7]!.slice(0, 12)} is already on main, nothing new to compare`,
    });
  });

  test("a new branch whose default branch does not exist falls back to the first parent", async () => {
    const git = await createGit(
      (await shallowClone(["--branch", "feature", "--single-branch"])).dir,
      GIT_OPTIONS,
    );
    const range = await resolveCommits(
      { kind: "new-branch", head: "HEAD", defaultBranch: "trunk", ref: "branch", note: "n" },
      git,
    );
    expect(range).toEqual({
      base: feature[0],
      head: feature[1],
      note: "new branch: origin/trunk is not available, so comparing with the first parent",
    });
  });
});

describe("resolveCommits on a complete repository", () => {
  let repo: TempRepo;
  let root: string;
  let a: string;
  let b: string;
  let rewritten: string;

  beforeAll(async () => {
    repo = await createTempRepo();
    await repo.write("config.yaml", "v: 1\n");
    root = await repo.commit("root");
    await repo.write("config.yaml", "v: 2\n");
    a = await repo.commit("a");
    await repo.write("config.yaml", "v: 3\n");
    b = await repo.commit("b");
    // A force push replaced b with a rewritten commit on top of a.
    await repo.git(["reset", "--quiet", "--hard", a]);
    await repo.write("config.yaml", "v: 3 (amended)\n");
    rewritten = await repo.commit("b amended");
  });
  afterAll(async () => {
    await repo.cleanup();
  });

  test("the root commit has nothing to compare with", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    expect(await resolveCommits({ kind: "first-parent", head: root, note: "x" }, git)).toEqual({
      head: root,
      note: "first commit: nothing to compare",
    });
  });

  test("a deleted ref does nothing", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const range = await resolveCommits({ kind: "nothing", note: "deleted" }, git);
    expect(range).toEqual({ head: rewritten, note: "deleted" });
    expect(range.base).toBeUndefined();
  });

  test("a forced push whose previous head still exists compares with it, ancestor or not (what was deployed)", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const range = await resolveCommits(
      { kind: "range", base: b, head: rewritten, forced: true, note: "forced" },
      git,
    );
    expect(await git.isAncestor(b, rewritten)).toBe(false);
    expect(range).toEqual({ base: b, head: rewritten, note: "forced" });
  });

  test("a forced push whose previous head is gone compares with the first parent", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const range = await resolveCommits(
      { kind: "range", base: UNKNOWN_SHA, head: rewritten, forced: true, note: "forced" },
      git,
    );
    expect(range.base).toBe(a);
    expect(range.note).toMatch(/^forced push: the previous head 0123456789ab is no longer available/);
  });

  test("a forced push that only added commits keeps before..after", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    expect(
      await resolveCommits({ kind: "range", base: root, head: rewritten, forced: true, note: "forced" }, git),
    ).toEqual({ base: root, head: rewritten, note: "forced" });
  });

  test("a ref that is not a commit is a UserError naming it", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    await expect(
      resolveCommits({ kind: "range", base: "nope", head: "HEAD", note: "x" }, git),
    ).rejects.toThrow(/^not a commit: nope \(base\)/);
  });

  test.each([
    [
      "deadbeef",
      "not a commit: deadbeef (base): no commit, branch or tag of that name exists in this repository (a complete clone)",
    ],
    [
      UNKNOWN_SHA,
      `base commit ${UNKNOWN_SHA} does not exist in this repository (a complete clone) and could not be fetched from origin`,
    ],
  ])("on a complete clone, %s is said not to exist: no unshallow hint", async (base, message) => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const result = resolveCommits({ kind: "range", base, head: "HEAD", note: "x" }, git);
    await expect(result).rejects.toThrow(new UserError(message));
    await expect(result).rejects.not.toThrow(/unshallow|fetch more history/);
  });

  test.each([
    ["HEAD~1..HEAD", "a range, not one commit: pass --base HEAD~1 --head HEAD"],
    ["main...HEAD", "a range, not one commit: pass --base $(git merge-base main HEAD) --head HEAD"],
    [
      ":/b amended",
      "a search of commit messages, not taken as --base: give the commit's SHA (git rev-parse ':/b amended' prints it)",
    ],
    ["HEAD:config.yaml", "it names a file (REV:PATH), not a commit"],
    ["^HEAD", "it names a set of commits, not one commit"],
  ])("--base %j says what is wrong with the value", async (base, problem) => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const result = resolveCommits({ kind: "range", base, head: "HEAD", note: "x" }, git);
    await expect(result).rejects.toThrow(new UserError(`not a commit: ${base} (base): ${problem}`));
  });

  test("a tag or SHA of a tree or a file says what it names, not that it does not exist", async () => {
    const tree = (await repo.git(["rev-parse", "HEAD^{tree}"])).trim();
    const blob = (await repo.git(["rev-parse", "HEAD:config.yaml"])).trim();
    await repo.git(["tag", "tree-tag", tree]);
    await repo.git(["tag", "-a", "-m", "a file", "blob-tag", blob]);
    const git = await createGit(repo.dir, GIT_OPTIONS);
    for (const [ref, what] of [
      ["tree-tag", "a tree (a directory)"],
      [tree, "a tree (a directory)"],
      ["blob-tag", "a blob (a file)"],
    ]) {
      const result = resolveCommits({ kind: "range", base: "HEAD", head: ref!, note: "x" }, git);
      await expect(result).rejects.toThrow(
        new UserError(`not a commit: ${ref} (head): it names ${what}, not a commit`),
      );
    }
    await expect(git.resolveCommit("tree-tag")).rejects.toThrow(
      new UserError("not a commit: tree-tag (it names a tree (a directory))"),
    );
  });

  test("the action names its inputs in that message", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const result = resolveCommits({ kind: "range", base: "a..b", head: "HEAD", note: "x" }, git, {
      naming: ACTION_INPUTS,
    });
    await expect(result).rejects.toThrow("a range, not one commit: set `base: a` and `head: b`");
  });

  test.each([
    ["the same commit", "same"],
    ["an ancestor", "older"],
    ["a descendant", "newer"],
    ["another branch's commit", "diverged"],
    ["a commit this complete repository never had", "diverged"],
  ])("commitOrder: %s is %s", async (what, order) => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const [commit, head] = {
      "the same commit": [rewritten, rewritten],
      "an ancestor": [a, rewritten],
      "a descendant": [rewritten, a],
      "another branch's commit": [b, rewritten],
      "a commit this complete repository never had": [UNKNOWN_SHA, rewritten],
    }[what]!;
    expect(await commitOrder(git, commit!, head!)).toEqual({ order });
  });

  test("a flag that looks like an option is rejected", async () => {
    const git = await createGit(repo.dir, GIT_OPTIONS);
    await expect(
      resolveCommits({ kind: "range", base: "--output=/tmp/x", head: "HEAD", note: "x" }, git),
    ).rejects.toThrow(new UserError(`ref "--output=/tmp/x" must not start with '-'`));
  });
});
