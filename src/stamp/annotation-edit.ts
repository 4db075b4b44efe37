// One annotation set in a file's bytes, like a formatter that touches one line: the value's bytes
// are replaced, or one line (plus an `annotations:`/`metadata:` line where there was none) is
// inserted with the indentation of its siblings. Every other byte stays: comments, key order,
// quoting, blank lines, CRLF, flow collections, the other documents of the file. The file is never
// re-serialised. Positions come from the `yaml` package's parse of the whole file (JSON included).

import {
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  type Scalar,
  visit,
  type YAMLMap,
} from "yaml";

/** Replace source[start, end) with text. */
export interface ByteEdit {
  start: number;
  end: number;
  text: string;
}

/** A pod template that cannot be edited in place (a non-map, no place to insert). */
export class UnstampableError extends Error {}

/**
 * What the edit needs is written elsewhere and used from here: a key from a YAML merge key (`<<`)
 * whose mapping is an alias or merged more than once, a List item, the pod template or a mapping on
 * the way to it that is an alias (or an anchor used again elsewhere). Kubernetes
 * reads YAML 1.1 and applies the merge; a key written beside `<<` replaces the merged one whole (the
 * merged labels gone, the selector no longer matching), and an edit of the shared mapping changes
 * every place that uses it. Refused: the run stops (exit 2) rather than write either, so no command
 * reports the workload as merely not stamped (--strategy gitops would then ask for a stamp that can
 * never come). `offset` is where the merge key, the alias or the anchor is.
 */
export class SharedNodeError extends UnstampableError {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Applies non-overlapping edits to a source string. */
export function applyEdits(source: string, edits: readonly ByteEdit[]): string {
  let out = source;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}

type Nested = string | { [key: string]: Nested };

/**
 * The edits that make the object `root` (a document of `source`, or an item of a List in one)
 * carry `annotations[key] = value` on the map at `templatePath` (the pod template); [] when it
 * already does.
 */
export function annotationEdits(
  source: string,
  doc: Document.Parsed,
  templatePath: readonly string[],
  key: string,
  value: string,
  root: unknown = doc.contents,
): ByteEdit[] {
  if (isAlias(root)) {
    throw new SharedNodeError(
      `the List item is the YAML alias *${root.source}: stamping the object where the anchor is would change every place that uses it. Write the object out in the List, then stamp again`,
      root.range?.[0] ?? 0,
    );
  }
  const ctx = new EditContext(source);
  const merged = new MergedLookup(doc, source);
  let node: unknown = root;
  let parentKeyCol: number | undefined;
  const path: string[] = [];
  for (const segment of templatePath) {
    const found = merged.find(merged.own(node, path.join(".") || "the object"), segment, path);
    path.push(segment);
    if (!found) throw new UnstampableError(`no ${path.join(".")} in the object`);
    parentKeyCol = keyColumn(ctx, found.pair);
    node = found.pair.value;
  }
  const field = path.join(".");
  const template = merged.own(node, field);
  ctx.noteStep(template, parentKeyCol);
  const meta = merged.find(template, "metadata", path);
  if (!meta) return ctx.insert(template, "metadata", { annotations: { [key]: value } });
  if (isEmpty(meta.pair.value))
    return ctx.fillEmpty(meta.owner, meta.pair, { annotations: { [key]: value } });
  const metadata = merged.own(meta.pair.value, `${field}.metadata`);
  const ann = merged.find(metadata, "annotations", [...path, "metadata"]);
  if (!ann) return ctx.insert(metadata, "annotations", { [key]: value });
  if (isEmpty(ann.pair.value)) return ctx.fillEmpty(ann.owner, ann.pair, { [key]: value });
  const annotations = merged.own(ann.pair.value, `${field}.metadata.annotations`);
  const current = merged.find(annotations, key, [...path, "metadata", "annotations"]);
  if (!current) return ctx.insert(annotations, key, value);
  const scalar = current.pair.value;
  if (isScalar(scalar) && scalar.value === value) return [];
  if (isScalar(scalar) && scalar.range) {
    // A block scalar (`|`, `>`) ends with its line break: it is written back after the value, or
    // the next key would join the line and the file no longer parse.
    const old = source.slice(scalar.range[0], scalar.range[1]);
    const block = scalar.type === "BLOCK_LITERAL" || scalar.type === "BLOCK_FOLDED";
    const text = block
      ? `${ctx.scalarText(value, "PLAIN")}${old.endsWith("\n") ? ctx.eol : ""}`
      : ctx.scalarText(value, scalar.type);
    return [{ start: scalar.range[0], end: scalar.range[1], text }];
  }
  if (scalar === null || isEmpty(scalar)) return ctx.fillEmpty(current.owner, current.pair, value);
  throw new UnstampableError(`${key} is not a plain value`);
}

/**
 * Keys looked up as Kubernetes reads them (YAML 1.1: a merge key `<<` brings in the keys a mapping
 * does not have itself, the first merged mapping that has one winning), found where they are
 * written so they can be edited there. A merged mapping written right at the merge key and used
 * nowhere else is part of this object alone: edited in place. One written elsewhere (`<<: *name`)
 * or merged again elsewhere is shared: SharedNodeError.
 */
class MergedLookup {
  private uses: Map<unknown, number[]> | undefined;

