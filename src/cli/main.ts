#!/usr/bin/env node
// The CLI entry point: parse flags, run, print the report, one catch.
import { prepareClusterConnection } from "../compose/cluster-connection.js";
import { runInCi } from "../compose/run-in-ci.js";
import { EXIT_FAILED, EXIT_OK, exitCodeFor } from "../core/errors.js";
import { VERSION } from "../core/version.js";
import { createGit } from "../git/create-git.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { describeError } from "../report/error-line.js";
import { renderReport } from "../report/render-report.js";
import { helpText } from "../settings/help.js";
import { parseArgs } from "../settings/parse-args.js";
import { rawValuesFromEnv, toSettings } from "../settings/settings.js";
import { createStderrLog, useColor } from "./stderr-log.js";

async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  let debug = env.CONFIG_ROLLOUT_DEBUG === "true";
  try {
    const args = parseArgs(argv);
    if (args.help) return print(helpText());
    if (args.version) return print(`config-rollout ${VERSION}\n`);
    const settings = toSettings(rawValuesFromEnv(env), args.values);
    debug = settings.debug;
    const log = createStderrLog({ debug, color: useColor(process.stderr, env) });
    const cluster = prepareClusterConnection(settings, env, {
      path: args.values.kubeconfig === undefined ? "KUBECONFIG" : "--kubeconfig",
    });
    const report = await runInCi(settings, { env, git: await createGit(settings.repo), cluster, log });
    process.stdout.write(renderReport(report, settings.output));
    return report.outcome === "failed" ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    process.stderr.write(`${escapeForCiLog(describeError(error, debug))}\n`);
    return exitCodeFor(error);
  }
}

function print(text: string): number {
  process.stdout.write(text);
  return EXIT_OK;
}

main(process.argv.slice(2), process.env).then((code) => {
  process.exitCode = code;
});
