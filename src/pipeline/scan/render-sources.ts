// Stage: the rendered sources of a range. Decides which sources exist (the --kustomize directories,
// else every root kustomization; the --render command), renders only those whose inputs the range
// touches, each at base and head in one checkout per commit, and returns their objects labelled
// with their source. Files that belong to a kustomize tree or a Helm chart are never raw manifests.
import { UserError } from "../../core/errors.js";
import { isWorkloadKind } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import type { Manifest, ManifestProblem } from "../../core/model.js";
import { runLimited } from "../../core/run-limited.js";
import { blameFile } from "../../core/sources/blame.js";
import { checkoutScope } from "../../core/sources/checkout-scope.js";
import { type ChartReport, chartReport } from "../../core/sources/helm-charts.js";
import { KUSTOMIZATION_FILE_NAMES, kustomizationDirOf } from "../../core/sources/kustomization-names.js";
import { pathsAtBase } from "../../core/sources/paths-at-base.js";
import { locateWritten, type WrittenObject, writtenObjects } from "../../core/sources/resource-locations.js";
import type { SourceWarning } from "../../core/sources/source-warning.js";
import type { FileChange, Git } from "../../git/git.js";
import { KustomizeBuildError } from "../../render/kustomize.js";
import { createCommitTrees } from "../../render/materialize-tree.js";
import { runRenderCommand } from "../../render/render-command.js";
import {
  findExecutable,
  renderCommandEnvironment,
  renderSlots,
  trustedPathDirs,
} from "../../render/renderer-environment.js";
import { globMatcher } from "./glob-matcher.js";
import { findKustomizeSources } from "./kustomize-sources.js";
import { DEFAULT_RENDER_TIMEOUT_MS, type RenderedSource } from "./rendered-source.js";

export interface SourceOptions {
  /** [] discovers root kustomizations; ["none"] turns kustomize off. */
  kustomize: string[];
  /** --paths, when given explicitly: only the kustomizations and charts it matches are discovered. */
  paths?: string[];
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
  /** Sources whose base could not be rendered (their changes cannot be told). */
  warnings: SourceWarning[];
}

export interface RenderedSources {
  /** Files a renderer owns: not read as raw manifests. */
  owned(path: string): boolean;
  /** What the report says about the sources (rendered, untouched, Helm charts needing --render). */
  notes: string[];
  /** Changed Helm charts nothing renders. */
  warnings: SourceWarning[];
  /** The renders, started: awaited once the raw files are read. */
  objects: Promise<RenderedObjects>;
}

const NO_OBJECTS: RenderedObjects = { base: [], head: [], problems: [], warnings: [] };
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
    return { owned: () => false, notes: [], warnings: [], objects: Promise.resolve(NO_OBJECTS) };
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
  const explicitPaths = options.paths ? await globMatcher(options.paths, { dot: true }) : undefined;
  const charts = await reportCharts(chartDirs, changedPaths, options, explicitPaths);
  const notes = [...charts.notes];
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
      ...(explicitPaths && options.paths ? { paths: { matches: explicitPaths, globs: options.paths } } : {}),
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
  const warnings = charts.warnings;
  if (sources.length === 0) return { owned, notes, warnings, objects: Promise.resolve(NO_OBJECTS) };
  for (const source of sources) notes.push(`${source.label}: rendered at both commits`);
  const objects = renderAll(git, base, head, sources, pathDirs, options.defaultNamespace, log);
  // Awaited by the caller later; handled here so a failure is never an unhandled rejection meanwhile.
  objects.catch(() => {});
  return { owned, notes, warnings, objects };
}

/**
 * What the report says about Helm charts (see core/sources/helm-charts.ts), for the charts this run
 * considers: none with --kustomize DIRS alone (those directories are all that is planned), those
 * whose Chart.yaml matches an explicit --paths, else all.
 */
