// A fast path for the YAML that manifests are made of: block mappings and sequences, plain and
// quoted one-line scalars, `|`/`|-` block scalars, comments, `---` between documents, and simple
// anchors and aliases. The `yaml` package costs about a millisecond per small file in a fresh
// process (most of a plan's time); this reads the same files in a fraction of that.
//
// It never guesses: anything outside that subset, or anything whose meaning could differ between
// YAML versions (yes/no/on/off, octal, floats, timestamps, merge keys, tags, flow collections,
// multi-line plain or quoted scalars, tabs, CR line ends...), makes it give up on the whole file,
// and the caller parses the file with the `yaml` package as before. The values it returns are what
// that parse returns (`toJS` with YAML 1.1 as kubectl reads it): test/scan/manifests/fast-yaml.test.ts
// compares the two on every fixture.
//
// Written for a process that parses a few hundred files and exits: each line is taken apart by one
// sticky regular expression (indentation, `- `, a plain `key:`, the rest), so the per-character
// work runs in V8's compiled regexp code, not in the interpreter. A character-at-a-time version was
// slower cold, most of it V8 optimizing its large functions on a second thread while a plan's
// `git grep` wanted that core.

interface FastDocument {
  value: unknown;
  /** Offset of the document's first node (where the `yaml` package's contents range starts). */
  start: number;
}

class GiveUp extends Error {}
const giveUp = (): never => {
  throw new GiveUp();
};

