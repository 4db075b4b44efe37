// The kustomize sources of a range: the --kustomize directories, else every root kustomization;
// which of them the range touches (only those are rendered) and which files kustomize owns.
import { UserError } from "../core/errors.js";
import { checkoutScope } from "../core/sources/checkout-scope.js";
import type { KustomizationFile } from "../core/sources/kustomization-file.js";
import { KUSTOMIZATION_FILE_NAMES, kustomizationDirOf } from "../core/sources/kustomization-names.js";
import {
  buildKustomizeGraph,
  type KustomizeGraph,
  kustomizationsUnder,
  resourceFilesOf,
} from "../core/sources/kustomize-graph.js";
import type { Git } from "../git/git.js";
import { findKustomize, kustomizeBuild, NO_KUSTOMIZE_HINT } from "../render/kustomize.js";
import { DEFAULT_RENDER_TIMEOUT_MS, type RenderedSource } from "./rendered-source.js";

export interface KustomizeContext {
  base: string;
  head: string;
  /** --kustomize: directories, or [] to discover the roots. */
  dirs: string[];
  changedPaths: string[];
  /** Kustomization files (and others; they are filtered) at each commit. */
  baseFiles: string[];
  headFiles: string[];
  /** Files whose base content differs from head. */
  differAtBase: Set<string>;
  pathDirs: string[];
  timeoutMs?: number;
}

export interface KustomizeSources {
  sources: RenderedSource[];
  /** Files some kustomization reads at either commit. */
  owned(path: string): boolean;
  notes: string[];
}

export async function findKustomizeSources(git: Git, ctx: KustomizeContext): Promise<KustomizeSources> {
  const { head } = ctx;
  const [baseGraph, headGraph, baseKs, headKs] = await kustomizationsAt(git, ctx);
  const notes: string[] = [];
  for (const dir of ctx.dirs) {
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
  const roots =
    ctx.dirs.length > 0 ? ctx.dirs : [...new Set([...baseGraph.roots, ...headGraph.roots])].sort();
  const sources: RenderedSource[] = [];
  const untouched: string[] = [];
  const binary = lazy(() => findKustomize(ctx.pathDirs));
  for (const dir of roots) {
    const label = `kustomize ${dir || "."}`;
    const inputs = new Set([...baseGraph.inputsOf(dir), ...headGraph.inputsOf(dir)]);
    const included = [
      ...kustomizationsUnder(dir, [...headKs.values()]),
      ...kustomizationsUnder(dir, [...baseKs.values()]),
    ];
    // A kustomization that does not parse hides its inputs: any change under its directory counts,
    // and its checkout is the whole tree.
    const unreadable = included.some((k) => k.problem !== undefined);
    const changedInputs = ctx.changedPaths.filter(
      (p) => inputs.has(p) || (unreadable && (dir === "" || p.startsWith(`${dir}/`))),
    );
    if (changedInputs.length === 0) {
      untouched.push(label);
      continue;
    }
    sources.push({
      label,
      scope: unreadable
        ? undefined
        : checkoutScope(
            included.map((k) => k.dir),
            inputs,
          ),
      file: (headKs.get(dir) ?? baseKs.get(dir))!.path,
      changedInputs,
      generators: included.flatMap((k) => k.generators),
      resourceFiles: resourceFilesOf(included, (d) => headKs.has(d) || baseKs.has(d)),
      render: async (checkout, commit) => {
        if (!(commit === head ? headKs : baseKs).has(dir)) return undefined;
        const run = {
          binary: (await binary())!,
          pathDirs: ctx.pathDirs,
          home: checkout.scratch,
          timeoutMs: ctx.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS,
        };
        return kustomizeBuild(run, checkout.dir, dir, commit);
      },
    });
  }
  notes.push(...untouchedNotes(untouched));
  if (sources.length > 0 && (await binary()) === undefined) {
    throw new UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  return {
    sources,
    owned: (path) => baseGraph.ownedFiles.has(path) || headGraph.ownedFiles.has(path),
    notes,
  };
}

/** A few untouched kustomizations are named; many are counted, so a monorepo's report stays short. */
function untouchedNotes(labels: string[]): string[] {
  const MAX_NAMED = 5;
  if (labels.length <= MAX_NAMED) {
    return labels.map((label) => `${label}: not rendered, the range touches none of its files`);
  }
  const named = labels.slice(0, MAX_NAMED).map((label) => label.replace(/^kustomize /, ""));
  return [
    `${labels.length} kustomizations not rendered, the range touches none of their files (${named.join(", ")} and ${labels.length - MAX_NAMED} more)`,
  ];
}

async function kustomizationsAt(
  git: Git,
  ctx: KustomizeContext,
): Promise<[KustomizeGraph, KustomizeGraph, Map<string, KustomizationFile>, Map<string, KustomizationFile>]> {
  const kustomizationPaths = (paths: string[]) => {
    const preference = (p: string) =>
      (KUSTOMIZATION_FILE_NAMES as readonly string[]).indexOf(p.slice(p.lastIndexOf("/") + 1));
    // kustomize's preference order: kustomization.yaml, .yml, Kustomization.
    return paths
      .filter((p) => kustomizationDirOf(p) !== undefined)
      .sort((a, b) => preference(a) - preference(b));
  };
  const headPaths = kustomizationPaths(ctx.headFiles);
  const basePaths = kustomizationPaths(ctx.baseFiles);
  const toRead = basePaths.filter((p) => ctx.differAtBase.has(p));
  // Reading a kustomization needs the yaml package: loaded (beside the reads) only when there is one.
  const reader =
    headPaths.length + basePaths.length > 0 ? import("../core/sources/kustomization-file.js") : undefined;
  reader?.catch(() => {});
  const [headTexts, baseTexts] = await Promise.all([
    headPaths.length > 0 ? git.readFiles(ctx.head, headPaths) : new Map<string, Buffer>(),
    toRead.length > 0 ? git.readFiles(ctx.base, toRead) : new Map<string, Buffer>(),
  ]);
  const readKustomizationFile = reader ? (await reader).readKustomizationFile : undefined;
  const parse = (paths: string[], textOf: (path: string) => Buffer | undefined) => {
    const byDir = new Map<string, KustomizationFile>();
    if (!readKustomizationFile) return byDir;
    for (const path of paths) {
      const k = readKustomizationFile(path, textOf(path)?.toString("utf8") ?? "");
      if (!byDir.has(k.dir)) byDir.set(k.dir, k);
    }
    return byDir;
  };
  const headKs = parse(headPaths, (p) => headTexts.get(p));
  // Unchanged kustomization files are the same at base: their head text stands for both.
  const baseKs = parse(basePaths, (p) => (ctx.differAtBase.has(p) ? baseTexts.get(p) : headTexts.get(p)));
  return [
    buildKustomizeGraph([...baseKs.values()]),
    buildKustomizeGraph([...headKs.values()]),
    baseKs,
    headKs,
  ];
}

function lazy<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}