  constructor(
    private readonly doc: Document.Parsed,
    private readonly source: string,
  ) {}

  /** The pair that gives `map` its `key`, and the mapping it is written in; undefined when none does. */
  find(map: YAMLMap, key: string, path: readonly string[]): { pair: Pair; owner: YAMLMap } | undefined {
    const own = findPair(map, key);
    if (own) return { pair: own, owner: map };
    const merge = findPair(map, "<<");
    if (!merge) return undefined;
    const at = (merge.key as Node).range?.[0] ?? 0;
    const field = [...path, key].join(".");
    for (const item of isSeq(merge.value) ? merge.value.items : [merge.value]) {
      const merged = isAlias(item) ? item.resolve(this.doc) : item;
      if (!isMap(merged)) continue;
      const found = this.find(merged, key, path);
      if (!found) continue;
      const fix = `Write ${field} out in this object beside the merge key (what is written there replaces the merged ${key} whole: copy what it holds), then stamp again`;
      if (isAlias(item)) {
        const anchor = this.source.lastIndexOf(`&${item.source}`, merged.range?.[0] ?? at);
        throw new SharedNodeError(
          `${field} comes from the YAML anchor &${item.source} (line ${this.lineOf(anchor)}) through the merge key (<<): stamping it there would change every place that uses the anchor. ${fix}`,
          at,
        );
      }
      const others = this.aliasesOf(merged);
      if (others.length > 0) {
        throw new SharedNodeError(
          `${field} comes from the mapping &${merged.anchor} that the merge key (<<) holds, which is used again at line ${others.map((o) => this.lineOf(o)).join(", ")}: stamping it would change those too. ${fix}`,
          at,
        );
      }
      return found;
    }
    return undefined;
  }

  /**
   * `node` (the mapping at `field`) as this object's own: a YAML alias (`template: *pod`), or an
   * anchored mapping used again elsewhere, is shared, and stamping it would stamp every place that
   * uses it (and `--check` and --strategy gitops would ask for a stamp that never comes):
   * SharedNodeError, at the alias or the anchor.
   */
  own(node: unknown, field: string): YAMLMap {
    const fix = `Write ${field} out in this object (no alias), then stamp again`;
    if (isAlias(node)) {
      const target = node.resolve(this.doc) as Node | undefined;
      const at = node.range?.[0] ?? 0;
      const anchor = this.source.lastIndexOf(`&${node.source}`, target?.range?.[0] ?? at);
      throw new SharedNodeError(
        `${field} is the YAML alias *${node.source} of the anchor &${node.source} (line ${this.lineOf(anchor)}): stamping it there would change every place that uses the anchor. ${fix}`,
        at,
      );
    }
    const others = isMap(node) && node.anchor ? this.aliasesOf(node) : [];
    if (others.length > 0) {
      const anchor = (node as YAMLMap).anchor;
      throw new SharedNodeError(
        `${field} is the YAML anchor &${anchor}, used again at line ${others.map((o) => this.lineOf(o)).join(", ")}: stamping it would change those too. Write it out in full where it is used again (no alias), then stamp again`,
        this.source.lastIndexOf(`&${anchor}`, (node as YAMLMap).range?.[0] ?? 0),
      );
    }
    return asMap(node, field);
  }

