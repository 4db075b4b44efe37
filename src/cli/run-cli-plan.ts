// A real run of the CLI (not --help/--version), the main run or `sync`: settings, adapters, the one
// wiring the action shares (run/run-in-ci.ts runCommand), the report. Imported lazily by run-cli.ts,
// so --help and --version do not run its modules' top level. It reports its own errors
// (report-error.ts) and resolves to an exit code.
import { resolve } from "node:path";
import { UserError } from "../core/errors.js";
import { CLI_FLAGS } from "../core/option-naming.js";
import { exitCodeOf, type OutputFormat } from "../core/run-result.js";
import { createGit } from "../git/create-git.js";
import { withStagesNoted } from "../process/interrupt.js";
import { eventReader } from "../range/github-event.js";
import { describeError } from "../report/error-line.js";
import { renderErrorReport } from "../report/error-report.js";
import { renderReport } from "../report/render-report.js";
import { createClusterConnection } from "../run/cluster-connection.js";
import { commentErrorLine, reviewCommenter } from "../run/comment-on-review.js";
import { runCommand } from "../run/run-in-ci.js";
import { VERSION } from "../run/version.js";
import { deprecationWarnings } from "../settings/deprecated-options.js";
import type { parseArgs } from "../settings/parse-args.js";
import { ENV_VARIABLES, rawValuesFromEnv, toSettings } from "../settings/settings.js";
import type { CliIo } from "./cli-io.js";
import { type ReportFiles, writeReportFiles } from "./gitlab-report-files.js";
import { reportError } from "./report-error.js";
import { createStderrLog } from "./stderr-log.js";

export async function runPlanFromArgs(
  command: "run" | "sync",
  args: ReturnType<typeof parseArgs>,
  env: Record<string, string | undefined>,
  io: CliIo,
  /** `output`: the format asked for, until the settings say for sure (an error report uses it). */
  state: { debug: boolean; output: OutputFormat },
): Promise<number> {
  // Set once the settings ask for the plan comment (--comment): the report, or the error, goes there too.
  let comment: ReturnType<typeof reviewCommenter> | undefined;
  // --junit / --dotenv: until the settings say for sure, as the flags and environment name them.
  let reportFiles: ReportFiles = {
    junit: args.values.junit || env.CONFIG_ROLLOUT_JUNIT || undefined,
    dotenv: args.values.dotenv || env.CONFIG_ROLLOUT_DOTENV || undefined,
  };
  try {
    const fromEnv = rawValuesFromEnv(env);
    const settings = toSettings(fromEnv, args.values);
    state.debug = settings.debug;
    state.output = settings.output;
    reportFiles = { junit: settings.junit, dotenv: settings.dotenv };
    if (settings.check || settings.changedOnly) {
      throw new UserError(
        `--${settings.check ? "check" : "changed-only"} is a flag of \`config-rollout stamp\`: run \`config-rollout stamp ${settings.check ? "--check" : "--changed-only"}\``,
      );
    }
    const log = withStagesNoted(
      createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr }),
    );
    for (const warning of [
      ...deprecationWarnings(fromEnv, ENV_VARIABLES),
      ...deprecationWarnings(args.values, CLI_FLAGS),
    ])
      log.warn(warning);
    // GitHub's event payload, read once for the range and the comment.
    const readEvent = eventReader(env);
    // --comment: the plan on the pull or merge request; what happened is one line on stderr, never the exit code.
    if (settings.comment) {
      const commentId = settings.commentId ? { commentId: settings.commentId } : {};
      const request = { env, readEvent, ...commentId, version: VERSION, fullReportIn: "the job log" };
      comment = reviewCommenter(request, (o) =>
        o.level === "warning" ? log.warn(o.message) : log.info(o.message),
      );
    }
    const cluster = createClusterConnection(settings, env, {
      path: args.values.kubeconfig === undefined ? "KUBECONFIG" : "--kubeconfig",
    });
    const report = await runCommand(command, settings, {
      env,
      cluster,
      readEvent,
      openGit: () => createGit(resolve(io.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs }),
      logFor: () => log,
    });
    io.stdout(renderReport(report, settings.output));
    await comment?.({ report });
    const json = renderReport(report, "json");
    return writeReportFiles(reportFiles, json, exitCodeOf(report), io, settings.output === "json");
  } catch (error) {
    let code = await reportError(error, state.debug, io, state.output);
    const json = renderErrorReport(error, state.debug, "json");
    code = writeReportFiles(reportFiles, json, code, io, state.output === "json");
    await comment?.({ error: commentErrorLine(describeError(error, false)) });
    return code;
  }
}

/** `config-rollout stamp`: its modules are evaluated only for that subcommand. */
export async function runStampFromArgs(
  ...args: Parameters<typeof import("./run-cli-stamp.js").runStampFromArgs>
): Promise<number> {
  const { runStampFromArgs: run } = await import("./run-cli-stamp.js");
  return run(...args);
}
