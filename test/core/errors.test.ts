// The error vocabulary and its exit codes, held against the README's table: the codes a user reads
// there are the codes the code gives. Each outcome is also exercised end to end elsewhere (named
// beside each row below).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "vitest";
import {
  ClusterAccessError,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  exitCodeFor,
  isExpectedError,
  RolloutFailure,
  UserError,
} from "../../src/core/errors.js";
import { describeError } from "../../src/report/error-line.js";

const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");
const exitCodes = readme.indexOf("## Exit codes");
const table = readme.slice(exitCodes, readme.indexOf("\n## ", exitCodes + 1));
const rowOf = (code: number) => table.split("\n").find((line) => line.startsWith(`| \`${code}\` |`)) ?? "";

test("the README's table has exactly the codes 0, 1 and 2", () => {
  const codes = [...table.matchAll(/^\| `(\d+)` \|/gm)].map((m) => Number(m[1]));
  expect(codes).toEqual([EXIT_OK, EXIT_FAILED, EXIT_USAGE]);
});

test.each([
  // Bad flags and config: test/settings/validate-settings.test.ts, test/e2e/cli.test.ts.
  { error: new UserError("bad flag"), code: EXIT_USAGE, row: /Bad input or configuration/ },
  // RBAC gap before any write: run-rollout.test.ts "an RBAC gap fails before any write with exit 2".
  { error: new ClusterAccessError("forbidden: …", 403), code: EXIT_USAGE, row: /RBAC gap/ },
  // Unreachable cluster and rejected credentials: test/kube/kube-client.sim.test.ts.
  {
    error: new ClusterAccessError("cannot reach the Kubernetes API", undefined),
    code: EXIT_USAGE,
    row: /unreachable cluster/,
  },
  // The cluster never held the committed config: run-rollout.test.ts "without --apply ...".
  {
    error: new RolloutFailure("the cluster does not hold ..."),
    code: EXIT_FAILED,
    row: /never held the committed config/,
  },
  // Anything else is a bug.
  { error: new TypeError("x is undefined"), code: EXIT_FAILED, row: /internal error/ },
  { error: "a thrown string", code: EXIT_FAILED, row: /internal error/ },
])("$error maps to exit $code, as the README says", ({ error, code, row }) => {
  expect(exitCodeFor(error)).toBe(code);
  expect(rowOf(code)).toMatch(row);
});

test("expected errors are one line without a bug hint; anything else asks for a bug report", () => {
  expect(isExpectedError(new ClusterAccessError("forbidden"))).toBe(true);
  expect(describeError(new RolloutFailure("the cluster does not hold it"), false)).toBe(
    "error: the cluster does not hold it",
  );
  expect(describeError(new TypeError("x is undefined"), false)).toMatch(/looks like a bug .* --debug/);
});
