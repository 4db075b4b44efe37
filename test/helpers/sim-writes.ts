import type { SimCluster } from "../../sim/index.js";

/** `Kind/name` of every workload the run patched (config applies excluded), sorted: the witness of writes. */
export function patchedWorkloads(sim: SimCluster): string[] {
  return sim.requests
    .filter((r) => r.verb === "patch" && r.resource !== "configmaps" && r.resource !== "secrets")
    .map((r) => `${r.kind}/${r.name}`)
    .sort();
}
