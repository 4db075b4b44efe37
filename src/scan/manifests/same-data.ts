// Whether two YAML (or JSON) texts hold the same data: what a renderer that reads them as YAML sees
// alike, whatever their formatting (indentation, quoting style, comments, flow or block style, a
// trailing `---`). Decided strictly: a plain scalar is compared by its text, not by what a schema
// makes of it (Go's YAML libraries read `yes`, `on` and `0777` the YAML 1.1 way, `1.0` is not `1`
// there), a quoted or block one by its string; keys must come in the same order. A text that does
// not parse cleanly, or uses what a reader may treat its own way (anchors and aliases, duplicate
// keys, explicit tags), is never called the same as another: the caller then renders.
import { isMap, isScalar, isSeq, type Node, parseAllDocuments } from "yaml";

export function sameYamlData(a: string, b: string): boolean {
  if (a === b) return true;
  const left = dataOf(a);
  return left !== undefined && left === dataOf(b);
}

/** The documents' data as canonical text, or undefined when the text cannot be compared. */
function dataOf(text: string): string | undefined {
  // Duplicate keys are found in canonical(), in one pass (yaml's uniqueKeys compares every pair).
  const docs = parseAllDocuments(text, { uniqueKeys: false, merge: false, logLevel: "silent" });
  if (!Array.isArray(docs)) return JSON.stringify([]);
  const data: unknown[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
    const value = canonical(doc.contents as Node | null);
    if (value === UNCOMPARABLE) return undefined;
    // An empty (or null) document renders nothing.
    if (value !== null) data.push(value);
  }
  return JSON.stringify(data);
}

const UNCOMPARABLE = Symbol("uncomparable");
/** Plain scalars some YAML schema reads as other than a string: numbers, booleans, nulls, dates. */
const SCHEMA_DEPENDENT = /^(?:[-+.]?[0-9]|[yn~]$|(?:yes|no|on|off|true|false|null)$|\.(?:inf|nan)$)/i;

function canonical(node: Node | null): unknown {
  if (node === null) return null;
  if ("anchor" in node && node.anchor !== undefined) return UNCOMPARABLE;
  if (node.tag !== undefined) return UNCOMPARABLE;
  if (isScalar(node)) {
    if (node.type !== "PLAIN") return typeof node.value === "string" ? node.value : UNCOMPARABLE;
    const { source } = node;
    if (source === undefined) return UNCOMPARABLE;
    if (source === "") return null;
    // A plain string no schema reads otherwise is that string (`x` and "x" are one value).
    return typeof node.value === "string" && !SCHEMA_DEPENDENT.test(source) ? node.value : { plain: source };
  }
  if (isSeq(node)) {
    const items = node.items.map((item) => canonical(item as Node | null));
    return items.includes(UNCOMPARABLE) ? UNCOMPARABLE : items;
  }
  if (isMap(node)) {
    const pairs: unknown[] = [];
    const keys = new Set<unknown>();
    for (const pair of node.items) {
      // A key whose value an earlier key of the map has (yaml's test: `1` and `1.0` are one).
      if (isScalar(pair.key) && !Number.isNaN(pair.key.value)) {
        if (keys.has(pair.key.value)) return UNCOMPARABLE;
        keys.add(pair.key.value);
      }
      const key = canonical(pair.key as Node | null);
      const value = canonical(pair.value as Node | null);
      if (key === UNCOMPARABLE || value === UNCOMPARABLE) return UNCOMPARABLE;
      pairs.push([key, value]);
    }
    return { map: pairs };
  }
  // An alias, or anything else a reader may resolve its own way.
  return UNCOMPARABLE;
}
