import type { RunReport } from "../core/run-result.js";
import type { OutputFormat } from "../settings/settings.js";
import { renderJson } from "./report-json.js";
import { renderMarkdown } from "./report-markdown.js";
import { renderText } from "./report-text.js";

export function renderReport(report: RunReport, format: OutputFormat): string {
  switch (format) {
    case "json":
      return renderJson(report);
    case "markdown":
      return renderMarkdown(report);
    case "text":
      return renderText(report);
  }
}