  /** Offsets of the aliases in the document that stand for `node`. */
  private aliasesOf(node: unknown): number[] {
    if (this.uses === undefined) {
      const uses = new Map<unknown, number[]>();
      visit(this.doc, {
        Alias: (_, alias) => {
          const target = alias.resolve(this.doc);
          uses.set(target, [...(uses.get(target) ?? []), alias.range?.[0] ?? 0]);
        },
      });
      this.uses = uses;
    }
    return this.uses.get(node) ?? [];
  }

  private lineOf(offset: number): number {
    return lineOf(this.source, offset);
  }
}

/** The 1-based line of `offset` in `text` (1 for an offset before the text). */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function asMap(node: unknown, what: string): YAMLMap {
  if (!isMap(node)) throw new UnstampableError(`${what} is not a mapping`);
  return node;
}

function findPair(map: YAMLMap, key: string): Pair | undefined {
  for (const item of map.items) {
    if (isPair(item) && isScalar(item.key) && item.key.value === key) return item as Pair;
  }
  return undefined;
}

function isEmpty(node: unknown): boolean {
  if (node === null || node === undefined) return true;
  if (isScalar(node)) return node.value === null;
  return false;
}

function keyColumn(ctx: EditContext, pair: Pair): number | undefined {
  const range = (pair.key as Node | null)?.range;
  return range ? ctx.column(range[0]) : undefined;
}

class EditContext {
  readonly eol: string;
  private step = 2;
  constructor(private readonly source: string) {
    this.eol = source.includes("\r\n") ? "\r\n" : "\n";
  }

  /** Indentation step of the file, from the template's keys relative to the `template:` key. */
  noteStep(template: YAMLMap, parentCol: number | undefined): void {
    const first = firstKey(template);
    if (template.flow || !first?.range || parentCol === undefined) return;
    const step = this.column(first.range[0]) - parentCol;
    if (step > 0 && step <= 8) this.step = step;
  }

  column(offset: number): number {
    return offset - this.lineStart(offset);
  }

  lineStart(offset: number): number {
    return this.source.lastIndexOf("\n", offset - 1) + 1;
  }

  lineEnd(offset: number): number {
    let end = this.source.indexOf("\n", offset);
    if (end === -1) return this.source.length;
    if (this.source[end - 1] === "\r") end--;
    return end;
  }

  /** A new key/value pair in `map`: a line before its first key (block), or an entry (flow). */
  insert(map: YAMLMap, key: string, value: Nested): ByteEdit[] {
    const first = firstKey(map);
    if (map.flow) return this.insertFlow(map, key, value);
    if (!first?.range) throw new UnstampableError("cannot find where to insert");
    const col = this.column(first.range[0]);
    const at = this.lineStart(first.range[0]);
    if (this.source.slice(at, first.range[0]).trim() !== "") {
      throw new UnstampableError("the mapping does not start on its own line");
    }
    return [{ start: at, end: at, text: this.blockLines(col, key, value) }];
  }

  private insertFlow(map: YAMLMap, key: string, value: Nested): ByteEdit[] {
    const open = map.range?.[0];
    if (open === undefined || this.source[open] !== "{")
      throw new UnstampableError("cannot find the flow mapping");
    const first = firstKey(map);
    const quoteKeys = !first || (isScalar(first) && first.type === "QUOTE_DOUBLE");
    const entry = `${this.flowKey(key, quoteKeys)}: ${this.flowValue(value, quoteKeys)}`;
    if (!first?.range) return [{ start: open + 1, end: open + 1, text: entry }];
    const between = this.source.slice(open + 1, first.range[0]);
    if (between.includes("\n")) {
      const indent = " ".repeat(this.column(first.range[0]));
      return [{ start: first.range[0], end: first.range[0], text: `${entry},${this.eol}${indent}` }];
    }
    return [{ start: first.range[0], end: first.range[0], text: `${entry}, ` }];
  }

