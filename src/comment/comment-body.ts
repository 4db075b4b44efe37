// The body of the plan comment: the marker line, one section per report (one today; one per cluster
// when a run covers several), and a footer. Kept under the platform's size limit: fewer table rows
// first (every section keeps its headings and its "… and N more" lines), then a cut at the last
// whole line outside a code block; either way a line says where the whole report is. Pure.
import { commentMarker } from "./comment-marker.js";

interface CommentSection {
  /** A heading of its own (e.g. the cluster), as Markdown already escaped; none for a single report. */
  title?: string;
  /** The section's Markdown with at most `maxRows` rows per table or list. */
  render(maxRows: number): string;
}

interface CommentBodyInput {
  id: string;
  sections: readonly CommentSection[];
  /** Last line(s), Markdown. */
  footer: string;
  /** Most characters (UTF-16 code units, never fewer than the platform counts) the body may have. */
  limit: number;
  /** The line added when the body was shortened: where the whole report is. Markdown. */
  cutNote: string;
}

interface CommentBody {
  body: string;
  /** Whether rows were left out or the text was cut. */
  cut: boolean;
}

/** The row counts tried in turn: the first is the job summary's, so an uncut comment shows the same. */
const ROWS = [500, 200, 100, 50, 20, 10] as const;
const FEWEST_ROWS = 10;

export function buildCommentBody(input: CommentBodyInput): CommentBody {
  for (const [i, rows] of ROWS.entries()) {
    const note = i === 0 ? undefined : input.cutNote;
    const body = assemble(input, rows, note);
    if (body.length <= input.limit) return { body, cut: i > 0 };
  }
  // Still too long at the fewest rows (very long names): cut between lines, keeping the footer.
  const head = `${commentMarker(input.id)}\n\n`;
  const tail = `\n\n${input.cutNote}\n\n${input.footer}\n`;
  const content = input.sections.map((s) => sectionText(s, FEWEST_ROWS)).join("\n");
  const room = input.limit - head.length - tail.length;
  return { body: `${head}${cutAtLine(content, room)}${tail}`, cut: true };
}

function assemble(input: CommentBodyInput, rows: number, note: string | undefined): string {
  const parts = [commentMarker(input.id), "", ...input.sections.map((s) => sectionText(s, rows))];
  if (note) parts.push("", note);
  parts.push("", input.footer, "");
  return parts.join("\n");
}

function sectionText(section: CommentSection, rows: number): string {
  const text = section.render(rows).replace(/\n+$/, "");
  return section.title === undefined ? text : `## ${section.title}\n\n${text}`;
}

/**
 * The longest prefix of whole lines within `max` characters that does not end inside a fenced code
 * block (half a Mermaid graph renders as an error, and an unclosed fence swallows what follows).
 */
export function cutAtLine(text: string, max: number): string {
  let length = 0;
  let kept = 0;
  let inFence = false;
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    length += line.length + (i > 0 ? 1 : 0);
    if (length > max) break;
    if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence) kept = i + 1;
  }
  return lines.slice(0, kept).join("\n");
}
