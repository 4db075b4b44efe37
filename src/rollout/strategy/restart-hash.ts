// The annotation strategy's hash: the config-hash annotation value of each workload to restart,
// from the one key-precise function the stamp and `sync` use too (scan/manifests/config-hash.ts).
// It covers what the workload reads of every config it consumes that exists: the content committed
// at head for the configs the repository defines (the cluster holds the same once applied, checked
// before any restart), the live content for the others (a Secret an operator writes) — so
// re-running on the same commit changes nothing (idempotent), and `config-rollout sync`, which
// hashes the same configs' live content, finds the same value on an unchanged cluster. The stamp
// (and --strategy gitops, which must match it) sees no cluster: it covers the repository's configs. Keyed (HMAC) with --hash-key when set (then nothing from the cluster goes
// into it, so the stamp computes the same value from the work tree). Without --hash-key a value
// that covers a Secret is keyed with the Secrets' UIDs (`secretUid`), never a plain SHA-256 of
// their content; without a UID (gitops, which must match the stamp) it is not computed.
import {
  type ConfigContent,
  type HeadConfig,
  idKey,
  type Manifest,
  type ObjectId,
  type PlannedWorkload,
} from "../../core/model.js";
import { consumedKeysOf } from "../../plan/consumed-configs.js";

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
  // Loaded here, not at start: a run that restarts nothing never needs node:crypto.
  const { configDigests, configHash, formatDigests } = await import("../../scan/manifests/config-hash.js");
  const contents = new Map<string, ConfigContent>(liveContents);
  for (const [key, config] of headConfigs) contents.set(key, config.snapshot.content);
  for (const [key, content] of replaced) contents.set(key, content);
  const key = hashKey ? Buffer.from(hashKey) : undefined;
  const hashes = new Map<string, { hash: string; digests?: string }>();
  for (const workload of workloads) {
    const consumed = consumedKeysOf(workload, manifests);
    const hash = configHash(consumed, contents, key, secretUid);
    if (hash === undefined) continue;
    const digests = configDigests(consumed, contents, key, secretUid);
    hashes.set(idKey(workload.id), { hash, ...(digests ? { digests: formatDigests(digests) } : {}) });
  }
  return hashes;
}
