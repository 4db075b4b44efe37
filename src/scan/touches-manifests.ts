// The scan's first question, asked of the diff alone: may the range touch a manifest at all? The
// common push changes code or docs, not a manifest: it costs the diff and this look, and the rest of
// the scan (scan-changed-manifests.ts, its own bundle in dist/) is never loaded.

import type { OptionNaming } from "../core/option-naming.js";
import type { FileChange, Git } from "../git/git.js";
import { globMatcher } from "./glob-matcher.js";
import type { PathFilter } from "./path-filter.js";
import type { ScanOptions, SourceOptions } from "./scan-model.js";
import { KUSTOMIZATION_FILE_NAMES } from "./sources/kustomization-names.js";

/** The paths a range changes, old and new names alike, once each. */
export function changedPathsOf(files: readonly FileChange[]): string[] {
  return [...new Set(files.flatMap((f) => (f.oldPath ? [f.oldPath, f.path] : [f.path])))];
}

/** Whether the range may change a manifest: a changed path --paths keeps, or a rendered source's input. */
export async function mayTouchManifests(
  git: Git,
  commits: { base: string; head: string },
  changedPaths: string[],
  wanted: PathFilter,
  options: ScanOptions,
): Promise<boolean> {
  if (changedPaths.some((path) => wanted(path))) return true;
  return (
    options.sources !== undefined &&
    (await mayTouchSources(git, commits.base, commits.head, changedPaths, options.sources))
  );
}

/** The files that make a directory a source: kustomizations and Helm charts. */
export const SOURCE_FILE_NAMES = [...KUSTOMIZATION_FILE_NAMES, "Chart.yaml", "Chart.yml"];

/** Look-ups (paths at either commit) the check below makes at most; beyond, the tree is listed. */
const MAX_SOURCE_LOOKUPS = 2000;

/**
 * Whether a range that changes `changedPaths` (none of them a raw manifest) may touch a rendered
 * source, told without listing the tree (at 20,000 files the listing costs more than the diff):
 * - with --render, a path matching --render-paths;
 * - a kustomization or Chart.yaml in a changed path's directory or any directory above it, at
 *   either commit: kustomize reads no file outside its kustomization's directory (its load
 *   restrictor refuses "not in or below"; a directory above is another kustomization), and a
 *   chart's files are under its Chart.yaml;
 * - a --kustomize directory without a kustomization at either commit: the full scan says so.
 * Too many directories to look up counts as touched.
 */
async function mayTouchSources(
  git: Git,
  base: string,
  head: string,
  changedPaths: readonly string[],
  options: Pick<SourceOptions, "kustomize" | "render" | "renderPaths">,
): Promise<boolean> {
  if (changedPaths.length === 0) return false;
  if (options.render !== undefined) {
    const matches = await globMatcher(options.renderPaths, { dot: true });
    if (changedPaths.some((p) => matches(p))) return true;
  }
  const dirs = new Set<string>();
  for (const path of changedPaths) {
    for (let dir = dirOf(path); !dirs.has(dir); dir = dirOf(dir)) {
      dirs.add(dir);
      if (dir === "") break;
    }
  }
  const inDir = (dir: string, names: readonly string[]) =>
    names.map((name) => (dir === "" ? name : `${dir}/${name}`));
  const explicit = options.kustomize.filter((dir) => dir !== "none");
  const lookups = [
    ...new Set([
      ...[...dirs].flatMap((dir) => inDir(dir, SOURCE_FILE_NAMES)),
      ...explicit.flatMap((dir) => inDir(dir, KUSTOMIZATION_FILE_NAMES)),
    ]),
  ];
  if (lookups.length * 2 > MAX_SOURCE_LOOKUPS) return true;
  // Through the reader already open for the commits: no process of its own. A limit of 0 bytes
  // reads past the files, only their presence matters.
  const [atBase, atHead] = await Promise.all([
    git.readFilesUpTo(base, lookups, 0),
    git.readFilesUpTo(head, lookups, 0),
  ]);
  const found = new Set([atBase, atHead].flatMap((read) => [...read.files.keys(), ...read.oversized.keys()]));
  if ([...dirs].some((dir) => inDir(dir, SOURCE_FILE_NAMES).some((p) => found.has(p)))) return true;
  return explicit.some((dir) => !inDir(dir, KUSTOMIZATION_FILE_NAMES).some((p) => found.has(p)));
}

export function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** The report's line for --render when the range touches none of its inputs. */
export function renderNotRunNote(command: string, naming: OptionNaming): string {
  return `render: ${command}: not run, the range touches none of ${naming.option("render-paths")}`;
}
