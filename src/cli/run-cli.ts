// The CLI as a function: flags and environment in, report on stdout, progress and errors on
// stderr, an exit code out. main.ts runs it on the real process; tests run it in-process.
// Only the flag parser is loaded up front: `--help` and `--version` must not pay for loading git,
// YAML and the pipeline (run-cli-plan.ts), which a real run imports once the flags are read.
import { VERSION } from "../compose/version.js";
import { EXIT_OK, exitCodeFor } from "../core/errors.js";
import { helpText } from "../settings/help.js";
import { parseArgs } from "../settings/parse-args.js";

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Colour on stderr (a terminal without NO_COLOR). */
  color: boolean;
  /** Where a relative --repo is resolved. */
  cwd: string;
}

export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const state = { debug: env.CONFIG_ROLLOUT_DEBUG === "true" };
  try {
    const args = parseArgs(argv);
    if (args.help) return print(io, helpText());
    if (args.version) return print(io, `config-rollout ${VERSION}\n`);
    const { runPlanFromArgs } = await import("./run-cli-plan.js");
    return await runPlanFromArgs(args, env, io, state);
  } catch (error) {
    const [{ escapeForCiLog }, { describeError }] = await Promise.all([
      import("../report/ci-log-text.js"),
      import("../report/error-line.js"),
    ]);
    io.stderr(`${escapeForCiLog(describeError(error, state.debug))}\n`);
    return exitCodeFor(error);
  }
}

function print(io: CliIo, text: string): number {
  io.stdout(text);
  return EXIT_OK;
}
