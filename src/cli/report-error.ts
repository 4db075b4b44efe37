// An error that ends the CLI, as one escaped line on stderr and its exit code. run-cli.ts and
// run-cli-plan.ts each report their own: they are separate bundles in dist/ (cli.js, cli-plan.js),
// so each knows only its own copy of the error classes, and `instanceof` is asked of the right one.
import { exitCodeFor } from "../core/errors.js";
import type { CliIo } from "./cli-io.js";

export async function reportError(error: unknown, debug: boolean, io: CliIo): Promise<number> {
  const [{ escapeForCiLog }, { describeError }] = await Promise.all([
    import("../report/ci-log-text.js"),
    import("../report/error-line.js"),
  ]);
  io.stderr(`${escapeForCiLog(describeError(error, debug))}\n`);
  return exitCodeFor(error);
}
