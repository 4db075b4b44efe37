// The GitHub Action entry point: inputs -> settings, mask secrets, trust policy, run, outputs and job
// summary, one catch. GitHub runs `node dist/action.js`; @github/local-action imports it and calls run().
import { realpathSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as core from "@actions/core";
import { eventReader } from "../ci/github-event.js";
import { PULL_REQUEST_EVENTS } from "../comment/review-target.js";
import { createClusterConnection } from "../compose/cluster-connection.js";
import { commentOnReview, type ReviewCommentRequest } from "../compose/comment-on-review.js";
import { runInCi } from "../compose/run-in-ci.js";
import { createStamper } from "../compose/stamp-in-ci.js";
import { VERSION } from "../compose/version.js";
import { ACTION_INPUTS } from "../core/option-naming.js";
import { exitCodeOf } from "../core/run-result.js";
import { commitStamps } from "../git/commit-stamps.js";
import { createGit } from "../git/create-git.js";
import { decodeKubeconfigData, describeCredential } from "../kube/kubeconfig-source.js";
import { withStagesNoted } from "../process/interrupt.js";
import { handleInterrupts } from "../process/interrupt-run.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { headline } from "../report/describe.js";
import { describeError } from "../report/error-line.js";
import { failureAnnotations } from "../report/failure-annotations.js";
import { renderReport } from "../report/render-report.js";
import { OPTIONS } from "../settings/options.js";
import { rawValuesFromEnv, type Settings, toSettings } from "../settings/settings.js";
import { createGitHubLog } from "./github-log.js";
import { fitSummary } from "./job-summary.js";
import { valuesToMask } from "./mask.js";
import { actionOutputs, fitOutputs } from "./outputs.js";
import { type ActionInputValues, readActionInputs } from "./read-inputs.js";
import { runStampAction, type StampActionOutcome } from "./stamp-action.js";
import { decideStampMode } from "./stamp-policy.js";
import { decideTrust, untrustedSource } from "./trust-policy.js";

/**
 * The action's whole run in one try. Kept long (about 105 lines) on purpose: the order that keeps
 * secrets safe (every input masked before anything is logged, the trust policy before the run) and
 * the one catch that turns any throw into one failed step read top to bottom in one place.
 */
export async function run(): Promise<void> {
  const env = process.env;
  let debug = core.isDebug();
  let log = createGitHubLog(core);
  // Set once: a failure after the outputs were written (the job summary, say) must not overwrite them.
  let resultWritten = false;
  // Set once the settings say the plan goes to the pull request as a comment.
  let review: Omit<ReviewCommentRequest, "content"> | undefined;
  try {
    // Mask before anything can be logged: the inputs as given, then every copy derived from them.
    const inputs = readActionInputs((name) => core.getInput(name));
    const raw = { ...rawValuesFromEnv(env), ...inputs.values };
    mask([...OPTIONS.filter((o) => o.secret).map((o) => raw[o.name] ?? ""), inputs.githubToken]);
    if (raw["kubeconfig-data"]) mask([tryDecodeKubeconfig(raw["kubeconfig-data"])]);
    // A credential pasted where a path belongs is masked like one (and never echoed: see describeCredential).
    if (raw.kubeconfig && describeCredential(raw.kubeconfig)) {
      mask([raw.kubeconfig, tryDecodeKubeconfig(raw.kubeconfig)]);
    }
    const parsed = toSettings(raw);
    debug ||= parsed.debug;
    if (inputs.command === "stamp") {
      // No cluster: the stamp reads and writes the checkout, and at most pushes it.
      const outcome = await stampStep(parsed, inputs, env);
      core.setOutput("result", outcome.result);
      resultWritten = true;
      if (outcome.result === "failed") core.setFailed(escapeForCiLog(outcome.headline));
      else core.info(escapeForCiLog(outcome.headline));
      return;
    }
    const cluster = createClusterConnection(
      parsed,
      env,
      {
        path: inputs.values.kubeconfig ? "the `kubeconfig` input" : "KUBECONFIG",
        data: inputs.values["kubeconfig-data"] ? "the `kubeconfig-data` input" : "CONFIG_ROLLOUT_KUBECONFIG",
      },
      // An exec plugin's token exists only once the plugin has run: masked before its first use.
      mask,
    );
    mask(await cluster.secretsToMask());

    // Read once: the trust policy, the range and the comment all look at the same payload.
    const readEvent = eventReader(env);
    const event = await readEvent();
    const trust = decideTrust({
      eventName: env.GITHUB_EVENT_NAME ?? "",
      event,
      dryRun: parsed.dryRun,
      dryRunExplicit: inputs.dryRunExplicit,
      allowUntrusted: inputs.allowUntrusted,
    });
    const settings = { ...parsed, dryRun: trust.dryRun };
    if (trust.note) core.notice(escapeForCiLog(trust.note));
    // `comment` unset: on for pull request events (GitHub would fill a declared default in, so it has none).
    const eventName = env.GITHUB_EVENT_NAME ?? "";
    if (raw.comment === undefined ? PULL_REQUEST_EVENTS.includes(eventName) : settings.comment) {
      if (!inputs.githubToken && env.GITHUB_TOKEN) mask([env.GITHUB_TOKEN]);
      review = {
        env,
        event,
        ...(inputs.githubToken ? { token: inputs.githubToken } : {}),
        ...(settings.commentId ? { commentId: settings.commentId } : {}),
        version: VERSION,
        fullReportIn: "the job summary",
      };
    }

    // --plan opens the repository only to check its head, and runs without one too.
    const openGit = () => createGit(settings.repo, { timeoutMs: settings.gitTimeoutMs });
    const git = settings.plan === undefined ? await openGit() : openGit;
    if (typeof git !== "function") log = createGitHubLog(core, { filePrefix: workspacePath(git.root, env) });
    log = withStagesNoted(log);
    const report = await runInCi(settings, { env, git, cluster, log, naming: ACTION_INPUTS, readEvent });
    log.flush();
    core.info(renderReport(report, settings.output));
    const fitted = fitOutputs(actionOutputs(report), env.RUNNER_TEMP);
    for (const note of fitted.notes) core.warning(escapeForCiLog(note));
    for (const [name, value] of Object.entries(fitted.outputs)) core.setOutput(name, value);
    resultWritten = true;
    // The rollout has happened: a summary that cannot be written is worth a warning, not a failed step.
    await writeSummary(fitSummary(report), "the report is in the log above and in the `plan` output");
    await comment({ report });
    // Each failed workload's cause, where the run's page shows it (the step's failure is one line).
    for (const failure of failureAnnotations(report))
      core.error(escapeForCiLog(failure.message), { title: escapeForCiLog(failure.title) });
    if (exitCodeOf(report) !== 0) core.setFailed(escapeForCiLog(headline(report)));
    // Not a failed step (its restarts were made), but never a quiet green one either.
    else if (report.outcome === "incomplete") core.warning(escapeForCiLog(headline(report)));
  } catch (error) {
    // Any throw, Error or not, fails the step with one line (the stack only with debug on).
    log.flush();
    const message = escapeForCiLog(describeError(error, debug).replace(/^error: /, ""));
    if (!resultWritten) core.setOutput("result", "failed");
    await writeSummary(`### config-rollout\n\n**Failed:** ${message.split("\n")[0]}\n`, "");
    await comment({
      error:
        describeError(error, false)
          .replace(/^error: /, "")
          .split("\n")[0] ?? "",
    });
    core.setFailed(message);
  }

  /** The plan comment: a failure to write it is a warning, never a failed step. */
  async function comment(content: ReviewCommentRequest["content"]): Promise<void> {
    if (!review) return;
    const outcome = await commentOnReview({ ...review, content });
    if (outcome.level === "warning") core.warning(escapeForCiLog(outcome.message));
    else core.info(escapeForCiLog(outcome.message));
  }

  async function writeSummary(markdown: string, whereElse: string): Promise<void> {
    if (!env.GITHUB_STEP_SUMMARY) return;
    try {
      await core.summary.addRaw(markdown).write();
    } catch (error) {
      core.summary.emptyBuffer();
      const reason = error instanceof Error ? error.message : String(error);
      core.warning(
        escapeForCiLog(`could not write the job summary (${reason})${whereElse ? `; ${whereElse}` : ""}`),
      );
    }
  }
}

/** `command: stamp`: stamp, check, or stamp and commit, as the event allows (stamp-policy.ts). */
async function stampStep(
  settings: Settings,
  inputs: ActionInputValues,
  env: Record<string, string | undefined>,
): Promise<StampActionOutcome> {
  const git = await createGit(settings.repo, { timeoutMs: settings.gitTimeoutMs });
  const log = createGitHubLog(core, { filePrefix: workspacePath(git.root, env) });
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const event = await eventReader(env)();
  const mode = decideStampMode({ check: settings.check, commit: inputs.commit, eventName, event });
  // A fork's pull request is checked, not pushed to, and its checkout is untrusted: its
  // kustomizations' remote entries are refused as the plan refuses them (core/untrusted-head.ts).
  const untrustedHead = untrustedSource(eventName, event);
  try {
    return await runStampAction({
      mode,
      stamp: createStamper(settings, { root: git.root, git, env, log, untrustedHead }),
      commit: (request) =>
        commitStamps(git.root, {
          ...request,
          ...(inputs.githubToken ? { token: inputs.githubToken } : {}),
          ...(env.GITHUB_SERVER_URL ? { serverUrl: env.GITHUB_SERVER_URL } : {}),
        }),
      log: { info: (m) => log.info(m), notice: (m) => core.notice(escapeForCiLog(m)) },
    });
  } finally {
    log.flush();
  }
}

const masked = new Set<string>();

function mask(secrets: readonly string[]): void {
  for (const value of valuesToMask(secrets)) {
    if (masked.has(value)) continue;
    masked.add(value);
    core.setSecret(value);
  }
}

/** The decoded text of a base64 kubeconfig, masked even when it is no valid kubeconfig. */
function tryDecodeKubeconfig(value: string): string {
  try {
    return decodeKubeconfigData(value, "kubeconfig-data");
  } catch {
    const decoded = Buffer.from(value.replace(/\s+/g, ""), "base64").toString("utf8");
    // A few bytes of decoded noise are no secret, and masking them would garble the log.
    return decoded.trim().length >= 16 ? decoded : "";
  }
}

/** Annotation paths are relative to the workspace; the repository may be checked out in a subdirectory. */
function workspacePath(gitRoot: string, env: Record<string, string | undefined>): string {
  try {
    const workspace = realpathSync(resolve(env.GITHUB_WORKSPACE || "."));
    const path = relative(workspace, realpathSync(gitRoot)).replaceAll("\\", "/");
    return path.startsWith("..") ? "" : path;
  } catch {
    return "";
  }
}

function isEntryPoint(): boolean {
  try {
    return realpathSync(process.argv[1] ?? "") === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const running = run().catch((error: unknown) => core.setFailed(String(error)));
  // A cancelled job (SIGINT, then SIGTERM): stop the child groups, remove checkouts, say what was done.
  handleInterrupts(running, (text) => process.stderr.write(escapeForCiLog(text)));
}