async function reportCharts(
  chartDirs: string[],
  changedPaths: string[],
  options: SourceOptions,
  explicitPaths: ((path: string) => boolean) | undefined,
): Promise<ChartReport> {
  const kustomizeDirs = options.kustomize.length > 0 && options.kustomize[0] !== "none";
  if (kustomizeDirs && !explicitPaths) return { notes: [], warnings: [] };
  const considered = chartDirs.filter(
    (dir) => explicitPaths?.(dir === "" ? "Chart.yaml" : `${dir}/Chart.yaml`) ?? true,
  );
  if (options.render === undefined) return chartReport(considered, changedPaths, {});
  const isRenderInput = await globMatcher(options.renderPaths, { dot: true });
  return chartReport(considered, changedPaths, { render: { isRenderInput } });
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
    // What the objects are blamed on and where they are written: read at head while the renders run.
    const blameTexts = readTexts(git, head, [
      ...new Set(sources.flatMap((s) => [...s.changedInputs, ...(s.resourceFiles ?? [])])),
    ]);
    blameTexts.catch(() => {});
    // Rendered output is parsed with the yaml package, loaded only when something is rendered.
    const { createDocumentParser } = await import("../../core/sources/rendered-documents.js");
    // One cache for every source: kustomizations that share a base render many documents alike.
    const cache = new Map();
    const parsers = sources.map((source) =>
      createDocumentParser(`(${source.label} output)`, defaultNamespace, cache),
    );
    const outputs = await renderEach(sources, [head, base], trees, log);
    const warnings: SourceWarning[] = [];
    // Head first: its documents are parsed, and base's identical ones reuse them.
    const headParsed = sources.map((_, i) => parsers[i]!.objectsOf(outputs[i]![0] as Buffer | undefined));
    const baseParsed = sources.map((source, i) => {
      const output = outputs[i]![1];
      if (!(output instanceof KustomizeBuildError)) return parsers[i]!.objectsOf(output);
      // Broken at base, fine at head (this push fixes it): what changed in it cannot be told.
      warnings.push({
        file: source.file,
        message: baseFailureWarning(source, output, outputs[i]![0] !== undefined),
      });
      return headParsed[i]!;
    });
    const texts = await blameTexts;
    const written = writtenObjectsOf(sources, [baseParsed, headParsed], texts);
    const labelled = (m: Manifest, source: RenderedSource): Manifest => ({
      ...m,
      origin: source.label,
      ...blamed(m, source, texts, written.get(source) ?? []),
    });
    const problems = parsers.flatMap((parser) => parser.problems);
    const baseObjects = sources.flatMap((source, i) => baseParsed[i]!.map((m) => labelled(m, source)));
    const headObjects = sources.flatMap((source, i) => headParsed[i]!.map((m) => labelled(m, source)));
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`,
    );
    return { base: baseObjects, head: headObjects, problems, warnings };
  } finally {
    await trees.dispose();
  }
}

type Output = Buffer | undefined | KustomizeBuildError;

/**
 * Every source at every commit (`commits[0]` is head), a few processes at a time: renderers are
 * CPU-bound, so more at once than the machine has cores only makes each slower. A kustomization
 * kustomize refuses to build at head stops the run; at base it is returned, for the caller to
 * treat as unknown.
 */
async function renderEach(
  sources: RenderedSource[],
  commits: [string, string],
  trees: { root: string; dirOf(commit: string): Promise<string> },
  log: Log,
): Promise<Output[][]> {
  // Both commits at once; each checkout is written once, when its first render needs it.
  const jobs = sources.flatMap((source, i) => commits.map((commit, side) => ({ source, i, commit, side })));
  const outputs: Output[][] = sources.map(() => [undefined, undefined]);
  // Once one render has failed the run, the renders not started yet are not worth starting.
  let failed = false;
  await runLimited(jobs, renderSlots(), async ({ source, i, commit, side }) => {
    if (failed) return;
    const checkout = { dir: await trees.dirOf(commit), scratch: trees.root };
    const started = performance.now();
    try {
      outputs[i]![side] = await source.render(checkout, commit);
    } catch (error) {
      const atBase = side === 1 && error instanceof KustomizeBuildError && source.kustomization !== undefined;
      if (atBase) {
        outputs[i]![side] = error;
      } else {
        failed = true;
        throw error instanceof KustomizeBuildError ? new UserError(headFailureMessage(source, error)) : error;
      }
    }
    log.debug(`${source.label} at ${commit.slice(0, 7)}: ${Math.round(performance.now() - started)} ms`);
  });
  return outputs;
}

function headFailureMessage(source: RenderedSource, error: KustomizeBuildError): string {
  const ways = source.kustomization?.named
    ? "Fix the kustomization, or leave it out of --kustomize (--kustomize none reads raw files only)"
    : "Fix the kustomization, or plan without it: --kustomize DIR names the kustomizations this cluster runs, --kustomize none reads raw files only";
  return `${source.label} cannot be built at the head commit ${error.commit.slice(0, 12)}: \`${error.command}\` failed (${error.why})${
    error.detail ? `: ${error.detail}` : ""
  }\nNothing was planned or applied. ${ways}.`;
}

