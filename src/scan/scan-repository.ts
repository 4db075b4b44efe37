// Stage: from two commits to the parsed manifests that matter. Reads only the files the diff touched,
// plus the files at head whose text names a changed config (found with one `git grep`), so the cost
// follows the size of the change, not the size of the repository. Each step has its file:
//   touches-manifests.ts  whether the diff may touch a manifest at all (most pushes: no, and done)
//   scan-changed-manifests.ts  the rest, in order, when the answer is yes:
//     changed-files.ts    the manifests the diff touched, at both commits (the early search starts)
//     render/touched-sources.ts  the sources the range touches, rendered at both commits (as deployed: gitops/)
//     compare-commits.ts  raw and rendered objects, one definition each, compared: the config changes
//     objects-across-files.ts, new-at-base.ts   what files the diff did not touch settle
//     candidates.ts       the consumers of the changes at head
//     configs-at-head.ts  the configs at head, for the restart hash and --apply
import type { Log } from "../core/log.js";
import type { Git } from "../git/git.js";
import { createPathFilter } from "./path-filter.js";
import { scanChangedManifests } from "./scan-changed-manifests.js";
import { nothingRead, type RepositoryScan, type ScanOptions } from "./scan-model.js";
import { changedPathsOf, mayTouchManifests, renderNotRunNote } from "./touches-manifests.js";
import { unreadSubmodules } from "./unread-submodules.js";

export async function scanRepository(
  git: Git,
  base: string,
  head: string,
  options: ScanOptions,
  log: Log,
): Promise<RepositoryScan> {
  options = { ...options, documents: options.documents ?? new Map() };
  // The paths the range touches (git's diff, renames paired; asked once, the scan reuses it).
  const touched = await git.changedFiles(base, head);
  // Which files renderers own is known only after the renders listed both trees: the filter asks then.
  const renderers: { owned?: (path: string) => boolean } = {};
  const wanted = await createPathFilter(
    options,
    options.sources ? (path) => renderers.owned?.(path) === true : undefined,
  );
  // The common push touches no manifest (code, docs): it costs the two trees and nothing else.
  if (!(await mayTouchManifests(git, { base, head }, changedPathsOf(touched), wanted, options))) {
    log.debug(`${touched.length} changed file(s), none a manifest or a rendered source's input`);
    // What the report says of the sources without listing the tree: --render did not run.
    const sources = options.sources;
    return {
      ...nothingRead(sources?.render !== undefined ? [renderNotRunNote(sources.render, sources.naming)] : []),
      sourceWarnings: await unreadSubmodules(touched, options),
    };
  }
  const allChangedFiles = await git.changedFiles(base, head);
  const scan = await scanChangedManifests(
    git,
    { base, head },
    allChangedFiles,
    { wanted, renderers },
    options,
    log,
  );
  return {
    ...scan,
    sourceWarnings: [...scan.sourceWarnings, ...(await unreadSubmodules(allChangedFiles, options))],
  };
}
