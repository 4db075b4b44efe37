// How two commits differ, from their trees (src/git/tree-diff.ts, src/git/commit-diffs.ts): held
// against git's own diff on a history of every shape a tree can change in, commit by commit and
// across several commits.
import { chmod, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { createGit } from "../../src/git/create-git.js";
import { parseNameStatus } from "../../src/git/parse-name-status.js";
import { diffTrees, parseTree } from "../../src/git/tree-diff.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { countGitCommands } from "../helpers/git-trace.js";

describe("parseTree", () => {
  test("reads git's own tree objects: modes, names as they are, ids", async () => {
    const repo = await createTempRepo();
    try {
      await repo.write("präferenzen ☸.yaml", "a: 1\n");
      await repo.write("dir/file with space", "b\n");
      await repo.commit("one");
      const tree = (await repo.git(["rev-parse", "HEAD^{tree}"])).trim();
      const listing = await repo.git(["ls-tree", "-z", tree]);
      const expected = listing
        .split("\0")
        .filter(Boolean)
        .map((line) => {
          const [meta, name] = line.split("\t") as [string, string];
          const [mode, , oid] = meta.split(" ") as [string, string, string];
          // ls-tree pads a tree's mode to six digits; the object stores "40000".
          return { mode: mode.replace(/^0/, ""), name, oid };
        });
      const raw = await rawObject(repo, tree);
      expect(parseTree(raw, 20)).toEqual(expected);
      expect(() => parseTree(raw.subarray(0, raw.length - 3), 20)).toThrow(/truncated tree entry/);
    } finally {
      await repo.cleanup();
    }
  });
});

describe("the changes between two commits, from their trees", () => {
  let repo: TempRepo;
  const commits: string[] = [];

  beforeAll(async () => {
    repo = await createTempRepo();
    const step = async (message: string, change: () => Promise<void>) => {
      await change();
      commits.push(await repo.commit(message));
    };
    await step("start", async () => {
      await repo.write("README.md", "hello\n");
      await repo.write("deploy/base/config.yaml", "kind: ConfigMap\n");
      await repo.write("deploy/base/app.yaml", "kind: Deployment\n");
      await repo.write("deploy/overlays/prod/kustomization.yaml", "resources: [../../base]\n");
      await repo.write("to-become-dir", "a file for now\n");
      await repo.write("dir-to-become-file/inner.yaml", "x: 1\n");
      await repo.write("scripts/run.sh", "echo hi\n");
      await repo.write("línea\nnueva.yaml", "n: 1\n");
    });
    await step("README only", async () => {
      await repo.write("README.md", "hello again\n");
    });
    await step("a config deep down", async () => {
      await repo.write("deploy/base/config.yaml", "kind: ConfigMap\ndata: {}\n");
    });
    await step("new nested directories, a deletion", async () => {
      await repo.write("deploy/overlays/staging/patches/a/b.yaml", "p: 1\n");
      await repo.remove("deploy/overlays/prod/kustomization.yaml");
    });
    await step("a file becomes a directory, a directory a file", async () => {
      await repo.remove("to-become-dir");
      await repo.write("to-become-dir/now.yaml", "now: dir\n");
      await repo.remove("dir-to-become-file");
      await repo.write("dir-to-become-file", "now a file\n");
    });
    await step("the executable bit, a symbolic link", async () => {
      await chmod(join(repo.dir, "scripts/run.sh"), 0o755);
      await repo.remove("README.md");
      await symlink("deploy/base/app.yaml", join(repo.dir, "README.md"));
    });
    // A gitlink lives in the index only (no checkout of it here): committed as staged, not with
    // `git add --all`, which would stage its removal.
    const commitIndex = async (message: string, cacheinfo: string) => {
      await repo.git(["update-index", "--add", "--cacheinfo", cacheinfo]);
      await repo.git(["commit", "--quiet", "--no-verify", "-m", message]);
      commits.push((await repo.git(["rev-parse", "HEAD"])).trim());
    };
    await commitIndex("a submodule added", `160000,${commits[0]},vendor/charts`);
    await commitIndex("the submodule moved to another commit", `160000,${commits[1]},vendor/charts`);
    await step("the submodule becomes a file", async () => {
      await repo.git(["rm", "--cached", "-q", "vendor/charts"]);
      await repo.write("vendor/charts", "a plain file\n");
    });
    await step("a rename and an edit elsewhere", async () => {
      await repo.rename("deploy/base/app.yaml", "deploy/base/web.yaml");
      await repo.write("línea\nnueva.yaml", "n: 2\n");
    });
  });
  afterAll(async () => {
    await repo.cleanup();
  });

  const gitDiff = async (base: string, head: string, renames: boolean) =>
    parseNameStatus(
      await repo.git([
        "-c",
        "core.quotePath=false",
        "diff-tree",
        "-r",
        "-z",
        "--raw",
        renames ? "-M" : "--no-renames",
        "--no-commit-id",
        base,
        head,
        "--",
      ]),
    );

  test("each commit, and every range across the history, gives git's own entries in git's order", async () => {
    const git = await createGit(repo.dir);
    let ranges = 0;
    for (let i = 0; i < commits.length; i++) {
      for (let j = 0; j < commits.length; j++) {
        if (i === j) continue;
        const [base, head] = [commits[i]!, commits[j]!];
        expect(await git.changedPaths(base, head), `${i}..${j}`).toEqual(await gitDiff(base, head, false));
        expect(await git.changedFiles(base, head), `${i}..${j}`).toEqual(await gitDiff(base, head, true));
        ranges++;
      }
    }
    expect(ranges).toBe(commits.length * (commits.length - 1));
    expect(await git.changedPaths(commits[2]!, commits[2]!)).toEqual([]);
  });

  test("a change of root files only starts no git process for its diff; a rename takes git's answer", async () => {
    const rootOnly = await countGitCommands("diff-tree", async () => {
      const git = await createGit(repo.dir);
      expect(await git.changedFiles(commits[0]!, commits[1]!)).toEqual([{ status: "M", path: "README.md" }]);
    });
    expect(rootOnly).toBe(0);
    // Below the root the change may be wide: git's diff starts beside the walk (one, for both asks).
    const belowRoot = await countGitCommands(
      "diff-tree",
      async () => {
        const git = await createGit(repo.dir);
        await git.changedPaths(commits[1]!, commits[2]!);
        await git.changedFiles(commits[1]!, commits[2]!);
      },
      1,
    );
    expect(belowRoot).toBe(1);
    const withRename = await countGitCommands("diff-tree", async () => {
      const git = await createGit(repo.dir);
      const changes = await git.changedFiles(commits.at(-2)!, commits.at(-1)!);
      expect(changes).toContainEqual({
        status: "R",
        oldPath: "deploy/base/app.yaml",
        path: "deploy/base/web.yaml",
      });
      // Asked again, by ref this time: the same diff.
      expect(await git.changedFiles("HEAD~1", "HEAD")).toEqual(changes);
    });
    expect(withRename).toBe(1);
  });

  test("a clone without the trees (--filter=tree:0) gets git's answer: what is missing, and how to fetch it", async () => {
    await repo.git(["config", "uploadpack.allowFilter", "true"]);
    const { mkdtemp, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const scratch = await mkdtemp(join(tmpdir(), "config-rollout-treeless-"));
    try {
      const clone = join(scratch, "clone");
      await repo.git(["clone", "-q", "--no-checkout", "--filter=tree:0", `file://${repo.dir}`, clone]);
      // Nothing to fetch the missing trees from.
      await repo.git(["-C", clone, "remote", "remove", "origin"]);
      const git = await createGit(clone);
      await expect(git.changedFiles(commits[0]!, commits[2]!)).rejects.toThrow(
        /is missing from this clone .*fetch/,
      );
      await expect(git.changedFiles(commits[0]!, commits[2]!)).rejects.toBeInstanceOf(UserError);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  test("a walk that would read too many trees gives up, and git's diff answers", async () => {
    const wide = await createTempRepo();
    try {
      await wide.write("README.md", "x\n");
      const base = await wide.commit("base");
      for (let i = 0; i < 300; i++) await wide.write(`many/d${i}/f.yaml`, `i: ${i}\n`);
      const head = await wide.commit("300 directories");
      const git = await createGit(wide.dir);
      expect(await git.changedPaths(base, head)).toBeUndefined();
      expect(await git.changedFiles(base, head)).toHaveLength(300);
    } finally {
      await wide.cleanup();
    }
  });

  test("the caller is told once when the walk goes below the root trees, and never for root files", async () => {
    const tree = (entries: Array<[string, string, string]>) =>
      entries.map(([mode, name, oid]) => ({ mode, name, oid }));
    const id = (text: string) => text.padEnd(40, "0");
    const listings = new Map<string, ReturnType<typeof tree>>([
      [
        id("b"),
        tree([
          ["100644", "README.md", id("1")],
          ["40000", "top", id("bt")],
        ]),
      ],
      [
        id("h"),
        tree([
          ["100644", "README.md", id("2")],
          ["40000", "top", id("ht")],
        ]),
      ],
      [
        id("r"),
        tree([
          ["100644", "README.md", id("3")],
          ["40000", "top", id("bt")],
        ]),
      ],
      [id("bt"), tree([["40000", "d", id("bd")]])],
      [id("ht"), tree([["40000", "d", id("hd")]])],
      [id("bd"), tree([["100644", "f.yaml", id("4")]])],
      [id("hd"), tree([["100644", "f.yaml", id("5")]])],
    ]);
    const read = async (oids: readonly string[]) => oids.map((oid) => listings.get(oid)!);
    let told = 0;
    const onBelowRoot = () => told++;
    expect(await diffTrees(read, id("b"), id("r"), 100, onBelowRoot)).toEqual([
      { status: "M", path: "README.md" },
    ]);
    expect(told).toBe(0);
    expect(await diffTrees(read, id("b"), id("h"), 100, onBelowRoot)).toEqual([
      { status: "M", path: "README.md" },
      { status: "M", path: "top/d/f.yaml" },
    ]);
    expect(told).toBe(1);
    // Over the budget: no answer.
    expect(await diffTrees(read, id("b"), id("h"), 3, onBelowRoot)).toBeUndefined();
  });

  test("two equal root trees are equal without reading them", async () => {
    const asked: string[][] = [];
    const changes = await diffTrees(
      async (oids) => {
        asked.push([...oids]);
        return oids.map(() => []);
      },
      "a".repeat(40),
      "a".repeat(40),
      10,
    );
    expect(changes).toEqual([]);
    expect(asked).toEqual([]);
  });
});

async function rawObject(repo: TempRepo, oid: string): Promise<Buffer> {
  const { execFile } = await import("node:child_process");
  return new Promise((resolve, reject) =>
    execFile("git", ["cat-file", "tree", oid], { cwd: repo.dir, encoding: "buffer" }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
}
