import type { RunReport } from "../core/run-result.js";
import type { OutputFormat } from "../core/setting-choices.js";
import { escapeForCiLog, escapeJsonForCiLog } from "./ci-log-text.js";
import { renderJson } from "./report-json.js";
import { renderMarkdown } from "./report-markdown.js";
import { renderText } from "./report-text.js";

/** The report as written to stdout or the Actions log: escaped for CI logs (JSON stays equal JSON). */
export function renderReport(report: RunReport, format: OutputFormat): string {
  switch (format) {
    case "json":
      return escapeJsonForCiLog(renderJson(report));
    case "markdown":
      return escapeForCiLog(renderMarkdown(report));
    case "text":
      return escapeForCiLog(renderText(report));
  }
}
