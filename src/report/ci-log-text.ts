// Text from the repository or the cluster (file names, object names, parser and API messages) must
// reach a CI log as text, never as a command to the log's reader:
// - GitHub runs any line that starts with `::` (after leading whitespace) as a workflow command, and
//   the older `##[` prefix anywhere in a line. @actions/core escapes the data of the commands it
//   issues, but a plain `core.info` line is read by the runner as it is.
// - GitLab opens and closes collapsible sections on `ESC[0Ksection_start:` / `section_end:` markers.
// - Any terminal (and both log viewers) act on ANSI escape sequences: colours, cursor moves, erasing.
// - A lone carriage return lets a line overwrite what came before it.
// So: control characters (ESC, CR, C1, DEL, ...) are written as visible `\xNN` escapes, and a zero-width
// space splits `::` at the start of a line and every `##[`. Newlines and tabs are kept. Every sink the
// tool writes a log through (the CLI's stderr log, the action's workflow-command log, the rendered
// report) passes its text through here; own colours are added after escaping.

/** U+200B: not whitespace to the runner's TrimStart, invisible to a reader. */
const ZERO_WIDTH_SPACE = "\u200b";

// C0 controls except \t and \n, DEL, and the C1 range (U+009B is a one-character CSI in some terminals).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function escapeForCiLog(text: string): string {
  const visible = text
    .replace(/\r\n/g, "\n")
    .replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return visible
    .split("\n")
    .map((line) => line.replace(/^(\s*):(?=:)/, `$1:${ZERO_WIDTH_SPACE}`))
    .join("\n")
    .replaceAll("##[", `#${ZERO_WIDTH_SPACE}#[`);
}

/**
 * JSON for a CI log: JSON.stringify already escapes control characters and no line of indented JSON
 * starts with `::`; `##[` can only sit inside a string, where `#\u0023[` decodes to the same text.
 */
export function escapeJsonForCiLog(json: string): string {
  return json.replaceAll("##[", "#\\u0023[");
}
