// The one place that runs git through simple-git: argument arrays only, `-c core.quotePath=false`,
// and real exit codes (simple-git alone treats "exit 1 with empty stderr" as success).

import { GitError, GitPluginError, type SimpleGit, simpleGit } from "simple-git";
import { missingObjectError } from "./missing-object.js";

/** git exited with a non-zero code. */
export class GitExitError extends GitError {
  constructor(
    readonly exitCode: number,
    readonly stderr: string,
  ) {
    super(undefined, stderr.trim() || `git exited with code ${exitCode}`);
  }
}

export interface GitRunner {
  /** Run git; resolves with stdout, or with "" when the exit code is one of `okExitCodes` (besides 0). */
  run(args: string[], okExitCodes?: number[]): Promise<{ exitCode: number; stdout: string }>;
  /** Run git and return raw stdout bytes (only `cat-file` is supported by simple-git for this). */
  catFileBuffer(args: string[]): Promise<Buffer>;
}

export const GIT_CONFIG = ["core.quotePath=false"];

export function createGitRunner(
  baseDir: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): GitRunner {
  const git: SimpleGit = simpleGit({
    baseDir,
    config: GIT_CONFIG,
    trimmed: false,
    maxConcurrentProcesses: 4,
    // Without output for this long, git is stuck (e.g. a fetch waiting for credentials).
    ...(options.timeoutMs ? { timeout: { block: options.timeoutMs } } : {}),
    // Local commands are done when their pipes close. simple-git's default also arms a 50 ms timer
    // on every process exit (for a fetch whose ssh or credential helper keeps the pipes open), which
    // kept each run alive ~40 ms after its work was done; network commands keep that fallback.
    ...(options.timeoutMs ? {} : { completion: { onClose: true, onExit: false } }),
    // Aborting kills the running command (and fails any later one of this runner).
    ...(options.signal ? { abort: options.signal } : {}),
    errors(error, result) {
      if (error instanceof GitPluginError) return error;
      if (result.exitCode !== 0) {
        return new GitExitError(result.exitCode, Buffer.concat(result.stdErr).toString("utf8"));
      }
      return error;
    },
  });
  return {
    async run(args, okExitCodes = []) {
      try {
        return { exitCode: 0, stdout: await git.raw(args) };
      } catch (error) {
        if (error instanceof GitExitError && okExitCodes.includes(error.exitCode)) {
          return { exitCode: error.exitCode, stdout: "" };
        }
        throw describe(error, args);
      }
    },
    async catFileBuffer(args) {
      try {
        return await git.binaryCatFile(args);
      } catch (error) {
        throw describe(error, ["cat-file", ...args]);
      }
    },
  };
}

function describe(error: unknown, args: string[]): Error {
  const missing = error instanceof GitExitError ? missingObjectError(error.stderr) : undefined;
  if (missing) return missing;
  const message = error instanceof Error ? error.message.trim() : String(error);
  const command = args.join(" ");
  const shown = command.length > 200 ? `${command.slice(0, 200)}...` : command;
  return new Error(`git ${shown} failed: ${message}`, { cause: error });
}

/** Exit code of a failed `run`, when git itself exited (not spawned, timed out, ...). */
export function exitCodeOf(error: unknown): number | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof GitExitError ? cause.exitCode : undefined;
}
