import { isExpectedError } from "../core/errors.js";

/** One clear line for the user; the stack only behind --debug, and a bug-report hint for internal errors. */
export function describeError(error: unknown, debug: boolean): string {
  if (isExpectedError(error)) return `error: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof Error && error.name !== "Error" && error.name !== "TypeError";
  if (debug && error instanceof Error && error.stack) return `error: ${error.stack}`;
  return known
    ? `error: ${message}`
    : `error: ${message}\n(this looks like a bug in config-rollout: rerun with --debug and report it with the output)`;
}
