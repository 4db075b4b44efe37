// The include graph of a commit's kustomizations: which are roots (built on their own), which files
// each root reads (transitively), and which files belong to some kustomize tree (never raw manifests).
import type { KustomizationFile } from "./kustomization-file.js";

export interface KustomizeGraph {
  /** Kustomization directories no other kustomization includes (components excluded), sorted. */
  roots: string[];
  /** The kustomizations that include `dir` directly. */
  includersOf(dir: string): KustomizationFile[];
  /** Every file a kustomization reads, kustomization files included. */
  ownedFiles: Set<string>;
  /** Files `dir` reads, through every local directory it includes. */
  inputsOf(dir: string): Set<string>;
}

export function buildKustomizeGraph(kustomizations: readonly KustomizationFile[]): KustomizeGraph {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const includers = new Map<string, KustomizationFile[]>();
  for (const k of kustomizations) {
    for (const entry of k.entries) {
      if (!byDir.has(entry) || entry === k.dir) continue;
      const list = includers.get(entry) ?? [];
      if (!list.includes(k)) list.push(k);
      includers.set(entry, list);
    }
  }
  const roots = kustomizations
    .filter((k) => !includers.has(k.dir) && !k.isComponent)
    .map((k) => k.dir)
    .sort();
  const cache = new Map<string, Set<string>>();
  const inputsOf = (dir: string): Set<string> => {
    const cached = cache.get(dir);
    if (cached) return cached;
    const inputs = new Set<string>();
    // Set before walking, so an include cycle ends instead of recursing forever.
    cache.set(dir, inputs);
    const k = byDir.get(dir);
    if (!k) return inputs;
    inputs.add(k.path);
    for (const file of k.files) inputs.add(file);
    for (const entry of k.entries) {
      if (byDir.has(entry)) for (const file of inputsOf(entry)) inputs.add(file);
      else inputs.add(entry);
    }
    return inputs;
  };
  const ownedFiles = new Set<string>();
  for (const k of kustomizations) for (const file of inputsOf(k.dir)) ownedFiles.add(file);
  return { roots, ownedFiles, inputsOf, includersOf: (dir) => includers.get(dir) ?? [] };
}

/** The kustomizations (by directory) that `dir` includes, itself first: where its generators and patches live. */
export function kustomizationsUnder(
  dir: string,
  /** A list, or (cheaper when asked often) the kustomizations by directory. */
  kustomizations: readonly KustomizationFile[] | ReadonlyMap<string, KustomizationFile>,
): KustomizationFile[] {
  const byDir =
    kustomizations instanceof Map
      ? (kustomizations as ReadonlyMap<string, KustomizationFile>)
      : new Map((kustomizations as readonly KustomizationFile[]).map((k) => [k.dir, k]));
  const seen = new Set<string>();
  const order: KustomizationFile[] = [];
  const walk = (d: string) => {
    const k = byDir.get(d);
    if (!k || seen.has(d)) return;
    seen.add(d);
    order.push(k);
    for (const entry of k.entries) walk(entry);
  };
  walk(dir);
  return order;
}

/** The plain resource files of `kustomizations` (resources that are not kustomization directories). */
export function resourceFilesOf(
  kustomizations: readonly KustomizationFile[],
  isKustomization: (dir: string) => boolean,
): string[] {
  return [...new Set(kustomizations.flatMap((k) => k.resources))].filter((path) => !isKustomization(path));
}
