// The GitHub Action entry point: inputs -> settings, mask secrets, run the command (run/), outputs
// and job summary, one catch. GitHub runs `node dist/action.js`; @github/local-action imports it and
// calls run(). The order keeps secrets safe: every input is masked before anything is logged, the
// trust policy decides before the run, and any throw becomes one failed step (publish.ts).
import * as core from "@actions/core";
import { ACTION_INPUTS } from "../core/option-naming.js";
import { onSecretForms } from "../core/secret-values.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { givenCredentials } from "../run/cluster-connection.js";
import { type EntryPoint, type Publish, planAndRollOut, syncFromCluster } from "../run/commands.js";
import { commentsByDefault } from "../run/comment-on-review.js";
import { handleInterrupts } from "../run/interrupts.js";
import { stampInAction } from "../run/stamp-in-ci.js";
import type { Command } from "../settings/option-spec.js";
import { misspeltVariable } from "../settings/parse-args.js";
import {
  deprecationWarningsOf,
  type RunSettings,
  rawValuesFromEnv,
  settingsFor,
} from "../settings/settings.js";
import { createGitHubLog, type GitHubLog, workspacePath } from "./github-log.js";
import { createMasker } from "./mask.js";
import { isEntryPoint, type PublishState, publishFailure, publishReport } from "./publish.js";
import { readActionInputs } from "./read-inputs.js";

export async function run(): Promise<void> {
  const env = process.env;
  const mask = createMasker((value) => core.setSecret(value));
  // Each Secret value the run reads is masked as it is read, before any line could quote it.
  onSecretForms(mask);
  const state: PublishState = { resultWritten: false };
  let debug = core.isDebug();
  let log: GitHubLog = createGitHubLog(core);
  const escaped = (write: (line: string) => void) => (line: string) => write(escapeForCiLog(line));
  try {
    const inputs = readActionInputs((name) => core.getInput(name));
    const misspelt = misspeltVariable(env);
    if (misspelt) throw misspelt;
    const fromEnv = rawValuesFromEnv(env);
    const raw = { ...fromEnv, ...inputs.values };
    mask(givenCredentials(raw, inputs.githubToken));
    const read = <C extends Command>(command: C) => {
      const settings = settingsFor(command, fromEnv, inputs.values);
      for (const warning of deprecationWarningsOf(fromEnv, inputs.values, ACTION_INPUTS))
        core.warning(escapeForCiLog(warning));
      debug ||= settings.debug;
      return settings;
    };
    const entry: EntryPoint = {
      env,
      cwd: process.cwd(),
      naming: ACTION_INPUTS,
      logFor: (root) => {
        log = createGitHubLog(core, root ? { filePrefix: workspacePath(root, env) } : {});
        return log;
      },
    };
    if (inputs.command === "stamp") {
      // No cluster: the stamp reads and writes the checkout, and at most pushes it.
      const outcome = await stampInAction(read("stamp"), { ...entry, notice: escaped(core.notice) }, inputs);
      log.flush();
      core.setOutput("result", outcome.result);
      if (outcome.result === "failed") core.setFailed(escapeForCiLog(outcome.headline));
      else core.info(escapeForCiLog(outcome.headline));
      return;
    }
    // The main run and sync: the cluster, the trust policy, the comment; their report or error published.
    const inCi = (settings: Pick<RunSettings, "comment" | "output">): [EntryPoint, Publish<void>] => [
      {
        ...entry,
        mask,
        trust: {
          dryRunExplicit: inputs.dryRunExplicit,
          allowUntrusted: inputs.allowUntrusted,
          notice: escaped(core.notice),
        },
        // `comment` unset: on for pull request events.
        ...((raw.comment === undefined ? commentsByDefault(env) : settings.comment) && {
          comment: {
            token: inputs.githubToken,
            fullReportIn: "the job summary",
            say: (o) => escaped(o.level === "warning" ? core.warning : core.info)(o.message),
          },
        }),
      },
      {
        report: async (report, comment) => {
          log.flush();
          await publishReport(core, report, settings, env, state, comment);
        },
        failure: async (error, comment) => {
          log.flush();
          await publishFailure(core, error, debug, env, state, comment);
        },
      },
    ];
    if (inputs.command === "sync") {
      const settings = read("sync");
      await syncFromCluster(settings, ...inCi(settings));
    } else {
      const settings = read("run");
      await planAndRollOut(settings, ...inCi(settings));
    }
  } catch (error) {
    log.flush();
    await publishFailure(core, error, debug, env, state, undefined);
  }
}

if (isEntryPoint(import.meta.url)) {
  const running = run().catch((error: unknown) => core.setFailed(String(error)));
  // A cancelled job (SIGINT, then SIGTERM): stop the child groups, remove checkouts, say what was done.
  handleInterrupts(running, (text) => process.stderr.write(escapeForCiLog(text)));
}
