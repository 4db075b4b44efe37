// Parse one file, loading the `yaml` package only when the file needs it: most manifests are plain
// YAML the fast path reads, and a run that never meets another kind of file never loads it.

import { withoutCrdSchema } from "./crd-schema.js";
import { decodeSource } from "./decode-source.js";
import { type ParsedManifests, type ParseManifestsOptions, parseManifestsFast } from "./manifest-reader.js";

export async function parseManifestFile(
  file: string,
  text: string | Uint8Array,
  opts: ParseManifestsOptions,
): Promise<ParsedManifests> {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const trimmed = withoutCrdSchema(decoded.source);
  const parsed = await parseSource(file, trimmed, opts);
  // A CRD whose text the trim misread (a schema line at column 0 inside a quoted scalar) is read
  // whole, so its problems are the file's own.
  return trimmed !== decoded.source && parsed.problems.length > 0
    ? parseSource(file, decoded.source, opts)
    : parsed;
}

async function parseSource(
  file: string,
  source: string,
  opts: ParseManifestsOptions,
): Promise<ParsedManifests> {
  if (opts.fast !== false) {
    const fast = parseManifestsFast(file, source, opts);
    if (fast !== undefined) return fast;
  }
  const { parseManifests } = await import("./parse-manifests.js");
  // The fast path has had its go: the full parse need not try it again.
  return parseManifests(file, source, { ...opts, fast: false });
}
