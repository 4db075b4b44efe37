import type { RunReport } from "../core/run-result.js";
import {
  describeKeys,
  describeRange,
  describeReferences,
  describeResult,
  describeStatus,
  describeWhere,
  formatDuration,
  headline,
  shortId,
} from "./describe.js";
import { mermaidGraph } from "./mermaid-graph.js";

/** Markdown for a GitHub job summary or a merge-request comment. */
export function renderMarkdown(report: RunReport, maxRows = 500): string {
  const { plan } = report;
  const out: string[] = [
    "### config-rollout",
    "",
    `**${escapeCell(headline(report))}**`,
    "",
    `Range: ${escapeCell(describeRange(report))}`,
  ];
  if (plan.sources && plan.sources.length > 0) {
    out.push("", "#### Sources", "");
    for (const note of plan.sources.slice(0, maxRows)) out.push(`- ${escapeCell(note)}`);
  }
  const graph = mermaidGraph(plan);
  if (graph.length > 0) out.push("", "#### Configs → workloads", "", ...graph);
  if (plan.changes.length > 0) {
    out.push(
      "",
      "#### Changed configs",
      "",
      "| Config | Namespace | Change | Source | Keys |",
      "|---|---|---|---|---|",
    );
    for (const c of plan.changes.slice(0, maxRows)) {
      out.push(row([shortId(c.id), c.id.namespace, describeStatus(c), describeWhere(c), describeKeys(c)]));
    }
    if (plan.changes.length > maxRows) out.push("", `… and ${plan.changes.length - maxRows} more configs.`);
  }
  if (plan.workloads.length > 0) {
    const resultOf = (w: (typeof plan.workloads)[number]) =>
      report.results.find(
        (r) => r.id.kind === w.id.kind && r.id.namespace === w.id.namespace && r.id.name === w.id.name,
      );
    out.push(
      "",
      "#### Workloads",
      "",
      "| Workload | Namespace | Action | Why | Result | Duration |",
      "|---|---|---|---|---|---|",
    );
    for (const w of plan.workloads.slice(0, maxRows)) {
      const result = resultOf(w);
      const why = [
        w.reason,
        ...describeReferences(w),
        ...(w.origin ? [`from ${describeWhere(w)}`] : []),
      ].join("<br>");
      out.push(
        row([
          shortId(w.id),
          w.id.namespace,
          w.action,
          why,
          result ? `${describeResult(result)}${result.message ? `: ${result.message}` : ""}` : "-",
          formatDuration(result?.durationMs),
        ]),
      );
    }
    if (plan.workloads.length > maxRows)
      out.push("", `… and ${plan.workloads.length - maxRows} more workloads.`);
  }
  if (report.notes?.length) {
    out.push("", "#### Notes", "");
    for (const note of report.notes.slice(0, maxRows)) out.push(`- ${escapeCell(note)}`);
  }
  const notes = [...plan.warnings, ...plan.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`)];
  if (notes.length > 0) {
    out.push("", "#### Warnings", "");
    for (const note of notes.slice(0, maxRows)) out.push(`- ${escapeCell(note)}`);
    if (notes.length > maxRows) out.push(`- … and ${notes.length - maxRows} more.`);
  }
  return `${out.join("\n")}\n`;
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => escapeCell(cell).replaceAll("\n", " ")).join(" | ")} |`;
}

function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|");
}
