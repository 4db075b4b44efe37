// Small wording helpers shared by the text and markdown reports.
import type { ConfigChange, ObjectId, PlannedWorkload } from "../core/model.js";
import { isFailure, type RunReport, type WorkloadResult } from "../core/run-result.js";

export function shortId(id: ObjectId): string {
  return `${id.kind.toLowerCase()}/${id.name}`;
}

export function shortSha(sha: string): string {
  return /^[0-9a-f]{40}$/.test(sha) ? sha.slice(0, 7) : sha;
}

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
  if (!result.rollout || (result.restart !== "restarted" && result.restart !== "unchanged"))
    return result.restart;
  const rollout = result.rollout === "done" ? "rolled out" : result.rollout;
  // A rerun: the patch was already there, the rollout was judged all the same.
  return result.restart === "unchanged" ? `unchanged, ${rollout}` : rollout;
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return "-";
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

export function headline(report: RunReport): string {
  const restarts = report.plan.workloads.filter((w) => w.action === "restart").length;
  switch (report.outcome) {
    case "nothing-to-do":
      return report.plan.changes.length === 0
        ? "Nothing changed: no ConfigMap or Secret content differs between the two commits."
        : "Nothing to restart: no running workload consumes the changed content.";
    case "planned":
      return `Dry run: ${restarts} workload(s) would restart.`;
    case "restarted":
      return `Restarted ${report.results.filter((r) => r.restart === "restarted").length} workload(s).`;
    case "failed":
      return `Failed: ${report.results
        .filter(isFailure)
        .map((r) => shortId(r.id))
        .join(", ")}.`;
  }
}

/** Where a change or workload comes from: `file:line` for a raw file, else its renderer and blamed file. */
export function describeWhere(item: {
  origin?: string;
  blamedFile?: string;
  file?: string;
  line?: number;
}): string {
  if (item.origin !== undefined) {
    return item.blamedFile ? `${item.origin} (${item.blamedFile})` : item.origin;
  }
  if (item.file === undefined) return "-";
  return item.line !== undefined ? `${item.file}:${item.line}` : item.file;
}

export function describeStatus(change: ConfigChange): string {
  return change.previousName ? `${change.status} (was ${change.previousName})` : change.status;
}
