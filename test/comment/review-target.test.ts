import { describe, expect, test } from "vitest";
import { findReviewTarget, tokenFor } from "../../src/comment/review-target.js";

const github = {
  GITHUB_ACTIONS: "true",
  GITHUB_EVENT_NAME: "pull_request",
  GITHUB_REPOSITORY: "acme/shop",
  GITHUB_WORKFLOW: "deploy",
  GITHUB_JOB: "rollout",
  GITHUB_RUN_ID: "17",
};
const gitlab = {
  GITLAB_CI: "true",
  CI_MERGE_REQUEST_IID: "7",
  CI_API_V4_URL: "https://gitlab.example/api/v4/",
  CI_PROJECT_ID: "42",
  CI_JOB_NAME: "config-rollout: [prod]",
};

describe("findReviewTarget", () => {
  test("GitHub pull_request: the number from the payload, api.github.com unless GITHUB_API_URL says otherwise", () => {
    expect(findReviewTarget(github, { pull_request: { number: 7 } })).toEqual({
      target: {
        platform: "github",
        apiUrl: "https://api.github.com",
        owner: "acme",
        repo: "shop",
        number: 7,
        runUrl: "https://github.com/acme/shop/actions/runs/17",
        where: "pull request #7",
        defaultId: "deploy/rollout",
      },
    });
    const enterprise = findReviewTarget(
      { ...github, GITHUB_API_URL: "https://ghe.example/api/v3/", GITHUB_SERVER_URL: "https://ghe.example" },
      { number: 9 },
    );
    expect(enterprise).toMatchObject({
      target: {
        apiUrl: "https://ghe.example/api/v3",
        number: 9,
        runUrl: "https://ghe.example/acme/shop/actions/runs/17",
      },
    });
  });

  test.each([
    [{ ...github, GITHUB_EVENT_NAME: "pull_request_target" }, undefined, "refs/pull/12/merge", 12],
    [
      { ...github, GITHUB_EVENT_NAME: "pull_request" },
      { pull_request: { number: "7" } },
      "refs/pull/8/merge",
      8,
    ],
  ])("the number from GITHUB_REF when the payload has none: %#", (env, event, ref, number) => {
    expect(findReviewTarget({ ...env, GITHUB_REF: ref }, event)).toMatchObject({ target: { number } });
  });

  test.each([
    [
      { ...github, GITHUB_EVENT_NAME: "push" },
      "this push run is not for a pull request (events: pull_request, pull_request_target)",
    ],
    [
      { ...github, GITHUB_EVENT_NAME: "workflow_dispatch" },
      "this workflow_dispatch run is not for a pull request",
    ],
    [
      { ...github, GITHUB_REPOSITORY: "" },
      "the pull_request event names no pull request number or repository",
    ],
    [
      { ...gitlab, CI_MERGE_REQUEST_IID: "" },
      "this GitLab pipeline is not a merge-request pipeline (no CI_MERGE_REQUEST_IID)",
    ],
    [{ ...gitlab, CI_API_V4_URL: "" }, "CI_API_V4_URL or CI_PROJECT_ID is not set"],
    [{}, "not running in GitHub Actions or GitLab CI"],
  ])("nothing to comment on: %#", (env, reason) => {
    const lookup = findReviewTarget(env, { pull_request: { number: 7 } });
    expect("none" in lookup ? lookup.none : "").toContain(reason);
  });

  test("GitLab merge-request pipeline: the project, the MR, the job's name as the default id", () => {
    expect(
      findReviewTarget({
        ...gitlab,
        CI_JOB_URL: "https://gitlab.example/j/1",
        CI_PROJECT_URL: "https://gitlab.example/acme/shop",
      }),
    ).toEqual({
      target: {
        platform: "gitlab",
        apiUrl: "https://gitlab.example/api/v4",
        projectId: "42",
        mergeRequestIid: 7,
        runUrl: "https://gitlab.example/j/1",
        mergeRequestUrl: "https://gitlab.example/acme/shop/-/merge_requests/7",
        where: "merge request !7",
        defaultId: "config-rollout: [prod]",
      },
    });
  });
});

describe("tokenFor", () => {
  const gh = findReviewTarget(github, { number: 1 });
  const gl = findReviewTarget(gitlab);
  test("the caller's token first, then the platform's variable; CI_JOB_TOKEN is never used", () => {
    if (!("target" in gh) || !("target" in gl)) throw new Error("no target");
    expect(tokenFor(gh.target, { GITHUB_TOKEN: "env" }, "input")).toBe("input");
    expect(tokenFor(gh.target, { GITHUB_TOKEN: "env", GH_TOKEN: "gh" })).toBe("env");
    expect(tokenFor(gh.target, { GH_TOKEN: "gh" })).toBe("gh");
    expect(tokenFor(gl.target, { CONFIG_ROLLOUT_GITLAB_TOKEN: "glpat" })).toBe("glpat");
    expect(tokenFor(gl.target, { CI_JOB_TOKEN: "job", GITHUB_TOKEN: "x" })).toBeUndefined();
  });
});
