// The plan comment on a GitHub pull request: the bundled action (dist/action.js, run as the runner
// runs it) and the bundled CLI with --comment, against a fake GitHub API on 127.0.0.1 (under
// /api/v3, as GitHub Enterprise Server serves it: GITHUB_API_URL is honoured).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  type ActionScenario,
  pullRequestEvent,
  pushEvent,
  startActionScenario,
} from "../action/action-scenario.js";
import { type ActionRun, runAction } from "../action/run-action.js";
import { useClosing } from "../helpers/closing.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runCli } from "../helpers/run-cli.js";
import { type FakeReviewApi, startFakeGitHub } from "./fake-review-api.js";

const TOKEN = "ghs_0123456789abcdefghijklmnopqrstuvwxyzAB";
const MARKER = "<!-- config-rollout:plan id=deploy/config-rollout -->";

const closing = useClosing();

async function start(
  extraFiles: Record<string, string> = {},
  baseFiles: Record<string, string> = {},
): Promise<{ s: ActionScenario; api: FakeReviewApi }> {
  const scenario = closing(await startActionScenario(extraFiles, baseFiles));
  const github = closing(await startFakeGitHub(TOKEN));
  return { s: scenario, api: github };
}

function githubEnv(api: FakeReviewApi): Record<string, string> {
  return {
    GITHUB_API_URL: api.apiUrl,
    GITHUB_SERVER_URL: "https://github.example",
    GITHUB_RUN_ID: "4242",
    GITHUB_WORKFLOW: "deploy",
    GITHUB_JOB: "config-rollout",
  };
}

/** A pull_request run of the action: a dry run (the trust policy's default) that comments by default. */
function runOnPullRequest(
  s: ActionScenario,
  api: FakeReviewApi,
  inputs: Record<string, string> = {},
): Promise<ActionRun> {
  return runAction({
    workspace: s.repo.dir,
    eventName: "pull_request",
    event: pullRequestEvent(s),
    inputs: { "github-token": TOKEN, ...inputs },
    env: githubEnv(api),
  });
}

/** Writes to the comments (GraphQL's viewer query is a POST that reads). */
const writes = (api: FakeReviewApi) =>
  api.requests.filter((r) => r.method !== "GET" && r.url !== "/api/graphql").map((r) => r.method);
const ours = (api: FakeReviewApi) => api.comments.filter((c) => c.author === "github-actions[bot]");