function baseFailureWarning(source: RenderedSource, error: KustomizeBuildError, atHead: boolean): string {
  const now = atHead ? "it builds at head, so this push fixes it" : "this push removes it";
  return `${source.label} cannot be built at the base commit ${error.commit.slice(0, 12)} (\`${error.command}\`: ${error.why}${
    error.detail ? `: ${error.detail}` : ""
  }); ${now}, but what the push changed in it cannot be told: its configs restart nothing (its workloads still restart for configs changed elsewhere)`;
}

/**
 * Where a rendered object is reported: where it is written (its resource file and line), else its
 * source's file. A config whose change one input file explains (a generator's input, a patch) is
 * reported at that file; a workload always where it is written, its blamed file beside it.
 */
function blamed(
  m: Manifest,
  source: RenderedSource,
  texts: Map<string, string>,
  written: readonly WrittenObject[],
): Partial<Manifest> {
  const blamedFile = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source.changedInputs, generators: source.generators, texts },
  );
  const at = locateWritten(m.id, written) ?? { file: source.file, line: 1 };
  const where =
    blamedFile !== undefined && isConfigKind(m.id.kind) && blamedFile !== at.file
      ? { file: blamedFile, line: 1 }
      : at;
  return { ...(blamedFile !== undefined ? { blamedFile } : {}), ...where };
}

/**
 * The objects written in each kustomize source's plain resource files (their text at head), for
 * the sources that rendered a workload or a config: what a report locates. Each file is read once.
 */
function writtenObjectsOf(
  sources: RenderedSource[],
  parsed: Manifest[][][],
  texts: Map<string, string>,
): Map<RenderedSource, WrittenObject[]> {
  const located = (m: Manifest) => isConfigKind(m.id.kind) || isWorkloadKind(m.id.kind);
  const byFile = new Map<string, WrittenObject[]>();
  const objectsIn = (path: string) => {
    let objects = byFile.get(path);
    if (objects === undefined) {
      const text = texts.get(path);
      objects = text === undefined ? [] : writtenObjects(path, text);
      byFile.set(path, objects);
    }
    return objects;
  };
  const written = new Map<RenderedSource, WrittenObject[]>();
  for (const [i, source] of sources.entries()) {
    if (!parsed.some((side) => side[i]?.some(located))) continue;
    // A generated config is written in no resource file: its generator stands for it (at the
    // source's file), so a written object with a shorter name it contains is never taken for it.
    const generated = source.generators.map((g) => ({
      kind: g.kind,
      name: g.name,
      file: source.file,
      line: 1,
    }));
    written.set(source, [...(source.resourceFiles ?? []).flatMap(objectsIn), ...generated]);
  }
  return written;
}

function isConfigKind(kind: string): boolean {
  return kind === "ConfigMap" || kind === "Secret";
}

async function readTexts(git: Git, rev: string, paths: string[]): Promise<Map<string, string>> {
  const files = await git.readFiles(rev, paths);
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
