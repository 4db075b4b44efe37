// A large file of many documents, parsed a document at a time, each distinct document once per run.
// Generated bundles (a project's install.yaml, CRDs, rendered charts) hold a few documents the fast
// path cannot take (a multi-line description) among many it can; taken whole, one such document
// sends the whole file to the `yaml` package, far slower. Parsed a document at a time, only
// those go there, and a document already parsed (the same file at the other commit, the same CRD
// in another bundle) is not parsed again. A file with any problem is parsed whole as before, so
// problems keep their exact wording and place.
import type { Manifest, ManifestProblem } from "../../core/model.js";
import { decodeSource } from "./decode-source.js";
import { type ParsedManifests, type ParseManifestsOptions, parseManifestsFast } from "./manifest-reader.js";
import { parseManifestFile } from "./parse-manifest-file.js";

/** Documents parsed so far (objects with lines relative to the document), by text; one per scan. */
export type ParsedDocuments = Map<string, Manifest[]>;

/** Below this a file is parsed whole: splitting pays only for large files. */
const MIN_SPLIT_BYTES = 64 * 1024;

export async function parseManifestDocuments(
  file: string,
  text: string | Uint8Array,
  opts: ParseManifestsOptions,
  documents: ParsedDocuments,
): Promise<ParsedManifests> {
  const fast = parseManifestsFast(file, text, opts);
  if (fast !== undefined) return fast;
  // The fast path has had its go at the whole file.
  const whole = () => parseManifestFile(file, text, { ...opts, fast: false });
  if (text.length < MIN_SPLIT_BYTES) return whole();
  const decoded = decodeSource(file, text);
  const docs = "source" in decoded ? documentsOf(decoded.source) : undefined;
  if (docs === undefined || docs.length < 2) return whole();
  const manifests: Manifest[] = [];
  for (const doc of docs) {
    let parsed = documents.get(doc.text);
    if (parsed === undefined) {
      const result = await parseManifestFile("", doc.text, opts);
      // A problem is reported from the whole file, worded and placed as it always is.
      if (result.problems.length > 0) return whole();
      parsed = result.manifests;
      documents.set(doc.text, parsed);
    }
    for (const m of parsed) manifests.push({ ...m, file, line: m.line + doc.line - 1 });
  }
  return { manifests, problems: [] as ManifestProblem[] };
}

/**
 * The documents of a YAML stream and the line each starts on; undefined for a stream this split
 * cannot follow (a marker with content on its line, an explicit `...` end, directives), which is
 * then parsed whole.
 */
export function documentsOf(source: string): Array<{ text: string; line: number }> | undefined {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(source)) return undefined;
  const docs: Array<{ text: string; line: number }> = [];
  const separator = /^---[ \t]*\r?\n/gm;
  let start = 0;
  let line = 1;
  const push = (end: number) => {
    const text = source.slice(start, end);
    if (text.trim() !== "") docs.push({ text, line });
  };
  for (let match = separator.exec(source); match !== null; match = separator.exec(source)) {
    push(match.index);
    line += countLines(source, start, match.index + match[0].length);
    start = match.index + match[0].length;
  }
  push(source.length);
  return docs;
}

function countLines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}
