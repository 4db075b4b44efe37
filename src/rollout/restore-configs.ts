// Stage: write changed configs back to the base commit's content (--rollback-on-failure, in-place
// strategies), each as the deploy step would write the base commit (restore/restore-write.ts), so
// its next apply of any commit converges. A config that changed since it was read is read again
// (409); one that cannot be written (RBAC, immutable, gone, still conflicting) is reported with what
// to run by hand, and the others are restored all the same.

import { shortSha } from "../core/commit-sha.js";
import { changedKeys, liveConfigContent } from "../core/config-content.js";
import { isExpectedError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { formatId } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { RestoredConfig } from "../core/run-result.js";
import type { Cluster } from "../kube/cluster.js";
import { byHand, type ConfigRestore } from "./restore/restore-source.js";
import { restoreWrite } from "./restore/restore-write.js";

type RestoreCluster = Pick<Cluster, "readObject" | "writeConfigAs" | "retryOnConflict">;

export async function restoreConfigs(
  cluster: RestoreCluster,
  restores: readonly ConfigRestore[],
  opts: { dryRun: boolean; concurrency: number; log: Log },
): Promise<RestoredConfig[]> {
  return runLimited([...restores], opts.concurrency, async (restore) => {
    const outcome = await restoreOne(cluster, restore, opts.dryRun);
    const line = `${formatId(restore.id)}: ${outcome.message}`;
    if (outcome.result === "refused") opts.log.warn(line);
    else opts.log.info(line);
    return outcome;
  });
}

async function restoreOne(
  cluster: RestoreCluster,
  restore: ConfigRestore,
  dryRun: boolean,
): Promise<RestoredConfig> {
  const { id, base, head, source, readers } = restore;
  const at = `${shortSha(source.commit)}'s content (${source.origin ?? source.file})`;
  const ended = (result: RestoredConfig["result"], message: string): RestoredConfig => ({
    id,
    result,
    message,
    readers,
  });
  try {
    return await cluster.retryOnConflict(async () => {
      const live = await cluster.readObject({ apiVersion: "v1", ...id });
      const write = restoreWrite(live, base, head, id.namespace);
      if ("refused" in write) return ended("refused", byHand(restore, write.refused));
      if ("unchanged" in write) return ended("unchanged", `holds ${at} already`);
      const written = await cluster.writeConfigAs(id, write, write.fieldManager, dryRun);
      // What the write left is read back: a client-side apply cannot remove a Secret's stringData key.
      const left = dryRun ? [] : changedKeys(liveConfigContent({ ...written, kind: id.kind }), base.content);
      if (left.length > 0) {
        return ended(
          "refused",
          byHand(restore, `written back (${write.how}), but keys ${left.join(", ")} still differ`),
        );
      }
      return ended("restored", `restored to ${at} (${write.how})${dryRun ? " (server dry run)" : ""}`);
    });
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return ended("refused", byHand(restore, error.message));
  }
}
