// The plan note on a GitLab merge request: the bundled CLI with --comment, run as the template runs
// it in a merge-request pipeline (--output json to a file, the log on stderr), against a fake
// GitLab notes API on 127.0.0.1.
import { expect, test } from "vitest";
import { type ActionScenario, startActionScenario } from "../action/action-scenario.js";
import { useClosing } from "../helpers/closing.js";
import { type CliResult, runCli } from "../helpers/run-cli.js";
import { type FakeReviewApi, startFakeGitLab } from "./fake-review-api.js";

const TOKEN = "glpat-0123456789abcdefghij";
const MARKER = "<!-- config-rollout:plan id=config-rollout -->";

const closing = useClosing();

async function start(): Promise<{ s: ActionScenario; api: FakeReviewApi }> {
  const scenario = closing(await startActionScenario());
  const gitlab = closing(await startFakeGitLab(TOKEN));
  return { s: scenario, api: gitlab };
}

/** A merge-request pipeline's predefined variables, plus what the template exports there. */
function mergeRequestPipeline(s: ActionScenario, api: FakeReviewApi, extra: Record<string, string> = {}) {
  return runCli(
    ["--output", "json"],
    {
      GITLAB_CI: "true",
      CI_PIPELINE_SOURCE: "merge_request_event",
      CI_MERGE_REQUEST_IID: "7",
      CI_MERGE_REQUEST_DIFF_BASE_SHA: s.base,
      CI_COMMIT_SHA: s.head,
      CI_PROJECT_ID: "42",
      CI_API_V4_URL: api.apiUrl,
      CI_PROJECT_URL: "https://gitlab.example/acme/shop",
      CI_JOB_URL: "https://gitlab.example/acme/shop/-/jobs/99",
      CI_JOB_NAME: "config-rollout",
      CONFIG_ROLLOUT_DRY_RUN: "client",
      CONFIG_ROLLOUT_COMMENT: "true",
      CONFIG_ROLLOUT_GITLAB_TOKEN: TOKEN,
      ...extra,
    },
    s.repo.dir,
  );
}

const writes = (api: FakeReviewApi) => api.requests.filter((r) => r.method !== "GET").map((r) => r.method);

function expectPlanned(run: CliResult): void {
  expect(run.code, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout).outcome).toBe("planned");
}

test("one note per merge request: created by the first pipeline, updated by the next", async () => {
  const { s, api } = await start();
  api.seed("added 1 commit", "alice", true);
  const first = await mergeRequestPipeline(s, api);
  expectPlanned(first);
  const note = api.comments.find((c) => c.author === "project_42_bot")!;
  expect(
    note.body.startsWith(`${MARKER}\n\n### config-rollout\n\n**Dry run: 2 workload(s) would restart.**`),
  ).toBe(true);
  expect(note.body).toContain("[this run](https://gitlab.example/acme/shop/-/jobs/99)");
  expect(first.stderr).toContain(
    `comment: plan comment created on merge request !7: https://gitlab.example/acme/shop/-/merge_requests/7#note_${note.id}`,
  );

  note.body = `${note.body.replace("Dry run", "Edited")}\n\nthanks @bob`;
  const second = await mergeRequestPipeline(s, api);
  expectPlanned(second);
  expect(api.comments).toHaveLength(2);
  expect(note.body).toContain("**Dry run: 2 workload(s) would restart.**");
  expect(note.body).not.toContain("thanks");
  expect(writes(api)).toEqual(["POST", "PUT"]);
  expect(second.stderr).toContain("comment: plan comment updated on merge request !7");
  // The token's own user first, then the notes oldest first, with the token in PRIVATE-TOKEN.
  expect(api.requests[0]!.url).toBe("/api/v4/user");
  const list = new URL(api.requests[1]!.url, api.apiUrl);
  expect(list.searchParams.get("sort")).toBe("asc");
  expect(api.requests.every((r) => r.headers["private-token"] === TOKEN)).toBe(true);
});

