// The versioned strategy's rollback: a workload whose rollout failed after it was repointed is
// repointed back to the names it used before this run (config only: anything else in its template
// stays as it is). The strategy says which workloads and with which patch; the restart path sends
// the patches and waits, as for the first restart.

import { isExpectedError } from "../../../core/errors.js";
import { apiVersionOf, configKind } from "../../../core/kinds/api-kinds.js";
import type { Log } from "../../../core/log.js";
import { type ConfigKind, formatId, idKey, type ObjectId } from "../../../core/model.js";
import { runLimited } from "../../../core/run-limited.js";
import type { WorkloadResult } from "../../../core/run-result.js";
import type { SiteChange } from "../../../core/versioned/repoint.js";
import type { Cluster } from "../../../kube/kube-client.js";
import type { Rollback } from "../restart-strategy.js";
import { describeChanges, repointBack } from "./repoint-workloads.js";

/** What one workload's patch changed, by its idKey: what its rollback undoes. */
export type Repointings = Map<string, SiteChange[]>;

/**
 * The workloads repointed by this run whose rollout failed or timed out; undefined when there is
 * none. A workload is repointed back only when every config it used before is still on the cluster:
 * pods that name a deleted config never start, so such a "rollback" would only replace one failed
 * rollout with another. Its result says which config is gone instead.
 */
export async function rollbackOf(
  results: WorkloadResult[],
  repointings: Repointings,
  cluster: Pick<Cluster, "readObject">,
  /** Reads in flight at once (--concurrency). */
  concurrency: number,
): Promise<Rollback | undefined> {
  const failed = results.filter((r) => isRolledBack(r, repointings));
  if (failed.length === 0) return undefined;
  const gone = await missingTargets(failed, repointings, cluster, concurrency);
  return {
    ids: failed.map((r) => r.id),
    patchFor: (id, live, kind) => {
      const changes = repointings.get(idKey(id)) ?? [];
      const missing = [
        ...new Set(
          changes
            .map((c) => ({ kind: c.configKind, namespace: id.namespace, name: c.name }))
            .filter((target) => gone.has(idKey(target)))
            .map((target) => `${target.kind.toLowerCase()}/${target.name}`),
        ),
      ];
      if (missing.length === 0) return repointBack(live, kind, changes);
      return {
        unchanged: `${missing.join(", ")}, which it used before, no longer exists (namespace ${id.namespace}): pods that name it could not start, so it is left on the new copy`,
      };
    },
  };
}

/** The configs the failed workloads used before this run that are gone from the cluster, by idKey. */
async function missingTargets(
  failed: WorkloadResult[],
  repointings: Repointings,
  cluster: Pick<Cluster, "readObject">,
  concurrency: number,
): Promise<Set<string>> {
  const targets = new Map<string, ObjectId & { kind: ConfigKind }>();
  for (const result of failed) {
    for (const change of repointings.get(idKey(result.id)) ?? []) {
      const id = { kind: change.configKind, namespace: result.id.namespace, name: change.name };
      targets.set(idKey(id), id);
    }
  }
  const gone = new Set<string>();
  await runLimited([...targets.values()], concurrency, async (id) => {
    try {
      const found = await cluster.readObject({ apiVersion: apiVersionOf(configKind(id.kind)), ...id });
      if (found === undefined) gone.add(idKey(id));
    } catch (error) {
      // A read refused (RBAC) or failing says nothing about the config: the rollback goes ahead.
      if (!isExpectedError(error)) throw error;
    }
  });
  return gone;
}

/** Each rolled-back workload's result says what its rollback did, and a warning says so too. */
export function reportRollback(
  results: WorkloadResult[],
  rolledBack: WorkloadResult[],
  repointings: Repointings,
  log: Log,
): void {
  const backOf = new Map(rolledBack.map((r) => [idKey(r.id), r]));
  for (const result of results.filter((r) => isRolledBack(r, repointings))) {
    const changes = repointings.get(idKey(result.id)) ?? [];
    const back = backOf.get(idKey(result.id));
    const names = describeChanges(changes.map((c) => ({ ...c, name: c.to, to: c.name })));
    const followed = back?.rollout !== undefined && back.rollout !== "not-waited";
    const verdict =
      back?.restart !== "restarted"
        ? `rollback not applied: ${back?.message ?? "no result"}`
        : back.rollout === "done"
          ? `rolled back (${names}); the rollback rolled out`
          : `rolled back (${names}); the rollback rollout ${followed ? back.rollout : "was not followed"}: ${followed ? back.message : ""}`;
    result.message = `${result.message}; ${verdict}`;
    log.warn(`${formatId(result.id)}: rollout of the new config failed; ${verdict}`);
  }
}

function isRolledBack(result: WorkloadResult, repointings: Repointings): boolean {
  return (
    result.restart === "restarted" &&
    (result.rollout === "failed" || result.rollout === "timeout") &&
    repointings.has(idKey(result.id))
  );
}
