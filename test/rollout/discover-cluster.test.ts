// --concurrency bounds the lists that find consumers on the cluster: a run over hundreds of
// namespaces must not open hundreds of requests at once.
import { expect, test } from "vitest";
import type { Cluster } from "../../src/kube/cluster.js";
import { discoverClusterWorkloads } from "../../src/rollout/discover-cluster.js";

function countingCluster(): { cluster: Cluster; peak: () => number; lists: string[] } {
  let inFlight = 0;
  let peak = 0;
  const lists: string[] = [];
  const cluster = {
    serves: async (kind: string) => kind !== "Rollout",
    async listWorkloads(namespace: string, kind: string) {
      inFlight++;
      peak = Math.max(peak, inFlight);
      lists.push(`${kind}/${namespace}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      return [{ metadata: { name: `${namespace}-app` } }];
    },
  } as unknown as Cluster;
  return { cluster, peak: () => peak, lists };
}

test.each([1, 3, 8])("at most %i lists in flight, one per namespace and served kind", async (limit) => {
  const { cluster, peak, lists } = countingCluster();
  const namespaces = Array.from({ length: 20 }, (_, i) => `team-${i}`);
  const found = await discoverClusterWorkloads(cluster, namespaces, limit);
  expect(peak()).toBe(limit);
  expect(new Set(lists).size).toBe(lists.length);
  expect(lists.filter((l) => l.startsWith("Deployment/"))).toHaveLength(20);
  expect(found.filter((m) => m.id.kind === "Deployment").map((m) => m.id.namespace)).toEqual(namespaces);
});
