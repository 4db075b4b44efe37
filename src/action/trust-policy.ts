// Safe by default on untrusted code. A workflow that runs code from someone else's pull request while
// holding cluster credentials must not change the cluster unless the workflow author says so:
// - `pull_request`: a dry run (the plan in the job summary) unless `dry-run` is set explicitly;
// - `pull_request_target`, pull requests from forks, and `workflow_run` runs triggered by a fork's
//   pull request: a run that is not a dry run is refused unless `allow-untrusted: true`.
// Pure: takes the event name and payload, returns the dry-run mode to use or throws a UserError.
import { UserError } from "../core/errors.js";
import { untrustedSource } from "../range/untrusted-head.js";
import type { DryRun } from "../settings/settings.js";

export interface TrustInput {
  eventName: string;
  /** The parsed GITHUB_EVENT_PATH payload (undefined when there is none). */
  event: unknown;
  dryRun: DryRun;
  dryRunExplicit: boolean;
  allowUntrusted: boolean;
}

export interface TrustDecision {
  dryRun: DryRun;
  /** One line for the log explaining a changed default or an override; undefined when nothing to say. */
  note?: string;
}

export function decideTrust(input: TrustInput): TrustDecision {
  let dryRun = input.dryRun;
  let note: string | undefined;
  if (input.eventName === "pull_request" && !input.dryRunExplicit) {
    dryRun = "client";
    note = "pull_request event: dry run by default (the plan only); set the dry-run input to change that";
  }
  // Fail closed: a run that names no event cannot be told apart from a fork's pull request.
  const untrusted = input.eventName
    ? untrustedSource(input.eventName, input.event)
    : "a GitHub Actions run that names no event (GITHUB_EVENT_NAME is not set)";
  if (untrusted && dryRun === "none") {
    if (!input.allowUntrusted) {
      throw new UserError(
        `refusing to change the cluster from ${untrusted}: that code is untrusted while this job holds your credentials. ` +
          "Set dry-run: client to only report the plan, or allow-untrusted: true if you trust every pull request author.",
      );
    }
    note = `allow-untrusted: true: changing the cluster from ${untrusted}`;
  }
  return note ? { dryRun, note } : { dryRun };
}

export { untrustedSource };
