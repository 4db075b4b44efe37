// A CustomResourceDefinition is never a config or a consumer, and its `spec` (the OpenAPI schema,
// often most of a 500 KB-1 MB file of multi-line descriptions the fast path cannot take) is read for
// nothing: a push to a CRD-heavy repository spent seconds in the `yaml` package on schemas. Its
// `spec` block is blanked line for line before the parse, so the object keeps its identity,
// labels and annotations, and every line number stays where it was.

const KIND = /^kind:[ \t]*(["']?)CustomResourceDefinition\1[ \t]*(?:#.*)?\r?$/m;
const API_VERSION = /^apiVersion:[ \t]*(["']?)apiextensions\.k8s\.io\/v1(?:beta1)?\1[ \t]*(?:#.*)?\r?$/m;
const SPEC = /^spec:[ \t]*(?:#.*)?\r?$/m;
const MARKER = /^(?:---|\.\.\.)/gm;

/**
 * The text with each CRD document's top-level `spec` block replaced by empty lines (a bundle of CRDs
 * is trimmed document by document); every other document unchanged (other kinds, JSON or flow
 * style, a `spec` not written as a block at column 0).
 */
export function withoutCrdSchema(source: string): string {
  if (!source.includes("CustomResourceDefinition")) return source;
  const starts = [...new Set([0, ...[...source.matchAll(MARKER)].map((m) => m.index)])];
  return starts
    .map((start, i) => withoutSchemaOf(source.slice(start, starts[i + 1] ?? source.length)))
    .join("");
}

/** One document (with its `---` line, if any) with a CRD's `spec` block blanked. */
function withoutSchemaOf(source: string): string {
  if (!KIND.test(source) || !API_VERSION.test(source)) return source;
  const spec = SPEC.exec(source);
  if (spec === null) return source;
  // The block ends at the next line that starts at column 0 (another top-level key, a comment is
  // part of nothing and stays): blank lines and indented lines are the schema.
  let end = source.indexOf("\n", spec.index);
  while (end !== -1 && end + 1 < source.length) {
    const next = source[end + 1];
    if (next !== " " && next !== "\t" && next !== "\n" && next !== "\r") break;
    end = source.indexOf("\n", end + 1);
  }
  const blockEnd = end === -1 ? source.length : end + 1;
  const block = source.slice(spec.index, blockEnd);
  return source.slice(0, spec.index) + block.replace(/[^\n]/g, "") + source.slice(blockEnd);
}
