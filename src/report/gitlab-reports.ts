// GitLab CI's reports from the JSON report (`--output json`'s object): a dotenv file with the
// result (artifacts:reports:dotenv, --dotenv FILE), a JUnit file with one test case per workload
// (artifacts:reports:junit, --junit FILE), and a short summary for the job log. Pure: the CLI writes
// the files (cli/gitlab-report-files.ts), so GitLab's templates run nothing but config-rollout.

export interface ReportWorkload {
  kind: string;
  namespace: string;
  name: string;
  action: "restart" | "skip";
  reason: string;
  file?: string;
  line?: number;
  /** Set on a --contexts run's workloads: the cluster they were reported for. */
  context?: string;
  references?: Array<{ config: { kind: string; name: string }; path: string; changedKeys?: string[] }>;
  result?: { restart: string; rollout?: string; message: string; durationMs?: number; cause?: unknown };
}

/** The part of reportObject() (report-json.ts) the GitLab reports read. */
export interface GitLabReportInput {
  outcome: "restarted" | "nothing-to-do" | "failed" | "planned" | "incomplete";
  dryRun: "none" | "client" | "server";
  base?: string;
  head: string;
  range: string;
  changes: Array<{ kind: string; namespace: string; name: string }>;
  workloads: ReportWorkload[];
  problems?: Array<{ file: string; line: number; col: number; message: string; severity: string }>;
  warnings?: string[];
}

export interface WorkloadStatus {
  state: "passed" | "failed" | "skipped";
  label: string;
  type?: string;
  detail: string;
}

type Json = Record<string, unknown>;

const OUTCOMES: readonly string[] = ["restarted", "nothing-to-do", "failed", "planned", "incomplete"];
const FAILED_ROLLOUTS: readonly (string | undefined)[] = ["failed", "timeout", "deleted", "rolled-back"];
// GitLab rejects a dotenv file over 5 KiB; five lists of this size plus the short values fit.
const MAX_LIST_CHARS = 900;

