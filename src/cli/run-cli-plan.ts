// A real run of the CLI (not --help/--version): settings, adapters, the pipeline, the report.
// Imported lazily by run-cli.ts; a bundle of its own in dist/ (cli-plan.js), so it reports its
// own errors (report-error.ts) and resolves to an exit code.
import { resolve } from "node:path";
import { createClusterConnection } from "../compose/cluster-connection.js";
import { runInCi } from "../compose/run-in-ci.js";
import { EXIT_FAILED, EXIT_OK } from "../core/errors.js";
import type { OutputFormat } from "../core/run-result.js";
import { createGit } from "../git/create-git.js";
import { renderReport } from "../report/render-report.js";
import type { parseArgs } from "../settings/parse-args.js";
import { rawValuesFromEnv, toSettings } from "../settings/settings.js";
import type { CliIo } from "./cli-io.js";
import { reportError } from "./report-error.js";
import { createStderrLog } from "./stderr-log.js";

export async function runPlanFromArgs(
  args: ReturnType<typeof parseArgs>,
  env: Record<string, string | undefined>,
  io: CliIo,
  /** `output`: the format asked for, until the settings say for sure (an error report uses it). */
  state: { debug: boolean; output: OutputFormat },
): Promise<number> {
  try {
    const settings = toSettings(rawValuesFromEnv(env), args.values);
    state.debug = settings.debug;
    state.output = settings.output;
    const log = createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr });
    const cluster = createClusterConnection(settings, env, {
      path: args.values.kubeconfig === undefined ? "KUBECONFIG" : "--kubeconfig",
    });
    const git = await createGit(resolve(io.cwd, settings.repo));
    const report = await runInCi(settings, { env, git, cluster, log });
    io.stdout(renderReport(report, settings.output));
    return report.outcome === "failed" ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    return reportError(error, state.debug, io, state.output);
  }
}
