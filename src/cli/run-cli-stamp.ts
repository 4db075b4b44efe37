// `config-rollout stamp [flags]`: settings, the work tree, the stamp, its report. Imported lazily
// by run-cli.ts like a plan run; reports its own errors (exit 2 for bad input) and resolves to an
// exit code: 1 when --check finds a stamp missing or stale, else 0.
import { resolve } from "node:path";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from "../core/errors.js";
import type { OutputFormat } from "../core/run-result.js";
import { createGit } from "../git/create-git.js";
import { openWorkTree } from "../git/work-tree.js";
import { readEventPayload } from "../range/github-event.js";
import { untrustedHead } from "../range/untrusted-head.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { describeError } from "../report/error-line.js";
import { renderStampReport } from "../report/stamp-report-text.js";
import type { parseArgs } from "../settings/parse-args.js";
import { rawValuesFromEnv, toSettings } from "../settings/settings.js";
import { fixCommand, stampRefusals } from "../stamp/stamp-report.js";
import { stampWorkTree, strictRefusal } from "../stamp/stamp-work-tree.js";
import type { CliIo } from "./cli-io.js";
import { reportError } from "./report-error.js";
import { createStderrLog } from "./stderr-log.js";

export async function runStampFromArgs(
  argv: readonly string[],
  args: ReturnType<typeof parseArgs>,
  env: Record<string, string | undefined>,
  io: CliIo,
  state: { debug: boolean; output: OutputFormat },
): Promise<number> {
  try {
    const settings = toSettings(rawValuesFromEnv(env), args.values);
    state.debug = settings.debug;
    state.output = settings.output;
    const log = createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr });
    const git = await createGit(resolve(io.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs });
    const tree = await openWorkTree(resolve(io.cwd, settings.repo), settings.gitTimeoutMs);
    // On a fork's pull request the work tree is untrusted, as the plan decides (range/untrusted-head.ts).
    const event = env.GITHUB_ACTIONS === "true" ? await readEventPayload(env) : undefined;
    const untrusted = untrustedHead(env, event);
    const report = await stampWorkTree(settings, { tree, git, log, env, untrustedHead: untrusted });
    io.stdout(renderStampReport(report, settings.output, fixCommand(["stamp", ...argv])));
    // --check that cannot vouch for every file (one does not parse, a root does not build): exit 2
    // after the report, which names them.
    const refusals = stampRefusals(report, settings.strict);
    if (refusals.length > 0) {
      io.stderr(`${escapeForCiLog(describeError(strictRefusal(refusals), false))}\n`);
      return EXIT_USAGE;
    }
    return report.check && report.changes.length > 0 ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    return reportError(error, state.debug, io, state.output);
  }
}
