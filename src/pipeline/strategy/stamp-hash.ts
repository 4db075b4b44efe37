// The hash `config-rollout stamp` writes on each workload, computed here for --strategy gitops from
// the head commit: what the live pod template must carry once the agent has applied the commit.
// Only configs defined in the repository count (the stamp cannot see the others); no cluster is read.
import { type HeadConfig, idKey, type Manifest, type PlannedWorkload } from "../../core/model.js";
import { consumedBy } from "../../core/plan/consumed-configs.js";

export async function stampHashes(
  workloads: PlannedWorkload[],
  headWorkloads: Map<string, Manifest>,
  headConfigs: Map<string, HeadConfig>,
  hashKey: string | undefined,
): Promise<Map<string, string>> {
  const { contentHash } = await import("../../core/manifests/content-hash.js");
  const key = hashKey ? Buffer.from(hashKey) : undefined;
  const hashes = new Map<string, string>();
  for (const workload of workloads) {
    const inRepo = consumedBy(workload, headWorkloads).flatMap(
      (id) => headConfigs.get(idKey(id))?.snapshot ?? [],
    );
    hashes.set(
      idKey(workload.id),
      contentHash(
        inRepo.map(({ id, content }) => ({ id, content })),
        key,
      ),
    );
  }
  return hashes;
}
