// Which definition of a config a workload definition reads, when raw files define the config more
// than once: per-cluster folders (`clusters/dev/`, `clusters/prod/`) each holding their own
// ConfigMap beside their own Deployment. One rule, used by `stamp` and `stamp --check`
// (stamp/deployment-units.ts), by the plan's choice of the workload definition it follows
// (source-variants.ts) and by every hash a run computes (--strategy annotation and gitops, the plan
// file: rollout/strategy/restart-hash.ts), so no two of them expect different values:
//
// - a definition in a folder a GitOps object deploys (a deployment unit, scan/gitops/deployed-dirs.ts)
//   is read only by the workloads of that unit: another unit's definition is another deployment's;
// - of the definitions left, the one closest to the workload's file in the tree (the most folders in
//   common), the last in path order among equally close ones: `clusters/dev/web.yaml` reads
//   `clusters/dev/cfg.yaml`; one tree applied whole (`kubectl apply -R -f`) keeps the last workload
//   definition, which reads its own folder's config as well;
// - none left: the last definition in path order (what `kubectl apply -R -f` leaves).
//
// Pure.
import type { ConfigSnapshot, HeadConfig } from "../../core/model.js";
import { compareStrings } from "../../core/order.js";

/** The deepest deployed folder holding the file; undefined when none does (the root does not count). */
export function deploymentUnitOf(file: string, deployedDirs: readonly string[]): string | undefined {
  let unit: string | undefined;
  for (const dir of deployedDirs) {
    if (dir === "" || !file.startsWith(`${dir}/`)) continue;
    if (unit === undefined || dir.length > unit.length) unit = dir;
  }
  return unit;
}

/** The definition (of one config) that a workload written in `workloadFile` reads; `definitions` is not empty. */
export function configDefinitionFor<T extends { file: string; line?: number }>(
  workloadFile: string,
  definitions: readonly T[],
  deployedDirs: readonly string[],
): T {
  const ordered = [...definitions].sort(
    (a, b) => compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
  const unit = deploymentUnitOf(workloadFile, deployedDirs);
  const readable = ordered.filter((d) => {
    const own = deploymentUnitOf(d.file, deployedDirs);
    return own === undefined || own === unit;
  });
  if (readable.length === 0) return ordered[ordered.length - 1]!;
  const folders = workloadFile.split("/").slice(0, -1);
  const closeness = (file: string) => {
    const other = file.split("/").slice(0, -1);
    let common = 0;
    while (common < folders.length && common < other.length && folders[common] === other[common]) common++;
    return common;
  };
  let chosen = readable[0]!;
  for (const d of readable) if (closeness(d.file) >= closeness(chosen.file)) chosen = d;
  return chosen;
}

/** Of a config committed at head, the definition a workload written in `workloadFile` reads. */
export function headConfigReadBy(config: HeadConfig, workloadFile: string | undefined): ConfigSnapshot {
  if (config.folders === undefined || !workloadFile) return config.snapshot;
  return configDefinitionFor(workloadFile, config.folders.definitions, config.folders.deployedDirs);
}

/** Whether `workloadFile` reads a definition chosen by its folder (not only by path order) when they differ. */
export function readsOwnFolders(
  workloadFile: string,
  definitions: readonly { file: string }[],
  deployedDirs: readonly string[],
): boolean {
  const chosen = configDefinitionFor(workloadFile, definitions, deployedDirs);
  const folder = (file: string) => file.split("/").slice(0, -1).join("/");
  const unit = deploymentUnitOf(workloadFile, deployedDirs);
  return (
    (unit !== undefined && deploymentUnitOf(chosen.file, deployedDirs) === unit) ||
    (folder(chosen.file) !== "" && workloadFile.startsWith(`${folder(chosen.file)}/`))
  );
}
