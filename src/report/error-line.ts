import { isExpectedError } from "../core/errors.js";
import { interruptedSignal } from "../process/interrupt.js";

const BUG_HINT = "this looks like a bug in config-rollout: rerun with --debug and report it with the output";

interface ErrorParts {
  message: string;
  /** For an internal error: how to report it. */
  hint?: string;
  /** For an internal error under --debug: its stack (which holds the message). */
  stack?: string;
}

/** What the user is told about an error: expected ones are one message, internal ones a hint or a stack. */
export function errorParts(error: unknown, debug: boolean): ErrorParts {
  if (isExpectedError(error)) return { message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  // A SIGINT or SIGTERM stops every child process: what then fails for want of one (git's reader
  // ending with no exit code) is the interrupt's doing, which the run's last line tells.
  const signal = interruptedSignal();
  if (signal !== undefined && !debug) return { message: `stopped by ${signal}: ${message}` };
  const known = error instanceof Error && error.name !== "Error" && error.name !== "TypeError";
  if (debug && error instanceof Error && error.stack) return { message, stack: error.stack };
  return known ? { message } : { message, hint: BUG_HINT };
}

/** One clear line for the user; the stack only behind --debug, and a bug-report hint for internal errors. */
export function describeError(error: unknown, debug: boolean): string {
  const parts = errorParts(error, debug);
  if (parts.stack !== undefined) return `error: ${parts.stack}`;
  return parts.hint ? `error: ${parts.message}\n(${parts.hint})` : `error: ${parts.message}`;
}
