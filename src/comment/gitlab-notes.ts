// Merge request notes on GitLab with plain fetch: three endpoints, and no small, well-kept client
// (@gitbeaker/rest wraps the whole API with its own request layer; we need GET, POST and PUT of one resource).
// The token goes in PRIVATE-TOKEN: a project, group or personal access token with the `api` scope
// (CI_JOB_TOKEN cannot write notes).

import {
  fetchWithTimeout,
  ReviewApiError,
  type ReviewComment,
  type ReviewComments,
} from "./review-comments.js";
import type { GitLabTarget } from "./review-target.js";

/** 100 notes a page; a merge request with more than 5,000 notes is searched no further. */
const PER_PAGE = 100;
const MAX_PAGES = 50;

interface Note {
  id: number;
  body?: string;
  system?: boolean;
  author?: { id?: unknown } | null;
}

export function createGitLabNotes(
  target: GitLabTarget,
  token: string,
  userAgent: string,
  fetchImpl: typeof fetch = fetchWithTimeout(),
): ReviewComments {
  const notesUrl = `${target.apiUrl}/projects/${encodeURIComponent(target.projectId)}/merge_requests/${target.mergeRequestIid}/notes`;
  const headers = { "PRIVATE-TOKEN": token, "User-Agent": userAgent, Accept: "application/json" };
  const toComment = (note: Note): ReviewComment => ({
    id: note.id,
    body: note.body ?? "",
    ...(target.mergeRequestUrl ? { url: `${target.mergeRequestUrl}#note_${note.id}` } : {}),
    ...(typeof note.author?.id === "number" ? { author: String(note.author.id) } : {}),
  });

  async function call(method: string, url: string, body?: string): Promise<Response> {
    const response = await fetchImpl(url, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify({ body }) }),
    });
    if (!response.ok) throw new ReviewApiError(await describeFailure(response), response.status);
    return response;
  }

  return {
    // GET /user answers for a personal, project or group access token (a project token is a bot user).
    async whoAmI() {
      try {
        const user = (await (await call("GET", `${target.apiUrl}/user`)).json()) as { id?: unknown };
        return typeof user.id === "number" ? String(user.id) : undefined;
      } catch {
        return undefined;
      }
    },
    async *list() {
      let page: string | null = "1";
      for (let count = 0; page && count < MAX_PAGES; count++) {
        const query = `?sort=asc&order_by=created_at&per_page=${PER_PAGE}&page=${encodeURIComponent(page)}`;
        const response = await call("GET", `${notesUrl}${query}`);
        const notes = (await response.json()) as Note[];
        for (const note of notes) if (!note.system) yield toComment(note);
        page = response.headers.get("x-next-page") || null;
      }
    },
    async create(body) {
      return toComment((await (await call("POST", notesUrl, body)).json()) as Note);
    },
    async update(id, body) {
      return toComment((await (await call("PUT", `${notesUrl}/${id}`, body)).json()) as Note);
    },
  };
}

/** GitLab's error bodies: {"message": ...} or {"error": ...}; the status text otherwise. */
async function describeFailure(response: Response): Promise<string> {
  let detail = "";
  try {
    const parsed = (await response.json()) as { message?: unknown; error?: unknown };
    const value = parsed.message ?? parsed.error;
    detail = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  } catch {
    detail = "";
  }
  return detail || response.statusText || `HTTP ${response.status}`;
}
