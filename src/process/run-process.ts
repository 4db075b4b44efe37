// The one way config-rollout runs a child process (git, kustomize, a --render command, an exec
// credential plugin): an argument array, its own process group (see child-groups.ts), bounds that
// stop the whole group (a total time, a time without output, a size of output), and a result once
// the process has exited. Background children a process leaves behind are stopped with it, so a
// pipe they hold open never keeps the run waiting. stderr is kept as a bounded tail, safe to print.
import { spawn } from "node:child_process";
import { formatDuration } from "../core/duration.js";
import { redactSecretLines } from "../core/secret-values.js";
import { signalGroup, stopGroup, trackGroup } from "./child-groups.js";

interface RunProcessOptions {
  cwd?: string;
  /** The whole environment (not merged with this process's). Default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** Written to stdin, which is then closed; without it stdin is empty. */
  input?: string | Buffer;
  /** Stop the group after this long in total. */
  timeoutMs?: number;
  /** Stop the group after this long without output on stdout or stderr. */
  idleTimeoutMs?: number;
  /** Stop the group once stdout is larger than this. */
  maxOutputBytes?: number;
  /** Receives stdout as it arrives (then not collected); a throw stops the group. */
  onStdout?: (chunk: Buffer) => void;
  /** Aborting stops the group. */
  signal?: AbortSignal;
  /**
   * Spawn it in a process group of its own (default), so a timeout, the output cap or an
   * interrupt stops what it started too. false: for short commands that start no children (local
   * git), where starting a process detached costs more than the command itself, and a plan runs a
   * chain of them.
   * Such a process is still bounded, tracked and stopped, alone.
   */
  ownGroup?: boolean;
}

type ProcessFailure =
  | { kind: "timeout"; message: string }
  | { kind: "idle"; message: string }
  | { kind: "output"; message: string }
  | { kind: "start"; message: string; code?: string }
  | { kind: "aborted"; message: string }
  | { kind: "stdout"; message: string; error: Error };

export interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The last few lines of stderr, safe for a CI log (see tailOf). */
  stderrTail: string;
  /** The last few KB of stderr as written (for a caller that shortens it its own way). */
  stderrEnd: string;
  /** Why the process was stopped or never ran; undefined when it exited on its own. */
  failure?: ProcessFailure;
}

const STDERR_KEEP_BYTES = 8192;
/** After the process exits, how long its pipes may take to close before they are cut. */
const PIPE_DRAIN_MS = 1_000;

/**
 * Run `file` with `args`; never rejects (a process that cannot start is a result with a failure).
 * Kept long (about 100 lines) on purpose: the timers, the abort listener, the output bounds and
 * `finish` share one process's state, and read in one place they show that every way out clears
 * every timer and listener exactly once.
 */
export function runProcess(
  file: string,
  args: readonly string[],
  options: RunProcessOptions = {},
): Promise<ProcessResult> {
  // The whole body, long on purpose (see above): one process's state in one closure.
  const execute = (resolve: (result: ProcessResult) => void): void => {
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let failure: ProcessFailure | undefined;
    let settled = false;
    const child = spawn(file, [...args], {
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      detached: options.ownGroup ?? true,
      windowsHide: true,
    });
    trackGroup(child, options.ownGroup ?? true);
    const stop = (why: ProcessFailure) => {
      failure ??= why;
      void stopGroup(child);
    };
    const timers: NodeJS.Timeout[] = [];
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs;
      timers.push(
        setTimeout(() => stop({ kind: "timeout", message: `timed out after ${formatDuration(ms)}` }), ms),
      );
    }
    let idle: NodeJS.Timeout | undefined;
    const touch = () => {
      if (options.idleTimeoutMs === undefined) return;
      clearTimeout(idle);
      const ms = options.idleTimeoutMs;
      idle = setTimeout(() => stop({ kind: "idle", message: `no output for ${formatDuration(ms)}` }), ms);
    };
    touch();
    const onAbort = () => stop({ kind: "aborted", message: "stopped: the run was interrupted" });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout!.on("data", (chunk: Buffer) => {
      touch();
      if (failure) return;
      stdoutBytes += chunk.length;
      if (options.maxOutputBytes !== undefined && stdoutBytes > options.maxOutputBytes) {
        stop({ kind: "output", message: `output over ${options.maxOutputBytes} bytes` });
        return;
      }
      if (!options.onStdout) {
        stdout.push(chunk);
        return;
      }
      try {
        options.onStdout(chunk);
      } catch (error) {
        stop({ kind: "stdout", message: (error as Error).message, error: error as Error });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      touch();
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_KEEP_BYTES * 2) stderr = stderr.subarray(stderr.length - STDERR_KEEP_BYTES);
    });
    if (child.stdin) {
      // A process that exits early reports its own error; the broken pipe must not crash the run.
      child.stdin.on("error", () => {});
      child.stdin.end(options.input);
    }
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(idle);
      options.signal?.removeEventListener("abort", onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({
        exitCode: child.exitCode,
        signal: child.signalCode,
        stdout: Buffer.concat(stdout),
        stderrTail: tailOf(stderr.toString("utf8")),
        stderrEnd: stderr.toString("utf8"),
        ...(failure !== undefined ? { failure } : {}),
      });
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      failure ??= {
        kind: "start",
        message: error.code === "ENOENT" ? `${file} was not found` : `could not be started: ${error.message}`,
        ...(error.code !== undefined ? { code: error.code } : {}),
      };
      // A process that never started emits no exit.
      if (child.pid === undefined) finish();
    });
    // "close" comes once the process exited and its pipes ended: all of stdout is here.
    child.on("close", finish);
    child.on("exit", () => {
      // What the process left running in its group is stopped with it: a background child holding
      // the pipes open would otherwise keep "close" (and the run) waiting.
      if (options.ownGroup ?? true) signalGroup(child, "SIGKILL");
      setTimeout(finish, PIPE_DRAIN_MS).unref();
    });
  };
  if (options.signal?.aborted) {
    // Stopped before it started: nothing to spawn (and nothing that could outlive the run).
    const failure = { kind: "aborted", message: "stopped: the run was interrupted" } as const;
    const empty = { exitCode: null, signal: null, stdout: Buffer.alloc(0), stderrTail: "", stderrEnd: "" };
    return Promise.resolve({ ...empty, failure });
  }
  return new Promise(execute);
}

/**
 * The last lines of a stream, safe to print in a CI log: the values of the Secrets recorded so far
 * masked (before anything is cut, line by line so that a multi-line value keeps its lines and a
 * cut never keeps half of one), control characters (escape sequences) removed, lines that would
 * read as workflow commands (`::`) indented, lines and count bounded.
 */
export function tailOf(text: string, maxLines = 8, maxLineLength = 300): string {
  const lines = redactSecretLines(text)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "");
  return lines
    .slice(-maxLines)
    .map((line) => (line.startsWith("::") ? ` ${line}` : line))
    .map((line) => (line.length > maxLineLength ? `${line.slice(0, maxLineLength)}…` : line))
    .join("\n");
}
