// Pull request comments on GitHub through Octokit (@octokit/core with the pagination plugin: the
// client @actions/github wraps, without its proxy layer, which bundles undici: 1.8 MB against
// ~70 KB). Issue comments API: a pull request is an issue.
// Loaded only by runs that comment (dist/vendor/octokit-*.js).
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { fetchWithTimeout, type ReviewComment, type ReviewComments } from "./review-comments.js";
import type { GitHubTarget } from "./review-target.js";

const CommentingOctokit = Octokit.plugin(paginateRest);

/** Octokit's own log would print deprecation notices and request lines: nothing of it is ours to show. */
const SILENT = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** A login as both APIs name it: REST says `github-actions[bot]`, GraphQL's authors `github-actions`. */
function loginKey(login: string): string {
  return login.toLowerCase().replace(/\[bot\]$/, "");
}

export function createGitHubComments(target: GitHubTarget, token: string, userAgent: string): ReviewComments {
  const octokit = new CommentingOctokit({
    auth: token,
    baseUrl: target.apiUrl,
    userAgent,
    log: SILENT,
    request: { fetch: fetchWithTimeout() },
  });
  const issue = { owner: target.owner, repo: target.repo, issue_number: target.number };
  const toComment = (data: {
    id: number | bigint;
    body?: string | null;
    html_url?: string;
    user?: { login?: string } | null;
  }): ReviewComment => ({
    id: Number(data.id),
    body: data.body ?? "",
    ...(data.html_url ? { url: data.html_url } : {}),
    ...(data.user?.login ? { author: loginKey(data.user.login) } : {}),
  });
  return {
    // GraphQL's viewer answers for every kind of token: a user's, GITHUB_TOKEN (github-actions[bot])
    // and a GitHub App's installation token (<app>[bot]); REST's GET /user refuses the last two.
    async whoAmI() {
      try {
        const answer = await octokit.graphql<{ viewer?: { login?: unknown } }>("query { viewer { login } }");
        const login = answer.viewer?.login;
        return typeof login === "string" && login !== "" ? loginKey(login) : undefined;
      } catch {
        return undefined;
      }
    },
    async *list() {
      const pages = octokit.paginate.iterator("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...issue,
        per_page: 100,
      });
      for await (const page of pages) for (const data of page.data) yield toComment(data);
    },
    async create(body) {
      const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...issue,
        body,
      });
      return toComment(data);
    },
    async update(id, body) {
      const { data } = await octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
        owner: target.owner,
        repo: target.repo,
        comment_id: id,
        body,
      });
      return toComment(data);
    },
  };
}
