// Stage: consumers that live only on the cluster (installed by Helm, another repo, by hand).
// One LIST per affected namespace and restartable kind the cluster serves: never a GET per
// workload, never a cluster-wide scan. Custom kinds (Argo Rollouts) are listed only where their
// CRD is installed.

import { restartableKinds, type WorkloadKind } from "../core/kinds/workload-kinds.js";
import type { Manifest } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { Cluster } from "../kube/cluster.js";

export async function discoverClusterWorkloads(
  cluster: Cluster,
  namespaces: string[],
  /** Lists in flight at once (--concurrency): hundreds of namespaces must not mean hundreds at once. */
  concurrency: number,
): Promise<Manifest[]> {
  const kinds: WorkloadKind[] = [];
  for (const kind of restartableKinds()) if (await cluster.serves(kind.kind)) kinds.push(kind);
  const pairs = namespaces.flatMap((namespace) => kinds.map((kind) => ({ namespace, kind })));
  const lists = await runLimited(pairs, concurrency, async ({ namespace, kind }) => {
    const items = await cluster.listWorkloads(namespace, kind.kind);
    return items.map((object): Manifest => {
      const metadata = (object.metadata ?? {}) as { name?: string };
      return {
        id: { kind: kind.kind, namespace, name: metadata.name ?? "" },
        file: "",
        line: 0,
        object,
      };
    });
  });
  return lists.flat();
}
