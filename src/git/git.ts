// The git adapter's interface: everything the pipeline asks of the repository.
// Created by `createGit(repoDir)` (create-git.ts); tests may pass small fakes instead.

export type FileChangeStatus = "A" | "M" | "D" | "R" | "C" | "T";

/** One entry of `git diff --name-status`: paths are repository-relative with forward slashes. */
export interface FileChange {
  status: FileChangeStatus;
  path: string;
  /** The source path of a rename or copy. */
  oldPath?: string;
  /** A submodule (gitlink) on either side: the commit it pointed at before and after, where it was one. */
  submodule?: { from?: string; to?: string };
}

export interface Git {
  /** Absolute path of the work tree's top-level directory. */
  root: string;
  /**
   * Tracked files whose work tree or index content differs from HEAD (`git status`, untracked
   * files not looked for, no optional index write); [] when git cannot tell (a bare repository).
   */
  uncommittedPaths?(): Promise<string[]>;
  /** Full SHA of a commit-ish, or UserError "not a commit: X". Refs starting with "-" are a UserError. */
  resolveCommit(ref: string): Promise<string>;
  tryResolveCommit(ref: string): Promise<string | undefined>;
  /**
   * What `ref` names here once tags are peeled ("commit", "tree", "blob"); undefined when it names
   * no object of this clone. For saying what a ref that is no commit is instead.
   */
  objectType(ref: string): Promise<string | undefined>;
  /** True when the commit object is present locally (`cat-file -e sha^{commit}`). */
  hasCommit(sha: string): Promise<boolean>;
  isShallow(): Promise<boolean>;
  /** Fetch one commit by SHA from origin (depth 1 in a shallow clone); false on failure. */
  fetchCommit(sha: string): Promise<boolean>;
  /** Fetch origin's branch into refs/remotes/origin/<branch>; false on failure. */
  fetchBranch(branch: string): Promise<boolean>;
  /** `fetch --deepen=by` around `commits` (default HEAD); false when nothing new arrived or the repo is complete. */
  deepen(by: number, commits?: string[]): Promise<boolean>;
  mergeBase(a: string, b: string): Promise<string | undefined>;
  /** The first parent named in the commit object (which may be missing from a shallow clone); undefined for a root commit. */
  firstParent(sha: string): Promise<string | undefined>;
  isAncestor(a: string, b: string): Promise<boolean>;
  /** Changed files between two commits, renames detected. */
  changedFiles(base: string, head: string): Promise<FileChange[]>;
  /** Start changedFiles of two full SHAs while they are still being verified; optional (a speed-up). */
  startDiff?(base: string, head: string): void;
  /** File bytes at a revision; undefined when absent there (or not a regular file). */
  readFile(rev: string, path: string): Promise<Buffer | undefined>;
  /** Many files at one revision through one `git cat-file --batch` process; absent paths are left out. */
  readFiles(rev: string, paths: readonly string[]): Promise<Map<string, Buffer>>;
  /** Like readFiles, but blobs over `maxBytes` are read past, never held in memory: listed with their size. */
  readFilesUpTo(
    rev: string,
    paths: readonly string[],
    maxBytes: number,
  ): Promise<{ files: Map<string, Buffer>; oversized: Map<string, number> }>;
  /** File size in bytes at a revision; undefined when absent. */
  fileSize(rev: string, path: string): Promise<number | undefined>;
  /** Sizes of many files through one `git cat-file --batch-check` process; absent paths are left out. */
  fileSizes(rev: string, paths: readonly string[]): Promise<Map<string, number>>;
  /** Which of `paths` name a file, symlink or directory at a revision (paths with newlines never do). */
  presentPaths(rev: string, paths: readonly string[]): Promise<Set<string>>;
  /** All regular files (and symlinks) at a revision, submodules excluded; with `baseNames`, only files so named. */
  listFiles(rev: string, baseNames?: readonly string[]): Promise<string[]>;
  /**
   * Files at a revision containing any of the fixed strings; [] when none match. Aborting `signal`
   * kills the search and rejects.
   */
  grepFiles(
    rev: string,
    fixedStrings: readonly string[],
    pathspecs?: readonly string[],
    signal?: AbortSignal,
  ): Promise<string[]>;
  /**
   * grepFiles, and each file found that `options.read` accepts is read at `rev` as soon as git
   * reports it: reading it (and whatever `onFile` does with it) overlaps the rest of the search.
   * Resolves with every file found, sorted, once the search and the reads are done.
   */
  grepAndReadFiles(
    rev: string,
    fixedStrings: readonly string[],
    pathspecs: readonly string[],
    options: GrepAndReadOptions,
  ): Promise<string[]>;
}

export interface GrepAndReadOptions {
  /** Which found files to read (the others are only listed). */
  read(path: string): boolean;
  /** Files over this size are not held in memory: `onFile` gets their size instead. */
  maxBytes: number;
  /** Called once per file read, in the order git found them. */
  onFile(path: string, file: { bytes: Buffer } | { oversized: number }): void;
  signal?: AbortSignal;
}

/** How a message names an object that is no commit: "a tree (a directory)". */
export function objectWords(type: string): string {
  if (type === "tree") return "a tree (a directory)";
  if (type === "blob") return "a blob (a file)";
  return `a ${type}`;
}