  /** `key:` with no value (or null/~): the value is written after it. */
  fillEmpty(parent: YAMLMap, pair: Pair, value: Nested): ByteEdit[] {
    const keyRange = (pair.key as Node).range;
    if (!keyRange) throw new UnstampableError("cannot find the key");
    const node = pair.value as Node | null;
    const edits: ByteEdit[] = [];
    if (parent.flow) {
      const at = node?.range ? node.range[0] : keyRange[1];
      const end = node?.range ? node.range[1] : at;
      const quote = isScalar(pair.key) && pair.key.type === "QUOTE_DOUBLE";
      return [{ start: at, end, text: this.flowValue(value, quote) }];
    }
    const filled = node?.range && node.range[1] > node.range[0] ? node.range : undefined;
    if (typeof value === "string") {
      if (filled) return [{ start: filled[0], end: filled[1], text: this.scalarText(value, "PLAIN") }];
      const colon = this.source.indexOf(":", keyRange[1]) + 1;
      return [{ start: colon, end: colon, text: ` ${this.scalarText(value, "PLAIN")}` }];
    }
    if (filled) {
      // Drop `null`/`~` and the blank before it: the value goes on the lines below.
      let start = filled[0];
      while (start > keyRange[1] && (this.source[start - 1] === " " || this.source[start - 1] === "\t"))
        start--;
      edits.push({ start, end: filled[1], text: "" });
    }
    const col = this.column(keyRange[0]) + this.step;
    const at = this.lineEnd(node?.range ? node.range[1] : keyRange[1]);
    const [[k, v]] = Object.entries(value) as [[string, Nested]];
    const lines = this.blockLines(col, k, v);
    edits.push({ start: at, end: at, text: this.eol + lines.slice(0, -this.eol.length) });
    return edits;
  }

  /** Block lines for key: value at column `col`, nested maps one step deeper, each ending in EOL. */
  private blockLines(col: number, key: string, value: Nested): string {
    const indent = " ".repeat(col);
    if (typeof value === "string") return `${indent}${key}: ${this.scalarText(value, "PLAIN")}${this.eol}`;
    const inner = Object.entries(value)
      .map(([k, v]) => this.blockLines(col + this.step, k, v))
      .join("");
    return `${indent}${key}:${this.eol}${inner}`;
  }

  private flowKey(key: string, quote: boolean): string {
    return quote || !/^[A-Za-z0-9][-A-Za-z0-9_./]*$/.test(key) ? JSON.stringify(key) : key;
  }

  private flowValue(value: Nested, quote: boolean): string {
    if (typeof value === "string") return JSON.stringify(value);
    const entries = Object.entries(value).map(
      ([k, v]) => `${this.flowKey(k, quote)}: ${this.flowValue(v, quote)}`,
    );
    return `{${entries.join(", ")}}`;
  }

  /** The value in the style of the scalar it replaces; plain only when YAML reads it back as a string. */
  scalarText(value: string, type: Scalar.Type | undefined | null): string {
    if (type === "QUOTE_SINGLE") return `'${value.replaceAll("'", "''")}'`;
    if ((type === "PLAIN" || type === undefined) && plainIsString(value)) return value;
    return JSON.stringify(value);
  }
}

function firstKey(map: YAMLMap): Node | undefined {
  const first = map.items[0];
  return first && isPair(first) ? ((first.key as Node | null) ?? undefined) : undefined;
}

/** A hex digest YAML 1.1 and 1.2 both read as a string when written plain (not a number). */
function plainIsString(value: string): boolean {
  return /^[0-9a-f]+$/.test(value) && /[a-f]/.test(value.replace("e", "")) && !/^0[bx]/.test(value);
}
