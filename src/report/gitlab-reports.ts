// GitLab CI's reports of a run (the report, or the error that ended it): a dotenv file with the
// result (artifacts:reports:dotenv, --dotenv FILE), a JUnit file with one test case per workload
// (artifacts:reports:junit, --junit FILE), and a short summary for the job log. Pure: the CLI writes
// the files, so GitLab's templates run nothing but config-rollout.

import { shortSha } from "../core/commit-sha.js";
import { idKey, type PlannedWorkload, shortId } from "../core/model.js";
import {
  isFailureOutcome,
  type RunReport,
  resultsByWorkload,
  type WorkloadResult,
} from "../core/run-result.js";
import { errorParts } from "./error-line.js";

/** A planned workload with its result, and in a --context run with several contexts, its cluster's. */
export interface ReportedWorkload {
  workload: PlannedWorkload;
  result?: WorkloadResult | undefined;
  context?: string;
}

interface WorkloadStatus {
  state: "passed" | "failed" | "skipped";
  label: string;
  type?: string;
  detail: string;
}

// GitLab rejects a dotenv file over 5 KiB; five lists of this size plus the short values fit.
const MAX_LIST_CHARS = 900;

/** Each planned workload with its result; a --context run's once per cluster, named by its context. */
function reportedWorkloads(report: RunReport | undefined): ReportedWorkload[] {
  if (report?.clusters) {
    return report.clusters.flatMap((c) =>
      (c.report ? reportedWorkloads(c.report) : []).map((w) => ({ ...w, context: c.context })),
    );
  }
  const results = resultsByWorkload(report ?? { results: [] });
  return (report?.plan.workloads ?? []).map((workload) => ({
    workload,
    result: results.get(idKey(workload.id)),
  }));
}

/** CONFIG_ROLLOUT_RESULT: the report's outcome, "failed" whenever the CLI failed or left no report. */
export function resultOf(report: RunReport | undefined, exitCode: number): string {
  if (report === undefined || exitCode !== 0) return "failed";
  return report.outcome;
}

/** How one workload appears in the JUnit report and the log. */
export function workloadStatus({ workload, result }: ReportedWorkload, dryRun: string): WorkloadStatus {
  if (workload.action === "skip") return { state: "skipped", label: "skipped", detail: workload.reason };
  if (result === undefined && workload.action === "baseline" && dryRun !== "none")
    return { state: "passed", label: "would record a baseline", detail: `dry run: ${workload.reason}` };
  if (result === undefined) {
    return dryRun !== "none"
      ? { state: "passed", label: "would restart", detail: `dry run: ${workload.reason}` }
      : { state: "skipped", label: "not run", detail: "no result was reported for this restart" };
  }
  if (result.restart === "failed") {
    return { state: "failed", label: "restart failed", type: "restart", detail: result.message };
  }
  // --strategy gitops: the agent never applied the commit, a failure apart from a failed rollout.
  if (result.restart === "agent-not-applied") {
    return { state: "failed", label: "agent not applied", type: "agent-not-applied", detail: result.message };
  }
  if (isFailureOutcome(result.rollout)) {
    return {
      state: "failed",
      label: result.rollout === "rolled-back" ? "rolled back" : `rollout ${result.rollout}`,
      type: result.rollout,
      detail: result.message,
    };
  }
  if (result.restart === "paused") return { state: "skipped", label: "paused", detail: result.message };
  if (result.restart === "not-on-cluster") {
    return { state: "skipped", label: "not on this cluster", detail: result.message };
  }
  const label =
    (result.restart === "restarted" || result.restart === "agent-applied") && result.rollout === "done"
      ? "rolled out"
      : result.rollout || result.restart;
  return { state: "passed", label, detail: result.message };
}

/** `kind/namespace/name`, after `context:` in a run over several contexts. */
function workloadKey({ workload: { id }, context }: ReportedWorkload): string {
  return `${context ? `${context}:` : ""}${idKey(id)}`;
}

/** Comma-separated, capped so the dotenv file stays within GitLab's limit. */
export function joinCapped(items: string[], maxChars = MAX_LIST_CHARS): string {
  const all = items.join(",");
  if (all.length <= maxChars) return all;
  const kept: string[] = [];
  for (const item of items) {
    const rest = items.length - kept.length - 1;
    if ([...kept, item, `...+${rest} more`].join(",").length > maxChars) break;
    kept.push(item);
  }
  return [...kept, `...+${items.length - kept.length} more`].join(",");
}

/** KEY=value lines: single-line values, no quotes, no comments (GitLab's dotenv rules). */
export function renderDotenv(report: RunReport | undefined, exitCode: number): string {
  const workloads = reportedWorkloads(report);
  const keys = (keep: (w: ReportedWorkload) => boolean) =>
    joinCapped(workloads.filter(keep).map(workloadKey));
  const values = {
    CONFIG_ROLLOUT_RESULT: resultOf(report, exitCode),
    CONFIG_ROLLOUT_EXIT_CODE: String(exitCode),
    CONFIG_ROLLOUT_CHANGED_CONFIGS: joinCapped((report?.plan.changes ?? []).map((c) => idKey(c.id))),
    CONFIG_ROLLOUT_PLANNED: keys((w) => w.workload.action === "restart"),
    CONFIG_ROLLOUT_RESTARTED: keys((w) => w.result?.restart === "restarted"),
    CONFIG_ROLLOUT_FAILED: keys((w) => workloadStatus(w, report?.dryRun ?? "none").state === "failed"),
    CONFIG_ROLLOUT_ROLLED_BACK: keys((w) => w.result?.rollout === "rolled-back"),
  };
  return Object.entries(values)
    .map(([key, value]) => `${key}=${value.replace(/[\r\n]+/g, " ")}\n`)
    .join("");
}

