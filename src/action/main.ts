// The GitHub Action entry point: inputs -> settings, mask secrets, trust policy, run, outputs and job
// summary, one catch. GitHub runs `node dist/action.js`; @github/local-action imports it and calls run().
// The order keeps secrets safe: every input is masked before anything is logged, the trust policy
// decides before the run, and the one catch turns any throw into one failed step (publish.ts).
import * as core from "@actions/core";
import { ACTION_INPUTS } from "../core/option-naming.js";
import { onSecretForms } from "../core/secret-values.js";
import { createGit } from "../git/create-git.js";
import { withStagesNoted } from "../process/interrupt.js";
import { handleInterrupts } from "../process/interrupt-run.js";
import { eventReader } from "../range/github-event.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { createClusterConnection } from "../run/cluster-connection.js";
import { runCommand } from "../run/run-in-ci.js";
import { deprecationWarnings } from "../settings/deprecated-options.js";
import { ENV_VARIABLES, rawValuesFromEnv, toSettings } from "../settings/settings.js";
import { createGitHubLog, type GitHubLog, workspacePath } from "./github-log.js";
import { createMasker, maskInputs } from "./mask.js";
import {
  actionCommenter,
  type Commenter,
  isEntryPoint,
  type PublishState,
  publishFailure,
  publishReport,
} from "./publish.js";
import { kubeconfigLabels, readActionInputs } from "./read-inputs.js";
import { stampStep } from "./stamp-step.js";
import { decideTrust } from "./trust-policy.js";

export async function run(): Promise<void> {
  const env = process.env;
  const mask = createMasker((value) => core.setSecret(value));
  // Each Secret value the run reads is masked as it is read, before any line could quote it.
  onSecretForms(mask);
  const state: PublishState = { resultWritten: false };
  let debug = core.isDebug();
  let log: GitHubLog = createGitHubLog(core);
  let comment: Commenter | undefined; // once the settings ask for the pull request comment
  try {
    const inputs = readActionInputs((name) => core.getInput(name));
    const fromEnv = rawValuesFromEnv(env);
    const raw = { ...fromEnv, ...inputs.values };
    maskInputs(raw, inputs.githubToken, mask);
    const parsed = toSettings(fromEnv, inputs.values);
    for (const warning of [
      ...deprecationWarnings(fromEnv, ENV_VARIABLES),
      ...deprecationWarnings(inputs.values, ACTION_INPUTS),
    ])
      core.warning(escapeForCiLog(warning));
    debug ||= parsed.debug;
    // No cluster: the stamp reads and writes the checkout, and at most pushes it.
    if (inputs.command === "stamp") return await stampStep(core, parsed, inputs, env);
    // An exec plugin's token exists only once the plugin has run: masked before its first use.
    const cluster = createClusterConnection(parsed, env, kubeconfigLabels(inputs), mask);
    mask(await cluster.secretsToMask());
    // Read once: the trust policy, the range and the comment all look at the same payload.
    const readEvent = eventReader(env);
    const event = await readEvent();
    const { dryRunExplicit, allowUntrusted } = inputs;
    const eventName = env.GITHUB_EVENT_NAME ?? "";
    const trust = decideTrust({ eventName, event, dryRun: parsed.dryRun, dryRunExplicit, allowUntrusted });
    const settings = { ...parsed, dryRun: trust.dryRun };
    if (trust.note) core.notice(escapeForCiLog(trust.note));
    comment = actionCommenter(core, { raw, settings, inputs, env, event, mask });
    const report = await runCommand(inputs.command, settings, {
      env,
      cluster,
      naming: ACTION_INPUTS,
      readEvent,
      openGit: () => createGit(settings.repo, { timeoutMs: settings.gitTimeoutMs }),
      logFor: (root) => {
        log = createGitHubLog(core, root ? { filePrefix: workspacePath(root, env) } : {});
        return withStagesNoted(log);
      },
    });
    log.flush();
    await publishReport(core, report, settings, env, state, comment);
  } catch (error) {
    log.flush();
    await publishFailure(core, error, debug, env, state, comment);
  }
}

if (isEntryPoint(import.meta.url)) {
  const running = run().catch((error: unknown) => core.setFailed(String(error)));
  // A cancelled job (SIGINT, then SIGTERM): stop the child groups, remove checkouts, say what was done.
  handleInterrupts(running, (text) => process.stderr.write(escapeForCiLog(text)));
}
