// How both parses word a YAML failure: one line, and never a Secret's text.

import { describeType, isRecord } from "../../core/json-shape.js";

export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/Maximum call stack/i.test(text)) return "nested too deeply";
  return oneLine(text);
}

function oneLine(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 200)}…` : first;
}

// The rule for Secrets: a message about a file that holds a Secret (or may: the test is on its text,
// so it holds for a document too broken to parse) never includes the file's text. The YAML parser's
// own messages quote source text (`Block scalar header includes extra characters: >hunter2`), so
// they are replaced by a description of their error code; file:line:col says where.

/**
 * Ways a kind can say Secret, erring on the side of quiet: YAML spells a kind many ways (a tag
 * `kind: !!str Secret`, an anchor, quotes, flow style, the value on the next line), so the word
 * Secret anywhere counts (not SealedSecret or SecretProviderClass: other kinds); so do a
 * double-quoted escape of one of its letters (`"\x53ecret"`), a line break escaped inside it
 * (`"Sec\` then `ret"`), and a binary tag (kubectl reads `!!binary U2VjcmV0` as Secret).
 */
const SECRET_SPELLINGS = [
  /(?<![A-Za-z0-9])Secret(?![A-Za-z0-9])/,
  /\\(?:x|u00|U000000)(?:53|6[35]|7[24])/,
  /(?<![A-Za-z0-9])S(?:e(?:c(?:r(?:e)?)?)?)?\\\r?\n/,
  /!\S*binary/,
];

export function mayHoldSecret(text: string): boolean {
  return SECRET_SPELLINGS.some((spelling) => spelling.test(text));
}

/** A key made of the characters a ConfigMap or Secret key may hold: a name, not a value. */
const PLAIN_KEY = /^[A-Za-z0-9._-]{1,253}$/;

export const QUIET_DETAIL = "details not shown (the file holds a Secret)";

const YAML_ERROR_TEXT: Record<string, string> = {
  BAD_DQ_ESCAPE: "invalid escape sequence in a double-quoted string",
  BAD_INDENT: "bad indentation",
  BAD_SCALAR_START: "a plain value starts with a reserved character",
  BLOCK_AS_IMPLICIT_KEY: "a block value used as a key",
  BLOCK_IN_FLOW: "a block value inside a flow collection",
  MISSING_CHAR: "a closing quote or bracket is missing",
  MULTILINE_IMPLICIT_KEY: "a key spans more than one line",
  TAB_AS_INDENT: "a tab used for indentation",
  UNEXPECTED_TOKEN: "unexpected characters (e.g. text after a block scalar indicator | or >)",
};

export function describeYamlErrorCode(code: string): string {
  const text = YAML_ERROR_TEXT[code] ?? code.toLowerCase().replaceAll("_", " ");
  return `${text}; ${QUIET_DETAIL}`;
}

/** The key written at `offset` (yaml marks only its first character): quoted, plain, up to its `:`. */
export function keyAt(source: string, offset: number): string {
  const line = source.slice(
    offset,
    source.indexOf("\n", offset) === -1 ? source.length : source.indexOf("\n", offset),
  );
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|(.*?))[ \t]*:(?:[ \t]|\r?$)/.exec(line);
  return oneLine(match === null ? line : (match[1] ?? match[2]?.replaceAll("''", "'") ?? match[3] ?? ""));
}

/** What is wrong with a labels or annotations value (`[key] must be...`), or undefined when nothing. */
export function stringMapProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) return ` must be a mapping, found ${describeType(value)}`;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string" && item !== null) {
      const shown = PLAIN_KEY.test(key) || /^[A-Za-z0-9./-]{1,317}$/.test(key) ? key : "(a key)";
      return `[${JSON.stringify(shown)}] must be a string, found ${describeType(item)}`;
    }
  }
  return undefined;
}

/**
 * A duplicate key: read as kubectl applies it (a warning), or one more reason a broken document is not.
 * kubectl turns YAML into JSON before it validates or sends anything (the last value wins there), so
 * neither its client-side validation nor the server's strict field validation ever sees the duplicate.
 */
export function duplicateKeyMessage(key: string, quiet: boolean, read: boolean): string {
  const named = quiet && !PLAIN_KEY.test(key) ? "duplicate key" : `duplicate key ${JSON.stringify(key)}`;
  return read ? `${named}${READ_AS_KUBECTL_DOES}` : named;
}

/** What a plan says of a duplicate key it read (stamp, which kustomize-built agents rely on, does not read it). */
export const READ_AS_KUBECTL_DOES =
  " (read as kubectl applies it, the last value winning whatever its --validate; kustomize rejects the file; --strict stops on it)";
