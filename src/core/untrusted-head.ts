// Whether the head commit of this run is someone else's code: a pull request from a fork, a
// pull_request_target run, a workflow_run a fork's pull request triggered (GitHub), a merge request
// from a fork (GitLab). Pure: the CI variables and the event payload in, a reason or undefined out.
// The action refuses to change the cluster from such a head (action/trust-policy.ts); the render
// stage refuses a kustomization's remote resources from it (core/sources/kustomize-entries.ts),
// in the plan (pipeline/scan/) and in config-rollout stamp (pipeline/stamp/).

/**
 * Why the head is untrusted, or undefined. `event` is GitHub's payload when it was read; on a
 * pull request event without it, a fork cannot be ruled out: untrusted (fail closed).
 */
export function untrustedHead(env: Record<string, string | undefined>, event: unknown): string | undefined {
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_EVENT_NAME) {
    return untrustedSource(env.GITHUB_EVENT_NAME, event);
  }
  const source = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID;
  const target = env.CI_MERGE_REQUEST_PROJECT_ID;
  if (env.GITLAB_CI === "true" && source && target && source !== target) return "a merge request from a fork";
  return undefined;
}

/** Why this run counts as untrusted, or undefined when it does not. */
export function untrustedSource(eventName: string, event: unknown): string | undefined {
  if (eventName === "pull_request_target") return "a pull_request_target event";
  if (eventName === "pull_request" || eventName === "pull_request_review") {
    const pr = field(event, "pull_request");
    return isFork(field(field(pr, "head"), "repo"), field(field(pr, "base"), "repo"))
      ? "a pull request from a fork"
      : undefined;
  }
  if (eventName === "workflow_run") {
    const run = field(event, "workflow_run");
    const trigger = field(run, "event");
    if (trigger !== "pull_request" && trigger !== "pull_request_target") return undefined;
    return isFork(field(run, "head_repository"), field(run, "repository"))
      ? "a workflow_run triggered by a pull request from a fork"
      : undefined;
  }
  return undefined;
}

/**
 * A fork when the head repository differs from the base repository. `repo.fork` alone is not
 * enough: it is also true for a pull request between two branches of a repository that is itself a
 * fork. A missing head repository (a deleted fork) or a missing payload counts as a fork: fail closed.
 */
function isFork(head: unknown, base: unknown): boolean {
  const headName = field(head, "full_name");
  const baseName = field(base, "full_name");
  if (typeof headName !== "string" || typeof baseName !== "string") return true;
  return headName.toLowerCase() !== baseName.toLowerCase();
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
