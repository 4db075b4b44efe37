// Stage: the rendered sources of a range. Decides which sources exist (the --kustomize directories,
// else every root kustomization; the --render command), renders only those whose inputs the range
// touches, each at base and head in one checkout per commit, and returns their objects labelled
// with their source. Files that belong to a kustomize tree or a Helm chart are never raw manifests.
import picomatch from "picomatch";
import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import type { Manifest, ManifestProblem } from "../core/model.js";
import { blameFile } from "../core/sources/blame.js";
import { checkoutScope } from "../core/sources/checkout-scope.js";
import {
  KUSTOMIZATION_FILE_NAMES,
  type KustomizationFile,
  kustomizationDirOf,
  readKustomizationFile,
} from "../core/sources/kustomization-file.js";
import {
  buildKustomizeGraph,
  type KustomizeGraph,
  kustomizationsUnder,
} from "../core/sources/kustomize-graph.js";
import { pathsAtBase } from "../core/sources/paths-at-base.js";
import { createDocumentParser } from "../core/sources/rendered-documents.js";
import type { FileChange, Git } from "../git/git.js";
import { findKustomize, type KustomizeRun, kustomizeBuild, NO_KUSTOMIZE_HINT } from "../render/kustomize.js";
import { createCommitTrees } from "../render/materialize-tree.js";
import { runRenderCommand } from "../render/render-command.js";
import { findExecutable, renderCommandEnvironment, trustedPathDirs } from "../render/renderer-environment.js";

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
const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** Renderers running at once, over both commits: many touched overlays must not start dozens of processes. */
const MAX_CONCURRENT_RENDERS = 4;
const CHART_FILE = /(^|\/)Chart\.ya?ml$/;

interface Source {
  label: string;
  /** Directories the render needs in its checkout; undefined: the whole tree. */
  scope: string[] | undefined;
  /** Stands for the source's objects where a file is expected (warnings, annotations). */
  file: string;
  /** Renders at one commit's checkout. */
  render(treeDir: string, commit: string): Promise<Buffer | undefined>;
  /** Blame: the source's changed inputs and its generators. */
  changedInputs: string[];
  generators: KustomizationFile["generators"];
}

