// `git grep`: the longest git command of a plan, started while the process is busy reading and
// parsing. Exit 1 means nothing matched; a missing object is the clone's problem, said as such.

import { availableParallelism } from "node:os";
import { grepPatternLines, type PatternSyntax, patternSyntaxFor, SYNTAX_FLAG } from "./grep-patterns.js";
import { missingObjectError } from "./missing-object.js";
import { GitExitError, nulRecords, spawnGit } from "./spawn-git.js";

/**
 * What git says when it cannot search with `-P`: built without PCRE ("cannot use Perl-compatible
 * regexes when not compiled with USE_LIBPCRE"), PCRE2 could not JIT the pattern, or it refused to
 * compile a pattern of the `-f -` file ("In '-' at 1, '…': regular expression is too large").
 */
const NO_PERL = /Perl-compatible|PCRE|JIT|In '-' at \d+/;

/** Whether the git on PATH takes `-P`: assumed until it says otherwise, then remembered. */
let perlAvailable = true;

interface GrepRequest {
  /** Fixed strings (none empty, none with a newline); a file matches when it holds any of them. */
  needles: readonly string[];
  /** The commit searched. */
  rev: string;
  pathspecs: readonly string[];
  signal?: AbortSignal;
  /** --git-timeout: a search without any output for this long is stopped. */
  idleTimeoutMs: number;
}

/**
 * Search `request.rev` in `root` for files holding any of the needles; `onName` gets each name git
 * prints ("<rev>:<path>"), as soon as it arrives (nothing when no file matched: exit 1).
 */
export async function runGrep(
  root: string,
  request: GrepRequest,
  onName: (name: string) => void,
): Promise<void> {
  if (request.needles.length === 0) return;
  const syntax = patternSyntaxFor(request.needles, perlAvailable);
  try {
    await grepWith(root, request, syntax, onName);
  } catch (error) {
    // git dies on -P before it searches anything: nothing was reported, the search can start over.
    if (!(syntax === "perl" && error instanceof GitExitError && NO_PERL.test(error.stderr))) {
      throw grepError(error);
    }
    perlAvailable = false;
    await grepWith(root, request, "extended", onName).catch((retryError) => {
      throw grepError(retryError);
    });
  }
}

async function grepWith(
  root: string,
  request: GrepRequest,
  syntax: PatternSyntax,
  onName: (name: string) => void,
): Promise<void> {
  const names = nulRecords((records) => {
    for (const name of records.toString("utf8").split("\0")) if (name !== "") onName(name);
  });
  // The patterns go through stdin (`-f -`): no command line limits how many names one search takes.
  const args = [
    "grep",
    "-z",
    "-l",
    "-I",
    "--no-color",
    `--threads=${grepThreads()}`,
    SYNTAX_FLAG[syntax],
    "-f",
    "-",
    request.rev,
    "--",
  ];
  await spawnGit(root, [...args, ...request.pathspecs], {
    okExitCodes: [1],
    idleTimeoutMs: request.idleTimeoutMs,
    onStdout: names.push,
    input: `${grepPatternLines(request.needles, syntax).join("\n")}\n`,
    // Byte semantics whatever the runner's locale: a UTF-8 locale would make PCRE2 decode every
    // file as UTF-8; the patterns are ASCII, so what matches is the same either way.
    ...(syntax === "fixed" ? {} : { env: { LC_ALL: "C" } }),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  names.end();
}

/**
 * Threads for `git grep`: one per core but one. git's default, one per core, leaves no core for
 * this process, which reads and parses files all through the search: on a 2-core runner the two
 * fought over the cores and a plan at 20,000 files took longer (bench/RESULTS.md, "git's threads").
 * A search of a commit gains little from its second thread anyway.
 */
export function grepThreads(cores: number = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

function grepError(error: unknown): unknown {
  if (!(error instanceof GitExitError)) return error;
  const text = error.stderr.trim();
  return missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
}

/** For tests: forget what the git on PATH said about `-P`. */
export function resetPerlAvailability(): void {
  perlAvailable = true;
}
