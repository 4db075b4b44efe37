// Step: the configs at head. Those the scan read on the way (their content taken from the snapshots
// made when comparing), and later the ones a restarted workload consumes without them having
// changed (their content enters its hash), found with one `git grep` for their names.

import {
  type ConfigSnapshot,
  type HeadConfig,
  idKey,
  type Manifest,
  type ManifestProblem,
  type ObjectId,
} from "../core/model.js";
import type { Git } from "../git/git.js";
import { findCandidateFiles } from "./candidates.js";
import { configContentOf, isConfigManifest } from "./manifests/config-content.js";
import { createPathFilter } from "./path-filter.js";
import { readManifests } from "./read-files.js";
import type { ScanOptions } from "./scan-model.js";

/**
 * Add the configs named by `ids` that are committed at `rev` but not yet in `known` (configs a
 * restarted workload consumes without them having changed: their content enters its hash).
 */
export async function readConfigsAt(
  git: Git,
  rev: string,
  ids: ObjectId[],
  known: Map<string, HeadConfig>,
  options: ScanOptions,
  owned?: (path: string) => boolean,
): Promise<Map<string, HeadConfig>> {
  const missing = ids.filter((id) => !known.has(idKey(id)));
  if (missing.length === 0) return known;
  const wanted = await createPathFilter(options, owned);
  const files = await findCandidateFiles(
    git,
    rev,
    [...new Set(missing.map((id) => id.name))],
    new Set(),
    wanted,
  );
  const problems: ManifestProblem[] = [];
  const manifests = await readManifests(git, rev, files, options, problems);
  const missingKeys = new Set(missing.map(idKey));
  collectConfigs(
    manifests.filter((m) => missingKeys.has(idKey(m.id))),
    known,
    problems,
  );
  return known;
}

export function collectConfigs(
  manifests: Manifest[],
  into: Map<string, HeadConfig>,
  problems: ManifestProblem[],
  /** Snapshots made already (findConfigChanges): reused for the object at the same file and line. */
  known?: Map<string, ConfigSnapshot>,
): void {
  for (const manifest of manifests) {
    const key = idKey(manifest.id);
    if (!isConfigManifest(manifest) || into.has(key)) continue;
    const made = known?.get(key);
    if (made !== undefined && made.file === manifest.file && made.line === manifest.line) {
      into.set(key, { manifest, snapshot: made });
      continue;
    }
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    into.set(key, {
      manifest,
      snapshot: { id: manifest.id, file: manifest.file, line: manifest.line, content },
    });
  }
}
