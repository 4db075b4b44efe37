// The JSON report (`--output json`, the action's `plan` output) as the CLI prints it: tests read it
// with the report's real shape, so a field they assert on cannot drift from what is printed.
import { expect } from "vitest";
import type { reportObject } from "../../src/report/report-json.js";
import { useCommitTwice } from "./git-repo.js";
import { type CliResult, runInProcess } from "./run-cli.js";

export type RunJson = ReturnType<typeof reportObject>;

export function parseRunJson(stdout: string): RunJson {
  return JSON.parse(stdout) as RunJson;
}

/** The plan of a repository's last commit as a user asks for it: `--dry-run`, from the repository alone. */
export function dryRun(repoDir: string, args: string[] = [], output = "json"): Promise<CliResult> {
  return runInProcess(["--repo", repoDir, "--dry-run", "--output", output, "--discover", "repo", ...args]);
}

/** dryRun's JSON report; the run must succeed. */
export async function dryRunJson(repoDir: string, args: string[] = []): Promise<RunJson> {
  const run = await dryRun(repoDir, args);
  expect(run.code, run.stderr).toBe(0);
  return parseRunJson(run.stdout);
}

/**
 * For a whole test file: the plan of a "before" and an "after" commit (useCommitTwice's repositories,
 * removed after each test). `const plan = usePlan(); const json = await plan(before, after);`
 */
export function usePlan(
  options: { removeUnlisted?: boolean } = {},
): (
  before: Record<string, string | null>,
  after: Record<string, string | null>,
  args?: string[],
) => Promise<RunJson> {
  const commitTwice = useCommitTwice(options);
  return async (before, after, args = []) => dryRunJson((await commitTwice(before, after)).dir, args);
}

/** The workloads a plan restarts, as `Kind/namespace/name`, sorted. */
export function restartsOf(p: RunJson): string[] {
  return p.workloads
    .filter((w) => w.action === "restart")
    .map((w) => `${w.kind}/${w.namespace}/${w.name}`)
    .sort();
}

/** The configs a plan found changed, as `Kind/namespace/name`, sorted. */
export function changesOf(p: RunJson): string[] {
  return p.changes.map((c) => `${c.kind}/${c.namespace}/${c.name}`).sort();
}
