// The CLI as a function: flags and environment in, report on stdout, progress and errors on
// stderr, an exit code out. main.ts runs it on the real process; tests run it in-process.
// Only the flag parser is loaded up front: `--help` and `--version` must not pay for loading git,
// YAML and the pipeline (run-cli-plan.ts), which a real run imports once the flags are read (in
// dist/cli.js, its modules' top level runs only then).

import { EXIT_OK } from "../core/errors.js";
import { renderErrorReport } from "../report/error-report.js";
import { VERSION } from "../run/version.js";
import { commandHelpText, helpText } from "../settings/help.js";
import { COMMANDS, parseArgs } from "../settings/parse-args.js";
import type { CliIo } from "./cli-io.js";
import { requestedReportFiles, writeReportFiles } from "./gitlab-report-files.js";
import { reportError, requestedOutput } from "./report-error.js";

export type { CliIo } from "./cli-io.js";

export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const debug = env.CONFIG_ROLLOUT_DEBUG?.toLowerCase() === "true";
  // The first word may name the command; without one it is the main run, and --help the overview.
  const named = COMMANDS.find((name) => name === argv[0]);
  const command = named ?? "run";
  const flags = named ? argv.slice(1) : argv;
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(flags, command);
  } catch (error) {
    const output = requestedOutput(flags, env);
    const code = await reportError(error, debug, io, output);
    // The main run's GitLab reports say why it stopped (stamp has none).
    if (command !== "run") return code;
    const json = renderErrorReport(error, debug, "json");
    return writeReportFiles(requestedReportFiles(flags, env), json, code, io, output === "json");
  }
  if (args.help) return print(io, named ? commandHelpText(command) : helpText());
  if (args.version) return print(io, `config-rollout ${VERSION}\n`);
  if (command === "stamp") {
    // Through run-cli-plan.ts, which loads the stamp only for a stamp.
    const { runStampFromArgs } = await import("./run-cli-plan.js");
    return runStampFromArgs(flags, args, env, io, { debug, output: requestedOutput(flags, env) });
  }
  // Reports its own errors (see report-error.ts).
  const { runPlanFromArgs } = await import("./run-cli-plan.js");
  return runPlanFromArgs(command, args, env, io, {
    debug,
    output: requestedOutput(flags, env),
  });
}

function print(io: CliIo, text: string): number {
  io.stdout(text);
  return EXIT_OK;
}
