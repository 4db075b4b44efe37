// Stage: from two commits to the parsed manifests that matter. Reads only the files the diff touched,
// plus the files at head whose text names a changed config (found with one `git grep`), so the cost
// follows the size of the change, not the size of the repository.
import { workloadKindOf } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import { findConfigChanges } from "../../core/manifests/config-changes.js";
import { configContentOf, isConfigManifest } from "../../core/manifests/config-content.js";
import { configNamesInText } from "../../core/manifests/config-names-in-text.js";
import type { ParsedManifests } from "../../core/manifests/manifest-reader.js";
import { type ParsedDocuments, parseManifestDocuments } from "../../core/manifests/parse-documents.js";
import {
  type ConfigChange,
  type ConfigSnapshot,
  idKey,
  type Manifest,
  type ManifestProblem,
  type ObjectId,
} from "../../core/model.js";
import { pairHashSuffixRenames } from "../../core/sources/rolls-on-apply.js";
import { groupBySource, settleWorkloads, type Variant } from "../../core/sources/source-variants.js";
import type { SourceWarning } from "../../core/sources/source-warning.js";
import type { FileChange, Git } from "../../git/git.js";
import { globsToPathspecs } from "../../git/glob-pathspecs.js";
import { problemsOnce } from "./base-problems.js";
import { globMatcher } from "./glob-matcher.js";
import {
  oversizedFileProblems,
  settleWithUntouchedFiles,
  type UnreadFiles,
  withoutUnreadChanges,
} from "./objects-across-files.js";
import {
  listSourceFiles,
  mayTouchSources,
  type RenderedSources,
  renderNotRunNote,
  renderSources,
  type SourceOptions,
} from "./render-sources.js";

export interface ScanOptions {
  paths: string[];
  exclude: string[];
  defaultNamespace: string;
  maxFileSize: number;
  /** Rendered sources (kustomize, --render); undefined reads raw files only. */
  sources?: Omit<SourceOptions, "defaultNamespace">;
  /** Documents parsed so far in this run: a bundle's documents alike at both commits are parsed once. */
  documents?: ParsedDocuments;
}

/** A config as committed at head: its content, and the manifest (for --apply). */
export interface HeadConfig {
  snapshot: ConfigSnapshot;
  manifest: Manifest;
}

export interface RepositoryScan {
  changedFiles: FileChange[];
  changes: ConfigChange[];
  /** Workload manifests at head that may consume a changed config. */
  workloads: Manifest[];
  /** idKeys of workloads that did not exist at base. */
  newWorkloadIds: Set<string>;
  /** Configs at head, by idKey: the changed ones and any others read on the way. */
  headConfigs: Map<string, HeadConfig>;
  problems: ManifestProblem[];
  /** idKeys of the objects read whose manifest names no namespace (--namespace was assumed). */
  assumedNamespace: Set<string>;
  /** Workloads at base read on the way (changed files, renders): to see whose pod template changed. */
  baseWorkloads: Manifest[];
  /** What the report says about rendered sources. */
  sourceNotes: string[];
  /** Sources the plan could not read (a changed Helm chart, a kustomization broken at base). */
  sourceWarnings: SourceWarning[];
  /** Files a renderer owns: later raw reads skip them too. */
  owned?: (path: string) => boolean;
  /**
   * Configs and workloads that several sources define differently, by idKey, the one planned from
   * first: the plan is checked against each (core/sources/variant-conflicts.ts).
   */
  variants: Map<string, Variant[]>;
}

/** Whether a path is a manifest to read; `globs` are the --paths it was made from. */
export type PathFilter = ((path: string) => boolean) & { globs: string[] };

export async function createPathFilter(
  options: Pick<ScanOptions, "paths" | "exclude">,
  owned?: (path: string) => boolean,
): Promise<PathFilter> {
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true }),
  ]);
  const filter = owned
    ? (path: string) => include(path) && !exclude(path) && !owned(path)
    : (path: string) => include(path) && !exclude(path);
  return Object.assign(filter, { globs: options.paths });
}

