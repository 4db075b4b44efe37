// The values of every Secret this process read — from the repository (both commits, `data` decoded
// and `stringData`) and from the cluster (sync, the live configs a hash or a check reads, versioned
// copies) — so that no output shows one. The code that reads a Secret's content records it here
// (core/config-content.ts, for the repository and for the cluster) and stays where it is; what
// leaves the run is redacted once, at the boundary (run/commands.ts: the report, the log lines, the
// error), and the text quoted from pods is redacted before it is cut, so no cut keeps half a value.
// The action registers every recorded form with the runner's log masker as it is recorded, before
// any line that could hold it (action/main.ts).
//
// One registry per process: a CLI run or an action step reads and reports once. Redacting replaces
// every occurrence, wherever it is (a name that happens to equal a Secret's value too), as the
// runner's masker does.

import { setKey } from "./json-shape.js";
import type { Location, Log } from "./log.js";
import type { ConfigContent } from "./model.js";

/**
 * Values shorter than this (after trimming) are not masked: `true`, `5432` or `admin` would garble
 * every line that holds them, and they are not secret enough to be told apart from other text.
 * GitLab asks the same of a masked variable.
 */
export const MIN_SECRET_LENGTH = 8;
/** A line of a multi-line value is masked on its own only when it is this long and opaque (a key's body). */
const MIN_SECRET_LINE = 16;
const OPAQUE_LINE = /^[A-Za-z0-9+/=_.~-]+$/;

/** What a masked value is shown as (the runner's own mask). */
const MASKED = "***";

const recorded = new Set<string>();
/**
 * Every form by its first MIN_SECRET_LENGTH characters (no form is shorter), with the lengths of
 * the forms there, longest first: a redaction looks each position of a text up here, so its cost
 * grows with the text, not with the number of values (one regular expression of 60,000
 * alternatives was slow to build, and was built again after each value read).
 */
const byPrefix = new Map<string, { lengths: number[]; forms: Set<string> }>();
/** Values already recorded, as base64: a config read again (both commits, the live copy) costs a lookup. */
const seen = new Set<string>();
const listeners = new Set<(forms: readonly string[]) => void>();
/** The most lines a recorded form spans (a multi-line value: a key file, a config): see secretValueLines. */
let longestLines = 1;

/** Records the content of a Secret that was read: key -> base64 of the bytes a pod sees. */
export function recordSecretContent(content: ConfigContent): void {
  for (const base64 of Object.values(content)) {
    if (seen.has(base64)) continue;
    seen.add(base64);
    recordSecretBytes(Buffer.from(base64, "base64"));
  }
}

/** Records one value of a Secret, as its bytes. */
function recordSecretBytes(bytes: Buffer): void {
  const fresh = secretForms(bytes).filter((form) => !recorded.has(form));
  if (fresh.length === 0) return;
  for (const form of fresh) {
    recorded.add(form);
    longestLines = Math.max(longestLines, form.split("\n").length);
    const prefix = form.slice(0, MIN_SECRET_LENGTH);
    const bucket = byPrefix.get(prefix) ?? { lengths: [], forms: new Set<string>() };
    bucket.forms.add(form);
    if (!bucket.lengths.includes(form.length)) {
      bucket.lengths.push(form.length);
      bucket.lengths.sort((a, b) => b - a);
    }
    byPrefix.set(prefix, bucket);
  }
  for (const listener of listeners) listener(fresh);
}

/**
 * Every spelling of a value that a report could quote: the text (trimmed: a file's last newline),
 * its JSON-escaped copies, each opaque line of a multi-line value (a log line never holds the whole
 * key), and its base64 (as `data` holds it, and as `base64` prints the trimmed text), padded or not,
 * with each line `base64` wraps a long one into. Unpadded, it is also how `echo "$VALUE" | base64`
 * begins (a newline's first 4 bits are zero), so that leaves only its last few characters.
 */
function secretForms(bytes: Buffer): string[] {
  const text = bytes.toString("utf8");
  const trimmed = text.trim();
  if (trimmed.length < MIN_SECRET_LENGTH) return [];
  const forms = new Set<string>();
  // Binary content that is no UTF-8 text can only appear as base64.
  if (Buffer.from(text, "utf8").equals(bytes)) for (const form of textForms(trimmed)) forms.add(form);
  for (const base64 of [bytes.toString("base64"), Buffer.from(trimmed, "utf8").toString("base64")]) {
    for (const form of [base64, ...wrappedLines(base64)]) {
      const unpadded = form.replace(/=+$/, "");
      forms.add(form);
      if (unpadded.length >= MIN_SECRET_LENGTH) forms.add(unpadded);
    }
  }
  return [...forms];
}

/** Where the `base64` command (GNU coreutils, busybox) wraps its output by default. */
const BASE64_COLUMNS = 76;

/**
 * The lines `base64` prints a value of more than 57 bytes as, one by one (a log holds them as lines,
 * never the whole encoding): each full line (76 opaque characters, 57 bytes of the value) and the
 * last one when it is MIN_SECRET_LENGTH characters or more, as for a value. A last line of 4
 * characters (the value's final 1 to 3 bytes) is left: a string that short occurs in any base64
 * text, and masking it would garble unrelated lines while hiding almost nothing.
 */
