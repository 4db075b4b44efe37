// A Flux Kustomization's postBuild.substituteFrom fills `${VAR}` in from ConfigMaps and Secrets on
// the cluster. The ConfigMaps are usually in the repository too (a `cluster-settings` beside the
// GitOps objects): each deployment that substitutes from one is built with the map's data as it is
// at that commit, then the object's own postBuild.substitute (which wins, as in Flux). So a config
// holds what the cluster gets, not `${DOMAIN}`: its hash is right, and a versioned copy of it is
// the value the workload needs. A Secret is never read for this, nor is a map not found once in the
// repository (per cluster: the one nearest the object's file): their variables stay as written, and
// the versioned strategy refuses to copy a config that holds one (see unsubstitutedIn).
import type { Git } from "../../git/git.js";
import { globsToPathspecs } from "../../git/glob-pathspecs.js";
import { parseManifestFile } from "../manifests/parse-manifest-file.js";
import type { Deployment } from "./deployed-dirs.js";
import { MANIFEST_FILE, MAX_GITOPS_FILE_BYTES } from "./find-deployments.js";
import {
  resolvedSettings,
  type SubstitutionMap,
  substitutionMapNames,
  substitutionMapsIn,
} from "./substitution-settings.js";

interface SubstitutionContext {
  base: string;
  head: string;
  /** The namespace of a Flux Kustomization that names none. */
  substitution: { defaultNamespace: string };
  /** An explicit --paths: only the maps in the files it matches. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
}

/**
 * `deployments` with the variables of the ConfigMaps they substitute from, at each commit: the
 * head's in `settings`, the base's in `atBase` (set where the values differ, blamed on the map).
 */
export async function withMaps(
  git: Git,
  ctx: SubstitutionContext,
  deployments: readonly Deployment[],
): Promise<Deployment[]> {
  const { defaultNamespace } = ctx.substitution;
  const names = substitutionMapNames(deployments);
  if (names.length === 0) return [...deployments];
  const [atBase, atHead] = await Promise.all([
    mapsAt(git, ctx.base, names, ctx.paths),
    mapsAt(git, ctx.head, names, ctx.paths),
  ]);
  return deployments.map((d) => {
    const head = resolvedSettings(d.settings, atHead, d.file, defaultNamespace);
    const base = resolvedSettings(d.atBase?.settings ?? d.settings, atBase, d.file, defaultNamespace);
    if (head.settings === d.settings && base.settings === (d.atBase?.settings ?? d.settings)) return d;
    if (d.atBase === undefined && JSON.stringify(base.settings) === JSON.stringify(head.settings))
      return { ...d, settings: head.settings };
    const file = d.atBase?.file ?? changedMapFile(base.maps, head.maps) ?? d.file ?? "";
    return { ...d, settings: head.settings, atBase: { settings: base.settings, file } };
  });
}

/** The file of a map whose variables differ between the commits, to blame the change on. */
function changedMapFile(
  base: readonly SubstitutionMap[],
  head: readonly SubstitutionMap[],
): string | undefined {
  const was = new Map(base.map((m) => [m.name, JSON.stringify(m.vars)]));
  return head.find((m) => was.get(m.name) !== JSON.stringify(m.vars))?.file ?? head[0]?.file ?? base[0]?.file;
}

/** The ConfigMaps named `names` at `commit`, per Git adapter (one run) and question: read once. */
const searches = new WeakMap<Git, Map<string, Promise<SubstitutionMap[]>>>();

function mapsAt(
  git: Git,
  commit: string,
  names: string[],
  paths: SubstitutionContext["paths"],
): Promise<SubstitutionMap[]> {
  const byKey = searches.get(git) ?? new Map<string, Promise<SubstitutionMap[]>>();
  searches.set(git, byKey);
  const key = JSON.stringify([commit, [...names].sort(), paths?.globs ?? null]);
  let found = byKey.get(key);
  if (found === undefined) {
    found = readMaps(git, commit, names, paths);
    byKey.set(key, found);
  }
  return found;
}

async function readMaps(
  git: Git,
  commit: string,
  names: string[],
  paths: SubstitutionContext["paths"],
): Promise<SubstitutionMap[]> {
  const pathspecs = paths ? (globsToPathspecs([...paths.globs]) ?? []) : [];
  const hits = (await git.grepFiles(commit, names, pathspecs)).filter(
    (path) => MANIFEST_FILE.test(path) && (paths?.matches(path) ?? true),
  );
  if (hits.length === 0) return [];
  const { files } = await git.readFilesUpTo(commit, hits, MAX_GITOPS_FILE_BYTES);
  const maps: SubstitutionMap[] = [];
  for (const [file, bytes] of files) {
    // The search finds every object that names the map too (each Kustomization substituting from it).
    if (!bytes.includes("ConfigMap")) continue;
    const parsed = await parseManifestFile(file, bytes, { defaultNamespace: "default" });
    maps.push(...substitutionMapsIn(parsed.manifests, names));
  }
  return maps;
}
