// Stage: from two commits to the parsed manifests that matter. Reads only the files the diff touched,
// plus the files at head whose text names a changed config (found with one `git grep`), so the cost
// follows the size of the change, not the size of the repository.
import picomatch from "picomatch";
import type { FileChange, Git } from "./git/git.js";
import type { Log } from "./log.js";
import { findConfigChanges } from "./manifests/config-changes.js";
import { configContentOf, isConfigManifest } from "./manifests/config-content.js";
import { parseManifests } from "./manifests/parse-manifests.js";
import {
  type ConfigChange,
  type ConfigSnapshot,
  idKey,
  type Manifest,
  type ManifestProblem,
  type ObjectId,
} from "./model.js";
import { configNamesToFind } from "./plan/build-plan.js";
import { podTemplateOf } from "./plan/workloads.js";

export interface ScanOptions {
  paths: string[];
  exclude: string[];
  defaultNamespace: string;
  maxFileSize: number;
}

/** A config as committed at head: its content, and the manifest (for --apply). */
export interface HeadConfig {
  snapshot: ConfigSnapshot;
  manifest: Manifest;
}

export interface RepositoryScan {
  changedFiles: FileChange[];
  changes: ConfigChange[];
  /** Workload manifests at head that may consume a changed config. */
  workloads: Manifest[];
  /** idKeys of workloads that did not exist at base. */
  newWorkloadIds: Set<string>;
  /** Configs at head, by idKey: the changed ones and any others read on the way. */
  headConfigs: Map<string, HeadConfig>;
  problems: ManifestProblem[];
}

export function createPathFilter(options: Pick<ScanOptions, "paths" | "exclude">): (path: string) => boolean {
  const include = picomatch(options.paths, { dot: true });
  const exclude = options.exclude.length > 0 ? picomatch(options.exclude, { dot: true }) : () => false;
  return (path) => include(path) && !exclude(path);
}

export async function scanRepository(
  git: Git,
  base: string,
  head: string,
  options: ScanOptions,
  log: Log,
): Promise<RepositoryScan> {
  const wanted = createPathFilter(options);
  const changedFiles = (await git.changedFiles(base, head)).filter(
    (f) => wanted(f.path) || (f.oldPath !== undefined && wanted(f.oldPath)),
  );
  const basePaths = changedFiles.filter((f) => f.status !== "A").map((f) => f.oldPath ?? f.path);
  const headPaths = changedFiles.filter((f) => f.status !== "D").map((f) => f.path);
  log.debug(`${changedFiles.length} changed manifest file(s)`);

  const problems: ManifestProblem[] = [];
  const read = (rev: string, paths: string[]) => readManifests(git, rev, paths, options, problems);
  const [baseManifests, headManifests] = [await read(base, basePaths), await read(head, headPaths)];
  const found = findConfigChanges(baseManifests, headManifests);
  problems.push(...found.problems);

  // Unchanged files are the same at both commits, so a workload in one cannot be new; only the
  // files the diff touched can introduce a workload.
  const baseIds = new Set(baseManifests.map((m) => idKey(m.id)));
  const newWorkloadIds = new Set(
    headManifests.filter((m) => podTemplateOf(m.object) && !baseIds.has(idKey(m.id))).map((m) => idKey(m.id)),
  );

  const consumedNames = configNamesToFind(found.changes.filter((c) => c.status !== "added"));
  const candidates = await findCandidateFiles(git, head, consumedNames, new Set(headPaths), wanted);
  const candidateManifests = await read(head, candidates);
  const all = [...headManifests, ...candidateManifests];
  const workloads = all.filter((m) => podTemplateOf(m.object) !== undefined);

  const headConfigs = new Map<string, HeadConfig>();
  // Content problems of changed configs were reported by findConfigChanges already.
  collectConfigs(all, headConfigs, []);
  return { changedFiles, changes: found.changes, workloads, newWorkloadIds, headConfigs, problems };
}

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
): Promise<Map<string, HeadConfig>> {
  const missing = ids.filter((id) => !known.has(idKey(id)));
  if (missing.length === 0) return known;
  const wanted = createPathFilter(options);
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

function collectConfigs(
  manifests: Manifest[],
  into: Map<string, HeadConfig>,
  problems: ManifestProblem[],
): void {
  for (const manifest of manifests) {
    if (!isConfigManifest(manifest) || into.has(idKey(manifest.id))) continue;
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    into.set(idKey(manifest.id), {
      manifest,
      snapshot: { id: manifest.id, file: manifest.file, line: manifest.line, content },
    });
  }
}

/** Files at `rev` (other than those already read) whose text mentions one of `names`. */
async function findCandidateFiles(
  git: Git,
  rev: string,
  names: string[],
  alreadyRead: Set<string>,
  wanted: (path: string) => boolean,
): Promise<string[]> {
  if (names.length === 0) return [];
  const hits = await git.grepFiles(rev, names);
  return hits.filter((path) => !alreadyRead.has(path) && wanted(path));
}

async function readManifests(
  git: Git,
  rev: string,
  paths: string[],
  options: ScanOptions,
  problems: ManifestProblem[],
): Promise<Manifest[]> {
  if (paths.length === 0) return [];
  const files = await git.readFiles(rev, paths);
  const manifests: Manifest[] = [];
  for (const path of paths) {
    const bytes = files.get(path);
    if (bytes === undefined) continue;
    if (bytes.length > options.maxFileSize) {
      problems.push({
        file: path,
        line: 1,
        col: 1,
        severity: "warning",
        message: `skipped: ${bytes.length} bytes is over --max-file-size ${options.maxFileSize}`,
      });
      continue;
    }
    const parsed = parseManifests(path, bytes, { defaultNamespace: options.defaultNamespace });
    manifests.push(...parsed.manifests);
    problems.push(...parsed.problems);
  }
  return manifests;
}
