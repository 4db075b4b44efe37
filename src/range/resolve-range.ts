// Decide which commits to compare from flags and the CI environment. Pure: no git, no files.

import { isZeroSha } from "../core/commit-sha.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import { detectCiKind } from "./ci-kind.js";
import { resolveGitHubRange } from "./github-range.js";
import { resolveGitLabRange } from "./gitlab-range.js";
import type { RangeInput, RangeRequest } from "./range-request.js";

export function resolveRange(input: RangeInput, naming: OptionNaming = CLI_FLAGS): RangeRequest {
  const fromFlags = resolveFlags(input);
  if (fromFlags) return fromFlags;
  switch (input.ci ?? detectCiKind(input.env)) {
    case "github":
      return resolveGitHubRange(input.env, input.event, naming);
    case "gitlab":
      return resolveGitLabRange(input.env);
    case "local":
      return { kind: "first-parent", head: "HEAD", note: "not in CI: comparing HEAD with its first parent" };
  }
}

/** --base/--head win over the environment; blank values count as not given (CI templates pass "$EMPTY"). */
function resolveFlags({ flags, env }: RangeInput): RangeRequest | undefined {
  const base = flags.base?.trim() || undefined;
  const head = flags.head?.trim() || undefined;
  if (base === undefined && head === undefined) return undefined;
  if (base === undefined) {
    return {
      kind: "first-parent",
      head: head!,
      note: "--head without --base: comparing it with its first parent",
    };
  }
  // Templates often pass the event's "before" straight through: zeros mean a new branch.
  if (isZeroSha(base)) {
    const defaultBranch = env.CI_DEFAULT_BRANCH || undefined;
    return {
      kind: "new-branch",
      head: head ?? "HEAD",
      defaultBranch,
      ref: "branch",
      note: defaultBranch
        ? `--base is all zeros (new branch): comparing with the merge-base of ${defaultBranch}`
        : "--base is all zeros (new branch): comparing with the first parent",
    };
  }
  return {
    kind: "range",
    base,
    head: head ?? "HEAD",
    note: head ? "flags: --base..--head" : "flags: --base..HEAD",
  };
}
