// The report of a run that ended in an error (exit 2, or 1 for an internal error), for the formats a
// program or a page reads: `--output json` prints an object of the report's shape whose outcome is
// "failed" and whose `error` says why, `--output markdown` a heading and the message. Text output
// has nothing to add to the error line on stderr. Messages never hold a Secret's value or a token
// (errors are worded so); the stack only under --debug.
import { exitCodeFor } from "../core/errors.js";
import type { OutputFormat } from "../core/setting-choices.js";
import { escapeForCiLog, escapeJsonForCiLog } from "./ci-log-text.js";
import { errorParts } from "./error-line.js";
import { escapeMarkdown } from "./report-markdown.js";

function errorReportObject(error: unknown, debug: boolean) {
  const { message, hint, stack } = errorParts(error, debug);
  return {
    outcome: "failed" as const,
    error: {
      exitCode: exitCodeFor(error),
      message,
      ...(hint !== undefined ? { hint } : {}),
      ...(stack !== undefined ? { stack } : {}),
    },
  };
}

/** What stdout gets for an error in `format`: "" for text. */
export function renderErrorReport(error: unknown, debug: boolean, format: OutputFormat): string {
  switch (format) {
    case "json":
      return escapeJsonForCiLog(`${JSON.stringify(errorReportObject(error, debug), null, 2)}\n`);
    case "markdown": {
      const { error: e } = errorReportObject(error, debug);
      const lines = [
        "### config-rollout",
        "",
        `**Failed (exit code ${e.exitCode}):** ${escapeMarkdown(e.message)}`,
        ...(e.hint ? ["", escapeMarkdown(e.hint)] : []),
        ...(e.stack ? ["", "```", e.stack.replaceAll("```", "'''"), "```"] : []),
      ];
      return escapeForCiLog(`${lines.join("\n")}\n`);
    }
    case "text":
      return "";
  }
}
