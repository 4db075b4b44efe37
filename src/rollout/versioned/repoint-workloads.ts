// The versioned strategy's restart: each planned workload is repointed to the copies in one patch.
// Also the plan's view of the cluster (a workload on a copy consumes its source) and the patch
// that repoints a failed workload back (rollback.ts).

import { CONFIG_KINDS } from "../../core/kinds/api-kinds.js";
import { podSpecAt, withPodSpec } from "../../core/kinds/pod-template.js";
import { type RestartableKind, workloadKindOf } from "../../core/kinds/workload-kinds.js";
import { idKey, type Manifest, type ObjectId } from "../../core/model.js";
import type { RestartStep } from "../strategy/restart-strategy.js";
import { copySourceOf } from "./config-copy.js";
import { type ManagedCopies, nameOf, type SourceCopy } from "./copies.js";
import {
  type ReferenceSite,
  type Repointed,
  referenceSites,
  repointMergePatch,
  repointPodSpec,
  repointStrategicPatch,
  type SiteChange,
} from "./repoint.js";

type Plain = Record<string, unknown>;

/** The step that sends a repointing, as the kind takes patches. */
export function repointStep(live: Plain, kind: RestartableKind, repointed: Repointed): RestartStep {
  const type = kind.restart.patch;
  const patch =
    type === "strategic-merge"
      ? repointStrategicPatch(repointed, kind.templatePath)
      : repointMergePatch(repointed, live, kind.templatePath);
  return { patch, type, describe: describeChanges(repointed.changes) };
}

/** The copies by the names a reference may have now, per namespace: built once, read per workload. */
export interface CopyIndex {
  /** `Kind/namespace/name` of a source or an older copy of it -> the name of its copy. */
  renameTo: Map<string, string>;
  /** Per namespace, the copies as `Kind/name`. */
  copiesIn: Map<string, Set<string>>;
}

export function indexCopies(copies: readonly SourceCopy[]): CopyIndex {
  const renameTo = new Map<string, string>();
  const copiesIn = new Map<string, Set<string>>();
  for (const { copy, older } of copies) {
    const { source } = copy;
    renameTo.set(idKey(source), copy.name);
    for (const name of older.keys()) renameTo.set(idKey({ ...source, name }), copy.name);
    const names = copiesIn.get(source.namespace) ?? new Set<string>();
    names.add(`${source.kind}/${copy.name}`);
    copiesIn.set(source.namespace, names);
  }
  return { renameTo, copiesIn };
}

/**
 * Repoint one live workload to the copies: every reference to a source (or to an older copy of it)
 * names its copy. Returns what changed, or why nothing needs to.
 */
export function repointToCopies(
  id: ObjectId,
  live: Plain,
  kind: RestartableKind,
  index: CopyIndex,
): { repointed: Repointed } | { unchanged: string } {
  const rename = (site: ReferenceSite) =>
    index.renameTo.get(idKey({ kind: site.configKind, namespace: id.namespace, name: site.name }));
  const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), rename);
  if (repointed.changes.length > 0) return { repointed };
  const wanted = index.copiesIn.get(id.namespace) ?? new Set<string>();
  const named = [
    ...new Set(
      referenceSites(podSpecAt(live, kind.templatePath))
        .filter((site) => wanted.has(`${site.configKind}/${site.name}`))
        .map((site) => site.name),
    ),
  ];
  return {
    unchanged:
      named.length > 0
        ? `pod template already names ${named.join(", ")}`
        : "its live pod template names none of the changed configs: nothing to repoint",
  };
}

/** A live workload with each site naming a failed copy (`Kind/name`) renamed: the rollback's patch. */
export function repointTo(
  live: Plain,
  kind: RestartableKind,
  rename: ReadonlyMap<string, string>,
): RestartStep {
  const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), (site) =>
    rename.get(`${site.configKind}/${site.name}`),
  );
  if (repointed.changes.length === 0) return { unchanged: "its pod template no longer names the new copies" };
  return repointStep(live, kind, repointed);
}

/** The cluster's workloads as the plan reads them: a reference to a managed copy is one to its source. */
export async function asSources(workloads: Manifest[], managedCopies: ManagedCopies): Promise<Manifest[]> {
  const sourceOf = new Map<string, string>();
  for (const namespace of new Set(workloads.map((w) => w.id.namespace))) {
    for (const { kind } of CONFIG_KINDS) {
      for (const copy of await managedCopies(namespace, kind)) {
        const source = copySourceOf(copy);
        if (source) sourceOf.set(idKey({ kind, namespace, name: nameOf(copy) }), source);
      }
    }
  }
  if (sourceOf.size === 0) return workloads;
  return workloads.map((manifest) => {
    const kind = workloadKindOf(manifest.object);
    if (!kind) return manifest;
    const { namespace } = manifest.id;
    const repointed = repointPodSpec(podSpecAt(manifest.object, kind.templatePath), (site) =>
      sourceOf.get(idKey({ kind: site.configKind, namespace, name: site.name })),
    );
    if (repointed.changes.length === 0) return manifest;
    return { ...manifest, object: withPodSpec(manifest.object, kind.templatePath, repointed.spec) };
  });
}

/** `configmap app-config → app-config-1a2b3c4d5e`, one per distinct rename. */
export function describeChanges(
  changes: ReadonlyArray<Pick<SiteChange, "configKind" | "name" | "to">>,
): string {
  const distinct = new Set(changes.map((c) => `${c.configKind.toLowerCase()} ${c.name} → ${c.to}`));
  return [...distinct].join(", ");
}
