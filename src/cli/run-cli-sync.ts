// `config-rollout sync [flags]`: restart the workloads whose pods run config the cluster no longer
// holds, from the live state (run/run-sync.ts). Imported lazily by run-cli.ts like a plan run;
// reports its own errors and resolves to an exit code (1 when a rollout failed).
import { exitCodeOf, type OutputFormat } from "../core/run-result.js";
import { withStagesNoted } from "../process/interrupt.js";
import { renderReport } from "../report/render-report.js";
import { createClusterConnection } from "../run/cluster-connection.js";
import { runSync } from "../run/run-sync.js";
import type { parseArgs } from "../settings/parse-args.js";
import { rawValuesFromEnv, toSettings } from "../settings/settings.js";
import type { CliIo } from "./cli-io.js";
import { reportError } from "./report-error.js";
import { createStderrLog } from "./stderr-log.js";

export async function runSyncFromArgs(
  args: ReturnType<typeof parseArgs>,
  env: Record<string, string | undefined>,
  io: CliIo,
  state: { debug: boolean; output: OutputFormat },
): Promise<number> {
  try {
    const settings = toSettings(rawValuesFromEnv(env), args.values);
    state.debug = settings.debug;
    state.output = settings.output;
    const log = withStagesNoted(
      createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr }),
    );
    const connection = createClusterConnection(settings, env, {
      path: args.values.kubeconfig === undefined ? "KUBECONFIG" : "--kubeconfig",
    });
    const report = await runSync(settings, { connection, log, now: Date.now });
    io.stdout(renderReport(report, settings.output));
    return exitCodeOf(report);
  } catch (error) {
    return reportError(error, state.debug, io, state.output);
  }
}
