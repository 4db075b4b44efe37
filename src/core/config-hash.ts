// The value of `config-rollout.io/config-hash`: one key-precise function shared by the live
// annotation strategy (which patches it onto the cluster) and `config-rollout stamp` (which writes
// it into the manifests), so both give the same value for the same content and a team moving from
// one to the other rolls nothing twice.
//
// Key-precise: the hash covers exactly what the pods read. A `configMapKeyRef`/`secretKeyRef` or a
// volume with `items` reads the listed keys; `envFrom` and a whole-volume (or projected) mount read
// every key. A workload that reads only DB_HOST keeps its value when only LOG_LEVEL changes.
//
// Keying: with a key (--hash-key) the hash is an HMAC-SHA256 in both places. Without one, a value
// that covers only ConfigMaps is a plain SHA-256 of the committed content; a value that covers a
// Secret is never unkeyed (anyone who may read Deployments could test guesses of a weak password
// against it offline): it is an HMAC keyed with the UIDs of the Secrets it covers, which only the
// cluster knows (the live strategy reads them), and undefined where they are not known (the stamp,
// which then refuses to stamp that workload without --hash-key). Only configs defined in the
// repository are covered: the caller passes their contents; a consumed config missing from
// `contents` is left out.

import { createHash, createHmac } from "node:crypto";
import { canonicalJson } from "./config-content.js";
import { type ConsumedConfig, readContent } from "./consumed-configs.js";
import { type ConfigContent, idKey, type ObjectId } from "./model.js";
import { compareStrings } from "./order.js";

/**
 * The config-hash value: SHA-256 (HMAC-SHA256 with `key`) of canonical JSON of each consumed
 * config's id and the content it reads, hex. `contents` holds the configs defined in the
 * repository by idKey; the others are not covered. Undefined when nothing consumed is covered, and
 * when a covered Secret has neither `key` nor a UID from `secretUid` (see uidKey).
 */
export function configHash(
  consumed: readonly ConsumedConfig[],
  contents: ReadonlyMap<string, ConfigContent>,
  key?: Buffer,
  secretUid?: (id: ObjectId) => string | undefined,
): string | undefined {
  const entries: string[] = [];
  const secrets: ObjectId[] = [];
  for (const { id, keys } of consumed) {
    const content = contents.get(idKey(id));
    if (content === undefined) continue;
    if (id.kind === "Secret") secrets.push(id);
    const ident = { kind: id.kind, namespace: id.namespace, name: id.name };
    entries.push(canonicalJson({ id: ident, content: readContent(content, keys) }));
  }
  if (entries.length === 0) return undefined;
  let hmacKey = key;
  if (hmacKey === undefined && secrets.length > 0) {
    hmacKey = uidKey(secrets, secretUid);
    if (hmacKey === undefined) return undefined;
  }
  const payload = `[${entries.sort(compareStrings).join(",")}]`;
  const hash = hmacKey === undefined ? createHash("sha256") : createHmac("sha256", hmacKey);
  return hash.update(payload, "utf8").digest("hex");
}

/**
 * The configs of a workload that GitOps objects place in several namespaces
 * (`namespaceByDeployment`), named without the namespace: its folder holds one stamp for all of
 * them, and its configs are in the workload's namespace, whichever that is. What configHash then
 * hashes is the same in every namespace, and stays the same when the folder goes into one more.
 */
export function namespaceFree(
  consumed: readonly ConsumedConfig[],
  contents: ReadonlyMap<string, ConfigContent>,
): { consumed: ConsumedConfig[]; contents: Map<string, ConfigContent> } {
  const free = new Map<string, ConfigContent>();
  const named = consumed.map((c) => {
    const id = { ...c.id, namespace: "" };
    const content = contents.get(idKey(c.id));
    if (content !== undefined) free.set(idKey(id), content);
    return { ...c, id };
  });
  return { consumed: named, contents: free };
}

/** Hex digits of each config's digest in the digests annotation (40 bits: a change shows, a guess does not). */
const DIGEST_LENGTH = 10;

/**
 * Per covered config, a short digest of what the workload reads of it, keyed exactly as the hash
 * is (so a Secret's digest is never a plain hash of its value): `Kind/name` -> 10 hex digits.
 * Undefined when the hash itself would be (a covered Secret with neither key nor UID).
 */
export function configDigests(
  consumed: readonly ConsumedConfig[],
  contents: ReadonlyMap<string, ConfigContent>,
  key?: Buffer,
  secretUid?: (id: ObjectId) => string | undefined,
): Map<string, string> | undefined {
  const digests = new Map<string, string>();
  for (const config of consumed) {
    if (!contents.has(idKey(config.id))) continue;
    const hash = configHash([config], contents, key, secretUid);
    if (hash === undefined) return undefined;
    digests.set(`${config.id.kind}/${config.id.name}`, hash.slice(0, DIGEST_LENGTH));
  }
  return digests;
}

/** The annotation's text: `Kind/name=digest` sorted, comma-separated. */
export function formatDigests(digests: ReadonlyMap<string, string>): string {
  return [...digests]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([config, digest]) => `${config}=${digest}`)
    .join(",");
}

/** More entries than any pod template reads: the annotation was not written by config-rollout. */
const MAX_DIGESTS = 1000;
const DIGEST_ENTRY = new RegExp(
  `^(ConfigMap|Secret)/([a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?)=([0-9a-f]{${DIGEST_LENGTH}})$`,
);

/**
 * The annotation read back, or undefined when it is not what formatDigests writes (an entry that is
 * not `Kind/name=digest`, a name twice, too many entries): such digests say nothing.
 */
export function parseDigests(text: string): Map<string, string> | undefined {
  const digests = new Map<string, string>();
  if (text.trim() === "") return digests;
  const entries = text.split(",");
  if (entries.length > MAX_DIGESTS) return undefined;
  for (const entry of entries) {
    const match = DIGEST_ENTRY.exec(entry.trim());
    const config = match && `${match[1]}/${match[2]}`;
    if (!config || digests.has(config)) return undefined;
    digests.set(config, match[3]!);
  }
  return digests;
}

/** The Secrets among `consumed` whose content the value covers (defined in `contents`). */
export function coveredSecrets(
  consumed: readonly ConsumedConfig[],
  contents: ReadonlyMap<string, ConfigContent>,
): ObjectId[] {
  return consumed.filter((c) => c.id.kind === "Secret" && contents.has(idKey(c.id))).map((c) => c.id);
}

/**
 * The key of a value that covers Secrets when no --hash-key is given: their cluster UIDs, in id
 * order. A reader of the workload does not see them (a Secret's UID is read with the Secret), and
 * they stay the same while the Secret does, so a rerun finds the same value. Undefined when a UID
 * is unknown.
 */
function uidKey(
  secrets: readonly ObjectId[],
  secretUid: ((id: ObjectId) => string | undefined) | undefined,
): Buffer | undefined {
  const uids: string[] = [];
  for (const id of [...secrets].sort((a, b) => compareStrings(idKey(a), idKey(b)))) {
    const uid = secretUid?.(id);
    if (!uid) return undefined;
    uids.push(`${idKey(id)}=${uid}`);
  }
  return Buffer.from(`config-rollout secret uids:${uids.join(",")}`, "utf8");
}
