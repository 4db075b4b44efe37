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

function controllerUid(obj: KubeObject): string | undefined {
  const refs = valueAt(obj, "metadata", "ownerReferences");
  const ref = Array.isArray(refs) ? refs.find((r) => isRecord(r) && r.controller === true) : undefined;
  return isRecord(ref) && typeof ref.uid === "string" ? ref.uid : undefined;
}

/**
 * Objects of one resource by the uid of their controller, kept current from store events, so
 * a controller finds what it owns without listing (and cloning) the whole namespace.
 */
export class OwnerIndex {
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly ownerOf = new Map<string, string>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: Store,
    private readonly resource: string,
  ) {
    for (const obj of store.list(resource)) this.index(obj, false);
    this.unsubscribe = store.subscribe((event) => {
      if (event.resource === resource) this.index(event.object, event.type === "DELETED");
    });
  }

  /** The objects controlled by `ownerUid`, sorted by name. */
  owned(ownerUid: string): KubeObject[] {
    const keys = [...(this.byOwner.get(ownerUid) ?? [])].sort();
    return keys.flatMap((key) => {
      const [namespace = "", name = ""] = key.split("/");
      const obj = this.store.get(this.resource, namespace, name);
      return obj ? [obj] : [];
    });
  }

  close(): void {
    this.unsubscribe();
  }

  private index(obj: KubeObject, deleted: boolean): void {
    const key = `${stringAt(obj, "metadata", "namespace") ?? ""}/${stringAt(obj, "metadata", "name") ?? ""}`;
    const before = this.ownerOf.get(key);
    if (before !== undefined) {
      this.byOwner.get(before)?.delete(key);
      if (this.byOwner.get(before)?.size === 0) this.byOwner.delete(before);
      this.ownerOf.delete(key);
    }
    const uid = deleted ? undefined : controllerUid(obj);
    if (uid === undefined) return;
    this.ownerOf.set(key, uid);
    let keys = this.byOwner.get(uid);
    if (!keys) {
      keys = new Set();
      this.byOwner.set(uid, keys);
    }
    keys.add(key);
  }
}
