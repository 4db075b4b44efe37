// An error that ends the CLI, as one escaped line on stderr and its exit code; with --output json or
// markdown, stdout also gets the error as a report (a JSON object, a heading), so a program reading
// it is never left with nothing. run-cli.ts reports what the flags get wrong, run-cli-plan.ts
// what a run does; both share this module, the error classes and the error's report.
import { exitCodeFor } from "../core/errors.js";
import type { OutputFormat } from "../core/run-result.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { describeError } from "../report/error-line.js";
import { renderErrorReport } from "../report/error-report.js";
import type { CliIo } from "./cli-io.js";

export async function reportError(
  error: unknown,
  debug: boolean,
  io: CliIo,
  format: OutputFormat = "text",
): Promise<number> {
  io.stderr(`${escapeForCiLog(describeError(error, debug))}\n`);
  const report = renderErrorReport(error, debug, format);
  if (report !== "") io.stdout(report);
  return exitCodeFor(error);
}

/**
 * The report format asked for, as far as it can be told from flags that may not parse:
 * `--output json`, `--output=json`, `-o json`, else CONFIG_ROLLOUT_OUTPUT.
 */
export function requestedOutput(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): OutputFormat {
  let value = env.CONFIG_ROLLOUT_OUTPUT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--output" || arg === "-o") value = argv[i + 1];
    else if (arg.startsWith("--output=")) value = arg.slice("--output=".length);
  }
  return value === "json" || value === "markdown" ? value : "text";
}
