// The work tree as `config-rollout stamp` reads and writes it, like a formatter: the files git
// would see (tracked and untracked, ignored ones left out) as they are on disk, and writes of
// whole files back (only the stamp's own byte edits differ).
//
// Only regular files inside the checkout: every read and write lstats each directory and the file
// on its path first, and a symbolic link anywhere on it is refused (exit 2, naming the link). A
// committed `deploy.yaml -> /elsewhere/file.yaml` would otherwise get the stamp written into a
// file outside the repository, or an outside Secret hashed into a printed stamp. The file itself
// is then opened with O_NOFOLLOW, so a link put there between the check and the open still fails.

import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "../core/errors.js";
import { createGitRunner } from "./run-git.js";

export interface WorkTree {
  readonly dir: string;
  /** Repository-relative paths, sorted. */
  listFiles(): Promise<string[]>;
  /** Size of a regular file, undefined when it is missing or not a regular file. */
  size(path: string): Promise<number | undefined>;
  read(path: string): Promise<Buffer | undefined>;
  write(path: string, text: string): Promise<void>;
  remove(path: string): Promise<void>;
  /** The first symbolic link on `path` (itself or a directory above it), undefined when none. */
  linkOn(path: string): string | undefined;
  /** A scratch directory for the duration of `use` (a renderer's HOME), removed after. */
  withScratch<T>(use: (dir: string) => Promise<T>): Promise<T>;
}

/** The work tree holding `dir` (its top level). */
export async function openWorkTree(dir: string, gitTimeoutMs: number): Promise<WorkTree> {
  const { stdout } = await createGitRunner(dir, gitTimeoutMs).run(["rev-parse", "--show-toplevel"]);
  return createWorkTree(stdout.trim() || dir, gitTimeoutMs);
}

/** `gitTimeoutMs`: --git-timeout, for the listing. */
function createWorkTree(dir: string, gitTimeoutMs: number): WorkTree {
  return {
    dir,
    async listFiles() {
      const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
      const { stdout } = await createGitRunner(dir, gitTimeoutMs).run(args);
      return [...new Set(stdout.split("\0").filter((f) => f !== ""))].sort();
    },
    // Synchronous on purpose: a stamp reads thousands of small files, and one promise-based read
    // costs five system calls and a round of the event loop each, a synchronous one a single call.
    async size(path) {
      const found = regularFile(dir, path);
      return found?.size;
    },
    async read(path) {
      if (regularFile(dir, path) === undefined) return undefined;
      let fd: number;
      try {
        fd = openSync(join(dir, path), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        if (linkError(error)) throw symlinkRefusal(path);
        return undefined;
      }
      try {
        return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
      } finally {
        closeSync(fd);
      }
    },
    async write(path, text) {
      regularFile(dir, path);
      let fd: number;
      try {
        fd = openSync(
          join(dir, path),
          constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
          0o666,
        );
      } catch (error) {
        if (linkError(error)) throw symlinkRefusal(path);
        throw error;
      }
      try {
        writeFileSync(fd, text);
      } finally {
        closeSync(fd);
      }
    },
    async remove(path) {
      if (regularFile(dir, path) === undefined) return;
      await rm(join(dir, path), { force: true });
    },
    linkOn(path) {
      try {
        regularFile(dir, path);
        return undefined;
      } catch (error) {
        if (error instanceof SymlinkRefused) return error.link;
        throw error;
      }
    },
    async withScratch(use) {
      const scratch = await mkdtemp(join(tmpdir(), "config-rollout-stamp-"));
      try {
        return await use(scratch);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

/**
 * lstat of each directory on `path` and of the file: the file's stats when it is a regular file,
 * undefined when something on the path is missing or the file is not a regular file (a directory,
 * a fifo). Throws (exit 2) at the first symbolic link, naming it.
 */
function regularFile(dir: string, path: string): { size: number } | undefined {
  const parts = path.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join("/");
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(join(dir, prefix));
    } catch {
      return undefined;
    }
    if (stats.isSymbolicLink()) throw symlinkRefusal(prefix, prefix === path ? undefined : path);
    if (i === parts.length) return stats.isFile() ? { size: stats.size } : undefined;
    if (!stats.isDirectory()) return undefined;
  }
  return undefined;
}

function linkError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ELOOP" || code === "EMLINK";
}

class SymlinkRefused extends UserError {
  constructor(
    readonly link: string,
    message: string,
  ) {
    super(message);
  }
}

function symlinkRefusal(link: string, through?: string): UserError {
  return new SymlinkRefused(
    link,
    `${link} in the work tree is a symbolic link${through ? ` (on the path of ${through})` : ""}: config-rollout stamp reads and writes only regular files inside the checkout and never follows a link. Nothing was written: replace the link with the file it stands for, or leave it out with --exclude`,
  );
}