export async function renderSources(
  git: Git,
  base: string,
  head: string,
  changedFiles: readonly FileChange[],
  options: SourceOptions,
  log: Log,
): Promise<RenderedSources> {
  const kustomizeOn = !(options.kustomize.length === 1 && options.kustomize[0] === "none");
  const changedPaths = [
    ...new Set(changedFiles.flatMap((f) => (f.oldPath ? [f.oldPath, f.path] : [f.path]))),
  ];
  const notes: string[] = [];
  const sources: Source[] = [];
  let kustomizeRun: KustomizeRun | undefined;
  // Resolved before any checkout exists, from absolute PATH directories outside the repository.
  const pathDirs = trustedPathDirs(process.env.PATH, [git.root]);

  // A range that changes no file touches no source: no listing, no render.
  if (changedPaths.length === 0) return { owned: () => false, notes, objects: Promise.resolve(NO_OBJECTS) };
  // One listing (head); the base side follows from the diff, and only what differs is read at base.
  const isSourceFile = (p: string) => CHART_FILE.test(p) || kustomizationDirOf(p) !== undefined;
  const headFiles = (await git.listFiles(head)).filter(isSourceFile);
  const atBase = pathsAtBase(headFiles, changedFiles, isSourceFile);
  const baseFiles = atBase.paths;
  // Helm chart templates are not YAML until rendered: never raw manifests, whatever the options.
  const chartDirs = [
    ...new Set([...baseFiles, ...headFiles].filter((p) => CHART_FILE.test(p)).map(dirOf)),
  ].sort();
  const inChart = (path: string) => chartDirs.some((dir) => dir === "" || path.startsWith(`${dir}/`));
  let owned: (path: string) => boolean = inChart;
  if (options.render === undefined) {
    for (const dir of chartDirs) {
      notes.push(
        `Helm chart ${dir || "."}: not read as raw manifests; plan from it with --render 'helm template ...'`,
      );
    }
  }

  if (kustomizeOn) {
    const [baseGraph, headGraph, baseKs, headKs] = await kustomizationsAt(git, base, head, {
      baseFiles,
      headFiles,
      differAtBase: atBase.differ,
    });
    owned = (path) => baseGraph.ownedFiles.has(path) || headGraph.ownedFiles.has(path) || inChart(path);
    const roots =
      options.kustomize.length > 0
        ? options.kustomize
        : [...new Set([...baseGraph.roots, ...headGraph.roots])].sort();
    for (const dir of options.kustomize) {
      if (!baseKs.has(dir) && !headKs.has(dir)) {
        throw new UserError(
          `--kustomize ${dir || "."}: no kustomization.yaml in that directory at either commit`,
        );
      }
    }
    for (const k of headKs.values()) {
      if (k.problem !== undefined)
        notes.push(`${k.path}: cannot be read (${k.problem}); its inputs are unknown`);
    }
    const touched: string[] = [];
    const untouched: string[] = [];
    for (const dir of roots) {
      const inputs = new Set([...baseGraph.inputsOf(dir), ...headGraph.inputsOf(dir)]);
      // A kustomization that does not parse hides its inputs: any change under its directory counts.
      const unreadable = [headKs.get(dir), baseKs.get(dir)].some((k) => k?.problem !== undefined);
      const changedInputs = changedPaths.filter(
        (p) => inputs.has(p) || (unreadable && (dir === "" || p.startsWith(`${dir}/`))),
      );
      const label = `kustomize ${dir || "."}`;
      if (changedInputs.length === 0) {
        untouched.push(label);
        continue;
      }
      touched.push(dir);
      const generators = [
        ...kustomizationsUnder(dir, [...headKs.values()]),
        ...kustomizationsUnder(dir, [...baseKs.values()]),
      ].flatMap((k) => k.generators);
      const trees = [
        ...kustomizationsUnder(dir, [...headKs.values()]),
        ...kustomizationsUnder(dir, [...baseKs.values()]),
      ];
      sources.push({
        label,
        // A kustomization that does not parse hides what it reads: give it the whole tree.
        scope: trees.some((k) => k.problem !== undefined)
          ? undefined
          : checkoutScope(
              trees.map((k) => k.dir),
              inputs,
            ),
        file: (headKs.get(dir) ?? baseKs.get(dir))!.path,
        changedInputs,
        generators,
        render: async (treeDir, commit) => {
          const present = commit === head ? headKs.has(dir) : baseKs.has(dir);
          if (!present) return undefined;
          return kustomizeBuild(kustomizeRun!, treeDir, dir, commit);
        },
      });
    }
    notes.push(...untouchedNotes(untouched));
    const binary = touched.length > 0 ? findKustomize(pathDirs) : undefined;
    if (touched.length > 0 && binary === undefined) {
      throw new UserError(
        `kustomize ${touched.map((d) => d || ".").join(", ")} changed but ${NO_KUSTOMIZE_HINT}`,
      );
    }
    if (binary)
      kustomizeRun = { binary, pathDirs, home: "", timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  }

  if (options.render !== undefined) {
    const matches = picomatch(options.renderPaths, { dot: true });
    const changedInputs = changedPaths.filter((p) => matches(p));
    const label = `render: ${options.render}`;
    if (changedInputs.length === 0) {
      notes.push(`${label}: not run, the range touches none of --render-paths`);
    } else {
      const env = renderCommandEnvironment(process.env, pathDirs, options.secretVariables);
      const command = options.render;
      sources.push({
        label,
        scope: undefined,
        file: "--render",
        changedInputs,
        generators: [],
        render: (treeDir, commit) =>
          runRenderCommand(
            { command, env, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
            treeDir,
            commit,
          ),
      });
    }
  }
  if (sources.length === 0) return { owned, notes, objects: Promise.resolve(NO_OBJECTS) };
  for (const source of sources) notes.push(`${source.label}: rendered at both commits`);
  const objects = renderAll(git, base, head, sources, { kustomizeRun, pathDirs }, options, log);
  // Awaited by the caller later; handled here so a failure is never an unhandled rejection meanwhile.
  objects.catch(() => {});
  return { owned, notes, objects };
}

async function renderAll(
  git: Git,
  base: string,
  head: string,
  sources: Source[],
  { kustomizeRun, pathDirs }: { kustomizeRun: KustomizeRun | undefined; pathDirs: string[] },
  options: SourceOptions,
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
  if (kustomizeRun) kustomizeRun.home = trees.root;
  try {
    const blameTexts = readTexts(git, head, [...new Set(sources.flatMap((s) => s.changedInputs))]);
    blameTexts.catch(() => {});
    const slot = concurrencyLimit(MAX_CONCURRENT_RENDERS);
    const parsers = sources.map((source) =>
      createDocumentParser(`(${source.label} output)`, options.defaultNamespace),
    );
    // Both commits at once (renderers are single-threaded processes); each checkout is written once.
    // Each side is parsed as soon as its renders finish, while the other side may still be rendering;
    // the later side reuses the documents the earlier one parsed.
    const renderAt = async (commit: string) => {
      const treeDir = await trees.dirOf(commit);
      const outputs = await Promise.all(sources.map((source) => slot(() => source.render(treeDir, commit))));
      return outputs.map((output, i) => parsers[i]!.objectsOf(output));
    };
    const [baseParsed, headParsed] = await Promise.all([renderAt(base), renderAt(head)]);
    const texts = await blameTexts;
    const label = (m: Manifest, source: Source): Manifest => ({
      ...m,
      origin: source.label,
      ...blamed(m, source, texts),
    });
    const problems = parsers.flatMap((parser) => parser.problems);
    const baseObjects = sources.flatMap((source, i) => baseParsed[i]!.map((m) => label(m, source)));
    const headObjects = sources.flatMap((source, i) => headParsed[i]!.map((m) => label(m, source)));
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`,
    );
    return { base: baseObjects, head: headObjects, problems };
  } finally {
    await trees.dispose();
  }
}

/** A few untouched kustomizations are named; many are counted, so a monorepo's report stays short. */
function untouchedNotes(labels: string[]): string[] {
  const MAX_NAMED = 5;
  if (labels.length <= MAX_NAMED)
    return labels.map((label) => `${label}: not rendered, the range touches none of its files`);
  return [
    `${labels.length} kustomizations not rendered, the range touches none of their files (${labels
      .slice(0, MAX_NAMED)
      .map((label) => label.replace(/^kustomize /, ""))
      .join(", ")} and ${labels.length - MAX_NAMED} more)`,
  ];
}

function blamed(m: Manifest, source: Source, texts: Map<string, string>): Partial<Manifest> {
  const file = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source.changedInputs, generators: source.generators, texts },
  );
  // The file stands for the object in annotations and reports: the blamed input, else the source.
  return file !== undefined ? { blamedFile: file, file, line: 1 } : { file: source.file, line: 1 };
}

async function kustomizationsAt(
  git: Git,
  base: string,
  head: string,
  files: { baseFiles: string[]; headFiles: string[]; differAtBase: Set<string> },
): Promise<[KustomizeGraph, KustomizeGraph, Map<string, KustomizationFile>, Map<string, KustomizationFile>]> {
  const kustomizationPaths = (paths: string[]) => {
    const preference = (p: string) =>
      (KUSTOMIZATION_FILE_NAMES as readonly string[]).indexOf(p.slice(p.lastIndexOf("/") + 1));
    // kustomize's preference order: kustomization.yaml, .yml, Kustomization.
    return paths
      .filter((p) => kustomizationDirOf(p) !== undefined)
      .sort((a, b) => preference(a) - preference(b));
  };
  const headPaths = kustomizationPaths(files.headFiles);
  const basePaths = kustomizationPaths(files.baseFiles);
  const toRead = basePaths.filter((p) => files.differAtBase.has(p));
  const [headTexts, baseTexts] = await Promise.all([
    headPaths.length > 0 ? git.readFiles(head, headPaths) : new Map<string, Buffer>(),
    toRead.length > 0 ? git.readFiles(base, toRead) : new Map<string, Buffer>(),
  ]);
  const parse = (paths: string[], textOf: (path: string) => Buffer | undefined) => {
    const byDir = new Map<string, KustomizationFile>();
    for (const path of paths) {
      const k = readKustomizationFile(path, textOf(path)?.toString("utf8") ?? "");
      if (!byDir.has(k.dir)) byDir.set(k.dir, k);
    }
    return byDir;
  };
  const headKs = parse(headPaths, (p) => headTexts.get(p));
  // Unchanged kustomization files are the same at base: their head text stands for both.
  const baseKs = parse(basePaths, (p) => (files.differAtBase.has(p) ? baseTexts.get(p) : headTexts.get(p)));
  return [
    buildKustomizeGraph([...baseKs.values()]),
    buildKustomizeGraph([...headKs.values()]),
    baseKs,
    headKs,
  ];
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
