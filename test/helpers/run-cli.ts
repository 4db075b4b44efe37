// Runs the bundled CLI (dist/cli.js) as a user's CI job would: a child process, a clean environment
// with only what the test gives it, HOME in a temp dir so no real kubeconfig is ever read.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const scratchHome = mkdtempSync(join(tmpdir(), "config-rollout-home-"));

export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliResult> {
  const baseEnv: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: scratchHome, NO_COLOR: "1" };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...baseEnv, ...env }, cwd, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * The same CLI run in this process (src/cli/run-cli.ts, no bundle): what the orchestrator does,
 * tested as a plain function call against real repositories and the simulated server. The
 * environment is only what the test gives (plus PATH and a scratch HOME), as for the child process.
 */
export async function runInProcess(
  args: string[],
  env: Record<string, string> = {},
  cwd = process.cwd(),
): Promise<CliResult> {
  const { runCli } = await import("../../src/cli/run-cli.js");
  let stdout = "";
  let stderr = "";
  const baseEnv: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: scratchHome, NO_COLOR: "1" };
  const code = await runCli(
    args,
    { ...baseEnv, ...env },
    {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      color: false,
      cwd,
    },
  );
  return { code, stdout, stderr };
}

/** The arguments of a run over the repository's last commit (HEAD~1..HEAD), against a cluster when given. */
export function lastCommitArgs(repoDir: string, kubeconfig?: string): string[] {
  return [
    "--repo",
    repoDir,
    "--base",
    "HEAD~1",
    "--head",
    "HEAD",
    ...(kubeconfig ? ["--kubeconfig", kubeconfig] : []),
  ];
}
