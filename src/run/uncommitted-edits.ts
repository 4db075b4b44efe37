// A run compares two commits. Run by hand in a work tree whose manifests were edited and not
// committed, it would say "Nothing changed" of edits the user is looking at: when the head commit
// is HEAD and tracked files a plan reads differ from it, the plan says so. Asked only outside CI
// (a CI checkout has no edits), beside the scan, with one `git status`.
import type { Git } from "../git/git.js";
import { globMatcher } from "../scan/glob-matcher.js";

const MAX_NAMED = 5;
const KUSTOMIZATION = /(^|\/)(kustomization\.ya?ml|Kustomization)$/;

/** The note, or undefined when the work tree holds no uncommitted edit to a file the plan reads. */
export async function uncommittedEditsNote(
  git: Git,
  head: string,
  options: { paths: readonly string[]; exclude: readonly string[] },
): Promise<string | undefined> {
  if (!git.uncommittedPaths || (await git.tryResolveCommit("HEAD")) !== head) return undefined;
  const edited = await git.uncommittedPaths();
  if (edited.length === 0) return undefined;
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true }),
  ]);
  const read = edited.filter((path) => (include(path) || KUSTOMIZATION.test(path)) && !exclude(path)).sort();
  if (read.length === 0) return undefined;
  const more = read.length > MAX_NAMED ? ` and ${read.length - MAX_NAMED} more` : "";
  return `the work tree has uncommitted edits to ${read.length} file(s) this plan reads (${read.slice(0, MAX_NAMED).join(", ")}${more}): the plan compares commits, so they are not in it; commit them to plan from them`;
}
