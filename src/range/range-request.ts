// What the CI environment asks us to compare, before any git lookup: the output of the pure
// `resolveRange` and the input of `resolveCommits` (src/git/resolve-commits.ts).

import type { CiKind } from "./ci-kind.js";

export interface RangeInput {
  flags: { base?: string; head?: string };
  env: Record<string, string | undefined>;
  /** The CI system, as readCiEnvironment detected it; unset: told from `env`. */
  ci?: CiKind;
  /** The parsed GITHUB_EVENT_PATH JSON, when running on GitHub Actions. */
  event?: unknown;
}

export type RangeRequest =
  /**
   * Compare these two commits (base may need fetching). `forced`: the push may have been forced
   * (GitHub says so; GitLab cannot tell), so base may be gone: then the first parent is compared.
   */
  | { kind: "range"; base: string; head: string; note: string; forced?: boolean }
  /** A new branch or tag: the merge-base with the default branch, else the first parent. */
  | { kind: "new-branch"; head: string; defaultBranch?: string; note: string; ref: "branch" | "tag" }
  /** Pull requests: the merge-base of base and head. */
  | { kind: "merge-base"; base: string; head: string; note: string }
  /** Compare head with its first parent. */
  | { kind: "first-parent"; head: string; note: string; forcedFallback?: boolean }
  /** A deleted ref: nothing to do. */
  | { kind: "nothing"; note: string };
