// GitLab CI: the range comes from predefined CI_* variables.

import { isZeroSha } from "../core/commit-sha.js";
import type { RangeRequest } from "./range-request.js";

type Env = Record<string, string | undefined>;

/** Pipeline sources that are not a push: CI_COMMIT_BEFORE_SHA is zeros and there is no branch to compare with. */
const NON_PUSH_SOURCES = new Set([
  "schedule",
  "web",
  "api",
  "trigger",
  "pipeline",
  "parent_pipeline",
  "chat",
]);

export function resolveGitLabRange(env: Env): RangeRequest {
  const head = env.CI_COMMIT_SHA || "HEAD";
  const isMergeRequest =
    env.CI_PIPELINE_SOURCE === "merge_request_event" || Boolean(env.CI_MERGE_REQUEST_IID);
  if (isMergeRequest) return resolveMergeRequest(env, head);

  const before = env.CI_COMMIT_BEFORE_SHA ?? "";
  if (before !== "" && !isZeroSha(before)) {
    // GitLab does not say whether the push was forced: CI_COMMIT_BEFORE_SHA is then the discarded
    // head, which no clone depth can fetch. Decided as GitHub's forced push: gone, the first parent.
    return {
      kind: "range",
      base: before,
      head,
      forced: true,
      note: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA",
    };
  }
  const source = env.CI_PIPELINE_SOURCE ?? "push";
  if (NON_PUSH_SOURCES.has(source)) {
    return {
      kind: "first-parent",
      head,
      note: `GitLab ${source} pipeline: no previous commit, so comparing CI_COMMIT_SHA with its first parent`,
    };
  }
  const defaultBranch = env.CI_DEFAULT_BRANCH || undefined;
  const ref = env.CI_COMMIT_TAG ? "tag" : "branch";
  return {
    kind: "new-branch",
    head,
    defaultBranch,
    ref,
    note: defaultBranch
      ? `new ${ref}: comparing with the merge-base of ${defaultBranch}`
      : `new ${ref}: comparing with the first parent (CI_DEFAULT_BRANCH is not set)`,
  };
}

function resolveMergeRequest(env: Env, head: string): RangeRequest {
  // A merged-results pipeline runs on a merge of the source into the target: comparing it with the
  // target's head gives exactly what the merge request changes there.
  const targetSha = env.CI_MERGE_REQUEST_TARGET_BRANCH_SHA ?? "";
  if (env.CI_MERGE_REQUEST_EVENT_TYPE === "merged_result" && targetSha && !isZeroSha(targetSha)) {
    return {
      kind: "range",
      base: targetSha,
      head,
      note: "GitLab merged results pipeline: CI_MERGE_REQUEST_TARGET_BRANCH_SHA..CI_COMMIT_SHA",
    };
  }
  const diffBase = env.CI_MERGE_REQUEST_DIFF_BASE_SHA ?? "";
  if (diffBase && !isZeroSha(diffBase)) {
    return {
      kind: "range",
      base: diffBase,
      head,
      note: "GitLab merge request: CI_MERGE_REQUEST_DIFF_BASE_SHA..CI_COMMIT_SHA",
    };
  }
  const target = env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME || env.CI_DEFAULT_BRANCH || undefined;
  return {
    kind: "new-branch",
    head,
    defaultBranch: target,
    ref: "branch",
    note: target
      ? `GitLab merge request without a diff base: comparing with the merge-base of ${target}`
      : "GitLab merge request without a diff base or target branch: comparing with the first parent",
  };
}
