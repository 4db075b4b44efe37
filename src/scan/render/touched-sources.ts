// Step: the rendered sources of a range. Decides which sources exist (the --kustomize directories,
// else every root kustomization; the --render command), renders only those whose inputs the range
// touches, each at base and head in one checkout per commit (both-commits.ts), and returns their
// objects labelled with their source. Files that belong to a kustomize tree or a Helm chart are never raw manifests.
import type { Log } from "../../core/log.js";
import { lazy } from "../../core/once.js";
import type { FileChange, Git } from "../../git/git.js";
import type { ParentBuildEnv } from "../gitops/patched-children.js";
import { findPlainDeployedSources } from "../gitops/plain-deployed-sources.js";
import { findSettingsChanges, isOf } from "../gitops/settings-changes.js";
import { globMatcher } from "../glob-matcher.js";
import type { SourceOptions } from "../scan-model.js";
import { type ChartReport, chartReport } from "../sources/helm-charts.js";
import { kustomizationDirOf } from "../sources/kustomization-names.js";
import { pathsAtBase } from "../sources/paths-at-base.js";
import type { SourceWarning } from "../sources/source-warning.js";
import { changedPathsOf, dirOf, renderNotRunNote, SOURCE_FILE_NAMES } from "../touches-manifests.js";
import { renderBothCommits } from "./both-commits.js";
import { findKustomizeSources } from "./kustomizations-to-render.js";
import { findKustomize } from "./kustomize.js";
import { type OnTheirOwn, renderOnTheirOwn } from "./on-their-own.js";
import { renderCommandAtCommits } from "./render-command.js";
import { renderCommandEnvironment, trustedPathDirs } from "./renderer-environment.js";
import { joinRendered, type RenderedObjects, type RenderedSource, yamlDataInput } from "./source-model.js";

export interface RenderedSources {
  /** Files a renderer owns: not read as raw manifests. */
  owned(path: string): boolean;
  /** What the report says about the sources (rendered, untouched, Helm charts needing --render). */
  notes: string[];
  /** Changed Helm charts nothing renders. */
  warnings: SourceWarning[];
  /** The renders, started: awaited once the raw files are read. */
  objects: Promise<RenderedObjects>;
  /**
   * Set when some sources were held back (their changes play no part in the plan, see
   * RenderedSource.inert and sameData): renders them too, for a range that changes a config or
   * workload elsewhere, and gives every source's objects in the order of one render of them all.
   */
  renderDeferred?: () => Promise<RenderedObjects>;
  /** The renders not run (each held-back source at both commits), once the scan is done with them. */
  skippedRenders(): number;
}

const NO_OBJECTS: RenderedObjects = { base: [], head: [], problems: [], warnings: [] };
const NOTHING_RENDERED = { objects: Promise.resolve(NO_OBJECTS), skippedRenders: () => 0 };
const CHART_FILE = /(^|\/)Chart\.ya?ml$/;
/**
 * The source files at `head`, from one whole-tree listing. It depends on the head commit only, so
 * the scan starts it as soon as the diff shows a file that may matter, beside the reads.
 */
export function listSourceFiles(git: Git, head: string): Promise<string[]> {
  return git.listFiles(head, SOURCE_FILE_NAMES);
}

