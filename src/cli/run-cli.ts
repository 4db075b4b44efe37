// The CLI as a function: flags and environment in, report on stdout, progress and errors on
// stderr, an exit code out. main.ts runs it on the real process; tests run it in-process. The flags
// are read once (settings/parse-args.ts) into the command's settings, the command runs through run/
// (one function each), and what it ends with is written here (write-results.ts).
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UserError } from "../core/errors.js";
import { CLI_FLAGS } from "../core/option-naming.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { describeError } from "../report/error-line.js";
import { renderStampReport } from "../report/stamp-report-text.js";
import type { EntryPoint, Publish } from "../run/commands.js";
import { VERSION } from "../run/version.js";
import { commandHelpText, helpText } from "../settings/help.js";
import { commandLine, misspeltVariable, parseArgs } from "../settings/parse-args.js";
import {
  deprecationWarningsOf,
  errorReportSettings,
  type RunSettings,
  rawValuesFromEnv,
  settingsFor,
} from "../settings/settings.js";
import { parseBooleanText } from "../settings/value-spellings.js";
import { createStderrLog } from "./stderr-log.js";
import { type CliIo, type Reporting, writeFailure, writeReport } from "./write-results.js";

export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  // The first word may name the command (`help stamp` too); without one it is the main run, and --help the overview.
  const { named, flags } = commandLine(argv);
  const command = named ?? "run";
  const args = parseArgs(flags, command);
  // How an error is reported until the settings say for sure: as the flags and variables name it.
  // stamp writes no GitLab reports, and sync none for flags it does not take.
  const fromEnv = rawValuesFromEnv(env);
  let reporting: Reporting = errorReportSettings(args.values, fromEnv);
  if (command === "stamp" || (args.error && command === "sync"))
    reporting = { output: reporting.output, debug: reporting.debug };
  if (args.error) return writeFailure(args.error, reporting, io);
  const misspelt = args.help || args.version ? undefined : misspeltVariable(env);
  if (misspelt) return writeFailure(misspelt, reporting, io);
  // `--help all` lists every flag of the command (without one, of the main run, the default).
  if (args.help)
    return print(io, named || args.helpAll ? commandHelpText(command, args.helpAll) : helpText());
  if (args.version) return print(io, `config-rollout ${VERSION}\n`);
  const log = (settings: Reporting) =>
    createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr });
  /** The main run and sync: their report, or the error that ended them, written with their GitLab reports and comment. */
  const inCi = (settings: Reporting & Pick<RunSettings, "comment">): [EntryPoint, Publish<number>] => {
    reporting = settings;
    // CONFIG_ROLLOUT_CHECK and CONFIG_ROLLOUT_CHANGED_ONLY are stamp's: refused as their flags are.
    const stampOnly = ["check", "changed-only"].find(
      (name) => parseBooleanText(fromEnv[name] ?? "") === true,
    );
    if (stampOnly) {
      throw new UserError(
        `--${stampOnly} is a flag of \`config-rollout stamp\`: run \`config-rollout stamp --${stampOnly}\``,
      );
    }
    const stderr = log(settings);
    for (const warning of deprecationWarningsOf(fromEnv, args.values, CLI_FLAGS)) stderr.warn(warning);
    const entry: EntryPoint = {
      env,
      cwd: io.cwd,
      logFor: () => stderr,
      // --comment: the plan on the pull or merge request; what happened is one line on stderr, never the exit code.
      ...(settings.comment && {
        comment: {
          fullReportIn: "the job log",
          say: (o) => (o.level === "warning" ? stderr.warn(o.message) : stderr.info(o.message)),
        },
      }),
    };
    const publish: Publish<number> = {
      report: async (report, comment) => {
        const code = writeReport(report, settings, io);
        await comment?.({ report });
        return code;
      },
      failure: async (error, comment) => {
        const code = writeFailure(error, settings, io);
        await comment?.({ error });
        return code;
      },
    };
    return [entry, publish];
  };
  try {
    if (command !== "stamp") {
      // Loaded once the flags are read: --help and --version do not pay for the pipeline's modules.
      const commands = await import("../run/commands.js");
      if (command === "sync") {
        const settings = settingsFor("sync", fromEnv, args.values);
        return await commands.syncFromCluster(settings, ...inCi(settings));
      }
      const settings = settingsFor("run", fromEnv, args.values);
      return await commands.planAndRollOut(settings, ...inCi(settings));
    }
    const settings = settingsFor("stamp", fromEnv, args.values);
    reporting = settings;
    // Loaded only for a stamp: it reads YAML with the yaml package, which --version and a plan of
    // plain manifests do without.
    const { stampCheckout } = await import("../run/stamp-in-ci.js");
    const { report, refusal } = await stampCheckout(settings, { env, cwd: io.cwd }, log(settings));
    io.stdout(renderStampReport(report, settings.output, ["stamp", ...flags]));
    // --check or --strict that cannot vouch for every file (one does not parse, a root does not
    // build): exit 2 after the report, which names them.
    if (refusal) {
      io.stderr(`${escapeForCiLog(describeError(refusal, false))}\n`);
      return EXIT_USAGE;
    }
    return report.check && report.changes.length > 0 ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    return writeFailure(error, reporting, io);
  }
}

function print(io: CliIo, text: string): number {
  io.stdout(text);
  return EXIT_OK;
}
