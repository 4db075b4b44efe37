// Which configs a workload consumes: every ConfigMap and Secret (same namespace) that the pod
// template it runs references. What the restart hash covers and what must be on the cluster
// before a restart both come from here.

import { findReferences } from "./config-references.js";
import { type ConsumedConfig, consumedKeys } from "./consumed-keys.js";
import { runningPodTemplateOf } from "./kinds/workload-kinds.js";
import { idKey, type Manifest, type ObjectId, type PlannedWorkload } from "./model.js";

/**
 * The configs (same namespace) that the pod template a workload runs references, deduplicated;
 * `manifests` (by idKey) resolve a template run from another object (Argo's workloadRef).
 */
export function consumedConfigIds(workload: Manifest, manifests: Map<string, Manifest>): ObjectId[] {
  const template = runningPodTemplateOf(workload.object, (id) => manifests.get(idKey(id))?.object);
  if (!template) return [];
  const ids = new Map<string, ObjectId>();
  for (const ref of findReferences(template.spec)) {
    const id = { kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName };
    ids.set(idKey(id), id);
  }
  return [...ids.values()];
}

/** What a planned workload consumes: from its definition when we have it, else from its plan references. */
export function consumedBy(workload: PlannedWorkload, manifests: Map<string, Manifest>): ObjectId[] {
  const manifest = manifests.get(idKey(workload.id));
  const consumed = manifest ? consumedConfigIds(manifest, manifests) : [];
  return consumed.length > 0 ? consumed : workload.references.map((r) => r.config);
}

/**
 * What a workload reads, key-precise, for the config hash: from its pod template when its
 * definition is known, else (a live-only workload) from the plan's references.
 */
export function consumedKeysOf(
  workload: PlannedWorkload,
  manifests: Map<string, Manifest>,
): ConsumedConfig[] {
  const manifest = manifests.get(idKey(workload.id));
  if (manifest) {
    const template = runningPodTemplateOf(manifest.object, (id) => manifests.get(idKey(id))?.object);
    const refs = template ? findReferences(template.spec) : [];
    if (refs.length > 0) return consumedKeys(refs, workload.id.namespace);
  }
  return consumedKeys(workload.references, workload.id.namespace);
}
