// How the adapter runs git: local commands spawned directly (spawn-git.ts), network commands
// (fetch, deepen) through simple-git for its no-output timeout, loaded only when a fetch is needed.
// Argument arrays only, `-c core.quotePath=false`, real exit codes.

import { missingObjectError } from "./missing-object.js";
import { GIT_CONFIG, GitExitError, nulRecords, spawnGit } from "./spawn-git.js";

export interface GitRunner {
  /** Run git; resolves with stdout, or with "" when the exit code is one of `okExitCodes` (besides 0). */
  run(args: string[], okExitCodes?: number[]): Promise<{ exitCode: number; stdout: string }>;
  /** Run git and return raw stdout bytes. */
  runBuffer(args: string[]): Promise<Buffer>;
  /** Run git and hand its stdout over in NUL-terminated records, as they arrive (never held whole). */
  runRecords(args: string[], onRecords: (records: Buffer) => void): Promise<void>;
}

/** Local commands: each spawned as soon as it is asked for, done when git exits and its pipes close. */
export function createGitRunner(
  baseDir: string,
  /** --git-timeout: a command without any output for this long is stopped. */
  idleTimeoutMs: number,
): GitRunner {
  return {
    async run(args, okExitCodes = []) {
      try {
        const { exitCode, stdout } = await spawnGit(baseDir, args, { okExitCodes, idleTimeoutMs });
        return { exitCode, stdout: exitCode === 0 ? stdout.toString("utf8") : "" };
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runBuffer(args) {
      try {
        return (await spawnGit(baseDir, args, { idleTimeoutMs })).stdout;
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runRecords(args, onRecords) {
      const records = nulRecords(onRecords);
      try {
        await spawnGit(baseDir, args, { onStdout: records.push, idleTimeoutMs });
      } catch (error) {
        throw describe(error, args);
      }
      records.end();
    },
  };
}

/**
 * Network commands through simple-git: without any output for `timeoutMs` git is stuck (e.g. a fetch
 * waiting for credentials) and is killed. simple-git is imported on the first such command.
 */
export function createNetworkGitRunner(baseDir: string, timeoutMs: number): Pick<GitRunner, "run"> {
  let loading: Promise<import("simple-git").SimpleGit> | undefined;
  const load = async () => {
    const { simpleGit, GitPluginError } = await import("simple-git");
    return simpleGit({
      baseDir,
      config: GIT_CONFIG,
      trimmed: false,
      timeout: { block: timeoutMs },
      // simple-git 4 strips git's variables from the environment it inherits. A CI job hands git its
      // credentials and transport that way (GIT_SSH_COMMAND, GIT_ASKPASS, GIT_CONFIG_COUNT/KEY/VALUE),
      // and the job's environment is the user's own, not the repository's: pass it through as git
      // itself would see it. The arguments stay ours and are still checked.
      allowEnvironment: inheritedGitVariables(),
      errors(error, result) {
        if (error instanceof GitPluginError) return error;
        if (result.exitCode !== 0) {
          return new GitExitError(result.exitCode, Buffer.concat(result.stdErr).toString("utf8"));
        }
        return error;
      },
    });
  };
  return {
    async run(args, okExitCodes = []) {
      loading ??= load();
      try {
        return { exitCode: 0, stdout: await (await loading).raw(args) };
      } catch (error) {
        if (error instanceof GitExitError && okExitCodes.includes(error.exitCode)) {
          return { exitCode: error.exitCode, stdout: "" };
        }
        throw describe(error, args);
      }
    },
  };
}

function inheritedGitVariables(): string[] {
  return Object.keys(process.env).filter((name) => name.startsWith("GIT_") || name === "SSH_ASKPASS");
}

function describe(error: unknown, args: string[]): Error {
  const missing = error instanceof GitExitError ? missingObjectError(error.stderr) : undefined;
  if (missing) return missing;
  const message = error instanceof Error ? error.message.trim() : String(error);
  const command = args.join(" ");
  const shown = command.length > 200 ? `${command.slice(0, 200)}...` : command;
  return new Error(`git ${shown} failed: ${message}`, { cause: error });
}
