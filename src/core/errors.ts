// The error vocabulary: a user error (exit 2), a rollout failure (exit 1), anything else is a bug.

/** Bad input or configuration: one clear line, exit code 2. */
export class UserError extends Error {
  override name = "UserError";
}

/** A rollout failed or timed out: names the workload, exit code 1. */
export class RolloutFailure extends Error {
  override name = "RolloutFailure";
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export function exitCodeFor(error: unknown): number {
  if (error instanceof UserError) return EXIT_USAGE;
  return EXIT_FAILED;
}
