// Small wording helpers shared by the text and markdown reports.

import { shortSha } from "../core/commit-sha.js";
import { type ConfigChange, type ObjectId, type PlannedWorkload, shortId } from "../core/model.js";
import {
  type ClusterReport,
  isFailure,
  outcomeOfWhatWasRead,
  type RestoredConfig,
  type RunReport,
  serverDryRunRestarts,
  type WorkloadResult,
} from "../core/run-result.js";
import { describeUnread } from "../plan/unread-sources.js";

export function describeRange(report: RunReport): string {
  const { plan } = report;
  if (!plan.base) return plan.rangeNote;
  return `${shortSha(plan.base)}..${shortSha(plan.head)} (${plan.rangeNote})`;
}

export function describeKeys(change: ConfigChange): string {
  if (change.keys.length === 0) return "-";
  const shown = change.keys.slice(0, 8).join(", ");
  return change.keys.length > 8 ? `${shown} and ${change.keys.length - 8} more` : shown;
}

export function describeReferences(workload: PlannedWorkload): string[] {
  return workload.references.map((r) => {
    const keys = r.changedKeys.length > 0 ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${shortId(r.config)} via ${r.path}${keys}`;
  });
}

export function describeResult(result: WorkloadResult): string {
  if (result.restart === "not-on-cluster") return "not on this cluster";
  if (result.restart === "agent-not-applied") return "agent has not applied the commit";
  const followed = ["restarted", "unchanged", "agent-applied"];
  if (!result.rollout || !followed.includes(result.restart)) return result.restart;
  const rollout =
    result.rollout === "done"
      ? "rolled out"
      : result.rollout === "rolled-back"
        ? "rolled back"
        : result.rollout;
  if (result.restart === "agent-applied") return `applied by the agent, ${rollout}`;
  // A rerun: the patch was already there, the rollout was judged all the same.
  return result.restart === "unchanged" ? `unchanged, ${rollout}` : rollout;
}

/**
 * What a failed workload's new pod said, after its one-line result (which names the pod, container,
 * reason, message and last termination): its latest Warning events and (--logs) the previous run's
 * last log lines, each already cut to a bounded length.
 */
export function causeDetails(result: WorkloadResult): string[] {
  const cause = result.cause;
  if (!cause) return [];
  const log = cause.log ?? [];
  return [
    ...(cause.events ?? []).map((event) => `event: ${event}`),
    ...(log.length > 0
      ? [
          `log of the previous run of ${cause.container} (last ${log.length} lines):`,
          ...log.map((l) => `| ${l}`),
        ]
      : []),
  ];
}

export function headline(report: RunReport): string {
  if (report.clusters) return fleetHeadline(report.clusters);
  const restarts = report.plan.workloads.filter((w) => w.action === "restart").length;
  switch (report.outcome) {
    case "nothing-to-do":
      return nothingToRestart(report);
    case "planned": {
      // A server dry run knows which patches the API server would apply: those, not the plan's count.
      const sent = report.dryRun === "server" && report.results.length > 0;
      const would = sent ? serverDryRunRestarts(report.plan, report.results) : restarts;
      return `Dry run: ${would} workload(s) would restart.`;
    }
    case "restarted": {
      const applied = report.results.filter((r) => r.restart === "agent-applied").length;
      if (applied > 0) return `The agent applied the commit: ${applied} workload(s) rolled out.`;
      const restarted = report.results.filter((r) => r.restart === "restarted");
      // An OnDelete StatefulSet or DaemonSet takes the patch, but its pods keep running until deleted.
      const unfollowed = restarted.filter((r) => r.rollout === "not-waitable").map((r) => shortId(r.id));
      if (unfollowed.length === 0) return `Restarted ${restarted.length} workload(s).`;
      return `Restarted ${restarted.length - unfollowed.length} workload(s); patched ${unfollowed.length} whose rollout cannot be followed (${unfollowed.join(", ")}; see its line): with an OnDelete update strategy no pod rolls, and they read the old config until they are deleted.`;
    }
    case "failed":
      return failedHeadline(report.results);
    case "incomplete":
      return incompleteHeadline(report);
  }
}

/**
 * What was not read, then what the rest came to (restarts made or planned are still named): never
 * "Nothing changed", which would be a claim about the files nobody read.
 */
function incompleteHeadline(report: RunReport): string {
  const unread = report.plan.unread ?? [];
  const rest =
    report.plan.changes.length === 0
      ? "no ConfigMap or Secret content differs in what was read."
      : headline({ ...report, outcome: outcomeOfWhatWasRead(report.plan, report.results, report.dryRun) });
  const what = report.plan.live ? "config(s) could not be read" : "touched source(s) not read";
  return `Incomplete plan: ${unread.length} ${what}: ${describeUnread(unread)}. From the rest: ${rest}`;
}

/**
 * The failed workloads; those the GitOps agent never updated, and those rolled back to the last good
 * state (--rollback-on-failure: the change still failed), are named apart from failed rollouts.
 */
function failedHeadline(results: WorkloadResult[]): string {
  const notApplied = results.filter((r) => r.restart === "agent-not-applied").map((r) => shortId(r.id));
  const rolledBack = results.filter((r) => r.rollout === "rolled-back").map((r) => shortId(r.id));
  const failed = results
    .filter((r) => isFailure(r) && r.restart !== "agent-not-applied" && r.rollout !== "rolled-back")
    .map((r) => shortId(r.id));
  const parts = [
    ...(notApplied.length > 0
      ? [`the agent has not applied the commit to ${notApplied.join(", ")} yet`]
      : []),
    ...(failed.length > 0 ? [failed.join(", ")] : []),
    ...(rolledBack.length > 0 ? [`rolled back to what ran before: ${rolledBack.join(", ")}`] : []),
  ];
  return `Failed: ${parts.join("; ")}.`;
}

/** One restored config's line: what became of it, and which of its readers were rolled back for it, or not. */
export function describeRestore(restore: RestoredConfig): string {
  const readers = restore.readers.map(shortId).join(", ");
  const apart = (what: string, ids: readonly ObjectId[] = []) =>
    ids.length
      ? `; ${what}: ${ids.map(shortId).join(", ")} (see ${ids.length > 1 ? "their results" : "its result"})`
      : "";
  return `${restore.message}${readers && restore.result !== "refused" ? `; rolled back: ${readers}` : ""}${apart("rollback written, its rollout not finished", restore.rollbackNotRolledOut)}${apart("not rolled back", restore.notRolledBack)}`;
}

/** A --contexts run: each cluster and how it ended. */
function fleetHeadline(clusters: readonly ClusterReport[]): string {
  const failed = clusters.filter((c) => c.outcome === "failed" || c.outcome === "error");
  const each = clusters.map((c) => `${c.context} ${clusterOutcome(c)}`).join(", ");
  if (failed.length > 0) return `Failed on ${failed.map((c) => c.context).join(", ")} (${each}).`;
  const unread = clusters.find((c) => c.report?.plan.unread?.length)?.report?.plan.unread;
  return unread
    ? `Incomplete plan: ${unread.length} touched source(s) not read: ${describeUnread(unread)}. ${clusters.length} cluster(s): ${each}.`
    : `${clusters.length} cluster(s): ${each}.`;
}

/** One cluster's outcome in a word or two ("skipped" says no more: its message says why). */
export function clusterOutcome(cluster: ClusterReport): string {
  if (cluster.outcome === "nothing-to-do") return "nothing to do";
  if (cluster.outcome === "planned") return "planned (dry run)";
  if (cluster.outcome === "incomplete") return "incomplete (not everything was read)";
  return cluster.outcome;
}

/** Why a run restarted nothing, in the words of what the plan and the results say. */
function nothingToRestart(report: RunReport): string {
  const { plan, results } = report;
  if (plan.live && !plan.workloads.some((w) => w.action === "restart")) {
    const left = plan.workloads.filter((w) => w.action === "skip").length;
    const baselines = plan.workloads.length - left;
    const parts = [
      ...(baselines > 0
        ? [`${baselines} ${report.dryRun === "none" ? "adopted" : "to adopt"} with a baseline, no rollout`]
        : []),
      ...(left > 0 ? [`${left} left alone`] : []),
    ];
    return `In sync: no workload in scope runs older content of a config it reads${parts.length > 0 ? ` (${parts.join(", ")}: see Workloads)` : ""}.`;
  }
  if (plan.changes.length === 0) {
    return "Nothing changed: no ConfigMap or Secret content differs between the two commits.";
  }
  // A real run that planned restarts and made none: the patches were there already (a rerun), or paused.
  if (plan.workloads.some((w) => w.action === "restart")) {
    const unchanged = results.filter((r) => r.restart === "unchanged").length;
    const paused = results.filter((r) => r.restart === "paused").length;
    if (unchanged > 0 && paused === 0) {
      return `Already restarted: ${unchanged} workload(s) already carry the restart for this content (an earlier run); nothing was patched.`;
    }
    const parts = [
      ...(unchanged > 0 ? [`${unchanged} already restarted by an earlier run`] : []),
      ...(paused > 0 ? [`${paused} paused`] : []),
    ];
    return `Nothing restarted: ${parts.join(", ") || "no restart was made"}.`;
  }
  const rolls = plan.workloads.filter((w) => w.rollsOnApply).length;
  const readNone = plan.workloads.filter(
    (w) =>
      !w.rollsOnApply && w.references.length > 0 && w.references.every((r) => r.changedKeys.length === 0),
  ).length;
  const other = plan.workloads.length - rolls - readNone;
  if (plan.workloads.length === 0) {
    return "Nothing to restart: no running workload consumes the changed content.";
  }
  if (rolls === plan.workloads.length) {
    return `Nothing to restart: ${rolls} workload(s) roll on apply (their pod template changed in this range).`;
  }
  if (readNone === plan.workloads.length) {
    return `Nothing to restart: the ${readNone} workload(s) using the changed configs read none of the changed keys.`;
  }
  if (other === plan.workloads.length) {
    return `Nothing to restart: ${other} workload(s) using the changed content are skipped (each says why).`;
  }
  const parts = [
    ...(rolls > 0 ? [`${rolls} workload(s) roll on apply`] : []),
    ...(readNone > 0 ? [`${readNone} read none of the changed keys`] : []),
    ...(other > 0 ? [`${other} skipped (each says why)`] : []),
  ];
  return `Nothing to restart: ${parts.join(", ")}.`;
}

/**
 * Where a change or workload comes from: `file:line` for a raw file; for a rendered one its renderer,
 * where it is written, and the file blamed for its change when that is another file.
 */
export function describeWhere(item: {
  origin?: string;
  blamedFile?: string;
  file?: string;
  line?: number;
}): string {
  const at =
    item.file === undefined || item.file === ""
      ? undefined
      : item.line === undefined || (item.file === item.blamedFile && item.line === 1)
        ? item.file
        : `${item.file}:${item.line}`;
  if (item.origin !== undefined) {
    const changed =
      item.blamedFile && item.blamedFile !== item.file ? `changed in ${item.blamedFile}` : undefined;
    const details = [at, changed].filter((part) => part !== undefined);
    return details.length > 0 ? `${item.origin} (${details.join(", ")})` : item.origin;
  }
  return at ?? "-";
}

export function describeStatus(change: ConfigChange): string {
  return change.previousName ? `${change.status} (was ${change.previousName})` : change.status;
}

/** The Sources line of a plan that skipped renders (text and markdown alike). */
export function skippedRendersNote(count: number): string {
  return `${count} render(s) skipped: nothing they would print can change this plan (see the notes above)`;
}
