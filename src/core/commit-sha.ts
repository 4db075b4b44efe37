// What a full commit id looks like: 40 hex digits (SHA-1) or 64 (SHA-256). Git and the CI
// adapters both check ids with it, so it lives here rather than in either.

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function isFullSha(value: string): boolean {
  return SHA.test(value);
}

/**
 * How every message and report shows a commit: its first 12 hex digits, anything else (a ref, a
 * placeholder) as it is. One fixed length because a report is written without asking git: git's own
 * abbreviation starts at 7 and grows with the repository until it is unique, so 7 digits printed
 * blindly can name two objects in a large one; 12 stay unique far beyond any repository a CI job
 * checks out (the Linux kernel asks for 12 in its commit references for that reason).
 */
export function shortSha(value: string): string {
  return isFullSha(value) ? value.slice(0, 12) : value;
}

/** GitHub and GitLab use 40 (or 64) zeros for "no previous commit". */
export function isZeroSha(value: string): boolean {
  return isFullSha(value) && /^0+$/.test(value);
}

/**
 * Where a commit stands relative to another (the run's head), from git's history: the same commit,
 * an ancestor of it (older), a descendant (newer), neither (another branch, rewritten history), or
 * unknown when this clone cannot say, with why.
 */
export type CommitOrder =
  | { order: "same" | "older" | "newer" | "diverged" }
  | { order: "unknown"; why: string };
