// Stage: the rendered sources of a range. Decides which sources exist (the --kustomize directories,
// else every root kustomization; the --render command), renders only those whose inputs the range
// touches, each at base and head in one checkout per commit, and returns their objects labelled
// with their source. Files that belong to a kustomize tree or a Helm chart are never raw manifests.
import type { Log } from "../core/log.js";
import type { Manifest, ManifestProblem } from "../core/model.js";
import { blameFile } from "../core/sources/blame.js";
import { checkoutScope } from "../core/sources/checkout-scope.js";
import { KUSTOMIZATION_FILE_NAMES, kustomizationDirOf } from "../core/sources/kustomization-names.js";
import { pathsAtBase } from "../core/sources/paths-at-base.js";
import type { FileChange, Git } from "../git/git.js";
import { createCommitTrees } from "../render/materialize-tree.js";
import { runRenderCommand } from "../render/render-command.js";
import { findExecutable, renderCommandEnvironment, trustedPathDirs } from "../render/renderer-environment.js";
import { globMatcher } from "./glob-matcher.js";
import { findKustomizeSources } from "./kustomize-sources.js";
import { DEFAULT_RENDER_TIMEOUT_MS, type RenderedSource } from "./rendered-source.js";

export interface SourceOptions {
  /** [] discovers root kustomizations; ["none"] turns kustomize off. */
  kustomize: string[];
  render?: string;
  renderPaths: string[];
  defaultNamespace: string;
  /** Environment variables holding credentials: never passed to a --render command. */
  secretVariables: string[];
  /** Per render; a hung renderer must not hold the job forever. */
  timeoutMs?: number;
  /** The job's environment (PATH finds the renderers; the command inherits it, credentials removed). */
  env: Record<string, string | undefined>;
}

export interface RenderedObjects {
  base: Manifest[];
  head: Manifest[];
  problems: ManifestProblem[];
}

export interface RenderedSources {
  /** Files a renderer owns: not read as raw manifests. */
  owned(path: string): boolean;
  /** What the report says about the sources (rendered, untouched, Helm charts needing --render). */
  notes: string[];
  /** The renders, started: awaited once the raw files are read. */
  objects: Promise<RenderedObjects>;
}

const NO_OBJECTS: RenderedObjects = { base: [], head: [], problems: [] };
/** Renderers running at once, over both commits: many touched overlays must not start dozens of processes. */
const MAX_CONCURRENT_RENDERS = 4;
const CHART_FILE = /(^|\/)Chart\.ya?ml$/;
/** The files that make a directory a source: kustomizations and Helm charts. */
const SOURCE_FILE_NAMES = [...KUSTOMIZATION_FILE_NAMES, "Chart.yaml", "Chart.yml"];

/** Look-ups (paths at either commit) the check below makes at most; beyond, the tree is listed. */
const MAX_SOURCE_LOOKUPS = 2000;

/**
 * Whether a range that changes `changedPaths` (none of them a raw manifest) may touch a rendered
 * source, told without listing the tree (at 20,000 files the listing costs more than the diff):
 * - with --render, a path matching --render-paths;
 * - a kustomization or Chart.yaml in a changed path's directory or any directory above it, at
 *   either commit: kustomize reads no file outside its kustomization's directory (its load
 *   restrictor refuses "not in or below"; a directory above is another kustomization), and a
 *   chart's files are under its Chart.yaml;
 * - a --kustomize directory without a kustomization at either commit: the full scan says so.
 * Too many directories to look up counts as touched.
 */
