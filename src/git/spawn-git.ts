// Local git commands, spawned directly with an argument array. Reading a repository is a chain of
// short commands (resolve the commits, diff, list, grep) that the plan waits on one after another:
// each must cost no more than git itself. simple-git queued every command, armed a 50 ms timer on
// each exit, and its ~150 KB were loaded on every run; it stays for the network commands
// (run-git.ts), which are rare and want its no-output timeout.

import { UserError } from "../core/errors.js";
import { runProcess } from "../process/run-process.js";

/** `-c` settings every git command gets: paths printed as they are, never C-quoted. */
export const GIT_CONFIG = ["core.quotePath=false"];

/** git exited with a non-zero code that the caller did not expect. */
export class GitExitError extends Error {
  constructor(
    readonly exitCode: number,
    readonly stderr: string,
  ) {
    super(stderr.trim() || `git exited with code ${exitCode}`);
    this.name = "GitExitError";
  }
}

interface SpawnGitOptions {
  /** --git-timeout: a git command without any output for this long is stuck, and stopped. */
  idleTimeoutMs: number;
  /** Exit codes besides 0 that are answers, not failures (grep's 1: nothing matched). */
  okExitCodes?: readonly number[];
  /** Aborting kills git; the promise rejects with the abort error. */
  signal?: AbortSignal;
  /** Receives stdout as it arrives (then not collected: the result's stdout is empty). */
  onStdout?: (chunk: Buffer) => void;
  /** Written to git's stdin, which is then closed (without it, git reads an empty stdin). */
  input?: string;
  /** Variables set for git on top of this process's environment. */
  env?: Record<string, string>;
}

/**
 * Cut a stream of NUL-terminated records (`-z` output) into whole records, on bytes: a chunk may
 * end inside a record or inside a multi-byte character. `push` each chunk; `end` hands over what
 * is left (a last record without its NUL).
 */
export function nulRecords(onRecords: (records: Buffer) => void): {
  push(chunk: Buffer): void;
  end(): void;
} {
  let pending = Buffer.alloc(0);
  return {
    push(chunk) {
      const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      const end = data.lastIndexOf(0);
      if (end >= 0) onRecords(data.subarray(0, end + 1));
      pending = Buffer.from(data.subarray(end + 1));
    },
    end() {
      if (pending.length > 0) onRecords(pending);
      pending = Buffer.alloc(0);
    },
  };
}

/** Run `git <args>` in `cwd`; resolves with the exit code and stdout once git has exited and its pipes closed. */
export async function spawnGit(
  cwd: string,
  args: readonly string[],
  options: SpawnGitOptions,
): Promise<{ exitCode: number; stdout: Buffer }> {
  const result = await runProcess("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), ...args], {
    cwd,
    input: options.input ?? "",
    idleTimeoutMs: options.idleTimeoutMs,
    // Local git starts no children worth a group, which costs more than the command (run-process.ts).
    ownGroup: false,
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onStdout ? { onStdout: options.onStdout } : {}),
  });
  const failure = result.failure;
  if (failure?.kind === "stdout") throw failure.error;
  if (failure?.kind === "aborted") throw options.signal?.reason ?? new Error(failure.message);
  if (failure?.kind === "start")
    throw Object.assign(new Error(`git ${failure.message}`), { code: failure.code });
  if (failure?.kind === "idle") {
    const silent = failure.message.replace(/^no output for /, "");
    // The repository or the machine, not config-rollout: said as such (exit 2), never as a bug.
    throw new UserError(
      `git ${subcommand(args)} printed nothing for ${silent} and was stopped (raise --git-timeout if it is only slow)`,
    );
  }
  const exitCode = result.exitCode ?? 128;
  if (exitCode === 0 || options.okExitCodes?.includes(exitCode)) {
    return { exitCode, stdout: result.stdout };
  }
  const text = result.stderrEnd;
  throw new GitExitError(
    exitCode,
    result.signal ? `${text}\n(git was killed by ${result.signal})`.trim() : text,
  );
}

/** The git command of an argument list (`fetch` of `-c k=v fetch ...`), for messages. */
function subcommand(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-c") i++;
    else if (!args[i]!.startsWith("-")) return args[i]!;
  }
  return "";
}
