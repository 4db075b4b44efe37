// The git adapter: git with argument arrays, refs verified before use, paths after "--".

import { statSync } from "node:fs";
import { resolve } from "node:path";
import { UserError } from "../core/errors.js";
import { CatFileReader } from "./cat-file-reader.js";
import { CommitDiffs } from "./commit-diffs.js";
import { findWorkTreeRoot } from "./find-work-tree.js";
import { type FileChange, type Git, type GrepAndReadOptions, objectWords } from "./git.js";
import { GitHistory, NOT_FOUND } from "./git-history.js";
import { missingObjectError } from "./missing-object.js";
import { type BatchEntry, CatFileBatchParser } from "./parse-cat-file-batch.js";
import { blobPathsOfLsTree, parseLsTree } from "./parse-ls-tree.js";
import { createGitRunner, createNetworkGitRunner, type GitRunner } from "./run-git.js";
import { runGrep } from "./run-grep.js";
import { assertSafeRef } from "./safe-ref.js";
import { GitExitError, spawnGit } from "./spawn-git.js";

/**
 * `timeoutMs`: --git-timeout, for every git command of the adapter: one without any output for this
 * long is stuck (e.g. a fetch waiting for credentials) and is stopped.
 */
export async function createGit(repoDir: string, options: { timeoutMs: number }): Promise<Git> {
  const { timeoutMs } = options;
  const dir = resolve(repoDir);
  if (!statOrUndefined(dir)?.isDirectory()) throw new UserError(`repository directory ${dir} does not exist`);
  // Found without git in the usual case; git itself then checks it can use the repository (its
  // owner, for one) with the first command, and says so if not (see resolveBatch).
  const found = findWorkTreeRoot(dir, process.env);
  const root = found ?? (await askGitForWorkTree(dir, timeoutMs));
  const adapter = new GitAdapter(
    root,
    createGitRunner(root, timeoutMs),
    createNetworkGitRunner(root, timeoutMs),
    timeoutMs,
  );
  if (found !== undefined)
    adapter.checkWorkTree = () => askGitForWorkTree(dir, timeoutMs).then(() => undefined);
  return adapter;
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** `git rev-parse --show-toplevel`, or the UserError saying why `dir` is no work tree git will use. */
async function askGitForWorkTree(dir: string, timeoutMs: number): Promise<string> {
  let root: string;
  try {
    root = (await createGitRunner(dir, timeoutMs).run(["rev-parse", "--show-toplevel"])).stdout.trim();
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    throw new UserError(`${dir} is not inside a git work tree (${reason})`);
  }
  if (root === "") throw new UserError(`${dir} is not inside a git work tree`);
  return root;
}

class GitAdapter extends GitHistory implements Git {
  /**
   * Full SHAs already verified to name a commit. A commit never changes, so each stage that passes
   * the same SHA (diff, reads at base and head, grep) no longer spawns its own `rev-parse`.
   */
  private readonly knownCommits = new Set<string>();
  /** Set when the root was found without git: asks git, and throws when it will not use the repository. */
  checkWorkTree?: () => Promise<void>;

  /** Every object read goes through one long-lived `cat-file --batch`. */
  private readonly objects: CatFileReader;
  /** How two commits differ: git's diff, once per pair. */
  private readonly diffs: CommitDiffs;

  constructor(
    root: string,
    git: GitRunner,
    network: Pick<GitRunner, "run">,
    /** --git-timeout, for the commands spawned outside `git`. */
    private readonly timeoutMs: number,
  ) {
    super(root, git, network);
    this.objects = new CatFileReader(root);
    this.diffs = new CommitDiffs((ref) => this.resolveCommit(ref), git);
  }

  async resolveCommit(ref: string): Promise<string> {
    const sha = await this.tryResolveCommit(ref);
    if (sha !== undefined) return sha;
    const type = await this.objectType(ref);
    throw new UserError(
      `not a commit: ${ref}${type && type !== "commit" ? ` (it names ${objectWords(type)})` : ""}`,
    );
  }

  async tryResolveCommit(ref: string): Promise<string | undefined> {
    assertSafeRef(ref);
    if (this.knownCommits.has(ref)) return ref;
    const sha = await new Promise<string | undefined>((resolve, reject) => {
      if (this.resolving === undefined) {
        this.resolving = [];
        queueMicrotask(() => this.resolveBatch());
      }
      this.resolving.push({ ref, resolve, reject });
    });
    if (sha !== undefined && sha === ref) this.knownCommits.add(sha);
    return sha;
  }

  async objectType(ref: string): Promise<string | undefined> {
    assertSafeRef(ref);
    const [entry] = await this.objects.read([`${ref}^{}`], 0);
    return entry?.kind === "object" ? entry.type : undefined;
  }

  /** Refs asked for in the same tick (a range's base and head), waiting for one git process. */
  private resolving:
    | Array<{ ref: string; resolve(sha?: string): void; reject(error: unknown): void }>
    | undefined;

  /**
   * One `cat-file --batch-check` answers every ref asked for in one tick (`<ref>^{commit}`: the
   * commit a tag or branch names; "missing" when there is none). Should it fail as a whole, each
   * ref is asked on its own, as `rev-parse --verify` would answer it.
   */
  private async resolveBatch(): Promise<void> {
    const batch = this.resolving ?? [];
    this.resolving = undefined;
    let entries: BatchEntry[] | undefined;
    try {
      // The commit's text is not wanted: a limit of 0 reads past it.
      entries = await this.objects.read(
        batch.map((b) => `${b.ref}^{commit}`),
        0,
      );
    } catch {
      entries = undefined;
      // Perhaps git refuses the repository itself (another user's checkout, say): that is the error.
      try {
        await this.checkWorkTree?.();
      } catch (refusal) {
        for (const request of batch) request.reject(refusal);
        return;
      }
    }
    for (const [i, request] of batch.entries()) {
      const entry = entries?.[i];
      if (entries !== undefined) {
        request.resolve(entry?.kind === "object" && entry.type === "commit" ? entry.oid : undefined);
        continue;
      }
      this.git
        .run(["rev-parse", "--verify", "--quiet", "--end-of-options", `${request.ref}^{commit}`], NOT_FOUND)
        .then(({ stdout }) => request.resolve(stdout.trim() || undefined), request.reject);
    }
  }

  async uncommittedPaths(): Promise<string[]> {
    const args = [
      "--no-optional-locks",
      "status",
      "--porcelain=v1",
      "-z",
      "--untracked-files=no",
      "--no-renames",
    ];
    let stdout: string;
    try {
      ({ stdout } = await this.git.run(args, NOT_FOUND));
    } catch {
      return [];
    }
    // Each record is `XY path` (X: the index, Y: the work tree); with renames off, no record
    // carries a second path. A staged deletion alone (X "D") is left out: that is also what a clone
    // made with --no-checkout, which has no index, says of every file.
    return stdout
      .split("\0")
      .filter((record) => record.length > 3 && ("MTA".includes(record[0]!) || "MTD".includes(record[1]!)))
      .filter((record) => record[0] !== " " || record[1] !== " ")
      .map((record) => record.slice(3));
  }

  changedFiles(base: string, head: string): Promise<FileChange[]> {
    return this.diffs.changedFiles(base, head);
  }

  startDiff(base: string, head: string): void {
    this.diffs.startDiff(base, head);
  }

  async readFile(rev: string, path: string): Promise<Buffer | undefined> {
    return (await this.readFiles(rev, [path])).get(path);
  }

  async readFiles(rev: string, paths: readonly string[]): Promise<Map<string, Buffer>> {
    return (await this.readFilesUpTo(rev, paths, Number.POSITIVE_INFINITY)).files;
  }

  async readFilesUpTo(
    rev: string,
    paths: readonly string[],
    maxBytes: number,
  ): Promise<{ files: Map<string, Buffer>; oversized: Map<string, number> }> {
    const sha = await this.resolveCommit(rev);
    const files = new Map<string, Buffer>();
    const oversized = new Map<string, number>();
    const [plain, withNewline] = splitByNewline(paths);
    const entries = await this.objects.read(
      plain.map((path) => `${sha}:${path}`),
      maxBytes,
    );
    entries.forEach((entry, i) => {
      if (entry.kind !== "object" || entry.type !== "blob") return;
      if (entry.content) files.set(plain[i]!, entry.content);
      else oversized.set(plain[i]!, entry.size);
    });
    for (const path of withNewline) {
      const blob = await this.lsTreeBlob(sha, path);
      if (!blob) continue;
      const bytes = await this.git.runBuffer(["cat-file", "blob", blob]);
      if (bytes.length > maxBytes) oversized.set(path, bytes.length);
      else files.set(path, bytes);
    }
    return { files, oversized };
  }

  async fileSize(rev: string, path: string): Promise<number | undefined> {
    return (await this.fileSizes(rev, [path])).get(path);
  }

  async fileSizes(rev: string, paths: readonly string[]): Promise<Map<string, number>> {
    const sha = await this.resolveCommit(rev);
    const sizes = new Map<string, number>();
    const [plain, withNewline] = splitByNewline(paths);
    const entries = await catFileSizes(
      this.root,
      plain.map((path) => `${sha}:${path}`),
      this.timeoutMs,
    );
    entries.forEach((entry, i) => {
      if (entry.kind === "object" && entry.type === "blob") sizes.set(plain[i]!, entry.size);
    });
    for (const path of withNewline) {
      const blob = await this.lsTreeBlob(sha, path);
      if (blob) sizes.set(path, Number((await this.git.run(["cat-file", "-s", blob])).stdout.trim()));
    }
    return sizes;
  }

  async presentPaths(rev: string, paths: readonly string[]): Promise<Set<string>> {
    const sha = await this.resolveCommit(rev);
    const [plain] = splitByNewline(paths);
    const entries = await catFileSizes(
      this.root,
      plain.map((path) => `${sha}:${path}`),
      this.timeoutMs,
    );
    return new Set(plain.filter((_, i) => entries[i]?.kind === "object"));
  }

  async listFiles(rev: string, baseNames?: readonly string[]): Promise<string[]> {
    const sha = await this.resolveCommit(rev);
    // A monorepo's listing runs to megabytes: read record by record, only the kept paths are held.
    const paths: string[] = [];
    await this.git.runRecords(["ls-tree", "-r", "-z", "--full-tree", sha], (records) => {
      for (const path of blobPathsOfLsTree(records, baseNames)) paths.push(path);
    });
    return paths;
  }

  async grepFiles(
    rev: string,
    fixedStrings: readonly string[],
    pathspecs: readonly string[] = [],
    signal?: AbortSignal,
  ): Promise<string[]> {
    const sha = await this.resolveCommit(rev);
    const found = new Set<string>();
    await this.grep(sha, fixedStrings, pathspecs, (path) => found.add(path), signal);
    return [...found].sort();
  }

  async grepAndReadFiles(
    rev: string,
    fixedStrings: readonly string[],
    pathspecs: readonly string[],
    options: GrepAndReadOptions,
  ): Promise<string[]> {
    const sha = await this.resolveCommit(rev);
    const found = new Set<string>();
    const withNewline: string[] = [];
    const reading: Array<Promise<unknown>> = [];
    const prefix = `${sha}:`;
    const deliver = (entry: BatchEntry, name: string) => {
      if (entry.kind !== "object" || entry.type !== "blob") return;
      const path = name.slice(prefix.length);
      options.onFile(path, entry.content ? { bytes: entry.content } : { oversized: entry.size });
    };
    const onPath = (path: string) => {
      if (found.has(path)) return;
      found.add(path);
      if (!options.read(path)) return;
      if (path.includes("\n")) return void withNewline.push(path);
      const read = this.objects.read([`${prefix}${path}`], options.maxBytes, deliver);
      read.catch(() => {});
      reading.push(read);
    };
    try {
      await this.grep(sha, fixedStrings, pathspecs, onPath, options.signal);
    } catch (error) {
      // The search failed: what was being read no longer matters, its own failure even less.
      await Promise.allSettled(reading);
      throw error;
    }
    await Promise.all(reading);
    if (withNewline.length > 0) {
      const read = await this.readFilesUpTo(sha, withNewline, options.maxBytes);
      for (const [path, bytes] of read.files) options.onFile(path, { bytes });
      for (const [path, size] of read.oversized) options.onFile(path, { oversized: size });
    }
    return [...found].sort();
  }

  /** One `git grep` for all the names; `onPath` gets each matching path as git prints it. */
  private async grep(
    sha: string,
    fixedStrings: readonly string[],
    pathspecs: readonly string[],
    onPath: (path: string) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    // A name with a newline (a folder's, an object's: data from the repository) is on no one line:
    // it matches nothing. An empty string would match every file: a caller's mistake.
    const needles = [...new Set(fixedStrings)].filter((needle) => !needle.includes("\n"));
    if (needles.includes("")) throw new Error("grepFiles: cannot search for an empty string");
    const prefix = `${sha}:`;
    const request = {
      needles,
      rev: sha,
      pathspecs,
      idleTimeoutMs: this.timeoutMs,
      ...(signal ? { signal } : {}),
    };
    await runGrep(this.root, request, (name) =>
      onPath(name.startsWith(prefix) ? name.slice(prefix.length) : name),
    );
  }

  /** The blob id at an exact path (for names `cat-file --batch` cannot take: those with newlines). */
  private async lsTreeBlob(sha: string, path: string): Promise<string | undefined> {
    const { stdout } = await this.git.run(["ls-tree", "-z", "--full-tree", sha, "--", path]);
    return parseLsTree(stdout).find((entry) => entry.path === path && entry.type === "blob")?.oid;
  }
}

function splitByNewline(paths: readonly string[]): [string[], string[]] {
  const unique = [...new Set(paths)].filter((path) => path !== "");
  return [unique.filter((path) => !path.includes("\n")), unique.filter((path) => path.includes("\n"))];
}

// The sizes of many objects through one `git cat-file --batch-check` (at 20,000 files, one process
// per file would take minutes). Contents are read through the long-lived reader (cat-file-reader.ts).

/** Look up object names (e.g. "<sha>:<path>", no newlines) and return one entry per name, in order. */
async function catFileSizes(
  root: string,
  names: readonly string[],
  /** --git-timeout. */
  idleTimeoutMs: number,
): Promise<BatchEntry[]> {
  if (names.length === 0) return [];
  const entries: BatchEntry[] = [];
  const parser = new CatFileBatchParser(false, (entry) => entries.push(entry));
  try {
    await spawnGit(root, ["cat-file", "--batch-check", "--buffer"], {
      input: `${names.join("\n")}\n`,
      idleTimeoutMs,
      onStdout: (chunk) => parser.push(chunk),
    });
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw (
      missingObjectError(text) ??
      new Error(`git cat-file --batch-check failed (exit ${error.exitCode}): ${text}`)
    );
  }
  parser.end();
  if (entries.length !== names.length) {
    throw new Error(`git cat-file answered ${entries.length} of ${names.length} lookups`);
  }
  return entries;
}