describe("the action on a pull request", () => {
  test("the first run creates one comment, a second run updates it: never a second comment", async () => {
    const { s, api } = await start();
    const first = await runOnPullRequest(s, api);
    expect(first.code, first.stdout).toBe(0);
    expect(api.comments).toHaveLength(1);
    const comment = api.comments[0]!;
    expect(
      comment.body.startsWith(`${MARKER}\n\n### config-rollout\n\n**Dry run: 2 workload(s) would restart.**`),
    ).toBe(true);
    expect(comment.body).toContain("```mermaid");
    expect(comment.body).toContain("| deployment/web | shop | restart |");
    expect(comment.body).toContain("[this run](https://github.example/acme/shop/actions/runs/4242)");
    expect(first.stdout).toContain(
      `comment: plan comment created on pull request #7: ${api.apiUrl.replace("/api/v3", "")}/acme/shop/pull/7#issuecomment-${comment.id}`,
    );

    const second = await runOnPullRequest(s, api);
    expect(second.code).toBe(0);
    expect(api.comments).toHaveLength(1);
    expect(writes(api)).toEqual(["POST", "PATCH"]);
    expect(api.requests.at(-1)?.url).toBe(`/api/v3/repos/acme/shop/issues/comments/${comment.id}`);
    expect(second.stdout).toContain("comment: plan comment updated on pull request #7");
  });

  test("a person's edit around the marker (text added, CRLF line ends) leaves the comment ours", async () => {
    const { s, api } = await start();
    await runOnPullRequest(s, api);
    const comment = api.comments[0]!;
    const fresh = comment.body;
    comment.body = `\r\n${comment.body.replaceAll("\n", "\r\n").replace("Dry run", "Dry-run (edited)")}\r\n\r\nLooks fine, @alice.`;
    await runOnPullRequest(s, api);
    expect(api.comments).toHaveLength(1);
    expect(comment.body).toBe(fresh);
  });

  test("a separate comment-id owns a separate comment", async () => {
    const { s, api } = await start();
    await runOnPullRequest(s, api);
    await runOnPullRequest(s, api, { "comment-id": "prod cluster" });
    await runOnPullRequest(s, api, { "comment-id": "prod cluster" });
    expect(api.comments.map((c) => c.body.split("\n")[0])).toEqual([
      MARKER,
      "<!-- config-rollout:plan id=prod%20cluster -->",
    ]);
  });

  test("nothing to restart: no new comment, but an existing plan comment is updated to say so", async () => {
    const { s, api } = await start();
    const nothing = { base: s.head, head: s.head };
    const quiet = await runOnPullRequest(s, api, nothing);
    expect(quiet.code).toBe(0);
    expect(api.comments).toEqual([]);
    expect(quiet.stdout).toContain(
      "comment: nothing changed and pull request #7 has no plan comment to update: none written",
    );

    await runOnPullRequest(s, api);
    expect(api.comments[0]?.body).toContain("would restart");
    await runOnPullRequest(s, api, nothing);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]?.body).toContain("**Nothing changed: no ConfigMap or Secret content differs");
    expect(api.comments[0]?.body).not.toContain("would restart");
  });

  test("a read-only token (403, a fork's pull request): a warning, the step's result unchanged", async () => {
    const { s, api } = await start();
    api.refuseWrites(403);
    const run = await runOnPullRequest(s, api);
    expect(run.code).toBe(0);
    expect(run.outputs.result).toBe("planned");
    expect(run.stdout).toMatch(
      /^::warning::comment: could not write the plan comment on pull request #7 \(403 Resource not accessible by integration.*\): the token cannot write comments there\. A pull request from a fork gets a read-only token; otherwise give the job permissions: pull-requests: write; the run's result is unchanged$/m,
    );
    expect(run.stdout).not.toMatch(/^::error::/m);
    expect(api.comments).toEqual([]);
  });

  test("a run that fails before it has a plan updates the existing comment, and still fails", async () => {
    const { s, api } = await start();
    await runOnPullRequest(s, api);
    const run = await runOnPullRequest(s, api, { base: "no-such-commit" });
    expect(run.code).toBe(1);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]?.body).toMatch(
      /^<!-- config-rollout:plan id=deploy\/config-rollout -->\n\n### config-rollout\n\n\*\*Failed:\*\* /,
    );
    expect(api.comments[0]?.body).not.toContain("would restart");
  });

  test("push events do not comment, unless asked, and then say there is no pull request", async () => {
    const { s, api } = await start();
    const push = (inputs: Record<string, string>) =>
      runAction({
        workspace: s.repo.dir,
        eventName: "push",
        event: pushEvent(s),
        inputs,
        env: githubEnv(api),
      });
    const quiet = await push({ "dry-run": "client", "github-token": TOKEN });
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).not.toContain("comment:");
    const asked = await push({ "dry-run": "client", "github-token": TOKEN, comment: "true" });
    expect(asked.code).toBe(0);
    expect(asked.stdout).toContain("comment: nothing to comment on: this push run is not for a pull request");
    expect(api.requests).toEqual([]);
  });

  test("comment: false turns it off on a pull request", async () => {
    const { s, api } = await start();
    const run = await runOnPullRequest(s, api, { comment: "false" });
    expect(run.code).toBe(0);
    expect(api.requests).toEqual([]);
  });
});

