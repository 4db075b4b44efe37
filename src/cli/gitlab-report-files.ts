// --junit FILE and --dotenv FILE: GitLab's reports of the run (report/gitlab-reports.ts), written by
// the CLI itself, so GitLab's templates run nothing but config-rollout. Written whatever the exit
// code, from the JSON report `--output json` prints (or the error's), so a failed job still says why
// in the merge request; before any flag is understood, the files named on the command line are used.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { EXIT_USAGE } from "../core/errors.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { gitlabReports } from "../report/gitlab-reports.js";
import type { CliIo } from "./cli-io.js";

export interface ReportFiles {
  junit?: string | undefined;
  dotenv?: string | undefined;
}

/**
 * Writes the requested reports and resolves to the run's exit code; a file that cannot be written
 * is an error line on stderr and, for a run that succeeded, exit 2. `summary`: the JSON report went
 * to stdout, so the job log gets a few readable lines on stderr.
 */
export function writeReportFiles(
  files: ReportFiles,
  jsonText: string,
  exitCode: number,
  io: Pick<CliIo, "stderr" | "cwd">,
  summary: boolean,
): number {
  if (files.junit === undefined && files.dotenv === undefined) return exitCode;
  const reports = gitlabReports(jsonText, exitCode);
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
  write("junit", files.junit, reports.junit);
  write("dotenv", files.dotenv, reports.dotenv);
  if (summary) io.stderr(escapeForCiLog(reports.summary));
  return code;
}

/** --junit and --dotenv as far as they can be told from flags that may not parse, else from the environment. */
export function requestedReportFiles(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ReportFiles {
  const value = (flag: string, variable: string) => {
    let found = env[variable] || undefined;
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg === `--${flag}`) found = argv[i + 1];
      else if (arg.startsWith(`--${flag}=`)) found = arg.slice(flag.length + 3);
    }
    return found;
  };
  return { junit: value("junit", "CONFIG_ROLLOUT_JUNIT"), dotenv: value("dotenv", "CONFIG_ROLLOUT_DOTENV") };
}
