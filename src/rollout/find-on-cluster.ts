// Stage: which planned workloads this cluster runs. A repository often holds several environments
// (an overlay per namespace, a directory per cluster) and a run talks to one cluster, which has some
// of them. A planned workload the cluster does not have is "not on this cluster": reported and
// skipped, never a failure, and the configs only it consumes need not be on the cluster either.
import { workloadKind } from "../core/kinds/workload-kinds.js";
import { formatId, idKey, type Manifest, type PlannedWorkload } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { WorkloadResult } from "../core/run-result.js";
import type { Cluster } from "../kube/cluster.js";

interface WorkloadsOnCluster {
  present: PlannedWorkload[];
  /** One result per planned workload the cluster does not have. */
  absent: WorkloadResult[];
  /** Live objects read on the way, by idKey: the restart reuses them instead of reading again. */
  live: Manifest[];
}

interface Presence {
  w: PlannedWorkload;
  on: boolean;
  /** The live object, when this stage read it. */
  read?: Manifest;
}

export async function findOnCluster(
  cluster: Pick<Cluster, "readWorkload" | "serves">,
  workloads: PlannedWorkload[],
  listed: {
    /** Namespaces whose workloads were listed (discovery): absence from `objects` settles it there. */
    namespaces: ReadonlySet<string>;
    objects: ReadonlyMap<string, Manifest>;
  },
  concurrency: number,
): Promise<WorkloadsOnCluster> {
  const found = await runLimited(workloads, concurrency, async (w): Promise<Presence> => {
    if (listed.objects.has(idKey(w.id))) return { w, on: true };
    // A custom kind the cluster does not serve is left to the restart, which says which CRD is missing.
    const kind = workloadKind(w.id.kind);
    if (kind?.customResource && !(await cluster.serves(w.id.kind))) return { w, on: true };
    if (listed.namespaces.has(w.id.namespace)) return { w, on: false };
    const object = await cluster.readWorkload(w.id);
    return object ? { w, on: true, read: { id: w.id, file: "", line: 0, object } } : { w, on: false };
  });
  const out: WorkloadsOnCluster = { present: [], absent: [], live: [] };
  for (const { w, on, read } of found) {
    if (read) out.live.push(read);
    if (on) out.present.push(w);
    else
      out.absent.push({
        id: w.id,
        restart: "not-on-cluster",
        message: `not on this cluster: ${formatId(w.id)} does not exist there (another environment's?); skipped`,
      });
  }
  return out;
}