export async function scanRepository(
  git: Git,
  base: string,
  head: string,
  options: ScanOptions,
  log: Log,
): Promise<RepositoryScan> {
  options = { ...options, documents: options.documents ?? new Map() };
  const allChangedFiles = await git.changedFiles(base, head);
  let owned: ((path: string) => boolean) | undefined;
  const wanted = await createPathFilter(
    options,
    options.sources ? (path) => owned?.(path) === true : undefined,
  );
  const changedPaths = [
    ...new Set(allChangedFiles.flatMap((f) => (f.oldPath ? [f.oldPath, f.path] : [f.path]))),
  ];
  // The common push touches no manifest (code, docs): it costs the diff and nothing else.
  if (
    !changedPaths.some((path) => wanted(path)) &&
    !(options.sources && (await mayTouchSources(git, base, head, changedPaths, options.sources)))
  ) {
    log.debug(`${allChangedFiles.length} changed file(s), none a manifest or a rendered source's input`);
    // What the report says of the sources without listing the tree: --render did not run.
    const render = options.sources?.render;
    return nothingRead(render !== undefined ? [renderNotRunNote(render)] : []);
  }
  // The head's source files (kustomizations, charts) are listed while the changed files are read.
  const headListing = options.sources ? listSourceFiles(git, head) : undefined;
  headListing?.catch(() => {});
  // Which files renderers own is known only after listing both trees: that runs alongside the raw
  // reads below, and the raw manifests of owned files are dropped afterwards.
  const pending =
    options.sources && headListing
      ? renderSources(
          git,
          base,
          head,
          allChangedFiles,
          { ...options.sources, defaultNamespace: options.defaultNamespace },
          log,
          headListing,
        )
      : undefined;
  pending?.catch(() => {});
  let changedFiles = allChangedFiles.filter(
    (f) => wanted(f.path) || (f.oldPath !== undefined && wanted(f.oldPath)),
  );
  const basePaths = changedFiles.filter((f) => f.status !== "A").map((f) => f.oldPath ?? f.path);
  const headPaths = changedFiles.filter((f) => f.status !== "D").map((f) => f.path);
  const touched = new Set([...basePaths, ...headPaths]);
  log.debug(`${changedFiles.length} changed manifest file(s)`);

  let problems: ManifestProblem[] = [];
  const oversized = { base: new Map<string, number>(), head: new Map<string, number>() };
  // The base side first, alone: the search below starts from it, and the head side is read while
  // the search runs (two reads at once only slowed the one the search waits for).
  const baseFiles = await readBytes(git, base, basePaths, options, oversized.base);
  // Every config whose content changed or that was deleted exists at base, so the names of the
  // configs in the changed files at base cover the names to search for. Guess them from the text
  // and start the one `git grep` now: git walks the tree on another core while this process reads
  // the head side and parses.
  const early = earlyCandidateSearch(git, head, baseFiles, new Set(headPaths), wanted, options);
  const headFiles = await readBytes(git, head, headPaths, options, oversized.head);
  problems.push(...oversizedFileProblems(changedFiles, oversized, options.maxFileSize));
  const baseProblems: ManifestProblem[] = [];
  let baseManifests = await parseFiles(basePaths, baseFiles, options, baseProblems);
  const headProblems: ManifestProblem[] = [];
  let headManifests = await parseFiles(headPaths, headFiles, options, headProblems);
  problems.push(...problemsOnce(baseProblems, headProblems, changedFiles));
  let found: ReturnType<typeof findConfigChanges>;
  let rendered: RenderedSources | undefined;
  // Every definition read, before one per object is chosen: the workloads are settled at the end,
  // with the untouched files that define them too.
  let allBase = baseManifests;
  let allHead = headManifests;
  const variants = new Map<string, Variant[]>();
  const renderedWarnings: SourceWarning[] = [];
  if (pending) {
    rendered = await pending;
    const isOwned = rendered.owned;
    owned = isOwned;
    const objects = await rendered.objects;
    renderedWarnings.push(...objects.warnings);
    changedFiles = changedFiles.filter(
      (f) => !isOwned(f.path) || (f.oldPath !== undefined && !isOwned(f.oldPath)),
    );
    problems = [...problems.filter((p) => !isOwned(p.file)), ...objects.problems];
    allBase = [...baseManifests.filter((m) => !isOwned(m.file)), ...objects.base];
    allHead = [...headManifests.filter((m) => !isOwned(m.file)), ...objects.head];
    const grouped = groupBySource(allBase, allHead);
    for (const [key, list] of grouped.variants) {
      const m = (list[0]!.head ?? list[0]!.base)!;
      if (!workloadKindOf(m.object)) variants.set(key, list);
    }
    baseManifests = grouped.base;
    headManifests = grouped.head;
    found = findConfigChanges(baseManifests, headManifests);
    found.changes = pairHashSuffixRenames(
      withSources(found.changes, baseManifests, headManifests),
      found.snapshots,
    );
  } else {
    found = findConfigChanges(baseManifests, headManifests);
  }
  problems.push(...found.problems);

  const unread: UnreadFiles = {
    base: new Map([...oversized.base.keys()].map((path) => [path, "oversized"])),
    head: new Map([...oversized.head.keys()].map((path) => [path, "oversized"])),
  };
  for (const problem of headProblems) {
    if (owned?.(problem.file)) continue;
    if (problem.severity === "error" && !unread.head.has(problem.file))
      unread.head.set(problem.file, "broken");
  }
  const readable = await withoutUnreadChanges(git, { base, head }, found.changes, unread, problems);

  // Newness is a property of the object: a workload or config absent from the changed files at
  // base may still be defined at base in a file this push did not touch (a copy). One `git grep`
  // at base for those names settles it; files the diff touched were read already.
  const baseIds = new Set(baseManifests.map((m) => idKey(m.id)));
  const unreadAtBase = new Set(
    changedFiles.filter((f) => oversized.base.has(f.oldPath ?? f.path)).map((f) => f.path),
  );
  const maybeNewWorkloads = headManifests.filter(
    (m) => workloadKindOf(m.object) && !baseIds.has(idKey(m.id)) && !unreadAtBase.has(m.file),
  );
  const namesAtBase = uniqueNames([
    ...readable.filter((c) => c.status === "added").map((c) => c.id.name),
    ...maybeNewWorkloads.map((m) => m.id.name),
  ]);
  // Untouched files are the same at head, where their problems are reported when read.
  const untouchedAtBase =
    namesAtBase.length === 0
      ? []
      : await readManifests(
          git,
          base,
          await findCandidateFiles(git, base, namesAtBase, touched, wanted),
          options,
          [],
        );
  const definedAtBase = new Set(untouchedAtBase.map((m) => idKey(m.id)));
  const newWorkloadIds = new Set(
    maybeNewWorkloads.map((m) => idKey(m.id)).filter((key) => !definedAtBase.has(key)),
  );
  const withCopies = settleWithUntouchedFiles(
    readable,
    found.snapshots,
    { base: untouchedAtBase, head: [] },
    problems,
  );

  // Consumers of every change: modified and deleted configs, and added ones (an existing workload
  // may reference a new config as optional).
  const consumedNames = withTemplateRefs(uniqueNames(withCopies.map((c) => c.id.name)));
  const candidateManifests = await readCandidates(git, head, consumedNames, early, {
    alreadyRead: new Set(headPaths),
    wanted,
    options,
    problems,
  });
  // The early search may have finished before the owned files were known: drop what renderers own.
  const rawCandidates = owned ? candidateManifests.filter((m) => !owned?.(m.file)) : candidateManifests;
  if (owned) problems = problems.filter((p) => !owned?.(p.file));
  // A config deleted from a changed file may still be defined at head in an untouched one.
  const changes = settleWithUntouchedFiles(
    withCopies,
    found.snapshots,
    { base: [], head: rawCandidates },
    problems,
  );
  const all = [...headManifests, ...rawCandidates];
  // An untouched file is the same at both commits: its workloads count at base too.
  const isWorkload = (m: Manifest) => workloadKindOf(m.object) !== undefined;
  const candidateWorkloads = rawCandidates.filter(isWorkload);
  const settled = settleWorkloads(
    [...allBase.filter(isWorkload), ...candidateWorkloads],
    [...allHead.filter(isWorkload), ...candidateWorkloads],
  );
  for (const [key, list] of settled.variants) variants.set(key, list);
  problems.push(...settled.problems);
  const workloads = settled.head;

  const headConfigs = new Map<string, HeadConfig>();
  // Content problems of changed configs were reported by findConfigChanges already, and the
  // content of each it read at head is taken from its snapshot rather than worked out again.
  collectConfigs(all, headConfigs, [], found.snapshots.head);
  const assumedNamespace = new Set(all.filter((m) => m.namespaceAssumed).map((m) => idKey(m.id)));
  const baseWorkloads = settled.base;
  return {
    changedFiles,
    changes,
    workloads,
    newWorkloadIds,
    headConfigs,
    problems,
    assumedNamespace,
    baseWorkloads,
    sourceNotes: rendered?.notes ?? [],
    sourceWarnings: [...(rendered?.warnings ?? []), ...renderedWarnings],
    ...(owned ? { owned } : {}),
    variants,
  };
}

