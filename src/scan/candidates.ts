// Step: the candidates. The files at a commit (not already read) whose text names a changed config,
// found with one `git grep` and parsed: the consumers of a change, the copies of an object. The
// early search starts from the names guessed in the changed files at base, while the rest is read.

import type { Manifest, ManifestProblem } from "../core/model.js";
import type { Git } from "../git/git.js";
import { globsToPathspecs } from "../git/glob-pathspecs.js";
import { GITOPS_API_GROUPS, shareGitopsSearch } from "./gitops/find-deployments.js";
import { configNamesInText } from "./manifests/config-names-in-text.js";
import type { ParsedManifests } from "./manifests/manifest-reader.js";
import { literalPathspecs } from "./objects-across-files.js";
import type { PathFilter } from "./path-filter.js";
import { oversizedCandidateProblem, parseWithOptions, readManifests } from "./read-files.js";
import type { ScanOptions } from "./scan-model.js";

/**
 * A workload that runs another object's pod template (Argo's `workloadRef`) names the object, not
 * the configs: the same search also finds the files that hold such references, so a Rollout whose
 * Deployment consumes a changed config is found too.
 */
export function withTemplateRefs(names: string[]): string[] {
  return names.length > 0 ? [...names, TEMPLATE_REF] : names;
}

const TEMPLATE_REF = "workloadRef";

/** Names git grep can search for, unique and sorted. */
export function uniqueNames(names: string[]): string[] {
  return [...new Set(names)].filter((name) => name !== "" && !name.includes("\n")).sort();
}

/** Files at `rev` (other than those already read) whose text mentions one of `names`. */
export async function findCandidateFiles(
  git: Git,
  rev: string,
  names: string[],
  alreadyRead: Set<string>,
  wanted: PathFilter,
  signal?: AbortSignal,
): Promise<string[]> {
  const pathspecs = globsToPathspecs(wanted.globs) ?? [];
  // No --paths (--kustomize DIRS alone reads no raw file): nothing to search.
  if (names.length === 0 || wanted.globs.length === 0) return [];
  const hits = await git.grepFiles(rev, names, pathspecs, signal);
  return hits.filter((path) => !alreadyRead.has(path) && wanted(path));
}

export interface EarlySearch {
  names: Set<string>;
  /** Every file the search found (also those not read: already read, or not a manifest path). */
  hits: Promise<string[]>;
  /** What the files read as they were found hold, by path. */
  parsed: Map<string, ParsedManifests | Promise<ParsedManifests>>;
}

export function earlyCandidateSearch(
  git: Git,
  rev: string,
  baseFiles: Map<string, Buffer>,
  alreadyRead: Set<string>,
  wanted: PathFilter,
  options: ScanOptions,
  /** The bytes of `alreadyRead` at `rev`, being read: not read again for the GitOps search. */
  alreadyReadFiles?: Promise<Map<string, Buffer>>,
): EarlySearch | undefined {
  // Names git grep cannot search for are left to the exact search, which reports them as before.
  const names = new Set(
    withTemplateRefs(
      [...baseFiles.values()]
        .flatMap((bytes) => configNamesInText(bytes.toString("utf8")))
        .filter((name) => name !== "" && !name.includes("\n")),
    ),
  );
  if (names.size === 0) return undefined;
  // The same pass over the tree finds the files holding a GitOps object, for this run's GitOps
  // search (gitops/find-deployments.ts), unless that search has started already.
  const gitops = shareGitopsSearch(git, rev, wanted.globs);
  const markers = gitops ? GITOPS_API_GROUPS : [];
  // Each file is read and parsed as git grep reports it: by the time the search ends, most of
  // the candidates are parsed already.
  const parsed: EarlySearch["parsed"] = new Map();
  const read = new Map<string, Buffer | undefined>();
  const oversized = new Map<string, number>();
  const found = git.grepAndReadFiles(rev, [...names, ...markers], globsToPathspecs(wanted.globs) ?? [], {
    read: (path) => !alreadyRead.has(path) && wanted(path),
    maxBytes: options.maxFileSize,
    onFile(path, file) {
      if ("oversized" in file) {
        read.set(path, undefined);
        return void oversized.set(path, file.oversized);
      }
      read.set(path, file.bytes);
      // A file found for a GitOps apiVersion alone is no candidate.
      if (markers.length > 0 && !holdsAny(file.bytes, names)) return;
      // The fast path runs now; a file that needs the full parse waits for the yaml package.
      const result = parseWithOptions(path, file.bytes, options);
      result.catch(() => {});
      parsed.set(path, result);
    },
  });
  const hits = found.then(async (paths) => {
    // An oversized file is a candidate only when it names a config (asked of git when it may not).
    const named = new Set(
      markers.length > 0 && oversized.size > 0
        ? await git.grepFiles(rev, [...names], literalPathspecs([...oversized.keys()]))
        : oversized.keys(),
    );
    for (const [path, size] of oversized) {
      if (named.has(path))
        parsed.set(path, {
          manifests: [],
          problems: [oversizedCandidateProblem(path, size, options.maxFileSize)],
        });
    }
    return paths.filter((path) => !read.has(path) || parsed.has(path));
  });
  gitops?.(
    found.then(async (paths) => {
      const known = await alreadyReadFiles;
      return new Map(paths.map((path) => [path, read.get(path) ?? known?.get(path)]));
    }),
  );
  // Handled here so that a failure surfaces where the result is awaited, never as an unhandled rejection.
  hits.catch(() => {});
  return { names, hits, parsed };
}

