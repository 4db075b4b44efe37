// What the plan comment needs from a platform: the comments of one pull or merge request, and
// creating or editing one. github-comments.ts (Octokit) and gitlab-notes.ts (fetch) implement it;
// tests pass their own. The find-or-create step over it is here.
import { isCommentFor } from "./comment-marker.js";

export interface ReviewComment {
  id: number;
  body: string;
  url?: string;
  /** Who wrote it, in the form `whoAmI` answers (GitHub: the login; GitLab: the user id). */
  author?: string;
}

export interface ReviewComments {
  /**
   * The token's own identity, in the form of `ReviewComment.author`; undefined when the platform
   * would not say. Only a comment it wrote is ever edited.
   */
  whoAmI(): Promise<string | undefined>;
  /** The pull request's comments, oldest first, fetched page by page as the caller reads on. */
  list(): AsyncIterable<ReviewComment>;
  create(body: string): Promise<ReviewComment>;
  update(id: number, body: string): Promise<ReviewComment>;
}

/** An HTTP answer the API refused, with its status (Octokit's RequestError has the same shape). */
export class ReviewApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ReviewApiError";
  }
}

/** Per request: a platform that does not answer must not hold the job. */
const REQUEST_TIMEOUT_MS = 30_000;

type Upserted = { action: "created" | "updated"; comment: ReviewComment } | { action: "none" };

/**
 * Updates the first comment (the oldest) that the token's own identity wrote and that starts with
 * the marker of `id`, or creates one when there is none and `createIfMissing`. Stops listing at the
 * first match. Another user's comment that starts with the marker is never edited (on
 * pull_request_target its author could later edit it into a fake plan); when the identity is not
 * known, no comment counts as ours (fail closed: a new one is made).
 */
export async function upsertComment(
  comments: ReviewComments,
  id: string,
  body: string,
  createIfMissing: boolean,
): Promise<Upserted> {
  const me = await comments.whoAmI();
  for await (const comment of me === undefined ? [] : comments.list()) {
    if (comment.author === me && isCommentFor(comment.body, id)) {
      return { action: "updated", comment: await comments.update(comment.id, body) };
    }
  }
  if (!createIfMissing) return { action: "none" };
  return { action: "created", comment: await comments.create(body) };
}

/** `fetch` with a time limit on each request (neither Octokit nor fetch has one by default). */
export function fetchWithTimeout(timeoutMs = REQUEST_TIMEOUT_MS): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
