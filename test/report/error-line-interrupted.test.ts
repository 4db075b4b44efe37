// The error line of a run a SIGINT or SIGTERM interrupted. Its own file: the interrupt is
// process-wide state, and vitest runs each file in its own module context.
import { expect, test } from "vitest";
import { interrupt } from "../../src/process/interrupt.js";
import { describeError } from "../../src/report/error-line.js";

test("after SIGTERM, a failure of a stopped child process (git's object reader) is the signal's doing, not a bug to report", () => {
  // What git's reader reports when the interrupt stopped it mid-scan (exit code null: a signal).
  const stopped = new Error("git cat-file --batch failed (exit null): ");
  expect(describeError(stopped, false)).toContain("looks like a bug");
  interrupt("SIGTERM");
  const line = describeError(stopped, false);
  expect(line).toBe("error: stopped by SIGTERM: git cat-file --batch failed (exit null): ");
  expect(line).not.toContain("looks like a bug");
  // --debug still shows where it came from.
  expect(describeError(stopped, true)).toContain("error-line-interrupted.test.ts");
});
