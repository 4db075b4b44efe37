// Step: the configs at head. Those the scan read on the way (their content taken from the snapshots
// made when comparing), and later the ones a restarted workload consumes without them having
// changed (their content enters its hash), found with one `git grep` for their names.

import { configContentOf, isConfigManifest } from "../core/config-content.js";
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
  /** Folders GitOps objects deploy (RepositoryScan.deployedDirs). */
  deployedDirs: readonly string[] = [],
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
    undefined,
    deployedDirs,
  );
  return known;
}

export function collectConfigs(
  manifests: Manifest[],
  into: Map<string, HeadConfig>,
  problems: ManifestProblem[],
  /** Snapshots made already (findConfigChanges): reused for the object at the same file and line. */
  known?: Map<string, ConfigSnapshot>,
  /** Folders GitOps objects deploy: how a workload picks among raw definitions in several files. */
  deployedDirs: readonly string[] = [],
): void {
  const snapshotOf = (manifest: Manifest): ConfigSnapshot => {
    const made = known?.get(idKey(manifest.id));
    if (made !== undefined && made.file === manifest.file && made.line === manifest.line) return made;
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    return { id: manifest.id, file: manifest.file, line: manifest.line, content };
  };
  for (const manifest of manifests) {
    const key = idKey(manifest.id);
    if (!isConfigManifest(manifest)) continue;
    const present = into.get(key);
    if (present === undefined) {
      into.set(key, { manifest, snapshot: snapshotOf(manifest) });
      continue;
    }
    // Another raw definition (per-cluster folders): kept for the workloads that read it.
    if (manifest.origin !== undefined || present.manifest.origin !== undefined) continue;
    const definitions = present.folders?.definitions ?? [present.snapshot];
    if (definitions.some((d) => d.file === manifest.file && d.line === manifest.line)) continue;
    present.folders = { definitions: [...definitions, snapshotOf(manifest)], deployedDirs };
  }
}
