// Step: the changed files. The manifests the diff touched, read and parsed at both commits (the
// base side first: the early candidate search starts from it while the head side is read).
import type { Log } from "../core/log.js";
import type { Manifest, ManifestProblem } from "../core/model.js";
import type { FileChange, Git } from "../git/git.js";
import { type EarlySearch, earlyCandidateSearch } from "./candidates.js";
import { oversizedFileProblems } from "./objects-across-files.js";
import type { PathFilter } from "./path-filter.js";
import { parseFiles, readBytes } from "./read-files.js";
import { BROKEN_AT, type ScanOptions } from "./scan-model.js";

export interface ChangedManifests {
  /** The changed files --paths and --exclude keep. */
  changedFiles: FileChange[];
  headPaths: string[];
  /** Paths read at either commit: later searches skip them. */
  touched: Set<string>;
  /** Files over --max-file-size, by path, with their size. */
  oversized: { base: Map<string, number>; head: Map<string, number> };
  base: Manifest[];
  head: Manifest[];
  /** The files with errors (a document not read) at each commit, by path. */
  broken: { base: Set<string>; head: Set<string> };
  /** Oversized files, then each broken file once (problemsOnce, below). */
  problems: ManifestProblem[];
  /** The consumers' search, started from the names in the changed files at base. */
  early: EarlySearch | undefined;
}

/**
 * A changed file this large is parsed only once the renders have said whether they own it (an owned
 * file's raw objects are dropped): a CRD bundle a kustomization lists takes a second to parse.
 */
const LARGE_FILE_BYTES = 64 * 1024;

export async function readChangedManifests(
  git: Git,
  commits: { base: string; head: string },
  allChangedFiles: FileChange[],
  wanted: PathFilter,
  options: ScanOptions,
  log: Log,
  /** The files the renders own, once they know (undefined: no renders). */
  owned?: Promise<((path: string) => boolean) | undefined>,
): Promise<ChangedManifests> {
  const changedFiles = allChangedFiles.filter(
    (f) => wanted(f.path) || (f.oldPath !== undefined && wanted(f.oldPath)),
  );
  const basePaths = changedFiles.filter((f) => f.status !== "A").map((f) => f.oldPath ?? f.path);
  const headPaths = changedFiles.filter((f) => f.status !== "D").map((f) => f.path);
  log.debug(`${changedFiles.length} changed manifest file(s)`);
  const oversized = { base: new Map<string, number>(), head: new Map<string, number>() };
  // The base side first, alone: the search starts from it, and the head side is read while the
  // search runs (two reads at once only slowed the one the search waits for).
  const baseFiles = await readBytes(git, commits.base, basePaths, options, oversized.base);
  // Every config whose content changed or that was deleted exists at base, so the names of the
  // configs in the changed files at base cover the names to search for. Guess them from the text
  // and start the one `git grep` now: git walks the tree on another core while this process reads
  // the head side and parses.
  const headRead = readBytes(git, commits.head, headPaths, options, oversized.head);
  headRead.catch(() => {});
  const early = earlyCandidateSearch(
    git,
    commits.head,
    baseFiles,
    new Set(headPaths),
    wanted,
    options,
    headRead,
  );
  const headFiles = await headRead;
  const oversizedProblems = oversizedFileProblems(changedFiles, oversized, options.maxFileSize);
  const large = (path: string) =>
    Math.max(baseFiles.get(path)?.length ?? 0, headFiles.get(path)?.length ?? 0) > LARGE_FILE_BYTES;
  const largeOwned = [...basePaths, ...headPaths].some(large) ? await owned : undefined;
  const parsed = (path: string) => !(largeOwned?.(path) && large(path));
  const baseProblems: ManifestProblem[] = [];
  const base = await parseFiles(basePaths.filter(parsed), baseFiles, options, baseProblems);
  const headProblems: ManifestProblem[] = [];
  const head = await parseFiles(headPaths.filter(parsed), headFiles, options, headProblems);
  return {
    changedFiles,
    headPaths,
    touched: new Set([...basePaths, ...headPaths]),
    oversized,
    base,
    head,
    broken: { base: brokenFiles(baseProblems), head: brokenFiles(headProblems) },
    problems: [...oversizedProblems, ...problemsOnce(baseProblems, headProblems, changedFiles)],
    early,
  };
}

// A file broken at both commits would be reported twice (once per side). What matters is the head
// commit, the one being deployed: a base problem is kept only when the file is fine at head, and
// then as a warning (it was already broken before this push; --strict is about what is deployed).
// An error leaves part of the file unread at that commit: what it defines there, and so what
// changed, cannot be told, and the plan is incomplete (the problem says `unread`), as for a file
// over --max-file-size. A warning (a duplicate key, a file that is no manifest) leaves it read.

function brokenFiles(problems: ManifestProblem[]): Set<string> {
  return new Set(problems.filter((p) => p.severity === "error").map((p) => p.file));
}

function problemsOnce(
  baseProblems: ManifestProblem[],
  headProblems: ManifestProblem[],
  changedFiles: FileChange[],
): ManifestProblem[] {
  const headPathOf = new Map(
    changedFiles.filter((f) => f.status !== "D").map((f) => [f.oldPath ?? f.path, f.path]),
  );
  const brokenAtHead = new Set(headProblems.map((p) => p.file));
  const kept = baseProblems
    .filter((p) => {
      const headPath = headPathOf.get(p.file);
      return headPath === undefined || !brokenAtHead.has(headPath);
    })
    .map((p) => ({
      ...p,
      severity: "warning" as const,
      message: `at the base commit: ${p.message}`,
      ...(p.severity === "error" ? { unread: BROKEN_AT.base } : {}),
    }));
  const atHead = headProblems.map((p) => (p.severity === "error" ? { ...p, unread: BROKEN_AT.head } : p));
  return [...kept, ...atHead];
}
