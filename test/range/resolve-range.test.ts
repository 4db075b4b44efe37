import { describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { ACTION_INPUTS } from "../../src/core/option-naming.js";
import type { RangeRequest } from "../../src/range/range-request.js";
import { resolveRange } from "../../src/range/resolve-range.js";
import { loadFixture, SHA } from "./ci-fixtures.js";

describe("GitHub events", () => {
  test.each<[string, RangeRequest]>([
    ["push", { kind: "range", base: SHA.before, head: SHA.head, note: "GitHub push: before..after" }],
    [
      "push-new-branch",
      {
        kind: "new-branch",
        head: SHA.head,
        defaultBranch: "main",
        ref: "branch",
        note: "new branch: comparing with the merge-base of main",
      },
    ],
    [
      "push-forced",
      {
        kind: "range",
        base: SHA.before,
        head: SHA.head,
        forced: true,
        note: "GitHub forced push: before..after",
      },
    ],
    [
      "push-deleted",
      { kind: "nothing", note: "GitHub push deleted refs/heads/feature/old: nothing to compare" },
    ],
    [
      "pull_request",
      {
        kind: "merge-base",
        base: SHA.base,
        head: SHA.head,
        note: "GitHub pull_request: merge-base of the base branch and the pull request head",
      },
    ],
    [
      "pull_request_target",
      {
        kind: "merge-base",
        base: SHA.base,
        head: SHA.head,
        note: "GitHub pull_request_target: merge-base of the base branch and the pull request head",
      },
    ],
    [
      "merge_group",
      { kind: "range", base: SHA.base, head: SHA.head, note: "GitHub merge_group: base_sha..head_sha" },
    ],
    [
      "workflow_dispatch",
      {
        kind: "first-parent",
        head: SHA.head,
        note: "GitHub workflow_dispatch: the event names no range, so comparing GITHUB_SHA with its first parent",
      },
    ],
    [
      "schedule",
      {
        kind: "first-parent",
        head: SHA.head,
        note: "GitHub schedule: the event names no range, so comparing GITHUB_SHA with its first parent",
      },
    ],
  ])("%s", (name, expected) => {
    const { env, event } = loadFixture("github", name);
    expect(resolveRange({ flags: {}, env, event })).toEqual(expected);
  });

  test("a pull request compares with the PR head, not the merge commit GitHub checks out", () => {
    const { env, event } = loadFixture("github", "pull_request");
    expect(env.GITHUB_SHA).toBe(SHA.merge);
    expect(resolveRange({ flags: {}, env, event })).toMatchObject({ head: SHA.head });
  });

  test("a push payload without 'after' is a clear error", () => {
    const { env, event } = loadFixture("github", "push-no-after");
    expect(() => resolveRange({ flags: {}, env, event })).toThrow(
      new UserError("GitHub push event: after is missing in the GITHUB_EVENT_PATH payload"),
    );
  });

  test("a SHA that is not hex is rejected before it reaches git", () => {
    const { env, event } = loadFixture("github", "push");
    const bad = { ...(event as object), before: "--output=/tmp/x" };
    expect(() => resolveRange({ flags: {}, env, event: bad })).toThrow(/before is not a commit SHA/);
  });

  test("a push without any event payload asks for flags", () => {
    const { env } = loadFixture("github", "push");
    expect(() => resolveRange({ flags: {}, env })).toThrow(
      /GITHUB_EVENT_PATH is not set.*pass --base and --head/,
    );
  });

  test("...or, when the action runs, for its inputs", () => {
    const { env } = loadFixture("github", "push");
    expect(() => resolveRange({ flags: {}, env }, ACTION_INPUTS)).toThrow(
      "GITHUB_EVENT_PATH is not set or not a JSON object; set the `base` input and the `head` input",
    );
  });

  test("an event that names no range, run locally without GITHUB_SHA, says it compares HEAD", () => {
    expect(
      resolveRange({ flags: {}, env: { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "workflow_dispatch" } }),
    ).toEqual({
      kind: "first-parent",
      head: "HEAD",
      note: "GitHub workflow_dispatch: the event names no range, so comparing HEAD with its first parent",
    });
  });

  test("a new tag is compared with the merge-base of the default branch", () => {
    const { env, event } = loadFixture("github", "push-new-branch");
    const payload = { ...(event as Record<string, unknown>), ref: "refs/tags/v1.2.0" };
    expect(resolveRange({ flags: {}, env, event: payload })).toMatchObject({
      kind: "new-branch",
      note: "new tag: comparing with the merge-base of main",
    });
  });

  test("a new branch without default_branch in the payload falls back to the first parent", () => {
    const { env, event } = loadFixture("github", "push-new-branch");
    const payload = { ...(event as Record<string, unknown>), repository: {} };
    expect(resolveRange({ flags: {}, env, event: payload })).toEqual({
      kind: "new-branch",
      head: SHA.head,
      defaultBranch: undefined,
      ref: "branch",
      note: "new branch: comparing with the first parent (the event names no default branch)",
    });
  });
});

describe("GitLab pipelines", () => {
  test.each<[string, RangeRequest]>([
    [
      "push",
      {
        kind: "range",
        base: SHA.before,
        head: SHA.head,
        forced: true,
        note: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA",
      },
    ],
    [
      "push-new-branch",
      {
        kind: "new-branch",
        head: SHA.head,
        defaultBranch: "main",
        ref: "branch",
        note: "new branch: comparing with the merge-base of main",
      },
    ],
    [
      "push-new-tag",
      {
        kind: "new-branch",
        head: SHA.head,
        defaultBranch: "main",
        ref: "tag",
        note: "new tag: comparing with the merge-base of main",
      },
    ],
    [
      "merge-request",
      {
        kind: "range",
        base: SHA.base,
        head: SHA.head,
        note: "GitLab merge request: CI_MERGE_REQUEST_DIFF_BASE_SHA..CI_COMMIT_SHA",
      },
    ],
    [
      "merged-result",
      {
        kind: "range",
        base: SHA.before,
        head: SHA.merge,
        note: "GitLab merged results pipeline: CI_MERGE_REQUEST_TARGET_BRANCH_SHA..CI_COMMIT_SHA",
      },
    ],
    [
      "merge-request-no-diff-base",
      {
        kind: "new-branch",
        head: SHA.head,
        defaultBranch: "release",
        ref: "branch",
        note: "GitLab merge request without a diff base: comparing with the merge-base of release",
      },
    ],
    [
      "schedule",
      {
        kind: "first-parent",
        head: SHA.head,
        note: "GitLab schedule pipeline: no previous commit, so comparing CI_COMMIT_SHA with its first parent",
      },
    ],
    [
      "web",
      {
        kind: "first-parent",
        head: SHA.head,
        note: "GitLab web pipeline: no previous commit, so comparing CI_COMMIT_SHA with its first parent",
      },
    ],
  ])("%s", (name, expected) => {
    const { env } = loadFixture("gitlab", name);
    expect(resolveRange({ flags: {}, env })).toEqual(expected);
  });
});

describe("flags and local runs", () => {
  const github = loadFixture("github", "push");

  test.each<[string, { base?: string; head?: string }, Record<string, string>, RangeRequest]>([
    [
      "both flags win over the GitHub event",
      { base: "v1.0.0", head: "v1.1.0" },
      github.env,
      { kind: "range", base: "v1.0.0", head: "v1.1.0", note: "flags: --base..--head" },
    ],
    [
      "--base alone compares with HEAD",
      { base: "abc123" },
      {},
      { kind: "range", base: "abc123", head: "HEAD", note: "flags: --base..HEAD" },
    ],
    [
      "--head alone compares with its first parent",
      { head: "release" },
      {},
      {
        kind: "first-parent",
        head: "release",
        note: "--head without --base: comparing it with its first parent",
      },
    ],
    [
      "blank flags (an empty CI variable) count as not given",
      { base: "", head: "  " },
      {},
      { kind: "first-parent", head: "HEAD", note: "not in CI: comparing HEAD with its first parent" },
    ],
    [
      "an all-zero --base means a new branch",
      { base: SHA.zero, head: SHA.head },
      { GITLAB_CI: "true", CI_DEFAULT_BRANCH: "main" },
      {
        kind: "new-branch",
        head: SHA.head,
        defaultBranch: "main",
        ref: "branch",
        note: "--base is all zeros (new branch): comparing with the merge-base of main",
      },
    ],
    [
      "outside CI: HEAD and its first parent",
      {},
      { CI: "true" },
      { kind: "first-parent", head: "HEAD", note: "not in CI: comparing HEAD with its first parent" },
    ],
  ])("%s", (_name, flags, env, expected) => {
    expect(resolveRange({ flags, env, event: github.event })).toEqual(expected);
  });
});
