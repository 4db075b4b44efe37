// One object, two folders: per-cluster folders (`clusters/dev/`, `clusters/prod/`) that each define
// the same ConfigMap and Deployment. Each workload definition is stamped with the config definitions
// it reads by the one rule the plan and --strategy gitops use too (scan/gitops/folder-definitions.ts):
// its own folder's (its deployed folder's when a GitOps object deploys it), else the last in path
// order; when the definitions differ and the rule could only go by path order, the stamp says which
// one it used and names the others. Pure.

import { canonicalJson, configContentOf, isConfigManifest } from "../core/config-content.js";
import { type ConfigContent, idKey, type Manifest, type ObjectId, shortId } from "../core/model.js";
import { configDefinitionFor, readsOwnFolders } from "../scan/gitops/folder-definitions.js";

export interface UnitConfigs {
  /** The config contents a workload's stamp hashes: for each config, the definition its file reads. */
  contentsFor(workload: Pick<Manifest, "file">): ReadonlyMap<string, ConfigContent>;
  /** For a stamped workload, the configs it covers that other folders define differently. */
  ambiguities(workload: Pick<Manifest, "id" | "file">, covers: readonly ObjectId[]): string[];
}

interface Definition {
  file: string;
  line: number;
  content: ConfigContent;
}

export function unitConfigs(manifests: readonly Manifest[], deployedDirs: readonly string[]): UnitConfigs {
  const definitions = new Map<string, Definition[]>();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const key = idKey(m.id);
    definitions.set(key, [
      ...(definitions.get(key) ?? []),
      { file: m.file, line: m.line, content: configContentOf(m).content },
    ]);
  }
  // A config defined once is read as it is by every file: one map for those, shared.
  const once = new Map<string, ConfigContent>();
  const several: Array<[string, Definition[]]> = [];
  for (const [key, defs] of definitions) {
    if (defs.length === 1) once.set(key, defs[0]!.content);
    else several.push([key, defs]);
  }
  const byFile = new Map<string, ReadonlyMap<string, ConfigContent>>();
  const contentsFor = (workload: Pick<Manifest, "file">) => {
    if (several.length === 0) return once;
    let contents = byFile.get(workload.file);
    if (contents === undefined) {
      contents = new Map([
        ...once,
        ...several.map(
          ([key, defs]) => [key, configDefinitionFor(workload.file, defs, deployedDirs).content] as const,
        ),
      ]);
      byFile.set(workload.file, contents);
    }
    return contents;
  };
  const ambiguities = (workload: Pick<Manifest, "id" | "file">, covers: readonly ObjectId[]) => {
    const notes: string[] = [];
    for (const config of covers) {
      const defs = definitions.get(idKey(config)) ?? [];
      if (new Set(defs.map((d) => canonicalJson(d.content))).size < 2) continue;
      if (readsOwnFolders(workload.file, defs, deployedDirs)) continue;
      const used = configDefinitionFor(workload.file, defs, deployedDirs);
      const others = defs.filter((d) => d !== used).map((d) => d.file);
      notes.push(
        `${shortId(workload.id)} (${workload.file}) is stamped with ${shortId(config)} as ${used.file} defines it (none is in its own folder: the closest one, the last in path order among equally close ones), but ${others.join(", ")} define${others.length === 1 ? "s" : ""} it differently: if those folders are deployed separately, an Argo CD Application or Flux Kustomization per folder in the repository makes stamp hash each folder's workloads with that folder's configs`,
      );
    }
    return notes;
  };
  return { contentsFor, ambiguities };
}
