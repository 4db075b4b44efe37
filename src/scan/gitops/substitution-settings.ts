// The pure part of postBuild.substituteFrom (substitution-maps.ts reads the maps at a commit, `stamp`
// finds them among the work tree's manifests): which repository ConfigMap a Flux Kustomization reads
// for each name it lists, and its settings with their variables. One rule for the plan and the
// stamp, so the value `stamp` writes is the one --strategy gitops expects.
import { field, isRecord, stringField } from "../../core/json-shape.js";
import type { Deployment, DeploySettings } from "./deployed-dirs.js";

/** A ConfigMap of the repository that a substituteFrom may name. */
export interface SubstitutionMap {
  file: string;
  name: string;
  /** As its file says; unset: deployed into whatever namespace its folder goes to. */
  namespace: string | undefined;
  /** Its data as variables: valid names only, newlines dropped (as Flux loads them). */
  vars: Record<string, string>;
}

const VARIABLE_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/** The ConfigMaps among `objects` (those named `names`, when given), as substituteFrom reads them. */
export function substitutionMapsIn(
  objects: Iterable<{ file: string; object: unknown }>,
  names?: readonly string[],
): SubstitutionMap[] {
  const maps: SubstitutionMap[] = [];
  for (const { file, object } of objects) {
    const metadata = field(object, "metadata");
    const name = stringField(metadata, "name");
    if (field(object, "kind") !== "ConfigMap" || name === undefined) continue;
    if (names !== undefined && !names.includes(name)) continue;
    const data = field(object, "data");
    const vars: Record<string, string> = {};
    // Flux drops the newlines of a value, as it does for postBuild.substitute (deployed-dirs.ts).
    if (isRecord(data))
      for (const [key, value] of Object.entries(data))
        if (typeof value === "string" && VARIABLE_NAME.test(key)) vars[key] = value.replaceAll("\n", "");
    maps.push({ file, name, namespace: stringField(metadata, "namespace"), vars });
  }
  return maps;
}

/** The names of the ConfigMaps the deployments substitute from (at head, and at base where set). */
export function substitutionMapNames(deployments: readonly Deployment[]): string[] {
  const names = new Set<string>();
  for (const d of deployments)
    for (const s of [d.settings, d.atBase?.settings])
      for (const ref of s?.substitute?.from ?? []) if (ref.kind === "ConfigMap") names.add(ref.name);
  return [...names];
}

/** Each deployment with the variables of the maps it substitutes from (its head settings). */
export function withRepositoryMaps(
  deployments: readonly Deployment[],
  maps: readonly SubstitutionMap[],
  defaultNamespace: string,
): Deployment[] {
  return deployments.map((d) => {
    const { settings } = resolvedSettings(d.settings, maps, d.file, defaultNamespace);
    return settings === d.settings ? d : { ...d, settings };
  });
}

/**
 * The settings with the variables of the maps found for them, and those maps; keepUnknown stays
 * only where a source was not read (a Secret, a map not found), as Flux leaves nothing unknown.
 */
export function resolvedSettings(
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
