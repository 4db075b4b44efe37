// Which CI system we run in: decides where the commits come from and which setting a
// shallow-clone error message tells the user to change.

export type CiKind = "github" | "gitlab" | "local";

export function detectCiKind(env: Record<string, string | undefined>): CiKind {
  if (env.GITHUB_ACTIONS === "true") return "github";
  if (env.GITLAB_CI === "true") return "gitlab";
  return "local";
}

/**
 * Whether the job runs in any CI system: GitHub and GitLab, and every other runner that sets `CI`
 * (CircleCI, Buildkite, Travis, Woodpecker, Drone, Bitbucket...). A CI checkout has no edits of its own.
 */
export function inCiJob(env: Record<string, string | undefined>): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return detectCiKind(env) !== "local" || (ci !== undefined && ci !== "" && ci !== "false" && ci !== "0");
}

/** What to change when history is missing from a shallow clone. */
export function fetchDepthHint(ci: CiKind): string {
  switch (ci) {
    case "github":
      return "set fetch-depth: 0 on actions/checkout";
    case "gitlab":
      return "set GIT_DEPTH: 0 in the job's variables";
    case "local":
      return "fetch more history (git fetch --unshallow)";
  }
}