export async function renderTouchedSources(
  git: Git,
  base: string,
  head: string,
  changedFiles: readonly FileChange[],
  options: SourceOptions,
  log: Log,
  /** listSourceFiles(git, head), when already started. */
  headListing: Promise<string[]> = listSourceFiles(git, head),
): Promise<RenderedSources> {
  const changedPaths = changedPathsOf(changedFiles);
  // A range that changes no file touches no source: no listing, no render.
  if (changedPaths.length === 0) return { ...NOTHING_RENDERED, owned: () => false, notes: [], warnings: [] };
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
  const notes: string[] = [];
  const namespaceWarnings: SourceWarning[] = [];
  const sources: RenderedSource[] = [];
  let owned = inChart;
  let kustomizeOwned: (path: string) => boolean = () => false;
  let onTheirOwn: OnTheirOwn | undefined;

  const kustomizeOn = !(options.kustomize.length === 1 && options.kustomize[0] === "none");
  if (kustomizeOn) {
    const explicit =
      explicitPaths && options.paths ? { matches: explicitPaths, globs: options.paths } : undefined;
    // A GitOps object deploying a directory with other settings than at base: built at both commits.
    const found = await findSettingsChanges(git, {
      base,
      head,
      changedFiles,
      asDeployed: parentBuildEnv(pathDirs, options, [head, base]),
      ...(explicit ? { paths: explicit } : {}),
    });
    // substituteFrom's ConfigMaps are read from the repository (gitops/substitution-maps.ts), as stamp reads them.
    const substitution = { defaultNamespace: options.defaultNamespace };
    const known = options.settingsChanges ?? [];
    // The object's own change first: a changed map it substitutes from only asks for the build.
    const settingsChanges = [
      ...found,
      ...known.filter((k) => !found.some((f) => isOf(f, { ...k, file: k.object }))),
    ];
    const kustomize = await findKustomizeSources(git, {
      base,
      head,
      dirs: options.kustomize,
      changedPaths,
      baseFiles: atBase.paths,
      headFiles,
      differAtBase: atBase.differ,
      pathDirs,
      timeoutMs: options.timeoutMs,
      maxOutputBytes: options.maxOutputBytes,
      entryRules: options.entryRules,
      settingsChanges,
      substitution,
      ...(explicit ? { paths: explicit } : {}),
    });
    sources.push(...kustomize.sources);
    notes.push(...kustomize.notes);
    namespaceWarnings.push(...kustomize.warnings);
    onTheirOwn = kustomize.onTheirOwn;
    // Plain directories a Flux Kustomization deploys with a name prefix, patches, substitution...:
    // built as Flux builds them, through a generated kustomization (gitops/plain-deployed-sources.ts).
    const plain = await findPlainDeployedSources(git, {
      base,
      head,
      componentsMayCarryValues: kustomize.componentsMayCarryValues,
      changedPaths,
      kustomizationFiles: [...atBase.paths, ...headFiles].filter((p) => kustomizationDirOf(p) !== undefined),
      owned: (path) => kustomize.owned(path) || inChart(path),
      pathDirs,
      binary: lazy(() => findKustomize(pathDirs)),
      firstIndex: kustomize.sources.length,
      timeoutMs: options.timeoutMs,
      maxOutputBytes: options.maxOutputBytes,
      settingsChanges,
      substitution,
      asDeployed: parentBuildEnv(pathDirs, options, [head, base]),
      ...(explicit ? { paths: explicit } : {}),
    });
    sources.push(...plain.sources);
    owned = (path) => kustomize.owned(path) || plain.owned(path) || inChart(path);
    kustomizeOwned = (path) => kustomize.owned(path) || plain.owned(path);
  }
  // A file in a chart's directory that a kustomization reads (the chart rendered once into a file
  // kustomize lists, as Argo CD's redis-ha) is read through that kustomization: not the chart's change.
  const chartChanges = changedPaths.filter((path) => !kustomizeOwned(path));
  const charts = await reportCharts(chartDirs, chartChanges, options, explicitPaths);
  notes.unshift(...charts.notes);
  if (options.render !== undefined) {
    const source = await renderCommandSource(options.render, changedPaths, pathDirs, options);
    if (source) sources.push(source);
    else notes.push(renderNotRunNote(options.render, options.naming));
  }
  const warnings = [...charts.warnings, ...namespaceWarnings];
  if (sources.length === 0) return { ...NOTHING_RENDERED, owned, notes, warnings };
  await markSameData(git, { base, head }, changedFiles, sources, options.maxOutputBytes);
  const { timeoutMs } = options;
  const renderOnce = (some: RenderedSource[]) =>
    renderBothCommits(git, base, head, some, pathDirs, options.defaultNamespace, log, timeoutMs);
  const render = (some: RenderedSource[]) =>
    some.length === 0 ? Promise.resolve(NO_OBJECTS) : renderOnTheirOwn(some, renderOnce, onTheirOwn, notes);
  return { owned, warnings, ...startRenders(sources, notes, render) };
}

/**
 * Renders the active sources now; held-back ones (their changes play no part in the plan) only when
 * the scan asks (renderDeferred), their notes then rewritten to say they were rendered after all.
 * A source's note says what its render did, so it is written once the render has ended: the array
 * is handed out now and filled in before `objects` resolves (the scan reads it after that).
 */
function startRenders(
  sources: RenderedSource[],
  notes: string[],
  render: (some: RenderedSource[]) => Promise<RenderedObjects>,
): Pick<RenderedSources, "notes" | "objects" | "renderDeferred" | "skippedRenders"> {
  const active = sources.filter((source) => !source.inert && !source.sameData);
  const held = sources.filter((source) => source.inert || source.sameData);
  const activeNotes = active.map((source) => notes.push(`${source.label}: rendering`) - 1);
  const heldNotes = held.map((source) => notes.push(heldNote(source)) - 1);
  let skipped = held.length * 2;
  const objects = render(active).then((rendered) => {
    active.forEach((source, i) => {
      notes[activeNotes[i]!] = renderedNote(source, rendered);
    });
    return rendered;
  });
  // Awaited by the caller later; handled here so a failure is never an unhandled rejection meanwhile.
  objects.catch(() => {});
  const skippedRenders = () => skipped;
  if (held.length === 0) return { notes, objects, skippedRenders };
  const renderDeferred = async () => {
    skipped = 0;
    const [first, more] = [await objects, await render(held)];
    held.forEach((source, i) => {
      notes[heldNotes[i]!] = renderedNote(source, more);
    });
    return mergeInSourceOrder(sources, first, more);
  };
  return { notes, objects, renderDeferred, skippedRenders };
}

