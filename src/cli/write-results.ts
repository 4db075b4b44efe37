// What the CLI writes when a command ends: the report on stdout, or the error as one escaped line on
// stderr (with --output json or markdown stdout also gets it as a report: a JSON object, a heading,
// so a program reading it is never left with nothing); and --junit FILE and --dotenv FILE, GitLab's
// reports of the run (report/gitlab-reports.ts), written whatever the exit code so a failed job still
// says why in the merge request, and so GitLab's templates run nothing but config-rollout.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { EXIT_USAGE, exitCodeFor } from "../core/errors.js";
import { exitCodeOf, type RunReport } from "../core/run-result.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { describeError } from "../report/error-line.js";
import { renderErrorReport } from "../report/error-report.js";
import { gitlabReports } from "../report/gitlab-reports.js";
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
  return writeReportFiles(settings, { error, debug: settings.debug }, io);
}

/**
 * The GitLab report files of a report or an error, returning the exit code: the run's, or for a
 * file that cannot be written (an error line on stderr) 2 when the run succeeded. With --output json
 * the report went to stdout, so the job log gets a few readable lines on stderr.
 */
export function writeReportFiles(
  settings: Reporting,
  content: { report: RunReport } | { error: unknown; debug: boolean },
  io: CliIo,
): number {
  const exitCode = "report" in content ? exitCodeOf(content.report) : exitCodeFor(content.error);
  if (settings.junit === undefined && settings.dotenv === undefined) return exitCode;
  const reports = gitlabReports(content, exitCode);
  let code = exitCode;
  const write = (flag: string, file: string | undefined, text: string) => {
    if (file === undefined) return;
    try {
      writeFileSync(resolve(io.cwd, file), text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      io.stderr(`${escapeForCiLog(`error: --${flag} ${file}: cannot write the report (${reason})`)}\n`);
      if (code === 0) code = EXIT_USAGE;
    }
  };
  write("junit", settings.junit, reports.junit);
  write("dotenv", settings.dotenv, reports.dotenv);
  if (settings.output === "json") io.stderr(escapeForCiLog(reports.summary));
  return code;
}
