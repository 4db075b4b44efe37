// The CLI as a function: flags and environment in, report on stdout, progress and errors on
// stderr, an exit code out. main.ts runs it on the real process; tests run it in-process.
import { resolve } from "node:path";
import { createClusterConnection } from "../compose/cluster-connection.js";
import { runInCi } from "../compose/run-in-ci.js";
import { VERSION } from "../compose/version.js";
import { EXIT_FAILED, EXIT_OK, exitCodeFor } from "../core/errors.js";
import { createGit } from "../git/create-git.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { describeError } from "../report/error-line.js";
import { renderReport } from "../report/render-report.js";
import { helpText } from "../settings/help.js";
import { parseArgs } from "../settings/parse-args.js";
import { rawValuesFromEnv, toSettings } from "../settings/settings.js";
import { createStderrLog } from "./stderr-log.js";

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
  let debug = env.CONFIG_ROLLOUT_DEBUG === "true";
  try {
    const args = parseArgs(argv);
    if (args.help) return print(io, helpText());
    if (args.version) return print(io, `config-rollout ${VERSION}\n`);
    const settings = toSettings(rawValuesFromEnv(env), args.values);
    debug = settings.debug;
    const log = createStderrLog({ debug, color: io.color, write: io.stderr });
    const cluster = createClusterConnection(settings, env, {
      path: args.values.kubeconfig === undefined ? "KUBECONFIG" : "--kubeconfig",
    });
    const git = await createGit(resolve(io.cwd, settings.repo));
    const report = await runInCi(settings, { env, git, cluster, log });
    io.stdout(renderReport(report, settings.output));
    return report.outcome === "failed" ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    io.stderr(`${escapeForCiLog(describeError(error, debug))}\n`);
    return exitCodeFor(error);
  }
}

function print(io: CliIo, text: string): number {
  io.stdout(text);
  return EXIT_OK;
}
