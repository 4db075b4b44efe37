// The hidden first line of every comment config-rollout writes on a pull or merge request. It names
// the comment's id, so each job (or each `--comment-id`) keeps one comment per pull request and a
// later run finds and updates it instead of adding another. Pure.

const PREFIX = "<!-- config-rollout:plan id=";
const SUFFIX = " -->";

/** The marker line for `id`. */
export function commentMarker(id: string): string {
  return `${PREFIX}${encodeCommentId(id)}${SUFFIX}`;
}

/**
 * The id as it appears inside the HTML comment: letters, digits and `_.:/@+-` as they are, anything
 * else percent-encoded (UTF-8), so no id can end the comment (`-->`), break the line, or make two
 * ids that differ look alike. A `-` right after another is encoded too: `--` has no place inside an
 * HTML comment.
 */
export function encodeCommentId(id: string): string {
  let out = "";
  for (const byte of Buffer.from(id, "utf8")) {
    const char = String.fromCharCode(byte);
    const plain = /[A-Za-z0-9_.:/@+]/.test(char) || (char === "-" && !out.endsWith("-"));
    out += plain ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * Whether `body` is the comment for `id`: the marker is its first line (leading blank lines and
 * spaces, and the CRLF line ends an edit in the browser may leave, do not matter). Only the start
 * counts: a marker quoted further down (by a person, or from a file name, which the report escapes
 * anyway) never makes a comment ours, and text a person adds below the marker does not make it
 * someone else's.
 */
export function isCommentFor(body: string, id: string): boolean {
  const firstLine = body.trimStart().split(/\r?\n/, 1)[0] ?? "";
  return firstLine.trimEnd() === commentMarker(id);
}