export function escapeXml(text: unknown): string {
  return (
    String(text)
      // Characters XML 1.0 cannot hold at all (control characters other than tab and newlines).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

function describeReferences(workload: PlannedWorkload): string[] {
  return workload.references.map((r) => {
    const changed = r.changedKeys.length ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${shortId(r.config)} via ${r.path}${changed}`;
  });
}

function testcase(attrs: Record<string, string | number | undefined>, body: string[]): string {
  const attributes = Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return body.length === 0
    ? `    <testcase${attributes}/>`
    : `    <testcase${attributes}>\n${body.map((line) => `      ${line}`).join("\n")}\n    </testcase>`;
}

/** What a failed workload's new pod said (config-rollout cuts each line to a bounded length): events, then its previous run's log. */
function causeLines(cause: WorkloadResult["cause"]): string[] {
  if (!cause) return [];
  const events = (cause.events ?? []).map((e) => `event: ${e}`);
  const log = (cause.log ?? []).map((l) => `| ${l}`);
  return [...events, ...(log.length > 0 ? [`log of the previous run of ${cause.container}:`, ...log] : [])];
}

/** One test case per workload (failure: failed restart or rollout; skipped: skipped workloads). */
export function renderJunit(report: RunReport | undefined, exitCode: number, error?: string): string {
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  let errors = 0;
  const workloads = reportedWorkloads(report);
  for (const w of workloads) {
    const { workload, result, context } = w;
    const status = workloadStatus(w, report?.dryRun ?? "none");
    const where = workload.file ? `${workload.file}:${workload.line}` : "found on the cluster";
    const out = [
      `${status.label}: ${status.detail}`,
      ...causeLines(result?.cause),
      `defined in ${where}`,
      ...describeReferences(workload),
    ];
    const body: string[] = [];
    if (status.state === "failed") {
      failures++;
      body.push(`<failure type="${escapeXml(status.type)}" message="${escapeXml(status.detail)}"/>`);
    } else if (status.state === "skipped") {
      skipped++;
      body.push(`<skipped message="${escapeXml(status.detail)}"/>`);
    }
    body.push(`<system-out>${escapeXml(out.join("\n"))}</system-out>`);
    cases.push(
      testcase(
        {
          classname: `config-rollout.${context ? `${context}.` : ""}${workload.id.namespace}`,
          name: shortId(workload.id),
          file: workload.file || undefined,
          time: seconds(result?.durationMs),
        },
        body,
      ),
    );
  }
  // A failed run must show up as a failed test even when no workload failed (bad input, no report).
  if (exitCode !== 0 && failures === 0) {
    errors++;
    const message =
      report === undefined
        ? `config-rollout exited with code ${exitCode} without a report${error ? ` (${error})` : ""}: see the job log`
        : `config-rollout exited with code ${exitCode}: see the job log`;
    cases.push(
      testcase({ classname: "config-rollout", name: "config-rollout run", time: seconds(0) }, [
        `<error type="exit-code-${exitCode}" message="${escapeXml(message)}"/>`,
      ]),
    );
  }
  const time = seconds(workloads.reduce((sum, w) => sum + (w.result?.durationMs ?? 0), 0));
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}"`;
  const notes = [
    ...(report?.plan.warnings ?? []),
    ...(report?.plan.problems ?? []).map((p) => `${p.severity}: ${p.file}:${p.line}:${p.col}: ${p.message}`),
  ];
  const suiteOut = notes.length > 0 ? [`    <system-out>${escapeXml(notes.join("\n"))}</system-out>`] : [];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="config-rollout" ${counts}>`,
    `  <testsuite name="config-rollout" ${counts}>`,
    ...cases,
    ...suiteOut,
    `  </testsuite>`,
    `</testsuites>`,
    ``,
  ].join("\n");
}

/** A few lines for the job log: the JSON report went to a file, not to the log. */
function renderSummary(report: RunReport | undefined, exitCode: number, error?: string): string {
  if (report === undefined) {
    return `config-rollout: no report (${error}); exit code ${exitCode}, result failed\n`;
  }
  const { plan } = report;
  const range = plan.base ? `${shortSha(plan.base)}..${shortSha(plan.head)}` : shortSha(plan.head);
  const lines = [
    `config-rollout: result ${resultOf(report, exitCode)}${report.dryRun !== "none" ? ` (dry run: ${report.dryRun})` : ""}, exit code ${exitCode}`,
    `  compared ${range}: ${plan.rangeNote}`,
    `  changed configs: ${plan.changes.map((c) => idKey(c.id)).join(", ") || "none"}`,
  ];
  for (const w of reportedWorkloads(report)) {
    const status = workloadStatus(w, report.dryRun);
    lines.push(`  ${status.label.padEnd(16)} ${workloadKey(w)}: ${status.detail}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Both reports and the log's summary of one run that ended with `exitCode`: from its report, or the error that ended it (with --debug or not). */
export function gitlabReports(
  content: { report: RunReport } | { error: unknown; debug: boolean },
  exitCode: number,
): { dotenv: string; junit: string; summary: string } {
  const report = "report" in content ? content.report : undefined;
  const error = "error" in content ? errorParts(content.error, content.debug).message : undefined;
  return {
    dotenv: renderDotenv(report, exitCode),
    junit: renderJunit(report, exitCode, error),
    summary: renderSummary(report, exitCode, error),
  };
}
