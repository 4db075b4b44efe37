// Which kustomizations a run plans from when no --kustomize directory is given. A root is a
// kustomization that no planned kustomization includes, except that:
// - kustomizations under a test, example or docs directory are not planned by default: they are
//   rarely deployed, they slow the run and they define the same objects as the real ones. What
//   only they include is planned on its own (an `example/` that includes every component of a
//   platform is its install entry: each component is then a root, rendered once, and the example
//   is not rendered at all, so no object is planned twice from the includer and the included);
// - a kustomization that others include is still a root when it is visibly deployed on its own:
//   a Flux Kustomization or an Argo CD Application in the repository names it, or it puts its
//   objects in a namespace of its own that every kustomization including it replaces (so both can
//   run in one cluster), and it is not a shared base (`base`, `bases`, `components` directories).
import type { KustomizationFile } from "./kustomization-file.js";
import { buildKustomizeGraph, type KustomizeGraph, kustomizationsUnder } from "./kustomize-graph.js";

/** Directory names whose kustomizations are not planned unless asked for. */
const NOT_DEPLOYED_DIR_NAMES = [
  "test",
  "tests",
  "e2e",
  "testdata",
  "example",
  "examples",
  "docs",
  "hack",
] as const;
/** Directory names of shared pieces: never a root only because they set a namespace. */
const SHARED_DIR_NAMES = new Set(["base", "bases", "components"]);

export interface RootRules {
  /** Directories a Flux Kustomization or an Argo CD Application in the repository deploys. */
  deployedDirs: ReadonlySet<string>;
  /**
   * An explicit --paths: only kustomizations whose file it matches are discovered, and a test or
   * example directory that one of its globs names is planned. Undefined: everything is discovered.
   */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
}

export interface RootChoice {
  /** The directories to plan from, sorted. */
  roots: string[];
  /** Roots left out because they sit in a test, example or docs directory, sorted. */
  notDeployed: string[];
}

export function chooseRoots(
  kustomizations: readonly KustomizationFile[],
  graph: KustomizeGraph,
  rules: RootRules,
): RootChoice {
  const discovered = rules.paths
    ? kustomizations.filter((k) => matchesPaths(k, rules.paths!))
    : kustomizations;
  const discoveredDirs = new Set(discovered.map((k) => k.dir));
  // Only includers that are themselves discovered count: --paths may leave an overlay out.
  const includersOf = (k: KustomizationFile) =>
    graph.includersOf(k.dir).filter((i) => discoveredDirs.has(i.dir));
  const planned = (k: KustomizationFile) =>
    !k.isComponent && (notDeployedDir(k.dir) === undefined || namedByGlob(k.dir, rules.paths?.globs ?? []));
  // Whether a kustomization is rendered as part of a root or as one: memoised, and false while
  // being decided, so an include cycle ends.
  const rendered = new Map<string, boolean>();
  const isRoot = (k: KustomizationFile): boolean => {
    if (!planned(k)) return false;
    const includers = renderedIncluders(k);
    return includers.length === 0 || deployedOnItsOwn(k, includers, rules.deployedDirs);
  };
  const renderedIncluders = (k: KustomizationFile) => includersOf(k).filter((i) => isRendered(i));
  const isRendered = (k: KustomizationFile): boolean => {
    const known = rendered.get(k.dir);
    if (known !== undefined) return known;
    rendered.set(k.dir, false);
    const answer = isRoot(k) || renderedIncluders(k).length > 0;
    rendered.set(k.dir, answer);
    return answer;
  };
  const roots: string[] = [];
  const notDeployed: string[] = [];
  for (const k of discovered) {
    if (isRoot(k)) roots.push(k.dir);
    // Listed once, at the top of a test or example tree: what it includes goes with it.
    else if (!k.isComponent && !planned(k) && includersOf(k).length === 0) notDeployed.push(k.dir);
  }
  return { roots: roots.sort(), notDeployed: notDeployed.sort() };
}

/**
 * The roots of each commit once the `broken` kustomizations (kustomize refuses them at both
 * commits) are taken away, that are not `planned` already: what only they included, planned on
 * its own as if nothing included it. Each with the broken ones that include it (sorted).
 */
export function rootsWithout(
  broken: ReadonlySet<string>,
  byCommit: ReadonlyArray<ReadonlyMap<string, KustomizationFile>>,
  rules: RootRules,
  planned: ReadonlySet<string>,
): Array<{ dir: string; brokenIncluders: string[] }> {
  const dirs = new Set<string>();
  for (const ks of byCommit) {
    const kept = [...ks.values()].filter((k) => !broken.has(k.dir));
    for (const dir of chooseRoots(kept, buildKustomizeGraph(kept), rules).roots) dirs.add(dir);
  }
  return [...dirs]
    .filter((dir) => !planned.has(dir) && !broken.has(dir))
    .sort()
    .map((dir) => ({
      dir,
      brokenIncluders: [...broken]
        .filter((b) => byCommit.some((ks) => kustomizationsUnder(b, ks).some((k) => k.dir === dir)))
        .sort(),
    }));
}

/** The first test/example directory name on the path of `dir`, if any. */
export function notDeployedDir(dir: string): string | undefined {
  return dir.split("/").find((segment) => (NOT_DEPLOYED_DIR_NAMES as readonly string[]).includes(segment));
}

function deployedOnItsOwn(
  k: KustomizationFile,
  includers: readonly KustomizationFile[],
  deployedDirs: ReadonlySet<string>,
): boolean {
  if (deployedDirs.has(k.dir)) return true;
  if (k.namespace === undefined) return false;
  if (k.dir.split("/").some((segment) => SHARED_DIR_NAMES.has(segment))) return false;
  // An includer that keeps this namespace deploys the same objects: the two are alternatives.
  return includers.every((i) => i.namespace !== undefined && i.namespace !== k.namespace);
}

/**
 * A kustomization is matched by --paths through its file, or through `kustomization.yaml` in its
 * directory (so `**\/*.yaml` also finds one whose file is named `Kustomization`).
 */
function matchesPaths(k: KustomizationFile, paths: NonNullable<RootRules["paths"]>): boolean {
  return (
    paths.matches(k.path) ||
    paths.matches(k.dir === "" ? "kustomization.yaml" : `${k.dir}/kustomization.yaml`)
  );
}

/** A glob names a test/example directory when it spells that directory's name as one of its segments. */
function namedByGlob(dir: string, globs: readonly string[]): boolean {
  const names = dir
    .split("/")
    .filter((segment) => (NOT_DEPLOYED_DIR_NAMES as readonly string[]).includes(segment));
  return names.every((name) => globs.some((glob) => glob.split("/").includes(name)));
}
