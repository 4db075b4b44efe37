// Stage: consumers that live only on the cluster (installed by Helm, another repo, by hand).
// One LIST per affected namespace and restartable kind: never a GET per workload, never a
// cluster-wide scan.

import { type Manifest, RESTARTABLE_KINDS } from "../core/model.js";
import type { Cluster } from "../kube/kube-client.js";

export async function discoverClusterWorkloads(cluster: Cluster, namespaces: string[]): Promise<Manifest[]> {
  const lists = namespaces.flatMap((namespace) =>
    RESTARTABLE_KINDS.map(async (kind) => {
      const items = await cluster.listWorkloads(namespace, kind);
      return items.map((object): Manifest => {
        const metadata = (object.metadata ?? {}) as { name?: string };
        return {
          id: { kind, namespace, name: metadata.name ?? "" },
          file: "",
          line: 0,
          object,
        };
      });
    }),
  );
  return (await Promise.all(lists)).flat();
}
