// What the CLI writes when a command ends: the report on stdout, or the error as one escaped line on
// stderr (with --output json or markdown stdout also gets it as a report: a JSON object, a heading,
// so a program reading it is never left with nothing); and --junit FILE and --dotenv FILE, GitLab's
// reports of the run (report/gitlab-reports.ts), written whatever the exit code so a failed job still
// says why in the merge request, and so GitLab's templates run nothing but config-rollout.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { EXIT_FAILED, EXIT_OK, exitCodeFor } from "../core/errors.js";
import { exitCodeOf, type RunReport } from "../core/run-result.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { describeError } from "../report/error-line.js";
import { renderErrorReport } from "../report/error-report.js";
import { gitlabReports } from "../report/gitlab-reports.js";
import { renderReport } from "../report/render-report.js";
import { UnwritableOutputError } from "../run/output-files.js";
import type { RunSettings } from "../settings/settings.js";

/** Where the CLI writes, and what it knows of its terminal: passed in, so tests run the CLI in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Colour on stderr (a terminal without NO_COLOR). */
  color: boolean;
  /** Where a relative --repo is resolved. */
  cwd: string;
}

/** How the end of a command is written: the format, --debug, the GitLab report files. */
export type Reporting = Pick<RunSettings, "output" | "debug" | "junit" | "dotenv">;

/** The error that ended a command, and its GitLab report files: returns the exit code. */
export function writeFailure(error: unknown, settings: Reporting, io: CliIo): number {
  io.stderr(`${escapeForCiLog(describeError(error, settings.debug))}\n`);
  const report = renderErrorReport(error, settings.debug, settings.output);
  if (report !== "") io.stdout(report);
  return writeReportFiles(settings, { error, debug: settings.debug }, io).exitCode;
}

/**
 * A finished run's GitLab report files, then its report on stdout, returning the exit code. Their
 * paths were checked before the run's first write; a file that still cannot be written (a full disk)
 * fails a run that succeeded with exit 1 (never 2: the run did write), and the report says so.
 */
export function writeReport(report: RunReport, settings: Reporting, io: CliIo): number {
  const { exitCode, unwritten } = writeReportFiles(settings, { report }, io);
  const notes = unwritten.map(
    (file) =>
      `${file}: exit code ${exitCode} for the missing report; the run's own result is ${report.outcome}`,
  );
  const shown =
    notes.length === 0
      ? report
      : { ...report, plan: { ...report.plan, warnings: [...report.plan.warnings, ...notes] } };
  io.stdout(renderReport(shown, settings.output));
  return exitCode;
}

/**
 * The GitLab report files of a report or an error: the exit code (the run's, or 1 for a run that
 * succeeded when a file cannot be written: an error line on stderr) and the files not written. The
 * dotenv file, written last, carries that exit code. With --output json the report goes to stdout,
 * so the job log gets a few readable lines on stderr.
 */
function writeReportFiles(
  settings: Reporting,
  content: { report: RunReport } | { error: unknown; debug: boolean },
  io: CliIo,
): { exitCode: number; unwritten: string[] } {
  let exitCode = "report" in content ? exitCodeOf(content.report) : exitCodeFor(content.error);
  const unwritten: string[] = [];
  if (settings.junit === undefined && settings.dotenv === undefined) return { exitCode, unwritten };
  // The check before the run found a file it cannot write: its error says so once.
  if ("error" in content && content.error instanceof UnwritableOutputError) return { exitCode, unwritten };
  const write = (flag: "junit" | "dotenv", file: string | undefined) => {
    if (file === undefined) return;
    try {
      writeFileSync(resolve(io.cwd, file), gitlabReports(content, exitCode)[flag]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const line = `--${flag} ${file}: cannot write the report (${reason})`;
      io.stderr(`${escapeForCiLog(`error: ${line}`)}\n`);
      unwritten.push(line);
      if (exitCode === EXIT_OK) exitCode = EXIT_FAILED;
    }
  };
  write("junit", settings.junit);
  write("dotenv", settings.dotenv);
  if (settings.output === "json") {
    // GitLab's result follows the exit code ("failed"); the line after it says what the run did.
    const ownResult = "report" in content && unwritten.length > 0 ? content.report.outcome : undefined;
    io.stderr(
      escapeForCiLog(
        `${gitlabReports(content, exitCode).summary}${ownResult ? `  the run's own result: ${ownResult}; exit code ${exitCode} for the missing report\n` : ""}`,
      ),
    );
  }
  return { exitCode, unwritten };
}
