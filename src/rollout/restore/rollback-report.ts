// What each workload's result says after --rollback-on-failure (in-place strategies): a workload
// rolled back says what was put back and how its rollback ended ("rolled-back" once it rolled out;
// written but not rolled out, the template is back all the same; the change still failed, so the run
// exits 1); a failed workload that could not be rolled back says why. Pure: the results are amended
// in place, and each line is logged as a warning.

import type { Log } from "../../core/log.js";
import { formatId, idKey, shortId } from "../../core/model.js";
import type { RestoredConfig, WorkloadResult } from "../../core/run-result.js";

/** A rollout this run followed that failed or timed out: what starts a rollback. */
export function isFailedRollout(result: WorkloadResult): boolean {
  return (
    (result.restart === "restarted" || result.restart === "unchanged") &&
    (result.rollout === "failed" || result.rollout === "timeout")
  );
}

/**
 * Records what a workload's rollback did on its result; true when the rollback rolled out (the
 * workload is then "rolled-back": the change failed all the same, exit 1).
 */
export function recordRollback(result: WorkloadResult, back: WorkloadResult): boolean {
  result.rollback = {
    restart: back.restart,
    ...(back.rollout ? { rollout: back.rollout } : {}),
    message: back.message,
  };
  const rolledOut = back.restart === "restarted" && back.rollout === "done";
  if (rolledOut) result.rollout = "rolled-back";
  return rolledOut;
}

/**
 * Amends the results (see above) and returns the restored configs as the report gives them: each
 * config's readers split into those rolled back and those whose rollback did not roll out.
 */
export function reportRollbacks(
  results: WorkloadResult[],
  rolledBack: readonly WorkloadResult[],
  outcomes: readonly RestoredConfig[],
  /** The changed configs (idKeys) a workload reads. */
  readsOf: (key: string) => readonly string[],
  log: Log,
): RestoredConfig[] {
  const backOf = new Map(rolledBack.map((r) => [idKey(r.id), r]));
  for (const result of results) {
    const key = idKey(result.id);
    const mine = outcomes.filter((o) => o.readers.some((reader) => idKey(reader) === key));
    const back = backOf.get(key);
    if (back) {
      const put = names(mine.filter((o) => o.result !== "refused"));
      // A reader whose restart failed is one whose patch got no answer and was applied after all.
      const own = isFailedRollout(result)
        ? result.message
        : result.restart === "failed"
          ? `${result.message}; yet its pod template changed: the patch was applied`
          : `its rollout ${result.rollout === "done" ? "finished" : (result.rollout ?? "was not followed")}, but ${put} it reads ${mine.length > 1 ? "were" : "was"} put back to the base commit's content`;
      if (recordRollback(result, back)) {
        result.message = `${own}; rolled back to its pod template before the run (${put} restored): the rollback rolled out`;
      } else if (back.restart === "unchanged") {
        result.message = `${own}; rollback: ${back.message}`;
      } else if (back.restart === "restarted") {
        // Written: the template is back whatever its rollout did (undoing it would undo the rollback).
        result.rollout = back.rollout === "timeout" ? "timeout" : "failed";
        result.message = `${own}; rolled back to its pod template before the run (${put} restored), but the rollback's rollout ${rolloutEnd(back.rollout)}: ${back.message}`;
      } else {
        result.rollout = "failed";
        result.message = `${own}; the rollback (${put} restored) ${back.restart}: ${back.message}`;
      }
      log.warn(`${formatId(result.id)}: ${result.message}`);
      continue;
    }
    if (!isFailedRollout(result)) continue;
    const reads = readsOf(key);
    const why = outcomes.filter(
      (o) => (o.result === "refused" || o.result === "not-restorable") && reads.includes(idKey(o.id)),
    );
    if (why.length === 0) continue;
    result.message = `${result.message}; not rolled back: ${why
      .map((o) => `${names([o])} ${o.result === "refused" ? "could not be restored" : "cannot be restored"}`)
      .join(", ")} (see the restored configs)`;
    log.warn(`${formatId(result.id)}: ${result.message}`);
  }
  // Rolled back means what the results say ("rolled-back", as the action output and GitLab's
  // CONFIG_ROLLOUT_ROLLED_BACK list it), not what was asked for; a rollback written that did not roll
  // out is named apart from one refused or never sent.
  const back = keysOf(results.filter((r) => r.rollout === "rolled-back"));
  const written = keysOf(results.filter((r) => r.rollback?.restart === "restarted"));
  return outcomes.map((o) => {
    const readers = o.readers.filter((id) => back.has(idKey(id)));
    const rollbackNotRolledOut = o.readers.filter((id) => !back.has(idKey(id)) && written.has(idKey(id)));
    const notRolledBack = o.readers.filter((id) => !back.has(idKey(id)) && !written.has(idKey(id)));
    return {
      ...o,
      readers,
      ...(rollbackNotRolledOut.length > 0 ? { rollbackNotRolledOut } : {}),
      ...(notRolledBack.length > 0 ? { notRolledBack } : {}),
    };
  });
}

function keysOf(results: readonly WorkloadResult[]): Set<string> {
  return new Set(results.map((r) => idKey(r.id)));
}

/** How a rollback written ended its rollout, as a clause. */
function rolloutEnd(rollout: WorkloadResult["rollout"]): string {
  if (rollout === "timeout") return "did not finish";
  if (rollout === "not-waited") return "was not waited for";
  if (rollout === "deleted") return "lost its workload";
  return rollout ?? "was not followed";
}

function names(outcomes: readonly RestoredConfig[]): string {
  return outcomes.map((o) => shortId(o.id)).join(", ");
}
