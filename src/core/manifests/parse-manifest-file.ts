// Parse one file, loading the `yaml` package only when the file needs it: most manifests are plain
// YAML the fast path reads, and a run that never meets another kind of file never pays the ~6 ms
// the package costs to load.

import { type ParsedManifests, type ParseManifestsOptions, parseManifestsFast } from "./manifest-reader.js";

export async function parseManifestFile(
  file: string,
  text: string | Uint8Array,
  opts: ParseManifestsOptions,
): Promise<ParsedManifests> {
  if (opts.fast !== false) {
    const fast = parseManifestsFast(file, text, opts);
    if (fast !== undefined) return fast;
  }
  const { parseManifests } = await import("./parse-manifests.js");
  // The fast path has had its go: the full parse need not try it again.
  return parseManifests(file, text, { ...opts, fast: false });
}