describe("what the comment can be made to say", () => {
  const fakeMarker = "<!-- config-rollout:plan id=deploy/config-rollout -->";

  test("another user's comment that starts with the exact marker is never edited: the plan gets its own", async () => {
    const { s, api } = await start();
    const mallory = api.seed(`${MARKER}\n\nAll clear, merge away.`, "mallory");
    await runOnPullRequest(s, api);
    await runOnPullRequest(s, api);
    expect(mallory.body).toBe(`${MARKER}\n\nAll clear, merge away.`);
    expect(ours(api)).toHaveLength(1);
    expect(ours(api)[0]!.body).toContain("would restart");
    expect(writes(api)).toEqual(["POST", "PATCH"]);
    expect(api.requests.some((r) => r.url === "/api/graphql")).toBe(true);
  });

  test("a GitHub App's token (<app>[bot]) finds its own comment; unknown identity never edits (fail closed)", async () => {
    const { s, api } = await start();
    api.identity = "deploy-helper[bot]";
    await runOnPullRequest(s, api);
    await runOnPullRequest(s, api);
    expect(api.comments.map((c) => c.author)).toEqual(["deploy-helper[bot]"]);
    api.identity = undefined;
    const unknown = await runOnPullRequest(s, api);
    expect(unknown.code).toBe(0);
    expect(api.comments).toHaveLength(2);
    expect(api.comments[0]!.author).toBe("deploy-helper[bot]");
  });

  test("a marker in a file name and in someone else's comment hijacks nothing, and shows escaped", async () => {
    const injected = `deploy/${fakeMarker} [click](x) www.evil.example @alice #1.yaml`;
    const { s, api } = await start({
      [injected]: yamlDocs(
        configMap("injected", { mode: "enabled" }, { namespace: "shop" }),
        deployment("reader", pod({ envFrom: [{ configMapRef: { name: "injected" } }] }), {
          namespace: "shop",
        }),
      ),
    });
    const mallory = api.seed(`Have a look: ${fakeMarker}\n\nnot a plan`, "mallory");
    const quoted = api.seed(`> ${fakeMarker}\n> quoted plan`, "mallory");
    await runOnPullRequest(s, api);
    await runOnPullRequest(s, api);
    expect(api.comments).toHaveLength(3);
    expect(mallory.body).toBe(`Have a look: ${fakeMarker}\n\nnot a plan`);
    expect(quoted.body).toBe(`> ${fakeMarker}\n> quoted plan`);
    const body = ours(api)[0]!.body;
    expect(body.split(fakeMarker)).toHaveLength(2);
    expect(body.startsWith(fakeMarker)).toBe(true);
    expect(body).not.toMatch(
      /<!--(?! config-rollout:plan id=deploy\/config-rollout -->\n\n### config-rollout)/,
    );
    expect(body).toContain(
      "deploy/&lt;!-- config-rollout:plan id=deploy/config-rollout --&gt; \\[click\\](x) www&#8203;.evil.example @&#8203;alice #&#8203;1.yaml",
    );
  });

  test("the token appears in no output: log, outputs, summary, comment", async () => {
    const { s, api } = await start();
    const run = await runOnPullRequest(s, api);
    expect(run.code).toBe(0);
    const out = run.stdout.split("\n");
    // Registered with the runner's masker first; the API got it (so it was used), and nothing else did.
    expect(out[0]).toBe(`::add-mask::${TOKEN}`);
    expect(api.requests.every((r) => r.headers.authorization === `token ${TOKEN}`)).toBe(true);
    const shown = [
      out.filter((line) => !line.startsWith("::add-mask::")).join("\n"),
      run.stderr,
      run.outputFile,
      run.summary,
      ...api.comments.map((c) => c.body),
      ...api.requests.map((r) => r.body),
    ];
    for (const text of shown) expect(text).not.toContain(TOKEN);
  });

  test("a --render command (it may run the pull request's code) sees none of the tokens", async () => {
    const { s, api } = await start();
    const dump = join(mkdtempSync(join(tmpdir(), "config-rollout-render-env-")), "env");
    const kubeconfigData = Buffer.from(s.kubeconfigText).toString("base64");
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "pull_request",
      event: pullRequestEvent(s),
      inputs: {
        "github-token": TOKEN,
        render: `env >> "${dump}"`,
        // The command's environment is an allowlist: a job variable reaches it only when named.
        "render-env": "GITHUB_REPOSITORY",
        "kubeconfig-data": kubeconfigData,
      },
      env: {
        ...githubEnv(api),
        GITHUB_TOKEN: "ghs_env_token_9876543210",
        CONFIG_ROLLOUT_GITLAB_TOKEN: "glpat-env-token-123",
      },
    });
    expect(run.stdout).toContain("comment: plan comment created");
    const seen = readFileSync(dump, "utf8");
    expect(seen).toContain("GITHUB_REPOSITORY=acme/shop");
    for (const secret of [
      TOKEN,
      "ghs_env_token_9876543210",
      "glpat-env-token-123",
      kubeconfigData,
      s.sim.token,
    ]) {
      expect(seen).not.toContain(secret);
    }
  });

  test("the marker comment on the second page is found and updated", async () => {
    const { s, api } = await start();
    api.pageSize = 2;
    api.seed("first!", "alice");
    api.seed("LGTM", "bob");
    await runOnPullRequest(s, api);
    api.seed("one more", "carol");
    await runOnPullRequest(s, api);
    expect(api.comments.map((c) => c.author)).toEqual(["alice", "bob", "github-actions[bot]", "carol"]);
    expect(writes(api)).toEqual(["POST", "PATCH"]);
    const lists = api.requests
      .filter((r) => r.method === "GET")
      .map((r) => new URL(r.url, api.apiUrl).searchParams.get("page"));
    // First run: one page of two, no match, then POST (the third comment). Second run: page 2 holds it.
    expect(lists).toEqual([null, null, "2"]);
  });

  test("a plan over GitHub's limit is cut at a row boundary, with a line pointing to the job summary", async () => {
    const long = "x".repeat(180);
    const objects = (value: string) =>
      Array.from({ length: 300 }, (_, i) => [
        configMap(`config-${i}-${long}`, { key: value }, { namespace: "shop" }),
        deployment(
          `app-${i}-${long}`,
          pod({ envFrom: [{ configMapRef: { name: `config-${i}-${long}` } }] }),
          {
            namespace: "shop",
          },
        ),
      ]).flat();
    const { s, api } = await start(
      { "deploy/many.yaml": yamlDocs(...objects("new")) },
      { "deploy/many.yaml": yamlDocs(...objects("old")) },
    );
    const run = await runOnPullRequest(s, api);
    expect(run.code, run.stdout).toBe(0);
    const body = api.comments[0]!.body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(run.summary.length).toBeGreaterThan(65_536);
    expect(body).toContain(
      "_Shortened to stay under GitHub's 65,536-character limit for a comment: the whole report is in the job summary of [this run](https://github.example/acme/shop/actions/runs/4242)._",
    );
    expect(body).toMatch(/… and \d+ more workloads\./);
    // Every table row is whole, and the Mermaid block is closed.
    for (const line of body.split("\n").filter((l) => l.startsWith("|")))
      expect(line.endsWith("|")).toBe(true);
    expect(body.split("```").length % 2).toBe(1);
  });
});

