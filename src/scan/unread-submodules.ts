// A submodule's files belong to another repository: the diff shows a bumped submodule as one
// changed entry (a gitlink, mode 160000) and config-rollout reads nothing inside it. A plan that
// finds "no changes" while a submodule that may hold manifests moved would be a silent wrong
// answer, so each such entry is a warning that says what was not read and why. The modes come
// with the changes the scan already has (the trees' entries, or the diff): no git command.

import { shortSha } from "../core/commit-sha.js";
import type { FileChange } from "../git/git.js";
import { globMatcher } from "./glob-matcher.js";
import type { SourceWarning } from "./sources/source-warning.js";

/** One warning per changed submodule inside which a --paths glob could match a file (not --exclude'd). */
export async function unreadSubmodules(
  changes: readonly FileChange[],
  options: { paths: readonly string[]; exclude: readonly string[] },
): Promise<SourceWarning[]> {
  const submodules = changes.filter((f) => f.submodule !== undefined);
  if (submodules.length === 0 || options.paths.length === 0) return [];
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true }),
  ]);
  const probes = probeNames(options.paths);
  return submodules
    .filter((f) =>
      probes.some((name) => {
        const path = `${f.path}/${name}`;
        return include(path) && !exclude(path);
      }),
    )
    .map((f) => ({ file: f.path, message: describe(f), unread: "submodule, another repository" }));
}

/**
 * Names a file inside a submodule could have for the globs to match it, one and two directories
 * down: each glob's last segment with its wildcards filled in (`*.yaml` -> `x.yaml`).
 */
function probeNames(globs: readonly string[]): string[] {
  const names = globs.map((glob) =>
    (glob.split("/").at(-1) ?? "")
      .replace(/\{([^,}]*)[^}]*\}/g, "$1")
      .replace(/\[([^\]])[^\]]*\]/g, "$1")
      .replace(/[*?]+/g, "x"),
  );
  return [...new Set(names.filter((name) => name !== ""))].flatMap((name) => [name, `x/${name}`]);
}

function describe(change: FileChange): string {
  const { from, to } = change.submodule ?? {};
  const what =
    from !== undefined && to !== undefined
      ? `moved from ${shortSha(from)} to ${shortSha(to)}`
      : to !== undefined
        ? `was added at ${shortSha(to)}`
        : "was removed";
  return `submodule ${what}: its files belong to another repository and are not read, so a manifest that changed inside it is not in this plan (apply and restart for it from that repository, or --exclude this path)`;
}
