// Quoted scalars and flow collections whose continuation lines are not indented past their key.
//
//   annotations:
//     note: '[
//   "a"
//   ]'
//
// YAML 1.2 wants every continuation line of a multi-line quoted scalar or flow collection in block
// context indented past the enclosing block; the `yaml` package enforces it, cuts the scalar at the
// first such line and reports the document broken. kubectl (go-yaml v2 through sigs.k8s.io/yaml),
// kustomize (go-yaml v3) and PyYAML all follow libyaml, whose scanner never checks indentation
// inside quotes or brackets: they read the note above as '[ "a" ]' and apply the Deployment. Dropping
// the document would hide its workload from the plan.
//
// The leading white space of a continuation line is not content in either construct (a quoted
// scalar folds each line break and the white space around it into one space or a newline; in a flow
// collection it only separates tokens), so indenting those lines changes no value. This finds each
// construct the `yaml` lexer cut at an under-indented line, indents its continuation lines to the
// column it starts at, and says whether anything changed; the caller parses the result and keeps it
// only when it reads with fewer broken documents. Lines are never added or removed, so every line
// number stays; only columns on the indented lines move. A `---` or `...` line at column 0 ends the
// search: kubectl splits documents there before any YAML is parsed, and libyaml rejects it inside a
// scalar, so such a file stays broken as kubectl finds it.

import { CST, Lexer } from "yaml";

/** Each round fixes one construct and lexes the file again; a file needs as many as it has. */
const MAX_ROUNDS = 200;

/** The source with cut constructs' continuation lines indented, or undefined when nothing was cut. */
export function indentContinuationLines(source: string): string | undefined {
  let text = source;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const start = firstCutConstruct(text);
    if (start === undefined) break;
    const end = text[start] === "[" || text[start] === "{" ? flowEnd(text, start) : quotedEnd(text, start);
    if (end === undefined) break;
    const indented = indentLines(text, start, end);
    if (indented === text) break;
    text = indented;
  }
  return text === source ? undefined : text;
}

/** Zero-length markers the lexer adds to its tokens; every other token is source text. */
const MARKERS = new Set<string>([CST.DOCUMENT, CST.SCALAR, CST.FLOW_END]);

/**
 * Offset of the first quoted scalar or outermost flow collection the lexer ended early: a quoted
 * scalar token shorter than the scalar libyaml reads, or a flow collection the lexer closed with an
 * error at an under-indented line. Only the first is reliable: after it the lexer reads the rest of
 * the scalar as new tokens.
 */
function firstCutConstruct(text: string): number | undefined {
  let offset = 0;
  let depth = 0;
  let flowStart = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === CST.FLOW_END) return depth > 0 ? flowStart : undefined;
    if (MARKERS.has(token)) continue;
    const type = CST.tokenType(token);
    if (type === "flow-map-start" || type === "flow-seq-start") {
      if (depth === 0) flowStart = offset;
      depth += 1;
    } else if ((type === "flow-map-end" || type === "flow-seq-end") && depth > 0) {
      depth -= 1;
    } else if (type === "single-quoted-scalar" || type === "double-quoted-scalar") {
      const end = quotedEnd(text, offset);
      if (end !== undefined && end + 1 > offset + token.length) return depth > 0 ? flowStart : offset;
    }
    offset += token.length;
  }
  return undefined;
}

/** A `---` or `...` line: where kubectl splits documents (and libyaml ends any scalar with an error). */
function isDocumentMarkerAt(text: string, lineStart: number): boolean {
  const marker = text.slice(lineStart, lineStart + 3);
  if (marker !== "---" && marker !== "...") return false;
  const next = text[lineStart + 3];
  return next === undefined || next === " " || next === "\t" || next === "\r" || next === "\n";
}

/** Offset of the quote closing the scalar opened at `start`, as libyaml reads it. */
function quotedEnd(text: string, start: number): number | undefined {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === "\n" && isDocumentMarkerAt(text, i + 1)) return undefined;
    if (quote === '"' && char === "\\") i += 1;
    else if (char === quote) {
      if (quote === "'" && text[i + 1] === "'") i += 1;
      else return i;
    }
  }
  return undefined;
}

/** Offset of the bracket closing the flow collection opened at `start`. */
function flowEnd(text: string, start: number): number | undefined {
  let depth = 0;
  // Whether the next character starts a node (where a quote opens a quoted scalar).
  let nodeStart = true;
  for (let i = start; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\n") {
      if (isDocumentMarkerAt(text, i + 1)) return undefined;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r") continue;
    if (char === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      const newline = text.indexOf("\n", i);
      if (newline === -1) return undefined;
      i = newline - 1;
    } else if (char === "[" || char === "{") {
      depth += 1;
      nodeStart = true;
    } else if (char === "]" || char === "}") {
      depth -= 1;
      if (depth === 0) return i;
      nodeStart = false;
    } else if (char === ",") {
      nodeStart = true;
    } else if (char === ":" && (nodeStart || /[\s,[\]{}]/.test(text[i + 1] ?? " "))) {
      // A value indicator: `key: value`, or `"key":value` after a quoted key.
      nodeStart = true;
    } else if (char === "?" && nodeStart) {
      nodeStart = true;
    } else if ((char === "'" || char === '"') && nodeStart) {
      const end = quotedEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      nodeStart = false;
    } else if ((char === "&" || char === "!") && nodeStart) {
      // An anchor or tag: the node starts after it.
      while (i + 1 < text.length && !/[\s,[\]{}]/.test(text[i + 1]!)) i += 1;
    } else {
      nodeStart = false;
    }
  }
  return undefined;
}

/** The lines after the one `start` is on, through the one `end` is on, indented to `start`'s column. */
function indentLines(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const column = start - lineStart;
  let out = text.slice(0, start);
  let from = start;
  for (let newline = text.indexOf("\n", start); newline !== -1 && newline < end; ) {
    const next = newline + 1;
    let spaces = 0;
    while (text[next + spaces] === " ") spaces += 1;
    const lineEnd = text.indexOf("\n", next);
    const blank = /^[ \t\r]*$/.test(text.slice(next, lineEnd === -1 ? text.length : lineEnd));
    out += text.slice(from, next);
    if (!blank && spaces < column) out += " ".repeat(column - spaces);
    from = next;
    newline = text.indexOf("\n", next);
  }
  return out + text.slice(from);
}
