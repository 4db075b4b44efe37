// The annotation strategy's hash: the content-hash annotation value of each workload to restart. It
// covers every config the workload consumes whose content is in the repository at head, so
// re-running on the same commit changes nothing (idempotent). When Secrets are involved the hash is keyed (HMAC) with a key that a
// reader of Deployments cannot know: --hash-key, else the consumed Secrets' cluster UIDs.
import { type HeadConfig, idKey, type Manifest, type PlannedWorkload } from "../../core/model.js";
import { consumedBy } from "../../core/plan/consumed-configs.js";
import type { Cluster, LiveConfig } from "../../kube/kube-client.js";

export async function computeRestartHashes(
  workloads: PlannedWorkload[],
  manifests: Map<string, Manifest>,
  headConfigs: Map<string, HeadConfig>,
  liveConfigs: Map<string, LiveConfig>,
  cluster: Cluster,
  hashKey: string | undefined,
): Promise<Map<string, string>> {
  // Loaded here, not at start: a run that restarts nothing never needs node:crypto.
  const [{ createHash }, { contentHash }] = await Promise.all([
    import("node:crypto"),
    import("../../core/manifests/content-hash.js"),
  ]);
  const hashes = new Map<string, string>();
  for (const workload of workloads) {
    const consumed = consumedBy(workload, manifests);
    const inRepo = consumed.flatMap((id) => headConfigs.get(idKey(id))?.snapshot ?? []);
    const secrets = inRepo.filter((s) => s.id.kind === "Secret");
    let key: Buffer | undefined = hashKey ? Buffer.from(hashKey) : undefined;
    if (!key && secrets.length > 0) {
      const uids: string[] = [];
      for (const secret of secrets) {
        const live = liveConfigs.get(idKey(secret.id)) ?? (await cluster.readConfig(secret.id));
        if (live) liveConfigs.set(idKey(secret.id), live);
        uids.push(live?.uid ?? "");
      }
      key = createHash("sha256").update(uids.sort().join("\n")).digest();
    }
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
