import { formatDuration } from "../core/duration.js";
import { idKey, shortId } from "../core/model.js";
import { type ClusterReport, type RunReport, resultsByWorkload } from "../core/run-result.js";
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
import { mermaidGraph } from "./mermaid-graph.js";

/** A part of the Markdown report: one for a single cluster, the summary and one per cluster for --contexts. */
interface MarkdownSection {
  /** The section's heading (Markdown, escaped), for a cluster of a --contexts run. */
  title?: string;
  render(maxRows: number): string;
}

/** The report as sections (the plan comment gives each cluster its own heading). */
export function markdownSections(report: RunReport): MarkdownSection[] {
  const clusters = report.clusters;
  if (!clusters) return [{ render: (rows) => renderMarkdown(report, rows) }];
  return [
    { render: (rows) => fleetSummary(report, clusters, rows) },
    ...clusters.map((cluster) => ({
      title: `${md(cluster.context)} (wave ${cluster.wave}): ${md(clusterOutcome(cluster))}`,
      render: (rows: number) =>
        [
          ...(cluster.message ? [md(cluster.message), ""] : []),
          ...(cluster.report
            ? [renderMarkdown(cluster.report, rows, false).replace(/^### config-rollout\n\n/, "")]
            : []),
        ].join("\n") || "-",
    })),
  ];
}

function fleetSummary(report: RunReport, clusters: readonly ClusterReport[], maxRows: number): string {
  const out = [
    "### config-rollout",
    "",
    `**${md(headline(report))}**`,
    "",
    `Range: ${md(describeRange(report))}`,
    "",
    "| Cluster | Wave | Outcome | Detail |",
    "|---|---|---|---|",
    ...clusters.map((c) => row([md(c.context), String(c.wave), md(clusterOutcome(c)), md(c.message ?? "")])),
    ...(report.plan.sources?.length ? sourcesPart(report.plan, maxRows) : []),
    ...changesPart(report.plan, maxRows),
  ];
  return `${out.join("\n")}\n`;
}

/** What rendering found, one line each. */
function sourcesPart(plan: RunReport["plan"], maxRows: number): string[] {
  const out = ["", "#### Sources", ""];
  for (const note of (plan.sources ?? []).slice(0, maxRows)) out.push(`- ${md(note)}`);
  if (plan.skippedRenders) out.push(`- ${md(skippedRendersNote(plan.skippedRenders))}`);
  return out;
}

/** The changed configs as a table (none: nothing). */
function changesPart(plan: RunReport["plan"], maxRows: number): string[] {
  if (plan.changes.length === 0) return [];
  const out = [
    "",
    "#### Changed configs",
    "",
    "| Config | Namespace | Change | Source | Keys |",
    "|---|---|---|---|---|",
  ];
  for (const c of plan.changes.slice(0, maxRows)) {
    out.push(
      row([shortId(c.id), c.id.namespace, describeStatus(c), describeWhere(c), describeKeys(c)].map(md)),
    );
  }
  if (plan.changes.length > maxRows) out.push("", `… and ${plan.changes.length - maxRows} more configs.`);
  return out;
}

/**
 * Markdown for a GitHub job summary or a merge-request comment. `repository: false` (a cluster of a
 * --contexts run) leaves out the sources and changed configs, which the summary above it shows once.
 */
export function renderMarkdown(report: RunReport, maxRows = 500, repository = true): string {
  if (report.clusters) {
    return markdownSections(report)
      .map((s) => (s.title === undefined ? s.render(maxRows) : `### ${s.title}\n\n${s.render(maxRows)}`))
      .join("\n");
  }
  const { plan } = report;
  const out: string[] = [
    "### config-rollout",
    "",
    `**${md(headline(report))}**`,
    "",
    `Range: ${md(describeRange(report))}`,
  ];
  if (repository && plan.sources?.length) out.push(...sourcesPart(plan, maxRows));
  if (repository) out.push(...changesPart(plan, maxRows));
  if (plan.workloads.length > 0) {
    const results = resultsByWorkload(report);
    // A dry run (or a run that stopped before any rollout) has no results: no empty columns for them.
    const withResults = report.results.length > 0;
    out.push(
      "",
      "#### Workloads",
      "",
      withResults
        ? "| Workload | Namespace | Action | Why | Result | Duration |"
        : "| Workload | Namespace | Action | Why |",
      withResults ? "|---|---|---|---|---|---|" : "|---|---|---|---|",
    );
    for (const w of plan.workloads.slice(0, maxRows)) {
      const result = results.get(idKey(w.id));
      const why = [w.reason, ...describeReferences(w), ...(w.origin ? [`from ${describeWhere(w)}`] : [])]
        .map(md)
        .join("<br>");
      const cells = [md(shortId(w.id)), md(w.id.namespace), md(w.action), why];
      if (withResults) {
        cells.push(
          md(result ? `${describeResult(result)}${result.message ? `: ${result.message}` : ""}` : "-"),
          md(result?.durationMs === undefined ? "-" : formatDuration(result.durationMs)),
        );
      }
      out.push(row(cells));
    }
    if (plan.workloads.length > maxRows)
      out.push("", `… and ${plan.workloads.length - maxRows} more workloads.`);
  }
  const explained = report.results.filter((r) => causeDetails(r).length > 0).slice(0, maxRows);
  if (explained.length > 0) {
    out.push("", "#### Why the new pods did not start", "");
    for (const r of explained) {
      out.push(`- **${md(shortId(r.id))}** (${md(r.id.namespace)}): ${md(r.message)}`);
      for (const line of causeDetails(r)) out.push(`  - ${md(line)}`);
    }
  }
  if (report.restores?.length) {
    out.push(
      "",
      "#### Restored configs",
      "",
      "| Config | Namespace | Result | Detail |",
      "|---|---|---|---|",
    );
    for (const r of report.restores.slice(0, maxRows))
      out.push(row([md(shortId(r.id)), md(r.id.namespace), md(r.result), md(describeRestore(r))]));
  }
  // The picture after the tables, and only where it shows more than a table row does: one config
  // feeding one workload is said by the row itself.
  const graph = edgeCount(plan) > 1 ? mermaidGraph(plan) : [];
  if (graph.length > 0) out.push("", "#### Configs → workloads", "", ...graph);
  if (report.notes?.length) {
    out.push("", "#### Notes", "");
    for (const note of report.notes.slice(0, maxRows)) out.push(`- ${md(note)}`);
  }
  const notes = [...plan.warnings, ...plan.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`)];
  if (notes.length > 0) {
    out.push("", "#### Warnings", "");
    for (const note of notes.slice(0, maxRows)) out.push(`- ${md(note)}`);
    if (notes.length > maxRows) out.push(`- … and ${notes.length - maxRows} more.`);
  }
  return `${out.join("\n")}\n`;
}

/** How many (changed config, workload) arrows the picture would draw. */
function edgeCount(plan: RunReport["plan"]): number {
  const changed = new Set(plan.changes.map((c) => idKey(c.id)));
  let edges = 0;
  for (const w of plan.workloads) {
    for (const config of new Set(w.references.map((r) => idKey(r.config)))) if (changed.has(config)) edges++;
  }
  return edges;
}

/** A table row of cells that are Markdown already (see `md`). */
function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

/** Renders as nothing: breaks a mention, an issue reference or an autolink without changing the text shown. */
const ZERO_WIDTH_SPACE = "&#8203;";

/**
 * Text from the repository or the cluster (file paths, names, messages) as Markdown that shows it
 * literally, on GitHub and GitLab alike, in a table cell, a list item or a heading: no HTML (so no
 * hidden comment and no fake comment marker), no link, image, emphasis, strikethrough or table cell
 * boundary, no line break (CR alone ends a line too), no list or heading of its own at the start;
 * no math: every `$` is its own `<span>` (both render `$…$` and `$$…$$` as math, GitLab after
 * rendering too, where neither a backslash nor an entity stops it, and a delimiter never pairs across
 * elements); and nothing either turns into a notification, a link or an emoji after rendering:
 * `@name` mentions, `#123`, `GH-123` and GitLab's `!123`, `%milestone`, `~label`, `&123` references,
 * `:emoji:` shortcodes and bare URLs (`https://...`, `www.`) get a zero-width space, as Renovate
 * does; a backslash would not stop them, since those are linked in the rendered text.
 */
export function escapeMarkdown(text: string): string {
  const escaped = text.replace(
    /\r\n?|[\n\u2028\u2029]|[&<>\\`*_[\]|~@#$]|!(?=\d)|%(?=[\w"])|:(?=\/\/|(?:[\w+-]*[a-z+][\w+-]*|100|1234):)|(?<=\bwww)\.|(?<=\bGH)-(?=\d)/gi,
    (c: string, at: number) => {
      // GitLab's references: `!123`, `&123`, `%milestone`, `~label`, `~"a label"`.
      const next = text[at + 1] ?? "";
      const reference = (c === "&" ? /\d/ : /[\w"]/).test(next) ? ZERO_WIDTH_SPACE : "";
      switch (c) {
        case "&":
          return `&amp;${reference}`;
        case "<":
          return "&lt;";
        case ">":
          return "&gt;";
        case "$":
          return "<span>&#36;</span>";
        case "~":
          return `\\~${reference}`;
        case "@":
        case "#":
        case ":":
        case "!":
        case "%":
        case "-":
          return `${c}${ZERO_WIDTH_SPACE}`;
        case ".":
          return `${ZERO_WIDTH_SPACE}.`;
        default:
          return LINE_BREAK.test(c) ? " " : `\\${c}`;
      }
    },
  );
  // At the start of a list item or heading, `- `, `+ `, `1. ` or `1) ` would open a list of its own.
  return escaped
    .trimStart()
    .replace(/^(?:[-+](?=\s|$)|\d+(?=[.)](?:\s|$)))/, (m) => (m === "-" || m === "+" ? `\\${m}` : `${m}\\`));
}

const LINE_BREAK = /^(?:\r\n?|[\n\u2028\u2029])$/;

function md(text: string): string {
  return escapeMarkdown(text);
}