export async function mayTouchSources(
  git: Git,
  base: string,
  head: string,
  changedPaths: readonly string[],
  options: Pick<SourceOptions, "kustomize" | "render" | "renderPaths">,
): Promise<boolean> {
  if (changedPaths.length === 0) return false;
  if (options.render !== undefined) {
    const matches = await globMatcher(options.renderPaths, { dot: true });
    if (changedPaths.some((p) => matches(p))) return true;
  }
  const dirs = new Set<string>();
  for (const path of changedPaths) {
    for (let dir = dirOf(path); !dirs.has(dir); dir = dirOf(dir)) {
      dirs.add(dir);
      if (dir === "") break;
    }
  }
  const inDir = (dir: string, names: readonly string[]) =>
    names.map((name) => (dir === "" ? name : `${dir}/${name}`));
  const explicit = options.kustomize.filter((dir) => dir !== "none");
  const lookups = [
    ...new Set([
      ...[...dirs].flatMap((dir) => inDir(dir, SOURCE_FILE_NAMES)),
      ...explicit.flatMap((dir) => inDir(dir, KUSTOMIZATION_FILE_NAMES)),
    ]),
  ];
  if (lookups.length * 2 > MAX_SOURCE_LOOKUPS) return true;
  // Through the reader already open for the commits: no process of its own. A limit of 0 bytes
  // reads past the files, only their presence matters.
  const [atBase, atHead] = await Promise.all([
    git.readFilesUpTo(base, lookups, 0),
    git.readFilesUpTo(head, lookups, 0),
  ]);
  const found = new Set([atBase, atHead].flatMap((read) => [...read.files.keys(), ...read.oversized.keys()]));
  if ([...dirs].some((dir) => inDir(dir, SOURCE_FILE_NAMES).some((p) => found.has(p)))) return true;
  return explicit.some((dir) => !inDir(dir, KUSTOMIZATION_FILE_NAMES).some((p) => found.has(p)));
}

/**
 * The source files at `head`, from one whole-tree listing. It depends on the head commit only, so
 * the scan starts it as soon as the diff shows a file that may matter, beside the reads.
 */
export function listSourceFiles(git: Git, head: string): Promise<string[]> {
  return git.listFiles(head, SOURCE_FILE_NAMES);
}

