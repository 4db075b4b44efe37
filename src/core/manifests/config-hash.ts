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
import type { ConfigContent } from "../model.js";
import { idKey } from "../model.js";
import { canonicalJson } from "./config-content.js";
import { type ConsumedConfig, readContent } from "./consumed-keys.js";
import { compareStrings } from "./order.js";

export { type ConsumedConfig, consumedKeys } from "./consumed-keys.js";

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
