// `command: stamp` in the action, wired: the checkout, the event, the stamp policy
// (stamp-policy.ts), the stamp itself and the commit (stamp-action.ts). No cluster.
import type * as Core from "@actions/core";
import { commitStamps } from "../git/commit-stamps.js";
import { createGit } from "../git/create-git.js";
import { eventReader } from "../range/github-event.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { createStamper } from "../run/stamp-in-ci.js";
import type { Settings } from "../settings/settings.js";
import { createGitHubLog, workspacePath } from "./github-log.js";
import type { ActionInputValues } from "./read-inputs.js";
import { runStampAction } from "./stamp-action.js";
import { decideStampMode } from "./stamp-policy.js";
import { untrustedSource } from "./trust-policy.js";

/** Stamp, check, or stamp and commit, as the event allows; sets `result` and the step's verdict. */
export async function stampStep(
  core: typeof Core,
  settings: Settings,
  inputs: ActionInputValues,
  env: Record<string, string | undefined>,
): Promise<void> {
  const git = await createGit(settings.repo, { timeoutMs: settings.gitTimeoutMs });
  const log = createGitHubLog(core, { filePrefix: workspacePath(git.root, env) });
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const event = await eventReader(env)();
  const mode = decideStampMode({ check: settings.check, commit: inputs.commit, eventName, event });
  // A fork's pull request is checked, not pushed to, and its checkout is untrusted: its
  // kustomizations' remote entries are refused as the plan refuses them (range/untrusted-head.ts).
  const untrustedHead = untrustedSource(eventName, event);
  try {
    const outcome = await runStampAction({
      mode,
      stamp: createStamper(settings, { root: git.root, git, env, log, untrustedHead }),
      commit: (request) =>
        commitStamps(
          git.root,
          {
            ...request,
            ...(inputs.githubToken ? { token: inputs.githubToken } : {}),
            ...(env.GITHUB_SERVER_URL ? { serverUrl: env.GITHUB_SERVER_URL } : {}),
          },
          settings.gitTimeoutMs,
        ),
      log: { info: (m) => log.info(m), notice: (m) => core.notice(escapeForCiLog(m)) },
    });
    core.setOutput("result", outcome.result);
    if (outcome.result === "failed") core.setFailed(escapeForCiLog(outcome.headline));
    else core.info(escapeForCiLog(outcome.headline));
  } finally {
    log.flush();
  }
}