/** The parsed report, or why it could not be read. */
export function readReport(text: string): { report?: GitLabReportInput; error?: string } {
  if (text.trim() === "") return { error: "the report is empty" };
  // biome-ignore lint/suspicious/noExplicitAny: a report from outside, checked field by field below
  let value: any;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `the report is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  // A run that ended in an error prints {"outcome":"failed","error":{"exitCode","message"}}: its message is the reason.
  if (typeof value?.error?.message === "string") return { error: value.error.message };
  // A --contexts run lists workloads per cluster: each is reported once per cluster, named by its context.
  if (value !== null && typeof value === "object" && Array.isArray(value.clusters)) {
    const perCluster = value.clusters.flatMap((c: Json) =>
      (Array.isArray(c?.workloads) ? c.workloads : []).map((w: Json) => ({
        ...w,
        context: String(c.context),
      })),
    );
    value = { ...value, workloads: perCluster };
  }
  if (value === null || typeof value !== "object" || !Array.isArray(value.workloads)) {
    return { error: "the report has no workloads list" };
  }
  if (!OUTCOMES.includes(value.outcome)) return { error: `unknown outcome ${JSON.stringify(value.outcome)}` };
  return { report: value };
}

/** CONFIG_ROLLOUT_RESULT: the report's outcome, "failed" whenever the CLI failed or left no report. */
export function resultOf(report: GitLabReportInput | undefined, exitCode: number): string {
  if (report === undefined || exitCode !== 0) return "failed";
  return report.outcome;
}

/** How one workload appears in the JUnit report and the log. */
export function workloadStatus(workload: ReportWorkload, dryRun: string): WorkloadStatus {
  const result = workload.result;
  if (workload.action === "skip") return { state: "skipped", label: "skipped", detail: workload.reason };
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
  if (FAILED_ROLLOUTS.includes(result.rollout)) {
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

export function workloadKey(id: { kind: string; namespace: string; name: string; context?: string }): string {
  return `${id.context ? `${id.context}:` : ""}${id.kind}/${id.namespace}/${id.name}`;
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
export function renderDotenv(report: GitLabReportInput | undefined, exitCode: number): string {
  const workloads = report?.workloads ?? [];
  const status = (w: ReportWorkload) => workloadStatus(w, report?.dryRun ?? "none");
  const values = {
    CONFIG_ROLLOUT_RESULT: resultOf(report, exitCode),
    CONFIG_ROLLOUT_EXIT_CODE: String(exitCode),
    CONFIG_ROLLOUT_CHANGED_CONFIGS: joinCapped((report?.changes ?? []).map(workloadKey)),
    CONFIG_ROLLOUT_PLANNED: joinCapped(workloads.filter((w) => w.action === "restart").map(workloadKey)),
    CONFIG_ROLLOUT_RESTARTED: joinCapped(
      workloads.filter((w) => w.result?.restart === "restarted").map(workloadKey),
    ),
    CONFIG_ROLLOUT_FAILED: joinCapped(workloads.filter((w) => status(w).state === "failed").map(workloadKey)),
    CONFIG_ROLLOUT_ROLLED_BACK: joinCapped(
      workloads.filter((w) => w.result?.rollout === "rolled-back").map(workloadKey),
    ),
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

function describeReferences(workload: ReportWorkload): string[] {
  return (workload.references ?? []).map((r) => {
    const changed = r.changedKeys?.length ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${r.config.kind.toLowerCase()}/${r.config.name} via ${r.path}${changed}`;
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
function causeLines(value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  const cause = value as Json;
  const events = Array.isArray(cause.events) ? cause.events.map((e) => `event: ${String(e)}`) : [];
  const log = Array.isArray(cause.log) ? cause.log.map((l) => `| ${String(l)}`) : [];
  return [
    ...events,
    ...(log.length > 0 ? [`log of the previous run of ${String(cause.container)}:`, ...log] : []),
  ];
}

/** One test case per workload (failure: failed restart or rollout; skipped: skipped workloads). */
export function renderJunit(report: GitLabReportInput | undefined, exitCode: number, error?: string): string {
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  let errors = 0;
  for (const w of report?.workloads ?? []) {
    const status = workloadStatus(w, report?.dryRun ?? "none");
    const where = w.file ? `${w.file}:${w.line}` : "found on the cluster";
    const out = [
      `${status.label}: ${status.detail}`,
      ...causeLines(w.result?.cause),
      `defined in ${where}`,
      ...describeReferences(w),
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
          classname: `config-rollout.${w.context ? `${w.context}.` : ""}${w.namespace}`,
          name: `${w.kind.toLowerCase()}/${w.name}`,
          file: w.file,
          time: seconds(w.result?.durationMs),
        },
        body,
      ),
    );
  }
  // A failed run must show up as a failed test even when no workload failed (bad input, no report).
  const anyWorkloadFailed = failures > 0;
  if (exitCode !== 0 && !anyWorkloadFailed) {
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
  const time = seconds((report?.workloads ?? []).reduce((sum, w) => sum + (w.result?.durationMs ?? 0), 0));
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}"`;
  const notes = [...(report?.warnings ?? []), ...(report?.problems ?? []).map(describeProblem)];
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

function describeProblem(problem: {
  file: string;
  line: number;
  col: number;
  message: string;
  severity: string;
}): string {
  return `${problem.severity}: ${problem.file}:${problem.line}:${problem.col}: ${problem.message}`;
}

/** A few lines for the job log: the JSON report went to a file, not to the log. */
export function renderSummary(
  report: GitLabReportInput | undefined,
  exitCode: number,
  error?: string,
): string {
  if (report === undefined) {
    return `config-rollout: no report (${error}); exit code ${exitCode}, result failed\n`;
  }
  const range = report.base
    ? `${report.base.slice(0, 7)}..${report.head.slice(0, 7)}`
    : report.head.slice(0, 7);
  const lines = [
    `config-rollout: result ${resultOf(report, exitCode)}${report.dryRun !== "none" ? ` (dry run: ${report.dryRun})` : ""}, exit code ${exitCode}`,
    `  compared ${range}: ${report.range}`,
    `  changed configs: ${report.changes.map(workloadKey).join(", ") || "none"}`,
  ];
  for (const w of report.workloads) {
    const status = workloadStatus(w, report.dryRun ?? "none");
    lines.push(`  ${status.label.padEnd(16)} ${workloadKey(w)}: ${status.detail}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Both reports and the log's summary of one run, from its JSON report's text and exit code. */
export function gitlabReports(
  jsonText: string,
  exitCode: number,
): { dotenv: string; junit: string; summary: string } {
  const { report, error } = readReport(jsonText);
  return {
    dotenv: renderDotenv(report, exitCode),
    junit: renderJunit(report, exitCode, error),
    summary: renderSummary(report, exitCode, error),
  };
}
