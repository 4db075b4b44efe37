// Types for scripts/gitlab-reports.mjs (plain JS so the GitLab template can embed it; typed here for the tests).

export interface ReportWorkload {
  kind: string;
  namespace: string;
  name: string;
  action: "restart" | "skip";
  reason: string;
  file?: string;
  line?: number;
  references?: Array<{ config: { kind: string; name: string }; path: string; changedKeys?: string[] }>;
  result?: { restart: string; rollout?: string; message: string; durationMs?: number };
}

/** The subset of reportObject() (src/report/report-json.ts) the GitLab reports read. */
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

export function readReport(text: string): { report?: GitLabReportInput; error?: string };
export function resultOf(report: GitLabReportInput | undefined, exitCode: number): string;
export function workloadStatus(workload: ReportWorkload, dryRun: string): WorkloadStatus;
export function workloadKey(id: { kind: string; namespace: string; name: string }): string;
export function joinCapped(items: string[], maxChars?: number): string;
export function renderDotenv(report: GitLabReportInput | undefined, exitCode: number): string;
export function escapeXml(text: string): string;
export function renderJunit(report: GitLabReportInput | undefined, exitCode: number, error?: string): string;
export function renderSummary(
  report: GitLabReportInput | undefined,
  exitCode: number,
  error?: string,
): string;
export function main(argv: string[]): number;
