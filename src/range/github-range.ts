// GitHub Actions: the range comes from the event payload (GITHUB_EVENT_PATH).

import { isFullSha, isZeroSha } from "../core/commit-sha.js";
import { UserError } from "../core/errors.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { RangeRequest } from "./range-request.js";

type Env = Record<string, string | undefined>;

export function resolveGitHubRange(env: Env, event: unknown, naming: OptionNaming = CLI_FLAGS): RangeRequest {
  const name = env.GITHUB_EVENT_NAME ?? "";
  switch (name) {
    case "push":
      return resolvePush(requireEvent(name, event, naming));
    case "pull_request":
    case "pull_request_target": {
      const payload = requireEvent(name, event, naming);
      return {
        kind: "merge-base",
        base: requireSha(payload, ["pull_request", "base", "sha"], name),
        head: requireSha(payload, ["pull_request", "head", "sha"], name),
        note: `GitHub ${name}: merge-base of the base branch and the pull request head`,
      };
    }
    case "merge_group": {
      const payload = requireEvent(name, event, naming);
      return {
        kind: "range",
        base: requireSha(payload, ["merge_group", "base_sha"], name),
        head: requireSha(payload, ["merge_group", "head_sha"], name),
        note: "GitHub merge_group: base_sha..head_sha",
      };
    }
    default:
      return {
        kind: "first-parent",
        head: env.GITHUB_SHA || "HEAD",
        note: `GitHub ${name || "run"}: the event names no range, so comparing ${env.GITHUB_SHA ? "GITHUB_SHA" : "HEAD"} with its first parent`,
      };
  }
}

function resolvePush(payload: Record<string, unknown>): RangeRequest {
  const ref = typeof payload.ref === "string" ? payload.ref : "the ref";
  if (payload.deleted === true) {
    return { kind: "nothing", note: `GitHub push deleted ${ref}: nothing to compare` };
  }
  const after = requireSha(payload, ["after"], "push");
  const before = requireSha(payload, ["before"], "push");
  if (isZeroSha(before)) {
    const defaultBranch = stringAt(payload, ["repository", "default_branch"]);
    const what = ref.startsWith("refs/tags/") ? "tag" : "branch";
    return {
      kind: "new-branch",
      head: after,
      defaultBranch,
      ref: what,
      note: defaultBranch
        ? `new ${what}: comparing with the merge-base of ${defaultBranch}`
        : `new ${what}: comparing with the first parent (the event names no default branch)`,
    };
  }
  if (payload.forced === true) {
    return {
      kind: "range",
      base: before,
      head: after,
      forced: true,
      note: "GitHub forced push: before..after",
    };
  }
  return { kind: "range", base: before, head: after, note: "GitHub push: before..after" };
}

function requireEvent(name: string, event: unknown, naming: OptionNaming): Record<string, unknown> {
  if (!isRecord(event)) {
    throw new UserError(
      `GitHub ${name} event without an event payload: GITHUB_EVENT_PATH is not set or not a JSON object; ${naming.entryPoint === "cli" ? "pass" : "set"} ${naming.option("base")} and ${naming.option("head")}`,
    );
  }
  return event;
}

function requireSha(payload: Record<string, unknown>, path: string[], name: string): string {
  const value = stringAt(payload, path);
  if (value === undefined || !isFullSha(value)) {
    throw new UserError(
      `GitHub ${name} event: ${path.join(".")} is ${value === undefined ? "missing" : `not a commit SHA (${JSON.stringify(value)})`} in the GITHUB_EVENT_PATH payload`,
    );
  }
  return value;
}

function stringAt(payload: unknown, path: string[]): string | undefined {
  let value: unknown = payload;
  for (const key of path) {
    if (!isRecord(value)) return undefined;
    value = value[key];
  }
  return typeof value === "string" && value !== "" ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
