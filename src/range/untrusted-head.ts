// Whether the head commit of this run is someone else's code: a pull request from a fork, a
// pull_request_target run, a workflow_run a fork's pull request triggered (GitHub), a merge request
// from a fork (GitLab). Pure: the CI variables and the event payload in, a reason or undefined out.
// The action refuses to change the cluster from such a head (decideTrust, below); the render
// stage refuses a kustomization's remote resources from it (scan/sources/kustomize-entries.ts),
// in the plan (scan/) and in config-rollout stamp (stamp/).
import { UserError } from "../core/errors.js";
import type { DryRun } from "../core/setting-choices.js";

/**
 * Why the head is untrusted, or undefined. `event` is GitHub's payload when it was read. Fail
 * closed: a decision that lacks the facts (no payload, a payload without the repositories, a GitLab
 * merge request pipeline without both project ids) treats the head as untrusted, and says why.
 */
export function untrustedHead(env: Record<string, string | undefined>, event: unknown): string | undefined {
  if (env.GITHUB_ACTIONS === "true") {
    if (!env.GITHUB_EVENT_NAME)
      return "a GitHub Actions run that names no event (GITHUB_EVENT_NAME is not set)";
    return untrustedSource(env.GITHUB_EVENT_NAME, event);
  }
  if (env.GITLAB_CI === "true") return untrustedGitLab(env);
  return undefined;
}

/** GitLab: a merge request (or an external pull request) whose source is another project. */
function untrustedGitLab(env: Record<string, string | undefined>): string | undefined {
  const pipeline = env.CI_PIPELINE_SOURCE;
  if (pipeline === "external_pull_request_event") {
    const source = env.CI_EXTERNAL_PULL_REQUEST_SOURCE_REPOSITORY;
    const target = env.CI_EXTERNAL_PULL_REQUEST_TARGET_REPOSITORY;
    if (!source || !target) return "an external pull request whose source repository is not known";
    return source !== target ? "an external pull request from a fork" : undefined;
  }
  const source = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID;
  const target = env.CI_MERGE_REQUEST_PROJECT_ID;
  const mergeRequest = pipeline === "merge_request_event" || Boolean(env.CI_MERGE_REQUEST_IID);
  if (mergeRequest && (!source || !target)) {
    return "a merge request whose source project is not known (CI_MERGE_REQUEST_SOURCE_PROJECT_ID or CI_MERGE_REQUEST_PROJECT_ID is not set)";
  }
  if (source && target && source !== target) return "a merge request from a fork";
  return undefined;
}

/** Why this run counts as untrusted, or undefined when it does not. */
export function untrustedSource(eventName: string, event: unknown): string | undefined {
  if (eventName === "pull_request_target") return "a pull_request_target event";
  if (eventName === "pull_request" || eventName === "pull_request_review") {
    const pr = field(event, "pull_request");
    const fork = forkOf(field(field(pr, "head"), "repo"), field(field(pr, "base"), "repo"));
    if (fork === "unknown") {
      return event === undefined
        ? "a pull request whose event payload was not read (a fork cannot be ruled out)"
        : "a pull request whose head repository is not known (a deleted fork?)";
    }
    return fork ? "a pull request from a fork" : undefined;
  }
  if (eventName === "workflow_run") {
    if (event === undefined) {
      return "a workflow_run event whose payload was not read (a fork's pull request may have triggered it)";
    }
    const run = field(event, "workflow_run");
    const trigger = field(run, "event");
    if (typeof trigger !== "string") return "a workflow_run event whose payload names no triggering event";
    if (trigger !== "pull_request" && trigger !== "pull_request_target") return undefined;
    const fork = forkOf(field(run, "head_repository"), field(run, "repository"));
    if (fork === "unknown")
      return "a workflow_run triggered by a pull request whose head repository is not known";
    return fork ? "a workflow_run triggered by a pull request from a fork" : undefined;
  }
  return undefined;
}

/**
 * A fork when the head repository differs from the base repository. `repo.fork` alone is not
 * enough: it is also true for a pull request between two branches of a repository that is itself a
 * fork. A missing head or base repository (a deleted fork, no payload) is "unknown": the callers
 * treat it as untrusted (fail closed), saying so.
 */
function forkOf(head: unknown, base: unknown): boolean | "unknown" {
  const headName = field(head, "full_name");
  const baseName = field(base, "full_name");
  if (typeof headName !== "string" || typeof baseName !== "string") return "unknown";
  return headName.toLowerCase() !== baseName.toLowerCase();
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The action's trust policy, safe by default on untrusted code: a workflow that runs code from
 * someone else's pull request while holding cluster credentials must not change the cluster unless
 * its author says so.
 * - `pull_request`: a dry run (the plan in the job summary) unless `dry-run` is set explicitly;
 * - `pull_request_target`, pull requests from forks, and `workflow_run` runs triggered by a fork's
 *   pull request: a run that is not a dry run is refused unless `allow-untrusted: true`.
 * Returns the dry-run mode to use, and a line for the log explaining a changed default or an
 * override; throws a UserError for a refused run.
 */
export function decideTrust(input: {
  eventName: string;
  /** The parsed GITHUB_EVENT_PATH payload (undefined when there is none). */
  event: unknown;
  dryRun: DryRun;
  dryRunExplicit: boolean;
  allowUntrusted: boolean;
}): { dryRun: DryRun; note?: string } {
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