/** The scan of a range that changes no file a plan reads. */
function nothingRead(sourceNotes: string[]): RepositoryScan {
  return {
    changedFiles: [],
    changes: [],
    workloads: [],
    newWorkloadIds: new Set(),
    headConfigs: new Map(),
    problems: [],
    assumedNamespace: new Set(),
    baseWorkloads: [],
    sourceNotes,
    sourceWarnings: [],
    variants: new Map(),
  };
}

/** A rendered change names its source and blamed file, from its object at head (at base when deleted). */
function withSources(changes: ConfigChange[], base: Manifest[], head: Manifest[]): ConfigChange[] {
  const at = (manifests: Manifest[]) => new Map(manifests.map((m) => [idKey(m.id), m]));
  const before = at(base);
  const after = at(head);
  return changes.map((change) => {
    const m = (change.status === "deleted" ? before : after).get(idKey(change.id));
    if (m?.origin === undefined) return change;
    return { ...change, origin: m.origin, ...(m.blamedFile ? { blamedFile: m.blamedFile } : {}) };
  });
}

/**
 * A workload that runs another object's pod template (Argo's `workloadRef`) names the object, not
 * the configs: the same search also finds the files that hold such references, so a Rollout whose
 * Deployment consumes a changed config is found too.
 */
function withTemplateRefs(names: string[]): string[] {
  return names.length > 0 ? [...names, "workloadRef"] : names;
}

