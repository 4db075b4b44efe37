// One object, two folders: per-cluster folders (`clusters/dev/`, `clusters/prod/`) that each define
// the same ConfigMap and Deployment, deployed by separate Argo CD Applications or Flux Kustomizations.
// Each folder is its own deployment: dev's Deployment runs with dev's ConfigMap, so its stamp must
// hash dev's content, not whichever definition comes last in path order. A folder counts as a
// deployment when a GitOps object of the repository deploys it (scan/sources/deployed-dirs.ts);
// a workload outside every such folder, or consuming a config its folder does not define, uses
// the last definition in path order (what `kubectl apply -R -f` leaves), and when the definitions
// differ the stamp says which one it used and names the others. Pure.

import { type ConfigContent, idKey, type Manifest, type ObjectId } from "../core/model.js";
import { configContentOf, isConfigManifest } from "../scan/manifests/config-content.js";

/** The deepest deployed folder holding the file; undefined when none does (the root does not count). */
export function deploymentUnitOf(file: string, deployedDirs: readonly string[]): string | undefined {
  let unit: string | undefined;
  for (const dir of deployedDirs) {
    if (dir === "" || !file.startsWith(`${dir}/`)) continue;
    if (unit === undefined || dir.length > unit.length) unit = dir;
  }
  return unit;
}

export interface UnitConfigs {
  /** The config contents a workload's stamp hashes: its folder's own first, the last definition otherwise. */
  contentsFor(workload: Pick<Manifest, "file">): ReadonlyMap<string, ConfigContent>;
  /** For a stamped workload, the configs it covers that other folders define differently. */
  ambiguities(workload: Pick<Manifest, "id" | "file">, covers: readonly ObjectId[]): string[];
}

export function unitConfigs(manifests: readonly Manifest[], deployedDirs: readonly string[]): UnitConfigs {
  const definitions = new Map<string, Array<{ file: string; content: ConfigContent; unit?: string }>>();
  const global = new Map<string, ConfigContent>();
  const byUnit = new Map<string, Map<string, ConfigContent>>();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const key = idKey(m.id);
    const content = configContentOf(m).content;
    const unit = deploymentUnitOf(m.file, deployedDirs);
    global.set(key, content);
    if (unit !== undefined) {
      if (!byUnit.has(unit)) byUnit.set(unit, new Map());
      byUnit.get(unit)!.set(key, content);
    }
    if (!definitions.has(key)) definitions.set(key, []);
    definitions.get(key)!.push({ file: m.file, content, ...(unit !== undefined ? { unit } : {}) });
  }
  const merged = new Map<string, ReadonlyMap<string, ConfigContent>>();
  const contentsFor = (workload: Pick<Manifest, "file">) => {
    const unit = deploymentUnitOf(workload.file, deployedDirs);
    const own = unit === undefined ? undefined : byUnit.get(unit);
    if (unit === undefined || own === undefined) return global;
    if (!merged.has(unit)) merged.set(unit, new Map([...global, ...own]));
    return merged.get(unit)!;
  };
  const ambiguities = (workload: Pick<Manifest, "id" | "file">, covers: readonly ObjectId[]) => {
    const unit = deploymentUnitOf(workload.file, deployedDirs);
    const notes: string[] = [];
    for (const config of covers) {
      const defs = definitions.get(idKey(config)) ?? [];
      const distinct = new Set(defs.map((d) => canonical(d.content)));
      if (distinct.size < 2) continue;
      if (unit !== undefined && defs.some((d) => d.unit === unit)) continue;
      const used = defs[defs.length - 1]!;
      const others = defs.filter((d) => d !== used).map((d) => d.file);
      notes.push(
        `${shortId(workload.id)} (${workload.file}) is stamped with ${shortId(config)} as ${used.file} defines it (the last in path order), but ${others.join(", ")} define${others.length === 1 ? "s" : ""} it differently: if those folders are deployed separately, an Argo CD Application or Flux Kustomization per folder in the repository makes stamp hash each folder's workloads with that folder's configs`,
      );
    }
    return notes;
  };
  return { contentsFor, ambiguities };
}

function shortId(id: ObjectId): string {
  return `${id.kind.toLowerCase()}/${id.name}`;
}

function canonical(content: ConfigContent): string {
  return JSON.stringify(
    Object.keys(content)
      .sort()
      .map((key) => [key, content[key]]),
  );
}
