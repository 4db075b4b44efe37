// The error vocabulary and the one mapping from outcomes to exit codes (the README's "Exit codes"
// table says the same; test/core/errors.test.ts holds them together).
//
//   0  every rollout finished, nothing had to restart, or a dry run
//   1  a rollout failed, timed out or lost its workload; a planned restart was refused by the API
//      server after other writes; the cluster never held the committed config; or a bug
//   2  bad input or configuration, found before the first write to the cluster: flags, manifests
//      under --strict, git history, kubeconfig, an unreachable cluster, an API refusal (401/403,
//      RBAC) of a request made before any write

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Bad input or configuration: one clear line, exit code 2. */
export class UserError extends Error {
  override name = "UserError";
  readonly exitCode: number = EXIT_USAGE;
}

/**
 * The cluster cannot be used as configured: unreachable, credentials rejected, RBAC denial. Raised
 * before any write it is a configuration problem (exit 2); a restart refused mid-run is reported
 * on that workload instead, as a failed result (exit 1).
 */
export class ClusterAccessError extends UserError {
  override name = "ClusterAccessError";
  constructor(
    message: string,
    /** The HTTP status when the API server answered (401, 403, 404, 5xx); undefined for network errors. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * The run could not do what the plan said, for a reason outside config-rollout's input: the
 * cluster never held the committed config, or a rollout failed. Exit code 1, no bug-report hint.
 */
export class RolloutFailure extends Error {
  override name = "RolloutFailure";
  readonly exitCode: number = EXIT_FAILED;
}

/** Exit code for an error that ended the run: its own code when it is ours, 1 for anything else (a bug). */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UserError || error instanceof RolloutFailure) return error.exitCode;
  return EXIT_FAILED;
}

/** Whether an error is one config-rollout raised on purpose (no stack, no bug-report hint). */
export function isExpectedError(error: unknown): error is UserError | RolloutFailure {
  return error instanceof UserError || error instanceof RolloutFailure;
}