function wrappedLines(base64: string): string[] {
  if (base64.length <= BASE64_COLUMNS) return [];
  const lines: string[] = [];
  for (let at = 0; at < base64.length; at += BASE64_COLUMNS)
    lines.push(base64.slice(at, at + BASE64_COLUMNS));
  return lines.filter((line) => line.length >= MIN_SECRET_LENGTH);
}

/**
 * How a trimmed text can appear in a log or a report: as it is, JSON-escaped (quoted inside a JSON
 * error body or a structured log line) as JavaScript, Go and Python escape it, and each opaque line
 * of it (base64 bodies, tokens: "apiVersion: v1" or "-----BEGIN ...-----" are not secret), since a
 * log line never holds a whole multi-line value. Also what the action registers with the runner's
 * masker.
 */
export function textForms(trimmed: string): string[] {
  const json = JSON.stringify(trimmed).slice(1, -1);
  // Go's encoding/json also escapes `<`, `>`, `&` (HTML-safe by default) and U+2028, U+2029;
  // Python's json.dumps (ensure_ascii) every character outside printable ASCII, an astral one as
  // its surrogate pair. Both spell the escape in lowercase hex, as JavaScript does its own.
  const go = json.replace(/[<>&\u2028\u2029]/g, unicodeEscape);
  const python = json.replace(/[^ -~]/g, unicodeEscape);
  const forms = new Set([trimmed, json, go, python]);
  for (const line of trimmed.split(/\r?\n/)) {
    const part = line.trim();
    if (part.length >= MIN_SECRET_LINE && OPAQUE_LINE.test(part)) forms.add(part);
  }
  return [...forms];
}

/** One UTF-16 code unit as a JSON `\uXXXX` escape. */
function unicodeEscape(unit: string): string {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Every form recorded so far, and each one recorded later, as it is recorded. Returns the unsubscribe. */
export function onSecretForms(listener: (forms: readonly string[]) => void): () => void {
  listeners.add(listener);
  if (recorded.size > 0) listener([...recorded]);
  return () => listeners.delete(listener);
}

/**
 * The text with every recorded form replaced by `***`: every character inside an occurrence of one,
 * occurrences that overlap (two values sharing text) masked as one, so no end of either is left.
 */
export function redactSecrets(text: string): string {
  return redact(text, () => MASKED);
}

/**
 * The same, keeping the text's lines: each line an occurrence covers shows `***` for its part, so
 * a multi-line value masked in a log leaves as many lines as it had (a log cut to its last lines
 * afterwards keeps what the whole log would show there, rollout/pod-watch.ts).
 */
export function redactSecretLines(text: string): string {
  return redact(text, (span) => span.replace(/[^\n]+/g, MASKED));
}

/**
 * The most lines one recorded value spans (1 when none has more): a text cut to its last N lines
 * after masking needs the lines before them up to this many, less one, to hold whole every value
 * that reaches into the N.
 */
export function secretValueLines(): number {
  return longestLines;
}

function redact(text: string, mask: (span: string) => string): string {
  if (byPrefix.size === 0 || text.length < MIN_SECRET_LENGTH) return text;
  let out = "";
  let copied = 0;
  // The span being masked, [start, end): widened by each occurrence that starts inside it.
  let start = 0;
  let end = 0;
  const flush = () => {
    out += text.slice(copied, start) + mask(text.slice(start, end));
    copied = end;
  };
  for (let at = 0; at <= text.length - MIN_SECRET_LENGTH; at++) {
    const bucket = byPrefix.get(text.slice(at, at + MIN_SECRET_LENGTH));
    const length = bucket?.lengths.find((n) => bucket.forms.has(text.slice(at, at + n)));
    if (length === undefined) continue;
    if (at < end) {
      end = Math.max(end, at + length);
      continue;
    }
    if (end > start) flush();
    start = at;
    end = at + length;
  }
  if (end > start) flush();
  return copied === 0 ? text : out + text.slice(copied);
}

/** A copy of plain data (a report) with every string in it redacted, keys and values alike. */
export function redactSecretsIn<T>(value: T): T {
  if (recorded.size === 0) return value;
  return redactValue(value) as T;
}

function redactValue(value: unknown): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) setKey(out, redactSecrets(key), redactValue(inner));
    return out;
  }
  return value;
}

/** An error whose message (and stack, shown with --debug) is redacted, of the same class. */
export function redactError(error: unknown): unknown {
  if (!(error instanceof Error) || recorded.size === 0) return error;
  error.message = redactSecrets(error.message);
  if (error.stack) error.stack = redactSecrets(error.stack);
  return error;
}

/** The log with every line redacted: warnings, heartbeats and stage titles quote cluster text. */
export function redactingLog<L extends Log>(log: L): L {
  return {
    ...log,
    info: (message: string) => log.info(redactSecrets(message)),
    warn: (message: string, where?: Location) => log.warn(redactSecrets(message), where),
    debug: (message: string) => log.debug(redactSecrets(message)),
    group: <T>(title: string, work: () => Promise<T>) => log.group(redactSecrets(title), work),
  };
}
