// The versioned strategy's rollback: a workload whose rollout failed after it was repointed is
// repointed back to the names it used before this run (config only: anything else in its template
// stays as it is). The strategy says which workloads and with which patch; the restart path sends
// the patches and waits, as for the first restart.

import type { Log } from "../../../core/log.js";
import { formatId, idKey } from "../../../core/model.js";
import type { WorkloadResult } from "../../../core/run-result.js";
import type { SiteChange } from "../../../core/versioned/repoint.js";
import type { Rollback } from "../restart-strategy.js";
import { describeChanges, repointBack } from "./repoint-workloads.js";

/** What one workload's patch changed, by its idKey: what its rollback undoes. */
export type Repointings = Map<string, SiteChange[]>;

/** The workloads repointed by this run whose rollout failed or timed out; undefined when there is none. */
export function rollbackOf(results: WorkloadResult[], repointings: Repointings): Rollback | undefined {
  const failed = results.filter((r) => isRolledBack(r, repointings));
  if (failed.length === 0) return undefined;
  return {
    ids: failed.map((r) => r.id),
    patchFor: (id, live, kind) => repointBack(live, kind, repointings.get(idKey(id)) ?? []),
  };
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
