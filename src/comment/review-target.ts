// Which pull or merge request a run can comment on, read from the CI environment: GitHub's
// pull_request and pull_request_target events, GitLab's merge-request pipelines. Pure: the caller
// passes the environment and, on GitHub, the event payload.

export interface GitHubTarget {
  platform: "github";
  /** GITHUB_API_URL: https://api.github.com, or a GitHub Enterprise Server's /api/v3. */
  apiUrl: string;
  owner: string;
  repo: string;
  number: number;
  /** The workflow run's page (its summary and log), when the runner names it. */
  runUrl?: string;
  /** `pull request #7`, for messages. */
  where: string;
  /** The comment id when none is given: the workflow and the job. */
  defaultId: string;
}

export interface GitLabTarget {
  platform: "gitlab";
  /** CI_API_V4_URL. */
  apiUrl: string;
  projectId: string;
  mergeRequestIid: number;
  /** The job's page (its log and artifacts). */
  runUrl?: string;
  /** The merge request's page, to link a note (CI_PROJECT_URL/-/merge_requests/IID). */
  mergeRequestUrl?: string;
  where: string;
  /** The comment id when none is given: the job's name (a parallel:matrix job's name includes its values). */
  defaultId: string;
}

export type ReviewTarget = GitHubTarget | GitLabTarget;

type TargetLookup = { target: ReviewTarget } | { none: string };

type Env = Record<string, string | undefined>;

/** Events whose payload names a pull request the workflow may comment on. */
export const PULL_REQUEST_EVENTS: readonly string[] = ["pull_request", "pull_request_target"];

export function findReviewTarget(env: Env, event?: unknown): TargetLookup {
  if (env.GITHUB_ACTIONS === "true") return githubTarget(env, event);
  if (env.GITLAB_CI === "true") return gitlabTarget(env);
  return { none: "not running in GitHub Actions or GitLab CI, so there is no pull or merge request" };
}

function githubTarget(env: Env, event: unknown): TargetLookup {
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  if (!PULL_REQUEST_EVENTS.includes(eventName)) {
    return {
      none: `this ${eventName || "GitHub"} run is not for a pull request (events: ${PULL_REQUEST_EVENTS.join(", ")})`,
    };
  }
  const number = pullRequestNumber(event, env.GITHUB_REF);
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  if (number === undefined || !owner || !repo) {
    return { none: `the ${eventName} event names no pull request number or repository (GITHUB_REPOSITORY)` };
  }
  const server = (env.GITHUB_SERVER_URL || "https://github.com").replace(/\/+$/, "");
  return {
    target: {
      platform: "github",
      apiUrl: (env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, ""),
      owner,
      repo,
      number,
      ...(env.GITHUB_RUN_ID
        ? { runUrl: `${server}/${owner}/${repo}/actions/runs/${encodeURIComponent(env.GITHUB_RUN_ID)}` }
        : {}),
      where: `pull request #${number}`,
      defaultId: [env.GITHUB_WORKFLOW, env.GITHUB_JOB].filter(Boolean).join("/") || "config-rollout",
    },
  };
}

function pullRequestNumber(event: unknown, ref: string | undefined): number | undefined {
  const fromEvent = field(field(event, "pull_request"), "number") ?? field(event, "number");
  if (typeof fromEvent === "number" && Number.isSafeInteger(fromEvent) && fromEvent > 0) return fromEvent;
  // refs/pull/7/merge: the ref of a pull_request run, should the payload be missing.
  const match = /^refs\/pull\/(\d+)\//.exec(ref ?? "");
  return match ? Number(match[1]) : undefined;
}

function gitlabTarget(env: Env): TargetLookup {
  const iid = env.CI_MERGE_REQUEST_IID ?? "";
  if (!/^\d+$/.test(iid)) {
    return { none: "this GitLab pipeline is not a merge-request pipeline (no CI_MERGE_REQUEST_IID)" };
  }
  if (!env.CI_API_V4_URL || !env.CI_PROJECT_ID) {
    return { none: "CI_API_V4_URL or CI_PROJECT_ID is not set, so the merge request cannot be reached" };
  }
  const number = Number(iid);
  return {
    target: {
      platform: "gitlab",
      apiUrl: env.CI_API_V4_URL.replace(/\/+$/, ""),
      projectId: env.CI_PROJECT_ID,
      mergeRequestIid: number,
      ...(env.CI_JOB_URL ? { runUrl: env.CI_JOB_URL } : {}),
      ...(env.CI_PROJECT_URL ? { mergeRequestUrl: `${env.CI_PROJECT_URL}/-/merge_requests/${number}` } : {}),
      where: `merge request !${number}`,
      defaultId: env.CI_JOB_NAME || "config-rollout",
    },
  };
}

/** The token each platform's client uses: the caller's (the action's github-token input) or the environment's. */
export function tokenFor(target: ReviewTarget, env: Env, given?: string): string | undefined {
  if (given) return given;
  const token =
    target.platform === "github" ? env.GITHUB_TOKEN || env.GH_TOKEN : env.CONFIG_ROLLOUT_GITLAB_TOKEN;
  return token || undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
