// Running a process and measuring it: wall time (taken here, around spawn and exit) and peak RSS
// (from GNU time's `-v` report, which is the largest of the process and the children it waited
// for, so git's memory counts too). Spawning is asynchronous: the simulated API server lives in
// this process and must keep answering while a child runs.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

const GNU_TIME = "/usr/bin/time";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** performance.now() at spawn and at exit. */
  startedAt: number;
  exitedAt: number;
  wallMs: number;
  /** Peak resident set size in KiB, when measured. */
  maxRssKb?: number;
  /** User + system CPU time of the process and its waited-for children, when measured. */
  cpuMs?: number;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Measure peak RSS with /usr/bin/time -v. */
  measureMemory?: boolean;
  /** Non-zero exit codes that are not a failure. */
  okCodes?: number[];
}

export function hasGnuTime(): boolean {
  return existsSync(GNU_TIME);
}

/** Run a command (no shell); rejects on an unexpected exit code with its stderr. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const memory = options.measureMemory === true;
  if (memory && !hasGnuTime()) {
    return Promise.reject(
      new Error(`${GNU_TIME} is missing: install Debian's "time" package (apt-get install time)`),
    );
  }
  const [file, argv] = memory ? [GNU_TIME, ["-v", command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(file, argv, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    let exitedAt = 0;
    // "exit" fires when the process ends; "close" later, when its pipes are drained.
    child.on("exit", () => {
      exitedAt = performance.now();
    });
    child.on("close", (code) => {
      const stdout = Buffer.concat(out).toString("utf8");
      let stderr = Buffer.concat(err).toString("utf8");
      let maxRssKb: number | undefined;
      let cpuMs: number | undefined;
      if (memory) {
        const report = splitTimeReport(stderr);
        stderr = report.stderr;
        maxRssKb = report.maxRssKb;
        cpuMs = report.cpuMs;
      }
      const result: RunResult = {
        code: code ?? 1,
        stdout,
        stderr,
        startedAt,
        exitedAt,
        wallMs: exitedAt - startedAt,
        maxRssKb,
        cpuMs,
      };
      if (result.code !== 0 && !(options.okCodes ?? []).includes(result.code)) {
        reject(
          new Error(
            `${command} ${args.join(" ").slice(0, 300)} exited with ${result.code}:\n${stderr.slice(-2000)}`,
          ),
        );
      } else resolve(result);
    });
  });
}

/** GNU time appends its report to the child's stderr; take it off and read peak RSS and CPU time. */
export function splitTimeReport(stderr: string): { stderr: string; maxRssKb?: number; cpuMs?: number } {
  const marker = stderr.lastIndexOf("\tCommand being timed:");
  if (marker < 0) return { stderr };
  const report = stderr.slice(marker);
  const number = (label: string) => {
    const match = new RegExp(`${label}: ([\\d.]+)`).exec(report);
    return match ? Number(match[1]) : undefined;
  };
  const rss = number("Maximum resident set size \\(kbytes\\)");
  const user = number("User time \\(seconds\\)");
  const system = number("System time \\(seconds\\)");
  // GNU time prints "Command exited with non-zero status N" on the line before the report.
  const before = stderr.slice(0, marker).replace(/Command exited with non-zero status \d+\n$/, "");
  return {
    stderr: before,
    maxRssKb: rss,
    cpuMs: user !== undefined && system !== undefined ? (user + system) * 1000 : undefined,
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function min(values: number[]): number {
  return Math.min(...values);
}

/** Run `once` `warmups` times unmeasured, then `runs` times; returns the measured results. */
export async function repeat<T>(runs: number, warmups: number, once: () => Promise<T>): Promise<T[]> {
  for (let i = 0; i < warmups; i++) await once();
  const results: T[] = [];
  for (let i = 0; i < runs; i++) results.push(await once());
  return results;
}

/** An environment for the CLI under test: no CI detection, no ambient kubeconfig, quiet colours. */
export function cleanEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(GITHUB_|GITLAB_|CI_|CONFIG_ROLLOUT_|KUBECONFIG$|CI$|RUNNER_|GIT_)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, HOME: home, NO_COLOR: "1", ...extra };
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "n/a";
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(1)} ms`;
}

export function formatMb(kb: number | undefined): string {
  return kb === undefined ? "n/a" : `${(kb / 1024).toFixed(1)} MiB`;
}

export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return "n/a";
  return `${(a / b).toFixed(2)}x`;
}