/** Names git grep can search for, unique and sorted. */
function uniqueNames(names: string[]): string[] {
  return [...new Set(names)].filter((name) => name !== "" && !name.includes("\n")).sort();
}

/**
 * Add the configs named by `ids` that are committed at `rev` but not yet in `known` (configs a
 * restarted workload consumes without them having changed: their content enters its hash).
 */
export async function readConfigsAt(
  git: Git,
  rev: string,
  ids: ObjectId[],
  known: Map<string, HeadConfig>,
  options: ScanOptions,
  owned?: (path: string) => boolean,
): Promise<Map<string, HeadConfig>> {
  const missing = ids.filter((id) => !known.has(idKey(id)));
  if (missing.length === 0) return known;
  const wanted = await createPathFilter(options, owned);
  const files = await findCandidateFiles(
    git,
    rev,
    [...new Set(missing.map((id) => id.name))],
    new Set(),
    wanted,
  );
  const problems: ManifestProblem[] = [];
  const manifests = await readManifests(git, rev, files, options, problems);
  const missingKeys = new Set(missing.map(idKey));
  collectConfigs(
    manifests.filter((m) => missingKeys.has(idKey(m.id))),
    known,
    problems,
  );
  return known;
}

function collectConfigs(
  manifests: Manifest[],
  into: Map<string, HeadConfig>,
  problems: ManifestProblem[],
  /** Snapshots made already (findConfigChanges): reused for the object at the same file and line. */
  known?: Map<string, ConfigSnapshot>,
): void {
  for (const manifest of manifests) {
    const key = idKey(manifest.id);
    if (!isConfigManifest(manifest) || into.has(key)) continue;
    const made = known?.get(key);
    if (made !== undefined && made.file === manifest.file && made.line === manifest.line) {
      into.set(key, { manifest, snapshot: made });
      continue;
    }
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    into.set(key, {
      manifest,
      snapshot: { id: manifest.id, file: manifest.file, line: manifest.line, content },
    });
  }
}

