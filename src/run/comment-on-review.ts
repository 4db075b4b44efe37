// The plan as one comment on the pull request (GitHub) or merge request (GitLab), updated on every
// run: find where to comment, build the body, find our comment by its marker and update it, or
// create it. Never throws and never changes the run's result: the outcome is one line for the log,
// a warning when a comment was wanted and could not be written.

import { buildCommentBody } from "../comment/comment-body.js";
import { createGitLabNotes } from "../comment/gitlab-notes.js";
import { type ReviewComments, upsertComment } from "../comment/review-comments.js";
import {
  findReviewTarget,
  PULL_REQUEST_EVENTS,
  type ReviewTarget,
  tokenFor,
} from "../comment/review-target.js";
import { shortSha } from "../core/commit-sha.js";
import type { RunReport } from "../core/run-result.js";
import { detectCiKind } from "../range/ci-kind.js";
import { errorParts } from "../report/error-line.js";
import { escapeMarkdown, markdownSections } from "../report/report-markdown.js";
import { USER_AGENT, VERSION } from "./version.js";

type Env = Record<string, string | undefined>;

interface ReviewCommentRequest {
  env: Env;
  /** How to read GitHub's event payload (range/github-event.ts eventReader, shared with the run: one read). */
  readEvent: () => Promise<unknown>;
  /** A token given by the caller (the action's `github-token` input); else the environment's. */
  token?: string;
  /** --comment-id; default: the target's (workflow and job, or job name). */
  commentId?: string;
  /** The run's report, or the error that ended it (then only an existing comment is updated). */
  content: { report: RunReport } | { error: string };
  /** Where the whole report is when the comment is cut: "the job summary" (action), "the job log" (CLI). */
  fullReportIn: string;
}

/** Posts a run's report, or the error that ended it, as the comment. */
export type Commenter = (content: { report: RunReport } | { error: unknown }) => Promise<void>;

/** A commenter for one run: the request without its content; each outcome goes to `say`. */
export function reviewCommenter(
  request: Omit<ReviewCommentRequest, "content">,
  say: (outcome: ReviewCommentOutcome) => void,
): Commenter {
  return async (content) => {
    // The error message's first line.
    const shown =
      "report" in content
        ? content
        : { error: errorParts(content.error, false).message.split("\n")[0] ?? "" };
    say(await commentOnReview({ ...request, content: shown }));
  };
}

/** The action's `comment` when unset: on for pull request events (GitHub would fill a declared default in, so it has none). */
export function commentsByDefault(env: Env): boolean {
  return PULL_REQUEST_EVENTS.includes(env.GITHUB_EVENT_NAME ?? "");
}

export interface ReviewCommentOutcome {
  level: "info" | "warning";
  message: string;
}

/**
 * Body limits: GitHub refuses a comment over 65,536 characters, GitLab a note over 1,000,000. The
 * margin covers line ends a platform may count twice.
 */
const LIMITS = { github: 65_000, gitlab: 999_000 } as const;

async function commentOnReview(request: ReviewCommentRequest): Promise<ReviewCommentOutcome> {
  const lookup = findReviewTarget(request.env, await eventPayload(request.env, request.readEvent));
  if ("none" in lookup) return { level: "info", message: `comment: nothing to comment on: ${lookup.none}` };
  const target = lookup.target;
  const token = tokenFor(target, request.env, request.token);
  if (!token)
    return {
      level: "warning",
      message: `comment: no token to comment on ${target.where}: ${tokenHint(target)}`,
    };
  const id = request.commentId?.trim() || target.defaultId;
  const body = commentBody(request, target, id);
  try {
    const client = await createClient(target, token);
    const done = await upsertComment(client, id, body, wantsNewComment(request.content));
    if (done.action === "none") {
      return {
        level: "info",
        message: `comment: ${"error" in request.content ? "the run failed" : "nothing changed"} and ${target.where} has no plan comment to update: none written`,
      };
    }
    const url = done.comment.url ? `: ${done.comment.url}` : "";
    return { level: "info", message: `comment: plan comment ${done.action} on ${target.where}${url}` };
  } catch (error) {
    return { level: "warning", message: redact(failureMessage(error, target), token) };
  }
}

/** GitHub's event payload on GitHub; one that cannot be read names no pull request. */
async function eventPayload(env: Env, readEvent: () => Promise<unknown>): Promise<unknown> {
  if (detectCiKind(env) !== "github") return undefined;
  try {
    return await readEvent();
  } catch {
    return undefined;
  }
}

