import { formatDuration } from "../core/duration.js";
import { shortId } from "../core/model.js";
import type { ClusterReport, RunReport } from "../core/run-result.js";
import {
  causeDetails,
  clusterOutcome,
  describeKeys,
  describeRange,
  describeReferences,
  describeRestore,
  describeResult,
  describeStatus,
  describeWhere,
  headline,
  skippedRendersNote,
} from "./describe.js";

/** The report for a person reading a terminal or a CI log. */
export function renderText(report: RunReport): string {
  if (report.clusters) return renderClusters(report, report.clusters);
  return `${[`Comparing ${describeRange(report)}`, ...body(report), "", headline(report)].join("\n")}\n`;
}

/** A --contexts run: the range once, a table of the clusters, then each cluster's own report. */
function renderClusters(report: RunReport, clusters: readonly ClusterReport[]): string {
  // What the repository says is the same for every cluster: printed once, above the clusters.
  const out = [`Comparing ${describeRange(report)}`, ...body(report), "", `Clusters (${clusters.length}):`];
  out.push(
    ...table([
      ["CONTEXT", "WAVE", "OUTCOME", "DETAIL"],
      ...clusters.map((c) => [c.context, String(c.wave), clusterOutcome(c), c.message ?? ""]),
    ]),
  );
  for (const cluster of clusters) {
    out.push("", `== ${cluster.context} (wave ${cluster.wave}): ${clusterOutcome(cluster)} ==`);
    if (cluster.message) out.push(`  ${cluster.message}`);
    if (cluster.report) out.push(...body(cluster.report, false).slice(1), "", headline(cluster.report));
  }
  out.push("", headline(report));
  return `${out.join("\n")}\n`;
}

/** Everything between the range line and the headline; `repository: false` leaves out the sources and changes. */
function body(report: RunReport, repository = true): string[] {
  const { plan } = report;
  const out: string[] = [];
  if (!repository) return [...out, ...clusterPart(report)];
  if (plan.sources && plan.sources.length > 0) {
    out.push("", "Sources:", ...plan.sources.map((note) => `  ${note}`));
    if (plan.skippedRenders) out.push(`  ${skippedRendersNote(plan.skippedRenders)}`);
  }
  if (plan.changes.length > 0) {
    out.push("", `Changed configs (${plan.changes.length}):`);
    out.push(
      ...table(
        plan.changes.map((c) => [
          shortId(c.id),
          `ns ${c.id.namespace}`,
          describeStatus(c),
          describeWhere(c),
          `keys: ${describeKeys(c)}`,
        ]),
      ),
    );
  }
  return [...out, ...clusterPart(report)];
}

/** The workloads, notes and results: what one cluster's run says. */
function clusterPart(report: RunReport): string[] {
  const { plan } = report;
  const out: string[] = [];
  if (plan.workloads.length > 0) {
    out.push("", `Workloads (${plan.workloads.length}):`);
    for (const w of plan.workloads) {
      out.push(`  ${w.action.padEnd(8)} ${shortId(w.id)} (namespace ${w.id.namespace}): ${w.reason}`);
      if (w.origin) out.push(`             from ${describeWhere(w)}`);
      for (const line of describeReferences(w)) out.push(`             ${line}`);
    }
  }
  if (plan.warnings.length > 0) {
    out.push("", "Notes:", ...plan.warnings.map((warning) => `  ${warning}`));
  }
  if (report.results.length > 0) {
    out.push("", "Results:");
    out.push(
      ...table([
        ["WORKLOAD", "NAMESPACE", "RESULT", "DURATION", "DETAIL"],
        ...report.results.map((r) => [
          shortId(r.id),
          r.id.namespace,
          describeResult(r),
          r.durationMs === undefined ? "-" : formatDuration(r.durationMs),
          r.message,
        ]),
      ]),
    );
  }
  const explained = report.results.filter((r) => causeDetails(r).length > 0);
  if (explained.length > 0) {
    out.push("", "Why the new pods did not start:");
    for (const r of explained) {
      out.push(`  ${shortId(r.id)} (namespace ${r.id.namespace}): ${r.message}`);
      for (const line of causeDetails(r)) out.push(`    ${line}`);
    }
  }
  if (report.restores?.length) {
    out.push("", "Restored configs (--rollback-on-failure):");
    out.push(
      ...table([
        ["CONFIG", "NAMESPACE", "RESULT", "DETAIL"],
        ...report.restores.map((r) => [shortId(r.id), r.id.namespace, r.result, describeRestore(r)]),
      ]),
    );
  }
  if (report.notes?.length) {
    out.push("", "Notes:");
    for (const note of report.notes) out.push(`  ${note}`);
  }
  return out;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => row[col]?.length ?? 0))) ?? [];
  return rows.map((row) => `  ${row.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join("  ")}`.trimEnd());
}
