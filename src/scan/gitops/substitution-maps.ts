// A Flux Kustomization's postBuild.substituteFrom fills `${VAR}` in from ConfigMaps and Secrets on
// the cluster. The ConfigMaps are usually in the repository too (a `cluster-settings` beside the
// GitOps objects): each deployment that substitutes from one is built with the map's data as it is
// at that commit, then the object's own postBuild.substitute (which wins, as in Flux). So a config
// holds what the cluster gets, not `${DOMAIN}`: its hash is right, and a versioned copy of it is
// the value the workload needs. A Secret is never read for this, nor is a map not found once in the
// repository (per cluster: the one nearest the object's file): their variables stay as written, and
// the versioned strategy refuses to copy a config that holds one (see unsubstitutedIn).
import { field, isRecord, stringField } from "../../core/json-shape.js";
import type { Git } from "../../git/git.js";
import { globsToPathspecs } from "../../git/glob-pathspecs.js";
import { parseManifestFile } from "../manifests/parse-manifest-file.js";
import type { Deployment, DeploySettings } from "./deployed-dirs.js";
import { MANIFEST_FILE, MAX_GITOPS_FILE_BYTES } from "./find-deployments.js";

interface SubstitutionContext {
  base: string;
  head: string;
  /** The namespace of a Flux Kustomization that names none. */
  defaultNamespace: string;
  /** An explicit --paths: only the maps in the files it matches. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
}

/** withSubstitutionMaps where the run reads them (`substitution` set), else the deployments as they are. */
export function withMaps(
  git: Git,
  ctx: Omit<SubstitutionContext, "defaultNamespace"> & { substitution?: { defaultNamespace: string } },
  deployments: Deployment[],
): Promise<Deployment[]> | Deployment[] {
  if (ctx.substitution === undefined) return deployments;
  const { base, head, paths, substitution } = ctx;
  return withSubstitutionMaps(git, deployments, {
    base,
    head,
    defaultNamespace: substitution.defaultNamespace,
    ...(paths ? { paths } : {}),
  });
}

/** A ConfigMap of the repository that a substituteFrom may name. */
interface SubstitutionMap {
  file: string;
  name: string;
  /** As its file says; unset: deployed into whatever namespace its folder goes to. */
  namespace: string | undefined;
  /** Its data as variables: valid names only, newlines dropped (as Flux loads them). */
  vars: Record<string, string>;
}

const VARIABLE_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/**
 * `deployments` with the variables of the ConfigMaps they substitute from, at each commit: the
 * head's in `settings`, the base's in `atBase` (set where the values differ, blamed on the map).
 */
async function withSubstitutionMaps(
  git: Git,
  deployments: readonly Deployment[],
  ctx: SubstitutionContext,
): Promise<Deployment[]> {
  const names = new Set<string>();
  for (const d of deployments)
    for (const s of [d.settings, d.atBase?.settings])
      for (const ref of s?.substitute?.from ?? []) if (ref.kind === "ConfigMap") names.add(ref.name);
  if (names.size === 0) return [...deployments];
  const [atBase, atHead] = await Promise.all([
    mapsAt(git, ctx.base, [...names], ctx.paths),
    mapsAt(git, ctx.head, [...names], ctx.paths),
  ]);
  return deployments.map((d) => {
    const head = resolved(d.settings, atHead, d.file, ctx.defaultNamespace);
    const base = resolved(d.atBase?.settings ?? d.settings, atBase, d.file, ctx.defaultNamespace);
    if (head.settings === d.settings && base.settings === (d.atBase?.settings ?? d.settings)) return d;
    if (d.atBase === undefined && JSON.stringify(base.settings) === JSON.stringify(head.settings))
      return { ...d, settings: head.settings };
    const file = d.atBase?.file ?? changedMapFile(base.maps, head.maps) ?? d.file ?? "";
    return { ...d, settings: head.settings, atBase: { settings: base.settings, file } };
  });
}

/**
 * The settings with the variables of the maps found for them, and those maps; keepUnknown stays
 * only where a source was not read (a Secret, a map not found), as Flux leaves nothing unknown.
 */
function resolved(
  settings: DeploySettings,
  maps: readonly SubstitutionMap[],
  objectFile: string | undefined,
  defaultNamespace: string,
): { settings: DeploySettings; maps: SubstitutionMap[] } {
  const substitute = settings.substitute;
  if (!substitute?.from?.some((ref) => ref.kind === "ConfigMap")) return { settings, maps: [] };
  const namespace = substitute.namespace ?? defaultNamespace;
  const vars: Record<string, string> = {};
  const found: SubstitutionMap[] = [];
  let unread = false;
  // Later sources override earlier ones, as Flux merges them.
  for (const ref of substitute.from) {
    const map = ref.kind === "ConfigMap" ? nearestMap(maps, ref.name, namespace, objectFile) : undefined;
    if (map === undefined) {
      unread = true;
      continue;
    }
    found.push(map);
    Object.assign(vars, map.vars);
  }
  if (found.length === 0) return { settings, maps: [] };
  return {
    settings: {
      ...settings,
      substitute: { ...substitute, vars: { ...vars, ...substitute.vars }, keepUnknown: unread },
    },
    maps: found,
  };
}

/**
 * The map `name` in `namespace` (or naming none) that the object's cluster holds: the one whose file
 * shares the longest directory with the object's (`clusters/prod/settings.yaml` for an object in
 * `clusters/prod/`), preferring one that names the namespace. Undefined when none is found, or two
 * with other data tie: which one the cluster holds is not known here.
 */
function nearestMap(
  maps: readonly SubstitutionMap[],
  name: string,
  namespace: string,
  objectFile: string | undefined,
): SubstitutionMap | undefined {
  const score = (m: SubstitutionMap) =>
    sharedDirLength(m.file, objectFile ?? "") * 2 + (m.namespace === namespace ? 1 : 0);
  const candidates = maps.filter(
    (m) => m.name === name && (m.namespace === undefined || m.namespace === namespace),
  );
  if (candidates.length === 0) return undefined;
  const best = Math.max(...candidates.map(score));
  const top = candidates.filter((m) => score(m) === best);
  const data = new Set(top.map((m) => JSON.stringify(m.vars)));
  return data.size === 1 ? top[0] : undefined;
}

function sharedDirLength(a: string, b: string): number {
  const [x, y] = [a.split("/").slice(0, -1), b.split("/").slice(0, -1)];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
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
    for (const { object } of parsed.manifests) {
      const metadata = field(object, "metadata");
      const name = stringField(metadata, "name");
      if (field(object, "kind") !== "ConfigMap" || name === undefined || !names.includes(name)) continue;
      const data = field(object, "data");
      const vars: Record<string, string> = {};
      // Flux drops the newlines of a value, as it does for postBuild.substitute (deployed-dirs.ts).
      if (isRecord(data))
        for (const [key, value] of Object.entries(data))
          if (typeof value === "string" && VARIABLE_NAME.test(key)) vars[key] = value.replaceAll("\n", "");
      maps.push({ file, name, namespace: stringField(metadata, "namespace"), vars });
    }
  }
  return maps;
}
