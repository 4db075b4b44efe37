// GitLab CI reports from config-rollout's JSON report (`--output json`): a dotenv file with the
// result (artifacts:reports:dotenv) and a JUnit file with one test case per workload
// (artifacts:reports:junit), plus a short summary for the job log.
// Plain Node, no dependencies: .gitlab-ci-template.yml and templates/config-rollout.yml embed this
// file verbatim (refresh them with `node scripts/embed-gitlab-reports.mjs`), so the job image needs
// nothing but node and git.
//
// usage: node gitlab-reports.mjs PLAN_JSON CLI_EXIT_CODE DOTENV_FILE JUNIT_FILE
// Exits 0 once both files are written, or 1 when the CLI exited 0 but left no readable report.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const OUTCOMES = ["restarted", "nothing-to-do", "failed", "planned", "incomplete"];
const FAILED_ROLLOUTS = ["failed", "timeout", "deleted"];
// GitLab rejects a dotenv file over 5 KiB; four lists of this size plus the short values fit.
const MAX_LIST_CHARS = 1000;

/** The parsed report, or why it could not be read. */
export function readReport(text) {
  if (text.trim() === "") return { error: "the report is empty" };
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `the report is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  // A run that ended in an error prints {"outcome":"failed","error":{"exitCode","message"}}: its message is the reason.
  if (typeof value?.error?.message === "string") return { error: value.error.message };
  // A --contexts run lists workloads per cluster: each is reported once per cluster, named by its context.
  if (value !== null && typeof value === "object" && Array.isArray(value.clusters)) {
    const perCluster = value.clusters.flatMap((c) =>
      (Array.isArray(c?.workloads) ? c.workloads : []).map((w) => ({ ...w, context: String(c.context) })),
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
export function resultOf(report, exitCode) {
  if (report === undefined || exitCode !== 0) return "failed";
  return report.outcome;
}

/** How one workload appears in the JUnit report and the log. */
export function workloadStatus(workload, dryRun) {
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
      label: `rollout ${result.rollout}`,
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

export function workloadKey(id) {
  return `${id.context ? `${id.context}:` : ""}${id.kind}/${id.namespace}/${id.name}`;
}

/** Comma-separated, capped so the dotenv file stays within GitLab's limit. */
export function joinCapped(items, maxChars = MAX_LIST_CHARS) {
  const all = items.join(",");
  if (all.length <= maxChars) return all;
  const kept = [];
  for (const item of items) {
    const rest = items.length - kept.length - 1;
    if ([...kept, item, `...+${rest} more`].join(",").length > maxChars) break;
    kept.push(item);
  }
  return [...kept, `...+${items.length - kept.length} more`].join(",");
}

/** KEY=value lines: single-line values, no quotes, no comments (GitLab's dotenv rules). */
export function renderDotenv(report, exitCode) {
  const workloads = report?.workloads ?? [];
  const status = (w) => workloadStatus(w, report?.dryRun ?? "none");
  const values = {
    CONFIG_ROLLOUT_RESULT: resultOf(report, exitCode),
    CONFIG_ROLLOUT_EXIT_CODE: String(exitCode),
    CONFIG_ROLLOUT_CHANGED_CONFIGS: joinCapped((report?.changes ?? []).map(workloadKey)),
    CONFIG_ROLLOUT_PLANNED: joinCapped(workloads.filter((w) => w.action === "restart").map(workloadKey)),
    CONFIG_ROLLOUT_RESTARTED: joinCapped(
      workloads.filter((w) => w.result?.restart === "restarted").map(workloadKey),
    ),
    CONFIG_ROLLOUT_FAILED: joinCapped(workloads.filter((w) => status(w).state === "failed").map(workloadKey)),
  };
  return Object.entries(values)
    .map(([key, value]) => `${key}=${value.replace(/[\r\n]+/g, " ")}\n`)
    .join("");
}

export function escapeXml(text) {
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

function seconds(ms) {
  return ((ms ?? 0) / 1000).toFixed(3);
}

function describeReferences(workload) {
  return (workload.references ?? []).map((r) => {
    const changed = r.changedKeys?.length ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${r.config.kind.toLowerCase()}/${r.config.name} via ${r.path}${changed}`;
  });
}

function testcase(attrs, body) {
  const attributes = Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return body.length === 0
    ? `    <testcase${attributes}/>`
    : `    <testcase${attributes}>\n${body.map((line) => `      ${line}`).join("\n")}\n    </testcase>`;
}

/** What a failed workload's new pod said (config-rollout cuts each line to a bounded length): events, then its previous run's log. */
function causeLines(cause) {
  if (!cause || typeof cause !== "object") return [];
  const events = Array.isArray(cause.events) ? cause.events.map((e) => `event: ${String(e)}`) : [];
  const log = Array.isArray(cause.log) ? cause.log.map((l) => `| ${String(l)}`) : [];
  return [
    ...events,
    ...(log.length > 0 ? [`log of the previous run of ${String(cause.container)}:`, ...log] : []),
  ];
}

/** One test case per workload (failure: failed restart or rollout; skipped: skipped workloads). */
export function renderJunit(report, exitCode, error) {
  const cases = [];
  let failures = 0;
  let skipped = 0;
  let errors = 0;
  for (const w of report?.workloads ?? []) {
    const status = workloadStatus(w, report.dryRun ?? "none");
    const where = w.file ? `${w.file}:${w.line}` : "found on the cluster";
    const out = [
      `${status.label}: ${status.detail}`,
      ...causeLines(w.result?.cause),
      `defined in ${where}`,
      ...describeReferences(w),
    ];
    const body = [];
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

function describeProblem(problem) {
  return `${problem.severity}: ${problem.file}:${problem.line}:${problem.col}: ${problem.message}`;
}

/** A few lines for the job log: the JSON report went to a file, not to the log. */
export function renderSummary(report, exitCode, error) {
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

export function main(argv) {
  const [planFile, exitCodeText, dotenvFile, junitFile] = argv;
  if (!planFile || !/^\d+$/.test(exitCodeText ?? "") || !dotenvFile || !junitFile) {
    process.stderr.write("usage: node gitlab-reports.mjs PLAN_JSON CLI_EXIT_CODE DOTENV_FILE JUNIT_FILE\n");
    return 2;
  }
  const exitCode = Number(exitCodeText);
  let text = "";
  try {
    text = readFileSync(planFile, "utf8");
  } catch (error) {
    text = "";
    if (error?.code !== "ENOENT") throw error;
  }
  const { report, error } = readReport(text);
  writeFileSync(dotenvFile, renderDotenv(report, exitCode));
  writeFileSync(junitFile, renderJunit(report, exitCode, error));
  process.stdout.write(renderSummary(report, exitCode, error));
  if (report === undefined && exitCode === 0) {
    process.stderr.write(`config-rollout exited 0 but ${planFile} holds no readable report: ${error}\n`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
