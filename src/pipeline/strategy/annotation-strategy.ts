// The annotation strategy: a key-precise hash of what the workload reads of the configs it
// consumes (the same value `config-rollout stamp` writes into the manifests), on its pod
// template (config-rollout.io/config-hash). Idempotent: a rerun on the same commit finds the hash
// in place and patches nothing.

import { RolloutFailure } from "../../core/errors.js";
import { idKey, type ObjectId } from "../../core/model.js";
import { consumedBy } from "../../core/plan/consumed-configs.js";
import { annotationPatch, CONFIG_HASH_ANNOTATION, currentHash } from "../../core/restart-patch.js";
import { readLiveConfigs } from "../../kube/read-live-configs.js";
import { computeRestartHashes } from "./restart-hash.js";
import type { RestartStrategy, StepFor } from "./restart-strategy.js";

/** The step of the annotation strategy once every workload's hash is known. */
export function annotationStep(hashFor: (id: ObjectId) => string | undefined): StepFor {
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
      patch: annotationPatch(hash, kind.templatePath),
      type: kind.restart.patch,
      describe: `${CONFIG_HASH_ANNOTATION}=${hash}`,
    };
  };
}

export function createAnnotationStrategy(
  hashKey: string | undefined,
  /** Secret reads in flight at once (--concurrency). */
  concurrency: number,
): RestartStrategy {
  let hashes = new Map<string, string>();
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
      if (!hashKey) {
        const unread = [...headConfigs.values()]
          .map((c) => c.snapshot.id)
          .filter((id) => id.kind === "Secret" && !uids.has(idKey(id)));
        if (unread.length > 0) {
          for (const [k, live] of await readLiveConfigs(context.cluster, unread, concurrency))
            if (live) uids.set(k, live.uid);
        }
      }
      hashes = await computeRestartHashes(workloads, manifests, headConfigs, hashKey, (id) =>
        uids.get(idKey(id)),
      );
      return { configWrites: [] };
    },
    patchFor: annotationStep((id) => hashes.get(idKey(id))),
  };
}