async function createClient(target: ReviewTarget, token: string): Promise<ReviewComments> {
  if (target.platform === "github") {
    // Octokit (dist/vendor/octokit-*.js) is loaded only by a run that comments on GitHub.
    const { createGitHubComments } = await import("../comment/github-comments.js");
    return createGitHubComments(target, token, USER_AGENT);
  }
  return createGitLabNotes(target, token, USER_AGENT);
}

/**
 * A first comment only when the plan has something to say: a pull request that changes no config
 * gets no comment, but one that had a plan comment gets it updated ("Nothing changed"), so no stale
 * plan stays. An incomplete plan says what was not read. A run that failed before it had a plan
 * updates an existing comment only.
 */
function wantsNewComment(content: ReviewCommentRequest["content"]): boolean {
  if ("error" in content) return false;
  const { plan, outcome } = content.report;
  return (
    plan.changes.length > 0 ||
    plan.workloads.length > 0 ||
    plan.problems.length > 0 ||
    outcome === "failed" ||
    outcome === "incomplete"
  );
}

function commentBody(request: ReviewCommentRequest, target: ReviewTarget, id: string): string {
  const { content } = request;
  const run = target.runUrl ? `[this run](${safeUrl(target.runUrl)})` : "this run";
  const head =
    "report" in content && content.report.plan.head
      ? ` at ${escapeMarkdown(shortSha(content.report.plan.head))}`
      : "";
  const footer =
    `<sub>config-rollout ${escapeMarkdown(VERSION)}${head}, ${run}. ` +
    `Every run of this job updates this comment (comment id: ${escapeMarkdown(id)}).</sub>`;
  const limit = LIMITS[target.platform];
  return buildCommentBody({
    id,
    sections:
      "report" in content
        ? markdownSections(content.report)
        : [
            {
              render: () =>
                `### config-rollout\n\n**Failed:** ${escapeMarkdown(content.error)}\n\nNo plan: see the job log.\n`,
            },
          ],
    footer,
    limit,
    cutNote: `_Shortened to stay under ${target.platform === "github" ? "GitHub's 65,536" : "GitLab's 1,000,000"}-character limit for a comment: the whole report is in ${request.fullReportIn} of ${run}._`,
  }).body;
}

function tokenHint(target: ReviewTarget): string {
  return target.platform === "github"
    ? "the action takes the github-token input (default: the workflow's github.token); the CLI reads GITHUB_TOKEN, so set it in the step's env. The job needs permissions: pull-requests: write"
    : "set a masked CI/CD variable CONFIG_ROLLOUT_GITLAB_TOKEN holding a project access token with the api scope (CI_JOB_TOKEN cannot write notes)";
}

function failureMessage(error: unknown, target: ReviewTarget): string {
  const status = statusOf(error);
  const reason = error instanceof Error ? error.message : String(error);
  const firstLine = reason.split("\n")[0] ?? "";
  // GitLab's messages start with the status ("403 Forbidden"); Octokit's do not.
  const shown = status && !firstLine.startsWith(String(status)) ? `${status} ${firstLine}` : firstLine;
  const what = `comment: could not write the plan comment on ${target.where} (${shown})`;
  const unchanged = "; the run's result is unchanged";
  if (status === 401) return `${what}: the token was rejected${unchanged}`;
  if (status === 403 || status === 404) {
    return target.platform === "github"
      ? `${what}: the token cannot write comments there. A pull request from a fork gets a read-only token; otherwise give the job permissions: pull-requests: write${unchanged}`
      : `${what}: the token cannot write notes there: CONFIG_ROLLOUT_GITLAB_TOKEN needs the api scope and at least the Reporter role in the project${unchanged}`;
  }
  return `${what}${unchanged}`;
}

function statusOf(error: unknown): number | undefined {
  const status =
    typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === "number" ? status : undefined;
}

/** No message we print holds the token, even one an API (or a proxy) echoed back. */
function redact(text: string, token: string): string {
  return token.length >= 4 ? text.replaceAll(token, "***") : text;
}

/** A URL from the CI environment inside a Markdown link: nothing that could end the link. */
function safeUrl(url: string): string {
  return url.replace(
    /[\s()<>[\]"'`]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}