export async function renderSources(
  git: Git,
  base: string,
  head: string,
  changedFiles: readonly FileChange[],
  options: SourceOptions,
  log: Log,
  /** listSourceFiles(git, head), when already started. */
  headListing: Promise<string[]> = listSourceFiles(git, head),
): Promise<RenderedSources> {
  const changedPaths = [
    ...new Set(changedFiles.flatMap((f) => (f.oldPath ? [f.oldPath, f.path] : [f.path]))),
  ];
  // A range that changes no file touches no source: no listing, no render.
  if (changedPaths.length === 0)
    return { owned: () => false, notes: [], objects: Promise.resolve(NO_OBJECTS) };
  // Resolved before any checkout exists, from absolute PATH directories outside the repository.
  const pathDirs = trustedPathDirs(options.env.PATH, [git.root]);

  // One listing (head); the base side follows from the diff, and only what differs is read at base.
  const isSourceFile = (p: string) => CHART_FILE.test(p) || kustomizationDirOf(p) !== undefined;
  const headFiles = await headListing;
  const atBase = pathsAtBase(headFiles, changedFiles, isSourceFile);

  // Helm chart templates are not YAML until rendered: never raw manifests, whatever the options.
  const chartDirs = [
    ...new Set([...atBase.paths, ...headFiles].filter((p) => CHART_FILE.test(p)).map(dirOf)),
  ].sort();
  const inChart = (path: string) => chartDirs.some((dir) => dir === "" || path.startsWith(`${dir}/`));
  const notes =
    options.render === undefined
      ? chartDirs.map(
          (dir) =>
            `Helm chart ${dir || "."}: not read as raw manifests; plan from it with --render 'helm template ...'`,
        )
      : [];
  const sources: RenderedSource[] = [];
  let owned = inChart;

  const kustomizeOn = !(options.kustomize.length === 1 && options.kustomize[0] === "none");
  if (kustomizeOn) {
    const kustomize = await findKustomizeSources(git, {
      base,
      head,
      dirs: options.kustomize,
      changedPaths,
      baseFiles: atBase.paths,
      headFiles,
      differAtBase: atBase.differ,
      pathDirs,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
    sources.push(...kustomize.sources);
    notes.push(...kustomize.notes);
    owned = (path) => kustomize.owned(path) || inChart(path);
  }
  if (options.render !== undefined) {
    const source = await renderCommandSource(options.render, changedPaths, pathDirs, options);
    if (source) sources.push(source);
    else notes.push(renderNotRunNote(options.render));
  }
  if (sources.length === 0) return { owned, notes, objects: Promise.resolve(NO_OBJECTS) };
  for (const source of sources) notes.push(`${source.label}: rendered at both commits`);
  const objects = renderAll(git, base, head, sources, pathDirs, options.defaultNamespace, log);
  // Awaited by the caller later; handled here so a failure is never an unhandled rejection meanwhile.
  objects.catch(() => {});
  return { owned, notes, objects };
}

export function renderNotRunNote(command: string): string {
  return `render: ${command}: not run, the range touches none of --render-paths`;
}

/** The --render command as a source, when the range touches one of --render-paths. */
async function renderCommandSource(
  command: string,
  changedPaths: string[],
  pathDirs: string[],
  options: SourceOptions,
): Promise<RenderedSource | undefined> {
  const matches = await globMatcher(options.renderPaths, { dot: true });
  const changedInputs = changedPaths.filter((p) => matches(p));
  if (changedInputs.length === 0) return undefined;
  const env = renderCommandEnvironment(options.env, pathDirs, options.secretVariables);
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  return {
    label: `render: ${command}`,
    // What a command reads is unknown: it gets the whole tree.
    scope: undefined,
    file: "--render",
    changedInputs,
    generators: [],
    render: (checkout, commit) => runRenderCommand({ command, env, timeoutMs }, checkout.dir, commit),
  };
}

async function renderAll(
  git: Git,
  base: string,
  head: string,
  sources: RenderedSource[],
  pathDirs: string[],
  defaultNamespace: string,
  log: Log,
): Promise<RenderedObjects> {
  log.info(
    `rendering ${sources.map((s) => s.label).join(", ")} at ${base.slice(0, 7)} and ${head.slice(0, 7)}`,
  );
  // One checkout per commit serves every source: the union of their scopes.
  const scope = sources.some((s) => s.scope === undefined)
    ? undefined
    : checkoutScope(
        sources.flatMap((s) => s.scope ?? []),
        [],
      );
  const trees = await createCommitTrees(git.root, findExecutable("git", pathDirs) ?? "git", scope);
  try {
    const blameTexts = readTexts(git, head, [...new Set(sources.flatMap((s) => s.changedInputs))]);
    blameTexts.catch(() => {});
    const slot = concurrencyLimit(MAX_CONCURRENT_RENDERS);
    // Rendered output is parsed with the yaml package, loaded only when something is rendered.
    const { createDocumentParser } = await import("../core/sources/rendered-documents.js");
    const parsers = sources.map((source) =>
      createDocumentParser(`(${source.label} output)`, defaultNamespace),
    );
    // Both commits at once (renderers are single-threaded processes); each checkout is written once.
    // Each side is parsed as soon as its renders finish, while the other side may still be rendering;
    // the later side reuses the documents the earlier one parsed.
    const renderAt = async (commit: string) => {
      const checkout = { dir: await trees.dirOf(commit), scratch: trees.root };
      const outputs = await Promise.all(sources.map((source) => slot(() => source.render(checkout, commit))));
      return outputs.map((output, i) => parsers[i]!.objectsOf(output));
    };
    const [baseParsed, headParsed] = await Promise.all([renderAt(base), renderAt(head)]);
    const texts = await blameTexts;
    const labelled = (m: Manifest, source: RenderedSource): Manifest => ({
      ...m,
      origin: source.label,
      ...blamed(m, source, texts),
    });
    const problems = parsers.flatMap((parser) => parser.problems);
    const baseObjects = sources.flatMap((source, i) => baseParsed[i]!.map((m) => labelled(m, source)));
    const headObjects = sources.flatMap((source, i) => headParsed[i]!.map((m) => labelled(m, source)));
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`,
    );
    return { base: baseObjects, head: headObjects, problems };
  } finally {
    await trees.dispose();
  }
}

function blamed(m: Manifest, source: RenderedSource, texts: Map<string, string>): Partial<Manifest> {
  const file = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source.changedInputs, generators: source.generators, texts },
  );
  // The file stands for the object in annotations and reports: the blamed input, else the source.
  return file !== undefined ? { blamedFile: file, file, line: 1 } : { file: source.file, line: 1 };
}

async function readTexts(git: Git, rev: string, paths: string[]): Promise<Map<string, string>> {
  const files = await git.readFiles(rev, paths);
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Runs the given tasks at most `max` at a time, in the order they ask. */
function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
