// The one long-lived `git cat-file --batch` a run reads every object through.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CatFileReader } from "../../src/git/cat-file-reader.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";

const text = (entry: { kind: string; content?: Buffer } | undefined) =>
  entry?.kind === "object" ? entry.content?.toString("utf8") : undefined;

describe("CatFileReader", () => {
  let repo: TempRepo;
  let head: string;
  beforeAll(async () => {
    repo = await createTempRepo();
    await repo.write("a.yaml", "kind: ConfigMap\n");
    await repo.write("big.yaml", `kind: ConfigMap\ndata: ${"x".repeat(500)}\n`);
    head = await repo.commit("one");
  });
  afterAll(async () => {
    await repo.cleanup();
  });

  test("requests asked at once are answered in order, each with its own size limit", async () => {
    const reader = new CatFileReader(repo.dir);
    const streamed: string[] = [];
    const [commit, files, small] = await Promise.all([
      reader.read([`${head}^{commit}`], 0),
      reader.read(
        [`${head}:a.yaml`, `${head}:big.yaml`, `${head}:none.yaml`],
        Number.POSITIVE_INFINITY,
        (_e, name) => streamed.push(name),
      ),
      reader.read([`${head}:big.yaml`], 100),
    ]);
    expect(commit[0]).toMatchObject({ kind: "object", type: "commit", oid: head });
    expect(commit[0]).not.toHaveProperty("content");
    expect(text(files[0])).toBe("kind: ConfigMap\n");
    expect(text(files[1])).toContain("x".repeat(500));
    expect(files[2]).toEqual({ kind: "missing", name: `${head}:none.yaml` });
    expect(streamed).toEqual([`${head}:a.yaml`, `${head}:big.yaml`, `${head}:none.yaml`]);
    // Over its limit: read past, only its size.
    expect(small[0]).toMatchObject({ kind: "object", type: "blob" });
    expect(small[0]).not.toHaveProperty("content");
  });

  test("after its process ended for being idle, the next read starts another", async () => {
    const reader = new CatFileReader(repo.dir);
    expect(text((await reader.read([`${head}:a.yaml`]))[0])).toBe("kind: ConfigMap\n");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(text((await reader.read([`${head}:a.yaml`]))[0])).toBe("kind: ConfigMap\n");
  });

  test("a read right after an idle process was ended is answered by the next process", async () => {
    // A real manifest bundle (~640 KB) takes longer to parse than the idle time: the idle timer
    // and the next read both wait behind the parse, so the old process is ended and the next read
    // starts a new one before the old one has exited. Its exit (code 0) must not fail that read.
    const bundle = Array.from(
      { length: 8000 },
      (_, i) => `---\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\ndata:\n  key: "${"v".repeat(40)}"\n`,
    ).join("");
    await repo.write("bundle.yaml", bundle);
    const commit = await repo.commit("bundle");
    const idleMs = 20;
    const reader = new CatFileReader(repo.dir, idleMs);
    for (let round = 0; round < 3; round++) {
      const [first] = await reader.read([`${commit}:bundle.yaml`]);
      expect(first?.kind === "object" && first.content?.length).toBe(Buffer.byteLength(bundle));
      const parsedUntil = Date.now() + idleMs * 3; // the parse: the main thread is busy
      while (Date.now() < parsedUntil) {}
      // The next timers phase runs the (overdue) idle timer first, then this read, with no I/O
      // in between: the ended process has not been seen to exit yet.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const [again] = await reader.read([`${commit}:a.yaml`]);
      expect(text(again)).toBe("kind: ConfigMap\n");
    }
  });

  test("outside a repository every waiting read fails, with git's reason", async () => {
    const dir = await mkdtemp(join(tmpdir(), "config-rollout-nogit-"));
    try {
      const reader = new CatFileReader(dir);
      const reads = [reader.read(["HEAD^{commit}"]), reader.read(["HEAD:a.yaml"])];
      for (const read of reads)
        await expect(read).rejects.toThrow(/git cat-file --batch failed .*not a git repository/i);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