function holdsAny(bytes: Buffer, names: ReadonlySet<string>): boolean {
  for (const name of names) if (bytes.includes(name)) return true;
  return false;
}

/** What a candidate search reads with: the files already read, the paths wanted, where problems go. */
interface CandidateReads {
  alreadyRead: Set<string>;
  wanted: PathFilter;
  options: ScanOptions;
  problems: ManifestProblem[];
}

/**
 * The files at head (not already read) that mention one of `names`, parsed: what one `git grep`
 * for `names` finds. The early search covers the names it guessed from the text (the usual case);
 * names it missed (an added config, flow-style metadata, JSON) get a second search of their own.
 */
export async function readCandidates(
  git: Git,
  rev: string,
  names: string[],
  early: EarlySearch | undefined,
  ctx: CandidateReads,
): Promise<Manifest[]> {
  const problems: ManifestProblem[] = [];
  const manifests = await readAll(git, rev, names, early, { ...ctx, problems });
  ctx.problems.push(...(await problemsThatMatter(git, rev, names, problems)));
  return manifests;
}

/**
 * The problems of candidate files that may hold a consumer: a file found only because it mentions
 * `workloadRef` (every Argo Rollouts test fixture does) and names no changed config is read for the
 * references it may hold, but its problems (a fixture that does not parse) are not this push's.
 * Only the few files with a problem are read again, for their text.
 */
async function problemsThatMatter(
  git: Git,
  rev: string,
  names: string[],
  problems: ManifestProblem[],
): Promise<ManifestProblem[]> {
  if (problems.length === 0 || !names.includes(TEMPLATE_REF)) return problems;
  const configNames = names.filter((name) => name !== TEMPLATE_REF);
  const files = [...new Set(problems.filter((p) => p.unread === undefined).map((p) => p.file))];
  const texts = await git.readFiles(rev, files);
  const namesAConfig = (file: string) => {
    const text = texts.get(file)?.toString("utf8");
    return text === undefined || configNames.some((name) => text.includes(name));
  };
  return problems.filter((p) => p.unread !== undefined || namesAConfig(p.file));
}

async function readAll(
  git: Git,
  rev: string,
  names: string[],
  early: EarlySearch | undefined,
  ctx: CandidateReads,
): Promise<Manifest[]> {
  if (early === undefined) {
    const candidates = await findCandidateFiles(git, rev, names, ctx.alreadyRead, ctx.wanted);
    return readManifests(git, rev, candidates, ctx.options, ctx.problems);
  }
  // Names the guess missed (added configs, flow-style metadata, JSON): one more search for those only.
  // Searching for more names than needed only finds a few more files to parse; fewer would miss some.
  const missed = names.filter((name) => !early.names.has(name));
  const [guessed, more] = await Promise.all([
    early.hits,
    findCandidateFiles(git, rev, missed, ctx.alreadyRead, ctx.wanted),
  ]);
  const candidates = [
    ...new Set([...guessed.filter((path) => !ctx.alreadyRead.has(path) && ctx.wanted(path)), ...more]),
  ].sort();
  // Found only by the second search (or by the early one after its reads were settled): read now.
  const unread = candidates.filter((path) => !early.parsed.has(path));
  const lateProblems: ManifestProblem[] = [];
  const late = unread.length > 0 ? await readManifests(git, rev, unread, ctx.options, lateProblems) : [];
  const lateByPath = new Map(
    unread.map((path) => [path, { manifests: [] as Manifest[], problems: [] as ManifestProblem[] }]),
  );
  for (const m of late) lateByPath.get(m.file)?.manifests.push(m);
  for (const p of lateProblems) lateByPath.get(p.file)?.problems.push(p);
  // In path order, whichever search found them: the plan must not depend on which came first.
  const manifests: Manifest[] = [];
  for (const path of candidates) {
    const result = lateByPath.get(path) ?? (await early.parsed.get(path));
    manifests.push(...(result?.manifests ?? []));
    ctx.problems.push(...(result?.problems ?? []));
  }
  return manifests;
}
