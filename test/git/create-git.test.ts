import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { createGit } from "../../src/git/create-git.js";
import type { Git } from "../../src/git/git.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { countGitCommands } from "../helpers/git-trace.js";
import { GIT_OPTIONS } from "../helpers/settings.js";

const BINARY = Buffer.from([0x00, 0xff, 0x0a, 0x0d, 0x0a, 0x00, 0x80, 0x7f, 0x0a]);

describe("git adapter on a real repository", () => {
  let repo: TempRepo;
  let git: Git;
  let first: string;
  let second: string;

  beforeAll(async () => {
    repo = await createTempRepo();
    await repo.write("deploy/app.yaml", "kind: Deployment\nname: app\nconfigMapRef: app-config\n");
    await repo.write("deploy/config.yaml", "kind: ConfigMap\nname: app-config\n");
    await repo.write("my configs/präferenzen ☸.yaml", "kind: ConfigMap\nname: prefs\n");
    await repo.write(
      "old name.yaml",
      "kind: Secret\nname: db-credentials\nlong: enough text to be detected as a rename\n",
    );
    await repo.write(
      "gone.yaml",
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: gone\ndata:\n  a: "1"\n',
    );
    await repo.write("logo.bin", BINARY);
    first = await repo.commit("first");
    await repo.write("deploy/config.yaml", "kind: ConfigMap\nname: app-config\ndata: changed\n");
    await repo.write("my configs/präferenzen ☸.yaml", "kind: ConfigMap\nname: prefs\nvalue: 2\n");
    await repo.rename("old name.yaml", "secrets/new name.yaml");
    await repo.remove("gone.yaml");
    await repo.write("line\nbreak.yaml", "kind: ConfigMap\nname: newline\n");
    second = await repo.commit("second");
    git = await createGit(join(repo.dir, "deploy"), GIT_OPTIONS);
  });
  afterAll(async () => {
    await repo.cleanup();
  });

  test("finds the work tree root from a subdirectory", async () => {
    expect(await createGit(repo.dir, GIT_OPTIONS).then((g) => g.root)).toBe(git.root);
    expect(git.root.endsWith(repo.dir.split("/").at(-1)!)).toBe(true);
  });

  test("resolves refs to full SHAs and names what is not a commit", async () => {
    expect(await git.resolveCommit("HEAD")).toBe(second);
    expect(await git.resolveCommit("HEAD~1")).toBe(first);
    expect(await git.resolveCommit(first.slice(0, 10))).toBe(first);
    await expect(git.resolveCommit("no-such-branch")).rejects.toThrow(
      new UserError("not a commit: no-such-branch"),
    );
    expect(await git.tryResolveCommit("HEAD:deploy/app.yaml")).toBeUndefined();
  });

  test("a ref that looks like an option is rejected and never reaches git", async () => {
    const target = join(tmpdir(), `config-rollout-injected-${process.pid}`);
    const ref = `--output=${target}`;
    const message = `ref "${ref}" must not start with '-'`;
    await expect(git.resolveCommit(ref)).rejects.toThrow(new UserError(message));
    await expect(git.changedFiles(ref, "HEAD")).rejects.toThrow(message);
    await expect(git.changedFiles("HEAD~1", ref)).rejects.toThrow(message);
    await expect(git.mergeBase(ref, "HEAD")).rejects.toThrow(message);
    await expect(git.readFiles(ref, ["deploy/app.yaml"])).rejects.toThrow(message);
    await expect(git.grepFiles(ref, ["app-config"])).rejects.toThrow(message);
    expect(existsSync(target)).toBe(false);
  });

  test("knows which commits exist", async () => {
    expect(await git.hasCommit(first)).toBe(true);
    expect(await git.hasCommit("0123456789abcdef0123456789abcdef01234567")).toBe(false);
    expect(await git.isShallow()).toBe(false);
    expect(await git.firstParent(second)).toBe(first);
    expect(await git.firstParent(first)).toBeUndefined();
    expect(await git.isAncestor(first, second)).toBe(true);
    expect(await git.isAncestor(second, first)).toBe(false);
    expect(await git.mergeBase(first, second)).toBe(first);
  });

  test("lists changed files with renames, spaces, unicode and newlines in names", async () => {
    const changes = await git.changedFiles(first, second);
    expect(changes).toEqual(
      expect.arrayContaining([
        { status: "M", path: "deploy/config.yaml" },
        { status: "M", path: "my configs/präferenzen ☸.yaml" },
        { status: "R", oldPath: "old name.yaml", path: "secrets/new name.yaml" },
        { status: "D", path: "gone.yaml" },
        { status: "A", path: "line\nbreak.yaml" },
      ]),
    );
    expect(changes).toHaveLength(5);
    expect(await git.changedFiles(second, second)).toEqual([]);
  });

  test("two full SHAs are diffed as the commits they name, and only those", async () => {
    const tree = (await repo.git(["rev-parse", `${second}^{tree}`])).trim();
    await expect(git.changedFiles(first, tree)).rejects.toThrow(
      new UserError(`not a commit: ${tree} (it names a tree (a directory))`),
    );
    await repo.git(["tag", "--annotate", "--message", "second", "second-tag", second]);
    const tag = (await repo.git(["rev-parse", "second-tag"])).trim();
    expect(tag).not.toBe(second);
    expect(await git.changedFiles(first, tag)).toEqual(await git.changedFiles(first, second));
  });

  test("refs are diffed as the commits they resolve to: one diff, for whoever asks by ref or by SHA", async () => {
    const fresh = await createGit(repo.dir, GIT_OPTIONS);
    let byRef: unknown;
    const diffs = await countGitCommands("diff-tree", async () => {
      byRef = await fresh.changedFiles("HEAD~1", "HEAD");
      expect(byRef).toEqual(await git.changedFiles(first, second));
      expect(await fresh.changedFiles(first, second)).toBe(byRef);
    });
    expect(diffs).toBe(1);
    // A ref that names no commit fails the diff: git is never handed half a range.
    await expect(fresh.changedFiles("no-such-branch", "HEAD")).rejects.toThrow(
      new UserError("not a commit: no-such-branch"),
    );
    await expect(fresh.changedFiles("HEAD", `${second}^{tree}`)).rejects.toThrow(/not a commit/);
  });

  test("a diff started while its commits are verified is the one the scan reads, and is run again when it failed", async () => {
    const fresh = await createGit(repo.dir, GIT_OPTIONS);
    const diffs = await countGitCommands("diff-tree", async () => {
      fresh.startDiff?.(first, second);
      expect(await fresh.changedFiles(first, second)).toEqual(await git.changedFiles(first, second));
    });
    expect(diffs).toBe(1);
    // A shallow clone fetches a missing base while verifying it: the diff started before the fetch
    // failed, and the one the scan reads is git's diff of the fetched commits.
    const clone = await mkdtemp(join(tmpdir(), "config-rollout-early-diff-"));
    try {
      await repo.git(["branch", "--force", "only-first", first]);
      await repo.git([
        "clone",
        "--quiet",
        "--no-local",
        "--single-branch",
        "--branch",
        "only-first",
        repo.dir,
        clone,
      ]);
      const cloned = await createGit(clone, GIT_OPTIONS);
      cloned.startDiff?.(first, second);
      expect(await cloned.fetchCommit(second)).toBe(true);
      expect(await cloned.changedFiles(first, second)).toEqual(await git.changedFiles(first, second));
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
  });

  test("reads one file at a revision, undefined when absent there", async () => {
    expect((await git.readFile(first, "gone.yaml"))?.toString()).toContain("  name: gone\n");
    expect(await git.readFile(second, "gone.yaml")).toBeUndefined();
    expect(await git.readFile(second, "deploy")).toBeUndefined(); // a directory is not a file
    expect((await git.readFile(second, "my configs/präferenzen ☸.yaml"))?.toString()).toContain("value: 2");
  });

  test("reads many files in one batch with exact bytes, binary included", async () => {
    const files = await git.readFiles(second, [
      "logo.bin",
      "deploy/app.yaml",
      "secrets/new name.yaml",
      "line\nbreak.yaml",
      "gone.yaml",
      "deploy/app.yaml",
    ]);
    expect([...files.keys()].sort()).toEqual([
      "deploy/app.yaml",
      "line\nbreak.yaml",
      "logo.bin",
      "secrets/new name.yaml",
    ]);
    expect(files.get("logo.bin")).toEqual(BINARY);
    expect(files.get("deploy/app.yaml")?.toString()).toBe(
      "kind: Deployment\nname: app\nconfigMapRef: app-config\n",
    );
    expect(files.get("line\nbreak.yaml")?.toString()).toBe("kind: ConfigMap\nname: newline\n");
  });

  test("reads a thousand files in one batch", async () => {
    const big = await createTempRepo();
    try {
      const paths = Array.from({ length: 1000 }, (_, i) => `cfg/${i}.yaml`);
      for (const [i, path] of paths.entries()) await big.write(path, `name: cm-${i}\n${"x".repeat(i)}\n`);
      await big.commit("many");
      const files = await (await createGit(big.dir, GIT_OPTIONS)).readFiles("HEAD", paths);
      expect(files.size).toBe(1000);
      expect(files.get("cfg/999.yaml")?.toString()).toBe(`name: cm-999\n${"x".repeat(999)}\n`);
    } finally {
      await big.cleanup();
    }
  });

  test("lists a tree far larger than one pipe read, multi-byte names intact, and finds files by name in it", async () => {
    const big = await createTempRepo();
    try {
      // ~1,200 entries of ~120 bytes: the listing arrives in several chunks, cut anywhere.
      const dirs = Array.from(
        { length: 400 },
        (_, i) => `apps/präferenzen-☸-${String(i).padStart(4, "0")}-${"d".repeat(40)}`,
      );
      for (const dir of dirs) {
        await big.write(`${dir}/deployment.yaml`, "kind: Deployment\n");
        await big.write(`${dir}/notes.txt`, "x\n");
      }
      for (const dir of dirs.filter((_, i) => i % 100 === 7))
        await big.write(`${dir}/kustomization.yaml`, "resources: []\n");
      await big.commit("many");
      const repo = await createGit(big.dir, GIT_OPTIONS);
      const all = await repo.listFiles("HEAD");
      expect(all).toHaveLength(804);
      expect(all).toContain(`${dirs[399]}/notes.txt`);
      expect(await repo.listFiles("HEAD", ["kustomization.yaml"])).toEqual(
        dirs.filter((_, i) => i % 100 === 7).map((dir) => `${dir}/kustomization.yaml`),
      );
    } finally {
      await big.cleanup();
    }
  });

  test("gives file sizes without reading contents", async () => {
    expect(await git.fileSize(second, "logo.bin")).toBe(BINARY.length);
    expect(await git.fileSize(second, "gone.yaml")).toBeUndefined();
    const sizes = await git.fileSizes(second, ["logo.bin", "line\nbreak.yaml", "nope"]);
    expect(Object.fromEntries(sizes)).toEqual({ "logo.bin": BINARY.length, "line\nbreak.yaml": 30 });
  });

  test("lists all files at a revision", async () => {
    expect((await git.listFiles(first)).sort()).toEqual(
      [
        "deploy/app.yaml",
        "deploy/config.yaml",
        "gone.yaml",
        "logo.bin",
        "my configs/präferenzen ☸.yaml",
        "old name.yaml",
      ].sort(),
    );
  });

  test("finds files by fixed strings, limited by pathspecs", async () => {
    expect(await git.grepFiles(second, ["app-config"])).toEqual(["deploy/app.yaml", "deploy/config.yaml"]);
    expect(await git.grepFiles(second, ["db-credentials", "prefs"])).toEqual([
      "my configs/präferenzen ☸.yaml",
      "secrets/new name.yaml",
    ]);
    expect(await git.grepFiles(second, ["app-config"], ["deploy/config.yaml"])).toEqual([
      "deploy/config.yaml",
    ]);
    // Fixed strings: regex characters mean themselves.
    expect(await git.grepFiles(second, ["app.config", "-e"])).toEqual([]);
    expect(await git.grepFiles(second, [])).toEqual([]);
    // A name with a newline (data from the repository) is on no one line: it matches nothing.
    expect(await git.grepFiles(second, ["app-config\nx", "prefs"])).toEqual([
      "my configs/präferenzen ☸.yaml",
    ]);
    expect(await git.grepFiles(second, ["app\nconfig"])).toEqual([]);
    // The old revision still has the file under its old name.
    expect(await git.grepFiles(first, ["db-credentials"])).toEqual(["old name.yaml"]);
  });

  test("finds files when there are more strings than one command line holds", async () => {
    const needles = Array.from({ length: 3000 }, (_, i) => `no-such-config-name-${i}-padding-padding`);
    needles.push("newline");
    expect(await git.grepFiles(second, needles)).toEqual(["line\nbreak.yaml"]);
  });
  test("reads the files a search finds as they are found: only those asked for, big ones only sized", async () => {
    const read = new Map<string, string>();
    const found = await git.grepAndReadFiles(second, ["app-config", "newline", "prefs"], [], {
      read: (path) => path !== "deploy/config.yaml",
      maxBytes: 40,
      onFile: (path, file) =>
        read.set(path, "bytes" in file ? file.bytes.toString("utf8") : `${file.oversized} bytes`),
    });
    expect(found).toEqual([
      "deploy/app.yaml",
      "deploy/config.yaml",
      "line\nbreak.yaml",
      "my configs/präferenzen ☸.yaml",
    ]);
    expect(Object.fromEntries(read)).toEqual({
      // Over maxBytes: never held, only its size.
      "deploy/app.yaml": "52 bytes",
      // A name with a newline cannot go through cat-file --batch: read on its own, still delivered.
      "line\nbreak.yaml": "kind: ConfigMap\nname: newline\n",
      "my configs/präferenzen ☸.yaml": "kind: ConfigMap\nname: prefs\nvalue: 2\n",
    });
  });

  test("a search that finds nothing reads nothing; one that fails says so", async () => {
    const read: string[] = [];
    const options = { read: () => true, maxBytes: 1000, onFile: (path: string) => void read.push(path) };
    expect(await git.grepAndReadFiles(second, ["no-such-name"], [], options)).toEqual([]);
    expect(read).toEqual([]);
    const missing = "0".repeat(40);
    await expect(git.grepAndReadFiles(missing, ["app-config"], [], options)).rejects.toThrow(/not a commit/);
  });
});

describe("createGit", () => {
  test("a directory outside any git work tree is a clear UserError", async () => {
    const dir = await mkdtemp(join(tmpdir(), "config-rollout-nogit-"));
    try {
      const result = createGit(dir, GIT_OPTIONS);
      await expect(result).rejects.toBeInstanceOf(UserError);
      await expect(result).rejects.toThrow(`${dir} is not inside a git work tree`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a directory that does not exist is a clear UserError", async () => {
    const dir = join(tmpdir(), "config-rollout-does-not-exist");
    await expect(createGit(dir, GIT_OPTIONS)).rejects.toThrow(
      new UserError(`repository directory ${dir} does not exist`),
    );
  });
});
