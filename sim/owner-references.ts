// Controller ownerReferences and the writes a controller makes to objects it owns (straight
// to the store, as a controller's API writes would land: new uid, generation, watch events).
import { randomUUID } from "node:crypto";
import { clone, deepEqual, isRecord, numberAt, stringAt, valueAt } from "./json.js";
import type { Store } from "./store.js";
import type { KubeObject } from "./types.js";

export function controllerRef(owner: KubeObject): Record<string, unknown> {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: stringAt(owner, "metadata", "name"),
    uid: stringAt(owner, "metadata", "uid"),
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** Whether `obj` has a controller ownerReference to the object with this uid. */
export function isControlledBy(obj: KubeObject, ownerUid: string): boolean {
  const refs = valueAt(obj, "metadata", "ownerReferences");
  return Array.isArray(refs) && refs.some((r) => isRecord(r) && r.controller === true && r.uid === ownerUid);
}

export function now(): string {
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

/** Create `obj` (uid, creationTimestamp, generation 1) or, when it exists, write it if it changed. */
export function writeOwned(store: Store, resource: string, obj: KubeObject, existing?: KubeObject): void {
  const next = clone(obj);
  const metadata = next.metadata as Record<string, unknown>;
  if (!existing) {
    metadata.uid = randomUUID();
    metadata.creationTimestamp = now();
    if (next.spec !== undefined) metadata.generation = 1;
    observe(next);
    store.write(resource, next);
    return;
  }
  const before = existing.metadata as Record<string, unknown>;
  for (const key of ["uid", "creationTimestamp", "resourceVersion", "managedFields"]) {
    if (before[key] !== undefined) metadata[key] = before[key];
  }
  const generation = numberAt(existing, "metadata", "generation");
  if (generation !== undefined) {
    metadata.generation = deepEqual(existing.spec, next.spec) ? generation : generation + 1;
  }
  observe(next);
  if (!deepEqual(existing, next)) store.write(resource, next);
}

/** The owner's controller has seen the generation it wrote (status.observedGeneration). */
function observe(obj: KubeObject): void {
  const generation = numberAt(obj, "metadata", "generation");
  if (generation !== undefined && isRecord(obj.status)) obj.status.observedGeneration = generation;
}

/** The number in an annotation or field ("3" or 3), 0 when absent. */
export function revisionNumber(value: unknown): number {
  const parsed = typeof value === "number" ? value : Number(value ?? 0);
  return Number.isFinite(parsed) ? parsed : 0;
}