/** Files at `rev` (other than those already read) whose text mentions one of `names`. */
async function findCandidateFiles(
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

interface EarlySearch {
  names: Set<string>;
  /** Every file the search found (also those not read: already read, or not a manifest path). */
  hits: Promise<string[]>;
  /** What the files read as they were found hold, by path. */
  parsed: Map<string, ParsedManifests | Promise<ParsedManifests>>;
}

function earlyCandidateSearch(
  git: Git,
  rev: string,
  baseFiles: Map<string, Buffer>,
  alreadyRead: Set<string>,
  wanted: PathFilter,
  options: ScanOptions,
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
  // Each file is read and parsed as git grep reports it: by the time the search ends, most of
  // the candidates are parsed already.
  const parsed: EarlySearch["parsed"] = new Map();
  const hits = git.grepAndReadFiles(rev, [...names], globsToPathspecs(wanted.globs) ?? [], {
    read: (path) => !alreadyRead.has(path) && wanted(path),
    maxBytes: options.maxFileSize,
    onFile(path, file) {
      const problems: ManifestProblem[] = [];
      if ("oversized" in file) {
        problems.push(oversizedCandidateProblem(path, file.oversized, options.maxFileSize));
        return void parsed.set(path, { manifests: [], problems });
      }
      // The fast path runs now; a file that needs the full parse waits for the yaml package.
      const result = parseWithOptions(path, file.bytes, options);
      result.catch(() => {});
      parsed.set(path, result);
    },
  });
  // Handled here so that a failure surfaces where the result is awaited, never as an unhandled rejection.
  hits.catch(() => {});
  return { names, hits, parsed };
}

/**
 * The files at head (not already read) that mention one of `names`, parsed: what one `git grep`
 * for `names` finds. The early search covers the names it guessed from the text (the usual case);
 * names it missed (an added config, flow-style metadata, JSON) get a second search of their own.
 */
async function readCandidates(
  git: Git,
  rev: string,
  names: string[],
  early: EarlySearch | undefined,
  ctx: {
    alreadyRead: Set<string>;
    wanted: PathFilter;
    options: ScanOptions;
    problems: ManifestProblem[];
  },
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

/** The files' bytes; files over --max-file-size are never held in memory, only listed in `oversized`. */
async function readBytes(
  git: Git,
  rev: string,
  paths: string[],
  options: ScanOptions,
  oversized: Map<string, number>,
): Promise<Map<string, Buffer>> {
  if (paths.length === 0) return new Map();
  const read = await git.readFilesUpTo(rev, paths, options.maxFileSize);
  for (const [path, size] of read.oversized) oversized.set(path, size);
  return read.files;
}

/** Files read beyond the changed ones (consumers, configs): an oversized one is reported on its own. */
async function readManifests(
  git: Git,
  rev: string,
  paths: string[],
  options: ScanOptions,
  problems: ManifestProblem[],
): Promise<Manifest[]> {
  const oversized = new Map<string, number>();
  const files = await readBytes(git, rev, paths, options, oversized);
  for (const [path, size] of oversized)
    problems.push(oversizedCandidateProblem(path, size, options.maxFileSize));
  return parseFiles(paths, files, options, problems);
}

function oversizedCandidateProblem(path: string, size: number, maxFileSize: number): ManifestProblem {
  return {
    file: path,
    line: 1,
    col: 1,
    severity: "warning",
    message: `not read: ${size} bytes is over --max-file-size ${maxFileSize} (a consumer defined there is not seen)`,
  };
}

/**
 * Parse in order, yielding to the event loop between files: parsing is synchronous, and a git
 * command started just before (the early grep) is only spawned, and then runs on another core,
 * once this process gets back to its event loop.
 */
async function parseFiles(
  paths: string[],
  files: Map<string, Buffer>,
  options: ScanOptions,
  problems: ManifestProblem[],
): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  for (const path of paths) {
    await new Promise((resolve) => setImmediate(resolve));
    const bytes = files.get(path);
    if (bytes === undefined) continue;
    const parsed = await parseWithOptions(path, bytes, options);
    manifests.push(...parsed.manifests);
    problems.push(...parsed.problems);
  }
  return manifests;
}

function parseWithOptions(path: string, bytes: Buffer, options: ScanOptions): Promise<ParsedManifests> {
  return parseManifestDocuments(
    path,
    bytes,
    { defaultNamespace: options.defaultNamespace },
    options.documents ?? new Map(),
  );
}
