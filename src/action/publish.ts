// What the action shows of a finished run, or of the error that ended it: the report in the log,
// the outputs (fitted to GitHub's limits), the job summary, the pull request comment, and the
// step's verdict. Each write that fails after the rollout is a warning, never a failed step.

import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type * as Core from "@actions/core";
import { exitCodeOf, type RunReport } from "../core/run-result.js";
import { escapeForCiLog } from "../report/ci-log-text.js";
import { headline } from "../report/describe.js";
import { describeError } from "../report/error-line.js";
import { failureAnnotations } from "../report/failure-annotations.js";
import { renderReport } from "../report/render-report.js";
import { escapeMarkdown } from "../report/report-markdown.js";
import type { Commenter } from "../run/comment-on-review.js";
import type { RunSettings } from "../settings/settings.js";
import { fitSummary } from "./job-summary.js";
import { actionOutputs, fitOutputs } from "./outputs.js";

type ActionsCore = Pick<typeof Core, "info" | "warning" | "error" | "setOutput" | "setFailed" | "summary">;
type Comment = Commenter | undefined;

/** Set once the outputs are written: a later failure (the job summary, say) must not overwrite them. */
export interface PublishState {
  resultWritten: boolean;
}

export async function publishReport(
  core: ActionsCore,
  report: RunReport,
  settings: Pick<RunSettings, "output">,
  env: Record<string, string | undefined>,
  state: PublishState,
  comment: Comment,
): Promise<void> {
  core.info(renderReport(report, settings.output));
  const fitted = fitOutputs(actionOutputs(report), env.RUNNER_TEMP);
  for (const note of fitted.notes) core.warning(escapeForCiLog(note));
  for (const [name, value] of Object.entries(fitted.outputs)) core.setOutput(name, value);
  state.resultWritten = true;
  // The rollout has happened: a summary that cannot be written is worth a warning, not a failed step.
  await writeSummary(
    core,
    env,
    fitSummary(report),
    "the report is in the log above and in the `plan` output",
  );
  await comment?.({ report });
  // Each failed workload's cause, where the run's page shows it (the step's failure is one line).
  for (const failure of failureAnnotations(report))
    core.error(escapeForCiLog(failure.message), { title: escapeForCiLog(failure.title) });
  if (exitCodeOf(report) !== 0) core.setFailed(escapeForCiLog(headline(report)));
  // Not a failed step (its restarts were made), but never a quiet green one either.
  else if (report.outcome === "incomplete") core.warning(escapeForCiLog(headline(report)));
}

/** Any throw, Error or not, fails the step with one line (the stack only with debug on). */
export async function publishFailure(
  core: ActionsCore,
  error: unknown,
  debug: boolean,
  env: Record<string, string | undefined>,
  state: PublishState,
  comment: Comment,
): Promise<void> {
  const message = escapeForCiLog(describeError(error, debug).replace(/^error: /, ""));
  if (!state.resultWritten) core.setOutput("result", "failed");
  const line = escapeMarkdown(message.split("\n")[0] ?? "");
  await writeSummary(core, env, `### config-rollout\n\n**Failed:** ${line}\n`, "");
  await comment?.({ error });
  core.setFailed(message);
}

async function writeSummary(
  core: ActionsCore,
  env: Record<string, string | undefined>,
  markdown: string,
  whereElse: string,
): Promise<void> {
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

/** Whether this module is the process's entry point (not imported by @github/local-action or a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  try {
    return realpathSync(process.argv[1] ?? "") === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
