// Object storage with one global resourceVersion counter and a bounded event history, so a
// watch can resume from an old resourceVersion (or learn with 410 that it is too old).
import { clone, stringAt } from "./json.js";
import type { KubeObject } from "./types.js";

export type EventType = "ADDED" | "MODIFIED" | "DELETED";

export interface StoredEvent {
  type: EventType;
  resource: string;
  rv: number;
  object: KubeObject;
  /** The object before this change (MODIFIED, DELETED). */
  previous?: KubeObject;
}

export type Listener = (event: StoredEvent) => void;

const HISTORY_LIMIT = 5000;

export class Store {
  private rv = 1000;
  /** resource -> "namespace/name" -> object (namespace "" for cluster-scoped). */
  private readonly objects = new Map<string, Map<string, KubeObject>>();
  private history: StoredEvent[] = [];
  /** Every event with rv > compactedRv is still in history. */
  private compactedRv = 1000;
  private readonly listeners = new Set<Listener>();

  currentRv(): number {
    return this.rv;
  }

  get(resource: string, namespace: string, name: string): KubeObject | undefined {
    const found = this.objects.get(resource)?.get(`${namespace}/${name}`);
    return found ? clone(found) : undefined;
  }

  /** Objects of a resource sorted by namespace then name, like the real server's etcd key order. */
  list(resource: string, namespace?: string): KubeObject[] {
    const entries = [...(this.objects.get(resource)?.entries() ?? [])].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return entries
      .filter(([, obj]) => namespace === undefined || stringAt(obj, "metadata", "namespace") === namespace)
      .map(([, obj]) => clone(obj));
  }

  /** Store `obj` under a new resourceVersion (set on the stored copy, returned) and emit an event. */
  write(resource: string, obj: KubeObject): KubeObject {
    const key = keyOf(obj);
    const bucket = this.bucket(resource);
    const previous = bucket.get(key);
    const stored = clone(obj);
    this.rv++;
    (stored.metadata as Record<string, unknown>).resourceVersion = String(this.rv);
    bucket.set(key, stored);
    this.emit({ type: previous ? "MODIFIED" : "ADDED", resource, rv: this.rv, object: stored, previous });
    return clone(stored);
  }

  remove(resource: string, namespace: string, name: string): KubeObject | undefined {
    const bucket = this.bucket(resource);
    const key = `${namespace}/${name}`;
    const previous = bucket.get(key);
    if (!previous) return undefined;
    bucket.delete(key);
    this.rv++;
    const gone = clone(previous);
    (gone.metadata as Record<string, unknown>).resourceVersion = String(this.rv);
    this.emit({ type: "DELETED", resource, rv: this.rv, object: gone, previous });
    return clone(gone);
  }

  /** Events after `rv`, or "expired" when history no longer reaches back that far. */
  eventsSince(rv: number): StoredEvent[] | "expired" {
    if (rv < this.compactedRv) return "expired";
    return this.history.filter((e) => e.rv > rv);
  }

  /** Forget all history: a watch from any resourceVersion older than now gets 410 Gone. */
  compact(): void {
    this.history = [];
    this.compactedRv = this.rv;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private bucket(resource: string): Map<string, KubeObject> {
    let bucket = this.objects.get(resource);
    if (!bucket) {
      bucket = new Map();
      this.objects.set(resource, bucket);
    }
    return bucket;
  }

  private emit(event: StoredEvent): void {
    this.history.push(event);
    if (this.history.length > HISTORY_LIMIT) {
      const dropped = this.history.splice(0, this.history.length - HISTORY_LIMIT);
      this.compactedRv = dropped[dropped.length - 1]?.rv ?? this.compactedRv;
    }
    for (const listener of this.listeners) listener(event);
  }
}

function keyOf(obj: KubeObject): string {
  return `${stringAt(obj, "metadata", "namespace") ?? ""}/${stringAt(obj, "metadata", "name") ?? ""}`;
}
