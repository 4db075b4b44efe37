// Which configs a workload consumes: every ConfigMap and Secret (same namespace) that the pod
// template it runs references, and what it reads of each, key-precise. What the restart hash
// covers (config-hash.ts) and what must be on the cluster before a restart both come from here.

import { findReferences } from "./config-references.js";
import { runningPodTemplateOf } from "./kinds/workload-kinds.js";
import {
  type ConfigContent,
  type ConfigKind,
  type ConfigReference,
  idKey,
  type Manifest,
  type ObjectId,
  type PlannedWorkload,
} from "./model.js";
import { compareStrings } from "./order.js";

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

/** One consumed config and the keys the workload reads from it. */
export interface ConsumedConfig {
  id: ObjectId & { kind: ConfigKind };
  keys: string[] | "all";
}

/** A pod template's references (same namespace) merged per config: the union of the keys read. */
export function consumedKeys(
  references: ReadonlyArray<Pick<ConfigReference, "configKind" | "configName" | "keys">>,
  namespace: string,
): ConsumedConfig[] {
  const byConfig = new Map<string, ConsumedConfig>();
  for (const ref of references) {
    const id = { kind: ref.configKind, namespace, name: ref.configName };
    const known = byConfig.get(idKey(id));
    if (!known) {
      byConfig.set(idKey(id), { id, keys: ref.keys === "all" ? "all" : [...ref.keys] });
    } else if (known.keys !== "all") {
      known.keys = ref.keys === "all" ? "all" : [...new Set([...known.keys, ...ref.keys])];
    }
  }
  return [...byConfig.values()].sort((a, b) => compareStrings(idKey(a.id), idKey(b.id)));
}

/** The part of `content` that `keys` reads (absent keys are simply absent). */
export function readContent(content: ConfigContent, keys: string[] | "all"): ConfigContent {
  if (keys === "all") return content;
  const read: ConfigContent = {};
  for (const key of [...keys].sort(compareStrings)) {
    if (Object.hasOwn(content, key)) {
      Object.defineProperty(read, key, { value: content[key], enumerable: true, writable: true });
    }
  }
  return read;
}
