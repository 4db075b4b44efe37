// The report of a run that ended in an error, as `--output json` and `--output markdown` print it.
import { expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { renderErrorReport } from "../../src/report/error-report.js";

test("an internal error is exit 1 with the bug-report hint, and no stack unless --debug", () => {
  const bug = new TypeError("cannot read properties of undefined (reading 'spec')");
  const plain = JSON.parse(renderErrorReport(bug, false, "json"));
  expect(plain).toEqual({
    outcome: "failed",
    error: {
      exitCode: 1,
      message: "cannot read properties of undefined (reading 'spec')",
      hint: "this looks like a bug in config-rollout: rerun with --debug and report it with the output",
    },
  });
  const debug = JSON.parse(renderErrorReport(bug, true, "json"));
  expect(debug.error.exitCode).toBe(1);
  expect(debug.error.stack).toContain("TypeError: cannot read properties of undefined");
  expect(debug.error.stack).toContain("error-report.test.ts");
});

test("markdown shows the message literally, and text adds nothing to stderr's line", () => {
  const error = new UserError("--kustomize <b>x</b>: no kustomization.yaml");
  expect(renderErrorReport(error, false, "markdown")).toBe(
    "### config-rollout\n\n**Failed (exit code 2):** --kustomize &lt;b&gt;x&lt;/b&gt;: no kustomization.yaml\n",
  );
  expect(renderErrorReport(error, true, "text")).toBe("");
});
