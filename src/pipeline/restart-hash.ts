// Stage: the content-hash annotation value of each workload to restart. It covers every config the
// workload consumes whose content is in the repository at head, so re-running on the same commit
// changes nothing (idempotent). When Secrets are involved the hash is keyed (HMAC) with a key that a
// reader of Deployments cannot know: --hash-key, else the consumed Secrets' cluster UIDs.
import { runningPodTemplateOf } from "../core/kinds/workload-kinds.js";
import { idKey, type Manifest, type ObjectId, type PlannedWorkload } from "../core/model.js";
import { findReferences } from "../core/plan/references.js";
import type { Cluster, LiveConfig } from "../kube/kube-client.js";
import type { HeadConfig } from "./scan-repository.js";

/**
 * The configs (same namespace) that the pod template a workload runs references, deduplicated;
 * `manifests` (by idKey) resolve a template run from another object (Argo's workloadRef).
 */
export function consumedConfigIds(workload: Manifest, manifests: Map<string, Manifest>): ObjectId[] {
  const template = runningPodTemplateOf(workload.object, (id) => manifests.get(idKey(id))?.object);
  if (!template) return [];
  const ids = new Map<string, ObjectId>();
  for (const ref of findReferences(template.spec)) {
    const id = { kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName };
    ids.set(idKey(id), id);
  }
  return [...ids.values()];
}

/** What a planned workload consumes: from its definition when we have it, else from its plan references. */
export function consumedBy(workload: PlannedWorkload, manifests: Map<string, Manifest>): ObjectId[] {
  const manifest = manifests.get(idKey(workload.id));
  const consumed = manifest ? consumedConfigIds(manifest, manifests) : [];
  return consumed.length > 0 ? consumed : workload.references.map((r) => r.config);
}

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
    import("../core/manifests/content-hash.js"),
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