/** Aliases beyond this are left to the `yaml` package's own alias-bomb guard. */
const MAX_ALIASES = 50;
/** Words that look like plain strings and are not: null, the booleans, YAML 1.1's special words. */
const NOT_STRINGS = new Set(
  "null true false y Y yes Yes YES n N no No NO True TRUE False FALSE on On ON off Off OFF Null NULL".split(
    " ",
  ),
);
/** A plain scalar starting like a number that holds a character no YAML number form has is a string. */
const NUMBER_START = /^[-+.0-9]/;
const NOT_IN_ANY_NUMBER = /[^0-9a-fA-F_+\-.:xXoO]/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
const INFINITY_OR_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
/** Characters a plain scalar may not start with (indicators), besides quotes handled separately. */
const INDICATOR_START = /^(?:[-?:](?: |$)|[,[\]{}#&*!|>%@`])/;
/**
 * Left to the full parse: tabs, CRs, a byte-order mark past the start, and YAML 1.1's other line
 * breaks (NEL, LS, PS: go-yaml breaks lines there). Every other character, no-break spaces included,
 * is content to YAML, so nothing here trims more than spaces (JavaScript's trim and \s take more).
 */
const ODD_SPACE = /[\t\r\u0085\u2028\u2029\ufeff]/;
/** A plain scalar that can only be a string (a letter first; no space, colon or #), unless a special word. */
const PLAIN_WORD = /^[A-Za-z][A-Za-z0-9._/-]*$/;

/**
 * One line, matched at its start (sticky): its indentation, a `- ` sequence indicator (the spaces
 * after it), a plain `key:` followed by a space or the line's end, and the rest of the line. Every
 * line matches; a key must be a letter, `_` or `/` followed by letters, digits and `_./-`, so a
 * quoted or odd key is left in the rest, where the mapping gives up on it.
 */
const LINE = /( *)(?:-( +|(?=\n|$)))?(?:([A-Za-z_/][A-Za-z0-9_./-]*):(?: +|(?=\n|$)))?([^\n]*)\n?/y;

/** The documents of `source`, or undefined when it is not in the subset (parse it fully instead). */
export function parseSimpleYaml(source: string): FastDocument[] | undefined {
  if (ODD_SPACE.test(source)) return undefined;
  try {
    return new FastParser(source).documents();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}

/** What the parser stands on: a significant line, a `---` between documents, or the end. */
const END = 0;
const LINE_KIND = 1;
const SEPARATOR = 2;

/**
 * Recursive descent over significant lines, one at a time: the fields below describe the current
 * one (a line of a nested block is read by the call for that block, which returns on the first line
 * indented less than it).
 */
class FastParser {
  private kind = END;
  private indent = 0;
  /** Column of what follows `- ` (when `dash`): where a mapping that starts on the item's line is. */
  private column = 0;
  private dash = false;
  private key: string | undefined = undefined;
  private rest = "";
  /** Offset of the current line's text (after its indentation). */
  private offset = 0;
  /** Offset of the line after the current one: where `advance` reads next. */
  private next = 0;
  private anchors = new Map<string, unknown>();
  private aliases = 0;

  constructor(private readonly source: string) {}

  documents(): FastDocument[] {
    const docs: FastDocument[] = [];
    this.advance();
    for (;;) {
      if (this.kind === LINE_KIND) {
        if (this.indent !== 0) giveUp();
        const start = this.offset;
        this.anchors = new Map();
        this.aliases = 0;
        const value = this.block(0);
        if (this.kind === LINE_KIND) giveUp();
        docs.push({ value, start });
      }
      if (this.kind === END) return docs;
      this.advance(); // past the `---`
    }
  }

  /** Move to the next significant line (not blank, not only a comment); `---`, `...` and `%` at column 0 end or refuse. */
  private advance(): void {
    const source = this.source;
    for (;;) {
      if (this.next >= source.length) {
        this.kind = END;
        this.indent = -1;
        return;
      }
      LINE.lastIndex = this.next;
      const m = LINE.exec(source)!;
      const indent = m[1]!.length;
      const spaces = m[2];
      const key = m[3];
      const rest = m[4]!;
      this.next = LINE.lastIndex;
      if (spaces === undefined && key === undefined) {
        if (rest === "" || rest.charCodeAt(0) === 35 /* # */) continue;
        if (indent === 0) {
          const c = rest.charCodeAt(0);
          if (c === 45 /* - */ && rest.startsWith("---")) {
            if (rest !== "---") giveUp();
            this.kind = SEPARATOR;
            this.indent = -1;
            return;
          }
          if (c === 37 /* % */ || rest.startsWith("...")) giveUp();
        }
      }
      this.kind = LINE_KIND;
      this.indent = indent;
      this.dash = spaces !== undefined;
      this.column = spaces === undefined ? indent : indent + 1 + spaces.length;
      this.key = key;
      this.rest = rest;
      this.offset = m.index + indent;
      return;
    }
  }

  /** A block collection starting at the current line, if it is indented at least `minIndent`. */
  private block(minIndent: number): unknown {
    if (this.kind !== LINE_KIND || this.indent < minIndent) return null;
    return this.dash ? this.sequence(this.indent) : this.mapping(this.indent);
  }

  private sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    while (this.kind === LINE_KIND && this.indent === indent && this.dash) {
      if (this.key !== undefined) {
        // A mapping that starts on the item's line: its keys line up with the first one.
        this.indent = this.column;
        this.dash = false;
        items.push(this.mapping(this.column));
        continue;
      }
      const rest = this.rest;
      this.advance();
      if (rest === "" || rest.charCodeAt(0) === 35) {
        items.push(this.kind === LINE_KIND && this.indent > indent ? this.block(indent + 1) : null);
        continue;
      }
      items.push(this.inlineValue(rest, indent));
    }
    return items;
  }

  private mapping(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    while (this.kind === LINE_KIND) {
      if (this.indent !== indent || this.dash) {
        if (this.indent <= indent) break; // less indented, or a sequence item ending a mapping nested in an item
        giveUp();
      }
      const key = this.key ?? giveUp();
      // Over 1024 characters a key must be explicit (`? `) in YAML: the full parse says what is wrong.
      if (key.length > 1024 || NOT_STRINGS.has(key) || key === "__proto__" || Object.hasOwn(map, key))
        giveUp();
      let rest = this.rest;
      let anchor: string | undefined;
      if (rest.startsWith("&")) {
        anchor = /^&([^ ]+)/.exec(rest)?.[1] ?? giveUp();
        rest = withoutLeadingSpaces(rest.slice(anchor.length + 1));
        if (this.anchors.has(anchor)) giveUp();
      }
      let value: unknown;
      if (rest === "" || rest.startsWith("#")) {
        this.advance();
        if (this.kind === LINE_KIND && this.indent > indent) value = this.block(indent + 1);
        else if (this.kind === LINE_KIND && this.indent === indent && this.dash)
          value = this.sequence(indent);
        else value = null;
      } else if (rest.startsWith("|") || rest.startsWith(">")) {
        value = this.blockScalar(rest, indent);
      } else {
        this.advance();
        value = this.inlineValue(rest, indent);
      }
      if (anchor !== undefined) this.anchors.set(anchor, value);
      map[key] = value;
    }
    return map;
  }

  /**
   * A one-line value (scalar, alias, `{}` or `[]`) whose line has been passed; the next line must not
   * continue it (a more indented line is a multi-line scalar or an error).
   */
  private inlineValue(text: string, indent: number): unknown {
    let value: unknown;
    if (PLAIN_WORD.test(text)) {
      // The common case (names, images, kinds) without scalar()'s dozen checks: only a handful of
      // such words are not strings (null, booleans, YAML 1.1's special words), and scalar() decides those.
      value = NOT_STRINGS.has(text) ? scalar(text) : text;
    } else if (text.startsWith("*")) {
      const match = /^\*([^ ]+) *(#.*)?$/.exec(text) ?? giveUp();
      if (!this.anchors.has(match[1]!) || ++this.aliases > MAX_ALIASES) giveUp();
      value = this.anchors.get(match[1]!);
    } else {
      value = scalar(text);
    }
    if (this.kind === LINE_KIND && this.indent > indent) giveUp();
    return value;
  }

  /**
   * `|` or `|-` (clip or strip), indentation detected from the first line. The current line is its
   * header; its content lines are read raw (comments and blank lines are content here).
   */
  private blockScalar(header: string, indent: number): string {
    if (header !== "|" && header !== "|-") giveUp();
    const source = this.source;
    const lines: string[] = [];
    let blockIndent = -1;
    let at = this.next;
    while (at < source.length) {
      let end = source.indexOf("\n", at);
      if (end === -1) end = source.length;
      let textStart = at;
      while (source.charCodeAt(textStart) === 32) textStart++;
      const lineIndent = textStart - at;
      if (textStart === end) {
        if (lineIndent > (blockIndent === -1 ? 0 : blockIndent)) giveUp();
        lines.push("");
        at = end + 1;
        continue;
      }
      if (blockIndent === -1) {
        if (lineIndent <= indent) break;
        blockIndent = lineIndent;
      }
      if (lineIndent < blockIndent) {
        if (lineIndent > indent) giveUp();
        break;
      }
      lines.push(source.slice(at + blockIndent, end));
      at = end + 1;
    }
    if (blockIndent === -1) giveUp();
    this.next = at;
    this.advance();
    // Trailing blank lines after the last content line belong to the next node, not to this value.
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    const body = lines.join("\n");
    return header === "|" ? `${body}\n` : body;
  }
}

/** A one-line scalar as YAML 1.1 (kubectl's reading) resolves it; gives up on anything doubtful. */
function scalar(raw: string): unknown {
  const text = withoutTrailingSpaces(raw);
  if (text.startsWith('"')) return withoutComment(doubleQuoted(text));
  if (text.startsWith("'")) return withoutComment(singleQuoted(text));
  if (text === "{}" || text.startsWith("{} #")) return {};
  if (text === "[]" || text.startsWith("[] #")) return [];
  const hash = text.indexOf(" #");
  const plain = hash === -1 ? text : withoutTrailingSpaces(text.slice(0, hash));
  if (plain === "" || plain === "~" || plain === "null") return null;
  if (plain === "true") return true;
  if (plain === "false") return false;
  // The other words YAML 1.1 reads as booleans or null (yes/no/on/off...): left to the full parse.
  if (NOT_STRINGS.has(plain)) giveUp();
  if (plain.includes(": ") || plain.endsWith(":") || plain.includes(" #")) giveUp();
  if (NUMBER_START.test(plain)) {
    if (DECIMAL.test(plain)) return Number(plain);
    if (INFINITY_OR_NAN.test(plain) || !NOT_IN_ANY_NUMBER.test(plain)) giveUp();
  }
  if (INDICATOR_START.test(plain)) giveUp();
  return plain;
}

function withoutComment([value, rest]: [string, string]): string {
  const after = withoutLeadingSpaces(rest);
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

function withoutLeadingSpaces(text: string): string {
  let start = 0;
  while (text.charCodeAt(start) === 32) start++;
  return start === 0 ? text : text.slice(start);
}

function withoutTrailingSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return end === text.length ? text : text.slice(0, end);
}