test("the note on a later page is found through x-next-page", async () => {
  const { s, api } = await start();
  api.pageSize = 1;
  api.seed("first", "alice");
  await mergeRequestPipeline(s, api);
  api.seed("later", "bob");
  await mergeRequestPipeline(s, api);
  expect(api.comments.map((c) => c.author)).toEqual(["alice", "project_42_bot", "bob"]);
  expect(writes(api)).toEqual(["POST", "PUT"]);
});

test("a token that cannot write notes: a warning naming the scope, exit code and report unchanged", async () => {
  const { s, api } = await start();
  api.refuseWrites(403);
  const run = await mergeRequestPipeline(s, api);
  expectPlanned(run);
  expect(run.stderr).toContain(
    "warning: comment: could not write the plan comment on merge request !7 (403 Forbidden): the token cannot write notes there: CONFIG_ROLLOUT_GITLAB_TOKEN needs the api scope and at least the Reporter role in the project; the run's result is unchanged",
  );
  expect(api.comments).toEqual([]);
});

test("a rejected token (401) and an API that is down are warnings too; the token is in no output", async () => {
  const { s, api } = await start();
  const wrong = await mergeRequestPipeline(s, api, {
    CONFIG_ROLLOUT_GITLAB_TOKEN: "glpat-wrong-token-zzzzzz",
  });
  expectPlanned(wrong);
  expect(wrong.stderr).toContain(
    "(401 Bad credentials): the token was rejected; the run's result is unchanged",
  );
  const down = await mergeRequestPipeline(s, api, { CI_API_V4_URL: "http://127.0.0.1:9/api/v4" });
  expectPlanned(down);
  expect(down.stderr).toMatch(
    /warning: comment: could not write the plan comment on merge request !7 \(fetch failed\)/,
  );
  const ok = await mergeRequestPipeline(s, api);
  for (const run of [wrong, down, ok]) {
    expect(run.stdout).not.toContain(TOKEN);
    expect(run.stderr).not.toContain(TOKEN);
    expect(run.stderr).not.toContain("glpat-wrong-token-zzzzzz");
  }
  for (const note of api.comments) expect(note.body).not.toContain(TOKEN);
});

test("no token: a warning that says which variable and scope; not a merge request: says so", async () => {
  const { s, api } = await start();
  const noToken = await mergeRequestPipeline(s, api, { CONFIG_ROLLOUT_GITLAB_TOKEN: "" });
  expectPlanned(noToken);
  expect(noToken.stderr).toContain(
    "warning: comment: no token to comment on merge request !7: set a masked CI/CD variable CONFIG_ROLLOUT_GITLAB_TOKEN holding a project access token with the api scope (CI_JOB_TOKEN cannot write notes)",
  );
  const push = await mergeRequestPipeline(s, api, {
    CI_PIPELINE_SOURCE: "push",
    CI_MERGE_REQUEST_IID: "",
    CI_COMMIT_BEFORE_SHA: s.base,
  });
  expectPlanned(push);
  expect(push.stderr).toContain(
    "comment: nothing to comment on: this GitLab pipeline is not a merge-request pipeline (no CI_MERGE_REQUEST_IID)",
  );
  expect(push.stderr).not.toContain("warning");
  expect(api.requests).toEqual([]);
});

test("another user's note that starts with the exact marker is never edited: the plan gets its own", async () => {
  const { s, api } = await start();
  const mallory = api.seed(`${MARKER}\n\nAll clear, merge away.`, "mallory");
  expectPlanned(await mergeRequestPipeline(s, api));
  expectPlanned(await mergeRequestPipeline(s, api));
  expect(mallory.body).toBe(`${MARKER}\n\nAll clear, merge away.`);
  const own = api.comments.filter((c) => c.author === "project_42_bot");
  expect(own).toHaveLength(1);
  expect(own[0]!.body).toContain("would restart");
  expect(writes(api)).toEqual(["POST", "PUT"]);
  expect(api.requests.some((r) => r.method === "GET" && r.url === "/api/v4/user")).toBe(true);
});
