// The annotation strategy: a key-precise hash of what the workload reads of the configs it
// consumes (the same value `config-rollout stamp` writes into the manifests), on its pod
// template (config-rollout.io/config-hash). Idempotent: a rerun on the same commit finds the hash
// in place and patches nothing.

import { consumedBy } from "../../core/consumed-configs.js";
import { isExpectedError, RolloutFailure } from "../../core/errors.js";
import { type ConfigContent, idKey, type ObjectId } from "../../core/model.js";
import { annotationPatch, CONFIG_HASH_ANNOTATION, currentHash } from "../../core/restart-patch.js";
import type { Cluster, LiveConfig } from "../../kube/cluster.js";
import { readLiveConfigs } from "../../kube/read-live-configs.js";
import { computeRestartHashes } from "./restart-hash.js";
import type { RestartStrategy, StepFor } from "./restart-strategy.js";

/** The step of the annotation strategy once every workload's hash (and its digests) is known. */
export function annotationStep(
  hashFor: (id: ObjectId) => string | undefined,
  digestsFor: (id: ObjectId) => string | undefined = () => undefined,
): StepFor {
  return (id, live, kind) => {
    const hash = hashFor(id);
    // Reported on this workload alone (a failed result), like an API refusal.
    if (!hash) {
      throw new RolloutFailure(
        "no config hash was computed for it (a Secret it reads is not on the cluster, so its value cannot be keyed with the Secret's UID; set --hash-key): not restarted",
      );
    }
    if (currentHash(live, kind.templatePath) === hash) {
      return { unchanged: `pod template already has ${CONFIG_HASH_ANNOTATION}=${hash}` };
    }
    // One annotation: a strategic and a JSON merge patch say the same thing.
    return {
      patch: annotationPatch(hash, kind.templatePath, digestsFor(id)),
      type: kind.restart.patch,
      describe: `${CONFIG_HASH_ANNOTATION}=${hash}`,
    };
  };
}

export function createAnnotationStrategy(
  hashKey: string | undefined,
  /** Config reads in flight at once (--concurrency). */
  concurrency: number,
): RestartStrategy {
  let hashes = new Map<string, { hash: string; digests?: string }>();
  /** The hashes of what the workloads read with some configs' content replaced (a rollback's). */
  let rehash: (contents: ReadonlyMap<string, ConfigContent>) => Promise<typeof hashes> = async () => hashes;
  return {
    name: "annotation",
    needsLiveConfigs: true,
    async prepare(context) {
      const { workloads, manifests } = context;
      // The hash covers unchanged consumed configs too: read the ones the scan did not.
      const headConfigs = await context.readHeadConfigs(workloads.flatMap((w) => consumedBy(w, manifests)));
      // Without --hash-key a value covering a Secret is keyed with the Secrets' UIDs: those the
      // sync check did not read are read here (a Secret that is not on the cluster has none, and
      // its consumers get no value: reported, not restarted).
      const uids = new Map([...context.liveConfigs].map(([k, live]) => [k, live.uid]));
      // Consumed configs the repository does not define (a Secret an operator writes) are covered
      // with their live content, as `sync` covers them: read with the Secret UIDs still missing.
      const consumed = new Map(
        workloads.flatMap((w) => consumedBy(w, manifests)).map((id) => [idKey(id), id]),
      );
      const notInRepo = [...consumed.values()].filter((id) => !headConfigs.has(idKey(id)));
      const unreadSecrets = hashKey
        ? []
        : [...headConfigs.values()]
            .map((c) => c.snapshot.id)
            .filter((id) => id.kind === "Secret" && !uids.has(idKey(id)));
      const liveContents = new Map<string, ConfigContent>();
      if (notInRepo.length + unreadSecrets.length > 0) {
        for (const [k, live] of await readReadable(
          context.cluster,
          [...notInRepo, ...unreadSecrets],
          concurrency,
        )) {
          if (!live) continue;
          uids.set(k, live.uid);
          if (!headConfigs.has(k)) liveContents.set(k, live.content);
        }
      }
      rehash = (contents) =>
        computeRestartHashes(
          workloads,
          manifests,
          headConfigs,
          hashKey,
          (id) => uids.get(idKey(id)),
          liveContents,
          contents,
        );
      hashes = await rehash(new Map());
      return { configWrites: [] };
    },
    // The plan file's hash: of what the repository defines at head (no cluster, so no Secret UIDs).
    async planFileChanges(workloads, context) {
      const consumed = workloads.flatMap((w) => consumedBy(w, context.manifests));
      const headConfigs = await context.readHeadConfigs(consumed);
      const key = context.keyFor(consumed.filter((id) => headConfigs.has(idKey(id))));
      const planned = await computeRestartHashes(workloads, context.manifests, headConfigs, key?.toString());
      return new Map(
        workloads.map((w) => [
          idKey(w.id),
          { annotation: CONFIG_HASH_ANNOTATION, hash: planned.get(idKey(w.id))!.hash },
        ]),
      );
    },
    patchFor: annotationStep(
      (id) => hashes.get(idKey(id))?.hash,
      (id) => hashes.get(idKey(id))?.digests,
    ),
    // Back to the hash of what the workload reads once the configs are restored: the base commit's
    // hash when every config it reads is back (its template before the run, when it had one).
    async rollbackStep(restored) {
      const back = await rehash(restored);
      return annotationStep(
        (id) => back.get(idKey(id))?.hash,
        (id) => back.get(idKey(id))?.digests,
      );
    },
  };
}

/**
 * The live configs among `ids` this identity may read: one refused or failing read leaves that
 * config out (a Secret of the repository then has no UID, and its consumers get no value, as
 * before; a config the repository does not define is then not covered) instead of failing the run.
 */
async function readReadable(
  cluster: Cluster,
  ids: ObjectId[],
  concurrency: number,
): Promise<Map<string, LiveConfig | undefined>> {
  try {
    return await readLiveConfigs(cluster, ids, concurrency);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
  }
  const live = new Map<string, LiveConfig | undefined>();
  for (const id of ids) {
    try {
      live.set(idKey(id), await cluster.readConfig(id));
    } catch (error) {
      if (!isExpectedError(error)) throw error;
    }
  }
  return live;
}
