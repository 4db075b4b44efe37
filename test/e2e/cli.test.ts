// The CLI as a user first meets it: --help, --version, a typo, a repository that is not one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { runCli } from "../helpers/run-cli.js";

test("--help prints the flags on stdout and exits 0", async () => {
  const run = await runCli(["--help"]);
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^config-rollout — /);
  expect(run.stdout).toContain("--kubeconfig PATH");
});

test("--version prints the package version", async () => {
  const { version } = (await import("../../package.json", { with: { type: "json" } })).default;
  const run = await runCli(["--version"]);
  expect(run.stdout.trim()).toBe(`config-rollout ${version}`);
});

test.each([
  [["--stratgy", "env"], /error: unknown flag --stratgy \(did you mean --strategy\?\)/],
  [["--timeout", "forever"], /error: --timeout: expected a duration/],
])("%j: one clear line on stderr, exit 2, nothing on stdout", async (args, message) => {
  const run = await runCli(args);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).toMatch(message);
});

test("a directory that is no git repository is a clear error, not a stack trace", async () => {
  const dir = mkdtempSync(join(tmpdir(), "not-a-repo-"));
  try {
    const run = await runCli(["--repo", dir, "--dry-run"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/error: .*not .*git/i);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
