// The work tree's root found without a git process must be what `git rev-parse --show-toplevel`
// says, or nothing (then git is asked).
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { createGit } from "../../src/git/create-git.js";
import { findWorkTreeRoot } from "../../src/git/find-work-tree.js";
import { createTempRepo, runGit, type TempRepo } from "../helpers/git-repo.js";
import { GIT_OPTIONS } from "../helpers/settings.js";

const gitSays = async (dir: string) => (await runGit(dir, ["rev-parse", "--show-toplevel"])).trim();

describe("findWorkTreeRoot", () => {
  let repo: TempRepo;
  let scratch: string;
  beforeAll(async () => {
    repo = await createTempRepo();
    await repo.write("deploy/app/config.yaml", "kind: ConfigMap\n");
    await repo.commit("one");
    scratch = await mkdtemp(join(tmpdir(), "config-rollout-worktree-"));
  });
  afterAll(async () => {
    await repo.cleanup();
    await rm(scratch, { recursive: true, force: true });
  });

  test("from the root, a subdirectory and through a symlink: what git says", async () => {
    const link = join(scratch, "link");
    await symlink(join(repo.dir, "deploy"), link);
    for (const dir of [repo.dir, join(repo.dir, "deploy", "app"), link]) {
      expect(await findWorkTreeRoot(dir, {})).toBe(await gitSays(dir));
    }
  });

  test("a linked worktree (`.git` is a file) is its own root", async () => {
    const worktree = join(scratch, "linked");
    await repo.git(["worktree", "add", "-q", "--detach", worktree]);
    expect(await findWorkTreeRoot(join(worktree, "deploy"), {})).toBe(
      await gitSays(join(worktree, "deploy")),
    );
  });

  test("git's discovery variables or a core.worktree setting leave it to git", async () => {
    expect(await findWorkTreeRoot(repo.dir, { GIT_DIR: join(repo.dir, ".git") })).toBeUndefined();
    expect(await findWorkTreeRoot(repo.dir, { GIT_CEILING_DIRECTORIES: scratch })).toBeUndefined();
    const moved = join(scratch, "moved");
    await mkdir(join(moved, ".git", "objects"), { recursive: true });
    await writeFile(join(moved, ".git", "HEAD"), "ref: refs/heads/main\n");
    await writeFile(join(moved, ".git", "config"), "[core]\n\tworktree = /somewhere/else\n");
    expect(await findWorkTreeRoot(moved, {})).toBeUndefined();
  });

  test("an empty `.git` inside a repository is not taken for one: git goes on upward, so do we (by asking git)", async () => {
    const nested = join(repo.dir, "deploy", "nested");
    await mkdir(join(nested, ".git"), { recursive: true });
    try {
      expect(await findWorkTreeRoot(nested, {})).toBeUndefined();
      expect((await createGit(nested, GIT_OPTIONS)).root).toBe(await gitSays(nested));
    } finally {
      await rm(nested, { recursive: true, force: true });
    }
  });

  test("no `.git` up to the file system root: undefined", async () => {
    const outside = await mkdtemp(join(tmpdir(), "config-rollout-nogit-"));
    try {
      expect(await findWorkTreeRoot(outside, {})).toBeUndefined();
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  test("a `.git` git will not use is reported by the first command, as not a work tree", async () => {
    const broken = await mkdtemp(join(tmpdir(), "config-rollout-broken-"));
    try {
      // Looks like a repository, but git cannot read it.
      await mkdir(join(broken, ".git", "objects"), { recursive: true });
      await writeFile(join(broken, ".git", "HEAD"), "not a ref\n");
      const git = await createGit(broken, GIT_OPTIONS);
      const resolving = git.resolveCommit("HEAD");
      await expect(resolving).rejects.toBeInstanceOf(UserError);
      await expect(resolving).rejects.toThrow(`${broken} is not inside a git work tree`);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
