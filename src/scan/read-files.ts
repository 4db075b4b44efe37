// Reading and parsing manifest files at a commit: bytes up to --max-file-size, parsed in path order.

import { isConfigOrWorkload } from "../core/kinds/workload-kinds.js";
import type { Manifest, ManifestProblem } from "../core/model.js";
import type { Git } from "../git/git.js";
import { inDeployedNamespace } from "./gitops/deployed-namespaces.js";
import type { ParsedManifests } from "./manifests/manifest-reader.js";
import { parseManifestDocuments } from "./manifests/parse-documents.js";
import type { ScanOptions } from "./scan-model.js";

/** The files' bytes; files over --max-file-size are never held in memory, only listed in `oversized`. */
export async function readBytes(
  git: Git,
  rev: string,
  paths: string[],
  options: ScanOptions,
  oversized: Map<string, number>,
): Promise<Map<string, Buffer>> {
  if (paths.length === 0) return new Map();
  const read = await git.readFilesUpTo(rev, paths, options.maxFileSize);
  for (const [path, size] of read.oversized) oversized.set(path, size);
  return read.files;
}

/** Files read beyond the changed ones (consumers, configs): an oversized one is reported on its own. */
export async function readManifests(
  git: Git,
  rev: string,
  paths: string[],
  options: ScanOptions,
  problems: ManifestProblem[],
): Promise<Manifest[]> {
  const oversized = new Map<string, number>();
  const files = await readBytes(git, rev, paths, options, oversized);
  for (const [path, size] of oversized)
    problems.push(oversizedCandidateProblem(path, size, options.maxFileSize));
  return parseFiles(paths, files, options, problems);
}

export function oversizedCandidateProblem(path: string, size: number, maxFileSize: number): ManifestProblem {
  return {
    file: path,
    line: 1,
    col: 1,
    severity: "warning",
    unread: "over --max-file-size",
    message: `not read: ${size} bytes is over --max-file-size ${maxFileSize} (a consumer defined there is not seen)`,
  };
}

/**
 * Parse in order, yielding to the event loop between files: parsing is synchronous, and a git
 * command started just before (the early grep) is only spawned, and then runs on another core,
 * once this process gets back to its event loop.
 */
export async function parseFiles(
  paths: string[],
  files: Map<string, Buffer>,
  options: ScanOptions,
  problems: ManifestProblem[],
): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  for (const path of paths) {
    await new Promise((resolve) => setImmediate(resolve));
    const bytes = files.get(path);
    if (bytes === undefined) continue;
    const parsed = await parseWithOptions(path, bytes, options);
    manifests.push(...parsed.manifests);
    problems.push(...parsed.problems);
  }
  return manifests;
}

export async function parseWithOptions(
  path: string,
  bytes: Buffer,
  options: ScanOptions,
): Promise<ParsedManifests> {
  const parsed = await parseManifestDocuments(
    path,
    bytes,
    { defaultNamespace: options.defaultNamespace },
    options.documents ?? new Map(),
  );
  if (!options.namespaceOf || !parsed.manifests.some(isConfigOrWorkload)) return parsed;
  const namespaceOf = await options.namespaceOf();
  if (!namespaceOf) return parsed;
  return { ...parsed, manifests: inDeployedNamespace(parsed.manifests, namespaceOf) };
}
