// Runs one renderer process: an absolute binary path, an argument array, a chosen working directory
// and environment. Collects stdout (bounded) and the tail of stderr for error messages.
import { spawn } from "node:child_process";

export interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The last few lines of stderr, control characters removed. */
  stderrTail: string;
  /** The last few KB of stderr as written (for a caller that shortens it its own way). */
  stderrEnd: string;
  /** Set when the process could not be started or overflowed the output bound. */
  failure?: string;
}

const MAX_STDOUT_BYTES = 512 * 1024 * 1024;
const STDERR_TAIL_BYTES = 4096;

export function runProcess(
  file: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let failure: string | undefined;
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs,
      killSignal: "SIGKILL",
    });
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES) {
        failure = `output is over ${MAX_STDOUT_BYTES} bytes`;
        child.kill("SIGKILL");
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_TAIL_BYTES * 2) stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
    });
    child.on("error", (error) => {
      failure = error.message;
    });
    child.on("close", (exitCode, signal) => {
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(stdout),
        stderrTail: tailOf(stderr.toString("utf8")),
        stderrEnd: stderr.toString("utf8"),
        ...(failure !== undefined ? { failure } : {}),
      });
    });
  });
}

/** The last lines of a stream, safe to print in a CI log (no escape sequences, no workflow commands). */
export function tailOf(text: string, maxLines = 8, maxLineLength = 300): string {
  const lines = text
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
