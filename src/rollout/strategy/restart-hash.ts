// The annotation strategy's hash: the config-hash annotation value of each workload to restart,
// from the one key-precise function the stamp and `sync` use too (core/config-hash.ts).
// It covers what the workload reads of every config it consumes that exists: the content committed
// at head for the configs the repository defines (the cluster holds the same once applied, checked
// before any restart), the live content for the others (a Secret an operator writes) — so
// re-running on the same commit changes nothing (idempotent), and `config-rollout sync`, which
// hashes the same configs' live content, finds the same value on an unchanged cluster. The stamp
// (and --strategy gitops, which must match it) sees no cluster: it covers the repository's configs,
// each as the definition the workload's file reads when per-cluster folders define it each their
// own way (scan/gitops/folder-definitions.ts, the stamp's rule), and without the namespace of a
// workload GitOps objects place in several (computeStampHashes). Keyed (HMAC) with --hash-key when set (then nothing from the cluster goes
// into it, so the stamp computes the same value from the work tree). Without --hash-key a value
// that covers a Secret is keyed with the Secrets' UIDs (`secretUid`), never a plain SHA-256 of
// their content; without a UID (gitops, which must match the stamp) it is not computed.

import { consumedKeysOf } from "../../core/consumed-configs.js";
import {
  type ConfigContent,
  type HeadConfig,
  idKey,
  type Manifest,
  type ObjectId,
  type PlannedWorkload,
} from "../../core/model.js";
import { headConfigReadBy } from "../../scan/gitops/folder-definitions.js";

export async function computeRestartHashes(
  workloads: PlannedWorkload[],
  manifests: Map<string, Manifest>,
  headConfigs: Map<string, HeadConfig>,
  hashKey: string | undefined,
  secretUid?: (id: ObjectId) => string | undefined,
  /** Live content of consumed configs the repository does not define (the live strategy only). */
  liveContents: ReadonlyMap<string, ConfigContent> = new Map(),
  /** Content that replaces the head commit's (a rollback's: configs put back to the base commit). */
  replaced: ReadonlyMap<string, ConfigContent> = new Map(),
): Promise<Map<string, { hash: string; digests?: string }>> {
  return hashesOf(workloads, manifests, headConfigs, { hashKey, secretUid, liveContents, replaced });
}

/**
 * The values `stamp` writes (what --strategy gitops waits for): of the repository's configs only,
 * and, for a workload GitOps objects place in several namespaces, without the namespace (one value
 * for every namespace its folder is deployed into: core/config-hash.ts namespaceFree).
 */
export async function computeStampHashes(
  workloads: PlannedWorkload[],
  manifests: Map<string, Manifest>,
  headConfigs: Map<string, HeadConfig>,
  hashKey: string | undefined,
): Promise<Map<string, { hash: string; digests?: string }>> {
  return hashesOf(workloads, manifests, headConfigs, { hashKey, asStamped: true });
}

async function hashesOf(
  workloads: PlannedWorkload[],
  manifests: Map<string, Manifest>,
  headConfigs: Map<string, HeadConfig>,
  options: {
    hashKey: string | undefined;
    secretUid?: ((id: ObjectId) => string | undefined) | undefined;
    liveContents?: ReadonlyMap<string, ConfigContent>;
    replaced?: ReadonlyMap<string, ConfigContent>;
    asStamped?: boolean;
  },
): Promise<Map<string, { hash: string; digests?: string }>> {
  const { hashKey, secretUid, liveContents = new Map(), replaced = new Map() } = options;
  // Loaded here, not at start: a run that restarts nothing never needs node:crypto.
  const { configDigests, configHash, formatDigests, namespaceFree } = await import(
    "../../core/config-hash.js"
  );
  const contents = new Map<string, ConfigContent>(liveContents);
  for (const [key, config] of headConfigs) contents.set(key, config.snapshot.content);
  for (const [key, content] of replaced) contents.set(key, content);
  const key = hashKey ? Buffer.from(hashKey) : undefined;
  const readBy = definitionsReadBy(headConfigs, contents, replaced);
  const hashes = new Map<string, { hash: string; digests?: string }>();
  for (const workload of workloads) {
    const manifest = manifests.get(idKey(workload.id));
    let consumed = consumedKeysOf(workload, manifests);
    let read = readBy(manifest?.file);
    if (options.asStamped && manifest?.namespaceByDeployment)
      ({ consumed, contents: read } = namespaceFree(consumed, read));
    const hash = configHash(consumed, read, key, secretUid);
    if (hash === undefined) continue;
    const digests = configDigests(consumed, read, key, secretUid);
    hashes.set(idKey(workload.id), { hash, ...(digests ? { digests: formatDigests(digests) } : {}) });
  }
  return hashes;
}

/**
 * The contents a workload written in a file reads: of a config raw files define more than once
 * (per-cluster folders), the definition that file reads, as `stamp` picks it; else `contents`. A
 * config a rollback put back is read as put back, whatever its head definitions say.
 */
function definitionsReadBy(
  headConfigs: ReadonlyMap<string, HeadConfig>,
  contents: ReadonlyMap<string, ConfigContent>,
  replaced: ReadonlyMap<string, ConfigContent>,
): (file: string | undefined) => ReadonlyMap<string, ConfigContent> {
  const several = [...headConfigs].filter(
    ([key, config]) => config.folders !== undefined && !replaced.has(key),
  );
  if (several.length === 0) return () => contents;
  const byFile = new Map<string, ReadonlyMap<string, ConfigContent>>();
  return (file) => {
    if (!file) return contents;
    let read = byFile.get(file);
    if (read === undefined) {
      const own = new Map(contents);
      for (const [key, config] of several) own.set(key, headConfigReadBy(config, file).content);
      read = own;
      byFile.set(file, read);
    }
    return read;
  };
}
