// The value of `config-rollout.io/config-hash`: one key-precise function shared by the live
// annotation strategy (which patches it onto the cluster) and `config-rollout stamp` (which writes
// it into the manifests), so both give the same value for the same content and a team moving from
// one to the other rolls nothing twice.
//
// Key-precise: the hash covers exactly what the pods read. A `configMapKeyRef`/`secretKeyRef` or a
// volume with `items` reads the listed keys; `envFrom` and a whole-volume (or projected) mount read
// every key. A workload that reads only DB_HOST keeps its value when only LOG_LEVEL changes.
//
// Keying: with a key (--hash-key) the hash is an HMAC-SHA256 in both places; without one it is a
// plain SHA-256 of the committed content. It never depends on the cluster (no UIDs), because the
// stamp must compute it from the work tree alone. Only configs defined in the repository are
// covered: the caller passes their contents; a consumed config missing from `contents` is left out.

import { createHash, createHmac } from "node:crypto";
import type { ConfigContent, ConfigKind, ConfigReference, ObjectId } from "../model.js";
import { idKey } from "../model.js";
import { canonicalJson } from "./config-content.js";
import { compareStrings } from "./order.js";

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

/**
 * The config-hash value: SHA-256 (HMAC-SHA256 with `key`) of canonical JSON of each consumed
 * config's id and the content it reads, hex. `contents` holds the configs defined in the
 * repository by idKey; the others are not covered. Undefined when nothing consumed is covered.
 */
export function configHash(
  consumed: readonly ConsumedConfig[],
  contents: ReadonlyMap<string, ConfigContent>,
  key?: Buffer,
): string | undefined {
  const entries: string[] = [];
  for (const { id, keys } of consumed) {
    const content = contents.get(idKey(id));
    if (content === undefined) continue;
    const ident = { kind: id.kind, namespace: id.namespace, name: id.name };
    entries.push(canonicalJson({ id: ident, content: readContent(content, keys) }));
  }
  if (entries.length === 0) return undefined;
  const payload = `[${entries.sort(compareStrings).join(",")}]`;
  const hash = key === undefined ? createHash("sha256") : createHmac("sha256", key);
  return hash.update(payload, "utf8").digest("hex");
}