function heldNote(source: RenderedSource): string {
  const why = source.inert
    ? "the range changes only objects that play no part in the plan in it (no config or workload)"
    : "its changed inputs parse to the same data at both commits (only their formatting changed)";
  return `${source.label}: not rendered, ${why} and no config or workload elsewhere`;
}

/**
 * Marks the sources whose every changed input the renderer reads as YAML data and parses to the same
 * data at both commits (see RenderedSource.readsAsData): rendered with the same options at both
 * commits, they print the same objects. One read of those inputs at each commit; an input added,
 * deleted, renamed or over the output limit counts as changed.
 */
async function markSameData(
  git: Git,
  commits: { base: string; head: string },
  changedFiles: readonly FileChange[],
  sources: RenderedSource[],
  maxBytes: number,
): Promise<void> {
  const modified = new Set(changedFiles.filter((c) => c.status === "M").map((c) => c.path));
  const candidates = sources.filter(
    (s) => !s.inert && s.readsAsData && s.changedInputs.every((path) => modified.has(path)),
  );
  if (candidates.length === 0) return;
  const paths = [...new Set(candidates.flatMap((s) => s.changedInputs))];
  const [atBase, atHead] = await Promise.all(
    [commits.base, commits.head].map((rev) => git.readFilesUpTo(rev, paths, maxBytes)),
  );
  // The yaml package, loaded only when an input is compared as data.
  const { sameYamlData } = await import("../manifests/same-data.js");
  const same = new Map<string, boolean>();
  for (const source of candidates) {
    const unchanged = source.changedInputs.every((path) => {
      const [before, after] = [atBase!.files.get(path), atHead!.files.get(path)].map((b) =>
        b?.toString("utf8"),
      );
      if (before === undefined || after === undefined) return false;
      if (!source.readsAsData!(path, before) || !source.readsAsData!(path, after)) return false;
      if (!same.has(path)) same.set(path, sameYamlData(before, after));
      return same.get(path) === true;
    });
    if (unchanged) source.sameData = true;
  }
}

function renderedNote(source: RenderedSource, rendered: RenderedObjects): string {
  const unbuilt = rendered.unbuilt?.get(source.label);
  if (unbuilt === "both")
    return `${source.label}: cannot be built at either commit, nothing planned from it (see the notes)`;
  if (unbuilt === "base")
    return `${source.label}: cannot be built at the base commit, rendered at head only (see the notes)`;
  return `${source.label}: rendered at both commits`;
}

/** Two renders' objects as one render of `sources` would list them: by source, in order. */
function mergeInSourceOrder(
  sources: RenderedSource[],
  first: RenderedObjects,
  more: RenderedObjects,
): RenderedObjects {
  const order = new Map(sources.map((source, i) => [source.label, i]));
  const byOrigin = (list: RenderedObjects["base"]) =>
    list.sort((a, b) => (order.get(a.origin ?? "") ?? 0) - (order.get(b.origin ?? "") ?? 0));
  const joined = joinRendered(first, more);
  return { ...joined, base: byOrigin(joined.base), head: byOrigin(joined.head) };
}

/**
 * What the report says about Helm charts (see scan/sources/helm-charts.ts), for the charts this run
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
  const { naming } = options;
  if (options.render === undefined) return chartReport(considered, changedPaths, { naming });
  const isRenderInput = await globMatcher(options.renderPaths, { dot: true });
  return chartReport(considered, changedPaths, { render: { isRenderInput }, naming });
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
  const env = renderCommandEnvironment(options.env, pathDirs, options.renderEnv);
  const { timeoutMs, maxOutputBytes } = options;
  const render = renderCommandAtCommits({ command, env, timeoutMs, maxOutputBytes, naming: options.naming });
  return {
    label: `render: ${command}`,
    // What a command reads is unknown: it gets the whole tree.
    scope: undefined,
    file: "--render",
    changedInputs,
    generators: [],
    readsAsData: (path, text) => yamlDataInput(path, text, { textSubstituted: true }),
    render: (checkout, commit, signal) => render(checkout.dir, commit, signal),
  };
}

/** How a parent Kustomization's directory is built to read the children it patches (gitops/patched-children.ts). */
export function parentBuildEnv(
  pathDirs: readonly string[],
  options: Pick<SourceOptions, "timeoutMs" | "maxOutputBytes" | "entryRules">,
  commits: readonly string[],
): ParentBuildEnv {
  return {
    commits,
    pathDirs,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes,
    untrustedHead: options.entryRules.untrustedHead,
  };
}
