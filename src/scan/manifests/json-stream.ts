// A stream of JSON objects, one after another (`{...}\n{...}`): kubectl reads a file whose first
// character is `{` as JSON values in sequence (apimachinery's YAMLOrJSONDecoder), so such a file
// applies although it is not one YAML document. The full parse reads it this way only when the YAML
// parse fails, so a single JSON object keeps its YAML reading and its exact problem places.

interface JsonValueAt {
  value: unknown;
  /** Offset of the value's first character. */
  start: number;
}

/** Each top-level JSON value of the text in order, or undefined when the text is not such a stream. */
export function jsonStream(source: string): JsonValueAt[] | undefined {
  const values: JsonValueAt[] = [];
  let i = skipSpace(source, 0);
  if (source[i] !== "{") return undefined;
  while (i < source.length) {
    if (source[i] !== "{") return undefined;
    const end = objectEnd(source, i);
    if (end === undefined) return undefined;
    try {
      values.push({ value: JSON.parse(source.slice(i, end + 1)), start: i });
    } catch {
      return undefined;
    }
    i = skipSpace(source, end + 1);
  }
  return values;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && " \t\r\n".includes(text[i]!)) i += 1;
  return i;
}

/** Offset of the brace closing the object opened at `start` (strings skipped). */
function objectEnd(text: string, start: number): number | undefined {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i += 1;
    } else if (char === "{" || char === "[") {
      depth += 1;
    } else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return undefined;
}
