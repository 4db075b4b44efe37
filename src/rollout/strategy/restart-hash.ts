// The annotation strategy's hash: the config-hash annotation value of each workload to restart,
// from the one key-precise function the stamp uses too (scan/manifests/config-hash.ts). It covers
// what the workload reads of every config it consumes whose content is in the repository at head,
// so re-running on the same commit changes nothing (idempotent), and a workload stamped in git
// carries the same value. Keyed (HMAC) with --hash-key when set (then nothing from the cluster goes
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
): Promise<Map<string, string>> {
  // Loaded here, not at start: a run that restarts nothing never needs node:crypto.
  const { configHash } = await import("../../scan/manifests/config-hash.js");
  const contents = new Map<string, ConfigContent>();
  for (const [key, config] of headConfigs) contents.set(key, config.snapshot.content);
  const key = hashKey ? Buffer.from(hashKey) : undefined;
  const hashes = new Map<string, string>();
  for (const workload of workloads) {
    const hash = configHash(consumedKeysOf(workload, manifests), contents, key, secretUid);
    if (hash !== undefined) hashes.set(idKey(workload.id), hash);
  }
  return hashes;
}
