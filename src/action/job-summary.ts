// The job summary: the markdown report, made to fit GitHub's limit of 1 MiB per step (a larger
// summary is dropped with an error, losing the whole report). Fewer table rows first, then a hard cut.

import type { RunReport } from "../core/run-result.js";
import { renderMarkdown } from "../report/report-markdown.js";

/** GitHub's limit, less a margin for anything else the step writes to the summary. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 16 * 1024;

const TRUNCATED =
  "\n\n_Summary truncated to stay under GitHub's 1 MiB limit: the full report is in the log and in the `plan` output._\n";

export function fitSummary(report: RunReport, limitBytes = SUMMARY_LIMIT_BYTES): string {
  for (let rows = 500; rows >= 10; rows = Math.floor(rows / 2)) {
    const markdown = renderMarkdown(report, rows);
    if (byteLength(markdown) <= limitBytes) return markdown;
  }
  return cutToBytes(renderMarkdown(report, 10), limitBytes - byteLength(TRUNCATED)) + TRUNCATED;
}

/** The longest prefix of whole lines within `limit` UTF-8 bytes. */
export function cutToBytes(text: string, limit: number): string {
  if (byteLength(text) <= limit) return text;
  // Decoding a byte-cut buffer may end in a partial character (U+FFFD): drop back to the last newline.
  const prefix = Buffer.from(text, "utf8").subarray(0, Math.max(0, limit)).toString("utf8");
  const lastNewline = prefix.lastIndexOf("\n");
  return lastNewline >= 0 ? prefix.slice(0, lastNewline) : "";
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
