"use strict";
const __configRolloutModuleUrl = require("node:url").pathToFileURL(__filename).href;
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// borrowed:src/ci/ci-kind.ts
var require_ci_kind = __commonJS({
  "borrowed:src/ci/ci-kind.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/ci/ci-kind.ts"];
  }
});

// borrowed:src/ci/github-event.ts
var require_github_event = __commonJS({
  "borrowed:src/ci/github-event.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/ci/github-event.ts"];
  }
});

// src/comment/comment-marker.ts
function commentMarker(id) {
  return `${PREFIX}${encodeCommentId(id)}${SUFFIX}`;
}
function encodeCommentId(id) {
  let out = "";
  for (const byte of Buffer.from(id, "utf8")) {
    const char = String.fromCharCode(byte);
    const plain = /[A-Za-z0-9_.:/@+]/.test(char) || char === "-" && !out.endsWith("-");
    out += plain ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
function isCommentFor(body, id) {
  const firstLine = body.trimStart().split(/\r?\n/, 1)[0] ?? "";
  return firstLine.trimEnd() === commentMarker(id);
}
var PREFIX, SUFFIX;
var init_comment_marker = __esm({
  "src/comment/comment-marker.ts"() {
    "use strict";
    PREFIX = "<!-- config-rollout:plan id=";
    SUFFIX = " -->";
  }
});

// src/comment/comment-body.ts
function buildCommentBody(input) {
  for (const [i, rows] of ROWS.entries()) {
    const note = i === 0 ? void 0 : input.cutNote;
    const body = assemble(input, rows, note);
    if (body.length <= input.limit) return { body, cut: i > 0 };
  }
  const head = `${commentMarker(input.id)}

`;
  const tail = `

${input.cutNote}

${input.footer}
`;
  const content = input.sections.map((s) => sectionText(s, FEWEST_ROWS)).join("\n");
  const room = input.limit - head.length - tail.length;
  return { body: `${head}${cutAtLine(content, room)}${tail}`, cut: true };
}
function assemble(input, rows, note) {
  const parts = [commentMarker(input.id), "", ...input.sections.map((s) => sectionText(s, rows))];
  if (note) parts.push("", note);
  parts.push("", input.footer, "");
  return parts.join("\n");
}
function sectionText(section, rows) {
  const text = section.render(rows).replace(/\n+$/, "");
  return section.title === void 0 ? text : `## ${section.title}

${text}`;
}
function cutAtLine(text, max) {
  let length = 0;
  let kept = 0;
  let inFence = false;
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    length += line.length + (i > 0 ? 1 : 0);
    if (length > max) break;
    if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence) kept = i + 1;
  }
  return lines.slice(0, kept).join("\n");
}
var ROWS, FEWEST_ROWS;
var init_comment_body = __esm({
  "src/comment/comment-body.ts"() {
    "use strict";
    init_comment_marker();
    ROWS = [500, 200, 100, 50, 20, 10];
    FEWEST_ROWS = 10;
  }
});

// src/comment/review-comments.ts
async function upsertComment(comments, id, body, createIfMissing) {
  const me = await comments.whoAmI();
  for await (const comment of me === void 0 ? [] : comments.list()) {
    if (comment.author === me && isCommentFor(comment.body, id)) {
      return { action: "updated", comment: await comments.update(comment.id, body) };
    }
  }
  if (!createIfMissing) return { action: "none" };
  return { action: "created", comment: await comments.create(body) };
}
function fetchWithTimeout(timeoutMs = REQUEST_TIMEOUT_MS) {
  return (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
var ReviewApiError, REQUEST_TIMEOUT_MS;
var init_review_comments = __esm({
  "src/comment/review-comments.ts"() {
    "use strict";
    init_comment_marker();
    ReviewApiError = class extends Error {
      constructor(message, status) {
        super(message);
        this.status = status;
        this.name = "ReviewApiError";
      }
      status;
    };
    REQUEST_TIMEOUT_MS = 3e4;
  }
});

// src/comment/review-target.ts
function findReviewTarget(env, event) {
  if (env.GITHUB_ACTIONS === "true") return githubTarget(env, event);
  if (env.GITLAB_CI === "true") return gitlabTarget(env);
  return { none: "not running in GitHub Actions or GitLab CI, so there is no pull or merge request" };
}
function githubTarget(env, event) {
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  if (!PULL_REQUEST_EVENTS.includes(eventName)) {
    return {
      none: `this ${eventName || "GitHub"} run is not for a pull request (events: ${PULL_REQUEST_EVENTS.join(", ")})`
    };
  }
  const number = pullRequestNumber(event, env.GITHUB_REF);
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  if (number === void 0 || !owner || !repo) {
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
      ...env.GITHUB_RUN_ID ? { runUrl: `${server}/${owner}/${repo}/actions/runs/${encodeURIComponent(env.GITHUB_RUN_ID)}` } : {},
      where: `pull request #${number}`,
      defaultId: [env.GITHUB_WORKFLOW, env.GITHUB_JOB].filter(Boolean).join("/") || "config-rollout"
    }
  };
}
function pullRequestNumber(event, ref) {
  const fromEvent = field(field(event, "pull_request"), "number") ?? field(event, "number");
  if (typeof fromEvent === "number" && Number.isSafeInteger(fromEvent) && fromEvent > 0) return fromEvent;
  const match = /^refs\/pull\/(\d+)\//.exec(ref ?? "");
  return match ? Number(match[1]) : void 0;
}
function gitlabTarget(env) {
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
      ...env.CI_JOB_URL ? { runUrl: env.CI_JOB_URL } : {},
      ...env.CI_PROJECT_URL ? { mergeRequestUrl: `${env.CI_PROJECT_URL}/-/merge_requests/${number}` } : {},
      where: `merge request !${number}`,
      defaultId: env.CI_JOB_NAME || "config-rollout"
    }
  };
}
function tokenFor(target, env, given) {
  if (given) return given;
  const token = target.platform === "github" ? env.GITHUB_TOKEN || env.GH_TOKEN : env.CONFIG_ROLLOUT_GITLAB_TOKEN;
  return token || void 0;
}
function field(value, key) {
  return typeof value === "object" && value !== null ? value[key] : void 0;
}
var PULL_REQUEST_EVENTS;
var init_review_target = __esm({
  "src/comment/review-target.ts"() {
    "use strict";
    PULL_REQUEST_EVENTS = ["pull_request", "pull_request_target"];
  }
});

// borrowed:src/report/describe.ts
var require_describe = __commonJS({
  "borrowed:src/report/describe.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/report/describe.ts"];
  }
});

// borrowed:src/report/report-markdown.ts
var require_report_markdown = __commonJS({
  "borrowed:src/report/report-markdown.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/report/report-markdown.ts"];
  }
});

// src/comment/github-comments.ts
var github_comments_exports = {};
__export(github_comments_exports, {
  createGitHubComments: () => createGitHubComments
});
function loginKey(login) {
  return login.toLowerCase().replace(/\[bot\]$/, "");
}
function createGitHubComments(target, token, userAgent) {
  const octokit = new CommentingOctokit({
    auth: token,
    baseUrl: target.apiUrl,
    userAgent,
    log: SILENT,
    request: { fetch: fetchWithTimeout() }
  });
  const issue = { owner: target.owner, repo: target.repo, issue_number: target.number };
  const toComment = (data) => ({
    id: Number(data.id),
    body: data.body ?? "",
    ...data.html_url ? { url: data.html_url } : {},
    ...data.user?.login ? { author: loginKey(data.user.login) } : {}
  });
  return {
    // GraphQL's viewer answers for every kind of token: a user's, GITHUB_TOKEN (github-actions[bot])
    // and a GitHub App's installation token (<app>[bot]); REST's GET /user refuses the last two.
    async whoAmI() {
      try {
        const answer = await octokit.graphql("query { viewer { login } }");
        const login = answer.viewer?.login;
        return typeof login === "string" && login !== "" ? loginKey(login) : void 0;
      } catch {
        return void 0;
      }
    },
    async *list() {
      const pages = octokit.paginate.iterator("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...issue,
        per_page: 100
      });
      for await (const page of pages) for (const data of page.data) yield toComment(data);
    },
    async create(body) {
      const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...issue,
        body
      });
      return toComment(data);
    },
    async update(id, body) {
      const { data } = await octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
        owner: target.owner,
        repo: target.repo,
        comment_id: id,
        body
      });
      return toComment(data);
    }
  };
}
var import_core, import_plugin_paginate_rest, CommentingOctokit, SILENT;
var init_github_comments = __esm({
  "src/comment/github-comments.ts"() {
    "use strict";
    import_core = require("./vendor/octokit-core.js");
    import_plugin_paginate_rest = require("./vendor/octokit-paginate-rest.js");
    init_review_comments();
    CommentingOctokit = import_core.Octokit.plugin(import_plugin_paginate_rest.paginateRest);
    SILENT = { debug: () => {
    }, info: () => {
    }, warn: () => {
    }, error: () => {
    } };
  }
});

// src/comment/gitlab-notes.ts
var gitlab_notes_exports = {};
__export(gitlab_notes_exports, {
  createGitLabNotes: () => createGitLabNotes
});
function createGitLabNotes(target, token, userAgent, fetchImpl = fetchWithTimeout()) {
  const notesUrl = `${target.apiUrl}/projects/${encodeURIComponent(target.projectId)}/merge_requests/${target.mergeRequestIid}/notes`;
  const headers = { "PRIVATE-TOKEN": token, "User-Agent": userAgent, Accept: "application/json" };
  const toComment = (note) => ({
    id: note.id,
    body: note.body ?? "",
    ...target.mergeRequestUrl ? { url: `${target.mergeRequestUrl}#note_${note.id}` } : {},
    ...typeof note.author?.id === "number" ? { author: String(note.author.id) } : {}
  });
  async function call(method, url, body) {
    const response = await fetchImpl(url, {
      method,
      headers: body === void 0 ? headers : { ...headers, "Content-Type": "application/json" },
      ...body === void 0 ? {} : { body: JSON.stringify({ body }) }
    });
    if (!response.ok) throw new ReviewApiError(await describeFailure(response), response.status);
    return response;
  }
  return {
    // GET /user answers for a personal, project or group access token (a project token is a bot user).
    async whoAmI() {
      try {
        const user = await (await call("GET", `${target.apiUrl}/user`)).json();
        return typeof user.id === "number" ? String(user.id) : void 0;
      } catch {
        return void 0;
      }
    },
    async *list() {
      let page = "1";
      for (let count = 0; page && count < MAX_PAGES; count++) {
        const query = `?sort=asc&order_by=created_at&per_page=${PER_PAGE}&page=${encodeURIComponent(page)}`;
        const response = await call("GET", `${notesUrl}${query}`);
        const notes = await response.json();
        for (const note of notes) if (!note.system) yield toComment(note);
        page = response.headers.get("x-next-page") || null;
      }
    },
    async create(body) {
      return toComment(await (await call("POST", notesUrl, body)).json());
    },
    async update(id, body) {
      return toComment(await (await call("PUT", `${notesUrl}/${id}`, body)).json());
    }
  };
}
async function describeFailure(response) {
  let detail = "";
  try {
    const parsed = await response.json();
    const value = parsed.message ?? parsed.error;
    detail = typeof value === "string" ? value : value === void 0 ? "" : JSON.stringify(value);
  } catch {
    detail = "";
  }
  return detail || response.statusText || `HTTP ${response.status}`;
}
var PER_PAGE, MAX_PAGES;
var init_gitlab_notes = __esm({
  "src/comment/gitlab-notes.ts"() {
    "use strict";
    init_review_comments();
    PER_PAGE = 100;
    MAX_PAGES = 50;
  }
});

// src/compose/comment-on-review.ts
var comment_on_review_exports = {};
__export(comment_on_review_exports, {
  commentOnReview: () => commentOnReview
});
async function commentOnReview(request) {
  const lookup = findReviewTarget(
    request.env,
    request.event ?? await eventPayload(request.env, request.readEvent)
  );
  if ("none" in lookup) return { level: "info", message: `comment: nothing to comment on: ${lookup.none}` };
  const target = lookup.target;
  const token = tokenFor(target, request.env, request.token);
  if (!token)
    return {
      level: "warning",
      message: `comment: no token to comment on ${target.where}: ${tokenHint(target)}`
    };
  const id = request.commentId?.trim() || target.defaultId;
  const body = commentBody(request, target, id);
  try {
    const client = await createClient(target, token, request.version);
    const done = await upsertComment(client, id, body, wantsNewComment(request.content));
    if (done.action === "none") {
      return {
        level: "info",
        message: `comment: ${"error" in request.content ? "the run failed" : "nothing changed"} and ${target.where} has no plan comment to update: none written`
      };
    }
    const url = done.comment.url ? `: ${done.comment.url}` : "";
    return { level: "info", message: `comment: plan comment ${done.action} on ${target.where}${url}` };
  } catch (error) {
    return { level: "warning", message: redact(failureMessage(error, target), token) };
  }
}
async function eventPayload(env, readEvent = (0, import_github_event.eventReader)(env)) {
  if ((0, import_ci_kind.detectCiKind)(env) !== "github") return void 0;
  try {
    return await readEvent();
  } catch {
    return void 0;
  }
}
async function createClient(target, token, version) {
  const userAgent = `config-rollout/${version}`;
  if (target.platform === "github") {
    const { createGitHubComments: createGitHubComments2 } = await Promise.resolve().then(() => (init_github_comments(), github_comments_exports));
    return createGitHubComments2(target, token, userAgent);
  }
  const { createGitLabNotes: createGitLabNotes2 } = await Promise.resolve().then(() => (init_gitlab_notes(), gitlab_notes_exports));
  return createGitLabNotes2(target, token, userAgent);
}
function wantsNewComment(content) {
  if ("error" in content) return false;
  const { plan, outcome } = content.report;
  return plan.changes.length > 0 || plan.workloads.length > 0 || plan.problems.length > 0 || outcome === "failed" || outcome === "incomplete";
}
function commentBody(request, target, id) {
  const { content } = request;
  const run = target.runUrl ? `[this run](${safeUrl(target.runUrl)})` : "this run";
  const head = "report" in content && content.report.plan.head ? ` at ${(0, import_report_markdown.escapeMarkdown)((0, import_describe.shortSha)(content.report.plan.head))}` : "";
  const footer = `<sub>config-rollout ${(0, import_report_markdown.escapeMarkdown)(request.version)}${head}, ${run}. Every run of this job updates this comment (comment id: ${(0, import_report_markdown.escapeMarkdown)(id)}).</sub>`;
  const limit = LIMITS[target.platform];
  return buildCommentBody({
    id,
    sections: "report" in content ? (0, import_report_markdown.markdownSections)(content.report) : [
      {
        render: () => `### config-rollout

**Failed:** ${(0, import_report_markdown.escapeMarkdown)(content.error)}

No plan: see the job log.
`
      }
    ],
    footer,
    limit,
    cutNote: `_Shortened to stay under ${target.platform === "github" ? "GitHub's 65,536" : "GitLab's 1,000,000"}-character limit for a comment: the whole report is in ${request.fullReportIn} of ${run}._`
  }).body;
}
function tokenHint(target) {
  return target.platform === "github" ? "the action takes the github-token input (default: the workflow's github.token); the CLI reads GITHUB_TOKEN, so set it in the step's env. The job needs permissions: pull-requests: write" : "set a masked CI/CD variable CONFIG_ROLLOUT_GITLAB_TOKEN holding a project access token with the api scope (CI_JOB_TOKEN cannot write notes)";
}
function failureMessage(error, target) {
  const status = statusOf(error);
  const reason = error instanceof Error ? error.message : String(error);
  const firstLine = reason.split("\n")[0] ?? "";
  const shown2 = status && !firstLine.startsWith(String(status)) ? `${status} ${firstLine}` : firstLine;
  const what = `comment: could not write the plan comment on ${target.where} (${shown2})`;
  const unchanged = "; the run's result is unchanged";
  if (status === 401) return `${what}: the token was rejected${unchanged}`;
  if (status === 403 || status === 404) {
    return target.platform === "github" ? `${what}: the token cannot write comments there. A pull request from a fork gets a read-only token; otherwise give the job permissions: pull-requests: write${unchanged}` : `${what}: the token cannot write notes there: CONFIG_ROLLOUT_GITLAB_TOKEN needs the api scope and at least the Reporter role in the project${unchanged}`;
  }
  return `${what}${unchanged}`;
}
function statusOf(error) {
  const status = typeof error === "object" && error !== null ? error.status : void 0;
  return typeof status === "number" ? status : void 0;
}
function redact(text, token) {
  return token.length >= 4 ? text.replaceAll(token, "***") : text;
}
function safeUrl(url) {
  return url.replace(
    /[\s()<>[\]"'`]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
  );
}
var import_ci_kind, import_github_event, import_describe, import_report_markdown, LIMITS;
var init_comment_on_review = __esm({
  "src/compose/comment-on-review.ts"() {
    "use strict";
    import_ci_kind = __toESM(require_ci_kind(), 1);
    import_github_event = __toESM(require_github_event(), 1);
    init_comment_body();
    init_review_comments();
    init_review_target();
    import_describe = __toESM(require_describe(), 1);
    import_report_markdown = __toESM(require_report_markdown(), 1);
    LIMITS = { github: 65e3, gitlab: 999e3 };
  }
});

// borrowed:src/core/errors.ts
var require_errors = __commonJS({
  "borrowed:src/core/errors.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/core/errors.ts"];
  }
});

// borrowed:src/core/model.ts
var require_model = __commonJS({
  "borrowed:src/core/model.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/model.ts"];
  }
});

// borrowed:src/core/option-naming.ts
var require_option_naming = __commonJS({
  "borrowed:src/core/option-naming.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/option-naming.ts"];
  }
});

// src/core/manifests/json-shape.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}
function field2(value, key) {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : void 0;
}
function stringField(value, key) {
  const v = field2(value, key);
  return typeof v === "string" ? v : void 0;
}
function arrayField(value, key) {
  const v = field2(value, key);
  return Array.isArray(v) ? v : [];
}
function describeType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (ArrayBuffer.isView(value)) return "binary data";
  if (typeof value === "object") return "a mapping";
  return `a ${typeof value}`;
}
var init_json_shape = __esm({
  "src/core/manifests/json-shape.ts"() {
    "use strict";
  }
});

// src/core/manifests/order.ts
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareIds(a, b) {
  return compareStrings(a.namespace, b.namespace) || compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name);
}
var init_order = __esm({
  "src/core/manifests/order.ts"() {
    "use strict";
  }
});

// src/core/manifests/config-content.ts
function isConfigManifest(m) {
  return (m.id.kind === "ConfigMap" || m.id.kind === "Secret") && field2(m.object, "apiVersion") === "v1";
}
function configContentOf(m) {
  const problems = [];
  const content = {};
  const label = `${m.id.kind.toLowerCase()}/${m.id.name}`;
  const report = (message, severity = "error") => problems.push({ file: m.file, line: m.line, col: 1, message: `${label}: ${message}`, severity });
  const entries = (section) => {
    const value = field2(m.object, section);
    if (value === void 0 || value === null) return [];
    if (!isRecord(value)) {
      report(`${section} must be a mapping of keys to strings, found ${describeType(value)}`);
      return [];
    }
    const valid = [];
    for (const [key, v] of Object.entries(value)) {
      if (!VALID_KEY.test(key)) {
        report(`${section} key ${JSON.stringify(key)} is not a valid key (letters, digits, "-", "_", ".")`);
        continue;
      }
      valid.push([key, v]);
    }
    return valid;
  };
  const text = (section, key, value) => {
    if (typeof value === "string") return value;
    if (value === null) {
      report(`${section} key "${key}" has no value; it is treated as an empty string`, "warning");
      return "";
    }
    report(
      `${section} key "${key}" must be a string, found ${describeType(value)} (quote it; kubectl would reject it)`
    );
    return void 0;
  };
  const decoded = (section, key, value) => {
    const s = text(section, key, value);
    if (s === void 0) return void 0;
    const compact = s.replace(/[\r\n]/g, "");
    if (!STD_BASE64.test(compact)) {
      report(`${section} key "${key}" is not valid base64`);
      return void 0;
    }
    return Buffer.from(compact, "base64").toString("base64");
  };
  if (m.id.kind === "ConfigMap") {
    for (const [key, value] of entries("data")) {
      const s = text("data", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
    for (const [key, value] of entries("binaryData")) {
      if (Object.hasOwn(content, key)) {
        report(`key "${key}" is in both data and binaryData`);
        continue;
      }
      const b = decoded("binaryData", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
  } else if (m.id.kind === "Secret") {
    for (const [key, value] of entries("data")) {
      const b = decoded("data", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
    for (const [key, value] of entries("stringData")) {
      const s = text("stringData", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
  }
  return { content: sortKeys(content), problems };
}
function changedKeys(a, b) {
  const before = a ?? {};
  const after = b ?? {};
  const keys = /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => Object.hasOwn(before, k) !== Object.hasOwn(after, k) || before[k] !== after[k]).sort(compareStrings);
}
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const parts = Object.keys(value).filter((k) => value[k] !== void 0).sort(compareStrings).map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function sortKeys(content) {
  const sorted = {};
  for (const key of Object.keys(content).sort(compareStrings)) setKey(sorted, key, content[key]);
  return sorted;
}
function setKey(content, key, value) {
  if (key === "__proto__")
    Object.defineProperty(content, key, { value, enumerable: true, writable: true, configurable: true });
  else content[key] = value;
}
var VALID_KEY, STD_BASE64;
var init_config_content = __esm({
  "src/core/manifests/config-content.ts"() {
    "use strict";
    init_json_shape();
    init_order();
    VALID_KEY = /^[-._a-zA-Z0-9]+$/;
    STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
  }
});

// src/core/manifests/consumed-keys.ts
function consumedKeys(references, namespace) {
  const byConfig = /* @__PURE__ */ new Map();
  for (const ref of references) {
    const id = { kind: ref.configKind, namespace, name: ref.configName };
    const known = byConfig.get((0, import_model.idKey)(id));
    if (!known) {
      byConfig.set((0, import_model.idKey)(id), { id, keys: ref.keys === "all" ? "all" : [...ref.keys] });
    } else if (known.keys !== "all") {
      known.keys = ref.keys === "all" ? "all" : [.../* @__PURE__ */ new Set([...known.keys, ...ref.keys])];
    }
  }
  return [...byConfig.values()].sort((a, b) => compareStrings((0, import_model.idKey)(a.id), (0, import_model.idKey)(b.id)));
}
function readContent(content, keys) {
  if (keys === "all") return content;
  const read = {};
  for (const key of [...keys].sort(compareStrings)) {
    if (Object.hasOwn(content, key)) {
      Object.defineProperty(read, key, { value: content[key], enumerable: true, writable: true });
    }
  }
  return read;
}
var import_model;
var init_consumed_keys = __esm({
  "src/core/manifests/consumed-keys.ts"() {
    "use strict";
    import_model = __toESM(require_model(), 1);
    init_order();
  }
});

// src/core/manifests/config-hash.ts
var config_hash_exports = {};
__export(config_hash_exports, {
  configHash: () => configHash,
  consumedKeys: () => consumedKeys,
  coveredSecrets: () => coveredSecrets
});
function configHash(consumed, contents, key, secretUid) {
  const entries = [];
  const secrets = [];
  for (const { id, keys } of consumed) {
    const content = contents.get((0, import_model2.idKey)(id));
    if (content === void 0) continue;
    if (id.kind === "Secret") secrets.push(id);
    const ident = { kind: id.kind, namespace: id.namespace, name: id.name };
    entries.push(canonicalJson({ id: ident, content: readContent(content, keys) }));
  }
  if (entries.length === 0) return void 0;
  let hmacKey = key;
  if (hmacKey === void 0 && secrets.length > 0) {
    hmacKey = uidKey(secrets, secretUid);
    if (hmacKey === void 0) return void 0;
  }
  const payload = `[${entries.sort(compareStrings).join(",")}]`;
  const hash = hmacKey === void 0 ? (0, import_node_crypto.createHash)("sha256") : (0, import_node_crypto.createHmac)("sha256", hmacKey);
  return hash.update(payload, "utf8").digest("hex");
}
function coveredSecrets(consumed, contents) {
  return consumed.filter((c) => c.id.kind === "Secret" && contents.has((0, import_model2.idKey)(c.id))).map((c) => c.id);
}
function uidKey(secrets, secretUid) {
  const uids = [];
  for (const id of [...secrets].sort((a, b) => compareStrings((0, import_model2.idKey)(a), (0, import_model2.idKey)(b)))) {
    const uid = secretUid?.(id);
    if (!uid) return void 0;
    uids.push(`${(0, import_model2.idKey)(id)}=${uid}`);
  }
  return Buffer.from(`config-rollout secret uids:${uids.join(",")}`, "utf8");
}
var import_node_crypto, import_model2;
var init_config_hash = __esm({
  "src/core/manifests/config-hash.ts"() {
    "use strict";
    import_node_crypto = require("node:crypto");
    import_model2 = __toESM(require_model(), 1);
    init_config_content();
    init_consumed_keys();
    init_order();
    init_consumed_keys();
  }
});

// src/core/plan-file/plan-document.ts
var plan_document_exports = {};
__export(plan_document_exports, {
  MAX_PLAN_NESTING: () => MAX_PLAN_NESTING,
  PLAN_API_VERSION: () => PLAN_API_VERSION,
  PLAN_KIND: () => PLAN_KIND,
  bodyDigest: () => bodyDigest,
  configDigest: () => configDigest,
  emptyPlanDocument: () => emptyPlanDocument,
  keyCheckOf: () => keyCheckOf,
  nestingBeyond: () => nestingBeyond,
  parsePlanDocument: () => parsePlanDocument,
  planStrategyOf: () => planStrategyOf,
  sealPlan: () => sealPlan,
  sharedChangeFields: () => sharedChangeFields
});
function planStrategyOf(strategy) {
  if (strategy === "gitops") throw new import_errors.UserError("--strategy gitops has no plan file to write");
  return strategy;
}
function sharedChangeFields(c) {
  return {
    id: c.id,
    status: c.status,
    file: c.file,
    line: c.line,
    keys: c.keys,
    ...c.ignored ? { ignored: true } : {}
  };
}
function configDigest(id, content, key) {
  const config = { id, keys: "all" };
  const hex = configHash([config], /* @__PURE__ */ new Map([[(0, import_model3.idKey)(id), content]]), key);
  if (hex === void 0) throw new Error(`no key for the digest of ${(0, import_model3.idKey)(id)}`);
  return key ? `hmac-sha256:${hex}` : `sha256:${hex}`;
}
function keyCheckOf(key) {
  return `hmac-sha256:${(0, import_node_crypto2.createHmac)("sha256", key).update(KEY_CHECK_TEXT).digest("hex")}`;
}
function bodyDigest(document) {
  const { digest: _ignored, ...body } = document;
  return `sha256:${(0, import_node_crypto2.createHash)("sha256").update(canonicalJson(body), "utf8").digest("hex")}`;
}
function sealPlan(body) {
  return { ...body, digest: bodyDigest(body) };
}
function emptyPlanDocument(head, strategy) {
  return sealPlan({
    apiVersion: PLAN_API_VERSION,
    kind: PLAN_KIND,
    base: head,
    head,
    strategy,
    configs: [],
    workloads: []
  });
}
function nestingBeyond(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return void 0;
}
function parsePlanDocument(text, file) {
  const deep = nestingBeyond(text, MAX_PLAN_NESTING);
  if (deep !== void 0) {
    throw new import_errors.UserError(
      `${file}: not a plan file: nested more than ${MAX_PLAN_NESTING} levels deep (at character ${deep + 1})`
    );
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new import_errors.UserError(`${file}: not a plan file: not valid JSON (${reason})`);
  }
  const bad = (field3, expected) => new import_errors.UserError(`${file}: malformed plan: ${field3} must be ${expected}`);
  if (!isRecord2(value)) throw bad("the document", "a JSON object");
  if (value.apiVersion !== PLAN_API_VERSION) {
    throw new import_errors.UserError(
      `${file}: unknown plan apiVersion ${JSON.stringify(value.apiVersion ?? null)}: this config-rollout reads ${PLAN_API_VERSION}`
    );
  }
  if (value.kind !== PLAN_KIND) throw bad("kind", `"${PLAN_KIND}"`);
  for (const field3 of ["base", "head"]) {
    if (typeof value[field3] !== "string" || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(value[field3]))
      throw bad(field3, "a full commit SHA");
  }
  if (!["annotation", "env", "versioned"].includes(value.strategy))
    throw bad("strategy", "one of annotation, env, versioned");
  if (typeof value.digest !== "string") throw bad("digest", "a string");
  if (value.keyCheck !== void 0 && typeof value.keyCheck !== "string") throw bad("keyCheck", "a string");
  if (!Array.isArray(value.configs)) throw bad("configs", "a list");
  for (const [i, c] of value.configs.entries()) checkConfig(c, `configs[${i}]`, bad);
  if (!Array.isArray(value.workloads)) throw bad("workloads", "a list");
  for (const [i, w] of value.workloads.entries()) checkWorkload(w, `workloads[${i}]`, bad);
  const document = value;
  if (bodyDigest(document) !== document.digest) {
    throw new import_errors.UserError(
      `${file}: the plan does not match its digest: it was changed after --plan-out wrote it (or cut short); make the plan again`
    );
  }
  return document;
}
function checkId(value, field3, bad) {
  if (!isRecord2(value)) throw bad(field3, "an object with kind, namespace and name");
  for (const key of ["kind", "namespace", "name"])
    if (typeof value[key] !== "string" || value[key] === "")
      throw bad(`${field3}.${key}`, "a non-empty string");
}
function checkConfig(value, field3, bad) {
  if (!isRecord2(value)) throw bad(field3, "an object");
  checkId(value.id, `${field3}.id`, bad);
  if (!["modified", "added", "deleted"].includes(value.status))
    throw bad(`${field3}.status`, "one of modified, added, deleted");
  if (typeof value.file !== "string") throw bad(`${field3}.file`, "a string");
  if (typeof value.line !== "number") throw bad(`${field3}.line`, "a number");
  if (!Array.isArray(value.keys) || !value.keys.every((k) => typeof k === "string"))
    throw bad(`${field3}.keys`, "a list of strings");
  if (value.digest !== void 0 && !/^(sha256|hmac-sha256):[0-9a-f]{64}$/.test(String(value.digest)))
    throw bad(`${field3}.digest`, "sha256:<64 hex digits> or hmac-sha256:<64 hex digits>");
}
function checkWorkload(value, field3, bad) {
  if (!isRecord2(value)) throw bad(field3, "an object");
  checkId(value.id, `${field3}.id`, bad);
  if (value.source !== "repo" && value.source !== "cluster") throw bad(`${field3}.source`, "repo or cluster");
  if (typeof value.reason !== "string") throw bad(`${field3}.reason`, "a string");
  if (!Array.isArray(value.references)) throw bad(`${field3}.references`, "a list");
  const change = value.change;
  if (!isRecord2(change)) throw bad(`${field3}.change`, "an object");
  if ("hash" in change) {
    if (typeof change.annotation !== "string" || !/^[0-9a-f]{64}$/.test(String(change.hash)))
      throw bad(`${field3}.change`, "{annotation, hash} with a 64-hex-digit hash");
  } else if ("env" in change) {
    if (typeof change.env !== "string" || change.env === "")
      throw bad(`${field3}.change.env`, "a variable name");
  } else if ("repoint" in change) {
    if (!Array.isArray(change.repoint)) throw bad(`${field3}.change.repoint`, "a list");
    change.repoint.forEach((r, i) => {
      if (!isRecord2(r) || typeof r.copy !== "string")
        throw bad(`${field3}.change.repoint[${i}].copy`, "a string");
      checkId(r.config, `${field3}.change.repoint[${i}].config`, bad);
    });
  } else {
    throw bad(`${field3}.change`, "one of {annotation, hash}, {env}, {repoint}");
  }
}
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var import_node_crypto2, import_errors, import_model3, PLAN_API_VERSION, PLAN_KIND, KEY_CHECK_TEXT, MAX_PLAN_NESTING;
var init_plan_document = __esm({
  "src/core/plan-file/plan-document.ts"() {
    "use strict";
    import_node_crypto2 = require("node:crypto");
    import_errors = __toESM(require_errors(), 1);
    init_config_content();
    init_config_hash();
    import_model3 = __toESM(require_model(), 1);
    PLAN_API_VERSION = "config-rollout.io/v1";
    PLAN_KIND = "Plan";
    KEY_CHECK_TEXT = "config-rollout.io/v1 plan key check";
    MAX_PLAN_NESTING = 64;
  }
});

// src/core/plan/guard-rails.ts
function applyGuardRails(workloads, rails) {
  const naming = rails.naming ?? import_option_naming.CLI_FLAGS;
  const guarded = workloads.map((w) => {
    if (w.action !== "restart") return w;
    const ns = w.id.namespace;
    if (rails.excludeNamespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is excluded (${naming.option("exclude-namespaces")})`
      };
    }
    if (rails.namespaces.length > 0 && !rails.namespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is not in ${naming.set("namespaces", rails.namespaces.join(","))}`
      };
    }
    return w;
  });
  const restarts = guarded.filter((w) => w.action === "restart").length;
  if (rails.maxRestarts === void 0 || restarts <= rails.maxRestarts)
    return { workloads: guarded, notes: [] };
  const over = `the plan restarts ${restarts} workloads, more than ${naming.set("max-restarts", String(rails.maxRestarts))}`;
  if (rails.dryRun !== void 0 && rails.dryRun !== "none") {
    return { workloads: guarded, notes: [`${over}: a real run would refuse it and restart nothing`] };
  }
  throw new import_errors2.UserError(
    `${over}; nothing was restarted (run with ${naming.set("dry-run", "client")} to see the plan)`
  );
}
var import_errors2, import_option_naming;
var init_guard_rails = __esm({
  "src/core/plan/guard-rails.ts"() {
    "use strict";
    import_errors2 = __toESM(require_errors(), 1);
    import_option_naming = __toESM(require_option_naming(), 1);
  }
});

// borrowed:src/core/run-result.ts
var require_run_result = __commonJS({
  "borrowed:src/core/run-result.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/run-result.ts"];
  }
});

// src/core/kinds/api-kinds.ts
function configKind(kind) {
  return CONFIG_KINDS.find((k) => k.kind === kind);
}
function isConfigKind(kind) {
  return CONFIG_KINDS.some((k) => k.kind === kind);
}
function apiVersionOf(entry) {
  return entry.group ? `${entry.group}/${entry.version}` : entry.version;
}
function qualifiedResource(entry) {
  return entry.group ? `${entry.resource}.${entry.group}` : entry.resource;
}
function isClusterScoped(kind) {
  return CLUSTER_SCOPED_KINDS.has(kind);
}
var CONFIG_KINDS, CONTROLLER_REVISION, POD, EVENT, REPLICA_SET, CLUSTER_SCOPED_KINDS;
var init_api_kinds = __esm({
  "src/core/kinds/api-kinds.ts"() {
    "use strict";
    CONFIG_KINDS = [
      { kind: "ConfigMap", group: "", version: "v1", resource: "configmaps" },
      { kind: "Secret", group: "", version: "v1", resource: "secrets" }
    ];
    CONTROLLER_REVISION = {
      kind: "ControllerRevision",
      group: "apps",
      version: "v1",
      resource: "controllerrevisions"
    };
    POD = { kind: "Pod", group: "", version: "v1", resource: "pods" };
    EVENT = { kind: "Event", group: "", version: "v1", resource: "events" };
    REPLICA_SET = {
      kind: "ReplicaSet",
      group: "apps",
      version: "v1",
      resource: "replicasets"
    };
    CLUSTER_SCOPED_KINDS = /* @__PURE__ */ new Set([
      "APIService",
      "CertificateSigningRequest",
      "ClusterIssuer",
      "ClusterRole",
      "ClusterRoleBinding",
      "ComponentStatus",
      "CSIDriver",
      "CSINode",
      "CustomResourceDefinition",
      "FlowSchema",
      "IngressClass",
      "MutatingWebhookConfiguration",
      "Namespace",
      "Node",
      "PersistentVolume",
      "PodSecurityPolicy",
      "PriorityClass",
      "PriorityLevelConfiguration",
      "RuntimeClass",
      "StorageClass",
      "ValidatingAdmissionPolicy",
      "ValidatingAdmissionPolicyBinding",
      "ValidatingWebhookConfiguration",
      "VolumeAttachment"
    ]);
  }
});

// src/core/kinds/argo-rollout-status.ts
function argoRolloutStatus(obj) {
  const name = String(field2(field2(obj, "metadata"), "name") ?? "");
  const status = field2(obj, "status");
  const [phase, detail] = rolloutPhase(obj);
  const message = `rollout "${name}" ${phase}${detail ? `: ${detail}` : ""}`;
  switch (phase) {
    case "Healthy":
      return { done: true, message: `rollout "${name}" successfully rolled out (Healthy)` };
    case "Degraded":
      return { done: true, message, error: message };
    case "Paused":
      return { done: true, paused: true, message: `${message} (promote it to continue)` };
    default:
      return {
        done: false,
        message: `Waiting for rollout "${name}" to finish: ${detail || "Progressing"}${stepOf(status)}`
      };
  }
}
function rolloutPhase(obj) {
  const spec = field2(obj, "spec");
  const status = field2(obj, "status");
  const observed = Number.parseInt(String(field2(status, "observedGeneration") ?? ""), 10);
  const generation = field2(field2(obj, "metadata"), "generation");
  if (Number.isFinite(observed) && typeof generation === "number" && observed < generation) {
    return ["Progressing", "waiting for rollout spec update to be observed"];
  }
  if (field2(status, "controllerPause") === true && arrayOf(field2(status, "pauseConditions")).length === 0) {
    return ["Progressing", "waiting for rollout to unpause"];
  }
  const workloadGeneration = Number.parseInt(
    String(field2(field2(field2(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10
  );
  const workloadObserved = Number.parseInt(String(field2(status, "workloadObservedGeneration") ?? ""), 10);
  if (Number.isFinite(workloadGeneration) && Number.isFinite(workloadObserved) && workloadGeneration !== workloadObserved) {
    return ["Progressing", "waiting for rollout spec update to be observed for the reference workload"];
  }
  const phase = stringField(status, "phase");
  if (phase) return [phase, stringField(status, "message") ?? ""];
  return calculatedPhase(spec, status);
}
function calculatedPhase(spec, status) {
  for (const condition of arrayOf(field2(status, "conditions"))) {
    const reason = stringField(condition, "reason");
    const message = stringField(condition, "message") ?? "";
    if (field2(condition, "type") === "InvalidSpec") return ["Degraded", `InvalidSpec: ${message}`];
    if (reason === "RolloutAborted" || reason === "ProgressDeadlineExceeded") {
      return ["Degraded", `${reason}: ${message}`];
    }
  }
  if (field2(spec, "paused") === true) return ["Paused", "manually paused"];
  const pause = arrayOf(field2(status, "pauseConditions"))[0];
  if (pause !== void 0) return ["Paused", stringField(pause, "reason") ?? ""];
  const replicas = numberOr(field2(spec, "replicas"), 1);
  const updated = numberOr(field2(status, "updatedReplicas"), 0);
  const available = numberOr(field2(status, "availableReplicas"), 0);
  if (updated < replicas) return ["Progressing", "more replicas need to be updated"];
  if (available < updated) return ["Progressing", "updated replicas are still becoming available"];
  const stable = stringField(status, "stableRS") ?? "";
  if (stable === "" || stable !== stringField(status, "currentPodHash")) {
    return ["Progressing", "waiting for all steps to complete"];
  }
  return ["Healthy", ""];
}
function stepOf(status) {
  const step = field2(status, "currentStepIndex");
  return typeof step === "number" ? ` (canary step ${step})` : "";
}
function arrayOf(value) {
  return Array.isArray(value) ? value : [];
}
function numberOr(value, fallback) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
var WORKLOAD_GENERATION_ANNOTATION;
var init_argo_rollout_status = __esm({
  "src/core/kinds/argo-rollout-status.ts"() {
    "use strict";
    init_json_shape();
    WORKLOAD_GENERATION_ANNOTATION = "rollout.argoproj.io/workload-generation";
  }
});

// src/core/kinds/pod-template.ts
function templateAt(obj, templatePath) {
  let template = obj;
  for (const step of templatePath) template = field2(template, step);
  return isRecord(template) ? template : void 0;
}
function podSpecAt(obj, templatePath) {
  return field2(templateAt(obj, templatePath), "spec");
}
function withPodSpec(obj, templatePath, spec) {
  const copy = structuredClone(obj);
  const template = templateAt(copy, templatePath);
  if (template) template.spec = spec;
  return copy;
}
function atTemplate(templatePath, value) {
  return templatePath.reduceRight((inner, step) => ({ [step]: inner }), value);
}
var init_pod_template = __esm({
  "src/core/kinds/pod-template.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/core/kinds/rollout-status.ts
function deploymentStatus(obj) {
  const name = nameOf(obj);
  const spec = field2(obj, "spec");
  const status = field2(obj, "status");
  if (num(field2(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("Deployment"));
  }
  const progressing = conditions(status).find((c) => field2(c, "type") === "Progressing");
  if (field2(progressing, "reason") === "ProgressDeadlineExceeded") {
    return failed(`deployment "${name}" exceeded its progress deadline`);
  }
  const updated = num(status, "updatedReplicas");
  const specReplicas = optionalNum(spec, "replicas");
  if (specReplicas !== void 0 && updated < specReplicas) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${specReplicas} new replicas have been updated...`
    );
  }
  const replicas = num(status, "replicas");
  if (replicas > updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${replicas - updated} old replicas are pending termination...`
    );
  }
  const available = num(status, "availableReplicas");
  if (available < updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...`
    );
  }
  return { done: true, message: `deployment "${name}" successfully rolled out` };
}
function daemonSetStatus(obj) {
  const name = nameOf(obj);
  const status = field2(obj, "status");
  const strategy = field2(field2(field2(obj, "spec"), "updateStrategy"), "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (daemon set "${name}" uses ${String(strategy)})`
    );
  }
  if (num(field2(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("DaemonSet"));
  }
  const desired = num(status, "desiredNumberScheduled");
  const updated = num(status, "updatedNumberScheduled");
  if (updated < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`
    );
  }
  const available = num(status, "numberAvailable");
  if (available < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`
    );
  }
  return { done: true, message: `daemon set "${name}" successfully rolled out` };
}
function statefulSetStatus(obj) {
  const name = nameOf(obj);
  const spec = field2(obj, "spec");
  const status = field2(obj, "status");
  const updateStrategy = field2(spec, "updateStrategy");
  const strategy = field2(updateStrategy, "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (statefulset "${name}" uses ${String(strategy)})`
    );
  }
  const observed = num(status, "observedGeneration");
  if (observed === 0 || num(field2(obj, "metadata"), "generation") > observed) {
    return waiting(specUpdateMessage("StatefulSet"));
  }
  const specReplicas = optionalNum(spec, "replicas");
  const ready = num(status, "readyReplicas");
  if (specReplicas !== void 0 && ready < specReplicas) {
    return waiting(`Waiting for ${specReplicas - ready} pods to be ready...`);
  }
  const updated = num(status, "updatedReplicas");
  const rollingUpdate = field2(updateStrategy, "rollingUpdate");
  if (isRecord(rollingUpdate)) {
    const partition = optionalNum(rollingUpdate, "partition") ?? 0;
    if (specReplicas !== void 0 && updated < specReplicas - partition) {
      return waiting(
        `Waiting for partitioned roll out to finish: ${updated} out of ${specReplicas - partition} new pods have been updated...`
      );
    }
    return { done: true, message: `partitioned roll out complete: ${updated} new pods have been updated...` };
  }
  const updateRevision = String(field2(status, "updateRevision") ?? "");
  const currentRevision = String(field2(status, "currentRevision") ?? "");
  if (updateRevision !== currentRevision) {
    return waiting(
      `waiting for statefulset rolling update to complete ${updated} pods at revision ${updateRevision}...`
    );
  }
  return {
    done: true,
    message: `statefulset rolling update complete ${num(status, "currentReplicas")} pods at revision ${currentRevision}...`
  };
}
function specUpdateMessage(kind) {
  const label = { Deployment: "deployment", DaemonSet: "daemon set", StatefulSet: "statefulset", Rollout: "rollout" }[kind] ?? kind;
  return `Waiting for ${label} spec update to be observed...`;
}
function waiting(message) {
  return { done: false, message };
}
function failed(error) {
  return { done: true, message: error, error };
}
function notWaitable(error) {
  return { done: true, message: error, error, notWaitable: true };
}
function nameOf(obj) {
  return String(field2(field2(obj, "metadata"), "name") ?? "");
}
function conditions(status) {
  const list = field2(status, "conditions");
  return Array.isArray(list) ? list : [];
}
function num(obj, key) {
  return optionalNum(obj, key) ?? 0;
}
function optionalNum(obj, key) {
  const value = field2(obj, key);
  return typeof value === "number" && Number.isFinite(value) ? value : void 0;
}
var init_rollout_status = __esm({
  "src/core/kinds/rollout-status.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/core/kinds/workload-kinds.ts
function workloadKind(kind, apiVersion) {
  const entry = BY_KIND.get(kind);
  if (!entry || typeof apiVersion !== "string") return entry;
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  return group === entry.group ? entry : void 0;
}
function workloadKindOf(obj) {
  const kind = field2(obj, "kind");
  return typeof kind === "string" ? workloadKind(kind, field2(obj, "apiVersion")) : void 0;
}
function patchTypeOf(entry) {
  return "patch" in entry.restart ? entry.restart.patch : void 0;
}
function isRestartableKind(entry) {
  return entry !== void 0 && patchTypeOf(entry) !== void 0;
}
function restartableKind(kind) {
  const entry = BY_KIND.get(kind);
  return isRestartableKind(entry) ? entry : void 0;
}
function restartableKinds() {
  return WORKLOAD_KINDS.filter(isRestartableKind);
}
function apiKind(kind) {
  return API_KIND_BY_NAME.get(kind);
}
function podTemplateOf(obj) {
  const entry = workloadKindOf(obj);
  const template = entry && templateAt(obj, entry.templatePath);
  if (!template) return void 0;
  return { spec: field2(template, "spec"), metadata: field2(template, "metadata") };
}
function runningPodTemplateOf(obj, lookup) {
  const owner = workloadKindOf(obj)?.templateOwner?.(obj);
  return owner ? podTemplateOf(lookup(owner)) : podTemplateOf(obj);
}
function isWorkloadKind(kind) {
  return BY_KIND.has(kind);
}
function isRestartable(kind) {
  return restartableKind(kind) !== void 0;
}
function skipReasonForKind(kind) {
  const restart = BY_KIND.get(kind)?.restart;
  return restart && "never" in restart ? restart.never : void 0;
}
function nameOf2(obj) {
  return String(field2(field2(obj, "metadata"), "name") ?? "");
}
function namespaceOf(obj) {
  return String(field2(field2(obj, "metadata"), "namespace") ?? "");
}
function rolloutStatus(obj) {
  const rule = workloadKindOf(obj)?.rolloutStatus;
  if (rule) return rule(obj);
  const message = `rollout status is not available for kind ${String(field2(obj, "kind") ?? "(none)")}`;
  return { done: true, message, error: message, notWaitable: true };
}
var WORKLOAD_KINDS, BY_KIND, API_KINDS, API_KIND_BY_NAME;
var init_workload_kinds = __esm({
  "src/core/kinds/workload-kinds.ts"() {
    "use strict";
    init_json_shape();
    init_api_kinds();
    init_argo_rollout_status();
    init_pod_template();
    init_rollout_status();
    init_api_kinds();
    WORKLOAD_KINDS = [
      {
        kind: "Deployment",
        group: "apps",
        version: "v1",
        resource: "deployments",
        templatePath: ["spec", "template"],
        restart: { patch: "strategic-merge" },
        rolloutStatus: deploymentStatus,
        // `kubectl rollout restart` refuses a paused Deployment too: patching it would queue a surprise
        // rollout for whoever resumes it.
        refusesRestart: (live) => field2(field2(live, "spec"), "paused") === true ? `deployment "${nameOf2(live)}" is paused: not restarted (resume it with kubectl rollout resume deployment/${nameOf2(live)} -n ${namespaceOf(live)})` : void 0
      },
      {
        kind: "StatefulSet",
        group: "apps",
        version: "v1",
        resource: "statefulsets",
        templatePath: ["spec", "template"],
        restart: { patch: "strategic-merge" },
        rolloutStatus: statefulSetStatus
      },
      {
        kind: "DaemonSet",
        group: "apps",
        version: "v1",
        resource: "daemonsets",
        templatePath: ["spec", "template"],
        restart: { patch: "strategic-merge" },
        rolloutStatus: daemonSetStatus
      },
      {
        kind: "Rollout",
        group: "argoproj.io",
        version: "v1alpha1",
        resource: "rollouts",
        templatePath: ["spec", "template"],
        restart: { patch: "merge" },
        rolloutStatus: argoRolloutStatus,
        refusesRestart: (live) => field2(field2(live, "spec"), "paused") === true ? `rollout "${nameOf2(live)}" is paused: not restarted (resume it with kubectl argo rollouts promote ${nameOf2(live)} -n ${namespaceOf(live)})` : void 0,
        templateOwner: (obj) => {
          const ref = field2(field2(obj, "spec"), "workloadRef");
          const name = field2(ref, "name");
          if (typeof name !== "string" || name === "") return void 0;
          const kind = field2(ref, "kind");
          return { kind: typeof kind === "string" ? kind : "Deployment", namespace: namespaceOf(obj), name };
        },
        customResource: true
      },
      {
        kind: "CronJob",
        group: "batch",
        version: "v1",
        resource: "cronjobs",
        templatePath: ["spec", "jobTemplate", "spec", "template"],
        restart: { never: "CronJob: picks up the change on its next run" }
      },
      {
        kind: "Job",
        group: "batch",
        version: "v1",
        resource: "jobs",
        templatePath: ["spec", "template"],
        restart: { never: "Job: a running job keeps its config; the next job created picks up the change" }
      },
      {
        kind: "ReplicaSet",
        group: "apps",
        version: "v1",
        resource: "replicasets",
        templatePath: ["spec", "template"],
        restart: { never: "ReplicaSet: restart the Deployment that owns it, or recreate its pods" }
      },
      {
        kind: "Pod",
        group: "",
        version: "v1",
        resource: "pods",
        templatePath: [],
        restart: { never: "Pod: a bare pod must be recreated" }
      }
    ];
    BY_KIND = new Map(WORKLOAD_KINDS.map((k) => [k.kind, k]));
    API_KINDS = [
      ...WORKLOAD_KINDS,
      ...CONFIG_KINDS,
      CONTROLLER_REVISION,
      POD,
      EVENT,
      REPLICA_SET
    ];
    API_KIND_BY_NAME = new Map(API_KINDS.map((k) => [k.kind, k]));
  }
});

// borrowed:src/core/names.ts
var require_names = __commonJS({
  "borrowed:src/core/names.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/names.ts"];
  }
});

// src/core/plan/references.ts
function findReferences(podSpec) {
  if (!isRecord(podSpec)) return [];
  const subPathVolumes = volumesMountedWithSubPath(podSpec);
  return [...volumeReferences(podSpec, subPathVolumes), ...containerReferences(podSpec)];
}
function volumeReferences(podSpec, subPathVolumes) {
  const refs = [];
  arrayField(podSpec, "volumes").forEach((volume, index) => {
    if (!isRecord(volume)) return;
    const volumeName = stringField(volume, "name");
    const path = `volumes[${shown(volumeName) ?? index}]`;
    const subPath = volumeName !== void 0 && subPathVolumes.has(volumeName) ? { subPath: true } : {};
    const configMap = field2(volume, "configMap");
    const configMapName = configName(configMap, "name");
    if (configMapName) {
      refs.push({ ...source("ConfigMap", configMapName, "volume", configMap, path), ...subPath });
    }
    const secret = field2(volume, "secret");
    const secretName = configName(secret, "secretName");
    if (secretName) refs.push({ ...source("Secret", secretName, "volume", secret, path), ...subPath });
    arrayField(field2(volume, "projected"), "sources").forEach((projection, sourceIndex) => {
      const sourcePath = `${path}.sources[${sourceIndex}]`;
      const projectedConfigMap = field2(projection, "configMap");
      const pcName = configName(projectedConfigMap, "name");
      if (pcName) {
        refs.push({
          ...source("ConfigMap", pcName, "projected", projectedConfigMap, sourcePath),
          ...subPath
        });
      }
      const projectedSecret = field2(projection, "secret");
      const psName = configName(projectedSecret, "name");
      if (psName)
        refs.push({ ...source("Secret", psName, "projected", projectedSecret, sourcePath), ...subPath });
    });
  });
  return refs;
}
function source(configKind2, configName2, via, volumeSource, path) {
  const items = field2(volumeSource, "items");
  let keys = "all";
  if (Array.isArray(items)) {
    const named = unique(items.map((item) => stringField(item, "key")).filter((k) => !!k));
    if (named.length > 0) keys = named;
  }
  return { configKind: configKind2, configName: configName2, via, keys, path, ...optional(volumeSource) };
}
function optional(source2) {
  return field2(source2, "optional") === true ? { optional: true } : {};
}
function containerReferences(podSpec) {
  const refs = [];
  for (const list of CONTAINER_LISTS) {
    const init = list === "initContainers" ? { init: true } : {};
    arrayField(podSpec, list).forEach((container, index) => {
      if (!isRecord(container)) return;
      const prefix = `${list}[${shown(stringField(container, "name")) ?? index}]`;
      arrayField(container, "envFrom").forEach((envFrom, envFromIndex) => {
        const path = `${prefix}.envFrom[${envFromIndex}]`;
        for (const [refField, configKind2] of [
          ["configMapRef", "ConfigMap"],
          ["secretRef", "Secret"]
        ]) {
          const ref = field2(envFrom, refField);
          const name = configName(ref, "name");
          if (name) {
            refs.push({
              configKind: configKind2,
              configName: name,
              via: "envFrom",
              keys: "all",
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
      arrayField(container, "env").forEach((env, envIndex) => {
        const valueFrom = field2(env, "valueFrom");
        const path = `${prefix}.env[${shown(stringField(env, "name")) ?? envIndex}]`;
        for (const [refField, configKind2] of [
          ["configMapKeyRef", "ConfigMap"],
          ["secretKeyRef", "Secret"]
        ]) {
          const ref = field2(valueFrom, refField);
          const name = configName(ref, "name");
          const key = stringField(ref, "key");
          if (name && key) {
            refs.push({
              configKind: configKind2,
              configName: name,
              via: "env",
              keys: [key],
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
    });
  }
  return refs;
}
function volumesMountedWithSubPath(podSpec) {
  const names = /* @__PURE__ */ new Set();
  for (const list of CONTAINER_LISTS) {
    for (const container of arrayField(podSpec, list)) {
      for (const mount of arrayField(container, "volumeMounts")) {
        const name = stringField(mount, "name");
        if (name && (stringField(mount, "subPath") || stringField(mount, "subPathExpr"))) names.add(name);
      }
    }
  }
  return names;
}
function configName(source2, key) {
  const name = stringField(source2, key);
  return name !== void 0 && (0, import_names.isObjectName)(name) ? name : void 0;
}
function shown(name) {
  if (name === void 0) return void 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 32 || code === 127) return JSON.stringify(name);
  }
  return name;
}
function unique(values) {
  return [...new Set(values)];
}
var import_names, CONTAINER_LISTS;
var init_references = __esm({
  "src/core/plan/references.ts"() {
    "use strict";
    init_json_shape();
    import_names = __toESM(require_names(), 1);
    CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"];
  }
});

// src/core/plan/consumed-configs.ts
function consumedConfigIds(workload, manifests) {
  const template = runningPodTemplateOf(workload.object, (id) => manifests.get((0, import_model4.idKey)(id))?.object);
  if (!template) return [];
  const ids = /* @__PURE__ */ new Map();
  for (const ref of findReferences(template.spec)) {
    const id = { kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName };
    ids.set((0, import_model4.idKey)(id), id);
  }
  return [...ids.values()];
}
function consumedBy(workload, manifests) {
  const manifest = manifests.get((0, import_model4.idKey)(workload.id));
  const consumed = manifest ? consumedConfigIds(manifest, manifests) : [];
  return consumed.length > 0 ? consumed : workload.references.map((r) => r.config);
}
function consumedKeysOf(workload, manifests) {
  const manifest = manifests.get((0, import_model4.idKey)(workload.id));
  if (manifest) {
    const template = runningPodTemplateOf(manifest.object, (id) => manifests.get((0, import_model4.idKey)(id))?.object);
    const refs = template ? findReferences(template.spec) : [];
    if (refs.length > 0) return consumedKeys(refs, workload.id.namespace);
  }
  return consumedKeys(workload.references, workload.id.namespace);
}
var import_model4;
var init_consumed_configs = __esm({
  "src/core/plan/consumed-configs.ts"() {
    "use strict";
    init_workload_kinds();
    init_consumed_keys();
    import_model4 = __toESM(require_model(), 1);
    init_references();
  }
});

// src/core/run-limited.ts
async function runLimited(items, limit, step) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await step(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
var init_run_limited = __esm({
  "src/core/run-limited.ts"() {
    "use strict";
  }
});

// borrowed:src/core/setting-choices.ts
var require_setting_choices = __commonJS({
  "borrowed:src/core/setting-choices.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/core/setting-choices.ts"];
  }
});

// src/pipeline/cluster/check-permissions.ts
function patchWrites(targets) {
  return targets.map(({ id, kind }) => ({
    verb: "patch",
    group: kind.group,
    resource: kind.resource,
    namespace: id.namespace
  }));
}
function configWrite(id) {
  const { group, resource } = configKind(id.kind);
  return { verb: "patch", group, resource, namespace: id.namespace };
}
async function checkPermissions(cluster, needed, log, concurrency = import_setting_choices.DEFAULT_CONCURRENCY, checked = "checked before any change: nothing was written") {
  const unique2 = new Map(needed.map((c) => [`${c.verb} ${c.group}/${c.resource} ${c.namespace}`, c]));
  const answers = await runLimited([...unique2.values()], concurrency, async (check) => ({
    check,
    allowed: await cluster.canI(check)
  }));
  if (answers.some((a) => a.allowed === void 0)) {
    log.info(
      "the API server does not answer access reviews: permissions are checked by the writes themselves"
    );
  }
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return;
  const list = denied.map((c) => `${c.verb} ${c.group ? `${c.resource}.${c.group}` : c.resource} in namespace ${c.namespace}`).join("; ");
  throw new import_errors3.ClusterAccessError(
    `forbidden: context ${cluster.context} may not ${list} (${checked}). Grant it with the Role in the README's RBAC section.`,
    403
  );
}
var import_errors3, import_setting_choices;
var init_check_permissions = __esm({
  "src/pipeline/cluster/check-permissions.ts"() {
    "use strict";
    import_errors3 = __toESM(require_errors(), 1);
    init_api_kinds();
    init_run_limited();
    import_setting_choices = __toESM(require_setting_choices(), 1);
  }
});

// src/pipeline/cluster/find-on-cluster.ts
async function findOnCluster(cluster, workloads, listed, concurrency) {
  const found = await runLimited(workloads, concurrency, async (w) => {
    if (listed.objects.has((0, import_model5.idKey)(w.id))) return { w, on: true };
    const kind = workloadKind(w.id.kind);
    if (kind?.customResource && !await cluster.serves(w.id.kind)) return { w, on: true };
    if (listed.namespaces.has(w.id.namespace)) return { w, on: false };
    const object = await cluster.readWorkload(w.id);
    return object ? { w, on: true, read: { id: w.id, file: "", line: 0, object } } : { w, on: false };
  });
  const out = { present: [], absent: [], live: [] };
  for (const { w, on, read } of found) {
    if (read) out.live.push(read);
    if (on) out.present.push(w);
    else
      out.absent.push({
        id: w.id,
        restart: "not-on-cluster",
        message: `not on this cluster: ${(0, import_model5.formatId)(w.id)} does not exist there (another environment's?); skipped`
      });
  }
  return out;
}
var import_model5;
var init_find_on_cluster = __esm({
  "src/pipeline/cluster/find-on-cluster.ts"() {
    "use strict";
    init_workload_kinds();
    import_model5 = __toESM(require_model(), 1);
    init_run_limited();
  }
});

// borrowed:src/process/interrupt.ts
var require_interrupt = __commonJS({
  "borrowed:src/process/interrupt.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/process/interrupt.ts"];
  }
});

// src/kube/retry.ts
function isApiException(error) {
  return error instanceof Error && typeof error.code === "number" && "headers" in error;
}
function isRetryable(error) {
  if (isApiException(error)) {
    return error.code === 409 || error.code === 429 || error.code >= 500;
  }
  return error instanceof RequestTimeoutError || networkErrorCode(error) !== void 0;
}
function networkErrorCode(error) {
  const e = error;
  if (e === null || typeof e !== "object") return void 0;
  if (e.name === "FetchError" && e.type === "system") return String(e.code ?? e.errno ?? "network error");
  if (typeof e.code === "string" && /^E[A-Z]+$/.test(e.code)) return e.code;
  return void 0;
}
function retryAfterSeconds(error) {
  if (!isApiException(error)) return void 0;
  const headers = error.headers ?? {};
  const value = headers["retry-after"] ?? headers["Retry-After"];
  if (value === void 0 || !/^\d+$/.test(value.trim())) return void 0;
  return Number(value.trim());
}
function backoffDelayMs(attempt, backoff) {
  const base = backoff.baseDelayMs ?? 200;
  const cap = backoff.maxDelayMs ?? 5e3;
  const step = Math.min(cap, base * 2 ** attempt);
  return step / 2 + (backoff.random ?? Math.random)() * (step / 2);
}
function retryDelayMs(attempt, retryAfter, policy) {
  const jittered = backoffDelayMs(attempt, policy);
  const requested = retryAfter === void 0 ? 0 : Math.min(retryAfter * 1e3, policy.maxRetryAfterMs ?? 3e4);
  return Math.round(Math.max(jittered, requested));
}
async function withRetries(call, policy, retryable = isRetryable) {
  const sleep3 = policy.sleep ?? defaultSleep;
  const now = policy.now ?? Date.now;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= policy.retries || !retryable(error)) throw error;
      const delay = retryDelayMs(attempt, retryAfterSeconds(error), policy);
      if (policy.deadlineAt !== void 0 && now() + delay >= policy.deadlineAt) throw error;
      await sleep3(delay);
    }
  }
}
function isConflict(error) {
  if (isApiException(error)) return error.code === 409;
  return error?.status === 409 && error instanceof Error;
}
async function retryOnConflict(update, policy) {
  return withRetries(update, policy, isConflict);
}
var RequestTimeoutError, defaultSleep;
var init_retry = __esm({
  "src/kube/retry.ts"() {
    "use strict";
    RequestTimeoutError = class extends Error {
      constructor(timeoutMs, runTimeout = false) {
        super(`no answer within ${timeoutMs} ms`);
        this.timeoutMs = timeoutMs;
        this.runTimeout = runTimeout;
      }
      timeoutMs;
      runTimeout;
      name = "RequestTimeoutError";
    };
    defaultSleep = (ms) => new Promise((r) => setTimeout(r, ms));
  }
});

// src/pipeline/cluster/restart.ts
async function restartWorkloads(requests, cluster, opts) {
  const started = opts.now();
  const limit = opts.concurrency ?? PARALLEL_PATCHES;
  const prepared = await runLimited(requests, limit, (request) => prepareOne(request, cluster, opts));
  const pending = prepared.filter((p) => "step" in p);
  await opts.beforeWrites?.(pending.map((p) => p.target));
  return runLimited(requests, limit, async (request, index) => {
    const ready = prepared[index];
    const outcome = "step" in ready ? await sendPatch(request, ready, cluster, opts) : ready;
    const result = { id: request.id, ...outcome, durationMs: opts.now() - started };
    opts.log?.info(`${(0, import_model6.formatId)(request.id)}: ${result.message}`);
    return result;
  });
}
async function prepareOne(request, cluster, opts) {
  const { id } = request;
  const kind = restartableKind(id.kind);
  if (!kind) {
    return { result: "failed", message: `${id.kind} cannot be restarted by patching its pod template` };
  }
  try {
    const live = isLive(request.object) ? request.object : await cluster.readWorkload(id);
    if (!live) return { result: "failed", message: await missingMessage(id, kind, cluster) };
    const refusal = kind.refusesRestart?.(live);
    if (refusal) return { result: "paused", message: refusal };
    const ownerId = kind.templateOwner?.(live);
    const target = ownerId ? await templateOwner(ownerId, cluster) : { id, kind, live };
    if ("failed" in target) return { result: "failed", message: target.failed };
    const step = opts.strategy.patchFor(id, target.live, target.kind);
    if ("unchanged" in step) {
      return ownerId ? { result: "unchanged", message: step.unchanged, templateOwnerGeneration: generationOf(target.live) } : { result: "unchanged", message: step.unchanged, generation: generationOf(live), object: live };
    }
    return { target: { id: target.id, kind: target.kind }, step, ...ownerId ? { ownerId } : {} };
  } catch (error) {
    if ((0, import_errors4.isExpectedError)(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function sendPatch(request, first, cluster, opts) {
  try {
    return await cluster.retryOnConflict(async (attempt) => {
      const ready = attempt === 0 ? first : await prepareOne({ id: request.id }, cluster, opts);
      return "step" in ready ? patchOnce(ready, cluster, opts) : ready;
    });
  } catch (error) {
    if ((0, import_errors4.isExpectedError)(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function patchOnce({ target, step, ownerId }, cluster, opts) {
  try {
    const patched = await cluster.patchWorkload(target.id, step.patch, opts.dryRun, step.type);
    const through = ownerId ? ` of ${(0, import_model6.formatId)(ownerId)} (its workloadRef)` : "";
    const message = opts.dryRun ? `server dry run accepted the patch${through} (${step.describe})` : `patched the pod template${through} (${step.describe})`;
    if (ownerId) {
      return { result: "restarted", message, templateOwnerGeneration: generationOf(patched) };
    }
    return {
      result: "restarted",
      message,
      generation: generationOf(patched),
      ...opts.dryRun ? {} : { object: patched }
    };
  } catch (error) {
    if ((0, import_errors4.isExpectedError)(error) && !isConflict(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function templateOwner(ownerId, cluster) {
  const kind = restartableKind(ownerId.kind);
  if (!kind) {
    return { failed: `its workloadRef names ${(0, import_model6.formatId)(ownerId)}, a kind config-rollout cannot patch` };
  }
  const live = await cluster.readWorkload(ownerId);
  if (!live)
    return { failed: `its workloadRef names ${(0, import_model6.formatId)(ownerId)}, which does not exist in the cluster` };
  return { id: ownerId, kind, live };
}
async function missingMessage(id, kind, cluster) {
  if (kind.customResource && !await cluster.serves(kind.kind)) {
    return `the cluster does not serve ${kind.resource}.${kind.group}/${kind.version}: is the CustomResourceDefinition installed?`;
  }
  return `${(0, import_model6.formatId)(id)} does not exist in the cluster`;
}
function generationOf(obj) {
  const generation = field2(field2(obj, "metadata"), "generation");
  return typeof generation === "number" ? generation : void 0;
}
function isLive(object) {
  return typeof field2(field2(object, "metadata"), "resourceVersion") === "string";
}
var import_errors4, import_model6, PARALLEL_PATCHES;
var init_restart = __esm({
  "src/pipeline/cluster/restart.ts"() {
    "use strict";
    import_errors4 = __toESM(require_errors(), 1);
    init_workload_kinds();
    init_json_shape();
    import_model6 = __toESM(require_model(), 1);
    init_run_limited();
    init_retry();
    PARALLEL_PATCHES = 4;
  }
});

// src/core/kinds/rollout-verdict.ts
function rolloutVerdict(rollout, obj) {
  const uid = field2(field2(obj, "metadata"), "uid");
  const followedUid = field2(field2(rollout.object, "metadata"), "uid");
  if (typeof uid === "string" && typeof followedUid === "string" && uid !== followedUid)
    return { end: "deleted", message: `${(0, import_model7.formatId)(rollout.id)} was deleted` };
  const generation = field2(field2(obj, "metadata"), "generation");
  const expected = rollout.generation;
  const status = expected !== void 0 && typeof generation === "number" && generation < expected || ownerChangeUnseen(obj, rollout.templateOwnerGeneration) ? { done: false, message: specUpdateMessage(rollout.id.kind) } : rolloutStatus(obj);
  if (status.notWaitable) return { end: "not-waitable", message: status.message };
  if (status.error) return { end: "failed", message: status.message };
  if (status.paused) return { end: "paused", message: status.message };
  if (status.done) return { end: "done", message: status.message };
  return { waiting: status.message };
}
function ownerChangeUnseen(obj, ownerGeneration) {
  if (ownerGeneration === void 0) return false;
  const seen = Number.parseInt(
    String(field2(field2(field2(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10
  );
  return !(seen >= ownerGeneration);
}
var import_model7;
var init_rollout_verdict = __esm({
  "src/core/kinds/rollout-verdict.ts"() {
    "use strict";
    init_json_shape();
    import_model7 = __toESM(require_model(), 1);
    init_argo_rollout_status();
    init_rollout_status();
    init_workload_kinds();
  }
});

// src/kube/list-watch.ts
async function listAndWatch(source2, req) {
  const { names, signal } = req;
  const now = req.now ?? Date.now;
  const fieldSelector = names.length === 1 ? `metadata.name=${names[0]}` : void 0;
  const pending = () => !signal.aborted && names.some((name) => req.following(name));
  let resourceVersion;
  let fromMostRecent = req.fromMostRecent;
  let failures = 0;
  let quickCloses = 0;
  while (pending()) {
    try {
      if (resourceVersion === void 0 && !fromMostRecent) {
        resourceVersion = await listOnce(source2, req, fieldSelector);
        if (resourceVersion === void 0 || !pending()) return;
      }
      const opened = now();
      const ending = await watchSession(
        source2,
        req,
        { fromVersion: resourceVersion, fieldSelector, pending },
        (rv) => {
          resourceVersion = rv;
        }
      );
      failures = 0;
      if (fromMostRecent && ending.unseen) resourceVersion = void 0;
      fromMostRecent = false;
      if (ending.how === "gone") resourceVersion = void 0;
      if (ending.how === "closed") {
        quickCloses = now() - opened < 1e3 ? quickCloses + 1 : 0;
        if (quickCloses > 1)
          await sleep(backoffDelayMs(quickCloses, { baseDelayMs: 100, maxDelayMs: 2e3 }), signal);
      }
    } catch (error) {
      fromMostRecent = false;
      resourceVersion = void 0;
      if (error instanceof import_errors5.ClusterAccessError && error.status === 410) continue;
      if (error instanceof import_errors5.ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) throw error;
      req.onRetry(error);
      const backoff = { baseDelayMs: req.retryDelayMs ?? 250, maxDelayMs: 5e3 };
      await sleep(backoffDelayMs(failures++, backoff), signal);
    }
  }
}
async function listOnce(source2, req, fieldSelector) {
  const list = await source2.listForWatch(req.namespace, req.kind, fieldSelector);
  if (req.signal.aborted) return void 0;
  const followed = new Set(req.names);
  const present = /* @__PURE__ */ new Set();
  for (const item of list.items) {
    const name = String(field2(field2(item, "metadata"), "name") ?? "");
    present.add(name);
    if (followed.has(name)) req.onObject(name, item);
  }
  for (const name of req.names) if (!present.has(name)) req.onGone(name, "absent");
  return list.resourceVersion;
}
function sleep(ms, signal) {
  return new Promise((resolve3) => {
    if (signal.aborted) return resolve3();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve3();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}
function watchSession(source2, req, at, seen) {
  const { names, signal } = req;
  const followed = new Set(names);
  return new Promise((resolve3, reject) => {
    let handle;
    let shown2 = at.fromVersion === void 0 ? /* @__PURE__ */ new Set() : void 0;
    const unseen = () => shown2 !== void 0 && names.some((name) => req.following(name) && !shown2?.has(name));
    const detach = () => signal.removeEventListener("abort", stop);
    const end = (how) => {
      detach();
      handle?.abort();
      resolve3({ how, unseen: unseen() });
    };
    const stop = () => end("complete");
    signal.addEventListener("abort", stop);
    handle = source2.watchWorkloads(
      req.namespace,
      req.kind,
      { resourceVersion: at.fromVersion, fieldSelector: at.fieldSelector },
      (type, obj) => {
        if (type === "ERROR") {
          const code = field2(obj, "code");
          if (code === 410) return end("gone");
          detach();
          handle?.abort();
          const message = String(field2(obj, "message") ?? "watch error");
          return reject(new import_errors5.ClusterAccessError(message, typeof code === "number" ? code : void 0));
        }
        const rv = field2(field2(obj, "metadata"), "resourceVersion");
        if (typeof rv === "string" && rv !== "") seen(rv);
        if (type === "BOOKMARK") {
          for (const name of names) if (shown2 && !shown2.has(name)) req.onGone(name, "deleted");
          shown2 = void 0;
        } else {
          const name = String(field2(field2(obj, "metadata"), "name") ?? "");
          if (!followed.has(name)) return;
          shown2?.add(name);
          if (type === "DELETED") req.onGone(name, "deleted");
          else req.onObject(name, obj);
        }
        if (!at.pending()) end("complete");
      },
      (error) => {
        detach();
        if (error) reject(error);
        else resolve3({ how: "closed", unseen: unseen() });
      }
    );
    if (signal.aborted) end("complete");
  });
}
var import_errors5;
var init_list_watch = __esm({
  "src/kube/list-watch.ts"() {
    "use strict";
    import_errors5 = __toESM(require_errors(), 1);
    init_json_shape();
    init_retry();
  }
});

// src/pipeline/cluster/heartbeat.ts
function startHeartbeat(timeoutMs, line, print, opts = {}) {
  const now = opts.now ?? Date.now;
  const everyMs = Math.max(opts.everyMs ?? HEARTBEAT_MS, 1);
  const floorMs = Math.min(everyMs, MIN_HEARTBEAT_MS);
  const started = now();
  let last = started;
  const tick = () => {
    const at = now();
    if (at - last < Math.max(everyMs, floorMs)) return;
    const text = line(formatWait(at - started), formatWait(Math.max(0, timeoutMs - (at - started))));
    if (text === void 0) return;
    last = at;
    print(text);
  };
  const timer = setInterval(tick, Math.max(1, Math.floor(everyMs / 3)));
  timer.unref();
  return {
    printed: () => {
      last = now();
    },
    stop: () => clearInterval(timer)
  };
}
function formatWait(ms) {
  const seconds = Math.round(ms / 1e3);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}
var HEARTBEAT_MS, MIN_HEARTBEAT_MS;
var init_heartbeat = __esm({
  "src/pipeline/cluster/heartbeat.ts"() {
    "use strict";
    HEARTBEAT_MS = 3e4;
    MIN_HEARTBEAT_MS = 1e4;
  }
});

// src/core/kinds/pod-verdict.ts
function str(value) {
  return typeof value === "string" && value !== "" ? value : void 0;
}
function labelOf(pod, name) {
  return str(field2(field2(field2(pod, "metadata"), "labels"), name));
}
function podFailure(pod, crashRestarts = CRASH_RESTARTS) {
  const status = field2(pod, "status");
  const lists = [field2(status, "initContainerStatuses"), field2(status, "containerStatuses")];
  for (const list of lists) {
    for (const container of Array.isArray(list) ? list : []) {
      const waiting2 = field2(field2(container, "state"), "waiting");
      const reason = str(field2(waiting2, "reason"));
      const restartCount = Number(field2(container, "restartCount") ?? 0);
      const terminated = field2(field2(container, "lastState"), "terminated");
      const oom = field2(terminated, "reason") === "OOMKilled";
      const crashing = reason === "CrashLoopBackOff" || oom;
      if (!(reason && WILL_NOT_HEAL.has(reason)) && !(crashing && restartCount >= crashRestarts)) continue;
      const cause = {
        pod: String(field2(field2(pod, "metadata"), "name") ?? ""),
        container: String(field2(container, "name") ?? ""),
        reason: oom ? "OOMKilled" : reason ?? "CrashLoopBackOff",
        restartCount
      };
      const message = str(field2(waiting2, "message"));
      if (message) cause.message = message;
      if (terminated && typeof terminated === "object") {
        const exitCode = field2(terminated, "exitCode");
        cause.lastTermination = {
          ...typeof exitCode === "number" ? { exitCode } : {},
          ...str(field2(terminated, "reason")) ? { reason: str(field2(terminated, "reason")) } : {},
          ...str(field2(terminated, "message")) ? { message: str(field2(terminated, "message")) } : {}
        };
      }
      return cause;
    }
  }
  return void 0;
}
function workloadOfPod(pod) {
  const refs = field2(field2(pod, "metadata"), "ownerReferences");
  const ref = Array.isArray(refs) ? refs.find((r) => field2(r, "controller") === true) : void 0;
  const kind = str(field2(ref, "kind"));
  const name = str(field2(ref, "name"));
  if (!kind || !name) return void 0;
  if (kind === "StatefulSet" || kind === "DaemonSet") return { kind, name };
  if (kind !== "ReplicaSet") return void 0;
  const rolloutsHash = labelOf(pod, ROLLOUTS_POD_TEMPLATE_HASH);
  if (rolloutsHash && name.endsWith(`-${rolloutsHash}`))
    return { kind: "Rollout", name: name.slice(0, -rolloutsHash.length - 1), replicaSet: name };
  const hash = labelOf(pod, POD_TEMPLATE_HASH);
  if (hash && name.endsWith(`-${hash}`))
    return { kind: "Deployment", name: name.slice(0, -hash.length - 1), replicaSet: name };
  return void 0;
}
function runsNewTemplate(pod, workload, replicaSet) {
  const kind = field2(workload, "kind");
  const status = field2(workload, "status");
  switch (kind) {
    case "StatefulSet": {
      const update = str(field2(status, "updateRevision"));
      return update === void 0 ? void 0 : labelOf(pod, CONTROLLER_REVISION_HASH) === update;
    }
    case "DaemonSet": {
      const generation = field2(field2(workload, "metadata"), "generation");
      return typeof generation === "number" ? labelOf(pod, POD_TEMPLATE_GENERATION) === String(generation) : void 0;
    }
    case "Rollout": {
      const current = str(field2(status, "currentPodHash"));
      return current === void 0 ? void 0 : labelOf(pod, ROLLOUTS_POD_TEMPLATE_HASH) === current;
    }
    case "Deployment": {
      if (replicaSet === void 0) return void 0;
      const revisionOf = (obj) => str(field2(field2(field2(obj, "metadata"), "annotations"), REVISION_ANNOTATION));
      const mine = revisionOf(replicaSet);
      const newest = revisionOf(workload);
      if (!mine || !newest) return void 0;
      return Number(mine) >= Number(newest);
    }
    default:
      return void 0;
  }
}
function warningEvents(events, limit = 3) {
  const time = (e) => String(
    field2(e, "lastTimestamp") ?? field2(e, "eventTime") ?? field2(field2(e, "metadata"), "creationTimestamp") ?? ""
  );
  return events.filter((e) => field2(e, "type") === "Warning").sort((a, b) => time(b).localeCompare(time(a))).slice(0, limit).map((e) => {
    const count = Number(field2(e, "count") ?? 1);
    return `${String(field2(e, "reason") ?? "")}: ${String(field2(e, "message") ?? "")}${count > 1 ? ` (x${count})` : ""}`;
  });
}
function describeCause(cause) {
  const details = [];
  if (cause.restartCount > 0)
    details.push(`${cause.restartCount} restart${cause.restartCount === 1 ? "" : "s"}`);
  const last = cause.lastTermination;
  if (last?.exitCode !== void 0 || last?.message) {
    const code = last.exitCode !== void 0 ? `last exit code ${last.exitCode}` : "last run";
    details.push(last.message ? `${code}: ${last.message}` : code);
  }
  const reason = `${cause.reason}${cause.message ? `: ${cause.message}` : ""}`;
  return `pod ${cause.pod} container ${cause.container}: ${reason}${details.length ? ` (${details.join("; ")})` : ""}`;
}
var CRASH_RESTARTS, WILL_NOT_HEAL, POD_TEMPLATE_HASH, ROLLOUTS_POD_TEMPLATE_HASH, CONTROLLER_REVISION_HASH, POD_TEMPLATE_GENERATION, REVISION_ANNOTATION;
var init_pod_verdict = __esm({
  "src/core/kinds/pod-verdict.ts"() {
    "use strict";
    init_json_shape();
    CRASH_RESTARTS = 2;
    WILL_NOT_HEAL = /* @__PURE__ */ new Set([
      "CreateContainerConfigError",
      "CreateContainerError",
      "ErrImagePull",
      "ImagePullBackOff",
      "InvalidImageName"
    ]);
    POD_TEMPLATE_HASH = "pod-template-hash";
    ROLLOUTS_POD_TEMPLATE_HASH = "rollouts-pod-template-hash";
    CONTROLLER_REVISION_HASH = "controller-revision-hash";
    POD_TEMPLATE_GENERATION = "pod-template-generation";
    REVISION_ANNOTATION = "deployment.kubernetes.io/revision";
  }
});

// src/kube/watch-pods.ts
async function watchPods(source2, namespace, onPod, signal, retryDelayMs2 = 250) {
  let resourceVersion;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const end = await new Promise((resolve3, reject) => {
        const stop = () => {
          handle.abort();
          resolve3("closed");
        };
        const handle = source2.watchWorkloads(
          namespace,
          "Pod",
          { resourceVersion },
          (type, obj) => {
            if (type === "ERROR") {
              signal.removeEventListener("abort", stop);
              handle.abort();
              const code = field2(obj, "code");
              if (code === 410) return resolve3("gone");
              return reject(
                new import_errors6.ClusterAccessError(String(field2(obj, "message") ?? "watch error"), void 0)
              );
            }
            const rv = field2(field2(obj, "metadata"), "resourceVersion");
            if (typeof rv === "string" && rv !== "") resourceVersion = rv;
            if (type === "ADDED" || type === "MODIFIED") onPod(obj);
          },
          (error) => {
            signal.removeEventListener("abort", stop);
            if (error) reject(error);
            else resolve3("closed");
          }
        );
        signal.addEventListener("abort", stop, { once: true });
        if (signal.aborted) stop();
      });
      failures = 0;
      if (end === "gone") resourceVersion = void 0;
    } catch (error) {
      resourceVersion = void 0;
      if (error instanceof import_errors6.ClusterAccessError && error.status === 410) continue;
      if (error instanceof import_errors6.ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) throw error;
      await sleep2(backoffDelayMs(failures++, { baseDelayMs: retryDelayMs2, maxDelayMs: 5e3 }), signal);
    }
  }
}
function sleep2(ms, signal) {
  return new Promise((resolve3) => {
    if (signal.aborted) return resolve3();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve3();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}
var import_errors6;
var init_watch_pods = __esm({
  "src/kube/watch-pods.ts"() {
    "use strict";
    import_errors6 = __toESM(require_errors(), 1);
    init_json_shape();
    init_retry();
  }
});

// src/pipeline/cluster/pod-watch.ts
function startPodWatch(targets, opts, signal) {
  const { cluster } = opts;
  const byWorkload = new Map(targets.map((t) => [`${t.id.namespace}/${t.id.kind}/${t.id.name}`, t]));
  const undecided = /* @__PURE__ */ new Map();
  const replicaSets = /* @__PURE__ */ new Map();
  const failing = /* @__PURE__ */ new Set();
  let warned = false;
  const warnOnce = (message) => {
    if (warned || signal.aborted) return;
    warned = true;
    opts.warn(message);
  };
  const judge = (pod) => {
    const namespace = String(field2(field2(pod, "metadata"), "namespace") ?? "");
    const key = `${namespace}/${String(field2(field2(pod, "metadata"), "name") ?? "")}`;
    const cause = podFailure(pod, opts.crashRestarts ?? CRASH_RESTARTS);
    const owner = cause && workloadOfPod(pod);
    const target = owner && byWorkload.get(`${namespace}/${owner.kind}/${owner.name}`);
    if (!cause || !owner || !target || target.settled() || failing.has(target)) {
      undecided.delete(key);
      return;
    }
    const latest = target.latest();
    const observed = field2(field2(latest, "status"), "observedGeneration");
    const seen = typeof observed !== "number" || target.generation === void 0 || observed >= target.generation;
    if (seen && owner.kind === "Deployment" && owner.replicaSet) {
      const name = owner.replicaSet;
      const cached = replicaSets.get(`${namespace}/${name}`);
      if (!cached) {
        const read = cluster.readObject({ apiVersion: "apps/v1", kind: "ReplicaSet", namespace, name }).catch(() => void 0);
        replicaSets.set(`${namespace}/${name}`, read);
        undecided.set(key, pod);
        void read.then(() => recheck());
        return;
      }
      void cached.then((rs) => {
        const verdict = runsNewTemplate(pod, latest, rs);
        if (verdict === true) void failWith(target, pod, cause);
        else if (verdict === void 0) undecided.set(key, pod);
        else undecided.delete(key);
      });
      return;
    }
    const isNew = seen ? runsNewTemplate(pod, latest) : void 0;
    if (isNew === true) {
      undecided.delete(key);
      void failWith(target, pod, cause);
    } else if (isNew === void 0) undecided.set(key, pod);
    else undecided.delete(key);
  };
  const recheck = () => {
    for (const pod of [...undecided.values()]) judge(pod);
  };
  const failWith = async (target, pod, cause) => {
    if (failing.has(target)) return;
    failing.add(target);
    const namespace = target.id.namespace;
    const uid = String(field2(field2(pod, "metadata"), "uid") ?? "");
    const quoted = { ...cause };
    try {
      const events = await cluster.listForWatch(
        namespace,
        "Event",
        `involvedObject.name=${cause.pod},involvedObject.namespace=${namespace}${uid ? `,involvedObject.uid=${uid}` : ""}`
      );
      const lines = warningEvents(events.items).map(bound);
      if (lines.length > 0) quoted.events = lines;
    } catch {
    }
    if (opts.logLines > 0 && cause.restartCount > 0) {
      try {
        const text = await cluster.readPodLog(namespace, cause.pod, {
          container: cause.container,
          previous: true,
          tailLines: opts.logLines
        });
        const lines = text.split("\n").filter((l) => l !== "").slice(-opts.logLines).map(bound);
        if (lines.length > 0) quoted.log = lines;
      } catch {
      }
    }
    if (!target.settled()) target.fail(describeCause(quoted), quoted);
  };
  const namespaces = new Set(targets.map((t) => t.id.namespace));
  for (const namespace of namespaces) {
    watchPods(cluster, namespace, judge, signal, opts.retryDelayMs).catch((error) => {
      const why = error instanceof import_errors7.ClusterAccessError ? error.message : String(error);
      warnOnce(
        `cannot watch pods in namespace ${namespace} (${why}): waiting on the rollout status alone, without failing early on pods that cannot start. Grant list and watch on pods (README, RBAC) or pass --no-watch-pods.`
      );
    });
  }
  return { recheck };
}
function bound(line) {
  const flat = line.replace(/\t/g, " ").replace(new RegExp("\\p{Cc}", "gu"), "");
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE)}\u2026` : flat;
}
var import_errors7, MAX_LINE;
var init_pod_watch = __esm({
  "src/pipeline/cluster/pod-watch.ts"() {
    "use strict";
    import_errors7 = __toESM(require_errors(), 1);
    init_pod_verdict();
    init_json_shape();
    init_watch_pods();
    MAX_LINE = 300;
  }
});

// src/pipeline/cluster/wait.ts
function waitTargetOf(restart) {
  const { id, generation, object, templateOwnerGeneration } = restart;
  return { id, generation, object, templateOwnerGeneration };
}
function logProgress(log) {
  return (id, message) => log.info(`${id.kind.toLowerCase()}/${id.name}: ${message}`);
}
async function waitForRollouts(cluster, targets, opts) {
  const now = opts.now ?? Date.now;
  const started = now();
  const states = /* @__PURE__ */ new Map();
  for (const target of targets) {
    if (!states.has((0, import_model8.idKey)(target.id))) states.set((0, import_model8.idKey)(target.id), { target, lastMessage: "" });
  }
  if (states.size === 0) return [];
  let unsettled = states.size;
  const stop = new AbortController();
  (0, import_node_events.setMaxListeners)(0, stop.signal);
  const finished = new Promise((resolve3) => stop.signal.addEventListener("abort", () => resolve3()));
  const waiting2 = {
    cluster,
    opts,
    now,
    signal: stop.signal,
    settle(state, result, message, cause) {
      if (state.result) return;
      state.result = { id: state.target.id, result, message, durationMs: now() - started };
      if (cause) state.result.cause = cause;
      if (--unsettled === 0) stop.abort();
    }
  };
  const deadline = setTimeout(() => timeOut(states.values(), waiting2), opts.timeoutMs);
  const interrupted = () => timeOut(states.values(), waiting2, opts.interrupt?.reason);
  if (opts.interrupt?.aborted) interrupted();
  else opts.interrupt?.addEventListener("abort", interrupted, { once: true });
  stop.signal.addEventListener("abort", () => {
    clearTimeout(deadline);
    opts.interrupt?.removeEventListener("abort", interrupted);
  });
  if (opts.pods) {
    const pods = startPodWatch(
      [...states.values()].map((state) => ({
        id: state.target.id,
        generation: state.target.generation,
        latest: () => state.latest ?? state.target.object,
        settled: () => state.result !== void 0,
        fail: (message, cause) => waiting2.settle(state, "failed", message, cause)
      })),
      opts.pods,
      stop.signal
    );
    waiting2.observed = pods.recheck;
  }
  if (opts.onHeartbeat) {
    const heartbeat = startHeartbeat(
      opts.timeoutMs,
      (waited, left) => stillWaiting([...states.values()], waited, left),
      opts.onHeartbeat,
      { now, ...opts.heartbeat }
    );
    const onProgress = opts.onProgress;
    waiting2.opts = {
      ...opts,
      onProgress: (id, message) => {
        heartbeat.printed();
        onProgress?.(id, message);
      }
    };
    stop.signal.addEventListener("abort", () => heartbeat.stop());
  }
  const groups = /* @__PURE__ */ new Map();
  for (const state of states.values()) {
    const key = `${state.target.id.namespace}/${state.target.id.kind}`;
    groups.set(key, [...groups.get(key) ?? [], state]);
  }
  for (const members of groups.values()) {
    followGroup(members, waiting2).catch((error) => {
      const message = error instanceof import_errors8.ClusterAccessError ? `cannot follow the rollout: ${error.message}` : `internal error while waiting: ${String(error)}`;
      for (const member of members) waiting2.settle(member, "failed", message);
    });
  }
  await finished;
  return targets.map((t) => states.get((0, import_model8.idKey)(t.id)).result);
}
async function followGroup(members, waiting2) {
  const { settle, opts } = waiting2;
  const { namespace, kind } = members[0].target.id;
  if (!workloadKind(kind)?.rolloutStatus) {
    for (const member of members)
      settle(member, "not-waitable", `rollout status is not available for kind ${kind}`);
    return;
  }
  const observe = (state, obj) => {
    if (state.result) return;
    state.latest = { kind, ...obj };
    waiting2.observed?.();
    const verdict = rolloutVerdict(state.target, { kind, ...obj });
    if ("end" in verdict) return settle(state, verdict.end, verdict.message);
    state.lastError = void 0;
    if (verdict.waiting !== state.lastMessage) {
      state.lastMessage = verdict.waiting;
      opts.onProgress?.(state.target.id, verdict.waiting);
    }
  };
  const byName = new Map(members.map((m) => [m.target.id.name, m]));
  const fromMostRecent = members.every((m) => isLiveObject(m.target.object));
  if (fromMostRecent) for (const member of members) observe(member, member.target.object);
  await listAndWatch(waiting2.cluster, {
    namespace,
    kind,
    names: [...byName.keys()],
    fromMostRecent,
    following: (name) => !byName.get(name)?.result,
    onObject: (name, obj) => observe(byName.get(name), obj),
    onGone: (name, how) => {
      const state = byName.get(name);
      const id = (0, import_model8.formatId)(state.target.id);
      settle(state, "deleted", how === "absent" ? `${id} does not exist (deleted?)` : `${id} was deleted`);
    },
    onRetry: (error) => {
      for (const member of members) member.lastError = error.message;
    },
    signal: waiting2.signal,
    retryDelayMs: opts.retryDelayMs,
    now: waiting2.now
  });
}
function timeOut(states, { settle, opts }, reason) {
  for (const state of states) {
    if (state.result) continue;
    const last = [state.lastMessage, state.lastError && `last error: ${state.lastError}`].filter(Boolean).join("; ");
    const why = reason instanceof Error ? `${reason.message} while waiting for ${(0, import_model8.formatId)(state.target.id)}: its rollout was not followed to the end` : `timed out after ${formatSeconds(opts.timeoutMs)} waiting for ${(0, import_model8.formatId)(state.target.id)}`;
    settle(state, "timeout", `${why}${last ? `: ${last}` : ""}`);
  }
}
function stillWaiting(states, waited, left) {
  const open = states.filter((s) => !s.result);
  if (open.length === 0) return void 0;
  const shown2 = open.slice(0, 3).map((s) => `${s.target.id.kind.toLowerCase()}/${s.target.id.name}: ${s.lastMessage || "no status yet"}`);
  const more = open.length > 3 ? `; and ${open.length - 3} more` : "";
  return `still waiting for ${open.length} rollout${open.length === 1 ? "" : "s"} (waited ${waited}, ${left} left): ${shown2.join("; ")}${more}`;
}
function isLiveObject(obj) {
  return typeof field2(field2(obj, "metadata"), "resourceVersion") === "string";
}
function formatSeconds(ms) {
  return ms % 1e3 === 0 ? `${ms / 1e3}s` : `${(ms / 1e3).toFixed(1)}s`;
}
var import_node_events, import_errors8, import_model8;
var init_wait = __esm({
  "src/pipeline/cluster/wait.ts"() {
    "use strict";
    import_node_events = require("node:events");
    import_errors8 = __toESM(require_errors(), 1);
    init_rollout_verdict();
    init_workload_kinds();
    init_json_shape();
    import_model8 = __toESM(require_model(), 1);
    init_list_watch();
    init_heartbeat();
    init_pod_watch();
  }
});

// src/core/restart-patch.ts
function annotationPatch(hash, templatePath = SPEC_TEMPLATE) {
  return atTemplate(templatePath, { metadata: { annotations: { [CONFIG_HASH_ANNOTATION]: hash } } });
}
function envPatch(podSpec, varName, value, templatePath = SPEC_TEMPLATE) {
  if (!ENV_NAME.test(varName)) {
    throw new import_errors9.UserError(
      `env var name "${varName}" is not valid: use letters, digits, '_', '-' or '.', not starting with a digit`
    );
  }
  const containers = arrayField(podSpec, "containers");
  if (containers.length === 0) throw new import_errors9.UserError("the pod template has no containers to set an env var on");
  const entries = containers.map((container) => {
    const name = stringField(container, "name");
    if (!name) throw new import_errors9.UserError("a container of the pod template has no name");
    const existing = arrayField(container, "env").find((e) => field2(e, "name") === varName);
    if (existing !== void 0 && field2(existing, "valueFrom") !== void 0) {
      throw new import_errors9.UserError(
        `container "${name}" already takes env var ${varName} from valueFrom: choose another --env-name`
      );
    }
    return { name, env: [{ name: varName, value }] };
  });
  return atTemplate(templatePath, { spec: { containers: entries } });
}
function envMergePatch(live, templatePath, varName, value) {
  const template = templateAt(live, templatePath);
  const entries = envPatch(field2(template, "spec"), varName, value, []);
  const wanted = new Map(
    arrayField(field2(entries, "spec"), "containers").map((c) => [stringField(c, "name"), c])
  );
  const containers = arrayField(field2(template, "spec"), "containers").map((container) => {
    const env = arrayField(container, "env").filter((e) => field2(e, "name") !== varName);
    const added = arrayField(wanted.get(stringField(container, "name")), "env");
    return { ...container, env: [...env, ...added] };
  });
  const resourceVersion = stringField(field2(live, "metadata"), "resourceVersion");
  return {
    ...resourceVersion ? { metadata: { resourceVersion } } : {},
    ...atTemplate(templatePath, { spec: { containers } })
  };
}
function currentHash(obj, templatePath = SPEC_TEMPLATE) {
  const annotations = field2(field2(templateAt(obj, templatePath), "metadata"), "annotations");
  return stringField(annotations, CONFIG_HASH_ANNOTATION);
}
var import_errors9, CONFIG_HASH_ANNOTATION, SPEC_TEMPLATE, ENV_NAME;
var init_restart_patch = __esm({
  "src/core/restart-patch.ts"() {
    "use strict";
    import_errors9 = __toESM(require_errors(), 1);
    init_pod_template();
    init_json_shape();
    CONFIG_HASH_ANNOTATION = "config-rollout.io/config-hash";
    SPEC_TEMPLATE = ["spec", "template"];
    ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
  }
});

// src/pipeline/cluster/wait-for-agent.ts
async function waitForAgent(cluster, ids, opts) {
  const now = opts.now ?? Date.now;
  const started = now();
  const followed = /* @__PURE__ */ new Map();
  const notApplied = [];
  for (const id of ids) {
    const hash = opts.hashFor(id);
    const kind = restartableKind(id.kind);
    if (!hash || !kind) {
      notApplied.push({ id, restart: "failed", message: "no config hash was computed for it: not followed" });
      continue;
    }
    followed.set((0, import_model9.idKey)(id), { id, hash, templatePath: kind.templatePath });
  }
  let unsettled = followed.size;
  let heartbeat;
  const stop = new AbortController();
  (0, import_node_events2.setMaxListeners)(0, stop.signal);
  const finished = new Promise((resolve3) => stop.signal.addEventListener("abort", () => resolve3()));
  const settle = (state, outcome) => {
    if (state.settled) return;
    state.settled = outcome;
    heartbeat?.printed();
    opts.log.info(
      `${(0, import_model9.formatId)(state.id)}: ${outcome === "applied" ? `the agent applied the commit (${CONFIG_HASH_ANNOTATION}=${state.hash})` : outcome.message}`
    );
    if (--unsettled === 0) stop.abort();
  };
  const deadline = setTimeout(() => {
    for (const state of followed.values())
      settle(state, notAppliedResult(state, opts.timeoutMs, now() - started));
  }, opts.timeoutMs);
  const interrupted = () => {
    const why = opts.interrupt?.reason instanceof Error ? opts.interrupt.reason.message : "interrupted";
    for (const state of followed.values()) {
      const message = `${why} while waiting for the agent to apply the commit to ${(0, import_model9.formatId)(state.id)}: not followed to the end`;
      settle(state, { id: state.id, restart: "failed", message, durationMs: now() - started });
    }
  };
  heartbeat = startHeartbeat(
    opts.timeoutMs,
    (waited, left) => {
      const open = [...followed.values()].filter((f) => !f.settled);
      if (open.length === 0) return void 0;
      const names = open.slice(0, 3).map((f) => (0, import_model9.formatId)(f.id)).join(", ");
      const done = followed.size - open.length;
      return `still waiting for the agent to apply the commit: ${done} of ${followed.size} workloads carry it (waited ${waited}, ${left} left); waiting for ${names}${open.length > 3 ? ", \u2026" : ""}`;
    },
    (line) => opts.log.info(line),
    { now, ...opts.heartbeat }
  );
  stop.signal.addEventListener("abort", () => {
    heartbeat?.stop();
    clearTimeout(deadline);
    opts.interrupt?.removeEventListener("abort", interrupted);
  });
  if (unsettled === 0) stop.abort();
  if (opts.interrupt?.aborted) interrupted();
  else if (!stop.signal.aborted) opts.interrupt?.addEventListener("abort", interrupted, { once: true });
  const groups = /* @__PURE__ */ new Map();
  for (const state of followed.values()) {
    const key = `${state.id.namespace}/${state.id.kind}`;
    groups.set(key, [...groups.get(key) ?? [], state]);
  }
  for (const members of groups.values()) {
    followGroup2(cluster, members, { ...opts, signal: stop.signal, settle, now }).catch((error) => {
      const message = error instanceof import_errors10.ClusterAccessError ? `cannot follow it: ${error.message}` : `internal error while waiting for the agent: ${String(error)}`;
      for (const member of members) settle(member, { id: member.id, restart: "failed", message });
    });
  }
  await finished;
  for (const state of followed.values()) if (state.settled !== "applied") notApplied.push(state.settled);
  return {
    applied: [...followed.values()].flatMap(
      (s) => s.settled === "applied" && s.object ? [{ id: s.id, object: s.object }] : []
    ),
    notApplied
  };
}
async function followGroup2(cluster, members, context) {
  const { namespace, kind } = members[0].id;
  const byName = new Map(members.map((m) => [m.id.name, m]));
  await listAndWatch(cluster, {
    namespace,
    kind,
    names: [...byName.keys()],
    fromMostRecent: false,
    following: (name) => !byName.get(name)?.settled,
    onObject: (name, obj) => {
      const state = byName.get(name);
      state.seen = currentHash(obj, state.templatePath);
      if (state.seen !== state.hash) return;
      state.object = obj;
      context.settle(state, "applied");
    },
    // Not there (yet): an agent may still create it; the deadline says what was last seen.
    onGone: (name) => {
      byName.get(name).seen = void 0;
    },
    onRetry: () => {
    },
    signal: context.signal,
    retryDelayMs: context.retryDelayMs,
    now: context.now
  });
}
function notAppliedResult(state, timeoutMs, durationMs) {
  const seen = state.seen ? `it carries ${state.seen}` : `it carries no ${CONFIG_HASH_ANNOTATION}`;
  return {
    id: state.id,
    restart: "agent-not-applied",
    message: `the agent has not applied the commit yet: after ${formatSeconds2(timeoutMs)} the live pod template of ${(0, import_model9.formatId)(state.id)} still lacks ${CONFIG_HASH_ANNOTATION}=${state.hash} (${seen}); check the Argo CD Application or Flux Kustomization that deploys it is synced to this commit`,
    durationMs
  };
}
function formatSeconds2(ms) {
  return ms % 1e3 === 0 ? `${ms / 1e3}s` : `${(ms / 1e3).toFixed(1)}s`;
}
var import_node_events2, import_errors10, import_model9;
var init_wait_for_agent = __esm({
  "src/pipeline/cluster/wait-for-agent.ts"() {
    "use strict";
    import_node_events2 = require("node:events");
    import_errors10 = __toESM(require_errors(), 1);
    init_workload_kinds();
    import_model9 = __toESM(require_model(), 1);
    init_restart_patch();
    init_list_watch();
    init_heartbeat();
  }
});

// src/pipeline/cluster/restart-and-wait.ts
async function rollOut(cluster, workloads, context) {
  const { strategy, manifests, log } = context;
  const agent = strategy.awaitsAgent ? await awaitAgent(cluster, workloads, strategy.awaitsAgent, context) : {
    // Objects listed from the cluster spare a GET; repo manifests are ignored by restartWorkloads.
    requests: workloads.map((w) => ({ id: w.id, object: manifests.get((0, import_model10.idKey)(w.id))?.object })),
    notApplied: [],
    context
  };
  const followed = await restartAndWait(
    cluster,
    {
      titles: {
        restart: strategy.awaitsAgent ? "Check the pod templates the agent applied" : "Restart",
        wait: WAIT_FOR_ROLLOUTS
      },
      requests: agent.requests,
      patchFor: strategy.patchFor,
      configWrites: context.prepared.configWrites,
      followUnchanged: true
    },
    agent.context
  );
  const results = [...followed, ...agent.notApplied];
  const rollback = await strategy.rollbackFor?.(results, { cluster, log });
  const rolledBack = rollback ? await rollBack(cluster, rollback, context) : [];
  return strategy.afterWait ? strategy.afterWait(results, rolledBack, { cluster, log }) : { results, notes: [] };
}
async function awaitAgent(cluster, workloads, agent, context) {
  const { settings, log, now } = context;
  const started = now();
  const waited = await log.group(
    "Wait for the GitOps agent to apply the commit",
    () => waitForAgent(
      cluster,
      workloads.map((w) => w.id),
      // Interrupted, the wait ends at once (as the rollout wait does).
      { hashFor: agent.hashFor, timeoutMs: settings.timeoutMs, log, now, interrupt: import_interrupt.interruptSignal }
    )
  );
  const left = Math.max(1, settings.timeoutMs - (now() - started));
  return {
    // The objects that carried the hash: the rollout is judged from them, with no second read.
    requests: waited.applied,
    notApplied: waited.notApplied,
    context: { ...context, settings: { ...settings, timeoutMs: left } }
  };
}
async function rollBack(cluster, rollback, context) {
  const round = {
    titles: {
      restart: "Roll back failed workloads to their previous config",
      wait: "Wait for the rollbacks"
    },
    requests: rollback.ids.map((id) => ({ id })),
    patchFor: rollback.patchFor,
    configWrites: [],
    followUnchanged: false,
    checked: "checked before the rollback: nothing of it was written"
  };
  try {
    return await restartAndWait(cluster, round, context);
  } catch (error) {
    if (!(0, import_errors11.isExpectedError)(error)) throw error;
    return rollback.ids.map((id) => ({ id, restart: "failed", message: error.message }));
  }
}
async function restartAndWait(cluster, round, context) {
  const { settings, log } = context;
  const serverDryRun = settings.dryRun === "server";
  const restarted = await log.group(
    round.titles.restart,
    () => restartWorkloads(round.requests, cluster, {
      strategy: { patchFor: round.patchFor },
      now: context.now,
      dryRun: serverDryRun,
      log,
      // RBAC is asked about every write before the first: a gap fails the run (exit 2) with
      // nothing written, never half a plan applied.
      beforeWrites: async (targets) => {
        const configs = round.configWrites.flatMap(
          (w) => ["create", "patch"].map((verb) => ({ ...configWrite(w.id), verb }))
        );
        const needed = [...configs, ...patchWrites(targets)];
        await checkPermissions(cluster, needed, log, settings.concurrency, round.checked);
        for (const write of round.configWrites) {
          await cluster.applyConfig(write.body, serverDryRun, write.id.namespace);
          log.info(write.done);
          if (!serverDryRun) (0, import_interrupt.noteDone)(write.done);
        }
      },
      concurrency: settings.concurrency
    })
  );
  const patched = restarted.filter((r) => r.result === "restarted");
  if (!serverDryRun && patched.length > 0)
    (0, import_interrupt.noteDone)(`${round.titles.restart}: ${patched.map((r) => (0, import_model10.formatId)(r.id)).join(", ")}`);
  const results = new Map(
    restarted.map((r) => [
      (0, import_model10.idKey)(r.id),
      {
        id: r.id,
        restart: serverDryRun && r.result === "restarted" ? "dry-run" : r.result,
        message: r.message
      }
    ])
  );
  const waitFor = serverDryRun ? [] : restarted.filter(
    (r) => r.result === "restarted" || round.followUnchanged && r.result === "unchanged"
  );
  if (!settings.wait || waitFor.length === 0) {
    for (const result of results.values()) if (result.restart === "restarted") result.rollout = "not-waited";
    return [...results.values()];
  }
  const rollouts = await log.group(
    round.titles.wait,
    () => waitForRollouts(cluster, waitFor.map(waitTargetOf), {
      timeoutMs: settings.timeoutMs,
      onProgress: logProgress(log),
      onHeartbeat: (line) => log.info(line),
      // Interrupted (SIGINT, SIGTERM), the wait ends at once: what is still rolling out counts as
      // not finished, so a versioned run rolls it back through the same path.
      interrupt: import_interrupt.interruptSignal,
      // The pod watch is not asked about in the access review: it writes nothing, a gitops run
      // sends no review at all, and its own first request answers the same question (a 403 falls
      // back to the rollout status with one warning).
      pods: settings.watchPods === false ? void 0 : { cluster, logLines: settings.logLines ?? 0, warn: (message) => log.warn(message) }
    })
  );
  for (const rollout of rollouts) {
    const result = results.get((0, import_model10.idKey)(rollout.id));
    if (result)
      Object.assign(result, {
        rollout: rollout.result,
        message: result.restart === "unchanged" ? `${result.message}; ${rollout.message}` : rollout.message,
        durationMs: rollout.durationMs,
        ...rollout.cause ? { cause: rollout.cause } : {}
      });
  }
  return [...results.values()];
}
var import_errors11, import_model10, import_interrupt, WAIT_FOR_ROLLOUTS;
var init_restart_and_wait = __esm({
  "src/pipeline/cluster/restart-and-wait.ts"() {
    "use strict";
    import_errors11 = __toESM(require_errors(), 1);
    import_model10 = __toESM(require_model(), 1);
    import_interrupt = __toESM(require_interrupt(), 1);
    init_check_permissions();
    init_restart();
    init_wait();
    init_wait_for_agent();
    WAIT_FOR_ROLLOUTS = "Wait for rollouts";
  }
});

// src/kube/read-live-configs.ts
async function readLiveConfigs(cluster, ids, concurrency = import_setting_choices2.DEFAULT_CONCURRENCY) {
  const live = /* @__PURE__ */ new Map();
  const configMapsByNamespace = /* @__PURE__ */ new Map();
  const singles = [];
  for (const id of ids) {
    if (id.kind !== "ConfigMap") {
      singles.push(id);
      continue;
    }
    const group = configMapsByNamespace.get(id.namespace) ?? [];
    group.push(id);
    configMapsByNamespace.set(id.namespace, group);
  }
  const lists = [];
  for (const [namespace, group] of configMapsByNamespace) {
    if (group.length > 1) lists.push([namespace, group]);
    else singles.push(...group);
  }
  const tasks = [
    ...lists.map(([namespace, group]) => async () => {
      const byName = await cluster.listConfigMaps(namespace);
      for (const id of group) live.set((0, import_model11.idKey)(id), byName.get(id.name));
    }),
    ...singles.map((id) => async () => {
      live.set((0, import_model11.idKey)(id), await cluster.readConfig(id));
    })
  ];
  await runLimited(tasks, concurrency, (task) => task());
  return live;
}
var import_model11, import_setting_choices2;
var init_read_live_configs = __esm({
  "src/kube/read-live-configs.ts"() {
    "use strict";
    import_model11 = __toESM(require_model(), 1);
    init_run_limited();
    import_setting_choices2 = __toESM(require_setting_choices(), 1);
  }
});

// src/pipeline/cluster/sync-configs.ts
function committedContent(config) {
  const { snapshot } = config;
  return {
    id: snapshot.id,
    file: snapshot.file,
    holds: (live) => changedKeys(live, snapshot.content).length === 0,
    ...config.manifest ? { manifest: config.manifest } : {}
  };
}
async function syncConfigs(cluster, configs, options, log) {
  const live = /* @__PURE__ */ new Map();
  const stillDifferent = async (candidates) => {
    const current = await readLiveConfigs(
      cluster,
      candidates.map((c) => c.id),
      options.concurrency
    );
    return candidates.filter((expected) => {
      const found = current.get((0, import_model12.idKey)(expected.id));
      if (!found || !expected.holds(found.content)) return true;
      live.set((0, import_model12.idKey)(expected.id), found);
      return false;
    });
  };
  const pending = await stillDifferent(configs);
  if (pending.length === 0) return live;
  if (options.apply) {
    for (const { id, file, manifest } of pending) {
      if (!manifest) throw new Error(`no manifest kept for ${(0, import_model12.formatId)(id)}`);
      log.info(`applying ${(0, import_model12.formatId)(id)} from ${file}${options.dryRun ? " (server dry run)" : ""}`);
      await cluster.applyConfig(manifest.object, options.dryRun, id.namespace);
    }
    return live;
  }
  const sleep3 = options.sleep ?? ((ms) => new Promise((resolve3) => setTimeout(resolve3, ms)));
  const deadline = Date.now() + options.timeoutMs;
  let waiting2 = pending;
  log.info(
    `waiting up to ${Math.round(options.timeoutMs / 1e3)}s for the cluster to hold the committed content of ${waiting2.map((c) => (0, import_model12.formatId)(c.id)).join(", ")}`
  );
  const total = waiting2.length;
  const heartbeat = startHeartbeat(
    options.timeoutMs,
    (waited, left) => `still waiting for the committed config content: ${total - waiting2.length} of ${total} configs on the cluster (waited ${waited}, ${left} left); waiting for ${waiting2.slice(0, 3).map((c) => (0, import_model12.formatId)(c.id)).join(", ")}${waiting2.length > 3 ? ", \u2026" : ""}`,
    (line) => log.info(line),
    options.heartbeat
  );
  try {
    while (waiting2.length > 0) {
      await sleep3(options.pollMs ?? 1e3);
      waiting2 = await stillDifferent(waiting2);
      if (waiting2.length === 0) break;
      if (Date.now() >= deadline) {
        const names = waiting2.map((c) => `${(0, import_model12.formatId)(c.id)} from ${c.file}`).join(", ");
        throw new import_errors12.RolloutFailure(
          `the cluster does not hold the committed content of ${names} after ${Math.round(options.timeoutMs / 1e3)}s; apply the manifests first or run with --apply. Nothing was restarted.`
        );
      }
    }
  } finally {
    heartbeat.stop();
  }
  return live;
}
var import_errors12, import_model12;
var init_sync_configs = __esm({
  "src/pipeline/cluster/sync-configs.ts"() {
    "use strict";
    import_errors12 = __toESM(require_errors(), 1);
    init_config_content();
    import_model12 = __toESM(require_model(), 1);
    init_read_live_configs();
    init_heartbeat();
  }
});

// src/pipeline/cluster/roll-out-plan.ts
async function rollOutPlan(cluster, plan, context) {
  const { strategy, settings, log } = context;
  const onCluster = await findOnCluster(
    cluster,
    plan.toRestart,
    {
      namespaces: plan.listed.namespaces,
      objects: new Map(plan.listed.objects.map((m) => [(0, import_model13.idKey)(m.id), m]))
    },
    settings.concurrency
  );
  for (const absent of onCluster.absent) log.info(`${(0, import_model13.formatId)(absent.id)}: ${absent.message}`);
  const present = onCluster.present;
  if (present.length === 0) return { results: onCluster.absent, notes: [] };
  const manifests = new Map(
    [...plan.repoWorkloads, ...plan.listed.objects, ...onCluster.live].map((m) => [(0, import_model13.idKey)(m.id), m])
  );
  const toCheck = [...new Set(present.flatMap((w) => consumedBy(w, manifests)).map(import_model13.idKey))].map((key) => plan.expectedConfigs.get(key)).filter((config) => config !== void 0);
  if (settings.apply && strategy.needsLiveConfigs) {
    await log.group(
      "Check permissions to apply configs",
      () => checkPermissions(
        cluster,
        toCheck.map((c) => configWrite(c.id)),
        log,
        settings.concurrency
      )
    );
  }
  const prepareTitle = strategy.prepareTitle ?? (strategy.needsLiveConfigs ? "Check the cluster holds the committed configs" : "Copy the committed configs");
  const prepared = await log.group(prepareTitle, async () => {
    const liveConfigs = strategy.needsLiveConfigs ? await syncConfigs(
      cluster,
      toCheck,
      {
        apply: settings.apply,
        dryRun: settings.dryRun === "server",
        timeoutMs: settings.configTimeoutMs,
        concurrency: settings.concurrency
      },
      log
    ) : /* @__PURE__ */ new Map();
    return strategy.prepare({
      workloads: present,
      manifests,
      headWorkloads: new Map(plan.repoWorkloads.map((m) => [(0, import_model13.idKey)(m.id), m])),
      headConfigs: plan.headConfigs,
      readHeadConfigs: plan.readHeadConfigs,
      commitOrder: plan.commitOrder,
      liveConfigs,
      cluster,
      head: plan.head,
      log
    });
  });
  const after = await rollOut(cluster, present, { ...context, prepared, manifests });
  return { results: [...onCluster.absent, ...after.results], notes: after.notes };
}
var import_model13;
var init_roll_out_plan = __esm({
  "src/pipeline/cluster/roll-out-plan.ts"() {
    "use strict";
    import_model13 = __toESM(require_model(), 1);
    init_consumed_configs();
    init_check_permissions();
    init_find_on_cluster();
    init_restart_and_wait();
    init_sync_configs();
  }
});

// borrowed:src/pipeline/repo-plan.ts
var require_repo_plan = __commonJS({
  "borrowed:src/pipeline/repo-plan.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/pipeline/repo-plan.ts"];
  }
});

// src/pipeline/strategy/restart-hash.ts
async function computeRestartHashes(workloads, manifests, headConfigs, hashKey, secretUid) {
  const { configHash: configHash2 } = await Promise.resolve().then(() => (init_config_hash(), config_hash_exports));
  const contents = /* @__PURE__ */ new Map();
  for (const [key2, config] of headConfigs) contents.set(key2, config.snapshot.content);
  const key = hashKey ? Buffer.from(hashKey) : void 0;
  const hashes = /* @__PURE__ */ new Map();
  for (const workload of workloads) {
    const hash = configHash2(consumedKeysOf(workload, manifests), contents, key, secretUid);
    if (hash !== void 0) hashes.set((0, import_model14.idKey)(workload.id), hash);
  }
  return hashes;
}
var import_model14;
var init_restart_hash = __esm({
  "src/pipeline/strategy/restart-hash.ts"() {
    "use strict";
    import_model14 = __toESM(require_model(), 1);
    init_consumed_configs();
  }
});

// src/pipeline/strategy/annotation-strategy.ts
function annotationStep(hashFor) {
  return (id, live, kind) => {
    const hash = hashFor(id);
    if (!hash) {
      throw new import_errors13.RolloutFailure(
        "no config hash was computed for it (a Secret it reads is not on the cluster, so its value cannot be keyed with the Secret's UID; set --hash-key): not restarted"
      );
    }
    if (currentHash(live, kind.templatePath) === hash) {
      return { unchanged: `pod template already has ${CONFIG_HASH_ANNOTATION}=${hash}` };
    }
    return {
      patch: annotationPatch(hash, kind.templatePath),
      type: kind.restart.patch,
      describe: `${CONFIG_HASH_ANNOTATION}=${hash}`
    };
  };
}
function createAnnotationStrategy(hashKey) {
  let hashes = /* @__PURE__ */ new Map();
  return {
    name: "annotation",
    needsLiveConfigs: true,
    async prepare(context) {
      const { workloads, manifests } = context;
      const headConfigs = await context.readHeadConfigs(workloads.flatMap((w) => consumedBy(w, manifests)));
      const uids = new Map([...context.liveConfigs].map(([k, live]) => [k, live.uid]));
      if (!hashKey) {
        const unread = [...headConfigs.values()].map((c) => c.snapshot.id).filter((id) => id.kind === "Secret" && !uids.has((0, import_model15.idKey)(id)));
        if (unread.length > 0) {
          for (const [k, live] of await readLiveConfigs(context.cluster, unread))
            if (live) uids.set(k, live.uid);
        }
      }
      hashes = await computeRestartHashes(
        workloads,
        manifests,
        headConfigs,
        hashKey,
        (id) => uids.get((0, import_model15.idKey)(id))
      );
      return { configWrites: [] };
    },
    patchFor: annotationStep((id) => hashes.get((0, import_model15.idKey)(id)))
  };
}
var import_errors13, import_model15;
var init_annotation_strategy = __esm({
  "src/pipeline/strategy/annotation-strategy.ts"() {
    "use strict";
    import_errors13 = __toESM(require_errors(), 1);
    import_model15 = __toESM(require_model(), 1);
    init_consumed_configs();
    init_restart_patch();
    init_read_live_configs();
    init_restart_hash();
  }
});

// src/pipeline/strategy/env-strategy.ts
function createEnvStrategy(envName, now) {
  return {
    name: "env",
    needsLiveConfigs: true,
    prepare: async () => ({ configWrites: [] }),
    patchFor(_id, live, kind) {
      const value = String(Math.floor(now() / 1e3));
      const type = kind.restart.patch;
      const patch = type === "strategic-merge" ? envPatch(podSpecAt(live, kind.templatePath), envName, value, kind.templatePath) : envMergePatch(live, kind.templatePath, envName, value);
      return { patch, type, describe: `${envName}=${value}` };
    }
  };
}
var init_env_strategy = __esm({
  "src/pipeline/strategy/env-strategy.ts"() {
    "use strict";
    init_pod_template();
    init_restart_patch();
  }
});

// src/pipeline/strategy/planned-strategy.ts
function createPlannedStrategy(document, now) {
  if (document.strategy === "env") {
    const names = new Set(document.workloads.map((w) => "env" in w.change ? w.change.env : ""));
    const [envName] = names;
    if (names.size !== 1 || !envName) throw new import_errors14.UserError("the plan's env changes must name one variable");
    return createEnvStrategy(envName, now);
  }
  if (document.strategy !== "annotation") {
    throw new Error(`a saved plan of strategy ${document.strategy} is applied from its checkout`);
  }
  const hashes = new Map(
    document.workloads.flatMap((w) => "hash" in w.change ? [[(0, import_model16.idKey)(w.id), w.change.hash]] : [])
  );
  return {
    name: "annotation",
    needsLiveConfigs: true,
    prepare: async () => ({ configWrites: [] }),
    patchFor: annotationStep((id) => hashes.get((0, import_model16.idKey)(id)))
  };
}
var import_errors14, import_model16;
var init_planned_strategy = __esm({
  "src/pipeline/strategy/planned-strategy.ts"() {
    "use strict";
    import_errors14 = __toESM(require_errors(), 1);
    import_model16 = __toESM(require_model(), 1);
    init_annotation_strategy();
    init_env_strategy();
  }
});

// src/pipeline/apply-saved-plan.ts
function checkPlanKey(document, file, hashKey, naming = import_option_naming2.CLI_FLAGS) {
  if (document.keyCheck === void 0) return void 0;
  if (!hashKey) {
    throw new import_errors15.UserError(
      `${file}: the plan's Secret digests are keyed: set ${naming.option("hash-key")} to the key the plan was made with`
    );
  }
  const key = Buffer.from(hashKey);
  if (keyCheckOf(key) !== document.keyCheck) {
    throw new import_errors15.UserError(`${file}: ${naming.option("hash-key")} is not the key the plan was made with`);
  }
  return key;
}
async function applySavedPlan(document, file, connection, context) {
  const { settings, log } = context;
  const now = context.now ?? Date.now;
  const key = checkPlanKey(document, file, settings.hashKey, context.naming);
  const strategy = createPlannedStrategy(document, now);
  const plan = guardedPlanOf(document, file, settings, context.naming ?? import_option_naming2.CLI_FLAGS);
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client") {
    return (0, import_run_result.reportOf)(plan, { results: [], notes: [] }, settings.dryRun);
  }
  const cluster = await connection.connect();
  if (!cluster) {
    throw new import_errors15.UserError(`no Kubernetes cluster configured: ${(0, import_repo_plan.noClusterHint)(context.naming ?? import_option_naming2.CLI_FLAGS)}`);
  }
  const expectedConfigs = /* @__PURE__ */ new Map();
  for (const config of document.configs) {
    const digest = config.digest;
    if (config.status === "deleted" || digest === void 0) continue;
    const keyed = config.id.kind === "Secret" ? key : void 0;
    expectedConfigs.set((0, import_model17.idKey)(config.id), {
      id: config.id,
      file: `${config.file} (digest in ${file})`,
      holds: (live) => configDigest(config.id, live, keyed) === digest
    });
  }
  const { results, notes } = await rollOutPlan(
    cluster,
    {
      toRestart,
      listed: { namespaces: /* @__PURE__ */ new Set(), objects: [] },
      repoWorkloads: [],
      expectedConfigs,
      headConfigs: /* @__PURE__ */ new Map(),
      readHeadConfigs: async () => /* @__PURE__ */ new Map(),
      commitOrder: async () => ({ order: "unknown", why: "a saved plan reads no git history" }),
      head: document.head
    },
    { strategy, settings, log, now }
  );
  return (0, import_run_result.reportOf)(plan, { results, notes }, settings.dryRun, cluster);
}
function guardedPlanOf(document, file, settings, naming) {
  const plan = planOf(document, file);
  const guarded = applyGuardRails(plan.workloads, { ...settings, naming });
  return { ...plan, workloads: guarded.workloads, warnings: guarded.notes };
}
function planOf(document, file) {
  return {
    base: document.base,
    head: document.head,
    rangeNote: `plan file ${file}`,
    changes: document.configs.map(sharedChangeFields),
    workloads: document.workloads.map(
      (w) => ({
        id: w.id,
        action: "restart",
        reason: w.reason,
        references: w.references,
        source: w.source
      })
    ),
    problems: [],
    warnings: []
  };
}
var import_errors15, import_model17, import_option_naming2, import_run_result, import_repo_plan;
var init_apply_saved_plan = __esm({
  "src/pipeline/apply-saved-plan.ts"() {
    "use strict";
    import_errors15 = __toESM(require_errors(), 1);
    import_model17 = __toESM(require_model(), 1);
    import_option_naming2 = __toESM(require_option_naming(), 1);
    init_guard_rails();
    init_plan_document();
    import_run_result = __toESM(require_run_result(), 1);
    init_roll_out_plan();
    import_repo_plan = __toESM(require_repo_plan(), 1);
    init_planned_strategy();
  }
});

// src/compose/run-saved-plan.ts
var run_saved_plan_exports = {};
__export(run_saved_plan_exports, {
  applySaved: () => applySaved,
  loadSavedPlan: () => loadSavedPlan,
  readPlanFile: () => readPlanFile,
  sameWorkloads: () => sameWorkloads,
  writePlanFile: () => writePlanFile
});
async function readPlanFile(path) {
  let text;
  try {
    text = await (0, import_promises.readFile)(path, "utf8");
  } catch (error) {
    const code = error.code ?? String(error);
    throw new import_errors16.UserError(`${path}: cannot read the plan file (${code})`);
  }
  return parsePlanDocument(text, path);
}
async function writePlanFile(path, document, log) {
  try {
    await (0, import_promises.writeFile)(path, `${JSON.stringify(document, null, 2)}
`, { mode: 420 });
  } catch (error) {
    const code = error.code ?? String(error);
    throw new import_errors16.UserError(`${path}: cannot write the plan file (${code})`);
  }
  log.info(
    `plan written to ${path}: ${document.workloads.length} workload(s) to restart, ${document.digest}`
  );
}
async function checkoutHead(openGit) {
  let git;
  try {
    git = await openGit();
  } catch (error) {
    if (error instanceof import_errors16.UserError) return void 0;
    throw error;
  }
  return git.tryResolveCommit("HEAD");
}
async function loadSavedPlan(settings, openGit, naming = import_option_naming3.CLI_FLAGS) {
  const file = settings.plan;
  const document = await readPlanFile(file);
  const head = await checkoutHead(openGit);
  if (head !== void 0 && head !== document.head) {
    throw new import_errors16.UserError(
      `${file}: the plan is for commit ${document.head.slice(0, 12)}, but this checkout is at ${head.slice(0, 12)}: apply it from a directory without git or from a checkout of its head`
    );
  }
  checkPlanKey(document, file, settings.hashKey, naming);
  if (document.strategy === "versioned") {
    if (head === void 0) {
      throw new import_errors16.UserError(
        `${file}: --plan with the versioned strategy needs the checkout at the plan's head ${document.head} (its copies are made from the configs' content, which a plan file does not hold): check it out and set ${naming.option("repo")}`
      );
    }
    return { document, replanFrom: { base: document.base, head: document.head } };
  }
  return { document };
}
function sameWorkloads(document, settings, planned, naming = import_option_naming3.CLI_FLAGS) {
  const file = settings.plan;
  const inBounds = guardedPlanOf(document, file, settings, naming).workloads.filter(
    (w) => w.action === "restart"
  );
  const inFile = new Set(inBounds.map((w) => (0, import_model18.idKey)(w.id)));
  const now = new Set(planned.map((w) => (0, import_model18.idKey)(w.id)));
  const extra = planned.find((w) => !inFile.has((0, import_model18.idKey)(w.id)));
  const missing = inBounds.find((w) => !now.has((0, import_model18.idKey)(w.id)));
  const differs = extra ?? missing;
  if (differs) {
    throw new import_errors16.UserError(
      `${file}: this checkout plans differently from the plan file (${(0, import_model18.formatId)(differs.id)} ${extra ? "is not in the plan" : "is no longer planned"}); make the plan again`
    );
  }
}
function applySaved(run, settings, connection, context) {
  return applySavedPlan(run.document, settings.plan, connection, { settings, ...context });
}
var import_promises, import_errors16, import_model18, import_option_naming3;
var init_run_saved_plan = __esm({
  "src/compose/run-saved-plan.ts"() {
    "use strict";
    import_promises = require("node:fs/promises");
    import_errors16 = __toESM(require_errors(), 1);
    import_model18 = __toESM(require_model(), 1);
    import_option_naming3 = __toESM(require_option_naming(), 1);
    init_plan_document();
    init_apply_saved_plan();
  }
});

// borrowed:src/process/run-process.ts
var require_run_process = __commonJS({
  "borrowed:src/process/run-process.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/process/run-process.ts"];
  }
});

// src/kube/exec-credential.ts
function boundExecPlugins(kc, timeoutMs, onCredential) {
  const plugins = /* @__PURE__ */ new Map();
  const users = kc.getUsers().map((user) => {
    const exec = user.exec ?? providerExec(user);
    if (!exec) return user;
    plugins.set(user.name, exec);
    const { exec: _dropped, ...rest } = user;
    return { ...rest, authProvider: { name: PROVIDER, config: {} } };
  });
  if (plugins.size === 0) return;
  kc.loadFromOptions({
    clusters: kc.getClusters(),
    users,
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext()
  });
  const credentials = /* @__PURE__ */ new Map();
  kc.addAuthenticator({
    isAuthProvider: (user) => user?.authProvider?.name === PROVIDER,
    async applyAuthentication(user, opts) {
      const exec = plugins.get(user.name);
      if (!exec) return;
      let pending = credentials.get(user.name);
      const cached = pending && await pending;
      if (!pending || cached?.expiresAt !== void 0 && cached.expiresAt <= Date.now() + 1e4) {
        pending = runPlugin(user.name, exec, timeoutMs).then((credential2) => {
          const secrets = [credential2.token, credential2.clientKeyData].filter((s) => !!s);
          if (secrets.length > 0) onCredential?.(secrets);
          return credential2;
        });
        credentials.set(user.name, pending);
      }
      const credential = await pending;
      const target = opts;
      if (credential.clientCertificateData) target.cert = credential.clientCertificateData;
      if (credential.clientKeyData) target.key = credential.clientKeyData;
      if (credential.token)
        target.headers = { ...target.headers, Authorization: `Bearer ${credential.token}` };
    }
  });
}
function providerExec(user) {
  const config = user.authProvider?.config;
  const exec = config?.exec;
  return typeof exec === "object" && exec !== null ? exec : void 0;
}
async function runPlugin(userName, exec, timeoutMs) {
  const what = `the exec credential plugin "${exec.command}" of kubeconfig user "${userName}"`;
  const env = { ...process.env };
  for (const entry of exec.env ?? []) env[entry.name] = entry.value;
  env.KUBERNETES_EXEC_INFO = JSON.stringify({
    apiVersion: exec.apiVersion ?? "client.authentication.k8s.io/v1beta1",
    kind: "ExecCredential",
    spec: { interactive: false }
  });
  const result = await (0, import_run_process.runProcess)(exec.command, exec.args ?? [], { env, timeoutMs });
  const failure = result.failure;
  if (failure?.kind === "timeout") {
    throw new import_errors17.UserError(
      `${what} returned no credential within ${Math.round(timeoutMs / 1e3)}s and was stopped (a plugin that waits for a browser login or a prompt cannot finish in CI; raise --exec-plugin-timeout if it is only slow)`
    );
  }
  if (failure?.kind === "start") {
    throw new import_errors17.UserError(
      failure.code === "ENOENT" ? `${what} was not found: install "${exec.command}" on the runner or fix users[].user.exec.command in the kubeconfig` : `${what} could not be started: ${failure.code ?? failure.message}`
    );
  }
  if (failure) throw new import_errors17.UserError(`${what} was stopped: ${failure.message}`);
  if (result.exitCode !== 0) {
    const last = result.stderrTail.split("\n").at(-1) ?? "";
    const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
    throw new import_errors17.UserError(`${what} ${how}${last ? `: ${last}` : ""}`);
  }
  const credential = parseExecCredential(result.stdout.toString("utf8"));
  if (!credential)
    throw new import_errors17.UserError(`${what} printed no ExecCredential with a token or client certificate`);
  return credential;
}
function parseExecCredential(stdout) {
  let parsed;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return void 0;
  }
  const status = parsed?.status;
  if (!status || typeof status !== "object") return void 0;
  const text = (key) => typeof status[key] === "string" ? status[key] : void 0;
  const credential = {
    token: text("token"),
    clientCertificateData: text("clientCertificateData"),
    clientKeyData: text("clientKeyData")
  };
  const expiry = text("expirationTimestamp");
  if (expiry && !Number.isNaN(Date.parse(expiry))) credential.expiresAt = Date.parse(expiry);
  return credential.token || credential.clientCertificateData ? credential : void 0;
}
var import_errors17, import_run_process, PROVIDER;
var init_exec_credential = __esm({
  "src/kube/exec-credential.ts"() {
    "use strict";
    import_errors17 = __toESM(require_errors(), 1);
    import_run_process = __toESM(require_run_process(), 1);
    PROVIDER = "config-rollout-exec";
  }
});

// borrowed:src/kube/kubeconfig-source.ts
var require_kubeconfig_source = __commonJS({
  "borrowed:src/kube/kubeconfig-source.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/kube/kubeconfig-source.ts"];
  }
});

// src/kube/connect.ts
var connect_exports = {};
__export(connect_exports, {
  NoClusterConfiguredError: () => NoClusterConfiguredError,
  SERVICE_ACCOUNT_DIR: () => import_kubeconfig_source2.SERVICE_ACCOUNT_DIR,
  decodeKubeconfigData: () => import_kubeconfig_source2.decodeKubeconfigData,
  findKubeConfigSource: () => import_kubeconfig_source2.findKubeConfigSource,
  loadKubeConfig: () => loadKubeConfig
});
function loadKubeConfig(opts) {
  const source2 = (0, import_kubeconfig_source.chooseSource)(opts);
  if (!source2) return void 0;
  const kc = new import_client_node.KubeConfig();
  const secrets = [];
  if (source2.type === "file") loadFiles(kc, source2.files, source2.label);
  else if (source2.type === "data") {
    const whole = [source2.raw, source2.text, Buffer.from(source2.text).toString("base64")];
    secrets.push(...whole.filter((text) => !text.trim().includes("\n")));
    parseInto(kc, source2.label, () => kc.loadFromString(source2.text));
  } else loadInCluster(kc, source2.server, source2.dir, secrets);
  allowPlainHttp(kc);
  selectContext(kc, opts.context, source2.label);
  const cluster = kc.getCurrentCluster();
  for (const user of kc.getUsers()) secrets.push(...userSecrets(user));
  boundExecPlugins(kc, opts.execPluginTimeoutMs ?? 6e4, opts.onPluginCredential);
  return {
    kc,
    context: kc.getCurrentContext(),
    server: cluster.server,
    namespace: kc.getContextObject(kc.getCurrentContext())?.namespace || void 0,
    source: source2.label,
    secretsToMask: [...new Set(secrets.map((s) => s.trim()).filter((s) => s !== ""))]
  };
}
function loadFiles(kc, files, label) {
  const [first, ...rest] = files;
  parseInto(kc, first, () => kc.loadFromFile(first));
  for (const file of rest) {
    const other = new import_client_node.KubeConfig();
    parseInto(other, file, () => other.loadFromFile(file));
    kc.loadFromOptions({
      clusters: mergeByName(kc.getClusters(), other.getClusters()),
      users: mergeByName(kc.getUsers(), other.getUsers()),
      contexts: mergeByName(kc.getContexts(), other.getContexts()),
      currentContext: kc.getCurrentContext() || other.getCurrentContext()
    });
  }
  if (kc.getContexts().length === 0) throw new import_errors18.UserError(`${label} defines no contexts`);
}
function mergeByName(first, second) {
  const names = new Set(first.map((item) => item.name));
  return [...first, ...second.filter((item) => !names.has(item.name))];
}
function parseInto(kc, where, load) {
  try {
    load();
  } catch (error) {
    const e = error;
    if (e.name === "YAMLException") {
      const line = e.mark?.line === void 0 ? "" : ` at line ${e.mark.line + 1}`;
      throw new import_errors18.UserError(`${where}: not valid YAML${line}: ${e.reason ?? "parse error"}`);
    }
    throw new import_errors18.UserError(`${where}: not a valid kubeconfig: ${e.message ?? String(error)}`);
  }
  if (kc.getContexts().length === 0) throw new import_errors18.UserError(`${where} defines no contexts`);
}
function loadInCluster(kc, server, dir, secrets) {
  const tokenFile = (0, import_node_path.join)(dir, "token");
  const caFile = (0, import_node_path.join)(dir, "ca.crt");
  const namespaceFile = (0, import_node_path.join)(dir, "namespace");
  secrets.push((0, import_node_fs.readFileSync)(tokenFile, "utf8"));
  kc.loadFromOptions({
    clusters: [
      { name: "inCluster", server, caFile: (0, import_node_fs.existsSync)(caFile) ? caFile : void 0, skipTLSVerify: false }
    ],
    users: [{ name: "inClusterUser", authProvider: { name: "tokenFile", config: { tokenFile } } }],
    contexts: [
      {
        name: "inClusterContext",
        cluster: "inCluster",
        user: "inClusterUser",
        namespace: (0, import_node_fs.existsSync)(namespaceFile) ? (0, import_node_fs.readFileSync)(namespaceFile, "utf8").trim() : void 0
      }
    ],
    currentContext: "inClusterContext"
  });
}
function allowPlainHttp(kc) {
  if (!kc.getClusters().some((c) => c.server.startsWith("http:") && !c.skipTLSVerify)) return;
  kc.loadFromOptions({
    clusters: kc.getClusters().map((c) => c.server.startsWith("http:") ? { ...c, skipTLSVerify: true } : c),
    users: kc.getUsers(),
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext()
  });
}
function selectContext(kc, wanted, label) {
  const available = kc.getContexts().map((c) => c.name).join(", ");
  if (wanted) {
    if (!kc.getContextObject(wanted)) {
      throw new import_errors18.UserError(`context "${wanted}" not found in ${label}; available contexts: ${available}`);
    }
    kc.setCurrentContext(wanted);
  } else if (!kc.getCurrentContext() || !kc.getContextObject(kc.getCurrentContext())) {
    const current = kc.getCurrentContext();
    throw new import_errors18.UserError(
      current ? `current-context "${current}" of ${label} does not exist; pass --context (available: ${available})` : `${label} sets no current-context; pass --context (available: ${available})`
    );
  }
  const context = kc.getContextObject(kc.getCurrentContext());
  if (context && !kc.getCluster(context.cluster)) {
    throw new import_errors18.UserError(
      `context "${context.name}" refers to cluster "${context.cluster}", which ${label} does not define`
    );
  }
}
function userSecrets(user) {
  const out = [];
  if (user.token) out.push(user.token);
  if (user.password) out.push(user.password);
  if (user.keyData) out.push(user.keyData, Buffer.from(user.keyData, "base64").toString("utf8"));
  const providerConfig = user.authProvider?.config;
  if (providerConfig && typeof providerConfig === "object") {
    for (const [key, value] of Object.entries(providerConfig)) {
      if (SECRET_KEY.test(key) && !/file$/i.test(key) && typeof value === "string") out.push(value);
    }
  }
  const execEnv = user.exec?.env;
  if (Array.isArray(execEnv)) {
    for (const entry of execEnv) {
      if (typeof entry.name === "string" && SECRET_KEY.test(entry.name) && typeof entry.value === "string") {
        out.push(entry.value);
      }
    }
  }
  return out;
}
var import_node_fs, import_node_path, import_client_node, import_errors18, import_kubeconfig_source, import_kubeconfig_source2, NoClusterConfiguredError, SECRET_KEY;
var init_connect = __esm({
  "src/kube/connect.ts"() {
    "use strict";
    import_node_fs = require("node:fs");
    import_node_path = require("node:path");
    import_client_node = require("./vendor/client-node.js");
    import_errors18 = __toESM(require_errors(), 1);
    init_exec_credential();
    import_kubeconfig_source = __toESM(require_kubeconfig_source(), 1);
    import_kubeconfig_source2 = __toESM(require_kubeconfig_source(), 1);
    NoClusterConfiguredError = class extends import_errors18.UserError {
      name = "NoClusterConfiguredError";
      constructor() {
        super(
          "no Kubernetes cluster configured: no --kubeconfig, CONFIG_ROLLOUT_KUBECONFIG, KUBECONFIG, ~/.kube/config or in-cluster service account found (client libraries would silently try http://localhost:8080 instead)"
        );
      }
    };
    SECRET_KEY = /token|secret|password|passwd|key|credential/i;
  }
});

// src/core/manifests/live-config.ts
function liveConfigContent(obj) {
  const content = {};
  const data = field2(obj, "data");
  const isSecret = field2(obj, "kind") === "Secret";
  if (isRecord(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== "string") continue;
      content[key] = isSecret ? canonicalBase64(value) : Buffer.from(value, "utf8").toString("base64");
    }
  }
  const binary = field2(obj, "binaryData");
  if (!isSecret && isRecord(binary)) {
    for (const [key, value] of Object.entries(binary)) {
      if (typeof value === "string") content[key] = canonicalBase64(value);
    }
  }
  return content;
}
function canonicalBase64(value) {
  return Buffer.from(value, "base64").toString("base64");
}
var init_live_config = __esm({
  "src/core/manifests/live-config.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/kube/api-errors.ts
function describeKubeError(error, req, attempts = 1) {
  const where = req.namespace ? ` in namespace ${req.namespace}` : "";
  const target = `${req.resource}${req.name ? ` "${req.name}"` : ""}`;
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : "";
  if (error instanceof import_client_node2.ApiException) {
    const status = parseStatus(error.body);
    const serverMessage = stringField(status, "message");
    const detail = serverMessage ? `: ${serverMessage}` : "";
    switch (error.code) {
      case 401:
        return new import_errors19.ClusterAccessError(
          `the server rejected the credentials of context ${req.context} (401 Unauthorized)`,
          401
        );
      case 403: {
        const details = field2(status, "details");
        const kind = stringField(details, "kind");
        const group = stringField(details, "group");
        const resource = kind ? group ? `${kind}.${group}` : kind : req.resource;
        return new import_errors19.ClusterAccessError(
          `forbidden: context ${req.context} cannot ${req.verb} ${resource}${where}${detail}`,
          403
        );
      }
      case 404:
        return new import_errors19.ClusterAccessError(`${target} not found${where} (context ${req.context})`, 404);
      default: {
        const reason = stringField(status, "reason");
        const code2 = `${error.code}${reason ? ` ${reason}` : ""}`;
        return new import_errors19.ClusterAccessError(
          `${req.verb} ${target}${where} failed${tries}: the API server answered ${code2}${detail}`,
          error.code
        );
      }
    }
  }
  if (error instanceof RequestTimeoutError && error.runTimeout) {
    return new import_errors19.ClusterAccessError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within the run's timeout of ${formatMs(error.timeoutMs)}${tries}: given up`,
      void 0
    );
  }
  if (error instanceof RequestTimeoutError) {
    return new import_errors19.ClusterAccessError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within ${formatMs(error.timeoutMs)}${tries}`,
      void 0
    );
  }
  const code = networkErrorCode(error);
  if (code) {
    return new import_errors19.ClusterAccessError(
      `cannot reach the Kubernetes API at ${req.server} (context ${req.context}): ${code}${tries}`,
      void 0
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new import_errors19.ClusterAccessError(
    `${req.verb} ${target}${where} (context ${req.context}) failed: ${message}`,
    void 0
  );
}
function parseStatus(body) {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return void 0;
  }
}
function formatMs(ms) {
  return ms >= 1e3 ? `${Math.round(ms / 100) / 10}s` : `${ms} ms`;
}
var import_client_node2, import_errors19, import_errors20;
var init_api_errors = __esm({
  "src/kube/api-errors.ts"() {
    "use strict";
    import_client_node2 = require("./vendor/client-node.js");
    import_errors19 = __toESM(require_errors(), 1);
    init_json_shape();
    init_retry();
    import_errors20 = __toESM(require_errors(), 1);
  }
});

// src/kube/object-api.ts
var import_client_node3, PLAIN_TEXT, ObjectApi;
var init_object_api = __esm({
  "src/kube/object-api.ts"() {
    "use strict";
    import_client_node3 = require("./vendor/client-node.js");
    init_api_kinds();
    init_workload_kinds();
    PLAIN_TEXT = "text/plain";
    ObjectApi = class extends import_client_node3.KubernetesObjectApi {
      constructor(configuration) {
        super(configuration);
        const builtIn = API_KINDS.filter((k) => !k.customResource);
        this.apiVersionResourceCache["authorization.k8s.io/v1"] = {
          groupVersion: "authorization.k8s.io/v1",
          resources: [
            {
              kind: "SelfSubjectAccessReview",
              name: "selfsubjectaccessreviews",
              namespaced: false,
              singularName: "",
              verbs: ["create"]
            }
          ]
        };
        for (const k of builtIn) {
          const apiVersion = apiVersionOf(k);
          this.apiVersionResourceCache[apiVersion] ??= {
            groupVersion: apiVersion,
            resources: []
          };
          this.apiVersionResourceCache[apiVersion].resources.push({
            kind: k.kind,
            name: k.resource,
            namespaced: true,
            singularName: "",
            verbs: []
          });
        }
      }
      /**
       * Object responses as the server sent them, parsed once. client-node's own handling deserializes
       * them into its model classes (Dates, renamed fields such as `_continue`, fields its model does
       * not know dropped), which the adapter then had to turn back into JSON with a stringify and a
       * parse: four copies of every object received. At 1,000 restarts that garbage, not what the run
       * keeps, set the heap's peak. Answers of a type client-node asks for itself (discovery, a
       * Status) and errors keep its handling.
       */
      async processResponse(response, type) {
        const status = response.httpStatusCode;
        if (type === PLAIN_TEXT && status >= 200 && status <= 299)
          return await response.body.text();
        const contentType = String(response.headers["content-type"] ?? "");
        if (type !== void 0 || status < 200 || status > 299 || !/^application\/json\b/i.test(contentType)) {
          return super.processResponse(response, type);
        }
        return JSON.parse(await response.body.text());
      }
      /** GET a pod's log (text/plain), through the same middleware, authentication and errors as every call. */
      async readPodLog(namespace, name, opts) {
        const query = {
          container: opts.container,
          previous: String(opts.previous),
          tailLines: String(opts.tailLines)
        };
        const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/log`;
        const context = this.configuration.baseServer.makeRequestContext(path, "GET");
        context.setHeaderParam("Accept", "text/plain, */*");
        for (const [key, value] of Object.entries(query)) context.setQueryParam(key, value);
        return await this.requestPromise(context, PLAIN_TEXT);
      }
      async resourceOf(apiVersion, kind) {
        try {
          return await this.resource(apiVersion, kind);
        } catch (error) {
          if (error instanceof Error)
            error.message = error.message.replace(/^Failed to fetch resource metadata for \S+: /, "");
          throw error;
        }
      }
    };
  }
});

// src/kube/reuse-agents.ts
function reuseAgents(kc) {
  const agents = /* @__PURE__ */ new Map();
  return {
    getName: () => "kubeconfig (one keep-alive agent per TLS identity)",
    async applySecurityAuthentication(context) {
      await kc.applySecurityAuthentication(context);
      const made = context.getAgent();
      if (made === void 0) return;
      const plain = made.constructor === import_node_https.Agent || made.constructor === import_node_http.Agent;
      if (!plain) return;
      const options = made.options;
      const picked = {};
      for (const name of TLS_OPTIONS) {
        if (options[name] !== void 0) picked[name] = options[name];
      }
      const key = `${made.constructor === import_node_https.Agent ? "https" : "http"} ${JSON.stringify(picked)}`;
      let agent = agents.get(key);
      if (!agent) {
        agent = made.constructor === import_node_https.Agent ? new import_node_https.Agent({ ...picked, keepAlive: true }) : new import_node_http.Agent({ keepAlive: true });
        agents.set(key, agent);
      }
      context.setAgent(agent);
    }
  };
}
var import_node_http, import_node_https, TLS_OPTIONS;
var init_reuse_agents = __esm({
  "src/kube/reuse-agents.ts"() {
    "use strict";
    import_node_http = require("node:http");
    import_node_https = require("node:https");
    TLS_OPTIONS = [
      "ca",
      "cert",
      "key",
      "pfx",
      "passphrase",
      "rejectUnauthorized",
      "servername"
    ];
  }
});

// src/kube/request.ts
function createRequester(kc, opts) {
  const context = kc.getCurrentContext();
  const server = kc.getCurrentCluster()?.server ?? "(no server)";
  const policy = { retries: opts.retries, baseDelayMs: opts.retryBaseDelayMs };
  const attemptSignal = new import_node_async_hooks.AsyncLocalStorage();
  const api = new ObjectApi(
    (0, import_client_node4.createConfiguration)({
      baseServer: new import_client_node4.ServerConfiguration(server, {}),
      authMethods: { default: reuseAgents(kc) },
      promiseMiddleware: [
        {
          pre: async (request2) => {
            request2.setHeaderParam("User-Agent", opts.userAgent);
            const signal = attemptSignal.getStore();
            if (signal) request2.setSignal(signal);
            return request2;
          },
          post: async (response) => response
        }
      ]
    })
  );
  const unguardedRetryable = isRetryable;
  const guardedRetryable = (error) => isRetryable(error) && !isConflict(error);
  let notAnswering;
  async function request(what, call, guarded = false) {
    if (notAnswering) throw new import_errors21.ClusterAccessError(notAnswering.message);
    const runTimeoutMs = opts.runTimeoutMs;
    const deadlineAt = runTimeoutMs === void 0 ? void 0 : Date.now() + runTimeoutMs;
    let attempts = 0;
    try {
      return await withRetries(
        async () => {
          attempts++;
          const left = deadlineAt === void 0 ? Number.POSITIVE_INFINITY : deadlineAt - Date.now();
          const cut = left < opts.requestTimeoutMs;
          const signal = AbortSignal.timeout(Math.max(1, Math.min(opts.requestTimeoutMs, left)));
          try {
            return await attemptSignal.run(signal, call);
          } catch (error) {
            if (signal.aborted && !(error instanceof import_client_node4.ApiException))
              throw cut ? new RequestTimeoutError(runTimeoutMs, true) : new RequestTimeoutError(opts.requestTimeoutMs);
            throw error;
          }
        },
        deadlineAt === void 0 ? policy : { ...policy, deadlineAt },
        guarded ? guardedRetryable : unguardedRetryable
      );
    } catch (error) {
      if (error instanceof import_errors21.UserError) throw error;
      const described = describeKubeError(error, { ...what, context, server }, attempts);
      if (error instanceof RequestTimeoutError && error.runTimeout) notAnswering = described;
      throw described;
    }
  }
  return { api, context, server, policy, request };
}
var import_node_async_hooks, import_client_node4, import_errors21;
var init_request = __esm({
  "src/kube/request.ts"() {
    "use strict";
    import_node_async_hooks = require("node:async_hooks");
    import_client_node4 = require("./vendor/client-node.js");
    import_errors21 = __toESM(require_errors(), 1);
    init_api_errors();
    init_object_api();
    init_retry();
    init_reuse_agents();
  }
});

// src/kube/watch-stream.ts
function openWatch(kc, req) {
  const agents = [];
  let controller;
  let closed = false;
  const abort = () => {
    closed = true;
    controller?.abort();
    for (const agent of agents) agent.destroy();
  };
  const config = Object.create(kc);
  config.applyToFetchOptions = async (options) => {
    const init = await kc.applyToFetchOptions(options);
    const headers = init.headers;
    if (headers && typeof headers.set === "function") headers.set("User-Agent", req.userAgent);
    else init.headers = { ...headers, "User-Agent": req.userAgent };
    const agent = init.agent;
    if (agent && typeof agent.destroy === "function") {
      agents.push(agent);
      if (closed) agent.destroy();
    }
    return init;
  };
  const query = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== void 0 && v !== ""));
  new import_client_node5.Watch(config).watch(
    req.path,
    query,
    (type, object) => {
      if (!closed) req.onEvent(type, object);
    },
    (error) => {
      if (closed) return;
      closed = true;
      req.onDone(error ?? void 0);
    }
  ).then(
    (c) => {
      controller = c;
      if (closed) c.abort();
    },
    (error) => {
      if (!closed) {
        closed = true;
        req.onDone(error);
      }
    }
  );
  return { abort };
}
var import_client_node5;
var init_watch_stream = __esm({
  "src/kube/watch-stream.ts"() {
    "use strict";
    import_client_node5 = require("./vendor/client-node.js");
  }
});

// src/kube/kube-client.ts
var kube_client_exports = {};
__export(kube_client_exports, {
  createCluster: () => createCluster
});
function createCluster(kc, opts) {
  return new KubeCluster(kc, opts);
}
function entryOf(kind, entry) {
  if (!entry) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return entry;
}
function resourceOf(kind) {
  return qualifiedResource(apiEntry(kind));
}
function workloadSpec(id, kind) {
  return {
    apiVersion: apiVersionOf(kind),
    kind: kind.kind,
    metadata: { name: id.name, namespace: id.namespace }
  };
}
function liveConfig(obj) {
  const metadata = obj.metadata ?? {};
  return {
    uid: metadata.uid ?? "",
    resourceVersion: metadata.resourceVersion ?? "",
    content: liveConfigContent(obj)
  };
}
function applyBody(obj, namespaceDefault) {
  const kind = obj.kind;
  if (kind !== "ConfigMap" && kind !== "Secret")
    throw new Error(`applyConfig: kind ${String(kind)} is not a config`);
  const metadata = { ...obj.metadata ?? {} };
  for (const key of [
    "resourceVersion",
    "uid",
    "managedFields",
    "creationTimestamp",
    "generation",
    "selfLink"
  ]) {
    delete metadata[key];
  }
  metadata.namespace ??= namespaceDefault;
  if (typeof metadata.name !== "string" || typeof metadata.namespace !== "string") {
    throw new Error("applyConfig: the manifest needs metadata.name and a namespace");
  }
  const { status: _status, ...rest } = obj;
  return { ...rest, apiVersion: "v1", kind, metadata };
}
function asApiException(error) {
  const code = error?.statusCode;
  return typeof code === "number" ? new import_client_node6.ApiException(code, String(error.message), void 0, {}) : error;
}
function toPlain(value) {
  return value ?? {};
}
var import_client_node6, import_errors22, PATCH_CONTENT_TYPES, KubeCluster, workloadEntry, kindEntry, apiEntry;
var init_kube_client = __esm({
  "src/kube/kube-client.ts"() {
    "use strict";
    import_client_node6 = require("./vendor/client-node.js");
    import_errors22 = __toESM(require_errors(), 1);
    init_api_kinds();
    init_workload_kinds();
    init_live_config();
    init_api_errors();
    init_request();
    init_retry();
    init_watch_stream();
    PATCH_CONTENT_TYPES = {
      "strategic-merge": import_client_node6.PatchStrategy.StrategicMergePatch,
      merge: import_client_node6.PatchStrategy.MergePatch,
      apply: import_client_node6.PatchStrategy.ServerSideApply
    };
    KubeCluster = class {
      constructor(kc, opts) {
        this.kc = kc;
        this.opts = opts;
        this.requester = createRequester(kc, opts);
        this.context = this.requester.context;
        this.server = this.requester.server;
      }
      kc;
      opts;
      context;
      server;
      requester;
      /** Whether each custom resource's API group version is served, asked once per run. */
      served = /* @__PURE__ */ new Map();
      get api() {
        return this.requester.api;
      }
      request(what, call, guarded) {
        return this.requester.request(what, call, guarded);
      }
      serves(kindName) {
        const kind = kindEntry(kindName);
        if (!kind.customResource) return Promise.resolve(true);
        const apiVersion = apiVersionOf(kind);
        let answer = this.served.get(apiVersion);
        if (!answer) {
          answer = this.request(
            { verb: "get", resource: `API group ${apiVersion}` },
            () => this.api.resourceOf(apiVersion, kind.kind)
          ).then(
            (resource) => resource !== void 0,
            (error) => {
              if (error instanceof import_errors22.ClusterAccessError && error.status === 404) return false;
              throw error;
            }
          );
          this.served.set(apiVersion, answer);
        }
        return answer;
      }
      readPodLog(namespace, pod, opts) {
        return this.request(
          { verb: "get", resource: "pods/log", namespace, name: pod },
          () => this.api.readPodLog(namespace, pod, opts)
        );
      }
      async listWorkloads(namespace, kind) {
        return (await this.listForWatch(namespace, kind)).items;
      }
      async listForWatch(namespace, kindName, fieldSelector) {
        const kind = kindEntry(kindName);
        const apiVersion = apiVersionOf(kind);
        const result = await this.request(
          { verb: "list", resource: qualifiedResource(kind), namespace },
          () => this.api.list(apiVersion, kind.kind, namespace, void 0, void 0, void 0, fieldSelector)
        );
        const plain = toPlain(result);
        return {
          // List items come without apiVersion/kind; put them back so each item stands alone.
          items: (plain.items ?? []).map((item) => ({ ...item, apiVersion, kind: kind.kind })),
          resourceVersion: plain.metadata?.resourceVersion ?? ""
        };
      }
      async readConfig(id) {
        if (!isConfigKind(id.kind)) {
          throw new Error(`readConfig: ${id.kind} is not a ConfigMap or Secret`);
        }
        const entry = configKind(id.kind);
        const obj = await this.readOrUndefined(
          {
            apiVersion: apiVersionOf(entry),
            kind: id.kind,
            metadata: { name: id.name, namespace: id.namespace }
          },
          { verb: "get", resource: entry.resource, namespace: id.namespace, name: id.name }
        );
        return obj && liveConfig({ ...obj, kind: id.kind });
      }
      async listConfigMaps(namespace) {
        const entry = configKind("ConfigMap");
        const result = await this.request(
          { verb: "list", resource: entry.resource, namespace },
          () => this.api.list(apiVersionOf(entry), entry.kind, namespace)
        );
        const byName = /* @__PURE__ */ new Map();
        for (const item of toPlain(result).items ?? []) {
          const name = item.metadata?.name;
          if (name) byName.set(name, liveConfig({ ...item, kind: entry.kind }));
        }
        return byName;
      }
      async applyConfig(obj, dryRun, namespaceDefault) {
        const body = applyBody(obj, namespaceDefault);
        const { kind, metadata } = body;
        const resource = configKind(kind).resource;
        await this.request(
          { verb: "patch", resource, ...metadata },
          () => this.api.patch(
            body,
            void 0,
            dryRun ? "All" : void 0,
            this.opts.fieldManager,
            true,
            PATCH_CONTENT_TYPES.apply
          )
        );
      }
      readWorkload(id) {
        const kind = workloadEntry(id.kind);
        return this.readOrUndefined(workloadSpec(id, kind), {
          verb: "get",
          resource: qualifiedResource(kind),
          namespace: id.namespace,
          name: id.name
        });
      }
      async patchWorkload(id, patch, dryRun, type) {
        const kind = workloadEntry(id.kind);
        const patchType = type ?? patchTypeOf(kind) ?? "strategic-merge";
        const target = workloadSpec(id, kind);
        const own = patch.metadata;
        const body = { ...patch, ...target, metadata: { ...own, ...target.metadata } };
        const what = { verb: "patch", resource: qualifiedResource(kind), namespace: id.namespace, name: id.name };
        const result = await this.request(
          what,
          () => this.api.patch(
            body,
            void 0,
            dryRun ? "All" : void 0,
            this.opts.fieldManager,
            void 0,
            PATCH_CONTENT_TYPES[patchType]
          ),
          typeof own?.resourceVersion === "string"
        );
        return { ...toPlain(result), apiVersion: apiVersionOf(kind), kind: kind.kind };
      }
      readObject(ref) {
        const { apiVersion, kind, namespace, name } = ref;
        return this.readOrUndefined(
          { apiVersion, kind, metadata: { name, namespace } },
          { verb: "get", resource: resourceOf(kind), namespace, name }
        );
      }
      async listObjects(namespace, apiVersion, kind, labelSelector) {
        const result = await this.request(
          { verb: "list", resource: resourceOf(kind), namespace },
          () => this.api.list(apiVersion, kind, namespace, void 0, void 0, void 0, void 0, labelSelector)
        );
        const items = toPlain(result).items ?? [];
        return items.map((item) => ({ ...item, apiVersion, kind }));
      }
      async deleteObject(ref, dryRun) {
        const { apiVersion, kind, namespace, name } = ref;
        try {
          await this.request(
            { verb: "delete", resource: resourceOf(kind), namespace, name },
            () => this.api.delete(
              { apiVersion, kind, metadata: { name, namespace } },
              void 0,
              dryRun ? "All" : void 0
            )
          );
        } catch (error) {
          if (error instanceof import_errors22.ClusterAccessError && error.status === 404) return;
          throw error;
        }
      }
      async canI(access) {
        const review = {
          apiVersion: "authorization.k8s.io/v1",
          kind: "SelfSubjectAccessReview",
          metadata: {},
          spec: { resourceAttributes: { ...access } }
        };
        try {
          const answer = await this.request(
            { verb: "create", resource: "selfsubjectaccessreviews.authorization.k8s.io" },
            () => this.api.create(review)
          );
          const allowed = toPlain(answer).status?.allowed;
          return typeof allowed === "boolean" ? allowed : void 0;
        } catch (error) {
          if (error instanceof import_errors22.ClusterAccessError && [403, 404].includes(error.status ?? 0)) return void 0;
          throw error;
        }
      }
      retryOnConflict(update) {
        return retryOnConflict(update, this.requester.policy);
      }
      watchWorkloads(namespace, kindName, watchOpts, onEvent, onDone) {
        const kind = kindEntry(kindName);
        const resource = qualifiedResource(kind);
        const req = {
          verb: "watch",
          resource,
          namespace,
          context: this.context,
          server: this.server
        };
        const root = kind.group ? `/apis/${kind.group}/${kind.version}` : `/api/${kind.version}`;
        return openWatch(this.kc, {
          path: `${root}/namespaces/${encodeURIComponent(namespace)}/${kind.resource}`,
          query: {
            resourceVersion: watchOpts.resourceVersion,
            fieldSelector: watchOpts.fieldSelector,
            allowWatchBookmarks: true
          },
          userAgent: this.opts.userAgent,
          onEvent,
          onDone: (error) => onDone(error === void 0 ? void 0 : describeKubeError(asApiException(error), req))
        });
      }
      async readOrUndefined(spec, what) {
        try {
          return toPlain(await this.request(what, () => this.api.read(spec)));
        } catch (error) {
          if (error instanceof import_errors22.ClusterAccessError && error.status === 404) return void 0;
          throw error;
        }
      }
    };
    workloadEntry = (kind) => entryOf(kind, workloadKind(kind));
    kindEntry = (kind) => entryOf(kind, workloadKind(kind) ?? (["Pod", "Event"].includes(kind) ? apiKind(kind) : void 0));
    apiEntry = (kind) => entryOf(kind, apiKind(kind));
  }
});

// src/core/manifests/config-changes.ts
function hasIgnoreAnnotation(object) {
  return field2(field2(field2(object, "metadata"), "annotations"), IGNORE_ANNOTATION) === "true";
}
function configReloaderMarks(object) {
  const annotations = field2(field2(object, "metadata"), "annotations");
  const ignore = field2(annotations, RELOADER_IGNORE) === "true";
  const match = field2(annotations, RELOADER_MATCH) === "true";
  if (!ignore && !match) return void 0;
  return { ...ignore ? { ignore: true } : {}, ...match ? { match: true } : {} };
}
function findConfigChanges(base, head) {
  const problems = [];
  const baseSnapshots = snapshotsOf(base, "base", problems);
  const headSnapshots = snapshotsOf(head, "head", problems);
  const changes = [];
  const ignored = new Set(
    head.filter((m) => isConfigManifest(m) && hasIgnoreAnnotation(m.object)).map((m) => (0, import_model19.idKey)(m.id))
  );
  const reloaderMarks = new Map(
    head.filter(isConfigManifest).map((m) => [(0, import_model19.idKey)(m.id), configReloaderMarks(m.object)])
  );
  for (const [key, after] of headSnapshots) {
    const before = baseSnapshots.get(key);
    const keys = changedKeys(before?.content, after.content);
    const reloader = reloaderMarks.get(key);
    const mark = { ...ignored.has(key) ? { ignored: true } : {}, ...reloader ? { reloader } : {} };
    if (before === void 0) {
      changes.push({ id: after.id, status: "added", file: after.file, line: after.line, keys, ...mark });
    } else if (keys.length > 0) {
      changes.push({ id: after.id, status: "modified", file: after.file, line: after.line, keys, ...mark });
    }
  }
  for (const [key, before] of baseSnapshots) {
    if (headSnapshots.has(key)) continue;
    const keys = changedKeys(before.content, void 0);
    changes.push({ id: before.id, status: "deleted", file: before.file, line: before.line, keys });
  }
  changes.sort((a, b) => compareIds(a.id, b.id));
  return { changes, snapshots: { base: baseSnapshots, head: headSnapshots }, problems };
}
function snapshotsOf(manifests, revision, problems) {
  const snapshots = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const { content, problems: contentProblems } = configContentOf(m);
    if (revision === "head") problems.push(...contentProblems);
    const key = (0, import_model19.idKey)(m.id);
    const earlier = snapshots.get(key);
    if (earlier !== void 0) {
      problems.push({
        file: m.file,
        line: m.line,
        col: 1,
        message: `${(0, import_model19.formatId)(m.id)} is defined twice at ${revision}: ${earlier.file}:${earlier.line} and ${m.file}:${m.line}; the last one is used`,
        severity: "warning"
      });
    }
    snapshots.set(key, { id: m.id, file: m.file, line: m.line, content });
  }
  return snapshots;
}
var import_model19, IGNORE_ANNOTATION, RELOADER_IGNORE, RELOADER_MATCH;
var init_config_changes = __esm({
  "src/core/manifests/config-changes.ts"() {
    "use strict";
    import_model19 = __toESM(require_model(), 1);
    init_config_content();
    init_json_shape();
    init_order();
    IGNORE_ANNOTATION = "config-rollout.io/ignore";
    RELOADER_IGNORE = "reloader.stakater.com/ignore";
    RELOADER_MATCH = "reloader.stakater.com/match";
  }
});

// src/core/sources/rolls-on-apply.ts
function nameWithoutHashSuffix(name) {
  return HASH_SUFFIX.exec(name)?.[1];
}
function pairHashSuffixRenames(changes, snapshots) {
  const stemKey = (c) => {
    const stem = nameWithoutHashSuffix(c.id.name);
    return stem === void 0 ? void 0 : `${c.id.kind}/${c.id.namespace}/${stem}`;
  };
  const group = (status) => {
    const byStem = /* @__PURE__ */ new Map();
    for (const change of changes) {
      const key = change.status === status ? stemKey(change) : void 0;
      if (key === void 0) continue;
      byStem.set(key, [...byStem.get(key) ?? [], change]);
    }
    return byStem;
  };
  const deleted = group("deleted");
  const added = group("added");
  const replaced = /* @__PURE__ */ new Map();
  for (const [stem, [before, ...otherBefore]] of deleted) {
    const candidates = added.get(stem) ?? [];
    const after = candidates[0];
    if (!before || !after || otherBefore.length > 0 || candidates.length > 1) continue;
    if (before.origin === void 0 || after.origin === void 0) continue;
    const keys = changedKeys(
      snapshots.base.get((0, import_model20.idKey)(before.id))?.content,
      snapshots.head.get((0, import_model20.idKey)(after.id))?.content
    );
    replaced.set(after, { ...after, status: "modified", keys, previousName: before.id.name });
    replaced.set(before, null);
  }
  return changes.flatMap((change) => {
    const replacement = replaced.get(change);
    if (replacement === void 0) return [change];
    return replacement === null ? [] : [replacement];
  });
}
function podTemplateChanges(base, head) {
  const byKey = (manifests) => new Map(manifests.map((m) => [(0, import_model20.idKey)(m.id), m]));
  const templateText = (m) => {
    const template = m === void 0 ? void 0 : podTemplateOf(m.object);
    return template === void 0 ? void 0 : canonicalJson(template);
  };
  const before = byKey(base);
  const after = byKey(head);
  return (id) => {
    const key = (0, import_model20.idKey)(id);
    if (!before.has(key) || !after.has(key)) return false;
    const was = templateText(before.get(key));
    const now = templateText(after.get(key));
    return was !== void 0 && now !== void 0 && was !== now;
  };
}
function rollsOnApplyReason(detail) {
  const now = detail.length > 0 ? ` (now reads ${detail.join(", ")})` : "";
  return `rolls on apply: its pod template changed in this range${now}, so applying the manifests restarts it`;
}
function markRollsOnApply(workloads, base, head, changes) {
  const renamedConfigs = new Map(
    changes.filter((c) => c.previousName !== void 0).map((c) => [(0, import_model20.idKey)(c.id), c.previousName])
  );
  const templateChanged = podTemplateChanges(base, head);
  return workloads.map((w) => {
    if (w.action !== "restart" || !templateChanged(w.id)) return w;
    const renamed = [
      ...new Set(
        w.references.filter((r) => renamedConfigs.has((0, import_model20.idKey)(r.config))).map(
          (r) => `${r.configKind.toLowerCase()}/${r.config.name} instead of ${renamedConfigs.get((0, import_model20.idKey)(r.config))}`
        )
      )
    ];
    return { ...w, action: "skip", rollsOnApply: true, reason: rollsOnApplyReason(renamed) };
  });
}
var import_model20, HASH_SUFFIX;
var init_rolls_on_apply = __esm({
  "src/core/sources/rolls-on-apply.ts"() {
    "use strict";
    init_workload_kinds();
    init_config_content();
    import_model20 = __toESM(require_model(), 1);
    HASH_SUFFIX = /^(.+)-([a-z0-9]{10})$/;
  }
});

// src/core/plan/reloader.ts
function reloaderCoverage(workload, config, marks, controller) {
  if (marks?.ignore) return void 0;
  const typed = TYPED[config.kind];
  const own = annotationsOf(workload);
  const decisive = [AUTO, typed.auto, typed.reload, SEARCH];
  const annotations = decisive.some((name) => Object.hasOwn(own, name)) ? own : annotationsOf(field2(field2(workload, "spec"), "template"));
  const exclude = own[typed.exclude];
  if (exclude?.split(",").some((name) => name.trim() === config.name)) return void 0;
  const auto = annotations[AUTO] ?? "";
  const typedAuto = annotations[typed.auto] ?? "";
  if (goTrue(auto)) return quote(AUTO, auto);
  if (goTrue(typedAuto)) return quote(typed.auto, typedAuto);
  if (auto === "" && typedAuto === "" && controller.autoReloadAll)
    return "Reloader runs with --auto-reload-all";
  const reload = annotations[typed.reload];
  if (reload !== void 0 && reload !== "" && namesMatch(reload, config.name))
    return quote(typed.reload, reload);
  if (annotations[SEARCH] === "true" && marks?.match) {
    return `${quote(SEARCH, "true")} and the config's ${quote(RELOADER_MATCH, "true")}`;
  }
  return void 0;
}
function reloaderAnnotationsOf(workload) {
  const names = /* @__PURE__ */ new Set([AUTO, SEARCH, ...Object.values(TYPED).flatMap((t) => [t.auto, t.reload])]);
  const found = [];
  for (const source2 of [workload, field2(field2(workload, "spec"), "template")]) {
    for (const [name, value] of Object.entries(annotationsOf(source2))) {
      if (names.has(name)) found.push(quote(name, value));
    }
  }
  return [...new Set(found)];
}
function annotationsOf(object) {
  const annotations = field2(field2(object, "metadata"), "annotations");
  if (!isRecord(annotations)) return {};
  const out = {};
  for (const [name, value] of Object.entries(annotations)) if (typeof value === "string") out[name] = value;
  return out;
}
function goTrue(value) {
  return ["1", "t", "T", "true", "True", "TRUE"].includes(value);
}
function namesMatch(list, name) {
  return list.split(",").some((entry) => {
    try {
      return new RegExp(`^${entry.trim()}$`).test(name);
    } catch {
      return false;
    }
  });
}
function quote(name, value) {
  return `${name}: ${JSON.stringify(value)}`;
}
var AUTO, SEARCH, TYPED;
var init_reloader = __esm({
  "src/core/plan/reloader.ts"() {
    "use strict";
    init_config_changes();
    init_json_shape();
    AUTO = "reloader.stakater.com/auto";
    SEARCH = "reloader.stakater.com/search";
    TYPED = {
      ConfigMap: {
        auto: "configmap.reloader.stakater.com/auto",
        reload: "configmap.reloader.stakater.com/reload",
        exclude: "configmaps.exclude.reloader.stakater.com/reload"
      },
      Secret: {
        auto: "secret.reloader.stakater.com/auto",
        reload: "secret.reloader.stakater.com/reload",
        exclude: "secrets.exclude.reloader.stakater.com/reload"
      }
    };
  }
});

// src/core/plan/build-plan.ts
function buildPlan(input) {
  const changesByKey = new Map(input.changes.map((c) => [(0, import_model21.idKey)(c.id), c]));
  const stillReferencing = /* @__PURE__ */ new Map();
  const addedConfigs = new Set(input.changes.filter((c) => c.status === "added").map((c) => (0, import_model21.idKey)(c.id)));
  const planned = [];
  const candidates = mergeCandidates(input.workloads, input.clusterWorkloads ?? []);
  const byKey = new Map(candidates.map((c) => [(0, import_model21.idKey)(c.id), c]));
  const lookup = (id) => byKey.get((0, import_model21.idKey)(id))?.objects[0];
  const templateRunBy = /* @__PURE__ */ new Map();
  for (const candidate of candidates) {
    for (const object of candidate.objects) {
      const owner = workloadKindOf(object)?.templateOwner?.(object);
      if (owner) templateRunBy.set((0, import_model21.idKey)(owner), candidate.id);
    }
  }
  for (const candidate of candidates) {
    const { references, waitingFor, ignoredReferences } = changedReferences(
      candidate,
      referencesOf(candidate.objects, lookup),
      changesByKey,
      stillReferencing
    );
    if (references.length === 0) {
      const consumedIgnored = ignoredReferences.filter((r) => r.changedKeys.length > 0);
      if (consumedIgnored.length > 0) {
        planned.push({
          id: candidate.id,
          source: candidate.source,
          ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
          action: "skip",
          reason: `consumes only changed configs annotated ${IGNORE_ANNOTATION}: ${describeConsumption(consumedIgnored)}`,
          references: consumedIgnored
        });
      } else if (waitingFor.length > 0 && !input.newWorkloadIds.has((0, import_model21.idKey)(candidate.id))) {
        planned.push(
          input.templateChanged?.(candidate.id) ? rollsOntoAddedConfig(candidate, waitingFor) : waitingForAddedConfig(candidate, waitingFor)
        );
      }
      continue;
    }
    const runBy = templateRunBy.get((0, import_model21.idKey)(candidate.id));
    const workload = planWorkload(candidate, references, input.newWorkloadIds, {
      addedConfigs,
      restartReloaderManaged: input.restartReloaderManaged ?? false,
      reloaderAutoReloadAll: input.reloaderAutoReloadAll ?? false,
      changesByKey
    });
    planned.push(
      runBy ? {
        ...workload,
        action: "skip",
        reason: `its pod template is run by ${shortId(runBy)} (workloadRef): restarted through it`
      } : workload
    );
  }
  planned.sort((a, b) => compareIds(a.id, b.id));
  return { workloads: planned, warnings: deletedButReferenced(input.changes, stillReferencing) };
}
function changedReferences(candidate, found, changesByKey, stillReferencing) {
  const references = [];
  const waitingFor = [];
  const ignoredReferences = [];
  for (const ref of found) {
    const config = {
      kind: ref.configKind,
      namespace: candidate.id.namespace,
      name: ref.configName
    };
    const change = changesByKey.get((0, import_model21.idKey)(config));
    if (change === void 0) continue;
    if (change.status === "deleted") {
      const key = (0, import_model21.idKey)(change.id);
      if (!stillReferencing.has(key)) stillReferencing.set(key, /* @__PURE__ */ new Set());
      stillReferencing.get(key).add(shortId(candidate.id));
      continue;
    }
    if (change.status === "added" && !ref.optional) {
      waitingFor.push(config);
      continue;
    }
    const changedKeys2 = ref.keys === "all" ? [...change.keys] : change.keys.filter((k) => ref.keys.includes(k));
    (change.ignored ? ignoredReferences : references).push({ ...ref, config, changedKeys: changedKeys2 });
  }
  return { references, waitingFor, ignoredReferences };
}
function deletedButReferenced(changes, stillReferencing) {
  return changes.filter((c) => c.status === "deleted" && stillReferencing.has((0, import_model21.idKey)(c.id))).map((c) => {
    const users = [...stillReferencing.get((0, import_model21.idKey)(c.id))].sort(compareStrings);
    const verb = users.length === 1 ? "references" : "reference";
    const message = `${(0, import_model21.formatId)(c.id)} was deleted but ${users.join(", ")} still ${verb} it`;
    return { message, file: c.file, line: c.line };
  });
}
function planWorkload(candidate, references, newWorkloadIds, options) {
  const base = {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {}
  };
  const consuming = references.filter((r) => r.changedKeys.length > 0);
  if (consuming.length === 0) {
    return { ...base, action: "skip", reason: readsNoChangedKey(references), references };
  }
  const reloader = reloaderCoverageOf(candidate, consuming, options);
  const reloaderSkip = reloader.uncovered.length === 0 && !options.restartReloaderManaged ? `managed by Stakater Reloader, which restarts it for every changed config it reads (${describeCoverage(reloader.covered)}); pass --restart-reloader-managed to restart it here too` : void 0;
  const skipReason = skipReasonFor(candidate, newWorkloadIds, reloaderSkip);
  if (skipReason !== void 0) return { ...base, action: "skip", reason: skipReason, references: consuming };
  const added = consuming.filter((r) => r.optional && options.addedConfigs.has((0, import_model21.idKey)(r.config)));
  const reason = added.length === consuming.length ? `references ${describeConsumption(added)} as optional; it was added in this diff and its pods started without it` : `consumes ${describeConsumption(consuming)}`;
  return {
    ...base,
    action: "restart",
    reason: `${reason}${reloaderNote(candidate, reloader)}`,
    references: consuming
  };
}
function reloaderCoverageOf(candidate, consuming, options) {
  const covered = [];
  const uncovered = [];
  const controller = { autoReloadAll: options.reloaderAutoReloadAll };
  for (const [config] of groupByConfig(consuming)) {
    const marks = options.changesByKey.get((0, import_model21.idKey)(config))?.reloader;
    const kind = config;
    const why = candidate.objects.map((object) => reloaderCoverage(object, kind, marks, controller));
    if (why.every((w) => w !== void 0)) covered.push([config, why[0]]);
    else uncovered.push(config);
  }
  return { covered, uncovered };
}
function describeCoverage(covered) {
  const reasons = new Set(covered.map(([, why]) => why));
  if (reasons.size === 1) return [...reasons][0];
  return covered.map(([config, why]) => `${shortId(config)}: ${why}`).join("; ");
}
function reloaderNote(candidate, reloader) {
  if (reloader.uncovered.length === 0) return "";
  const names = reloader.uncovered.map(shortId).join(", ");
  if (reloader.covered.length > 0) {
    return `; Stakater Reloader restarts it for ${reloader.covered.map(([c]) => shortId(c)).join(", ")} (${describeCoverage(reloader.covered)}) but not for ${names}`;
  }
  const annotations = [...new Set(candidate.objects.flatMap(reloaderAnnotationsOf))];
  if (annotations.length === 0) return "";
  return `; its Stakater Reloader annotations (${annotations.join(", ")}) do not cover ${names}`;
}
function waitingForAddedConfig(candidate, configs) {
  const names = [...new Set(configs.map(shortId))].sort(compareStrings).join(", ");
  const reason = `references ${names}, added in this diff and not optional: its pods could not have started without it and start once it exists`;
  return {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
    action: "skip",
    reason,
    references: []
  };
}
function rollsOntoAddedConfig(candidate, configs) {
  const names = [...new Set(configs.map(shortId))].sort(compareStrings);
  return {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
    action: "skip",
    rollsOnApply: true,
    reason: rollsOnApplyReason(names.map((name) => `${name}, added in this diff`)),
    references: []
  };
}
function skipReasonFor(candidate, newWorkloadIds, reloaderSkip) {
  if (candidate.objects.some(hasIgnoreAnnotation)) return `annotated ${IGNORE_ANNOTATION}`;
  if (reloaderSkip !== void 0) return reloaderSkip;
  if (newWorkloadIds.has((0, import_model21.idKey)(candidate.id))) return "new in this diff: starts with the new config";
  if (!isRestartable(candidate.id.kind)) {
    return skipReasonForKind(candidate.id.kind) ?? `${candidate.id.kind}: cannot be restarted`;
  }
  return void 0;
}
function mergeCandidates(repo, cluster) {
  const candidates = /* @__PURE__ */ new Map();
  const add = (m, source2) => {
    if (!isWorkloadKind(m.id.kind)) return;
    const key = (0, import_model21.idKey)(m.id);
    const existing = candidates.get(key);
    if (existing === void 0) {
      candidates.set(key, {
        id: m.id,
        source: source2,
        ...source2 === "repo" ? { file: m.file, line: m.line } : {},
        objects: [m.object]
      });
    } else {
      existing.objects.push(m.object);
    }
  };
  for (const m of repo) add(m, "repo");
  for (const m of cluster) add(m, "cluster");
  return [...candidates.values()];
}
function referencesOf(objects, lookup) {
  if (objects.length === 1) return findReferences(runningPodTemplateOf(objects[0], lookup)?.spec);
  const seen = /* @__PURE__ */ new Set();
  const refs = [];
  for (const object of objects) {
    for (const ref of findReferences(runningPodTemplateOf(object, lookup)?.spec)) {
      const key = JSON.stringify([ref.configKind, ref.configName, ref.via, ref.path, ref.keys]);
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push(ref);
    }
  }
  return refs;
}
function describeConsumption(references) {
  return groupByConfig(references).map(([config, refs]) => {
    const keys = [...new Set(refs.flatMap((r) => r.changedKeys))].sort(compareStrings);
    const vias = [...new Set(refs.map(viaLabel))];
    return `${shortId(config)} (keys: ${listKeys(keys)}) via ${vias.join(", ")}`;
  }).join("; ");
}
function readsNoChangedKey(references) {
  const parts = groupByConfig(references).map(([config, refs]) => {
    const keys = [...new Set(refs.flatMap((r) => r.keys === "all" ? [] : r.keys))].sort(compareStrings);
    return `${shortId(config)} (keys: ${listKeys(keys)})`;
  });
  return `reads ${parts.join("; ")}, none of which changed`;
}
function groupByConfig(references) {
  const groups = /* @__PURE__ */ new Map();
  for (const ref of references) {
    const key = (0, import_model21.idKey)(ref.config);
    if (!groups.has(key)) groups.set(key, [ref.config, []]);
    groups.get(key)[1].push(ref);
  }
  return [...groups.values()].sort(([a], [b]) => compareIds(a, b));
}
function viaLabel(ref) {
  const base = ref.via === "projected" ? "projected volume" : ref.via;
  const notes = [ref.init ? "init container" : "", ref.subPath ? "subPath" : ""].filter(Boolean);
  return notes.length > 0 ? `${base} (${notes.join(", ")})` : base;
}
function listKeys(keys) {
  if (keys.length <= MAX_LISTED_KEYS) return keys.join(", ");
  return `${keys.slice(0, MAX_LISTED_KEYS).join(", ")} and ${keys.length - MAX_LISTED_KEYS} more`;
}
function shortId(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}
var import_model21, MAX_LISTED_KEYS;
var init_build_plan = __esm({
  "src/core/plan/build-plan.ts"() {
    "use strict";
    init_workload_kinds();
    init_config_changes();
    init_order();
    import_model21 = __toESM(require_model(), 1);
    init_rolls_on_apply();
    init_references();
    init_reloader();
    init_config_changes();
    MAX_LISTED_KEYS = 5;
  }
});

// src/core/stamp/deployment-units.ts
function deploymentUnitOf(file, deployedDirs) {
  let unit;
  for (const dir of deployedDirs) {
    if (dir === "" || !file.startsWith(`${dir}/`)) continue;
    if (unit === void 0 || dir.length > unit.length) unit = dir;
  }
  return unit;
}
var import_model22;
var init_deployment_units = __esm({
  "src/core/stamp/deployment-units.ts"() {
    "use strict";
    init_config_content();
    import_model22 = __toESM(require_model(), 1);
  }
});

// src/core/sources/source-variants.ts
function originLabel(manifest) {
  return manifest.origin ?? `file ${manifest.file}`;
}
function groupBySource(base, head) {
  const bySide = (manifests) => {
    const byKey = /* @__PURE__ */ new Map();
    for (const m of manifests) {
      const key = (0, import_model23.idKey)(m.id);
      const sources = byKey.get(key) ?? /* @__PURE__ */ new Map();
      byKey.set(key, sources);
      const source2 = m.origin ?? RAW;
      const list = sources.get(source2);
      if (list) list.push(m);
      else sources.set(source2, [m]);
    }
    return byKey;
  };
  const baseByKey = bySide(base);
  const headByKey = bySide(head);
  const out = { base: [], head: [], variants: /* @__PURE__ */ new Map(), problems: [] };
  for (const key of /* @__PURE__ */ new Set([...baseByKey.keys(), ...headByKey.keys()])) {
    const atBase = baseByKey.get(key) ?? /* @__PURE__ */ new Map();
    const atHead = headByKey.get(key) ?? /* @__PURE__ */ new Map();
    const sources = [.../* @__PURE__ */ new Set([...atBase.keys(), ...atHead.keys()])];
    if (sources.length === 1) {
      out.base.push(...atBase.get(sources[0]) ?? []);
      out.head.push(...atHead.get(sources[0]) ?? []);
      continue;
    }
    const variants = sources.map((source3) => variantOf(atBase.get(source3), atHead.get(source3)));
    const distinct = distinctVariants(variants);
    const chosen = distinct[0];
    const source2 = chosen.source.startsWith("file ") ? RAW : chosen.source;
    if (source2 === RAW) {
      out.base.push(...atBase.get(RAW) ?? []);
      out.head.push(...atHead.get(RAW) ?? []);
    } else {
      if (chosen.base) out.base.push(chosen.base);
      if (chosen.head) out.head.push(chosen.head);
    }
    if (distinct.length > 1) out.variants.set(key, distinct);
  }
  return out;
}
function settleWorkloads(base, head, folders) {
  const problems = [];
  const rawOnce = (manifests, warn) => {
    const raw = /* @__PURE__ */ new Map();
    const rendered = [];
    for (const m of manifests) {
      if (m.origin !== void 0) rendered.push(m);
      else raw.set((0, import_model23.idKey)(m.id), [...raw.get((0, import_model23.idKey)(m.id)) ?? [], m]);
    }
    const settled = [...raw.values()].map((defs) => {
      const ordered = [...defs].sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line);
      const own = folders && definitionOfChangedDeployment(ordered, folders);
      if (own) {
        if (warn) problems.push(deploymentChoiceNote(own, ordered, folders));
        return own.used;
      }
      const used = ordered[ordered.length - 1];
      const other = ordered.find((m) => canonicalJson(m.object) !== canonicalJson(used.object));
      const separate = folders && separateDeployments(ordered, folders);
      if (warn && separate) problems.push(undecidedDeploymentWarning(used, ordered, separate));
      else if (warn && other) problems.push(rawDuplicateWarning(used, other));
      return used;
    });
    return [...settled, ...rendered];
  };
  const grouped = groupBySource(rawOnce(base, false), rawOnce(head, true));
  return { ...grouped, problems: [...problems, ...grouped.problems] };
}
function separateDeployments(ordered, folders) {
  const units = [...new Set(ordered.map((m) => deploymentUnitOf(m.file, folders.deployedDirs)))];
  return units.length < 2 || units.includes(void 0) ? void 0 : units;
}
function definitionOfChangedDeployment(ordered, folders) {
  const unitOf = (file) => deploymentUnitOf(file, folders.deployedDirs);
  const units = separateDeployments(ordered, folders);
  if (units === void 0) return void 0;
  const changed = units.filter((unit) => folders.changedFiles.some((f) => unitOf(f) === unit));
  if (changed.length !== 1) return void 0;
  const used = ordered.filter((m) => unitOf(m.file) === changed[0]).pop();
  return { used, unit: changed[0], units };
}
function deploymentChoiceNote(own, ordered, folders) {
  const others = ordered.filter((m) => deploymentUnitOf(m.file, folders.deployedDirs) !== own.unit);
  return {
    file: own.used.file,
    line: own.used.line,
    col: 1,
    severity: "warning",
    message: `${(0, import_model23.formatId)(own.used.id)} is defined by ${own.units.length} deployments (folders ${own.units.join(", ")}, each deployed by its own GitOps object; also at ${others.map((m) => `${m.file}:${m.line}`).join(", ")}): this plan restarts it as ${own.unit} deploys it (${own.used.file}:${own.used.line}), the folder whose configs changed, with that folder's configs, as \`stamp\` hashes it`
  };
}
function undecidedDeploymentWarning(used, ordered, units) {
  const others = ordered.filter((m) => m !== used).map((m) => `${m.file}:${m.line}`);
  return {
    file: used.file,
    line: used.line,
    col: 1,
    severity: "warning",
    message: `${(0, import_model23.formatId)(used.id)} is defined by ${units.length} deployments (folders ${units.join(", ")}, each deployed by its own GitOps object; also at ${others.join(", ")}) and the range changes more than one of them, so the plan cannot know which one a cluster runs: it restarts it once, as the last in path order (${used.file}:${used.line}) defines it, with the configs the plan read; run each cluster's job with --paths set to its folder to plan each deployment with its own configs`
  };
}
function rawDuplicateWarning(used, other) {
  return {
    file: used.file,
    line: used.line,
    col: 1,
    severity: "warning",
    message: `${(0, import_model23.formatId)(used.id)} is also defined at ${other.file}:${other.line}, with different content; \`kubectl apply -R -f\` applies files in path order, so this later definition (${used.file}:${used.line}) is what the cluster ends up with and what this plan reads`
  };
}
function variantOf(base, head) {
  const last = (defs) => defs?.length ? [...defs].sort((a, b2) => compareStrings(a.file, b2.file) || a.line - b2.line)[defs.length - 1] : void 0;
  const b = last(base);
  const h = last(head);
  const source2 = originLabel(h ?? b);
  return { source: source2, ...b ? { base: b } : {}, ...h ? { head: h } : {} };
}
function distinctVariants(variants) {
  const rank = (v) => v.head ? v.base ? 0 : 1 : 2;
  const ordered = [...variants].sort((a, b) => rank(a) - rank(b) || compareStrings(a.source, b.source));
  const seen = /* @__PURE__ */ new Set();
  return ordered.filter((v) => {
    const text = `${v.base ? canonicalJson(v.base.object) : "-"}
${v.head ? canonicalJson(v.head.object) : "-"}`;
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
function firstDifference(a, b, path = "") {
  if (canonicalJson(a) === canonicalJson(b)) return void 0;
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found !== void 0) return found;
    }
    return path;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [.../* @__PURE__ */ new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareStrings);
    for (const key of keys) {
      const found = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
      if (found !== void 0) return found;
    }
  }
  return path || "(the whole object)";
}
var import_model23, RAW;
var init_source_variants = __esm({
  "src/core/sources/source-variants.ts"() {
    "use strict";
    init_config_content();
    init_order();
    import_model23 = __toESM(require_model(), 1);
    init_deployment_units();
    RAW = "";
  }
});

// src/core/sources/variant-conflicts.ts
function checkVariants(inputs, variants) {
  if (variants.size === 0) return { conflicts: [], notes: [] };
  const baseline = restartsOf(inputs);
  const changedAnywhere = new Set(inputs.changes.map((c) => (0, import_model24.idKey)(c.id)));
  const configChanges = /* @__PURE__ */ new Map();
  for (const list of variants.values()) {
    for (const v of list) {
      const m = v.head ?? v.base;
      if (!isConfigManifest(m)) continue;
      const change = changeOf(v);
      configChanges.set(v, change);
      if (change) changedAnywhere.add((0, import_model24.idKey)(change.id));
    }
  }
  const conflicts = [];
  const agreeing = [];
  const noPart = [];
  for (const [key, [chosen, ...others]] of variants) {
    const id = (chosen.head ?? chosen.base).id;
    const sources = [chosen, ...others].map((v) => v.source).join(", ");
    const described = `${(0, import_model24.formatId)(id)} (${sources})`;
    const isConfig = configChanges.has(chosen);
    const relevant = isConfig ? [chosen, ...others].some((v) => configChanges.get(v) !== void 0) : isWorkloadKind(id.kind) && [chosen, ...others].some((v) => readsAny(v.head ?? v.base, changedAnywhere));
    if (!relevant) {
      noPart.push(described);
      continue;
    }
    const conflict = others.map((v) => {
      const alternative = isConfig ? withConfig(inputs, key, v, configChanges.get(v)) : withWorkload(inputs, key, v);
      const effect = differenceIn(baseline, restartsOf(alternative), chosen.source, v.source);
      if (effect === void 0) return void 0;
      const field3 = firstDifference((chosen.head ?? chosen.base).object, (v.head ?? v.base).object) ?? "";
      return { id, first: chosen.source, second: v.source, field: field3, effect };
    }).find((c) => c !== void 0);
    if (conflict) conflicts.push(conflict);
    else agreeing.push(described);
  }
  return { conflicts, notes: variantNotes(agreeing, noPart) };
}
function describeVariantConflicts(conflicts) {
  const first = conflicts[0];
  if (!first) return "";
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more object(s))` : "";
  return `${first.first} and ${first.second} both define ${(0, import_model24.formatId)(first.id)} with different content (${first.field})${more}, and the plan depends on which one this cluster runs: ${first.effect}. Say which to plan from: --kustomize DIR (render only that kustomization), --kustomize none (read raw files only) or --paths GLOBS (read only those files)`;
}
function variantNotes(agreeing, noPart) {
  const named = (list) => list.length <= MAX_NAMED ? list.join("; ") : `${list.slice(0, MAX_NAMED).join("; ")}; and ${list.length - MAX_NAMED} more`;
  const notes = [];
  if (agreeing.length > 0) {
    notes.push(
      `defined differently by several sources, with the same plan whichever is deployed: ${named(agreeing.sort(compareStrings))}`
    );
  }
  if (noPart.length > 0) {
    notes.push(
      `${noPart.length} object(s) defined differently by several sources play no part in this plan: ${named(noPart.sort(compareStrings))}`
    );
  }
  return notes;
}
function changeOf(v) {
  const found = findConfigChanges(v.base ? [v.base] : [], v.head ? [v.head] : []);
  return found.changes[0];
}
function readsAny(workload, configs) {
  const template = podTemplateOf(workload.object);
  return findReferences(template?.spec).some(
    (ref) => configs.has((0, import_model24.idKey)({ kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName }))
  );
}
function withConfig(inputs, key, v, change) {
  const changes = inputs.changes.filter((c) => (0, import_model24.idKey)(c.id) !== key);
  if (change) changes.push(change);
  const headContent = new Map(inputs.headContent);
  if (v.head) headContent.set(key, configContentOf(v.head).content);
  else headContent.delete(key);
  return { ...inputs, changes, headContent };
}
function withWorkload(inputs, key, v) {
  const others = (list) => list.filter((m) => (0, import_model24.idKey)(m.id) !== key);
  const newWorkloadIds = new Set(inputs.newWorkloadIds);
  if (v.head && !v.base) newWorkloadIds.add(key);
  else newWorkloadIds.delete(key);
  return {
    ...inputs,
    workloads: v.head ? [...others(inputs.workloads), v.head] : others(inputs.workloads),
    baseWorkloads: v.base ? [...others(inputs.baseWorkloads), v.base] : others(inputs.baseWorkloads),
    newWorkloadIds
  };
}
function restartsOf(inputs) {
  const built = buildPlan({
    changes: inputs.changes,
    workloads: inputs.workloads,
    newWorkloadIds: inputs.newWorkloadIds,
    clusterWorkloads: inputs.clusterWorkloads,
    restartReloaderManaged: inputs.restartReloaderManaged,
    reloaderAutoReloadAll: inputs.reloaderAutoReloadAll ?? false
  });
  const planned = markRollsOnApply(built.workloads, inputs.baseWorkloads, inputs.workloads, inputs.changes);
  const restarts = /* @__PURE__ */ new Map();
  for (const w of planned) {
    if (w.action !== "restart") continue;
    const consumed = [...new Set(w.references.map((r) => (0, import_model24.idKey)(r.config)))].sort(compareStrings);
    restarts.set(
      (0, import_model24.idKey)(w.id),
      consumed.map((key) => `${key}=${canonicalJson(inputs.headContent.get(key) ?? null)}`).join("\n")
    );
  }
  return restarts;
}
function differenceIn(chosen, other, chosenSource, otherSource) {
  const name = (key) => {
    const [kind, , ...rest] = key.split("/");
    return `${kind.toLowerCase()}/${rest.join("/")}`;
  };
  for (const key of [.../* @__PURE__ */ new Set([...chosen.keys(), ...other.keys()])].sort(compareStrings)) {
    const a = chosen.get(key);
    const b = other.get(key);
    if (a === b) continue;
    if (b === void 0)
      return `${name(key)} restarts with ${chosenSource}'s definition and not with ${otherSource}'s`;
    if (a === void 0)
      return `${name(key)} restarts with ${otherSource}'s definition and not with ${chosenSource}'s`;
    return `${name(key)} restarts onto different config content with each`;
  }
  return void 0;
}
var import_model24, MAX_NAMED;
var init_variant_conflicts = __esm({
  "src/core/sources/variant-conflicts.ts"() {
    "use strict";
    init_workload_kinds();
    init_config_changes();
    init_config_content();
    init_order();
    import_model24 = __toESM(require_model(), 1);
    init_build_plan();
    init_references();
    init_rolls_on_apply();
    init_source_variants();
    MAX_NAMED = 5;
  }
});

// src/pipeline/cluster/discover-cluster.ts
async function discoverClusterWorkloads(cluster, namespaces, concurrency = import_setting_choices3.DEFAULT_CONCURRENCY) {
  const kinds = [];
  for (const kind of restartableKinds()) if (await cluster.serves(kind.kind)) kinds.push(kind);
  const pairs = namespaces.flatMap((namespace) => kinds.map((kind) => ({ namespace, kind })));
  const lists = await runLimited(pairs, concurrency, async ({ namespace, kind }) => {
    const items = await cluster.listWorkloads(namespace, kind.kind);
    return items.map((object) => {
      const metadata = object.metadata ?? {};
      return {
        id: { kind: kind.kind, namespace, name: metadata.name ?? "" },
        file: "",
        line: 0,
        object
      };
    });
  });
  return lists.flat();
}
var import_setting_choices3;
var init_discover_cluster = __esm({
  "src/pipeline/cluster/discover-cluster.ts"() {
    "use strict";
    init_workload_kinds();
    init_run_limited();
    import_setting_choices3 = __toESM(require_setting_choices(), 1);
  }
});

// src/pipeline/scan/namespace-note.ts
function assumedNamespaceNote(scan, workloads, namespace) {
  const ids = [...scan.changes.map((c) => c.id), ...workloads.map((w) => w.id)];
  const names = [
    ...new Set(
      ids.filter((id) => scan.assumedNamespace.has((0, import_model25.idKey)(id))).map((id) => `${id.kind.toLowerCase()}/${id.name}`)
    )
  ];
  if (names.length === 0) return void 0;
  const listed = names.length > MAX_LISTED ? `${names.slice(0, MAX_LISTED).join(", ")} and ${names.length - MAX_LISTED} more` : names.join(", ");
  return `namespace ${JSON.stringify(namespace)} (--namespace) was assumed for ${listed}: their manifests name no namespace`;
}
var import_model25, MAX_LISTED;
var init_namespace_note = __esm({
  "src/pipeline/scan/namespace-note.ts"() {
    "use strict";
    import_model25 = __toESM(require_model(), 1);
    MAX_LISTED = 5;
  }
});

// src/pipeline/strategy/live-configs.ts
async function checkLiveConfigs(cluster, configs) {
  const result = { differ: [], unreadable: [] };
  for (const committed of configs) {
    let live;
    try {
      live = await cluster.readConfig(committed.id);
    } catch (error) {
      if (committed.id.kind === "Secret" && error instanceof import_errors23.ClusterAccessError && error.status === 403) {
        result.unreadable.push(committed.id);
        continue;
      }
      throw error;
    }
    if (!live || changedKeys(live.content, committed.content).length > 0) result.differ.push(committed.id);
  }
  return result;
}
var import_errors23;
var init_live_configs = __esm({
  "src/pipeline/strategy/live-configs.ts"() {
    "use strict";
    import_errors23 = __toESM(require_errors(), 1);
    init_config_content();
  }
});

// src/pipeline/strategy/gitops-strategy.ts
function createGitopsStrategy(hashKey) {
  let hashes = /* @__PURE__ */ new Map();
  let committed = /* @__PURE__ */ new Map();
  const hashFor = (id) => hashes.get((0, import_model26.idKey)(id));
  return {
    name: "gitops",
    // The agent applies the configs with the workloads (one sync); nothing is checked or written here.
    needsLiveConfigs: false,
    prepareTitle: "Compute the config hashes the head commit stamps",
    followsTemplateChanges: true,
    awaitsAgent: { hashFor },
    async prepare(context) {
      const { workloads, headWorkloads } = context;
      const consumed = workloads.flatMap((w) => consumedBy(w, headWorkloads));
      const headConfigs = await context.readHeadConfigs(consumed);
      hashes = await computeRestartHashes(workloads, headWorkloads, headConfigs, hashKey);
      const readsSecret = new Set(
        hashKey ? [] : workloads.filter(
          (w) => consumedBy(w, headWorkloads).some((c) => c.kind === "Secret" && headConfigs.has((0, import_model26.idKey)(c)))
        ).map((w) => (0, import_model26.idKey)(w.id))
      );
      checkStamped(
        workloads.map((w) => w.id),
        headWorkloads,
        hashFor,
        readsSecret
      );
      committed = new Map(
        workloads.map((w) => [
          (0, import_model26.idKey)(w.id),
          consumedBy(w, headWorkloads).flatMap((id) => {
            const config = headConfigs.get((0, import_model26.idKey)(id));
            return config ? [config.snapshot] : [];
          })
        ])
      );
      return { configWrites: [] };
    },
    patchFor(id, live, kind) {
      const hash = hashFor(id);
      if (!hash) throw new import_errors24.RolloutFailure("no config hash was computed for it: not followed");
      const carried = currentHash(live, kind.templatePath);
      if (carried !== hash) {
        throw new import_errors24.RolloutFailure(
          `its live pod template changed after the agent applied the commit: it carries ${carried ?? "no hash"}, the commit ${hash}`
        );
      }
      return { unchanged: `the agent applied the commit (${CONFIG_HASH_ANNOTATION}=${hash})` };
    },
    async afterWait(results, _rolledBack, { cluster }) {
      const applied = results.map(
        (r) => r.restart === "unchanged" ? { ...r, restart: "agent-applied" } : r
      );
      const done = applied.filter((r) => r.rollout === "done");
      const configs = /* @__PURE__ */ new Map();
      for (const r of done) for (const c of committed.get((0, import_model26.idKey)(r.id)) ?? []) configs.set((0, import_model26.idKey)(c.id), c);
      if (configs.size === 0) return { results: applied, notes: [] };
      const check = await checkLiveConfigs(cluster, [...configs.values()]);
      const differ = new Set(check.differ.map(import_model26.idKey));
      const notes = check.unreadable.length > 0 ? [
        `not confirmed on the cluster (these credentials may not read Secrets): ${check.unreadable.map((id) => (0, import_model26.formatId)(id)).join(", ")}`
      ] : [];
      return {
        results: applied.map((r) => {
          const stale = (committed.get((0, import_model26.idKey)(r.id)) ?? []).filter((c) => differ.has((0, import_model26.idKey)(c.id)));
          if (r.rollout !== "done" || stale.length === 0) return r;
          return {
            ...r,
            rollout: "failed",
            message: `its pods rolled out, but the cluster does not hold the committed content of ${stale.map((c) => `${(0, import_model26.formatId)(c.id)} from ${c.file}`).join(", ")}: the new pods read the old config (is it in another Argo CD Application or Flux Kustomization, or immutable, so the agent could not change it?)`
          };
        }),
        notes
      };
    }
  };
}
function checkStamped(ids, headWorkloads, hashFor, readsSecret) {
  const problems = [];
  for (const id of ids) {
    const manifest = headWorkloads.get((0, import_model26.idKey)(id));
    const kind = restartableKind(id.kind);
    const where = manifest?.file ? ` (${manifest.file}${manifest.line ? `:${manifest.line}` : ""})` : "";
    if (!manifest || !kind) {
      problems.push(
        `${(0, import_model26.formatId)(id)}: not defined in the repository at the head commit, so nothing stamps it`
      );
      continue;
    }
    if (readsSecret.has((0, import_model26.idKey)(id))) {
      problems.push(
        `${(0, import_model26.formatId)(id)}${where}: it reads a Secret from the repository, and without --hash-key its value would be a plain SHA-256 of the Secret's content: set --hash-key (the same key as \`config-rollout stamp\`)`
      );
      continue;
    }
    const stamped = currentHash(manifest.object, kind.templatePath);
    const expected = hashFor(id);
    if (stamped === expected) continue;
    problems.push(
      stamped === void 0 ? `${(0, import_model26.formatId)(id)}${where}: the head commit carries no ${CONFIG_HASH_ANNOTATION} (expected ${expected})` : `${(0, import_model26.formatId)(id)}${where}: the head commit carries ${CONFIG_HASH_ANNOTATION}=${stamped}, stale (expected ${expected})`
    );
  }
  if (problems.length === 0) return;
  throw new import_errors24.UserError(
    `--strategy gitops: the head commit is not stamped for its configs, so no agent can roll it out:
  ${problems.join("\n  ")}
Run \`config-rollout stamp\`, commit the result and push it.`
  );
}
var import_errors24, import_model26;
var init_gitops_strategy = __esm({
  "src/pipeline/strategy/gitops-strategy.ts"() {
    "use strict";
    import_errors24 = __toESM(require_errors(), 1);
    init_workload_kinds();
    import_model26 = __toESM(require_model(), 1);
    init_consumed_configs();
    init_restart_patch();
    init_live_configs();
    init_restart_hash();
  }
});

// borrowed:src/core/commit-sha.ts
var require_commit_sha = __commonJS({
  "borrowed:src/core/commit-sha.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/commit-sha.ts"];
  }
});

// src/core/versioned/config-copy.ts
function copyHash(kind, content, type, key) {
  const payload = canonicalJson({ kind, type: type ?? null, content });
  const hash = key === void 0 ? (0, import_node_crypto3.createHash)("sha256") : (0, import_node_crypto3.createHmac)("sha256", key);
  return hash.update(payload, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
}
function copyName(sourceName, hash) {
  checkCopyName(sourceName);
  return `${sourceName}-${hash}`;
}
function checkCopyName(sourceName) {
  const length = sourceName.length + 1 + SUFFIX_LENGTH;
  if (length > MAX_NAME_LENGTH) {
    throw new import_errors25.UserError(
      `${sourceName}: its versioned copy would be named ${length} characters long (${sourceName.length} + a dash and a ${SUFFIX_LENGTH}-digit hash; an object name is at most ${MAX_NAME_LENGTH}): shorten the config's name to at most ${MAX_SOURCE_NAME_LENGTH} characters, or use another --strategy`
    );
  }
}
function sourceLabelValue(sourceName) {
  if (sourceName.length <= MAX_LABEL_VALUE_LENGTH) return sourceName;
  const hash = (0, import_node_crypto3.createHash)("sha256").update(sourceName, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
  return `${sourceName.slice(0, MAX_LABEL_VALUE_LENGTH - SUFFIX_LENGTH - 1)}-${hash}`;
}
function configCopy(source2, commit, key) {
  const { id, object, content } = source2;
  const type = id.kind === "Secret" ? stringField(object, "type") ?? "Opaque" : void 0;
  const name = copyName(id.name, copyHash(id.kind, content, type, key));
  const body = {
    apiVersion: "v1",
    kind: id.kind,
    metadata: {
      name,
      namespace: id.namespace,
      labels: { [SOURCE_LABEL]: sourceLabelValue(id.name), [MANAGED_LABEL]: "true" },
      annotations: { [SOURCE_COMMIT_ANNOTATION]: commit }
    },
    immutable: true,
    ...id.kind === "Secret" ? { type, data: { ...content } } : configMapData(object, content)
  };
  return { source: id, name, body };
}
function configMapData(object, content) {
  const binaryKeys = new Set(
    isRecord(field2(object, "binaryData")) ? Object.keys(field2(object, "binaryData")) : []
  );
  const data = {};
  const binaryData = {};
  for (const [key, base64] of Object.entries(content)) {
    if (binaryKeys.has(key)) binaryData[key] = base64;
    else data[key] = Buffer.from(base64, "base64").toString("utf8");
  }
  return {
    ...Object.keys(data).length > 0 ? { data } : {},
    ...Object.keys(binaryData).length > 0 ? { binaryData } : {}
  };
}
function copySourceOf(obj) {
  const metadata = field2(obj, "metadata");
  const labels = field2(metadata, "labels");
  if (stringField(labels, MANAGED_LABEL) !== "true") return void 0;
  const source2 = COPY_NAME.exec(stringField(metadata, "name") ?? "")?.[1];
  if (source2 === void 0 || stringField(labels, SOURCE_LABEL) !== sourceLabelValue(source2))
    return void 0;
  return copyCommitOf(obj) === void 0 ? void 0 : source2;
}
function copyCommitOf(obj) {
  const commit = stringField(field2(field2(obj, "metadata"), "annotations"), SOURCE_COMMIT_ANNOTATION);
  return commit !== void 0 && (0, import_commit_sha.isFullSha)(commit) ? commit : void 0;
}
function isManagedCopy(obj) {
  return copySourceOf(obj) !== void 0;
}
var import_node_crypto3, import_commit_sha, import_errors25, SOURCE_LABEL, MANAGED_LABEL, SOURCE_COMMIT_ANNOTATION, SUFFIX_LENGTH, MAX_NAME_LENGTH, MAX_SOURCE_NAME_LENGTH, MAX_LABEL_VALUE_LENGTH, COPY_NAME;
var init_config_copy = __esm({
  "src/core/versioned/config-copy.ts"() {
    "use strict";
    import_node_crypto3 = require("node:crypto");
    import_commit_sha = __toESM(require_commit_sha(), 1);
    import_errors25 = __toESM(require_errors(), 1);
    init_config_content();
    init_json_shape();
    SOURCE_LABEL = "config-rollout.io/source";
    MANAGED_LABEL = "config-rollout.io/managed";
    SOURCE_COMMIT_ANNOTATION = "config-rollout.io/source-commit";
    SUFFIX_LENGTH = 10;
    MAX_NAME_LENGTH = 253;
    MAX_SOURCE_NAME_LENGTH = MAX_NAME_LENGTH - SUFFIX_LENGTH - 1;
    MAX_LABEL_VALUE_LENGTH = 63;
    COPY_NAME = /^(.+)-[0-9a-f]{10}$/;
  }
});

// src/pipeline/strategy/versioned/copies.ts
function plannedSources(context) {
  const sources = /* @__PURE__ */ new Map();
  for (const workload of context.workloads) {
    for (const ref of workload.references) {
      const entry = sources.get((0, import_model27.idKey)(ref.config)) ?? { id: ref.config, consumers: [] };
      const consumer = `${workload.id.kind.toLowerCase()}/${workload.id.name}`;
      if (!entry.consumers.includes(consumer)) entry.consumers.push(consumer);
      sources.set((0, import_model27.idKey)(ref.config), entry);
    }
  }
  return [...sources].flatMap(([sourceKey, { id, consumers }]) => {
    const head = context.headConfigs.get(sourceKey);
    if (!head) return [];
    const source2 = {
      id: { ...id, kind: id.kind },
      object: head.manifest.object,
      content: head.snapshot.content
    };
    return [{ source: source2, head, consumers }];
  });
}
function copyPlanNotes(context, settings) {
  const lines = plannedSources(context).map(({ source: source2, consumers }) => {
    const { id } = source2;
    checkCopyName(id.name);
    const name = id.kind === "Secret" && !settings.hashKey ? `${id.name}-<hash keyed with the Secret's UID>` : configCopy(source2, context.head, settings.hashKey ? Buffer.from(settings.hashKey) : void 0).name;
    return `would copy ${id.kind.toLowerCase()}/${id.name} at ${context.head.slice(0, 12)} to ${name} (namespace ${id.namespace}) and repoint ${consumers.join(", ")} to it`;
  });
  if (settings.prune && lines.length > 0) {
    lines.push("pruning reads the cluster: --dry-run=server shows which old copies would be deleted");
  }
  return lines;
}
async function prepareCopies(context, settings, managedCopies) {
  const { cluster, log } = context;
  const checked = await runLimited(
    plannedSources(context),
    settings.concurrency ?? import_setting_choices4.DEFAULT_CONCURRENCY,
    async (p) => {
      const key = await hashKeyFor(p.source, settings.hashKey, cluster);
      const copy = configCopy(p.source, context.head, key);
      const { kind, namespace, name } = copy.source;
      const [existing, copiesInNamespace] = await Promise.all([
        // By name, whatever its labels: the name may be taken by an object that is not a copy.
        cluster.readObject({ apiVersion: apiVersionOf(configKind(kind)), kind, namespace, name: copy.name }),
        // Older copies of every source: one list of managed copies per (namespace, kind), not one per source.
        managedCopies(namespace, kind)
      ]);
      const older = copiesInNamespace.filter((c) => copySourceOf(c) === name);
      return { copy, head: p.head, existing, older };
    }
  );
  const copies = [];
  const writes = [];
  const serverDryRun = settings.dryRun === "server";
  for (const { copy, head, existing, older } of checked) {
    const { source: source2 } = copy;
    const where = `${source2.kind.toLowerCase()}/${copy.name} (namespace ${source2.namespace})`;
    if (existing && !isManagedCopy(existing)) {
      throw new import_errors26.UserError(
        `${where} exists and is not a config-rollout copy (a copy has the config-rollout.io/managed and source labels and a source-commit annotation): refusing to overwrite it`
      );
    }
    if (existing && changedKeys(liveConfigContent({ ...existing, kind: source2.kind }), head.snapshot.content).length > 0) {
      throw new import_errors26.UserError(
        `${where} exists with other content than ${(0, import_model27.formatId)(source2)} at ${context.head}: refusing to use it`
      );
    }
    if (existing) log.info(`${where} already exists: reused`);
    else
      writes.push({
        id: { ...source2, name: copy.name },
        body: copy.body,
        done: `${serverDryRun ? "server dry run accepted" : "created"} ${source2.kind.toLowerCase()}/${copy.name} (namespace ${source2.namespace}), an immutable copy of ${source2.name} at ${context.head.slice(0, 12)}`
      });
    const olderCommits = older.flatMap((c) => {
      const commit = copyCommitOf(c);
      return nameOf3(c) !== copy.name && commit !== void 0 ? [[nameOf3(c), commit]] : [];
    });
    copies.push({ copy, older: new Map(olderCommits) });
  }
  return { copies, writes };
}
async function hashKeyFor(source2, hashKey, cluster) {
  if (hashKey) return Buffer.from(hashKey);
  if (source2.id.kind !== "Secret") return void 0;
  const live = await cluster.readConfig(source2.id);
  if (!live?.uid) {
    throw new import_errors26.UserError(
      `${(0, import_model27.formatId)(source2.id)} is not on the cluster, so its copy's name cannot be keyed with its UID: set --hash-key (the same on every cluster that should share copy names)`
    );
  }
  return Buffer.from(live.uid);
}
function managedCopyLister(cluster) {
  const lists = /* @__PURE__ */ new Map();
  return (namespace, kind) => {
    const key = `${kind}/${namespace}`;
    let listed = lists.get(key);
    if (!listed) {
      listed = cluster.listObjects(namespace, apiVersionOf(configKind(kind)), kind, `${MANAGED_LABEL}=true`);
      listed.catch(() => {
      });
      lists.set(key, listed);
    }
    return listed;
  };
}
function nameOf3(obj) {
  return String(obj.metadata?.name ?? "");
}
var import_errors26, import_model27, import_setting_choices4;
var init_copies = __esm({
  "src/pipeline/strategy/versioned/copies.ts"() {
    "use strict";
    import_errors26 = __toESM(require_errors(), 1);
    init_api_kinds();
    init_config_content();
    init_live_config();
    import_model27 = __toESM(require_model(), 1);
    init_run_limited();
    import_setting_choices4 = __toESM(require_setting_choices(), 1);
    init_config_copy();
  }
});

// src/core/versioned/repoint.ts
function referenceSites(podSpec) {
  return repoint(podSpec, () => void 0, true).sites;
}
function repointPodSpec(podSpec, rename) {
  const { spec, located } = repoint(podSpec, rename, false);
  return { spec, located, changes: located.map(({ placement: _p, ...change }) => change) };
}
function repoint(podSpec, rename, collect) {
  const spec = structuredClone(isRecord(podSpec) ? podSpec : {});
  const located = [];
  const sites = [];
  const visit2 = (holder, key, configKind2, path, placement) => {
    if (!isRecord(holder)) return;
    const name = stringField(holder, key);
    if (!name) return;
    const site = { path, configKind: configKind2, name };
    if (collect) sites.push(site);
    const to = rename(site);
    if (to === void 0 || to === name) return;
    holder[key] = to;
    located.push({ ...site, to, placement });
  };
  visitVolumes(spec, visit2);
  visitContainers(spec, visit2);
  return { spec, located, sites };
}
function repointStrategicPatch(repointed, templatePath) {
  const spec = {};
  const items = /* @__PURE__ */ new Map();
  const entry = (list, name) => {
    if (name === "")
      throw new import_errors27.UserError(`an entry of ${list} has no name: its references cannot be repointed`);
    const key = `${list}/${name}`;
    let item = items.get(key);
    if (!item) {
      item = { name };
      items.set(key, item);
      spec[list] = [...spec[list] ?? [], item];
    }
    return item;
  };
  for (const { placement, to } of repointed.located) {
    const item = entry(placement.list, placement.item);
    const source2 = findItem(repointed.spec, placement.list, placement.item);
    switch (placement.part) {
      case "configMap":
        item.configMap = { name: to };
        break;
      case "secret":
        item.secret = { secretName: to };
        break;
      case "projected":
        item.projected = { sources: arrayField(field2(source2, "projected"), "sources") };
        break;
      case "envFrom":
        item.envFrom = arrayField(source2, "envFrom");
        break;
      case "env": {
        const env = arrayField(source2, "env").find((e) => stringField(e, "name") === placement.envName);
        if (placement.envName === void 0 || !env)
          throw new import_errors27.UserError(
            `an env var of ${placement.list}[${placement.item}] has no name: it cannot be repointed`
          );
        const envList = (item.env ?? []).filter((e) => e.name !== placement.envName);
        item.env = [...envList, { name: placement.envName, valueFrom: field2(env, "valueFrom") }];
        break;
      }
    }
  }
  return atTemplate(templatePath, { spec });
}
function repointMergePatch(repointed, live, templatePath) {
  const lists = new Set(repointed.located.map((l) => l.placement.list));
  const spec = {};
  for (const list of lists) spec[list] = repointed.spec[list];
  const resourceVersion = stringField(field2(live, "metadata"), "resourceVersion");
  return {
    ...resourceVersion ? { metadata: { resourceVersion } } : {},
    ...atTemplate(templatePath, { spec })
  };
}
function findItem(spec, list, name) {
  return arrayField(spec, list).find((item) => stringField(item, "name") === name);
}
function visitVolumes(spec, visit2) {
  arrayField(spec, "volumes").forEach((volume, index) => {
    const volumeName = stringField(volume, "name");
    const at = `volumes[${volumeName ?? index}]`;
    const place = (part) => ({ list: "volumes", item: volumeName ?? "", part });
    visit2(field2(volume, "configMap"), "name", "ConfigMap", `${at}.configMap`, place("configMap"));
    visit2(field2(volume, "secret"), "secretName", "Secret", `${at}.secret`, place("secret"));
    arrayField(field2(volume, "projected"), "sources").forEach((source2, i) => {
      const sourceAt = `${at}.sources[${i}]`;
      visit2(field2(source2, "configMap"), "name", "ConfigMap", `${sourceAt}.configMap`, place("projected"));
      visit2(field2(source2, "secret"), "name", "Secret", `${sourceAt}.secret`, place("projected"));
    });
  });
}
function visitContainers(spec, visit2) {
  for (const list of CONTAINER_LISTS2) {
    arrayField(spec, list).forEach((container, index) => {
      const containerName = stringField(container, "name");
      const at = `${list}[${containerName ?? index}]`;
      const place = (part, envName) => ({
        list,
        item: containerName ?? "",
        part,
        ...envName === void 0 ? {} : { envName }
      });
      arrayField(container, "envFrom").forEach((envFrom, i) => {
        visit2(
          field2(envFrom, "configMapRef"),
          "name",
          "ConfigMap",
          `${at}.envFrom[${i}].configMapRef`,
          place("envFrom")
        );
        visit2(
          field2(envFrom, "secretRef"),
          "name",
          "Secret",
          `${at}.envFrom[${i}].secretRef`,
          place("envFrom")
        );
      });
      arrayField(container, "env").forEach((env, i) => {
        const envName = stringField(env, "name");
        const envAt = `${at}.env[${envName ?? i}]`;
        const valueFrom = field2(env, "valueFrom");
        visit2(
          field2(valueFrom, "configMapKeyRef"),
          "name",
          "ConfigMap",
          `${envAt}.configMapKeyRef`,
          place("env", envName)
        );
        visit2(
          field2(valueFrom, "secretKeyRef"),
          "name",
          "Secret",
          `${envAt}.secretKeyRef`,
          place("env", envName)
        );
      });
    });
  }
}
var import_errors27, CONTAINER_LISTS2;
var init_repoint = __esm({
  "src/core/versioned/repoint.ts"() {
    "use strict";
    import_errors27 = __toESM(require_errors(), 1);
    init_pod_template();
    init_json_shape();
    CONTAINER_LISTS2 = ["initContainers", "containers", "ephemeralContainers"];
  }
});

// src/core/versioned/prunable-copies.ts
function podSpecOfHolder(obj) {
  if (field2(obj, "kind") === "ControllerRevision") {
    return field2(field2(field2(field2(obj, "data"), "spec"), "template"), "spec");
  }
  return podTemplateOf(obj)?.spec;
}
function referencedConfigs(holders) {
  const names = /* @__PURE__ */ new Set();
  for (const holder of holders) {
    for (const site of referenceSites(podSpecOfHolder(holder))) names.add(`${site.configKind}/${site.name}`);
  }
  return names;
}
function choosePrunable(copies, kind, referenced, keep) {
  const managed = copies.filter(isManagedCopy);
  const newestFirst = [...managed].sort((a, b) => {
    const byTime = compareStrings(createdAt(b), createdAt(a));
    return byTime !== 0 ? byTime : compareStrings(nameOf4(a), nameOf4(b));
  });
  const remove = [];
  const kept = [];
  newestFirst.forEach((copy, index) => {
    const name = nameOf4(copy);
    if (referenced.has(`${kind}/${name}`)) kept.push({ name, why: "referenced" });
    else if (index < keep) kept.push({ name, why: "newest" });
    else remove.push(copy);
  });
  return { remove, kept };
}
function nameOf4(obj) {
  return stringField(field2(obj, "metadata"), "name") ?? "";
}
function createdAt(obj) {
  return stringField(field2(obj, "metadata"), "creationTimestamp") ?? "";
}
var init_prunable_copies = __esm({
  "src/core/versioned/prunable-copies.ts"() {
    "use strict";
    init_workload_kinds();
    init_json_shape();
    init_order();
    init_config_copy();
    init_repoint();
  }
});

// src/pipeline/strategy/versioned/prune.ts
async function prune(cluster, sources, settings, definedAtHead, log) {
  const notes = [];
  const dryRun = settings.dryRun === "server";
  const referencedIn = /* @__PURE__ */ new Map();
  const referenced = (namespace) => {
    let names = referencedIn.get(namespace);
    if (!names) {
      names = readReferencingObjects(cluster, namespace).then(referencedConfigs);
      referencedIn.set(namespace, names);
    }
    return names;
  };
  const managedCopies = managedCopyLister(cluster);
  await log.group("Prune unreferenced config copies", async () => {
    for (const { copy } of sources) {
      const { source: source2 } = copy;
      try {
        const listed = (await managedCopies(source2.namespace, source2.kind)).filter(
          (c) => copySourceOf(c) === source2.name
        );
        const inUse = /* @__PURE__ */ new Set([...await referenced(source2.namespace), `${source2.kind}/${copy.name}`]);
        const decision = choosePrunable(listed, source2.kind, inUse, settings.keep);
        const ids = decision.remove.map((obj) => ({ ...source2, name: nameOf3(obj) }));
        const defined = ids.length > 0 ? await definedAtHead(ids) : /* @__PURE__ */ new Set();
        for (const obj of decision.remove) {
          const name = nameOf3(obj);
          if (defined.has((0, import_model28.idKey)({ ...source2, name }))) {
            const line2 = `kept ${source2.kind.toLowerCase()}/${name} (namespace ${source2.namespace}): it carries the labels of a copy of ${source2.name}, but the head commit defines it, so it is not an old copy`;
            log.warn(line2);
            notes.push(line2);
            continue;
          }
          const apiVersion = apiVersionOf(configKind(source2.kind));
          await cluster.deleteObject(
            { apiVersion, kind: source2.kind, namespace: source2.namespace, name },
            dryRun
          );
          const line = `${dryRun ? "would delete (server dry run)" : "deleted"} ${source2.kind.toLowerCase()}/${name} (namespace ${source2.namespace}): an old copy of ${source2.name} that no workload, ReplicaSet, ControllerRevision or Pod names`;
          log.info(line);
          notes.push(line);
        }
      } catch (error) {
        if (!(0, import_errors28.isExpectedError)(error)) throw error;
        const line = `could not prune the copies of ${(0, import_model28.formatId)(source2)}: ${error.message}`;
        log.warn(line);
        notes.push(line);
      }
    }
  });
  return notes;
}
async function readReferencingObjects(cluster, namespace) {
  const lists = await Promise.all([
    ...WORKLOAD_KINDS.map(
      async (kind) => kind.customResource && !await cluster.serves(kind.kind) ? [] : cluster.listWorkloads(namespace, kind.kind)
    ),
    cluster.listObjects(namespace, apiVersionOf(CONTROLLER_REVISION), CONTROLLER_REVISION.kind)
  ]);
  return lists.flat();
}
var import_errors28, import_model28;
var init_prune = __esm({
  "src/pipeline/strategy/versioned/prune.ts"() {
    "use strict";
    import_errors28 = __toESM(require_errors(), 1);
    init_api_kinds();
    init_workload_kinds();
    import_model28 = __toESM(require_model(), 1);
    init_config_copy();
    init_prunable_copies();
    init_copies();
  }
});

// src/pipeline/strategy/versioned/repoint-workloads.ts
function repointStep(live, kind, repointed) {
  const type = kind.restart.patch;
  const patch = type === "strategic-merge" ? repointStrategicPatch(repointed, kind.templatePath) : repointMergePatch(repointed, live, kind.templatePath);
  return { patch, type, describe: describeChanges(repointed.changes) };
}
function indexCopies(copies) {
  const renameTo = /* @__PURE__ */ new Map();
  const copiesIn = /* @__PURE__ */ new Map();
  for (const { copy, older } of copies) {
    const { source: source2 } = copy;
    renameTo.set((0, import_model29.idKey)(source2), copy.name);
    for (const name of older.keys()) renameTo.set((0, import_model29.idKey)({ ...source2, name }), copy.name);
    const names = copiesIn.get(source2.namespace) ?? /* @__PURE__ */ new Set();
    names.add(`${source2.kind}/${copy.name}`);
    copiesIn.set(source2.namespace, names);
  }
  return { renameTo, copiesIn };
}
function repointToCopies(id, live, kind, index) {
  const rename = (site) => index.renameTo.get((0, import_model29.idKey)({ kind: site.configKind, namespace: id.namespace, name: site.name }));
  const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), rename);
  if (repointed.changes.length > 0) return { repointed };
  const wanted = index.copiesIn.get(id.namespace) ?? /* @__PURE__ */ new Set();
  const named = [
    ...new Set(
      referenceSites(podSpecAt(live, kind.templatePath)).filter((site) => wanted.has(`${site.configKind}/${site.name}`)).map((site) => site.name)
    )
  ];
  return {
    unchanged: named.length > 0 ? `pod template already names ${named.join(", ")}` : "its live pod template names none of the changed configs: nothing to repoint"
  };
}
function repointBack(live, kind, changes) {
  const back = (site) => changes.find((c) => c.path === site.path && c.to === site.name)?.name;
  const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), back);
  if (repointed.changes.length === 0) return { unchanged: "its pod template no longer names the new copies" };
  return repointStep(live, kind, repointed);
}
async function asSources(workloads, managedCopies) {
  const sourceOf = /* @__PURE__ */ new Map();
  for (const namespace of new Set(workloads.map((w) => w.id.namespace))) {
    for (const { kind } of CONFIG_KINDS) {
      for (const copy of await managedCopies(namespace, kind)) {
        const source2 = copySourceOf(copy);
        if (source2) sourceOf.set((0, import_model29.idKey)({ kind, namespace, name: nameOf3(copy) }), source2);
      }
    }
  }
  if (sourceOf.size === 0) return workloads;
  return workloads.map((manifest) => {
    const kind = workloadKindOf(manifest.object);
    if (!kind) return manifest;
    const { namespace } = manifest.id;
    const repointed = repointPodSpec(
      podSpecAt(manifest.object, kind.templatePath),
      (site) => sourceOf.get((0, import_model29.idKey)({ kind: site.configKind, namespace, name: site.name }))
    );
    if (repointed.changes.length === 0) return manifest;
    return { ...manifest, object: withPodSpec(manifest.object, kind.templatePath, repointed.spec) };
  });
}
function describeChanges(changes) {
  const distinct = new Set(changes.map((c) => `${c.configKind.toLowerCase()} ${c.name} \u2192 ${c.to}`));
  return [...distinct].join(", ");
}
var import_model29;
var init_repoint_workloads = __esm({
  "src/pipeline/strategy/versioned/repoint-workloads.ts"() {
    "use strict";
    init_api_kinds();
    init_pod_template();
    init_workload_kinds();
    import_model29 = __toESM(require_model(), 1);
    init_config_copy();
    init_repoint();
    init_copies();
  }
});

// src/pipeline/strategy/versioned/rollback.ts
async function rollbackOf(results, repointings, cluster, concurrency = import_setting_choices5.DEFAULT_CONCURRENCY) {
  const failed2 = results.filter((r) => isRolledBack(r, repointings));
  if (failed2.length === 0) return void 0;
  const gone = await missingTargets(failed2, repointings, cluster, concurrency);
  return {
    ids: failed2.map((r) => r.id),
    patchFor: (id, live, kind) => {
      const changes = repointings.get((0, import_model30.idKey)(id)) ?? [];
      const missing = [
        ...new Set(
          changes.map((c) => ({ kind: c.configKind, namespace: id.namespace, name: c.name })).filter((target) => gone.has((0, import_model30.idKey)(target))).map((target) => `${target.kind.toLowerCase()}/${target.name}`)
        )
      ];
      if (missing.length === 0) return repointBack(live, kind, changes);
      return {
        unchanged: `${missing.join(", ")}, which it used before, no longer exists (namespace ${id.namespace}): pods that name it could not start, so it is left on the new copy`
      };
    }
  };
}
async function missingTargets(failed2, repointings, cluster, concurrency) {
  const targets = /* @__PURE__ */ new Map();
  for (const result of failed2) {
    for (const change of repointings.get((0, import_model30.idKey)(result.id)) ?? []) {
      const id = { kind: change.configKind, namespace: result.id.namespace, name: change.name };
      targets.set((0, import_model30.idKey)(id), id);
    }
  }
  const gone = /* @__PURE__ */ new Set();
  await runLimited([...targets.values()], concurrency, async (id) => {
    try {
      const found = await cluster.readObject({ apiVersion: apiVersionOf(configKind(id.kind)), ...id });
      if (found === void 0) gone.add((0, import_model30.idKey)(id));
    } catch (error) {
      if (!(0, import_errors29.isExpectedError)(error)) throw error;
    }
  });
  return gone;
}
function reportRollback(results, rolledBack, repointings, log) {
  const backOf = new Map(rolledBack.map((r) => [(0, import_model30.idKey)(r.id), r]));
  for (const result of results.filter((r) => isRolledBack(r, repointings))) {
    const changes = repointings.get((0, import_model30.idKey)(result.id)) ?? [];
    const back = backOf.get((0, import_model30.idKey)(result.id));
    const names = describeChanges(changes.map((c) => ({ ...c, name: c.to, to: c.name })));
    const followed = back?.rollout !== void 0 && back.rollout !== "not-waited";
    const verdict = back?.restart !== "restarted" ? `rollback not applied: ${back?.message ?? "no result"}` : back.rollout === "done" ? `rolled back (${names}); the rollback rolled out` : `rolled back (${names}); the rollback rollout ${followed ? back.rollout : "was not followed"}: ${followed ? back.message : ""}`;
    result.message = `${result.message}; ${verdict}`;
    log.warn(`${(0, import_model30.formatId)(result.id)}: rollout of the new config failed; ${verdict}`);
  }
}
function isRolledBack(result, repointings) {
  return result.restart === "restarted" && (result.rollout === "failed" || result.rollout === "timeout") && repointings.has((0, import_model30.idKey)(result.id));
}
var import_errors29, import_model30, import_setting_choices5;
var init_rollback = __esm({
  "src/pipeline/strategy/versioned/rollback.ts"() {
    "use strict";
    import_errors29 = __toESM(require_errors(), 1);
    init_api_kinds();
    import_model30 = __toESM(require_model(), 1);
    init_run_limited();
    import_setting_choices5 = __toESM(require_setting_choices(), 1);
    init_repoint_workloads();
  }
});

// src/pipeline/strategy/versioned/stale-runs.ts
async function findNewerCopies(context, copies) {
  const commitOf = /* @__PURE__ */ new Map();
  for (const { copy, older } of copies) {
    for (const [name, commit] of older) commitOf.set((0, import_model31.idKey)({ ...copy.source, name }), commit);
  }
  const running = /* @__PURE__ */ new Map();
  for (const workload of context.workloads) {
    const live = context.manifests.get((0, import_model31.idKey)(workload.id))?.object;
    const kind = live === void 0 ? void 0 : workloadKindOf(live);
    if (live === void 0 || kind === void 0) continue;
    for (const site of referenceSites(podSpecAt(live, kind.templatePath))) {
      const id = { kind: site.configKind, namespace: workload.id.namespace, name: site.name };
      const commit = commitOf.get((0, import_model31.idKey)(id));
      if (commit === void 0) continue;
      const entry = running.get((0, import_model31.idKey)(id)) ?? { id, workloads: [], commit };
      const name = `${workload.id.kind.toLowerCase()}/${workload.id.name}`;
      if (!entry.workloads.includes(name)) entry.workloads.push(name);
      running.set((0, import_model31.idKey)(id), entry);
    }
  }
  const orders = /* @__PURE__ */ new Map();
  const newer = /* @__PURE__ */ new Map();
  for (const [key, { id, workloads, commit }] of running) {
    let asked = orders.get(commit);
    if (asked === void 0) {
      asked = context.commitOrder(commit);
      orders.set(commit, asked);
    }
    const placed = await asked;
    if (placed.order === "unknown") {
      throw new import_errors30.UserError(
        `cannot tell whether ${(0, import_model31.formatId)(id)}, which ${workloads.join(", ")} run, holds content newer than this run's head ${short(context.head)}: it was copied at ${short(commit)}, and ${placed.why}`
      );
    }
    if (placed.order === "newer") newer.set(key, commit);
    if (placed.order === "diverged") {
      context.log.info(
        `${(0, import_model31.formatId)(id)}, which ${workloads.join(", ")} run, was copied at ${short(commit)}, which is not in the history of this run's head ${short(context.head)} (another branch, or rewritten history): repointed as planned`
      );
    }
  }
  return newer;
}
function staleReason(namespace, live, kind, newer, head) {
  if (newer.size === 0) return void 0;
  const running = /* @__PURE__ */ new Map();
  for (const site of referenceSites(podSpecAt(live, kind.templatePath))) {
    const id = { kind: site.configKind, namespace, name: site.name };
    const commit = newer.get((0, import_model31.idKey)(id));
    if (commit !== void 0) running.set(describe(id), commit);
  }
  if (running.size === 0) return void 0;
  const what = [...running].map(([copy, commit]) => `${copy} (copied at ${short(commit)})`).join(", ");
  return `not repointed: this run is stale: it runs ${what}, from a later commit than this run's head ${short(head)} (a newer pipeline deployed it), and a versioned run never moves a workload to older content`;
}
function describe(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}
function short(sha) {
  return sha.slice(0, 12);
}
var import_errors30, import_model31;
var init_stale_runs = __esm({
  "src/pipeline/strategy/versioned/stale-runs.ts"() {
    "use strict";
    import_errors30 = __toESM(require_errors(), 1);
    init_pod_template();
    init_workload_kinds();
    import_model31 = __toESM(require_model(), 1);
    init_repoint();
  }
});

// src/pipeline/strategy/versioned/versioned-strategy.ts
var versioned_strategy_exports = {};
__export(versioned_strategy_exports, {
  createVersionedStrategy: () => createVersionedStrategy
});
function createVersionedStrategy(settings) {
  let copies = [];
  let index = indexCopies([]);
  const repointings = /* @__PURE__ */ new Map();
  let newer = /* @__PURE__ */ new Map();
  let head = "";
  const staleRuns = /* @__PURE__ */ new Map();
  let copiesBefore;
  let definedAtHead = async () => /* @__PURE__ */ new Set();
  const managedCopiesBefore = (cluster) => (namespace, kind) => {
    copiesBefore ??= managedCopyLister(cluster);
    return copiesBefore(namespace, kind);
  };
  return {
    name: "versioned",
    needsLiveConfigs: false,
    planNotes: (context) => copyPlanNotes(context, settings),
    async prepare(context) {
      const prepared = await prepareCopies(context, settings, managedCopiesBefore(context.cluster));
      definedAtHead = async (ids) => {
        try {
          const read = await context.readHeadConfigs(ids);
          return new Set(ids.map(import_model32.idKey).filter((key) => read.has(key)));
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          throw new import_errors31.UserError(`cannot tell whether the head commit defines them: ${why}`);
        }
      };
      copies = prepared.copies;
      index = indexCopies(copies);
      newer = await findNewerCopies(context, copies);
      head = context.head;
      return { configWrites: prepared.writes };
    },
    planningView: (workloads, cluster) => asSources(workloads, managedCopiesBefore(cluster)),
    patchFor(id, live, kind) {
      const stale = staleReason(id.namespace, live, kind, newer, head);
      if (stale !== void 0) {
        staleRuns.set((0, import_model32.idKey)(id), stale);
        return { unchanged: stale };
      }
      const repointing = repointToCopies(id, live, kind, index);
      if ("unchanged" in repointing) return repointing;
      repointings.set((0, import_model32.idKey)(id), repointing.repointed.changes);
      return repointStep(live, kind, repointing.repointed);
    },
    rollbackFor: async (results, { cluster }) => settings.rollback ? rollbackOf(results, repointings, cluster, settings.concurrency) : void 0,
    async afterWait(results, rolledBack, { cluster, log }) {
      const notes = [];
      for (const result of results) {
        if (staleRuns.has((0, import_model32.idKey)(result.id)))
          log.warn(`${(0, import_model32.formatId)(result.id)}: ${staleRuns.get((0, import_model32.idKey)(result.id))}`);
      }
      for (const result of results) {
        const changes = repointings.get((0, import_model32.idKey)(result.id));
        if (changes && result.restart !== "failed" && result.rollout !== void 0) {
          result.message = `repointed ${describeChanges(changes)}; ${result.message}`;
        }
      }
      if (settings.rollback) reportRollback(results, rolledBack, repointings, log);
      else {
        for (const r of results) {
          if ((0, import_run_result2.isFailure)(r) && repointings.has((0, import_model32.idKey)(r.id)))
            r.message += "; --no-rollback: left on the new copy";
        }
      }
      if (settings.prune && !results.some(import_run_result2.isFailure)) {
        notes.push(...await prune(cluster, copies, settings, definedAtHead, log));
      }
      return { results, notes };
    }
  };
}
var import_errors31, import_model32, import_run_result2;
var init_versioned_strategy = __esm({
  "src/pipeline/strategy/versioned/versioned-strategy.ts"() {
    "use strict";
    import_errors31 = __toESM(require_errors(), 1);
    import_model32 = __toESM(require_model(), 1);
    import_run_result2 = __toESM(require_run_result(), 1);
    init_copies();
    init_prune();
    init_repoint_workloads();
    init_rollback();
    init_stale_runs();
  }
});

// src/pipeline/strategy/choose-strategy.ts
async function chooseRestartStrategy(settings, now) {
  switch (settings.strategy) {
    case "annotation":
      return createAnnotationStrategy(settings.hashKey);
    case "env":
      return createEnvStrategy(settings.envName, now);
    case "gitops":
      return createGitopsStrategy(settings.hashKey);
    case "versioned": {
      const { createVersionedStrategy: createVersionedStrategy2 } = await Promise.resolve().then(() => (init_versioned_strategy(), versioned_strategy_exports));
      return createVersionedStrategy2(settings);
    }
  }
}
var init_choose_strategy = __esm({
  "src/pipeline/strategy/choose-strategy.ts"() {
    "use strict";
    init_annotation_strategy();
    init_env_strategy();
    init_gitops_strategy();
  }
});

// src/pipeline/complete-and-roll-out.ts
var complete_and_roll_out_exports = {};
__export(complete_and_roll_out_exports, {
  completeAndRollOut: () => completeAndRollOut
});
async function completeAndRollOut(repoPlan, connection, context) {
  const { settings, log } = context;
  const now = context.now ?? Date.now;
  const naming = context.naming ?? import_option_naming4.CLI_FLAGS;
  const { scan } = repoPlan;
  const strategy = await chooseRestartStrategy(settings, now);
  const discover = settings.discover ?? (connection.configured && !strategy.awaitsAgent ? "both" : "repo");
  let cluster;
  const connectOnce = async () => {
    cluster ??= await connection.connect();
    if (!cluster) {
      throw new import_errors32.UserError(`no Kubernetes cluster configured: ${(0, import_repo_plan2.noClusterHint)(naming)}`);
    }
    return cluster;
  };
  const modified = scan.changes.filter((c) => c.status !== "deleted");
  const clusterWorkloads = discover !== "repo" && modified.length > 0 ? await log.group(
    "Discover consumers on the cluster",
    async () => discoverClusterWorkloads(
      await connectOnce(),
      [...new Set(modified.map((c) => c.id.namespace))],
      settings.concurrency
    )
  ) : [];
  const plannedClusterWorkloads = strategy.planningView && clusterWorkloads.length > 0 ? await strategy.planningView(clusterWorkloads, await connectOnce()) : clusterWorkloads;
  const plan = completePlan(repoPlan, plannedClusterWorkloads, strategy, context);
  await context.onPlan?.(plan, plannedClusterWorkloads);
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client") {
    const notes2 = toRestart.length > 0 ? strategy.planNotes?.({
      workloads: toRestart,
      headConfigs: scan.headConfigs,
      head: repoPlan.head
    }) ?? [] : [];
    return (0, import_run_result3.reportOf)(plan, { results: [], notes: notes2 }, settings.dryRun);
  }
  const live = await connectOnce();
  const { results, notes } = await rollOutPlan(
    live,
    {
      toRestart,
      listed: {
        namespaces: new Set(discover === "repo" ? [] : modified.map((c) => c.id.namespace)),
        objects: clusterWorkloads
      },
      repoWorkloads: scan.workloads,
      expectedConfigs: new Map(
        modified.flatMap((c) => {
          const head = scan.headConfigs.get((0, import_model33.idKey)(c.id));
          return head ? [[(0, import_model33.idKey)(c.id), committedContent(head)]] : [];
        })
      ),
      headConfigs: scan.headConfigs,
      readHeadConfigs: repoPlan.readHeadConfigs,
      commitOrder: repoPlan.commitOrder,
      head: repoPlan.head
    },
    { strategy, settings, log, now }
  );
  return (0, import_run_result3.reportOf)(plan, { results, notes }, settings.dryRun, live);
}
function completePlan(repoPlan, clusterWorkloads, strategy, context) {
  const { settings, log } = context;
  const naming = context.naming ?? import_option_naming4.CLI_FLAGS;
  const { scan } = repoPlan;
  const built = buildPlan({
    changes: scan.changes,
    workloads: scan.workloads,
    newWorkloadIds: scan.newWorkloadIds,
    clusterWorkloads,
    restartReloaderManaged: settings.restartReloaderManaged,
    reloaderAutoReloadAll: settings.reloaderAutoReloadAll,
    templateChanged: podTemplateChanges(scan.baseWorkloads, scan.workloads)
  });
  const variantCheck = checkVariants(
    {
      changes: scan.changes,
      headContent: new Map([...scan.headConfigs].map(([key, config]) => [key, config.snapshot.content])),
      workloads: scan.workloads,
      baseWorkloads: scan.baseWorkloads,
      newWorkloadIds: scan.newWorkloadIds,
      clusterWorkloads,
      restartReloaderManaged: settings.restartReloaderManaged,
      reloaderAutoReloadAll: settings.reloaderAutoReloadAll
    },
    scan.variants
  );
  if (variantCheck.conflicts.length > 0)
    throw new import_errors32.UserError(describeVariantConflicts(variantCheck.conflicts));
  for (const warning of built.warnings) log.warn(warning.message, warning);
  const planned = withWorkloadSources(
    strategy.followsTemplateChanges ? built.workloads : markRollsOnApply(built.workloads, scan.baseWorkloads, scan.workloads, scan.changes),
    scan.workloads
  );
  const guarded = applyGuardRails(planned, { ...settings, naming });
  const namespaceNote = assumedNamespaceNote(scan, planned, settings.namespace);
  if (namespaceNote) log.info(namespaceNote);
  return (0, import_repo_plan2.planOfScan)(repoPlan, {
    changes: scan.changes,
    workloads: guarded.workloads,
    sources: variantCheck.notes,
    warnings: [
      ...built.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`),
      ...namespaceNote ? [namespaceNote] : [],
      ...guarded.notes
    ]
  });
}
function withWorkloadSources(workloads, manifests) {
  const byKey = new Map(manifests.filter((m) => m.origin !== void 0).map((m) => [(0, import_model33.idKey)(m.id), m]));
  return workloads.map((w) => {
    const m = w.source === "repo" ? byKey.get((0, import_model33.idKey)(w.id)) : void 0;
    if (m?.origin === void 0) return w;
    return {
      ...w,
      origin: m.origin,
      ...m.blamedFile && w.rollsOnApply ? { blamedFile: m.blamedFile } : {}
    };
  });
}
var import_errors32, import_model33, import_option_naming4, import_run_result3, import_repo_plan2;
var init_complete_and_roll_out = __esm({
  "src/pipeline/complete-and-roll-out.ts"() {
    "use strict";
    import_errors32 = __toESM(require_errors(), 1);
    import_model33 = __toESM(require_model(), 1);
    import_option_naming4 = __toESM(require_option_naming(), 1);
    init_build_plan();
    init_guard_rails();
    import_run_result3 = __toESM(require_run_result(), 1);
    init_rolls_on_apply();
    init_variant_conflicts();
    init_discover_cluster();
    init_roll_out_plan();
    init_sync_configs();
    import_repo_plan2 = __toESM(require_repo_plan(), 1);
    init_namespace_note();
    init_choose_strategy();
  }
});

// src/pipeline/plan-out.ts
var plan_out_exports = {};
__export(plan_out_exports, {
  makePlanDocument: () => makePlanDocument
});
async function makePlanDocument(repoPlan, plan, clusterWorkloads, settings, naming = import_option_naming5.CLI_FLAGS) {
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  const manifests = new Map([...repoPlan.scan.workloads, ...clusterWorkloads].map((m) => [(0, import_model34.idKey)(m.id), m]));
  const consumed = toRestart.flatMap((w) => consumedBy(w, manifests));
  const headConfigs = settings.strategy === "annotation" ? await repoPlan.readHeadConfigs(consumed) : repoPlan.scan.headConfigs;
  const secrets = [
    ...plan.changes.filter((c) => c.status !== "deleted").map((c) => c.id),
    ...settings.strategy === "annotation" ? consumed.filter((id) => headConfigs.has((0, import_model34.idKey)(id))) : []
  ].filter((id) => id.kind === "Secret");
  if (secrets.length > 0 && !settings.hashKey) {
    throw new import_errors33.UserError(
      `${naming.option("plan-out")}: the plan covers ${(0, import_model34.formatId)(secrets[0])}: set ${naming.option("hash-key")} (a CI secret, the same in the jobs that apply the plan) so its digest in the plan file is keyed and reveals nothing of the Secret`
    );
  }
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : void 0;
  const changes = await changeOf2(toRestart, { repoPlan, settings, manifests, headConfigs, key });
  return sealPlan({
    apiVersion: PLAN_API_VERSION,
    kind: PLAN_KIND,
    base: plan.base,
    head: plan.head,
    strategy: planStrategyOf(settings.strategy),
    configs: plan.changes.map((c) => {
      const head = c.status === "deleted" ? void 0 : repoPlan.scan.headConfigs.get((0, import_model34.idKey)(c.id));
      return {
        ...sharedChangeFields(c),
        ...head ? { digest: configDigest(c.id, head.snapshot.content, c.id.kind === "Secret" ? key : void 0) } : {}
      };
    }),
    workloads: toRestart.map(
      (w) => ({
        id: w.id,
        source: w.source,
        reason: w.reason,
        references: w.references,
        change: changes.get((0, import_model34.idKey)(w.id))
      })
    ),
    ...key && secrets.length > 0 ? { keyCheck: keyCheckOf(key) } : {}
  });
}
async function changeOf2(workloads, inputs) {
  const { settings, key } = inputs;
  const changes = /* @__PURE__ */ new Map();
  if (settings.strategy === "annotation") {
    const hashes = await computeRestartHashes(
      workloads,
      inputs.manifests,
      inputs.headConfigs,
      key?.toString()
    );
    for (const w of workloads)
      changes.set((0, import_model34.idKey)(w.id), { annotation: CONFIG_HASH_ANNOTATION, hash: hashes.get((0, import_model34.idKey)(w.id)) });
  } else if (settings.strategy === "env") {
    for (const w of workloads) changes.set((0, import_model34.idKey)(w.id), { env: settings.envName });
  } else {
    for (const w of workloads) {
      const repoint2 = w.references.flatMap((ref) => {
        const head = inputs.repoPlan.scan.headConfigs.get((0, import_model34.idKey)(ref.config));
        if (!head) return [];
        const source2 = {
          id: { ...ref.config, kind: head.snapshot.id.kind },
          object: head.manifest.object,
          content: head.snapshot.content
        };
        return [{ config: ref.config, copy: configCopy(source2, inputs.repoPlan.head, key).name }];
      });
      const unique2 = new Map(repoint2.map((r) => [(0, import_model34.idKey)(r.config), r]));
      changes.set((0, import_model34.idKey)(w.id), { repoint: [...unique2.values()] });
    }
  }
  return changes;
}
var import_errors33, import_model34, import_option_naming5;
var init_plan_out = __esm({
  "src/pipeline/plan-out.ts"() {
    "use strict";
    import_errors33 = __toESM(require_errors(), 1);
    import_model34 = __toESM(require_model(), 1);
    import_option_naming5 = __toESM(require_option_naming(), 1);
    init_consumed_configs();
    init_plan_document();
    init_restart_patch();
    init_config_copy();
    init_restart_hash();
  }
});

// borrowed:src/core/fleet.ts
var require_fleet = __commonJS({
  "borrowed:src/core/fleet.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/fleet.ts"];
  }
});

// borrowed:src/core/unread-sources.ts
var require_unread_sources = __commonJS({
  "borrowed:src/core/unread-sources.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/unread-sources.ts"];
  }
});

// borrowed:src/report/error-line.ts
var require_error_line = __commonJS({
  "borrowed:src/report/error-line.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/report/error-line.ts"];
  }
});

// borrowed:src/pipeline/apply-plan.ts
var require_apply_plan = __commonJS({
  "borrowed:src/pipeline/apply-plan.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/pipeline/apply-plan.ts"];
  }
});

// borrowed:src/pipeline/run.ts
var require_run = __commonJS({
  "borrowed:src/pipeline/run.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/pipeline/run.ts"];
  }
});

// src/pipeline/run-fleet.ts
var run_fleet_exports = {};
__export(run_fleet_exports, {
  fleetOutcome: () => fleetOutcome,
  runFleet: () => runFleet,
  serverKey: () => serverKey
});
async function runFleet(deps) {
  const { settings, log, waves } = deps;
  const access = /* @__PURE__ */ new Map();
  const contextOfServer = /* @__PURE__ */ new Map();
  for (const context of waves.flat()) {
    const connection = deps.connectTo(context);
    const { server } = await connection.load();
    const same = contextOfServer.get(serverKey(server));
    if (same !== void 0) {
      throw new import_errors34.UserError(
        `contexts "${same}" and "${context}" name the same API server (${server}): each would restart its workloads; name each cluster once`
      );
    }
    contextOfServer.set(serverKey(server), context);
    access.set(context, connection);
  }
  const planned = await (0, import_run.planRepository)(deps);
  if (planned.kind === "no-range") return planned.report;
  const repoPlan = planned.plan;
  const runs2 = await (0, import_fleet.runWaves)(waves, {
    continueOnFailure: settings.continueOnFailure,
    runCluster: async (context, wave) => {
      log.info(`${context}: wave ${wave}: applying the plan`);
      const limit = timeLimit(settings.timeoutMs, context);
      const apply = {
        settings,
        // Once its rollouts are waited for, the wait's own --timeout bounds the cluster (and a stalled
        // rollout is reported on its workload); until then the time limit does.
        log: prefixedLog(log, context, (title) => {
          if (title === WAIT_FOR_ROLLOUTS) limit.lift();
        }),
        naming: deps.naming ?? import_option_naming6.CLI_FLAGS,
        ...deps.now ? { now: deps.now } : {}
      };
      try {
        const report = await limit.race((0, import_apply_plan.applyPlanToCluster)(repoPlan, access.get(context), apply));
        return { exitCode: (0, import_run_result4.exitCodeOf)(report), result: { report } };
      } catch (error) {
        const parts = (0, import_error_line.errorParts)(error, false);
        log.warn(`${context}: ${parts.message}`);
        const message = parts.hint ? `${parts.message} (${parts.hint})` : parts.message;
        return { exitCode: (0, import_errors34.exitCodeFor)(error), result: { message } };
      }
    }
  });
  const clusters = runs2.map(
    (run) => run.ran ? {
      context: run.context,
      wave: run.wave,
      outcome: run.result.report?.outcome ?? "error",
      exitCode: run.exitCode,
      ...run.result.report ? { report: run.result.report } : {},
      ...run.result.message ? { message: run.result.message } : {}
    } : { context: run.context, wave: run.wave, outcome: "skipped", exitCode: 0, message: run.skipped }
  );
  return {
    plan: repositoryPlan(repoPlan),
    results: [],
    outcome: fleetOutcome(clusters),
    dryRun: settings.dryRun,
    clusters
  };
}
function serverKey(server) {
  try {
    const url = new URL(server);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return server;
  }
}
function repositoryPlan(repoPlan) {
  const unread = (0, import_unread_sources.unreadSourcesOf)(repoPlan.scan.problems, repoPlan.scan.sourceWarnings);
  return {
    base: repoPlan.base,
    head: repoPlan.head,
    rangeNote: repoPlan.rangeNote,
    changes: repoPlan.scan.changes,
    workloads: [],
    problems: repoPlan.scan.problems,
    warnings: repoPlan.scanWarnings,
    ...repoPlan.scan.sourceNotes.length > 0 ? { sources: repoPlan.scan.sourceNotes } : {},
    ...unread.length > 0 ? { unread } : {}
  };
}
function fleetOutcome(clusters) {
  const outcomes = clusters.map((c) => c.outcome);
  if (outcomes.some((o) => o === "failed" || o === "error")) return "failed";
  if (outcomes.includes("incomplete")) return "incomplete";
  for (const outcome of ["restarted", "planned"]) if (outcomes.includes(outcome)) return outcome;
  return "nothing-to-do";
}
function timeLimit(timeoutMs, context) {
  let timer;
  let expire;
  const expired = new Promise((_, reject) => {
    expire = reject;
  });
  expired.catch(() => {
  });
  timer = setTimeout(
    () => expire?.(
      new ClusterTimeout(
        `${context} did not finish within --timeout ${(0, import_describe2.formatDuration)(timeoutMs)} (unreachable or slow): its wave went on without it`
      )
    ),
    timeoutMs
  );
  return {
    lift: () => clearTimeout(timer),
    async race(work) {
      try {
        return await Promise.race([work, expired]);
      } finally {
        clearTimeout(timer);
        timer = void 0;
        work.catch(() => {
        });
      }
    }
  };
}
function prefixedLog(log, context, onGroup) {
  return {
    info: (message) => log.info(`${context}: ${message}`),
    warn: (message, where) => log.warn(`${context}: ${message}`, where),
    debug: (message) => log.debug(`${context}: ${message}`),
    group: (title, work) => {
      onGroup(title);
      return log.group(`${context}: ${title}`, work);
    }
  };
}
var import_errors34, import_fleet, import_option_naming6, import_run_result4, import_unread_sources, import_describe2, import_error_line, import_apply_plan, import_run, ClusterTimeout;
var init_run_fleet = __esm({
  "src/pipeline/run-fleet.ts"() {
    "use strict";
    import_errors34 = __toESM(require_errors(), 1);
    import_fleet = __toESM(require_fleet(), 1);
    import_option_naming6 = __toESM(require_option_naming(), 1);
    import_run_result4 = __toESM(require_run_result(), 1);
    import_unread_sources = __toESM(require_unread_sources(), 1);
    import_describe2 = __toESM(require_describe(), 1);
    import_error_line = __toESM(require_error_line(), 1);
    import_apply_plan = __toESM(require_apply_plan(), 1);
    init_restart_and_wait();
    import_run = __toESM(require_run(), 1);
    ClusterTimeout = class extends import_errors34.UserError {
      name = "ClusterTimeout";
      exitCode = import_errors34.EXIT_FAILED;
    };
  }
});

// src/core/manifests/config-names-in-text.ts
function configNamesInText(text) {
  const names = [];
  for (const document of text.split(DOCUMENT_SEPARATOR)) {
    if (!CONFIG_KIND.test(document)) continue;
    const block = METADATA_BLOCK.exec(document)?.[1];
    if (!block) continue;
    let best;
    for (const match of block.matchAll(NAME_LINE)) {
      const indent = match[1].length;
      if (!best || indent < best.indent) best = { indent, name: match[2] };
    }
    if (best) names.push(best.name);
  }
  return names;
}
var DOCUMENT_SEPARATOR, CONFIG_KIND, METADATA_BLOCK, NAME_LINE;
var init_config_names_in_text = __esm({
  "src/core/manifests/config-names-in-text.ts"() {
    "use strict";
    DOCUMENT_SEPARATOR = /^---[^\S\n]*(?:#.*)?$/m;
    CONFIG_KIND = /^kind:[^\S\n]*["']?(?:ConfigMap|Secret)["']?[^\S\n]*(?:#.*)?$/m;
    METADATA_BLOCK = /^metadata:[^\S\n]*\n((?:(?:[^\S\n]+.*)?\n?)*)/m;
    NAME_LINE = /^([^\S\n]+)name:[^\S\n]*["']?([^"'\s#]+)["']?[^\S\n]*(?:#.*)?$/gm;
  }
});

// src/git/glob-pathspecs.ts
function globsToPathspecs(globs) {
  if (globs.length === 0 || !globs.every((glob) => SIMPLE_GLOB.test(glob))) return void 0;
  return globs.map((glob) => `:(glob)${glob}`);
}
var SIMPLE_GLOB;
var init_glob_pathspecs = __esm({
  "src/git/glob-pathspecs.ts"() {
    "use strict";
    SIMPLE_GLOB = /^[^{}[\]()!+@\\]+$/;
  }
});

// src/core/manifests/decode-source.ts
function decodeSource(file, text) {
  const decoded = decodeText(text);
  if (decoded === void 0) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: "not a text file (contains NUL bytes or invalid UTF-8)",
        severity: "error"
      }
    };
  }
  const lfs = LFS_POINTER.exec(decoded);
  if (lfs) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: `a Git LFS pointer, not the file itself: its ${lfs[1]} bytes are in LFS storage, which is not read (config-rollout reads git objects), so what this file defines is not in this plan`,
        severity: "warning",
        unread: "a Git LFS pointer"
      }
    };
  }
  return { source: decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded };
}
function isLfsPointer(text) {
  return LFS_POINTER.test(text);
}
function decodeText(text) {
  let s;
  if (typeof text === "string") {
    s = text;
    if (s.includes("\uFFFD")) return void 0;
  } else {
    try {
      s = UTF8.decode(text);
    } catch {
      return void 0;
    }
  }
  return s.includes("\0") ? void 0 : s;
}
var LFS_POINTER, UTF8;
var init_decode_source = __esm({
  "src/core/manifests/decode-source.ts"() {
    "use strict";
    LFS_POINTER = /^version https:\/\/git-lfs\.github\.com\/spec\/v1\n(?:[a-z0-9.-]+ [^\n]*\n)*?size (\d+)\n/;
    UTF8 = new TextDecoder("utf-8", { fatal: true });
  }
});

// src/core/manifests/fast-yaml.ts
function parseSimpleYaml(source2) {
  if (ODD_SPACE.test(source2)) return void 0;
  try {
    return new FastParser(source2).documents();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return void 0;
    throw error;
  }
}
function scalar(raw) {
  const text = withoutTrailingSpaces(raw);
  if (text.startsWith('"')) return withoutComment(doubleQuoted(text));
  if (text.startsWith("'")) return withoutComment(singleQuoted(text));
  if (text === "{}" || text.startsWith("{} #")) return {};
  if (text === "[]" || text.startsWith("[] #")) return [];
  const hash = text.indexOf(" #");
  const plain = hash === -1 ? text : withoutTrailingSpaces(text.slice(0, hash));
  if (plain === "" || plain === "~" || plain === "null") return null;
  if (plain === "true") return true;
  if (plain === "false") return false;
  if (NOT_STRINGS.has(plain)) giveUp();
  if (plain.includes(": ") || plain.endsWith(":") || plain.includes(" #")) giveUp();
  if (NUMBER_START.test(plain)) {
    if (DECIMAL.test(plain)) return Number(plain);
    if (INFINITY_OR_NAN.test(plain) || !NOT_IN_ANY_NUMBER.test(plain)) giveUp();
  }
  if (INDICATOR_START.test(plain)) giveUp();
  return plain;
}
function withoutComment([value, rest]) {
  const after = withoutLeadingSpaces(rest);
  if (after !== "" && !(after.startsWith("#") && rest.length > after.length)) giveUp();
  return value;
}
function doubleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return [value, text.slice(i + 1)];
    if (c === "\\") {
      const escaped = ESCAPES[text[i + 1] ?? ""] ?? giveUp();
      value += escaped;
      i++;
      continue;
    }
    value += c;
  }
  return giveUp();
}
function singleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return [value, text.slice(i + 1)];
    }
    value += c;
  }
  return giveUp();
}
function withoutLeadingSpaces(text) {
  let start = 0;
  while (text.charCodeAt(start) === 32) start++;
  return start === 0 ? text : text.slice(start);
}
function withoutTrailingSpaces(text) {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return end === text.length ? text : text.slice(0, end);
}
var GiveUp, giveUp, MAX_ALIASES, NOT_STRINGS, NUMBER_START, NOT_IN_ANY_NUMBER, DECIMAL, INFINITY_OR_NAN, INDICATOR_START, ODD_SPACE, PLAIN_WORD, LINE, END, LINE_KIND, SEPARATOR, FastParser, ESCAPES;
var init_fast_yaml = __esm({
  "src/core/manifests/fast-yaml.ts"() {
    "use strict";
    GiveUp = class extends Error {
    };
    giveUp = () => {
      throw new GiveUp();
    };
    MAX_ALIASES = 50;
    NOT_STRINGS = new Set(
      "null true false y Y yes Yes YES n N no No NO True TRUE False FALSE on On ON off Off OFF Null NULL".split(
        " "
      )
    );
    NUMBER_START = /^[-+.0-9]/;
    NOT_IN_ANY_NUMBER = /[^0-9a-fA-F_+\-.:xXoO]/;
    DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
    INFINITY_OR_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
    INDICATOR_START = /^(?:[-?:](?: |$)|[,[\]{}#&*!|>%@`])/;
    ODD_SPACE = /[\t\r\u0085\u2028\u2029\ufeff]/;
    PLAIN_WORD = /^[A-Za-z][A-Za-z0-9._/-]*$/;
    LINE = /( *)(?:-( +|(?=\n|$)))?(?:([A-Za-z_/][A-Za-z0-9_./-]*):(?: +|(?=\n|$)))?([^\n]*)\n?/y;
    END = 0;
    LINE_KIND = 1;
    SEPARATOR = 2;
    FastParser = class {
      constructor(source2) {
        this.source = source2;
      }
      source;
      kind = END;
      indent = 0;
      /** Column of what follows `- ` (when `dash`): where a mapping that starts on the item's line is. */
      column = 0;
      dash = false;
      key = void 0;
      rest = "";
      /** Offset of the current line's text (after its indentation). */
      offset = 0;
      /** Offset of the line after the current one: where `advance` reads next. */
      next = 0;
      anchors = /* @__PURE__ */ new Map();
      aliases = 0;
      documents() {
        const docs = [];
        this.advance();
        for (; ; ) {
          if (this.kind === LINE_KIND) {
            if (this.indent !== 0) giveUp();
            const start = this.offset;
            this.anchors = /* @__PURE__ */ new Map();
            this.aliases = 0;
            const value = this.block(0);
            if (this.kind === LINE_KIND) giveUp();
            docs.push({ value, start });
          }
          if (this.kind === END) return docs;
          this.advance();
        }
      }
      /** Move to the next significant line (not blank, not only a comment); `---`, `...` and `%` at column 0 end or refuse. */
      advance() {
        const source2 = this.source;
        for (; ; ) {
          if (this.next >= source2.length) {
            this.kind = END;
            this.indent = -1;
            return;
          }
          LINE.lastIndex = this.next;
          const m = LINE.exec(source2);
          const indent = m[1].length;
          const spaces = m[2];
          const key = m[3];
          const rest = m[4];
          this.next = LINE.lastIndex;
          if (spaces === void 0 && key === void 0) {
            if (rest === "" || rest.charCodeAt(0) === 35) continue;
            if (indent === 0) {
              const c = rest.charCodeAt(0);
              if (c === 45 && rest.startsWith("---")) {
                if (rest !== "---") giveUp();
                this.kind = SEPARATOR;
                this.indent = -1;
                return;
              }
              if (c === 37 || rest.startsWith("...")) giveUp();
            }
          }
          this.kind = LINE_KIND;
          this.indent = indent;
          this.dash = spaces !== void 0;
          this.column = spaces === void 0 ? indent : indent + 1 + spaces.length;
          this.key = key;
          this.rest = rest;
          this.offset = m.index + indent;
          return;
        }
      }
      /** A block collection starting at the current line, if it is indented at least `minIndent`. */
      block(minIndent) {
        if (this.kind !== LINE_KIND || this.indent < minIndent) return null;
        return this.dash ? this.sequence(this.indent) : this.mapping(this.indent);
      }
      sequence(indent) {
        const items = [];
        while (this.kind === LINE_KIND && this.indent === indent && this.dash) {
          if (this.key !== void 0) {
            this.indent = this.column;
            this.dash = false;
            items.push(this.mapping(this.column));
            continue;
          }
          const rest = this.rest;
          this.advance();
          if (rest === "" || rest.charCodeAt(0) === 35) {
            items.push(this.kind === LINE_KIND && this.indent > indent ? this.block(indent + 1) : null);
            continue;
          }
          items.push(this.inlineValue(rest, indent));
        }
        return items;
      }
      mapping(indent) {
        const map = {};
        while (this.kind === LINE_KIND) {
          if (this.indent !== indent || this.dash) {
            if (this.indent <= indent) break;
            giveUp();
          }
          const key = this.key ?? giveUp();
          if (key.length > 1024 || NOT_STRINGS.has(key) || key === "__proto__" || Object.hasOwn(map, key))
            giveUp();
          let rest = this.rest;
          let anchor;
          if (rest.startsWith("&")) {
            anchor = /^&([^ ]+)/.exec(rest)?.[1] ?? giveUp();
            rest = withoutLeadingSpaces(rest.slice(anchor.length + 1));
            if (this.anchors.has(anchor)) giveUp();
          }
          let value;
          if (rest === "" || rest.startsWith("#")) {
            this.advance();
            if (this.kind === LINE_KIND && this.indent > indent) value = this.block(indent + 1);
            else if (this.kind === LINE_KIND && this.indent === indent && this.dash)
              value = this.sequence(indent);
            else value = null;
          } else if (rest.startsWith("|") || rest.startsWith(">")) {
            value = this.blockScalar(rest, indent);
          } else {
            this.advance();
            value = this.inlineValue(rest, indent);
          }
          if (anchor !== void 0) this.anchors.set(anchor, value);
          map[key] = value;
        }
        return map;
      }
      /**
       * A one-line value (scalar, alias, `{}` or `[]`) whose line has been passed; the next line must not
       * continue it (a more indented line is a multi-line scalar or an error).
       */
      inlineValue(text, indent) {
        let value;
        if (PLAIN_WORD.test(text)) {
          value = NOT_STRINGS.has(text) ? scalar(text) : text;
        } else if (text.startsWith("*")) {
          const match = /^\*([^ ]+) *(#.*)?$/.exec(text) ?? giveUp();
          if (!this.anchors.has(match[1]) || ++this.aliases > MAX_ALIASES) giveUp();
          value = this.anchors.get(match[1]);
        } else {
          value = scalar(text);
        }
        if (this.kind === LINE_KIND && this.indent > indent) giveUp();
        return value;
      }
      /**
       * `|` or `|-` (clip or strip), indentation detected from the first line. The current line is its
       * header; its content lines are read raw (comments and blank lines are content here).
       */
      blockScalar(header, indent) {
        if (header !== "|" && header !== "|-") giveUp();
        const source2 = this.source;
        const lines = [];
        let blockIndent = -1;
        let at = this.next;
        while (at < source2.length) {
          let end = source2.indexOf("\n", at);
          if (end === -1) end = source2.length;
          let textStart = at;
          while (source2.charCodeAt(textStart) === 32) textStart++;
          const lineIndent = textStart - at;
          if (textStart === end) {
            if (lineIndent > (blockIndent === -1 ? 0 : blockIndent)) giveUp();
            lines.push("");
            at = end + 1;
            continue;
          }
          if (blockIndent === -1) {
            if (lineIndent <= indent) break;
            blockIndent = lineIndent;
          }
          if (lineIndent < blockIndent) {
            if (lineIndent > indent) giveUp();
            break;
          }
          lines.push(source2.slice(at + blockIndent, end));
          at = end + 1;
        }
        if (blockIndent === -1) giveUp();
        this.next = at;
        this.advance();
        while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
        const body = lines.join("\n");
        return header === "|" ? `${body}
` : body;
      }
    };
    ESCAPES = { "\\": "\\", '"': '"', n: "\n", t: "	" };
  }
});

// src/core/manifests/line-index.ts
var LineIndex;
var init_line_index = __esm({
  "src/core/manifests/line-index.ts"() {
    "use strict";
    LineIndex = class {
      constructor(source2) {
        this.source = source2;
      }
      source;
      starts;
      linePos(offset) {
        if (this.starts === void 0) {
          const firstLineEnd = this.source.indexOf("\n");
          if (firstLineEnd === -1 || offset <= firstLineEnd) return { line: 1, col: offset + 1 };
          this.starts = [0];
          for (let i = firstLineEnd; i !== -1; i = this.source.indexOf("\n", i + 1)) this.starts.push(i + 1);
        }
        const starts = this.starts;
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
          const mid = low + high + 1 >> 1;
          if (starts[mid] <= offset) low = mid;
          else high = mid - 1;
        }
        return { line: low + 1, col: offset - starts[low] + 1 };
      }
    };
  }
});

// src/core/manifests/yaml-messages.ts
function describeFailure2(error) {
  const text = error instanceof Error ? error.message : String(error);
  if (/Maximum call stack/i.test(text)) return "nested too deeply";
  return oneLine(text);
}
function oneLine(text) {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 200)}\u2026` : first;
}
function mayHoldSecret(text) {
  return SECRET_KIND.test(text);
}
function describeYamlErrorCode(code) {
  const text = YAML_ERROR_TEXT[code] ?? code.toLowerCase().replaceAll("_", " ");
  return `${text}; ${QUIET_DETAIL}`;
}
function keyAt(source2, offset) {
  const line = source2.slice(
    offset,
    source2.indexOf("\n", offset) === -1 ? source2.length : source2.indexOf("\n", offset)
  );
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|(.*?))[ \t]*:(?:[ \t]|\r?$)/.exec(line);
  return oneLine(match === null ? line : match[1] ?? match[2]?.replaceAll("''", "'") ?? match[3] ?? "");
}
function stringMapProblem(value) {
  if (value === void 0 || value === null) return void 0;
  if (!isRecord(value)) return ` must be a mapping, found ${describeType(value)}`;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string" && item !== null) {
      const shown2 = PLAIN_KEY.test(key) || /^[A-Za-z0-9./-]{1,317}$/.test(key) ? key : "(a key)";
      return `[${JSON.stringify(shown2)}] must be a string, found ${describeType(item)}`;
    }
  }
  return void 0;
}
function duplicateKeyMessage(key, quiet, read) {
  const named = quiet && !PLAIN_KEY.test(key) ? "duplicate key" : `duplicate key ${JSON.stringify(key)}`;
  return read ? `${named} (read as kubectl applies it: the last value wins; kustomize rejects it)` : named;
}
var SECRET_KIND, PLAIN_KEY, QUIET_DETAIL, YAML_ERROR_TEXT;
var init_yaml_messages = __esm({
  "src/core/manifests/yaml-messages.ts"() {
    "use strict";
    init_json_shape();
    SECRET_KIND = /["']?\bkind["']?\s*:\s*["']?Secret(?![A-Za-z0-9])/;
    PLAIN_KEY = /^[A-Za-z0-9._-]{1,253}$/;
    QUIET_DETAIL = "details not shown (the file holds a Secret)";
    YAML_ERROR_TEXT = {
      BAD_DQ_ESCAPE: "invalid escape sequence in a double-quoted string",
      BAD_INDENT: "bad indentation",
      BAD_SCALAR_START: "a plain value starts with a reserved character",
      BLOCK_AS_IMPLICIT_KEY: "a block value used as a key",
      BLOCK_IN_FLOW: "a block value inside a flow collection",
      MISSING_CHAR: "a closing quote or bracket is missing",
      MULTILINE_IMPLICIT_KEY: "a key spans more than one line",
      TAB_AS_INDENT: "a tab used for indentation",
      UNEXPECTED_TOKEN: "unexpected characters (e.g. text after a block scalar indicator | or >)"
    };
  }
});

// src/core/manifests/manifest-reader.ts
function isProbablyManifestText(text) {
  return /["']?apiVersion["']?\s*:/.test(text) && /["']?kind["']?\s*:/.test(text);
}
function parseManifestsFast(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  return parseFast(file, decoded.source, opts);
}
function parseFast(file, source2, opts) {
  const documents = parseSimpleYaml(source2);
  if (documents === void 0) return void 0;
  if (documents.some((doc) => Array.isArray(field2(doc.value, "items")))) return void 0;
  const reader = new DocumentReader(file, source2, new LineIndex(source2), opts, false);
  for (const doc of documents) reader.readValue(doc.value, doc.start, () => void 0);
  if (reader.cappedProblems().length > 0) return void 0;
  return { manifests: reader.manifests, problems: [] };
}
function notAManifestIsAWarning(source2, problems) {
  if (isProbablyManifestText(source2)) return problems;
  return problems.map(
    (p) => p.severity === "error" ? {
      ...p,
      severity: "warning",
      message: `${p.message} (not read: does not look like a Kubernetes manifest)`
    } : p
  );
}
function nodeStart(doc, path) {
  const node = doc.getIn(path, true);
  if (typeof node !== "object" || node === null) return void 0;
  const range = node.range;
  return Array.isArray(range) && typeof range[0] === "number" ? range[0] : void 0;
}
var import_names2, DEFAULT_MAX_ALIAS_COUNT, MAX_PROBLEMS_PER_FILE, KINDS_THAT_NEED_METADATA, NON_OBJECT_API_GROUPS, PLAIN_ANCHOR, DocumentReader;
var init_manifest_reader = __esm({
  "src/core/manifests/manifest-reader.ts"() {
    "use strict";
    init_api_kinds();
    init_workload_kinds();
    import_names2 = __toESM(require_names(), 1);
    init_decode_source();
    init_fast_yaml();
    init_json_shape();
    init_line_index();
    init_yaml_messages();
    DEFAULT_MAX_ALIAS_COUNT = 100;
    MAX_PROBLEMS_PER_FILE = 10;
    KINDS_THAT_NEED_METADATA = /* @__PURE__ */ new Set([
      "ConfigMap",
      "Secret",
      ...WORKLOAD_KINDS.map((k) => k.kind)
    ]);
    NON_OBJECT_API_GROUPS = ["kustomize.config.k8s.io/"];
    PLAIN_ANCHOR = /^[A-Za-z0-9._-]{1,100}$/;
    DocumentReader = class {
      constructor(file, source2, lineCounter, opts, quiet) {
        this.file = file;
        this.source = source2;
        this.lineCounter = lineCounter;
        this.opts = opts;
        this.quiet = quiet;
        const max = opts.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
        this.maxAliasCount = Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAX_ALIAS_COUNT;
      }
      file;
      source;
      lineCounter;
      opts;
      quiet;
      manifests = [];
      problems = [];
      maxAliasCount;
      cappedProblems() {
        if (this.problems.length <= MAX_PROBLEMS_PER_FILE) return this.problems;
        const kept = this.problems.slice(0, MAX_PROBLEMS_PER_FILE);
        const last = kept[kept.length - 1];
        const hidden = this.problems.slice(MAX_PROBLEMS_PER_FILE);
        kept.push({
          file: this.file,
          line: last.line,
          col: last.col,
          message: `${hidden.length} more problems in this file not shown`,
          // Warnings alone (duplicate keys) leave the file read: the count must not make it broken.
          severity: hidden.some((p) => p.severity === "error") ? "error" : "warning"
        });
        return kept;
      }
      /**
       * `unresolvedAlias` finds the first alias of the document whose anchor is not defined before it
       * (the full parse passes it: it needs the `yaml` package's node types).
       */
      readDocument(doc, unresolvedAlias2) {
        if (doc.errors.length > 0) {
          const syntax = doc.errors.filter((e) => e.code !== "DUPLICATE_KEY").sort((a, b) => a.pos[0] - b.pos[0]).slice(0, 1);
          const duplicates = doc.errors.filter((e) => e.code === "DUPLICATE_KEY");
          const severity = syntax.length === 0 ? "warning" : "error";
          for (const error of [...duplicates, ...syntax].sort((a, b) => a.pos[0] - b.pos[0])) {
            const [start2] = error.pos;
            const message = error.code === "DUPLICATE_KEY" ? duplicateKeyMessage(keyAt(this.source, start2), this.quiet, severity === "warning") : `invalid YAML: ${this.quiet ? describeYamlErrorCode(error.code) : describeFailure2(error)}`;
            this.problem(start2, message, severity, error.code === "DUPLICATE_KEY");
          }
          if (severity === "error") return;
        }
        const contents = doc.contents;
        if (contents === null) return;
        const start = contents.range?.[0] ?? doc.range[0];
        let value;
        try {
          value = doc.toJS({ maxAliasCount: this.maxAliasCount });
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          const unresolved = /^Unresolved alias/.test(text) ? unresolvedAlias2?.(doc) : void 0;
          if (unresolved !== void 0) {
            const alias = PLAIN_ANCHOR.test(unresolved.name) ? ` *${unresolved.name}` : "";
            this.problem(
              unresolved.offset,
              `the alias${alias} names an anchor that does not exist (an anchor &name must be defined before, in the same document): document ignored`
            );
            return;
          }
          this.problem(
            start,
            /alias/i.test(text) ? `too many YAML alias expansions (more than ${this.maxAliasCount}; looks like an alias bomb): document ignored` : `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure2(error)}`
          );
          return;
        }
        this.readValue(value, start, (path) => nodeStart(doc, path));
      }
      /**
       * One document (or one item of a List). `locate` finds the offset of a nested node, so each List
       * item and each bad field gets its own line.
       */
      readValue(value, start, locate) {
        if (!isRecord(value)) return;
        const hasApiVersion = Object.hasOwn(value, "apiVersion");
        const hasKind = Object.hasOwn(value, "kind");
        if (!hasApiVersion || !hasKind) return;
        const apiVersion = value.apiVersion;
        const kind = value.kind;
        if (typeof apiVersion !== "string" || apiVersion === "" || typeof kind !== "string" || kind === "") {
          this.problem(start, "apiVersion and kind must be non-empty strings");
          return;
        }
        const items = field2(value, "items");
        if (kind === "List" || kind.endsWith("List") && Array.isArray(items)) {
          this.readList(kind, items, start, locate);
          return;
        }
        if (NON_OBJECT_API_GROUPS.some((group) => apiVersion.startsWith(group))) return;
        this.readObject(value, kind, start, locate);
      }
      readList(kind, items, start, locate) {
        if (items === void 0 || items === null) return;
        if (!Array.isArray(items)) {
          this.problem(locate(["items"]) ?? start, `${kind}: items must be a list, found ${describeType(items)}`);
          return;
        }
        items.forEach((item, index) => {
          const itemStart = locate(["items", index]) ?? start;
          if (!isRecord(item) || !Object.hasOwn(item, "apiVersion") || !Object.hasOwn(item, "kind")) {
            this.problem(
              itemStart,
              `${kind} item ${index} is not a Kubernetes object (needs apiVersion and kind)`
            );
            return;
          }
          this.readValue(item, itemStart, (path) => locate(["items", index, ...path]));
        });
      }
      readObject(object, kind, start, locate) {
        const metadata = field2(object, "metadata");
        if (metadata === void 0 || metadata === null) {
          if (KINDS_THAT_NEED_METADATA.has(kind)) this.problem(start, `${kind} has no metadata.name`);
          return;
        }
        if (!isRecord(metadata)) {
          this.problem(
            locate(["metadata"]) ?? start,
            `${kind}: metadata must be a mapping, found ${describeType(metadata)}`
          );
          return;
        }
        const name = field2(metadata, "name");
        if (name === void 0 || name === null) {
          if (typeof field2(metadata, "generateName") === "string") return;
          this.problem(locate(["metadata"]) ?? start, `${kind} has no metadata.name`);
          return;
        }
        if (typeof name !== "string" || name.trim() === "") {
          this.problem(
            locate(["metadata", "name"]) ?? start,
            `${kind}: metadata.name must be a non-empty string, found ${typeof name === "string" ? "an empty string" : describeType(name)}`
          );
          return;
        }
        const checked = KINDS_THAT_NEED_METADATA.has(kind);
        if (checked && !(0, import_names2.isObjectName)(name)) {
          this.problem(
            locate(["metadata", "name"]) ?? start,
            `${kind.toLowerCase()} ${(0, import_names2.quoteName)(name)}: metadata.name is not a valid name (${import_names2.OBJECT_NAME_RULE})`
          );
          return;
        }
        const namespaceValue = field2(metadata, "namespace");
        let namespace;
        let namespaceAssumed = false;
        if (isClusterScoped(kind)) {
          namespace = "";
        } else if (namespaceValue === void 0 || namespaceValue === null || namespaceValue === "") {
          namespace = this.opts.defaultNamespace;
          namespaceAssumed = true;
        } else if (typeof namespaceValue === "string") {
          namespace = namespaceValue;
          if (checked && !(0, import_names2.isNamespaceName)(namespace)) {
            this.problem(
              locate(["metadata", "namespace"]) ?? start,
              `${kind.toLowerCase()}/${name}: metadata.namespace ${(0, import_names2.quoteName)(namespace)} is not a valid namespace name (${import_names2.NAMESPACE_RULE})`
            );
            return;
          }
        } else {
          this.problem(
            locate(["metadata", "namespace"]) ?? start,
            `${kind.toLowerCase()}/${name}: metadata.namespace must be a string, found ${describeType(namespaceValue)}`
          );
          return;
        }
        for (const mapName of ["labels", "annotations"]) {
          const problem = stringMapProblem(field2(metadata, mapName));
          if (problem === void 0) continue;
          const where = locate(["metadata", mapName]) ?? start;
          this.problem(
            where,
            `${kind.toLowerCase()}/${name}: metadata.${mapName}${problem} (kubectl rejects it)`
          );
          return;
        }
        this.manifests.push({
          id: { kind, namespace, name },
          file: this.file,
          line: this.lineCounter.linePos(start).line,
          object,
          ...namespaceAssumed ? { namespaceAssumed: true } : {}
        });
      }
      /** A document kubectl would reject for a reason the YAML parse does not report. */
      rejected(offset, message) {
        this.problem(offset, message);
      }
      failed(offset, error) {
        this.problem(offset, `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure2(error)}`);
      }
      problem(offset, message, severity = "error", duplicateKey = false) {
        const { line, col } = this.lineCounter.linePos(offset);
        this.problems.push({
          file: this.file,
          line,
          col,
          message,
          severity,
          ...duplicateKey ? { duplicateKey: true } : {}
        });
      }
    };
  }
});

// src/core/manifests/crd-schema.ts
function withoutCrdSchema(source2) {
  if (!source2.includes("CustomResourceDefinition")) return source2;
  const markers = [...source2.matchAll(MARKER)];
  if (markers.length > 1 || markers.length === 1 && source2.slice(0, markers[0].index).trim() !== "") {
    return source2;
  }
  if (!KIND.test(source2) || !API_VERSION.test(source2)) return source2;
  const spec = SPEC.exec(source2);
  if (spec === null) return source2;
  let end = source2.indexOf("\n", spec.index);
  while (end !== -1 && end + 1 < source2.length) {
    const next = source2[end + 1];
    if (next !== " " && next !== "	" && next !== "\n" && next !== "\r") break;
    end = source2.indexOf("\n", end + 1);
  }
  const blockEnd = end === -1 ? source2.length : end + 1;
  const block = source2.slice(spec.index, blockEnd);
  return source2.slice(0, spec.index) + block.replace(/[^\n]/g, "") + source2.slice(blockEnd);
}
var KIND, API_VERSION, SPEC, MARKER;
var init_crd_schema = __esm({
  "src/core/manifests/crd-schema.ts"() {
    "use strict";
    KIND = /^kind:[ \t]*(["']?)CustomResourceDefinition\1[ \t]*(?:#.*)?\r?$/m;
    API_VERSION = /^apiVersion:[ \t]*(["']?)apiextensions\.k8s\.io\/v1(?:beta1)?\1[ \t]*(?:#.*)?\r?$/m;
    SPEC = /^spec:[ \t]*(?:#.*)?\r?$/m;
    MARKER = /^(?:---|\.\.\.)/gm;
  }
});

// src/core/manifests/json-stream.ts
function jsonStream(source2) {
  const values = [];
  let i = skipSpace(source2, 0);
  if (source2[i] !== "{") return void 0;
  while (i < source2.length) {
    if (source2[i] !== "{") return void 0;
    const end = objectEnd(source2, i);
    if (end === void 0) return void 0;
    try {
      values.push({ value: JSON.parse(source2.slice(i, end + 1)), start: i });
    } catch {
      return void 0;
    }
    i = skipSpace(source2, end + 1);
  }
  return values;
}
function skipSpace(text, from) {
  let i = from;
  while (i < text.length && " 	\r\n".includes(text[i])) i += 1;
  return i;
}
function objectEnd(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i += 1;
    } else if (char === "{" || char === "[") {
      depth += 1;
    } else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return void 0;
}
var init_json_stream = __esm({
  "src/core/manifests/json-stream.ts"() {
    "use strict";
  }
});

// src/core/manifests/under-indented.ts
function indentContinuationLines(source2) {
  let text = source2;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const start = firstCutConstruct(text);
    if (start === void 0) break;
    const end = text[start] === "[" || text[start] === "{" ? flowEnd(text, start) : quotedEnd(text, start);
    if (end === void 0) break;
    const indented = indentLines(text, start, end);
    if (indented === text) break;
    text = indented;
  }
  return text === source2 ? void 0 : text;
}
function firstCutConstruct(text) {
  let offset = 0;
  let depth = 0;
  let flowStart = 0;
  for (const token of new import_yaml.Lexer().lex(text)) {
    if (token === import_yaml.CST.FLOW_END) return depth > 0 ? flowStart : void 0;
    if (MARKERS.has(token)) continue;
    const type = import_yaml.CST.tokenType(token);
    if (type === "flow-map-start" || type === "flow-seq-start") {
      if (depth === 0) flowStart = offset;
      depth += 1;
    } else if ((type === "flow-map-end" || type === "flow-seq-end") && depth > 0) {
      depth -= 1;
    } else if (type === "single-quoted-scalar" || type === "double-quoted-scalar") {
      const end = quotedEnd(text, offset);
      if (end !== void 0 && end + 1 > offset + token.length) return depth > 0 ? flowStart : offset;
    }
    offset += token.length;
  }
  return void 0;
}
function isDocumentMarkerAt(text, lineStart) {
  const marker = text.slice(lineStart, lineStart + 3);
  if (marker !== "---" && marker !== "...") return false;
  const next = text[lineStart + 3];
  return next === void 0 || next === " " || next === "	" || next === "\r" || next === "\n";
}
function quotedEnd(text, start) {
  const quote2 = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === "\n" && isDocumentMarkerAt(text, i + 1)) return void 0;
    if (quote2 === '"' && char === "\\") i += 1;
    else if (char === quote2) {
      if (quote2 === "'" && text[i + 1] === "'") i += 1;
      else return i;
    }
  }
  return void 0;
}
function flowEnd(text, start) {
  let depth = 0;
  let nodeStart2 = true;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === "\n") {
      if (isDocumentMarkerAt(text, i + 1)) return void 0;
      continue;
    }
    if (char === " " || char === "	" || char === "\r") continue;
    if (char === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      const newline = text.indexOf("\n", i);
      if (newline === -1) return void 0;
      i = newline - 1;
    } else if (char === "[" || char === "{") {
      depth += 1;
      nodeStart2 = true;
    } else if (char === "]" || char === "}") {
      depth -= 1;
      if (depth === 0) return i;
      nodeStart2 = false;
    } else if (char === ",") {
      nodeStart2 = true;
    } else if (char === ":" && (nodeStart2 || /[\s,[\]{}]/.test(text[i + 1] ?? " "))) {
      nodeStart2 = true;
    } else if (char === "?" && nodeStart2) {
      nodeStart2 = true;
    } else if ((char === "'" || char === '"') && nodeStart2) {
      const end = quotedEnd(text, i);
      if (end === void 0) return void 0;
      i = end;
      nodeStart2 = false;
    } else if ((char === "&" || char === "!") && nodeStart2) {
      while (i + 1 < text.length && !/[\s,[\]{}]/.test(text[i + 1])) i += 1;
    } else {
      nodeStart2 = false;
    }
  }
  return void 0;
}
function indentLines(text, start, end) {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const column = start - lineStart;
  let out = text.slice(0, start);
  let from = start;
  for (let newline = text.indexOf("\n", start); newline !== -1 && newline < end; ) {
    const next = newline + 1;
    let spaces = 0;
    while (text[next + spaces] === " ") spaces += 1;
    const lineEnd = text.indexOf("\n", next);
    const blank = /^[ \t\r]*$/.test(text.slice(next, lineEnd === -1 ? text.length : lineEnd));
    out += text.slice(from, next);
    if (!blank && spaces < column) out += " ".repeat(column - spaces);
    from = next;
    newline = text.indexOf("\n", next);
  }
  return out + text.slice(from);
}
var import_yaml, MAX_ROUNDS, MARKERS;
var init_under_indented = __esm({
  "src/core/manifests/under-indented.ts"() {
    "use strict";
    import_yaml = require("./vendor/yaml.js");
    MAX_ROUNDS = 200;
    MARKERS = /* @__PURE__ */ new Set([import_yaml.CST.DOCUMENT, import_yaml.CST.SCALAR, import_yaml.CST.FLOW_END]);
  }
});

// src/core/manifests/parse-manifests.ts
var parse_manifests_exports = {};
__export(parse_manifests_exports, {
  isProbablyManifestText: () => isProbablyManifestText,
  mayHoldSecret: () => mayHoldSecret,
  parseManifests: () => parseManifests
});
function parseManifests(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const { source: source2 } = decoded;
  const fast = opts.fast === false ? void 0 : parseFast(file, source2, opts);
  if (fast !== void 0) return fast;
  let parsed = parseYaml(source2);
  if ("docs" in parsed && errorCount(parsed) > 0) {
    const indented = indentContinuationLines(source2);
    const reparsed = indented === void 0 ? void 0 : parseYaml(indented);
    if (reparsed !== void 0 && "docs" in reparsed && errorCount(reparsed) < errorCount(parsed)) {
      parsed = reparsed;
    }
  }
  if (!("docs" in parsed)) {
    const message = `cannot parse file: ${mayHoldSecret(source2) ? "details not shown (the file holds a Secret)" : describeFailure2(parsed.error)}`;
    return { manifests: [], problems: [{ file, line: 1, col: 1, message, severity: "error" }] };
  }
  const { docs, lineCounter } = parsed;
  const json = errorCount(parsed) > 0 ? jsonStream(source2) : void 0;
  if (json !== void 0) {
    const reader2 = new DocumentReader(file, source2, lineCounter, opts, mayHoldSecret(source2));
    for (const { value, start } of json) reader2.readValue(value, start, () => void 0);
    return { manifests: reader2.manifests, problems: notAManifestIsAWarning(source2, reader2.cappedProblems()) };
  }
  const reader = new DocumentReader(file, parsed.source, lineCounter, opts, mayHoldSecret(source2));
  for (const doc of docs) {
    try {
      const key = doc.errors.length === 0 ? collectionKey(doc) : void 0;
      if (key !== void 0) {
        reader.rejected(
          key,
          "a mapping key is itself a mapping or a list (an unrendered template such as {{value}}?): kubectl rejects it, document ignored"
        );
        continue;
      }
      reader.readDocument(doc, unresolvedAlias);
    } catch (error) {
      reader.failed(doc.range[0], error);
    }
  }
  return { manifests: reader.manifests, problems: notAManifestIsAWarning(source2, reader.cappedProblems()) };
}
function yamlOptions(lineCounter) {
  return {
    lineCounter,
    uniqueKeys: true,
    merge: true,
    prettyErrors: false,
    // Keeps yaml from calling process.emitWarning (stderr noise) on odd keys; errors still come back.
    logLevel: "error",
    // What kubectl sends: it reads YAML 1.1 (go-yaml v2 through sigs.k8s.io/yaml), where yes/no/
    // on/off/y/n are booleans and 017 is octal. go-yaml v2 keeps dates and 1:20 as strings.
    version: "1.1",
    customTags: asKubectlReadsIt
  };
}
function parseYaml(source2) {
  const lineCounter = new import_yaml2.LineCounter();
  try {
    return { source: source2, docs: [...(0, import_yaml2.parseAllDocuments)(source2, yamlOptions(lineCounter))], lineCounter };
  } catch (error) {
    return { error };
  }
}
function errorCount(parsed) {
  return parsed.docs.reduce((sum, doc) => sum + doc.errors.length, 0);
}
function collectionKey(doc) {
  let found;
  (0, import_yaml2.visit)(doc, {
    Pair(_key, pair) {
      if (!(0, import_yaml2.isCollection)(pair.key)) return void 0;
      found = pair.key.range?.[0] ?? doc.range[0];
      return import_yaml2.visit.BREAK;
    }
  });
  return found;
}
function unresolvedAlias(doc) {
  let found;
  (0, import_yaml2.visit)(doc, {
    Alias(_key, alias) {
      if (alias.resolve(doc) !== void 0) return void 0;
      found = { offset: alias.range?.[0] ?? doc.range[0], name: alias.source };
      return import_yaml2.visit.BREAK;
    }
  });
  return found;
}
function asKubectlReadsIt(tags) {
  return tags.filter((tag) => {
    const { tag: name, format } = tag;
    return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
  }).map((tag) => {
    const { tag: name, format, test } = tag;
    if (name !== "tag:yaml.org,2002:float" || test === void 0) return tag;
    if (format === "EXP") return { ...tag, test: GO_FLOAT_EXP };
    if (format === void 0 && test.test("1.5"))
      return { ...tag, test: GO_FLOAT };
    return tag;
  });
}
var import_yaml2, GO_MANTISSA, GO_FLOAT, GO_FLOAT_EXP;
var init_parse_manifests = __esm({
  "src/core/manifests/parse-manifests.ts"() {
    "use strict";
    import_yaml2 = require("./vendor/yaml.js");
    init_decode_source();
    init_json_stream();
    init_manifest_reader();
    init_under_indented();
    init_yaml_messages();
    init_manifest_reader();
    init_yaml_messages();
    GO_MANTISSA = "[-+]?(?:\\.[0-9_]*[0-9][0-9_]*|[0-9][0-9_]*(?:\\.[0-9_]*)?)";
    GO_FLOAT = new RegExp(`^(?=[^eE]*\\.)${GO_MANTISSA}$`);
    GO_FLOAT_EXP = new RegExp(`^${GO_MANTISSA}[eE][-+]?[0-9_]*[0-9][0-9_]*$`);
  }
});

// src/core/manifests/parse-manifest-file.ts
async function parseManifestFile(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const trimmed = withoutCrdSchema(decoded.source);
  const parsed = await parseSource(file, trimmed, opts);
  return trimmed !== decoded.source && parsed.problems.length > 0 ? parseSource(file, decoded.source, opts) : parsed;
}
async function parseSource(file, source2, opts) {
  if (opts.fast !== false) {
    const fast = parseManifestsFast(file, source2, opts);
    if (fast !== void 0) return fast;
  }
  const { parseManifests: parseManifests2 } = await Promise.resolve().then(() => (init_parse_manifests(), parse_manifests_exports));
  return parseManifests2(file, source2, { ...opts, fast: false });
}
var init_parse_manifest_file = __esm({
  "src/core/manifests/parse-manifest-file.ts"() {
    "use strict";
    init_crd_schema();
    init_decode_source();
    init_manifest_reader();
  }
});

// src/core/manifests/parse-documents.ts
async function parseManifestDocuments(file, text, opts, documents) {
  const fast = parseManifestsFast(file, text, opts);
  if (fast !== void 0) return fast;
  const whole = () => parseManifestFile(file, text, { ...opts, fast: false });
  if (text.length < MIN_SPLIT_BYTES) return whole();
  const decoded = decodeSource(file, text);
  const docs = "source" in decoded ? documentsOf(decoded.source) : void 0;
  if (docs === void 0 || docs.length < 2) return whole();
  const manifests = [];
  for (const doc of docs) {
    let parsed = documents.get(doc.text);
    if (parsed === void 0) {
      const result = await parseManifestFile("", doc.text, opts);
      if (result.problems.length > 0) return whole();
      parsed = result.manifests;
      documents.set(doc.text, parsed);
    }
    for (const m of parsed) manifests.push({ ...m, file, line: m.line + doc.line - 1 });
  }
  return { manifests, problems: [] };
}
function documentsOf(source2) {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(source2)) return void 0;
  const docs = [];
  const separator = /^---[ \t]*\r?\n/gm;
  let start = 0;
  let line = 1;
  const push = (end) => {
    const text = source2.slice(start, end);
    if (text.trim() !== "") docs.push({ text, line });
  };
  for (let match = separator.exec(source2); match !== null; match = separator.exec(source2)) {
    push(match.index);
    line += countLines(source2, start, match.index + match[0].length);
    start = match.index + match[0].length;
  }
  push(source2.length);
  return docs;
}
function countLines(text, from, to) {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}
var MIN_SPLIT_BYTES;
var init_parse_documents = __esm({
  "src/core/manifests/parse-documents.ts"() {
    "use strict";
    init_decode_source();
    init_manifest_reader();
    init_parse_manifest_file();
    MIN_SPLIT_BYTES = 64 * 1024;
  }
});

// src/core/sources/deployed-dirs.ts
function deploymentsOf(objects) {
  const deployments = [];
  for (const object of objects) {
    for (const { path, settings, by } of pathsNamedBy(object)) {
      const dir = normalizedDir(path);
      if (dir === void 0) continue;
      const components = (settings.components ?? []).map((c) => normalizedDir(c, dir));
      if (components.some((c) => c === void 0)) delete settings.components;
      else if (components.length > 0) settings.components = components;
      deployments.push({ dir, by, settings });
    }
  }
  return deployments;
}
function isPlainDeployment(settings) {
  return Object.keys(settings).length === 0;
}
function deploymentsOfDir(dir, deployments) {
  const own = deployments.filter((d) => d.dir === dir);
  const bySettings = /* @__PURE__ */ new Map();
  for (const d of own) {
    const key = JSON.stringify(d.settings);
    if (!bySettings.has(key)) bySettings.set(key, isPlainDeployment(d.settings) ? void 0 : d);
  }
  return own.length === 0 ? [void 0] : [...bySettings.values()];
}
function pathsNamedBy(object) {
  const apiVersion = field2(object, "apiVersion");
  const kind = field2(object, "kind");
  if (typeof apiVersion !== "string") return [];
  const group = apiVersion.split("/")[0];
  const spec = field2(object, "spec");
  const metadata = field2(object, "metadata");
  const name = [field2(metadata, "namespace"), field2(metadata, "name")].filter((part) => typeof part === "string").join("/");
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") {
    return [{ path: field2(spec, "path"), by: `Flux Kustomization ${name}`, settings: fluxSettings(spec) }];
  }
  if (group !== "argoproj.io") return [];
  if (kind === "Application") return sourcePaths(spec, `Argo CD Application ${name}`);
  if (kind === "ApplicationSet")
    return sourcePaths(field2(field2(spec, "template"), "spec"), `Argo CD ApplicationSet ${name}`);
  return [];
}
function fluxSettings(spec) {
  const settings = {};
  const namespace = plainString(field2(spec, "targetNamespace"));
  if (namespace) settings.namespace = namespace;
  setAffixes(settings, spec);
  const components = field2(spec, "components");
  if (Array.isArray(components)) {
    const dirs = components.filter((c) => typeof c === "string");
    if (dirs.length > 0) settings.components = dirs;
  }
  const patches = field2(spec, "patches");
  const inline = Array.isArray(patches) ? patches.filter((p) => typeof field2(p, "patch") === "string") : [];
  if (inline.length > 0)
    settings.patches = inline.map((p) => ({ patch: field2(p, "patch"), target: field2(p, "target") }));
  const postBuild = field2(spec, "postBuild");
  const given = field2(postBuild, "substitute");
  const from = field2(postBuild, "substituteFrom");
  const vars = {};
  if (isRecord(given)) {
    for (const [key, value] of Object.entries(given)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        vars[key] = String(value);
    }
  }
  const keepUnknown = Array.isArray(from) && from.length > 0;
  if (Object.keys(vars).length > 0 || keepUnknown) settings.substitute = { vars, keepUnknown };
  return settings;
}
function sourcePaths(appSpec, by) {
  const defaultNamespace = plainString(field2(field2(appSpec, "destination"), "namespace"));
  const sources = field2(appSpec, "sources");
  return [field2(appSpec, "source"), ...Array.isArray(sources) ? sources.filter(isRecord) : []].filter((source2) => source2 !== void 0).map((source2) => {
    const settings = {};
    if (defaultNamespace) settings.defaultNamespace = defaultNamespace;
    const kustomize = field2(source2, "kustomize");
    const namespace = plainString(field2(kustomize, "namespace"));
    if (namespace) settings.namespace = namespace;
    setAffixes(settings, kustomize);
    return { path: field2(source2, "path"), by, settings };
  });
}
function setAffixes(settings, holder) {
  const prefix = plainString(field2(holder, "namePrefix"));
  const suffix = plainString(field2(holder, "nameSuffix"));
  if (prefix) settings.namePrefix = prefix;
  if (suffix) settings.nameSuffix = suffix;
}
function plainString(value) {
  if (typeof value !== "string" || value === "" || value.includes("{{") || value.includes("$"))
    return void 0;
  return value;
}
function normalizedDir(path, from = "") {
  if (typeof path !== "string" || path.includes("{{") || path.includes("$")) return void 0;
  const parts = from === "" ? [] : from.split("/");
  for (const part of path.trim().split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return void 0;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.join("/");
}
var init_deployed_dirs = __esm({
  "src/core/sources/deployed-dirs.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/core/sources/deployed-namespaces.ts
function namespacesOfDeployments(deployments) {
  const byDir = /* @__PURE__ */ new Map();
  for (const d of deployments) {
    const replaces = d.by.startsWith("Flux") ? d.settings.namespace : void 0;
    const own = {
      ...replaces ? { namespace: replaces } : {},
      ...d.settings.defaultNamespace ? { defaultNamespace: d.settings.defaultNamespace } : {}
    };
    const seen = byDir.get(d.dir);
    if (seen === void 0) byDir.set(d.dir, own);
    else if (seen !== null && JSON.stringify(seen) !== JSON.stringify(own)) byDir.set(d.dir, null);
  }
  const dirs = [...byDir.keys()];
  if (dirs.length === 0) return void 0;
  return (file) => {
    const unit = deploymentUnitOf(file, dirs);
    const settings = unit === void 0 ? void 0 : byDir.get(unit);
    return settings ?? void 0;
  };
}
function inDeployedNamespace(manifests, namespaceOf2) {
  return manifests.map((m) => {
    if (m.id.namespace === "") return m;
    const settings = namespaceOf2(m.file);
    const namespace = settings?.namespace ?? (m.namespaceAssumed ? settings?.defaultNamespace : void 0);
    if (namespace === void 0 || namespace === m.id.namespace) return m;
    const { namespaceAssumed: _, ...rest } = m;
    return { ...rest, id: { ...m.id, namespace } };
  });
}
var init_deployed_namespaces = __esm({
  "src/core/sources/deployed-namespaces.ts"() {
    "use strict";
    init_deployment_units();
    init_deployed_dirs();
  }
});

// src/pipeline/scan/read-files.ts
async function readBytes(git, rev, paths, options, oversized) {
  if (paths.length === 0) return /* @__PURE__ */ new Map();
  const read = await git.readFilesUpTo(rev, paths, options.maxFileSize);
  for (const [path, size] of read.oversized) oversized.set(path, size);
  return read.files;
}
async function readManifests(git, rev, paths, options, problems) {
  const oversized = /* @__PURE__ */ new Map();
  const files = await readBytes(git, rev, paths, options, oversized);
  for (const [path, size] of oversized)
    problems.push(oversizedCandidateProblem(path, size, options.maxFileSize));
  return parseFiles(paths, files, options, problems);
}
function oversizedCandidateProblem(path, size, maxFileSize) {
  return {
    file: path,
    line: 1,
    col: 1,
    severity: "warning",
    unread: "over --max-file-size",
    message: `not read: ${size} bytes is over --max-file-size ${maxFileSize} (a consumer defined there is not seen)`
  };
}
async function parseFiles(paths, files, options, problems) {
  const manifests = [];
  for (const path of paths) {
    await new Promise((resolve3) => setImmediate(resolve3));
    const bytes = files.get(path);
    if (bytes === void 0) continue;
    const parsed = await parseWithOptions(path, bytes, options);
    manifests.push(...parsed.manifests);
    problems.push(...parsed.problems);
  }
  return manifests;
}
async function parseWithOptions(path, bytes, options) {
  const parsed = await parseManifestDocuments(
    path,
    bytes,
    { defaultNamespace: options.defaultNamespace },
    options.documents ?? /* @__PURE__ */ new Map()
  );
  if (!options.namespaceOf) return parsed;
  return { ...parsed, manifests: inDeployedNamespace(parsed.manifests, options.namespaceOf) };
}
var init_read_files = __esm({
  "src/pipeline/scan/read-files.ts"() {
    "use strict";
    init_parse_documents();
    init_deployed_namespaces();
  }
});

// src/pipeline/scan/candidates.ts
function withTemplateRefs(names) {
  return names.length > 0 ? [...names, TEMPLATE_REF] : names;
}
function uniqueNames(names) {
  return [...new Set(names)].filter((name) => name !== "" && !name.includes("\n")).sort();
}
async function findCandidateFiles(git, rev, names, alreadyRead, wanted, signal) {
  const pathspecs = globsToPathspecs(wanted.globs) ?? [];
  if (names.length === 0 || wanted.globs.length === 0) return [];
  const hits = await git.grepFiles(rev, names, pathspecs, signal);
  return hits.filter((path) => !alreadyRead.has(path) && wanted(path));
}
function earlyCandidateSearch(git, rev, baseFiles, alreadyRead, wanted, options) {
  const names = new Set(
    withTemplateRefs(
      [...baseFiles.values()].flatMap((bytes) => configNamesInText(bytes.toString("utf8"))).filter((name) => name !== "" && !name.includes("\n"))
    )
  );
  if (names.size === 0) return void 0;
  const parsed = /* @__PURE__ */ new Map();
  const hits = git.grepAndReadFiles(rev, [...names], globsToPathspecs(wanted.globs) ?? [], {
    read: (path) => !alreadyRead.has(path) && wanted(path),
    maxBytes: options.maxFileSize,
    onFile(path, file) {
      const problems = [];
      if ("oversized" in file) {
        problems.push(oversizedCandidateProblem(path, file.oversized, options.maxFileSize));
        return void parsed.set(path, { manifests: [], problems });
      }
      const result = parseWithOptions(path, file.bytes, options);
      result.catch(() => {
      });
      parsed.set(path, result);
    }
  });
  hits.catch(() => {
  });
  return { names, hits, parsed };
}
async function readCandidates(git, rev, names, early, ctx) {
  const problems = [];
  const manifests = await readAll(git, rev, names, early, { ...ctx, problems });
  ctx.problems.push(...await problemsThatMatter(git, rev, names, problems));
  return manifests;
}
async function problemsThatMatter(git, rev, names, problems) {
  if (problems.length === 0 || !names.includes(TEMPLATE_REF)) return problems;
  const configNames = names.filter((name) => name !== TEMPLATE_REF);
  const files = [...new Set(problems.filter((p) => p.unread === void 0).map((p) => p.file))];
  const texts = await git.readFiles(rev, files);
  const namesAConfig = (file) => {
    const text = texts.get(file)?.toString("utf8");
    return text === void 0 || configNames.some((name) => text.includes(name));
  };
  return problems.filter((p) => p.unread !== void 0 || namesAConfig(p.file));
}
async function readAll(git, rev, names, early, ctx) {
  if (early === void 0) {
    const candidates2 = await findCandidateFiles(git, rev, names, ctx.alreadyRead, ctx.wanted);
    return readManifests(git, rev, candidates2, ctx.options, ctx.problems);
  }
  const missed = names.filter((name) => !early.names.has(name));
  const [guessed, more] = await Promise.all([
    early.hits,
    findCandidateFiles(git, rev, missed, ctx.alreadyRead, ctx.wanted)
  ]);
  const candidates = [
    .../* @__PURE__ */ new Set([...guessed.filter((path) => !ctx.alreadyRead.has(path) && ctx.wanted(path)), ...more])
  ].sort();
  const unread = candidates.filter((path) => !early.parsed.has(path));
  const lateProblems = [];
  const late = unread.length > 0 ? await readManifests(git, rev, unread, ctx.options, lateProblems) : [];
  const lateByPath = new Map(
    unread.map((path) => [path, { manifests: [], problems: [] }])
  );
  for (const m of late) lateByPath.get(m.file)?.manifests.push(m);
  for (const p of lateProblems) lateByPath.get(p.file)?.problems.push(p);
  const manifests = [];
  for (const path of candidates) {
    const result = lateByPath.get(path) ?? await early.parsed.get(path);
    manifests.push(...result?.manifests ?? []);
    ctx.problems.push(...result?.problems ?? []);
  }
  return manifests;
}
var TEMPLATE_REF;
var init_candidates = __esm({
  "src/pipeline/scan/candidates.ts"() {
    "use strict";
    init_config_names_in_text();
    init_glob_pathspecs();
    init_read_files();
    TEMPLATE_REF = "workloadRef";
  }
});

// borrowed:src/pipeline/scan/path-filter.ts
var require_path_filter = __commonJS({
  "borrowed:src/pipeline/scan/path-filter.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/pipeline/scan/path-filter.ts"];
  }
});

// src/pipeline/scan/configs-at-head.ts
var configs_at_head_exports = {};
__export(configs_at_head_exports, {
  collectConfigs: () => collectConfigs,
  readConfigsAt: () => readConfigsAt
});
async function readConfigsAt(git, rev, ids, known, options, owned) {
  const missing = ids.filter((id) => !known.has((0, import_model35.idKey)(id)));
  if (missing.length === 0) return known;
  const wanted = await (0, import_path_filter.createPathFilter)(options, owned);
  const files = await findCandidateFiles(
    git,
    rev,
    [...new Set(missing.map((id) => id.name))],
    /* @__PURE__ */ new Set(),
    wanted
  );
  const problems = [];
  const manifests = await readManifests(git, rev, files, options, problems);
  const missingKeys = new Set(missing.map(import_model35.idKey));
  collectConfigs(
    manifests.filter((m) => missingKeys.has((0, import_model35.idKey)(m.id))),
    known,
    problems
  );
  return known;
}
function collectConfigs(manifests, into, problems, known) {
  for (const manifest of manifests) {
    const key = (0, import_model35.idKey)(manifest.id);
    if (!isConfigManifest(manifest) || into.has(key)) continue;
    const made = known?.get(key);
    if (made !== void 0 && made.file === manifest.file && made.line === manifest.line) {
      into.set(key, { manifest, snapshot: made });
      continue;
    }
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    into.set(key, {
      manifest,
      snapshot: { id: manifest.id, file: manifest.file, line: manifest.line, content }
    });
  }
}
var import_model35, import_path_filter;
var init_configs_at_head = __esm({
  "src/pipeline/scan/configs-at-head.ts"() {
    "use strict";
    init_config_content();
    import_model35 = __toESM(require_model(), 1);
    init_candidates();
    import_path_filter = __toESM(require_path_filter(), 1);
    init_read_files();
  }
});

// src/pipeline/scan/base-problems.ts
function problemsOnce(baseProblems, headProblems, changedFiles) {
  const headPathOf = new Map(
    changedFiles.filter((f) => f.status !== "D").map((f) => [f.oldPath ?? f.path, f.path])
  );
  const brokenAtHead = new Set(headProblems.map((p) => p.file));
  const kept = baseProblems.filter((p) => {
    const headPath = headPathOf.get(p.file);
    return headPath === void 0 || !brokenAtHead.has(headPath);
  }).map((p) => ({ ...p, severity: "warning", message: `at the base commit: ${p.message}` }));
  return [...kept, ...headProblems];
}
var init_base_problems = __esm({
  "src/pipeline/scan/base-problems.ts"() {
    "use strict";
  }
});

// src/pipeline/scan/objects-across-files.ts
function unreadFilesOf(oversized, headProblems, owned) {
  const unread = {
    base: new Map([...oversized.base.keys()].map((path) => [path, "oversized"])),
    head: new Map([...oversized.head.keys()].map((path) => [path, "oversized"]))
  };
  for (const problem of headProblems) {
    if (owned?.(problem.file)) continue;
    if (problem.severity === "error" && !unread.head.has(problem.file))
      unread.head.set(problem.file, "broken");
  }
  return unread;
}
function oversizedFileProblems(changedFiles, oversized, maxFileSize) {
  const problems = [];
  for (const file of changedFiles) {
    const basePath = file.oldPath ?? file.path;
    const sizes = [
      ["base", file.status === "A" ? void 0 : oversized.base.get(basePath)],
      ["head", file.status === "D" ? void 0 : oversized.head.get(file.path)]
    ];
    const over = sizes.filter(([, size]) => size !== void 0);
    if (over.length === 0) continue;
    const what = over.map(([side, size]) => `${size} bytes at the ${side} commit`).join(" and ");
    problems.push({
      file: file.status === "D" ? basePath : file.path,
      line: 1,
      col: 1,
      severity: "warning",
      unread: "over --max-file-size",
      message: `cannot tell what changed: ${what} is over --max-file-size ${maxFileSize} (raise it to read this file)`
    });
  }
  return problems;
}
async function withoutUnreadChanges(git, commits, changes, unread, problems) {
  const kept = [];
  for (const change of changes) {
    const side = change.status === "deleted" ? "head" : change.status === "added" ? "base" : void 0;
    const files = side === void 0 ? void 0 : unread[side];
    if (side === void 0 || files === void 0 || files.size === 0) {
      kept.push(change);
      continue;
    }
    const hits = await git.grepFiles(commits[side], [change.id.name], literalPathspecs([...files.keys()]));
    if (hits.length === 0) {
      kept.push(change);
      continue;
    }
    const broken = hits.find((path) => files.get(path) === "broken");
    if (broken !== void 0) {
      problems.push({
        file: broken,
        line: 1,
        col: 1,
        severity: "warning",
        message: `cannot tell whether ${(0, import_model36.formatId)(change.id)} changed: the file has errors at the ${side} commit`
      });
    }
  }
  return kept;
}
function settleWithUntouchedFiles(changes, read, untouched, problems) {
  const baseContent = contentsById(untouched.base);
  const headContent = contentsById(untouched.head);
  const settled = [];
  for (const change of changes) {
    const key = (0, import_model36.idKey)(change.id);
    const added = change.status === "added";
    const elsewhere = added ? baseContent.get(key) : change.status === "deleted" ? headContent.get(key) : void 0;
    const own = (added ? read.head : read.base).get(key);
    if (elsewhere === void 0 || own === void 0) {
      settled.push(change);
      continue;
    }
    if (added) {
      problems.push({
        file: change.file,
        line: change.line,
        col: 1,
        severity: "warning",
        message: `${(0, import_model36.formatId)(change.id)} is also defined in ${elsewhere.at.file}:${elsewhere.at.line}; compared with that definition`
      });
    }
    const keys = added ? changedKeys(elsewhere.content, own.content) : changedKeys(own.content, elsewhere.content);
    if (keys.length === 0) continue;
    const at = added ? { file: change.file, line: change.line } : elsewhere.at;
    settled.push({ ...change, ...at, status: "modified", keys });
  }
  return settled.sort((a, b) => compareIds(a.id, b.id));
}
function contentsById(manifests) {
  const byId = /* @__PURE__ */ new Map();
  for (const manifest of manifests) {
    if (!isConfigManifest(manifest) || byId.has((0, import_model36.idKey)(manifest.id))) continue;
    byId.set((0, import_model36.idKey)(manifest.id), {
      content: configContentOf(manifest).content,
      at: { file: manifest.file, line: manifest.line }
    });
  }
  return byId;
}
function literalPathspecs(paths) {
  return paths.map((path) => `:(literal)${path}`);
}
var import_model36;
var init_objects_across_files = __esm({
  "src/pipeline/scan/objects-across-files.ts"() {
    "use strict";
    init_config_content();
    init_order();
    import_model36 = __toESM(require_model(), 1);
  }
});

// src/pipeline/scan/changed-files.ts
async function readChangedManifests(git, commits, allChangedFiles, wanted, options, log) {
  const changedFiles = allChangedFiles.filter(
    (f) => wanted(f.path) || f.oldPath !== void 0 && wanted(f.oldPath)
  );
  const basePaths = changedFiles.filter((f) => f.status !== "A").map((f) => f.oldPath ?? f.path);
  const headPaths = changedFiles.filter((f) => f.status !== "D").map((f) => f.path);
  log.debug(`${changedFiles.length} changed manifest file(s)`);
  const oversized = { base: /* @__PURE__ */ new Map(), head: /* @__PURE__ */ new Map() };
  const baseFiles = await readBytes(git, commits.base, basePaths, options, oversized.base);
  const early = earlyCandidateSearch(git, commits.head, baseFiles, new Set(headPaths), wanted, options);
  const headFiles = await readBytes(git, commits.head, headPaths, options, oversized.head);
  const oversizedProblems = oversizedFileProblems(changedFiles, oversized, options.maxFileSize);
  const baseProblems = [];
  const base = await parseFiles(basePaths, baseFiles, options, baseProblems);
  const headProblems = [];
  const head = await parseFiles(headPaths, headFiles, options, headProblems);
  return {
    changedFiles,
    headPaths,
    touched: /* @__PURE__ */ new Set([...basePaths, ...headPaths]),
    oversized,
    base,
    head,
    headProblems,
    problems: [...oversizedProblems, ...problemsOnce(baseProblems, headProblems, changedFiles)],
    early
  };
}
var init_changed_files = __esm({
  "src/pipeline/scan/changed-files.ts"() {
    "use strict";
    init_base_problems();
    init_candidates();
    init_objects_across_files();
    init_read_files();
  }
});

// src/pipeline/scan/compare-commits.ts
function compareRaw(read) {
  return {
    changedFiles: read.changedFiles,
    base: read.base,
    head: read.head,
    allBase: read.base,
    allHead: read.head,
    found: findConfigChanges(read.base, read.head),
    variants: /* @__PURE__ */ new Map(),
    problems: [],
    warnings: []
  };
}
function compareWithRendered(read, owned, objects) {
  const changedFiles = read.changedFiles.filter(
    (f) => !owned(f.path) || f.oldPath !== void 0 && !owned(f.oldPath)
  );
  const allBase = [...read.base.filter((m) => !owned(m.file)), ...objects.base];
  const allHead = [...read.head.filter((m) => !owned(m.file)), ...objects.head];
  const grouped = groupBySource(allBase, allHead);
  const variants = /* @__PURE__ */ new Map();
  for (const [key, list] of grouped.variants) {
    const m = list[0].head ?? list[0].base;
    if (!workloadKindOf(m.object)) variants.set(key, list);
  }
  const found = findConfigChanges(grouped.base, grouped.head);
  found.changes = pairHashSuffixRenames(
    withSources(found.changes, grouped.base, grouped.head),
    found.snapshots
  );
  return {
    changedFiles,
    base: grouped.base,
    head: grouped.head,
    allBase,
    allHead,
    found,
    variants,
    problems: objects.problems,
    warnings: objects.warnings
  };
}
function withSources(changes, base, head) {
  const at = (manifests) => new Map(manifests.map((m) => [(0, import_model37.idKey)(m.id), m]));
  const before = at(base);
  const after = at(head);
  return changes.map((change) => {
    const m = (change.status === "deleted" ? before : after).get((0, import_model37.idKey)(change.id));
    if (m?.origin === void 0) return change;
    return { ...change, origin: m.origin, ...m.blamedFile ? { blamedFile: m.blamedFile } : {} };
  });
}
var import_model37;
var init_compare_commits = __esm({
  "src/pipeline/scan/compare-commits.ts"() {
    "use strict";
    init_workload_kinds();
    init_config_changes();
    import_model37 = __toESM(require_model(), 1);
    init_rolls_on_apply();
    init_source_variants();
  }
});

// src/pipeline/scan/gitops-deployments.ts
async function findDeployments(git, ctx, dirs) {
  const wanted = new Set(dirs.filter((dir) => dir !== ""));
  if (wanted.size === 0) return [];
  const globs = ctx.paths?.globs ?? ["**/*.yaml", "**/*.yml", "**/*.json"];
  const spellings = [...wanted].flatMap(
    (dir) => [": ", '"', "'"].flatMap((before) => [`${before}${dir}`, `${before}./${dir}`])
  );
  const hits = (await git.grepFiles(ctx.head, spellings, globsToPathspecs([...globs]) ?? [])).filter(
    (path) => MANIFEST_FILE.test(path) && (ctx.paths?.matches(path) ?? true)
  );
  if (hits.length === 0) return [];
  const { files } = await git.readFilesUpTo(ctx.head, hits, MAX_GITOPS_FILE_BYTES);
  const objects = [];
  for (const [path, bytes] of files) {
    const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
    objects.push(...parsed.manifests.map((m) => m.object));
  }
  return deploymentsOf(objects).filter((d) => wanted.has(d.dir));
}
var MAX_GITOPS_FILE_BYTES, MANIFEST_FILE;
var init_gitops_deployments = __esm({
  "src/pipeline/scan/gitops-deployments.ts"() {
    "use strict";
    init_parse_manifest_file();
    init_deployed_dirs();
    init_glob_pathspecs();
    MAX_GITOPS_FILE_BYTES = 1024 * 1024;
    MANIFEST_FILE = /\.(ya?ml|json)$/;
  }
});

// src/pipeline/scan/new-at-base.ts
async function settleAtBase(git, base, ctx) {
  const { compared, read } = ctx;
  const baseIds = new Set(compared.base.map((m) => (0, import_model38.idKey)(m.id)));
  const unreadAtBase = new Set(
    compared.changedFiles.filter((f) => read.oversized.base.has(f.oldPath ?? f.path)).map((f) => f.path)
  );
  const maybeNewWorkloads = compared.head.filter(
    (m) => workloadKindOf(m.object) && !baseIds.has((0, import_model38.idKey)(m.id)) && !unreadAtBase.has(m.file)
  );
  const namesAtBase = uniqueNames([
    ...ctx.changes.filter((c) => c.status === "added").map((c) => c.id.name),
    ...maybeNewWorkloads.map((m) => m.id.name)
  ]);
  const untouchedAtBase = namesAtBase.length === 0 ? [] : await readManifests(
    git,
    base,
    await findCandidateFiles(git, base, namesAtBase, read.touched, ctx.wanted),
    ctx.options,
    []
  );
  const definedAtBase = new Set(untouchedAtBase.map((m) => (0, import_model38.idKey)(m.id)));
  const newWorkloadIds = new Set(
    maybeNewWorkloads.map((m) => (0, import_model38.idKey)(m.id)).filter((key) => !definedAtBase.has(key))
  );
  const changes = settleWithUntouchedFiles(
    ctx.changes,
    compared.found.snapshots,
    { base: untouchedAtBase, head: [] },
    ctx.problems
  );
  return { newWorkloadIds, changes };
}
var import_model38;
var init_new_at_base = __esm({
  "src/pipeline/scan/new-at-base.ts"() {
    "use strict";
    init_workload_kinds();
    import_model38 = __toESM(require_model(), 1);
    init_candidates();
    init_objects_across_files();
    init_read_files();
  }
});

// src/core/sources/helm-charts.ts
function chartReport(chartDirs, changedPaths, options) {
  const inside = (dir, path) => dir === "" || path.startsWith(`${dir}/`);
  const outermost = [...new Set(chartDirs)].filter((dir) => !chartDirs.some((other) => other !== dir && inside(other, dir))).sort();
  const warnings = [];
  const untouched = [];
  const fixtures = [];
  for (const dir of outermost) {
    const changed = changedPaths.filter((path) => inside(dir, path) && !NOT_RENDERED.test(path));
    if (HIDDEN_DIR.test(dir)) {
      if (changed.length > 0) fixtures.push(dir);
      continue;
    }
    if (changed.length === 0) {
      untouched.push(dir || ".");
      continue;
    }
    if (options.render && changed.some((path) => options.render.isRenderInput(path))) continue;
    warnings.push({
      file: dir === "" ? "Chart.yaml" : `${dir}/Chart.yaml`,
      message: touchedChartWarning(dir, changed, options),
      unread: "Helm chart, not rendered"
    });
  }
  const fixtureNotes = fixtures.map(
    (dir) => `Helm chart ${dir}: changed, not planned: a chart under a hidden directory is taken for a CI or test fixture, not a deployed chart (--render plans it if it is deployed)`
  );
  return { notes: [...options.render ? [] : untouchedNote(untouched), ...fixtureNotes], warnings };
}
function touchedChartWarning(dir, changed, options) {
  const shown2 = dir || ".";
  const first = dir === "" ? changed[0] : changed[0].slice(dir.length + 1);
  const files = changed.length === 1 ? first : `${first} and ${changed.length - 1} more file(s)`;
  const release = dir === "" ? "release" : dir.slice(dir.lastIndexOf("/") + 1);
  const recipe = `--render 'helm template ${release} ${shown2}' --render-paths '${dir === "" ? "**" : `${dir}/**`}'`;
  const why = options.render ? "none of its changed files is among --render-paths, so --render does not run for it" : "Helm charts are planned only through --render";
  return `Helm chart ${shown2} changed (${files}) but was not rendered: ${why}. To plan from it: ${recipe} (with the -n and -f values your deploy step uses)`;
}
function untouchedNote(dirs) {
  if (dirs.length === 0) return [];
  const how = "charts are planned only through --render 'helm template ...'";
  if (dirs.length === 1)
    return [`Helm chart ${dirs[0]}: not read, the range touches none of its files; ${how}`];
  const more = dirs.length > MAX_NAMED2 ? ` and ${dirs.length - MAX_NAMED2} more` : "";
  return [
    `${dirs.length} Helm charts not read, the range touches none of their files (${dirs.slice(0, MAX_NAMED2).join(", ")}${more}); ${how}`
  ];
}
var MAX_NAMED2, NOT_RENDERED, HIDDEN_DIR;
var init_helm_charts = __esm({
  "src/core/sources/helm-charts.ts"() {
    "use strict";
    MAX_NAMED2 = 5;
    NOT_RENDERED = /(^|\/)(README[^/]*|LICENSE[^/]*|[^/]*\.md|NOTES\.txt|\.helmignore)$/i;
    HIDDEN_DIR = /(^|\/)\.[^/]/;
  }
});

// borrowed:src/core/sources/kustomization-names.ts
var require_kustomization_names = __commonJS({
  "borrowed:src/core/sources/kustomization-names.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/sources/kustomization-names.ts"];
  }
});

// src/core/sources/paths-at-base.ts
function pathsAtBase(headPaths, changes, relevant) {
  const paths = new Set(headPaths.filter(relevant));
  const differ = /* @__PURE__ */ new Set();
  for (const change of changes) {
    switch (change.status) {
      case "A":
      case "C":
        paths.delete(change.path);
        break;
      case "D":
        if (relevant(change.path)) {
          paths.add(change.path);
          differ.add(change.path);
        }
        break;
      case "R":
        paths.delete(change.path);
        if (change.oldPath !== void 0 && relevant(change.oldPath)) {
          paths.add(change.oldPath);
          differ.add(change.oldPath);
        }
        break;
      case "M":
      case "T":
        if (relevant(change.path)) differ.add(change.path);
        break;
    }
  }
  return { paths: [...paths].sort(), differ };
}
var init_paths_at_base = __esm({
  "src/core/sources/paths-at-base.ts"() {
    "use strict";
  }
});

// src/render/renderer-environment.ts
function trustedPathDirs(pathValue, untrusted) {
  const roots = untrusted.map((root) => (0, import_node_path2.resolve)(root));
  return (pathValue ?? "").split(import_node_path2.delimiter).filter((dir) => dir !== "" && (0, import_node_path2.isAbsolute)(dir)).map((dir) => (0, import_node_path2.resolve)(dir)).filter((dir) => !roots.some((root) => dir === root || dir.startsWith(root + import_node_path2.sep)));
}
function findExecutable(name, dirs) {
  for (const dir of dirs) {
    const candidate = (0, import_node_path2.join)(dir, name);
    try {
      if (!(0, import_node_fs2.statSync)(candidate).isFile()) continue;
      (0, import_node_fs2.accessSync)(candidate, import_node_fs2.constants.X_OK);
      return candidate;
    } catch {
    }
  }
  return void 0;
}
function kustomizeEnvironment(pathDirs, home) {
  return { PATH: pathDirs.join(import_node_path2.delimiter), HOME: home, LANG: "C.UTF-8", GOGC: "200" };
}
function renderCommandEnvironment(env, pathDirs, named) {
  const out = {};
  for (const key of [...RENDER_ENV_ALLOWED, ...named]) {
    if (env[key] !== void 0) out[key] = env[key];
  }
  out.PATH = pathDirs.join(import_node_path2.delimiter);
  return out;
}
function renderSlots() {
  return Math.max(1, (0, import_node_os.availableParallelism)());
}
var import_node_fs2, import_node_os, import_node_path2, RENDER_ENV_ALLOWED;
var init_renderer_environment = __esm({
  "src/render/renderer-environment.ts"() {
    "use strict";
    import_node_fs2 = require("node:fs");
    import_node_os = require("node:os");
    import_node_path2 = require("node:path");
    RENDER_ENV_ALLOWED = [
      "HOME",
      "LANG",
      "LANGUAGE",
      "LC_ALL",
      "LC_CTYPE",
      "TZ",
      "TMPDIR",
      "USER",
      "HTTP_PROXY",
      "HTTPS_PROXY",
      "NO_PROXY",
      "http_proxy",
      "https_proxy",
      "no_proxy"
    ];
  }
});

// src/render/kustomize.ts
async function findKustomize(pathDirs) {
  const kustomize = findExecutable("kustomize", pathDirs);
  if (kustomize && await runs(kustomize, ["version"], pathDirs)) {
    return { path: kustomize, label: "kustomize build", argsFor: (dir) => ["build", dir] };
  }
  const kubectl = findExecutable("kubectl", pathDirs);
  if (kubectl) return { path: kubectl, label: "kubectl kustomize", argsFor: (dir) => ["kustomize", dir] };
  return void 0;
}
async function runs(path, args, pathDirs) {
  const home = (0, import_node_os2.tmpdir)();
  const result = await (0, import_run_process2.runProcess)(path, args, {
    cwd: home,
    env: kustomizeEnvironment(pathDirs, home),
    timeoutMs: 1e4
  });
  return result.exitCode === 0;
}
async function kustomizeBuild(run, treeDir, dir, commit, signal, overlay) {
  const target = dir === "" ? "." : `./${dir}`;
  const cwd = overlay?.cwd ?? treeDir;
  if (overlay) {
    const at = (0, import_node_path3.join)(cwd, overlay.dir);
    await (0, import_promises2.mkdir)(at, { recursive: true });
    await (0, import_promises2.writeFile)((0, import_node_path3.join)(at, "kustomization.yaml"), overlay.kustomization((0, import_node_path3.relative)(at, treeDir)));
  }
  const built = overlay ? `./${overlay.dir}` : target;
  const result = await (0, import_run_process2.runProcess)(run.binary.path, run.binary.argsFor(built), {
    cwd,
    env: kustomizeEnvironment(run.pathDirs, run.home),
    timeoutMs: run.timeoutMs,
    maxOutputBytes: run.maxOutputBytes,
    ...signal ? { signal } : {}
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const command = `${run.binary.label} ${target}`;
  const detail = () => {
    const text = shortDetail(result.stderrEnd, treeDir);
    if (!run.quiet) return redactDetail(text);
    const hidden = `details not shown (the kustomization generates or holds Secrets; run \`${command}\` yourself to see them)`;
    const remote = remoteFailureDetail(result.stderrEnd);
    return remote ? `${remote}; other ${hidden}` : hidden;
  };
  if (result.failure === void 0 && result.signal === null && result.exitCode !== null) {
    throw new KustomizeBuildError(command, commit, `exit ${result.exitCode}`, detail());
  }
  throw new import_errors35.UserError(
    `\`${command}\` failed at commit ${commit.slice(0, 12)} (${stoppedWhy(result)}); nothing was applied${result.failure?.kind === "start" || result.failure?.kind === "aborted" ? "" : `: ${detail()}`}`.replace(/: $/, "")
  );
}
function stoppedWhy(result) {
  const failure = result.failure;
  if (failure?.kind === "timeout")
    return `${failure.message}, the --render-timeout; the whole process group was stopped`;
  if (failure?.kind === "output")
    return `its ${failure.message.replace(/^output/, "output is")}, the --max-file-size; the whole process group was stopped`;
  if (failure) return failure.message;
  return result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`;
}
function redactDetail(detail) {
  return detail.replace(/(literal sources?) \[[^\]]*\]/gi, "$1 [...]").replace(/(invalid literal source) [^,\n]*/gi, "$1 (value not shown)").replace(
    /(env (?:file )?line|KV pairs? from line|line) ("[^"]*"|`[^`]*`|'[^']*')/gi,
    "$1 (text not shown)"
  );
}
function remoteFailureDetail(text) {
  const withoutCredentials = (url) => url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1");
  const remotes = [
    ...text.matchAll(/accumulating resources from '([a-z][a-z0-9+.-]*:\/\/[^'\s]+|git@[^'\s]+)'/gi)
  ].map((m) => withoutCredentials(m[1]));
  const errors = [
    ...text.matchAll(
      /(fatal: [^'\n]*?(?:'[a-z][a-z0-9+.-]*:\/\/[^'\s]*'[^'\n]*?)?(?=$|\s:\s|'?: exit status)|Could not resolve host: \S+|dial tcp: lookup \S+(?: on \S+)?: no such host|connection refused|i\/o timeout|Repository not found)/gim
    )
  ].map(
    (m) => m[1].replace(/'([a-z][a-z0-9+.-]*:\/\/[^']*)'/gi, (_, url) => `'${withoutCredentials(url)}'`)
  );
  if (remotes.length === 0 && errors.length === 0) return void 0;
  const unique2 = (list) => [...new Set(list)].filter((item, _, all) => !all.some((other) => other !== item && other.includes(item)));
  const from = remotes.length > 0 ? ` ${unique2(remotes).join(", ")}` : "";
  return `could not fetch the remote resource${from}: ${unique2(errors).join("; ") || "see kustomize's message"}`;
}
function shortDetail(stderr, treeDir) {
  const lines = (0, import_run_process2.tailOf)(stderr, 4, Number.POSITIVE_INFINITY).split("\n").map((line) => line.replace(/^[EWIF]\d{4} [\d:.]+\s+\d+ \S+\] /, "")).map((line) => {
    const wrapped = /^"command failed" err="(.*)"$/.exec(line);
    return wrapped ? wrapped[1].replace(/\\"/g, '"') : line.replace(/^Error: /, "");
  }).map(
    (line) => line.replace(/^"command failed" err=<$/, "").replace(/^\s+>$/, "").trim()
  ).filter((line) => line !== "");
  const text = lines.join(" ").replace(/\/[^\s'"]*?config-rollout-render-[^/\s'"]+\/tree-\d+(\/|(?=[\s'"]|$))/g, "").replaceAll(`${treeDir}/`, "").replaceAll(treeDir, ".");
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}\u2026` : text;
}
var import_promises2, import_node_os2, import_node_path3, import_errors35, import_run_process2, NO_KUSTOMIZE_HINT, KustomizeBuildError, MAX_DETAIL_CHARS;
var init_kustomize = __esm({
  "src/render/kustomize.ts"() {
    "use strict";
    import_promises2 = require("node:fs/promises");
    import_node_os2 = require("node:os");
    import_node_path3 = require("node:path");
    import_errors35 = __toESM(require_errors(), 1);
    import_run_process2 = __toESM(require_run_process(), 1);
    init_renderer_environment();
    NO_KUSTOMIZE_HINT = "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";
    KustomizeBuildError = class extends import_errors35.UserError {
      constructor(command, commit, why, detail) {
        super(
          `\`${command}\` failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${detail ? `: ${detail}` : ""}`
        );
        this.command = command;
        this.commit = commit;
        this.why = why;
        this.detail = detail;
      }
      command;
      commit;
      why;
      detail;
      name = "KustomizeBuildError";
    };
    MAX_DETAIL_CHARS = 400;
  }
});

// src/render/render-command.ts
async function runRenderCommand(run, treeDir, commit, signal) {
  const result = await (0, import_run_process3.runProcess)(SHELL, ["-c", run.command], {
    cwd: treeDir,
    env: run.env,
    timeoutMs: run.timeoutMs,
    maxOutputBytes: run.maxOutputBytes,
    ...signal ? { signal } : {}
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  throw new import_errors36.UserError(
    `--render ${JSON.stringify(run.command)} failed at commit ${commit.slice(0, 12)} (${stoppedWhy(result)}); nothing was applied${result.stderrTail && result.failure?.kind !== "aborted" ? `. Its stderr ends with:
${result.stderrTail}` : ""}`
  );
}
var import_errors36, import_run_process3, SHELL;
var init_render_command = __esm({
  "src/render/render-command.ts"() {
    "use strict";
    import_errors36 = __toESM(require_errors(), 1);
    import_run_process3 = __toESM(require_run_process(), 1);
    init_kustomize();
    SHELL = "/bin/sh";
  }
});

// borrowed:src/pipeline/scan/glob-matcher.ts
var require_glob_matcher = __commonJS({
  "borrowed:src/pipeline/scan/glob-matcher.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/pipeline/scan/glob-matcher.ts"];
  }
});

// src/core/sources/checkout-scope.ts
function checkoutScope(dirs, files) {
  const wanted = new Set(dirs);
  for (const file of files) wanted.add(parentOf(file));
  if (wanted.has("")) return void 0;
  const inside = [...wanted].filter((dir) => dir !== ".." && !dir.startsWith("../")).sort();
  const minimal = [];
  for (const dir of inside) {
    if (!minimal.some((kept) => dir.startsWith(`${kept}/`))) minimal.push(dir);
  }
  return minimal;
}
function inScope(path, scope) {
  return scope === void 0 || scope.some((dir) => path.startsWith(`${dir}/`));
}
function parentOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
var init_checkout_scope = __esm({
  "src/core/sources/checkout-scope.ts"() {
    "use strict";
  }
});

// src/core/sources/deployment-overlay.ts
function overlayDir(index) {
  return `.config-rollout-deployments/${index}`;
}
function deploymentOverlay(dir, settings, toTree) {
  const inRepo = (path) => path === "" ? toTree : `${toTree}/${path}`;
  const kustomization = {
    apiVersion: "kustomize.config.k8s.io/v1beta1",
    kind: "Kustomization",
    resources: [inRepo(dir)]
  };
  if (settings.namespace !== void 0) kustomization.namespace = settings.namespace;
  if (settings.namePrefix !== void 0) kustomization.namePrefix = settings.namePrefix;
  if (settings.nameSuffix !== void 0) kustomization.nameSuffix = settings.nameSuffix;
  if (settings.components !== void 0) kustomization.components = settings.components.map(inRepo);
  if (settings.patches !== void 0) kustomization.patches = settings.patches;
  return `${JSON.stringify(kustomization, null, 2)}
`;
}
function needsOverlay(settings) {
  return settings.namespace !== void 0 || settings.namePrefix !== void 0 || settings.nameSuffix !== void 0 || settings.components !== void 0 || settings.patches !== void 0;
}
function describeSettings(settings) {
  const parts = [];
  if (settings.namespace !== void 0) parts.push(`namespace ${settings.namespace}`);
  if (settings.defaultNamespace !== void 0)
    parts.push(`destination namespace ${settings.defaultNamespace}`);
  if (settings.namePrefix !== void 0) parts.push(`namePrefix ${settings.namePrefix}`);
  if (settings.nameSuffix !== void 0) parts.push(`nameSuffix ${settings.nameSuffix}`);
  if (settings.components !== void 0) parts.push(`components ${settings.components.join(", ")}`);
  if (settings.patches !== void 0) parts.push(`${settings.patches.length} patch(es)`);
  if (settings.substitute !== void 0) parts.push("postBuild substitution");
  return parts.join("; ");
}
function substituteVariables(rendered, substitute) {
  return rendered.split(/^(?=---[ \t]*$)/m).map((document) => DISABLED.test(document) ? document : substituteDocument(document, substitute)).join("");
}
function substituteDocument(document, { vars, keepUnknown }) {
  return document.replace(
    VARIABLE,
    (match, name, operator, fallback) => {
      if (name === void 0) return "${";
      const value = Object.hasOwn(vars, name) ? vars[name] : void 0;
      if (operator !== void 0) {
        const useDefault = operator.startsWith(":") ? value === void 0 || value === "" : value === void 0;
        if (!useDefault) return value;
        return keepUnknown && value === void 0 ? match : fallback ?? "";
      }
      if (value !== void 0) return value;
      return keepUnknown ? match : "";
    }
  );
}
var DISABLED, VARIABLE;
var init_deployment_overlay = __esm({
  "src/core/sources/deployment-overlay.ts"() {
    "use strict";
    DISABLED = /kustomize\.toolkit\.fluxcd\.io\/substitute["']?\s*:\s*["']?disabled\b/;
    VARIABLE = /\$\$\{|\$\{([_a-zA-Z][_a-zA-Z0-9]*)(?:(:?[=-])([^}]*))?\}/g;
  }
});

// src/core/sources/kustomize-entries.ts
function refusedEntries(label, kustomizations, side, rules) {
  for (const k of kustomizations) {
    const outside = k.outside[0];
    if (outside !== void 0) {
      return `${label}: ${k.path} at the ${side} commit names ${JSON.stringify(outside)}, which is outside the repository; a kustomization may read only files of the repository. Nothing was rendered or applied: name a file inside the repository`;
    }
  }
  if (side !== "head" || rules.untrustedHead === void 0 || rules.allowRemote) return void 0;
  for (const k of kustomizations) {
    const remote = k.remote[0];
    if (remote !== void 0) {
      return `${label}: ${k.path} at the head commit names the remote resource ${JSON.stringify(remote)}, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: vendor it into the repository, or pass --allow-remote-kustomize if you trust every pull request author`;
    }
  }
  return void 0;
}
var init_kustomize_entries = __esm({
  "src/core/sources/kustomize-entries.ts"() {
    "use strict";
  }
});

// src/core/sources/kustomize-graph.ts
function buildKustomizeGraph(kustomizations) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const includers = /* @__PURE__ */ new Map();
  for (const k of kustomizations) {
    for (const entry of k.entries) {
      if (!byDir.has(entry) || entry === k.dir) continue;
      const list = includers.get(entry) ?? [];
      if (!list.includes(k)) list.push(k);
      includers.set(entry, list);
    }
  }
  const roots = kustomizations.filter((k) => !includers.has(k.dir) && !k.isComponent).map((k) => k.dir).sort();
  const cache = /* @__PURE__ */ new Map();
  const inputsOf = (dir) => {
    const cached = cache.get(dir);
    if (cached) return cached;
    const inputs = /* @__PURE__ */ new Set();
    cache.set(dir, inputs);
    const k = byDir.get(dir);
    if (!k) return inputs;
    inputs.add(k.path);
    for (const file of k.files) inputs.add(file);
    for (const entry of k.entries) {
      if (byDir.has(entry)) for (const file of inputsOf(entry)) inputs.add(file);
      else inputs.add(entry);
    }
    return inputs;
  };
  const ownedFiles = /* @__PURE__ */ new Set();
  for (const k of kustomizations) for (const file of inputsOf(k.dir)) ownedFiles.add(file);
  return { roots, ownedFiles, inputsOf, includersOf: (dir) => includers.get(dir) ?? [] };
}
function kustomizationsUnder(dir, kustomizations) {
  const byDir = kustomizations instanceof Map ? kustomizations : new Map(kustomizations.map((k) => [k.dir, k]));
  const seen = /* @__PURE__ */ new Set();
  const order = [];
  const walk = (d) => {
    const k = byDir.get(d);
    if (!k || seen.has(d)) return;
    seen.add(d);
    order.push(k);
    for (const entry of k.entries) walk(entry);
  };
  walk(dir);
  return order;
}
function resourceFilesOf(kustomizations, isKustomization) {
  return [...new Set(kustomizations.flatMap((k) => k.resources))].filter((path) => !isKustomization(path));
}
var init_kustomize_graph = __esm({
  "src/core/sources/kustomize-graph.ts"() {
    "use strict";
  }
});

// src/core/sources/kustomize-roots.ts
function chooseRoots(kustomizations, graph, rules) {
  const discovered = rules.paths ? kustomizations.filter((k) => matchesPaths(k, rules.paths)) : kustomizations;
  const discoveredDirs = new Set(discovered.map((k) => k.dir));
  const includersOf = (k) => graph.includersOf(k.dir).filter((i) => discoveredDirs.has(i.dir));
  const planned = (k) => !k.isComponent && (notDeployedDir(k.dir) === void 0 || namedByGlob(k.dir, rules.paths?.globs ?? []));
  const rendered = /* @__PURE__ */ new Map();
  const isRoot = (k) => {
    if (!planned(k)) return false;
    const includers = renderedIncluders(k);
    return includers.length === 0 || deployedOnItsOwn(k, includers, rules.deployedDirs);
  };
  const renderedIncluders = (k) => includersOf(k).filter((i) => isRendered(i));
  const isRendered = (k) => {
    const known = rendered.get(k.dir);
    if (known !== void 0) return known;
    rendered.set(k.dir, false);
    const answer = isRoot(k) || renderedIncluders(k).length > 0;
    rendered.set(k.dir, answer);
    return answer;
  };
  const roots = [];
  const notDeployed = [];
  for (const k of discovered) {
    if (isRoot(k)) roots.push(k.dir);
    else if (!k.isComponent && !planned(k) && includersOf(k).length === 0) notDeployed.push(k.dir);
  }
  return { roots: roots.sort(), notDeployed: notDeployed.sort() };
}
function notDeployedDir(dir) {
  return dir.split("/").find((segment) => NOT_DEPLOYED_DIR_NAMES.includes(segment));
}
function deployedOnItsOwn(k, includers, deployedDirs) {
  if (deployedDirs.has(k.dir)) return true;
  if (k.namespace === void 0) return false;
  if (k.dir.split("/").some((segment) => SHARED_DIR_NAMES.has(segment))) return false;
  return includers.every((i) => i.namespace !== void 0 && i.namespace !== k.namespace);
}
function matchesPaths(k, paths) {
  return paths.matches(k.path) || paths.matches(k.dir === "" ? "kustomization.yaml" : `${k.dir}/kustomization.yaml`);
}
function namedByGlob(dir, globs) {
  const names = dir.split("/").filter((segment) => NOT_DEPLOYED_DIR_NAMES.includes(segment));
  return names.every((name) => globs.some((glob) => glob.split("/").includes(name)));
}
var NOT_DEPLOYED_DIR_NAMES, SHARED_DIR_NAMES;
var init_kustomize_roots = __esm({
  "src/core/sources/kustomize-roots.ts"() {
    "use strict";
    NOT_DEPLOYED_DIR_NAMES = [
      "test",
      "tests",
      "e2e",
      "testdata",
      "example",
      "examples",
      "docs",
      "hack"
    ];
    SHARED_DIR_NAMES = /* @__PURE__ */ new Set(["base", "bases", "components"]);
  }
});

// src/pipeline/scan/deployed-build.ts
async function buildDeployed(run, treeDir, dir, commit, as, signal) {
  const settings = as?.settings;
  const overlay = as && settings && needsOverlay(settings) ? {
    dir: as.overlayDir,
    kustomization: (toTree) => deploymentOverlay(dir, settings, toTree),
    ...as.cwd !== void 0 ? { cwd: as.cwd } : {}
  } : void 0;
  const output = await kustomizeBuild(run, treeDir, dir, commit, signal, overlay);
  return settings?.substitute ? Buffer.from(substituteVariables(output.toString("utf8"), settings.substitute)) : output;
}
var init_deployed_build = __esm({
  "src/pipeline/scan/deployed-build.ts"() {
    "use strict";
    init_deployment_overlay();
    init_kustomize();
  }
});

// src/pipeline/scan/rendered-source.ts
var DEFAULT_RENDER_TIMEOUT_MS;
var init_rendered_source = __esm({
  "src/pipeline/scan/rendered-source.ts"() {
    "use strict";
    DEFAULT_RENDER_TIMEOUT_MS = 10 * 6e4;
  }
});

// src/core/sources/kustomization-file.ts
var kustomization_file_exports = {};
__export(kustomization_file_exports, {
  KUSTOMIZATION_FILE_NAMES: () => import_kustomization_names2.KUSTOMIZATION_FILE_NAMES,
  classifyEntry: () => classifyEntry,
  isRemote: () => isRemote,
  joinPath: () => joinPath,
  kustomizationDirOf: () => import_kustomization_names2.kustomizationDirOf,
  namedValues: () => namedValues,
  readKustomizationFile: () => readKustomizationFile
});
function readKustomizationFile(path, text) {
  const dir = (0, import_kustomization_names.kustomizationDirOf)(path) ?? "";
  const result = {
    dir,
    path,
    isComponent: false,
    entries: [],
    resources: [],
    files: [],
    generators: [],
    patchFiles: [],
    remote: [],
    outside: []
  };
  let doc;
  try {
    doc = (0, import_yaml3.parse)(text, { logLevel: "error", maxAliasCount: 100 });
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return result;
  }
  if (!isRecord(doc)) return result;
  result.isComponent = field2(doc, "kind") === "Component";
  if (CARRYING_FIELDS.some((key) => field2(doc, key) !== void 0 && field2(doc, key) !== null))
    result.carriesValues = true;
  const namespace = field2(doc, "namespace");
  if (typeof namespace === "string" && namespace.trim() !== "") result.namespace = namespace.trim();
  for (const { field: name, value } of namedValues(doc)) {
    const entry = classifyEntry(dir, value, name);
    if (entry.kind === "remote" && !result.remote.includes(entry.written)) result.remote.push(entry.written);
    if (entry.kind === "outside" && !result.outside.includes(entry.written))
      result.outside.push(entry.written);
  }
  const pathsOf = (name) => namedValues(doc).filter((v) => v.field === name).map((v) => classifyEntry(dir, v.value, name)).flatMap((entry) => entry.kind === "local" ? [entry.path] : []);
  const pushAll = (into, paths) => {
    for (const path2 of paths) if (!into.includes(path2)) into.push(path2);
  };
  for (const key of ["resources", "bases", "components", "generators", "transformers", "validators"]) {
    pushAll(result.entries, pathsOf(key));
  }
  for (const key of ["resources", "bases"]) pushAll(result.resources, pathsOf(key));
  for (const key of ["crds", "configurations"]) pushAll(result.files, pathsOf(key));
  const patchPaths = ["patchesStrategicMerge", "patchesJson6902[].path", "patches[].path"].flatMap(pathsOf);
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(result.files, pathsOf("replacements[].path"));
  pushAll(result.files, pathsOf("openapi.path"));
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"]
  ]) {
    for (const generator of listOf(field2(doc, key))) {
      const name = field2(generator, "name");
      const paths = [];
      for (const value of generatorFiles(generator)) {
        const entry = classifyEntry(dir, value, key);
        if (entry.kind === "local" && !paths.includes(entry.path)) paths.push(entry.path);
      }
      for (const path2 of paths) if (!result.files.includes(path2)) result.files.push(path2);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}
function namedValues(doc) {
  const out = [];
  const add = (name, values) => {
    for (const value of values) out.push({ field: name, value });
  };
  for (const key of [
    "resources",
    "bases",
    "components",
    "generators",
    "transformers",
    "validators",
    "crds",
    "configurations",
    "patchesStrategicMerge"
  ]) {
    add(key, listOf(field2(doc, key)));
  }
  for (const key of ["patchesJson6902", "patches", "replacements"]) {
    add(
      `${key}[].path`,
      listOf(field2(doc, key)).map((item) => field2(item, "path"))
    );
  }
  add("openapi.path", [field2(field2(doc, "openapi"), "path")]);
  for (const key of ["configMapGenerator", "secretGenerator"]) {
    add(key, listOf(field2(doc, key)).flatMap(generatorFiles));
  }
  for (const chart of listOf(field2(doc, "helmCharts"))) {
    add("helmCharts[].valuesFile", [field2(chart, "valuesFile")]);
    add("helmCharts[].additionalValuesFiles", listOf(field2(chart, "additionalValuesFiles")));
  }
  add("helmGlobals.chartHome", [field2(field2(doc, "helmGlobals"), "chartHome")]);
  return out;
}
function generatorFiles(generator) {
  return [
    ...listOf(field2(generator, "files")).map(
      (f) => typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f
    ),
    ...listOf(field2(generator, "envs")),
    field2(generator, "env")
  ];
}
function classifyEntry(dir, value, name) {
  if (typeof value !== "string" || value.trim() === "") return { kind: "inline" };
  const written = value.trim();
  if (written.includes("\n")) return { kind: "inline" };
  if (/^(git::)?file:/i.test(written)) return { kind: "outside", written };
  if (isRemote(written)) return { kind: "remote", written };
  if (name === "patchesStrategicMerge" && (written.startsWith("{") || written.includes(": ")))
    return { kind: "inline" };
  const path = joinPath(dir, written);
  if (written.startsWith("/") || path === ".." || path.startsWith("../")) return { kind: "outside", written };
  return { kind: "local", path };
}
function listOf(value) {
  return Array.isArray(value) ? value : [];
}
function isRemote(value) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^git::/i.test(value) || /^[^/]+@[^/]+:/.test(value) || /^(github|gitlab|bitbucket)\.(com|org)\//.test(value);
}
function joinPath(dir, relative2) {
  const parts = dir.split("/").filter(Boolean);
  for (const part of relative2.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0 || parts[parts.length - 1] === "..") parts.push("..");
      else parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join("/");
}
var import_yaml3, import_kustomization_names, import_kustomization_names2, CARRYING_FIELDS;
var init_kustomization_file = __esm({
  "src/core/sources/kustomization-file.ts"() {
    "use strict";
    import_yaml3 = require("./vendor/yaml.js");
    init_json_shape();
    import_kustomization_names = __toESM(require_kustomization_names(), 1);
    import_kustomization_names2 = __toESM(require_kustomization_names(), 1);
    CARRYING_FIELDS = [
      "replacements",
      "vars",
      "generators",
      "transformers",
      "helmCharts",
      "helmChartInflationGenerator",
      "configurations",
      "crds"
    ];
  }
});

// src/pipeline/scan/kustomize-sources.ts
async function findKustomizeSources(git, ctx) {
  const [baseGraph, headGraph, baseKs, headKs] = await kustomizationsAt(git, ctx);
  const notes = [];
  for (const dir of ctx.dirs) {
    if (!baseKs.has(dir) && !headKs.has(dir)) {
      throw new import_errors37.UserError(
        `--kustomize ${dir || "."}: no kustomization.yaml in that directory at either commit`
      );
    }
  }
  for (const k of headKs.values()) {
    if (k.problem !== void 0)
      notes.push(`${k.path}: cannot be read (${k.problem}); its inputs are unknown`);
  }
  const touches = (dir, inputs, included) => {
    const unreadable = included.some((k) => k.problem !== void 0);
    return ctx.changedPaths.filter(
      (p) => inputs.has(p) || unreadable && (dir === "" || p.startsWith(`${dir}/`))
    );
  };
  const inputsOf = (dir) => /* @__PURE__ */ new Set([...baseGraph.inputsOf(dir), ...headGraph.inputsOf(dir)]);
  const includedIn = (dir) => [
    ...kustomizationsUnder(dir, headKs),
    ...kustomizationsUnder(dir, baseKs)
  ];
  let roots = ctx.dirs;
  let notDeployed = [];
  let deployments = [];
  if (ctx.dirs.length === 0) {
    const choice = await discoverRoots(
      git,
      ctx,
      [baseGraph, headGraph],
      [baseKs, headKs],
      (dir) => touches(dir, inputsOf(dir), includedIn(dir))
    );
    roots = choice.roots;
    deployments = choice.deployments;
    notDeployed = choice.notDeployed.filter((dir) => touches(dir, inputsOf(dir), includedIn(dir)).length > 0);
  }
  const sources = [];
  const untouched = [];
  const binary = lazy(() => findKustomize(ctx.pathDirs));
  const readBy = /* @__PURE__ */ new Map();
  for (const dir of roots) {
    const label = `kustomize ${dir || "."}`;
    const inputs = inputsOf(dir);
    const included = includedIn(dir);
    let touched = false;
    for (const deployment of deploymentsOfDir(dir, deployments)) {
      const components = deployment?.settings.components ?? [];
      const at = { label, inputs, included, changedInputs: [], baseKs, headKs, binary };
      if (deployment) {
        at.label = `${label} (as ${deployment.by} deploys it: ${describeSettings(deployment.settings)})`;
        at.inputs = /* @__PURE__ */ new Set([...inputs, ...components.flatMap((c) => [...inputsOf(c)])]);
        at.included = [...included, ...components.flatMap(includedIn)];
      }
      at.changedInputs = touches(dir, at.inputs, at.included);
      if (at.changedInputs.length === 0) continue;
      touched = true;
      const source2 = kustomizeSource(dir, ctx, at, deployment && { deployment, index: sources.length });
      readBy.set(source2, at.included);
      sources.push(source2);
    }
    if (!touched) untouched.push(label);
  }
  await markInert(git, ctx, sources, (source2) => readBy.get(source2) ?? []);
  notes.push(...untouchedNotes(untouched), ...notDeployedNotes(notDeployed));
  if (sources.length > 0 && await binary() === void 0) {
    throw new import_errors37.UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  return {
    sources,
    owned: (path) => baseGraph.ownedFiles.has(path) || headGraph.ownedFiles.has(path),
    notes
  };
}
function kustomizeSource(dir, ctx, at, as) {
  const { included, baseKs, headKs } = at;
  const unreadable = included.some((k) => k.problem !== void 0);
  const rules = ctx.entryRules ?? { untrustedHead: void 0, allowRemote: true };
  const read = [dir, ...as?.deployment.settings.components ?? []];
  const refused = refusedEntries(
    at.label,
    read.flatMap((d) => kustomizationsUnder(d, headKs)),
    "head",
    rules
  ) ?? refusedEntries(
    at.label,
    read.flatMap((d) => kustomizationsUnder(d, baseKs)),
    "base",
    rules
  );
  if (refused !== void 0) throw new import_errors37.UserError(refused);
  const quiet = included.some((k) => k.generators.some((g) => g.kind === "Secret"));
  return {
    label: at.label,
    // The checkout of a kustomization that does not parse is the whole tree.
    scope: unreadable ? void 0 : checkoutScope(
      included.map((k) => k.dir),
      at.inputs
    ),
    file: (headKs.get(dir) ?? baseKs.get(dir)).path,
    changedInputs: at.changedInputs,
    generators: included.flatMap((k) => k.generators),
    resourceFiles: resourceFilesOf(included, (d) => headKs.has(d) || baseKs.has(d)),
    kustomization: { dir, named: ctx.dirs.length > 0 },
    ...as?.deployment.settings.defaultNamespace ? { defaultNamespace: as.deployment.settings.defaultNamespace } : {},
    render: async (checkout, commit, signal) => {
      if (!(commit === ctx.head ? headKs : baseKs).has(dir)) return void 0;
      const run = {
        binary: await at.binary(),
        pathDirs: ctx.pathDirs,
        home: checkout.scratch,
        timeoutMs: ctx.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS,
        maxOutputBytes: ctx.maxOutputBytes ?? Number.POSITIVE_INFINITY,
        quiet
      };
      const deployed = as && { settings: as.deployment.settings, overlayDir: overlayDir(as.index) };
      return buildDeployed(run, checkout.dir, dir, commit, deployed, signal);
    }
  };
}
async function markInert(git, ctx, sources, readBy) {
  const candidates = sources.filter((source2) => {
    const included = readBy(source2);
    if (included.some((k) => k.problem !== void 0 || k.carriesValues)) return false;
    const plain = new Set(source2.resourceFiles ?? []);
    const read = new Set(included.flatMap((k) => k.files));
    return source2.changedInputs.every((p) => plain.has(p) && !read.has(p) && MANIFEST_FILE.test(p));
  });
  if (candidates.length === 0) return;
  const paths = [...new Set(candidates.flatMap((s) => s.changedInputs))];
  const [atBase, atHead] = await Promise.all([
    git.readFiles(ctx.base, paths),
    git.readFiles(ctx.head, paths)
  ]);
  const inert = /* @__PURE__ */ new Map();
  for (const path of paths) {
    let quiet = true;
    for (const files of [atBase, atHead]) {
      const bytes = files.get(path);
      const parsed = bytes && await parseManifestFile(path, bytes, { defaultNamespace: "default" });
      quiet &&= parsed !== void 0 && parsed.problems.length === 0 && !parsed.manifests.some((m) => isConfigKind(m.id.kind) || workloadKindOf(m.object) !== void 0);
    }
    inert.set(path, quiet);
  }
  for (const source2 of candidates) {
    if (source2.changedInputs.every((p) => inert.get(p) === true)) source2.inert = true;
  }
}
async function discoverRoots(git, ctx, graphs, byCommit, touched) {
  const dirs = /* @__PURE__ */ new Set();
  let orphanComponent = false;
  byCommit.forEach((ks, i) => {
    for (const k of ks.values()) {
      if (!k.isComponent) dirs.add(k.dir);
      else if (graphs[i].includersOf(k.dir).length === 0 && touched(k.dir).length > 0)
        orphanComponent = true;
    }
  });
  const candidates = [...dirs].filter(
    (dir) => dir !== "" && notDeployedDir(dir) === void 0 && (orphanComponent || touched(dir).length > 0)
  );
  const deployments = candidates.length > 0 ? await findDeployments(git, ctx, candidates) : [];
  const rules = {
    deployedDirs: new Set(deployments.map((d) => d.dir)),
    ...ctx.paths ? { paths: ctx.paths } : {}
  };
  const base = chooseRoots([...byCommit[0].values()], graphs[0], rules);
  const head = chooseRoots([...byCommit[1].values()], graphs[1], rules);
  const roots = [.../* @__PURE__ */ new Set([...base.roots, ...head.roots])].sort();
  const notDeployed = [.../* @__PURE__ */ new Set([...base.notDeployed, ...head.notDeployed])].filter((dir) => !roots.includes(dir)).sort();
  return { roots, notDeployed, deployments };
}
function notDeployedNotes(dirs) {
  if (dirs.length === 0) return [];
  const MAX_NAMED3 = 5;
  const named = dirs.slice(0, MAX_NAMED3).join(", ");
  const more = dirs.length > MAX_NAMED3 ? ` and ${dirs.length - MAX_NAMED3} more` : "";
  const what = dirs.length === 1 ? "1 kustomization" : `${dirs.length} kustomizations`;
  return [
    `${what} in test, example or docs directories not rendered (${named}${more}): name one with --kustomize DIR, or give --paths a glob that names its directory, to plan from it`
  ];
}
function untouchedNotes(labels) {
  const MAX_NAMED3 = 5;
  if (labels.length <= MAX_NAMED3) {
    return labels.map((label) => `${label}: not rendered, the range touches none of its files`);
  }
  const named = labels.slice(0, MAX_NAMED3).map((label) => label.replace(/^kustomize /, ""));
  return [
    `${labels.length} kustomizations not rendered, the range touches none of their files (${named.join(", ")} and ${labels.length - MAX_NAMED3} more)`
  ];
}
async function kustomizationsAt(git, ctx) {
  const kustomizationPaths = (paths) => {
    const preference = (p) => import_kustomization_names3.KUSTOMIZATION_FILE_NAMES.indexOf(p.slice(p.lastIndexOf("/") + 1));
    return paths.filter((p) => (0, import_kustomization_names3.kustomizationDirOf)(p) !== void 0).sort((a, b) => preference(a) - preference(b));
  };
  const headPaths = kustomizationPaths(ctx.headFiles);
  const basePaths = kustomizationPaths(ctx.baseFiles);
  const toRead = basePaths.filter((p) => ctx.differAtBase.has(p));
  const reader = headPaths.length + basePaths.length > 0 ? Promise.resolve().then(() => (init_kustomization_file(), kustomization_file_exports)) : void 0;
  reader?.catch(() => {
  });
  const [headTexts, baseTexts] = await Promise.all([
    headPaths.length > 0 ? git.readFiles(ctx.head, headPaths) : /* @__PURE__ */ new Map(),
    toRead.length > 0 ? git.readFiles(ctx.base, toRead) : /* @__PURE__ */ new Map()
  ]);
  const readKustomizationFile2 = reader ? (await reader).readKustomizationFile : void 0;
  const parse2 = (paths, textOf) => {
    const byDir = /* @__PURE__ */ new Map();
    if (!readKustomizationFile2) return byDir;
    for (const path of paths) {
      const k = readKustomizationFile2(path, textOf(path)?.toString("utf8") ?? "");
      if (!byDir.has(k.dir)) byDir.set(k.dir, k);
    }
    return byDir;
  };
  const headKs = parse2(headPaths, (p) => headTexts.get(p));
  const baseKs = parse2(basePaths, (p) => ctx.differAtBase.has(p) ? baseTexts.get(p) : headTexts.get(p));
  return [
    buildKustomizeGraph([...baseKs.values()]),
    buildKustomizeGraph([...headKs.values()]),
    baseKs,
    headKs
  ];
}
function lazy(compute) {
  let done = false;
  let value;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}
var import_errors37, import_kustomization_names3;
var init_kustomize_sources = __esm({
  "src/pipeline/scan/kustomize-sources.ts"() {
    "use strict";
    import_errors37 = __toESM(require_errors(), 1);
    init_api_kinds();
    init_workload_kinds();
    init_parse_manifest_file();
    init_checkout_scope();
    init_deployed_dirs();
    init_deployment_overlay();
    import_kustomization_names3 = __toESM(require_kustomization_names(), 1);
    init_kustomize_entries();
    init_kustomize_graph();
    init_kustomize_roots();
    init_kustomize();
    init_deployed_build();
    init_gitops_deployments();
    init_rendered_source();
  }
});

// src/core/sources/blame.ts
function blameFile(object, inputs) {
  const changed = new Set(inputs.changedInputs);
  const generator = generatorOf(object, inputs.generators);
  const generated = generator?.files.filter((f) => changed.has(f)) ?? [];
  if (generated.length === 1) return generated[0];
  const naming = inputs.changedInputs.filter((path) => namesObject(inputs.texts.get(path), object.name));
  if (naming.length === 1) return naming[0];
  return inputs.changedInputs.length === 1 ? inputs.changedInputs[0] : void 0;
}
function generatorOf(object, generators) {
  return generators.filter((g) => g.kind === object.kind && object.name.includes(g.name)).sort((a, b) => b.name.length - a.name.length)[0];
}
function namesObject(text, renderedName) {
  if (text === void 0) return false;
  for (const match of text.matchAll(/\bname:\s*["']?([A-Za-z0-9][A-Za-z0-9._-]*)/g)) {
    const name = match[1];
    if (name === renderedName || name.length >= 3 && renderedName.includes(name)) return true;
  }
  return false;
}
var init_blame = __esm({
  "src/core/sources/blame.ts"() {
    "use strict";
  }
});

// src/core/sources/resource-locations.ts
function writtenObjects(file, text) {
  if (/^\s*[[{]/.test(text)) return [];
  const objects = [];
  let doc = {};
  const flush = () => {
    if (doc.kind && doc.name && doc.line !== void 0) {
      objects.push({
        kind: doc.kind,
        name: doc.name,
        ...doc.namespace ? { namespace: doc.namespace } : {},
        file,
        line: doc.line
      });
    }
    doc = {};
  };
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (/^(---|\.\.\.)([ \t]|$)/.test(line)) {
      flush();
      continue;
    }
    if (/^[ \t]*(#.*)?$/.test(line)) continue;
    doc.line ??= i + 1;
    const top = TOP_LEVEL_KEY.exec(line);
    if (top) {
      const key2 = unquote(top[1]);
      const value = scalar2(top[2]);
      doc.metadataIndent = key2 === "metadata" ? null : void 0;
      if (key2 === "kind") doc.kind = value;
      if (key2 === "metadata" && top[2]?.trim().startsWith("{")) {
        doc.name = /[{,]\s*name\s*:\s*([^,}\s]+)/.exec(top[2])?.[1]?.replace(/^["']|["']$/g, "");
        doc.namespace = /[{,]\s*namespace\s*:\s*([^,}\s]+)/.exec(top[2])?.[1]?.replace(/^["']|["']$/g, "");
      }
      continue;
    }
    if (doc.metadataIndent === void 0) continue;
    const nested = INDENTED_KEY.exec(line);
    if (!nested) continue;
    doc.metadataIndent ??= nested[1];
    if (nested[1] !== doc.metadataIndent) continue;
    const key = unquote(nested[2]);
    if (key === "name") doc.name = scalar2(nested[3]);
    if (key === "namespace") doc.namespace = scalar2(nested[3]);
  }
  flush();
  return objects;
}
function locateWritten(object, written) {
  const sameKind = written.filter((w) => w.kind === object.kind && object.name.includes(w.name));
  const longest = Math.max(0, ...sameKind.map((w) => w.name.length));
  let candidates = sameKind.filter((w) => w.name.length === longest);
  if (candidates.length > 1) candidates = candidates.filter((w) => w.namespace === object.namespace);
  const [only, ...others] = candidates;
  return only !== void 0 && others.length === 0 ? { file: only.file, line: only.line } : void 0;
}
function scalar2(value) {
  if (value === void 0) return void 0;
  const text = value.replace(/[ \t]+#.*$/, "").trim();
  return text === "" ? void 0 : unquote(text);
}
function unquote(text) {
  return /^(["']).*\1$/.test(text) ? text.slice(1, -1) : text;
}
var TOP_LEVEL_KEY, INDENTED_KEY;
var init_resource_locations = __esm({
  "src/core/sources/resource-locations.ts"() {
    "use strict";
    TOP_LEVEL_KEY = /^([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*))?$/;
    INDENTED_KEY = /^([ \t]+)([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*))?$/;
  }
});

// src/render/escaping-links.ts
async function refuseEscapingLinks(dir, paths, where) {
  const top = await (0, import_promises3.realpath)(dir);
  const inside = (path) => path === top || path.startsWith(top + import_node_path4.sep);
  for (const path of paths) {
    const at = (0, import_node_path4.join)(dir, path);
    let target;
    try {
      if (!(0, import_node_fs3.lstatSync)(at).isSymbolicLink()) continue;
      target = await (0, import_promises3.readlink)(at);
    } catch {
      continue;
    }
    const lexical = (0, import_node_path4.isAbsolute)(target) ? target : (0, import_node_path4.resolve)((0, import_node_path4.dirname)((0, import_node_path4.join)(top, path)), target);
    const real = await (0, import_promises3.realpath)(at).catch(() => lexical);
    if (!inside(lexical) || !inside(real)) {
      throw new import_errors38.UserError(
        `${path} ${where} is a symbolic link to ${JSON.stringify(target)}, outside the repository: a kustomization could read the runner's files through it. Nothing was rendered or applied: replace the link with the file it stands for`
      );
    }
  }
}
var import_node_fs3, import_promises3, import_node_path4, import_errors38;
var init_escaping_links = __esm({
  "src/render/escaping-links.ts"() {
    "use strict";
    import_node_fs3 = require("node:fs");
    import_promises3 = require("node:fs/promises");
    import_node_path4 = require("node:path");
    import_errors38 = __toESM(require_errors(), 1);
  }
});

// src/render/materialize-tree.ts
async function createCommitTrees(repoDir, gitPath = "git", scope, checks = {}) {
  const root = await (0, import_promises4.mkdtemp)((0, import_node_path5.join)((0, import_node_os3.tmpdir)(), "config-rollout-render-"));
  const forget = (0, import_interrupt2.onInterrupt)(() => (0, import_promises4.rm)(root, { recursive: true, force: true }));
  const trees = /* @__PURE__ */ new Map();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        const dir = (0, import_node_path5.join)(root, `tree-${count}`);
        tree = writeTree(gitPath, repoDir, commit, dir, scope, checks.symlinks, checks.timeoutMs);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await (0, import_promises4.rm)(root, { recursive: true, force: true });
      forget();
    }
  };
}
async function refuseLinksOf(gitPath, repoDir, commit, dir, index, symlinks) {
  if (symlinks === void 0) return;
  const staged = await runGit(gitPath, repoDir, ["ls-files", "-s", "-z"], index);
  const links = staged.split("\0").filter((entry) => entry.startsWith("120000 ")).map((entry) => entry.slice(entry.indexOf("	") + 1)).filter((path) => inScope(path, symlinks.scope));
  await refuseEscapingLinks(dir, links, `at commit ${commit.slice(0, 12)}`);
}
async function writeTree(gitPath, repoDir, commit, dir, scope, symlinks, timeoutMs) {
  await (0, import_promises4.mkdir)(dir, { recursive: true });
  const git = (cwd, args, indexFile, input) => runGit(gitPath, cwd, args, indexFile, input, timeoutMs);
  const index = `${dir}.index`;
  await git(repoDir, ["read-tree", commit], index);
  if (scope === void 0) {
    await git(repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  } else {
    const listed = await git(repoDir, ["ls-files", "-z"], index);
    const paths = listed.split("\0").filter((path) => path !== "" && inScope(path, scope));
    if (paths.length > 0) {
      await git(
        repoDir,
        [`--work-tree=${dir}`, "checkout-index", "--force", "-z", "--stdin"],
        index,
        `${paths.join("\0")}\0`
      );
    }
  }
  await refuseLinksOf(gitPath, repoDir, commit, dir, index, symlinks);
  await (0, import_promises4.rm)(index, { force: true });
  return dir;
}
async function runGit(gitPath, cwd, args, indexFile, input, timeoutMs) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  const result = await (0, import_run_process4.runProcess)(
    gitPath,
    ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args],
    {
      cwd,
      env,
      ...input !== void 0 ? { input } : {},
      ...timeoutMs !== void 0 ? { timeoutMs } : {},
      // Local git starts no children; a group of its own costs ~5 ms a spawn (process/run-process.ts).
      ownGroup: false
    }
  );
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout.toString("utf8");
  const why = result.failure?.message ?? (result.stderrTail || `exit ${result.exitCode}`);
  throw new Error(`git ${args.join(" ")} failed: ${why}`);
}
var import_promises4, import_node_os3, import_node_path5, import_interrupt2, import_run_process4;
var init_materialize_tree = __esm({
  "src/render/materialize-tree.ts"() {
    "use strict";
    import_promises4 = require("node:fs/promises");
    import_node_os3 = require("node:os");
    import_node_path5 = require("node:path");
    init_checkout_scope();
    import_interrupt2 = __toESM(require_interrupt(), 1);
    import_run_process4 = __toESM(require_run_process(), 1);
    init_escaping_links();
  }
});

// src/pipeline/scan/lfs-generator-inputs.ts
async function lfsPointerInputs(git, commits, sources) {
  const inputs = [...new Set(sources.flatMap((s) => s.generators.flatMap((g) => g.files)))];
  const pointers = /* @__PURE__ */ new Set();
  if (inputs.length === 0) return pointers;
  const reads = await Promise.all(commits.map((c) => git.readFilesUpTo(c, inputs, POINTER_MAX_BYTES)));
  for (const { files } of reads)
    for (const [path, bytes] of files) if (isLfsPointer(bytes.toString("utf8"))) pointers.add(path);
  return pointers;
}
function withoutPointerConfigs(source2, sides, pointers) {
  const fromPointer = source2.generators.filter((g) => g.files.some((f) => pointers.has(f)));
  if (fromPointer.length === 0) return { sides, warnings: [] };
  const generatedFromPointer = (m) => {
    const generator = generatorOf({ kind: m.id.kind, name: m.id.name }, source2.generators);
    return generator !== void 0 && fromPointer.includes(generator);
  };
  const warnings = fromPointer.flatMap(
    (g) => g.files.filter((f) => pointers.has(f)).map((file) => ({
      file,
      unread: "a Git LFS pointer, a generator input",
      message: `a Git LFS pointer, not the file itself: ${source2.label} generates ${g.kind} ${g.name} from it, and its content is in LFS storage, which is not read (config-rollout reads git objects); what changed in ${g.kind} ${g.name} is not in this plan and nothing is planned or copied from the pointer text`
    }))
  );
  return { sides: sides.map((list) => list.filter((m) => !generatedFromPointer(m))), warnings };
}
var POINTER_MAX_BYTES;
var init_lfs_generator_inputs = __esm({
  "src/pipeline/scan/lfs-generator-inputs.ts"() {
    "use strict";
    init_decode_source();
    init_blame();
    POINTER_MAX_BYTES = 1024;
  }
});

// src/core/sources/rendered-documents.ts
var rendered_documents_exports = {};
__export(rendered_documents_exports, {
  createDocumentParser: () => createDocumentParser,
  splitDocuments: () => splitDocuments
});
function splitDocuments(text) {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(text)) return void 0;
  return text.split(/^---[ \t]*\r?\n/m).filter((doc) => doc.trim() !== "");
}
function createDocumentParser(label, defaultNamespace, cache = /* @__PURE__ */ new Map()) {
  const problems = [];
  const reported = /* @__PURE__ */ new Set();
  const parse2 = (text) => {
    const key = `${defaultNamespace}
${text}`;
    let result = cache.get(key);
    if (!result) {
      const trimmed = withoutCrdSchema(text);
      result = parseManifests(label, trimmed, { defaultNamespace });
      if (trimmed !== text && result.problems.length > 0)
        result = parseManifests(label, text, { defaultNamespace });
      cache.set(key, result);
    }
    if (result.problems.length > 0 && !reported.has(text)) {
      reported.add(text);
      problems.push(...result.problems.map((p) => p.file === label ? p : { ...p, file: label }));
    }
    return result.manifests;
  };
  return {
    problems,
    objectsOf(output) {
      if (output === void 0) return [];
      const text = decode(output);
      const docs = text === void 0 ? void 0 : splitDocuments(text);
      if (docs === void 0) {
        const whole = parseManifests(label, output, { defaultNamespace });
        problems.push(...whole.problems);
        return whole.manifests;
      }
      return docs.flatMap(parse2);
    }
  };
}
function decode(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return void 0;
  }
}
var init_rendered_documents = __esm({
  "src/core/sources/rendered-documents.ts"() {
    "use strict";
    init_crd_schema();
    init_parse_manifests();
  }
});

// src/pipeline/scan/render-all.ts
async function renderAll(git, base, head, sources, pathDirs, defaultNamespace, log, timeoutMs) {
  log.info(
    `rendering ${sources.map((s) => s.label).join(", ")} at ${base.slice(0, 7)} and ${head.slice(0, 7)}`
  );
  const scope = sources.some((s) => s.scope === void 0) ? void 0 : checkoutScope(
    sources.flatMap((s) => s.scope ?? []),
    []
  );
  const kustomizeScope = checkoutScope(
    sources.flatMap((s) => s.kustomization ? s.scope ?? [""] : []),
    []
  );
  const trees = await createCommitTrees(git.root, findExecutable("git", pathDirs) ?? "git", scope, {
    ...sources.some((s) => s.kustomization) ? { symlinks: { scope: kustomizeScope } } : {},
    timeoutMs
  });
  try {
    const blameTexts = readTexts(git, head, [
      ...new Set(sources.flatMap((s) => [...s.changedInputs, ...s.resourceFiles ?? []]))
    ]);
    blameTexts.catch(() => {
    });
    const pointerInputs = lfsPointerInputs(git, [head, base], sources);
    pointerInputs.catch(() => {
    });
    const { createDocumentParser: createDocumentParser2 } = await Promise.resolve().then(() => (init_rendered_documents(), rendered_documents_exports));
    const cache = /* @__PURE__ */ new Map();
    const parsers = sources.map(
      (source2) => createDocumentParser2(`(${source2.label} output)`, source2.defaultNamespace ?? defaultNamespace, cache)
    );
    const outputs = await renderEach(sources, [head, base], trees, log);
    const parsed = parseOutputs(sources, outputs, parsers);
    const { headParsed, baseParsed, unbuilt } = parsed;
    const pointers = await pointerInputs;
    const warnings = [...parsed.warnings];
    sources.forEach((source2, i) => {
      const kept = withoutPointerConfigs(source2, [baseParsed[i], headParsed[i]], pointers);
      [baseParsed[i], headParsed[i]] = kept.sides;
      warnings.push(...kept.warnings);
    });
    const texts = await blameTexts;
    const written = writtenObjectsOf(sources, [baseParsed, headParsed], texts);
    const labelled = (m, source2) => ({
      ...m,
      origin: source2.label,
      ...blamed(m, source2, texts, written.get(source2) ?? [])
    });
    const problems = parsers.flatMap((parser) => parser.problems);
    const baseObjects = sources.flatMap((source2, i) => baseParsed[i].map((m) => labelled(m, source2)));
    const headObjects = sources.flatMap((source2, i) => headParsed[i].map((m) => labelled(m, source2)));
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`
    );
    return { base: baseObjects, head: headObjects, problems, warnings, unbuilt };
  } finally {
    await trees.dispose();
  }
}
function parseOutputs(sources, outputs, parsers) {
  const warnings = [];
  const unbuilt = /* @__PURE__ */ new Map();
  const headParsed = sources.map((source2, i) => {
    const [atHead, atBase] = outputs[i];
    if (!(atHead instanceof KustomizeBuildError)) return parsers[i].objectsOf(atHead);
    if (atBase instanceof KustomizeBuildError) {
      unbuilt.set(source2.label, "both");
      warnings.push({
        file: source2.file,
        message: brokenAtBothWarning(source2, atBase, atHead),
        unread: "kustomization, cannot be built at either commit"
      });
    }
    return [];
  });
  const baseParsed = sources.map((source2, i) => {
    const output = outputs[i][1];
    if (outputs[i][0] instanceof KustomizeBuildError) return [];
    if (!(output instanceof KustomizeBuildError)) return parsers[i].objectsOf(output);
    unbuilt.set(source2.label, "base");
    warnings.push({
      file: source2.file,
      message: baseFailureWarning(source2, output, outputs[i][0] !== void 0),
      unread: "kustomization, cannot be built at the base commit"
    });
    return headParsed[i];
  });
  return { headParsed, baseParsed, warnings, unbuilt };
}
async function renderEach(sources, commits, trees, log) {
  const jobs = sources.flatMap((source2, i) => commits.map((commit, side) => ({ source: source2, i, commit, side })));
  const outputs = sources.map(() => [void 0, void 0]);
  const settled = sources.map(() => [false, false]);
  const failed2 = new AbortController();
  let firstError;
  const stop = (error) => {
    if (failed2.signal.aborted) return;
    failed2.abort();
    firstError = error;
  };
  const decide = (i) => {
    const [atHead, atBase] = outputs[i];
    if (!(atHead instanceof KustomizeBuildError) || !settled[i][1]) return;
    if (!(atBase instanceof KustomizeBuildError))
      stop(new import_errors39.UserError(headFailureMessage(sources[i], atHead)));
  };
  await runLimited(jobs, renderSlots(), async ({ source: source2, i, commit, side }) => {
    if (failed2.signal.aborted) return;
    const started = performance.now();
    try {
      const checkout = { dir: await trees.dirOf(commit), scratch: trees.root };
      outputs[i][side] = await source2.render(checkout, commit, failed2.signal);
    } catch (error) {
      const kustomization = error instanceof KustomizeBuildError ? source2.kustomization : void 0;
      if (kustomization !== void 0 && (side === 1 || !kustomization.named)) {
        outputs[i][side] = error;
      } else if (failed2.signal.aborted) {
        return;
      } else {
        stop(error instanceof KustomizeBuildError ? new import_errors39.UserError(headFailureMessage(source2, error)) : error);
        return;
      }
    }
    settled[i][side] = true;
    decide(i);
    log.debug(`${source2.label} at ${commit.slice(0, 7)}: ${Math.round(performance.now() - started)} ms`);
  });
  if (firstError !== void 0) throw firstError;
  return outputs;
}
function headFailureMessage(source2, error) {
  const ways = source2.kustomization?.named ? "Fix the kustomization, or leave it out of --kustomize (--kustomize none reads raw files only)" : "Fix the kustomization, or plan without it: --kustomize DIR names the kustomizations this cluster runs, --kustomize none reads raw files only";
  return `${source2.label} cannot be built at the head commit ${error.commit.slice(0, 12)}: \`${error.command}\` failed (${error.why})${error.detail ? `: ${error.detail}` : ""}
Nothing was planned or applied. ${ways}.`;
}
function brokenAtBothWarning(source2, atBase, atHead) {
  return `${source2.label} cannot be built at the base commit ${atBase.commit.slice(0, 12)} nor at the head commit ${atHead.commit.slice(0, 12)} (\`${atHead.command}\`: ${atHead.why}${atHead.detail ? `: ${atHead.detail}` : ""}); it was broken before this push, so nothing is planned from it. If this cluster does not deploy it, --kustomize none plans without kustomizations and --kustomize DIR names those it runs`;
}
function baseFailureWarning(source2, error, atHead) {
  const now = atHead ? "it builds at head, so this push fixes it" : "this push removes it";
  return `${source2.label} cannot be built at the base commit ${error.commit.slice(0, 12)} (\`${error.command}\`: ${error.why}${error.detail ? `: ${error.detail}` : ""}); ${now}, but what the push changed in it cannot be told: its configs restart nothing (its workloads still restart for configs changed elsewhere)`;
}
function blamed(m, source2, texts, written) {
  const blamedFile = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source2.changedInputs, generators: source2.generators, texts }
  );
  const at = locateWritten(m.id, written) ?? { file: source2.file, line: 1 };
  const where = blamedFile !== void 0 && isConfigKind(m.id.kind) && blamedFile !== at.file ? { file: blamedFile, line: 1 } : at;
  return { ...blamedFile !== void 0 ? { blamedFile } : {}, ...where };
}
function writtenObjectsOf(sources, parsed, texts) {
  const located = (m) => isConfigKind(m.id.kind) || isWorkloadKind(m.id.kind);
  const byFile = /* @__PURE__ */ new Map();
  const objectsIn = (path) => {
    let objects = byFile.get(path);
    if (objects === void 0) {
      const text = texts.get(path);
      objects = text === void 0 ? [] : writtenObjects(path, text);
      byFile.set(path, objects);
    }
    return objects;
  };
  const written = /* @__PURE__ */ new Map();
  for (const [i, source2] of sources.entries()) {
    if (!parsed.some((side) => side[i]?.some(located))) continue;
    const generated = source2.generators.map((g) => ({
      kind: g.kind,
      name: g.name,
      file: source2.file,
      line: 1
    }));
    written.set(source2, [...(source2.resourceFiles ?? []).flatMap(objectsIn), ...generated]);
  }
  return written;
}
async function readTexts(git, rev, paths) {
  const files = await git.readFiles(rev, paths);
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}
var import_errors39;
var init_render_all = __esm({
  "src/pipeline/scan/render-all.ts"() {
    "use strict";
    import_errors39 = __toESM(require_errors(), 1);
    init_api_kinds();
    init_workload_kinds();
    init_run_limited();
    init_blame();
    init_checkout_scope();
    init_resource_locations();
    init_kustomize();
    init_materialize_tree();
    init_renderer_environment();
    init_lfs_generator_inputs();
  }
});

// borrowed:src/pipeline/scan/touches-manifests.ts
var require_touches_manifests = __commonJS({
  "borrowed:src/pipeline/scan/touches-manifests.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/pipeline/scan/touches-manifests.ts"];
  }
});

// src/pipeline/scan/render-sources.ts
function listSourceFiles(git, head) {
  return git.listFiles(head, import_touches_manifests.SOURCE_FILE_NAMES);
}
async function renderSources(git, base, head, changedFiles, options, log, headListing = listSourceFiles(git, head)) {
  const changedPaths = (0, import_touches_manifests.changedPathsOf)(changedFiles);
  if (changedPaths.length === 0)
    return { owned: () => false, notes: [], warnings: [], objects: Promise.resolve(NO_OBJECTS) };
  const pathDirs = trustedPathDirs(options.env.PATH, [git.root]);
  const isSourceFile = (p) => CHART_FILE.test(p) || (0, import_kustomization_names4.kustomizationDirOf)(p) !== void 0;
  const headFiles = await headListing;
  const atBase = pathsAtBase(headFiles, changedFiles, isSourceFile);
  const chartDirs = [
    ...new Set([...atBase.paths, ...headFiles].filter((p) => CHART_FILE.test(p)).map(import_touches_manifests.dirOf))
  ].sort();
  const inChart = (path) => chartDirs.some((dir) => dir === "" || path.startsWith(`${dir}/`));
  const explicitPaths = options.paths ? await (0, import_glob_matcher.globMatcher)(options.paths, { dot: true }) : void 0;
  const notes = [];
  const sources = [];
  let owned = inChart;
  let kustomizeOwned = () => false;
  const kustomizeOn = !(options.kustomize.length === 1 && options.kustomize[0] === "none");
  if (kustomizeOn) {
    const kustomize = await findKustomizeSources(git, {
      base,
      head,
      dirs: options.kustomize,
      changedPaths,
      baseFiles: atBase.paths,
      headFiles,
      differAtBase: atBase.differ,
      pathDirs,
      ...options.timeoutMs !== void 0 ? { timeoutMs: options.timeoutMs } : {},
      ...options.maxOutputBytes !== void 0 ? { maxOutputBytes: options.maxOutputBytes } : {},
      ...options.entryRules ? { entryRules: options.entryRules } : {},
      ...explicitPaths && options.paths ? { paths: { matches: explicitPaths, globs: options.paths } } : {}
    });
    sources.push(...kustomize.sources);
    notes.push(...kustomize.notes);
    owned = (path) => kustomize.owned(path) || inChart(path);
    kustomizeOwned = kustomize.owned;
  }
  const chartChanges = changedPaths.filter((path) => !kustomizeOwned(path));
  const charts = await reportCharts(chartDirs, chartChanges, options, explicitPaths);
  notes.unshift(...charts.notes);
  if (options.render !== void 0) {
    const source2 = await renderCommandSource(options.render, changedPaths, pathDirs, options);
    if (source2) sources.push(source2);
    else notes.push((0, import_touches_manifests.renderNotRunNote)(options.render));
  }
  const warnings = charts.warnings;
  if (sources.length === 0) return { owned, notes, warnings, objects: Promise.resolve(NO_OBJECTS) };
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const render = (some) => some.length === 0 ? Promise.resolve(NO_OBJECTS) : renderAll(git, base, head, some, pathDirs, options.defaultNamespace, log, timeoutMs);
  return { owned, warnings, ...startRenders(sources, notes, render) };
}
function startRenders(sources, notes, render) {
  const active = sources.filter((source2) => !source2.inert);
  const held = sources.filter((source2) => source2.inert);
  const activeNotes = active.map((source2) => notes.push(`${source2.label}: rendering`) - 1);
  const heldNotes = held.map((source2) => {
    notes.push(
      `${source2.label}: not rendered, the range changes only objects that play no part in the plan in it (no config or workload) and no config or workload elsewhere`
    );
    return notes.length - 1;
  });
  const objects = render(active).then((rendered) => {
    active.forEach((source2, i) => {
      notes[activeNotes[i]] = renderedNote(source2, rendered);
    });
    return rendered;
  });
  objects.catch(() => {
  });
  if (held.length === 0) return { notes, objects };
  const renderDeferred = async () => {
    const [first, more] = [await objects, await render(held)];
    held.forEach((source2, i) => {
      notes[heldNotes[i]] = renderedNote(source2, more);
    });
    return mergeInSourceOrder(sources, first, more);
  };
  return { notes, objects, renderDeferred };
}
function renderedNote(source2, rendered) {
  const unbuilt = rendered.unbuilt?.get(source2.label);
  if (unbuilt === "both")
    return `${source2.label}: cannot be built at either commit, nothing planned from it (see the notes)`;
  if (unbuilt === "base")
    return `${source2.label}: cannot be built at the base commit, rendered at head only (see the notes)`;
  return `${source2.label}: rendered at both commits`;
}
function mergeInSourceOrder(sources, first, more) {
  const order = new Map(sources.map((source2, i) => [source2.label, i]));
  const byOrigin = (list) => list.sort((a, b) => (order.get(a.origin ?? "") ?? 0) - (order.get(b.origin ?? "") ?? 0));
  return {
    base: byOrigin([...first.base, ...more.base]),
    head: byOrigin([...first.head, ...more.head]),
    problems: [...first.problems, ...more.problems],
    warnings: [...first.warnings, ...more.warnings],
    unbuilt: new Map([...first.unbuilt ?? [], ...more.unbuilt ?? []])
  };
}
async function reportCharts(chartDirs, changedPaths, options, explicitPaths) {
  const kustomizeDirs = options.kustomize.length > 0 && options.kustomize[0] !== "none";
  if (kustomizeDirs && !explicitPaths) return { notes: [], warnings: [] };
  const considered = chartDirs.filter(
    (dir) => explicitPaths?.(dir === "" ? "Chart.yaml" : `${dir}/Chart.yaml`) ?? true
  );
  if (options.render === void 0) return chartReport(considered, changedPaths, {});
  const isRenderInput = await (0, import_glob_matcher.globMatcher)(options.renderPaths, { dot: true });
  return chartReport(considered, changedPaths, { render: { isRenderInput } });
}
async function renderCommandSource(command, changedPaths, pathDirs, options) {
  const matches = await (0, import_glob_matcher.globMatcher)(options.renderPaths, { dot: true });
  const changedInputs = changedPaths.filter((p) => matches(p));
  if (changedInputs.length === 0) return void 0;
  const env = renderCommandEnvironment(options.env, pathDirs, options.renderEnv ?? []);
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const maxOutputBytes = options.maxOutputBytes ?? Number.POSITIVE_INFINITY;
  return {
    label: `render: ${command}`,
    // What a command reads is unknown: it gets the whole tree.
    scope: void 0,
    file: "--render",
    changedInputs,
    generators: [],
    render: (checkout, commit, signal) => runRenderCommand({ command, env, timeoutMs, maxOutputBytes }, checkout.dir, commit, signal)
  };
}
var import_kustomization_names4, import_glob_matcher, import_touches_manifests, NO_OBJECTS, CHART_FILE;
var init_render_sources = __esm({
  "src/pipeline/scan/render-sources.ts"() {
    "use strict";
    init_helm_charts();
    import_kustomization_names4 = __toESM(require_kustomization_names(), 1);
    init_paths_at_base();
    init_render_command();
    init_renderer_environment();
    import_glob_matcher = __toESM(require_glob_matcher(), 1);
    init_kustomize_sources();
    init_render_all();
    init_rendered_source();
    import_touches_manifests = __toESM(require_touches_manifests(), 1);
    NO_OBJECTS = { base: [], head: [], problems: [], warnings: [] };
    CHART_FILE = /(^|\/)Chart\.ya?ml$/;
  }
});

// src/pipeline/scan/scan-changed-manifests.ts
var scan_changed_manifests_exports = {};
__export(scan_changed_manifests_exports, {
  scanChangedManifests: () => scanChangedManifests
});
async function scanChangedManifests(git, { base, head }, allChangedFiles, { wanted, renderers }, scanOptions, log) {
  const options = await withDeployedNamespaces(git, head, allChangedFiles, scanOptions);
  const pending = startRenders2(git, { base, head }, allChangedFiles, options, log);
  const read = await readChangedManifests(git, { base, head }, allChangedFiles, wanted, options, log);
  const rendered = pending && await pending;
  renderers.owned = rendered?.owned;
  let compared = rendered ? compareWithRendered(read, rendered.owned, await rendered.objects) : compareRaw(read);
  if (rendered?.renderDeferred && changesConfigsOrWorkloads(compared)) {
    compared = compareWithRendered(read, rendered.owned, await rendered.renderDeferred());
  }
  const problems = [...read.problems, ...compared.problems, ...compared.found.problems];
  const unread = unreadFilesOf(read.oversized, read.headProblems, renderers.owned);
  const readable = await withoutUnreadChanges(git, { base, head }, compared.found.changes, unread, problems);
  const atBase = await settleAtBase(git, base, {
    read,
    compared,
    changes: readable,
    wanted,
    options,
    problems
  });
  const { consumers, changes } = await readConsumers(git, head, atBase.changes, {
    read,
    compared,
    owned: renderers.owned,
    wanted,
    options,
    problems
  });
  const folders = await deploymentFolders(git, head, [...compared.allHead, ...consumers], allChangedFiles);
  const settled = settleAllWorkloads(compared, consumers, folders);
  problems.push(...settled.problems);
  const all = [...compared.head, ...consumers];
  const headConfigs = /* @__PURE__ */ new Map();
  collectConfigs(all, headConfigs, [], compared.found.snapshots.head);
  return {
    changedFiles: compared.changedFiles,
    changes,
    workloads: settled.head,
    newWorkloadIds: atBase.newWorkloadIds,
    headConfigs,
    problems,
    assumedNamespace: new Set(all.filter((m) => m.namespaceAssumed).map((m) => (0, import_model39.idKey)(m.id))),
    baseWorkloads: settled.base,
    sourceNotes: rendered?.notes ?? [],
    sourceWarnings: [...rendered?.warnings ?? [], ...compared.warnings],
    ...renderers.owned ? { owned: renderers.owned } : {},
    variants: settled.variants
  };
}
function changesConfigsOrWorkloads(compared) {
  if (compared.found.changes.length > 0) return true;
  const definitions = (list) => new Map(
    list.filter((m) => workloadKindOf(m.object) !== void 0).map((m) => [`${(0, import_model39.idKey)(m.id)}\0${m.origin ?? m.file}`, JSON.stringify(m.object)])
  );
  const atBase = definitions(compared.allBase);
  const atHead = definitions(compared.allHead);
  return atHead.size !== atBase.size || [...atHead].some(([key, text]) => atBase.get(key) !== text);
}
function settleAllWorkloads(compared, consumers, folders) {
  const isWorkload = (m) => workloadKindOf(m.object) !== void 0;
  const candidateWorkloads = consumers.filter(isWorkload);
  const settled = settleWorkloads(
    [...compared.allBase.filter(isWorkload), ...candidateWorkloads],
    [...compared.allHead.filter(isWorkload), ...candidateWorkloads],
    folders
  );
  const variants = new Map(compared.variants);
  for (const [key, list] of settled.variants) variants.set(key, list);
  return { ...settled, variants };
}
function startRenders2(git, commits, changedFiles, options, log) {
  if (!options.sources) return void 0;
  const headListing = listSourceFiles(git, commits.head);
  headListing.catch(() => {
  });
  const sourceOptions = { ...options.sources, defaultNamespace: options.defaultNamespace };
  const pending = renderSources(
    git,
    commits.base,
    commits.head,
    changedFiles,
    sourceOptions,
    log,
    headListing
  );
  pending.catch(() => {
  });
  return pending;
}
async function readConsumers(git, head, settledAtBase, ctx) {
  const names = withTemplateRefs(uniqueNames(settledAtBase.map((c) => c.id.name)));
  const alreadyRead = new Set(ctx.read.headPaths);
  const candidates = await readCandidates(git, head, names, ctx.read.early, { ...ctx, alreadyRead });
  const owned = ctx.owned;
  let consumers = candidates;
  if (owned !== void 0) {
    let kept = 0;
    for (const problem of ctx.problems) if (!owned(problem.file)) ctx.problems[kept++] = problem;
    ctx.problems.length = kept;
    consumers = candidates.filter((m) => !owned(m.file));
  }
  const changes = settleWithUntouchedFiles(
    settledAtBase,
    ctx.compared.found.snapshots,
    { base: [], head: consumers },
    ctx.problems
  );
  return { consumers, changes };
}
async function deploymentFolders(git, head, manifests, changedFiles) {
  const filesById = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (m.origin !== void 0 || workloadKindOf(m.object) === void 0) continue;
    const files = filesById.get((0, import_model39.idKey)(m.id)) ?? /* @__PURE__ */ new Set();
    filesById.set((0, import_model39.idKey)(m.id), files.add(m.file));
  }
  const dirs = /* @__PURE__ */ new Set();
  for (const files of filesById.values()) {
    if (files.size < 2) continue;
    for (const file of files) {
      const parts = file.split("/").slice(0, -1);
      for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
    }
  }
  if (dirs.size === 0) return void 0;
  const deployments = await findDeployments(git, { head }, [...dirs]);
  if (deployments.length === 0) return void 0;
  return {
    deployedDirs: [...new Set(deployments.map((d) => d.dir))],
    changedFiles: changedFiles.map((c) => c.path)
  };
}
async function withDeployedNamespaces(git, head, changedFiles, options) {
  const dirs = /* @__PURE__ */ new Set();
  for (const change of changedFiles) {
    if (!MANIFEST_FILE.test(change.path)) continue;
    const parts = change.path.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  if (dirs.size === 0) return options;
  const namespaceOf2 = namespacesOfDeployments(await findDeployments(git, { head }, [...dirs]));
  return namespaceOf2 ? { ...options, namespaceOf: namespaceOf2 } : options;
}
var import_model39;
var init_scan_changed_manifests = __esm({
  "src/pipeline/scan/scan-changed-manifests.ts"() {
    "use strict";
    init_workload_kinds();
    import_model39 = __toESM(require_model(), 1);
    init_deployed_namespaces();
    init_source_variants();
    init_candidates();
    init_changed_files();
    init_compare_commits();
    init_configs_at_head();
    init_gitops_deployments();
    init_new_at_base();
    init_objects_across_files();
    init_render_sources();
  }
});

// <stdin>
module.exports = {
  get "src/compose/comment-on-review.ts"() {
    return init_comment_on_review(), __toCommonJS(comment_on_review_exports);
  },
  get "src/compose/run-saved-plan.ts"() {
    return init_run_saved_plan(), __toCommonJS(run_saved_plan_exports);
  },
  get "src/core/plan-file/plan-document.ts"() {
    return init_plan_document(), __toCommonJS(plan_document_exports);
  },
  get "src/kube/connect.ts"() {
    return init_connect(), __toCommonJS(connect_exports);
  },
  get "src/kube/kube-client.ts"() {
    return init_kube_client(), __toCommonJS(kube_client_exports);
  },
  get "src/pipeline/complete-and-roll-out.ts"() {
    return init_complete_and_roll_out(), __toCommonJS(complete_and_roll_out_exports);
  },
  get "src/pipeline/plan-out.ts"() {
    return init_plan_out(), __toCommonJS(plan_out_exports);
  },
  get "src/pipeline/run-fleet.ts"() {
    return init_run_fleet(), __toCommonJS(run_fleet_exports);
  },
  get "src/pipeline/scan/configs-at-head.ts"() {
    return init_configs_at_head(), __toCommonJS(configs_at_head_exports);
  },
  get "src/pipeline/scan/scan-changed-manifests.ts"() {
    return init_scan_changed_manifests(), __toCommonJS(scan_changed_manifests_exports);
  }
};
