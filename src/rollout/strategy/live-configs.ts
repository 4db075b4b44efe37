// --strategy gitops, after the agent applied a commit: does the cluster hold the configs' committed
// content? The pod template carrying the new hash says the agent applied the workload, not its
// configs (those may be in another Argo CD Application, or immutable and rejected).

import { changedKeys } from "../../core/config-content.js";
import { ClusterAccessError } from "../../core/errors.js";
import type { ConfigSnapshot, ObjectId } from "../../core/model.js";
import type { Cluster } from "../../kube/cluster.js";

/** What the live configs hold, checked once. */
interface LiveConfigCheck {
  /** Configs whose live content is not the committed one, or that are not on the cluster. */
  differ: ObjectId[];
  /** Secrets these credentials may not read (403): not confirmed, never failed for it. */
  unreadable: ObjectId[];
}

/**
 * One read of each config. A Secret the credentials may not read is `unreadable` (a read-only
 * gitops job often has no Secret access); any other error ends the run as usual.
 */
export async function checkLiveConfigs(
  cluster: Pick<Cluster, "readConfig">,
  configs: readonly ConfigSnapshot[],
): Promise<LiveConfigCheck> {
  const result: LiveConfigCheck = { differ: [], unreadable: [] };
  for (const committed of configs) {
    let live: Awaited<ReturnType<Cluster["readConfig"]>>;
    try {
      live = await cluster.readConfig(committed.id);
    } catch (error) {
      if (committed.id.kind === "Secret" && error instanceof ClusterAccessError && error.status === 403) {
        result.unreadable.push(committed.id);
        continue;
      }
      throw error;
    }
    if (!live || changedKeys(live.content, committed.content).length > 0) result.differ.push(committed.id);
  }
  return result;
}
