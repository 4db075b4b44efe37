// A fast path for the YAML that manifests are made of: block mappings and sequences, plain and
// quoted one-line scalars, `|`/`|-` block scalars, comments, `---` between documents, and simple
// anchors and aliases. The `yaml` package costs about a millisecond per small file in a fresh
// process (most of a plan's time); this reads the same files in a fraction of that.
//
// It never guesses: anything outside that subset, or anything whose meaning could differ between
// YAML versions (yes/no/on/off, octal, floats, timestamps, merge keys, tags, flow collections,
// multi-line plain or quoted scalars, tabs, CR line ends...), makes it give up on the whole file,
// and the caller parses the file with the `yaml` package as before. The values it returns are what
// that parse returns (`toJS` with YAML 1.1 as kubectl reads it): test/core/manifests/fast-yaml.test.ts
// compares the two on every fixture.

export interface FastDocument {
  value: unknown;
  /** Offset of the document's first node (where the `yaml` package's contents range starts). */
  start: number;
}

interface Line {
  indent: number;
  /** The line after its indentation. */
  text: string;
  /** Offset of `text` in the source. */
  offset: number;
}

class GiveUp extends Error {}

const giveUp = (): never => {
  throw new GiveUp();
};

/** Aliases beyond this are left to the `yaml` package's own alias-bomb guard. */
const MAX_ALIASES = 50;
/** Words YAML 1.1 reads as booleans or null, other than those handled: left to the full parser. */
const SPECIAL_WORDS =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|True|TRUE|False|FALSE|on|On|ON|off|Off|OFF|Null|NULL)$/;
const PLAIN_KEY = /^[A-Za-z_/][A-Za-z0-9_./-]*$/;
/** A plain scalar starting like a number that holds a character no YAML number form has is a string. */
const NUMBER_START = /^[-+.0-9]/;
const NOT_IN_ANY_NUMBER = /[^0-9a-fA-F_+\-.:xXoO]/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
const INFINITY_OR_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
/** Characters a plain scalar may not start with (indicators), besides quotes handled separately. */
const INDICATOR_START = /^(?:[-?:](?:\s|$)|[,[\]{}#&*!|>%@`])/;

/** The documents of `source`, or undefined when it is not in the subset (parse it fully instead). */
export function parseSimpleYaml(source: string): FastDocument[] | undefined {
  if (source.includes("\t") || source.includes("\r")) return undefined;
  try {
    return new FastParser(source).documents();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}

class FastParser {
  private lines: Line[] = [];
  private at = 0;
  private anchors = new Map<string, unknown>();
  private aliases = 0;

  constructor(private readonly source: string) {}

  documents(): FastDocument[] {
    const docs: FastDocument[] = [];
    let current: Line[] = [];
    let offset = 0;
    const raw = this.source.split("\n");
    for (const text of raw) {
      const lineStart = offset;
      offset += text.length + 1;
      if (text.startsWith("---")) {
        if (text !== "---") giveUp();
        docs.push(...this.document(current));
        current = [];
        continue;
      }
      if (text.startsWith("...") || text.startsWith("%")) giveUp();
      const trimmed = text.trimStart();
      current.push({
        indent: text.length - trimmed.length,
        text: trimmed,
        offset: lineStart + text.length - trimmed.length,
      });
    }
    docs.push(...this.document(current));
    return docs;
  }

  private document(lines: Line[]): FastDocument[] {
    this.lines = lines;
    this.at = 0;
    this.anchors = new Map();
    this.aliases = 0;
    this.skipInsignificant();
    const first = this.lines[this.at];
    if (first === undefined) return [];
    if (first.indent !== 0) giveUp();
    const value = this.block(0);
    this.skipInsignificant();
    if (this.at < this.lines.length) giveUp();
    return [{ value, start: first.offset }];
  }

  /** Skip blank and comment-only lines. */
  private skipInsignificant(): void {
    while (this.at < this.lines.length) {
      const line = this.lines[this.at]!;
      if (line.text !== "" && !line.text.startsWith("#")) return;
      this.at++;
    }
  }

  private next(): Line | undefined {
    this.skipInsignificant();
    return this.lines[this.at];
  }

  /** A block collection whose first line is the next significant one, at an indent over `parent`. */
  private block(minIndent: number): unknown {
    const line = this.next();
    if (line === undefined || line.indent < minIndent) return null;
    return isSequenceItem(line.text) ? this.sequence(line.indent) : this.mapping(line.indent);
  }

  private sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    for (let line = this.next(); line !== undefined && line.indent === indent; line = this.next()) {
      if (!isSequenceItem(line.text)) break;
      const after = line.text.slice(1);
      const rest = after.trimStart();
      if (rest === "" || rest.startsWith("#")) {
        this.at++;
        const child = this.next();
        items.push(child !== undefined && child.indent > indent ? this.block(indent + 1) : null);
        continue;
      }
      if (after[0] !== " ") giveUp();
      const column = indent + 1 + (after.length - rest.length);
      if (keyOf(rest) !== undefined) {
        // A mapping that starts on the item's line: its keys line up with the first one.
        this.lines[this.at] = { indent: column, text: rest, offset: line.offset + (column - indent) };
        items.push(this.mapping(column));
        continue;
      }
      this.at++;
      items.push(this.inlineValue(rest, indent));
    }
    return items;
  }

  private mapping(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    for (let line = this.next(); line !== undefined; line = this.next()) {
      if (line.indent < indent) break;
      if (line.indent > indent || isSequenceItem(line.text)) {
        if (line.indent === indent) break; // a sequence item ends a mapping nested in an item
        giveUp();
      }
      const key = keyOf(line.text) ?? giveUp();
      if (Object.hasOwn(map, key)) giveUp();
      let rest = line.text.slice(key.length + 1).trimStart();
      this.at++;
      let anchor: string | undefined;
      if (rest.startsWith("&")) {
        anchor = /^&([^\s]+)/.exec(rest)?.[1] ?? giveUp();
        rest = rest.slice(anchor.length + 1).trimStart();
        if (this.anchors.has(anchor)) giveUp();
      }
      let value: unknown;
      if (rest === "" || rest.startsWith("#")) {
        const child = this.next();
        if (child !== undefined && child.indent > indent) value = this.block(indent + 1);
        else if (child !== undefined && child.indent === indent && isSequenceItem(child.text))
          value = this.sequence(indent);
        else value = null;
      } else if (rest.startsWith("|") || rest.startsWith(">")) {
        value = this.blockScalar(rest, indent);
      } else {
        value = this.inlineValue(rest, indent);
      }
      if (anchor !== undefined) this.anchors.set(anchor, value);
      map[key] = value;
    }
    return map;
  }

  /** A one-line value (scalar, alias, `{}` or `[]`); the next line must not continue it. */
  private inlineValue(text: string, indent: number): unknown {
    let value: unknown;
    if (text.startsWith("*")) {
      const match = /^\*([^\s]+)\s*(#.*)?$/.exec(text) ?? giveUp();
      if (!this.anchors.has(match[1]!) || ++this.aliases > MAX_ALIASES) giveUp();
      value = this.anchors.get(match[1]!);
    } else {
      value = scalar(text);
    }
    const following = this.next();
    // A more indented line after a one-line value continues it (multi-line scalar) or is an error.
    if (following !== undefined && following.indent > indent) giveUp();
    return value;
  }

  /** `|` or `|-` (clip or strip), indentation detected from the first line. */
  private blockScalar(header: string, indent: number): string {
    if (header !== "|" && header !== "|-") giveUp();
    const lines: string[] = [];
    let blockIndent = -1;
    while (this.at < this.lines.length) {
      const line = this.lines[this.at]!;
      if (line.text === "") {
        // Blank (or all-space) line: kept; spaces beyond the block's indentation are content.
        if (line.indent > (blockIndent === -1 ? 0 : blockIndent)) giveUp();
        lines.push("");
        this.at++;
        continue;
      }
      if (blockIndent === -1) {
        if (line.indent <= indent) break;
        blockIndent = line.indent;
      }
      if (line.indent < blockIndent) {
        if (line.indent > indent) giveUp();
        break;
      }
      lines.push(" ".repeat(line.indent - blockIndent) + line.text);
      this.at++;
    }
    if (blockIndent === -1) giveUp();
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    // Trailing blank lines after the last content line belong to the next node, not to this value.
    const body = lines.join("\n");
    return header === "|" ? `${body}\n` : body;
  }
}

function isSequenceItem(text: string): boolean {
  return text === "-" || text.startsWith("- ");
}

/** The plain key a mapping line starts with (`key:` then a space or the end), if it is one. */
function keyOf(text: string): string | undefined {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon > 1024) return undefined;
  if (colon + 1 < text.length && text[colon + 1] !== " ") return undefined;
  const key = text.slice(0, colon);
  if (!PLAIN_KEY.test(key) || SPECIAL_WORDS.test(key) || key === "null" || key === "true" || key === "false")
    return undefined;
  if (key === "__proto__") return undefined;
  return key;
}

/** A one-line scalar as YAML 1.1 (kubectl's reading) resolves it; gives up on anything doubtful. */
function scalar(raw: string): unknown {
  const text = raw.trimEnd();
  if (text.startsWith('"')) return withoutComment(doubleQuoted(text));
  if (text.startsWith("'")) return withoutComment(singleQuoted(text));
  if (text === "{}" || text.startsWith("{} #")) return {};
  if (text === "[]" || text.startsWith("[] #")) return [];
  const hash = text.indexOf(" #");
  const plain = (hash === -1 ? text : text.slice(0, hash)).trimEnd();
  if (plain === "" || plain === "~" || plain === "null") return null;
  if (plain === "true") return true;
  if (plain === "false") return false;
  if (SPECIAL_WORDS.test(plain)) giveUp();
  if (plain.includes(": ") || plain.endsWith(":") || plain.includes(" #")) giveUp();
  if (NUMBER_START.test(plain)) {
    if (DECIMAL.test(plain)) return Number(plain);
    if (INFINITY_OR_NAN.test(plain) || !NOT_IN_ANY_NUMBER.test(plain)) giveUp();
  }
  if (INDICATOR_START.test(plain)) giveUp();
  return plain;
}

function withoutComment([value, rest]: [string, string]): string {
  const after = rest.trimStart();
  if (after !== "" && !(after.startsWith("#") && rest.length > after.length)) giveUp();
  return value;
}

const ESCAPES: Record<string, string> = { "\\": "\\", '"': '"', n: "\n", t: "\t" };

/** A double-quoted scalar that closes on this line; the value and what follows it. */
function doubleQuoted(text: string): [string, string] {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') return [value, text.slice(i + 1)];
    if (c === "\\") {
      const escaped = ESCAPES[text[i + 1] ?? ""] ?? giveUp();
      value += escaped;
      i++;
      continue;
    }
    value += c;
  }
  return giveUp();
}

function singleQuoted(text: string): [string, string] {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return [value, text.slice(i + 1)];
    }
    value += c;
  }
  return giveUp();
}