describe("the CLI with --comment on GitHub", () => {
  test("comments with GITHUB_TOKEN from the environment; outside a pull request it says so and exits 0", async () => {
    const { s, api } = await start();
    const eventFile = join(mkdtempSync(join(tmpdir(), "config-rollout-event-")), "event.json");
    writeFileSync(eventFile, JSON.stringify(pullRequestEvent(s)));
    const env = {
      ...githubEnv(api),
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: eventFile,
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_TOKEN: TOKEN,
    };
    const run = await runCli(["--comment", "--dry-run", "--output", "json"], env, s.repo.dir);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).outcome).toBe("planned");
    expect(run.stderr).toContain("comment: plan comment created on pull request #7");
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]?.body).toContain("**Dry run: 2 workload(s) would restart.**");
    for (const text of [run.stdout, run.stderr, api.comments[0]!.body]) expect(text).not.toContain(TOKEN);

    writeFileSync(eventFile, JSON.stringify(pushEvent(s)));
    const push = await runCli(["--comment", "--dry-run"], { ...env, GITHUB_EVENT_NAME: "push" }, s.repo.dir);
    expect(push.code).toBe(0);
    expect(push.stderr).toContain("comment: nothing to comment on: this push run is not for a pull request");
    expect(api.comments).toHaveLength(1);
  });

  test("without a token: a warning that says what to set, exit code 0", async () => {
    const { s, api } = await start();
    const eventFile = join(mkdtempSync(join(tmpdir(), "config-rollout-event-")), "event.json");
    writeFileSync(eventFile, JSON.stringify(pullRequestEvent(s)));
    const run = await runCli(
      ["--dry-run"],
      {
        ...githubEnv(api),
        GITHUB_ACTIONS: "true",
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: eventFile,
        GITHUB_REPOSITORY: "acme/shop",
        CONFIG_ROLLOUT_COMMENT: "true",
      },
      s.repo.dir,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("warning: comment: no token to comment on pull request #7: ");
    expect(run.stderr).toContain("the CLI reads GITHUB_TOKEN");
    expect(api.requests).toEqual([]);
  });
});
