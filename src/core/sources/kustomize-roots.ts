// Which kustomizations a run plans from when no --kustomize directory is given. A root is a
// kustomization no other one includes, except that:
// - kustomizations under a test, example or docs directory are not planned by default: they are
//   rarely deployed, they slow the run and they define the same objects as the real ones;
// - a kustomization that others include is still a root when it is visibly deployed on its own:
//   a Flux Kustomization or an Argo CD Application in the repository names it, or it puts its
//   objects in a namespace of its own that every kustomization including it replaces (so both can
//   run in one cluster), and it is not a shared base (`base`, `bases`, `components` directories).
import type { KustomizationFile } from "./kustomization-file.js";
import type { KustomizeGraph } from "./kustomize-graph.js";

/** Directory names whose kustomizations are not planned unless asked for. */
export const NOT_DEPLOYED_DIR_NAMES = [
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
  const roots: string[] = [];
  const notDeployed: string[] = [];
  for (const k of discovered) {
    if (k.isComponent) continue;
    // Only includers that are themselves discovered count: --paths may leave an overlay out.
    const includers = graph.includersOf(k.dir).filter((i) => discoveredDirs.has(i.dir));
    if (includers.length > 0 && !deployedOnItsOwn(k, includers, rules.deployedDirs)) continue;
    if (notDeployedDir(k.dir) !== undefined && !namedByGlob(k.dir, rules.paths?.globs ?? [])) {
      notDeployed.push(k.dir);
      continue;
    }
    roots.push(k.dir);
  }
  return { roots: roots.sort(), notDeployed: notDeployed.sort() };
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
