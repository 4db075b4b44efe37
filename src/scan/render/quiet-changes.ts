// Changed files that play no part in a plan: at both commits they parse and hold no config and no
// workload (Services, RBAC, CRD bundles). What a build does to such objects (a name prefix, patches)
// leaves every config and workload as it was, unless something carries values between objects.
import { isConfigOrWorkload } from "../../core/kinds/workload-kinds.js";
import type { Git } from "../../git/git.js";
import { parseManifestFile } from "../manifests/parse-manifest-file.js";

interface QuietOptions {
  /** The text is substituted before it is built (Flux's postBuild): a `${` may write any field, a kind too. */
  substituted?: boolean;
  /** A larger file counts as a change, unread: parsing it may cost more than what the answer saves. */
  maxBytes?: number;
}

/**
 * Whether each of `paths` is quiet (see above); one read of them at each commit. A file added,
 * deleted or not parsing counts as a change.
 */
export async function quietChanges(
  git: Git,
  commits: { base: string; head: string },
  paths: readonly string[],
  options: QuietOptions = {},
): Promise<Map<string, boolean>> {
  const quiet = new Map<string, boolean>();
  const test = await quietTest(git, commits, paths, options);
  for (const path of paths) quiet.set(path, await test(path));
  return quiet;
}

/** How many files allQuiet reads at a time. */
const QUIET_BATCH = 8;

/**
 * Whether every one of `paths` is quiet, read a few at a time: a range that changes configs is told
 * by its first files, without reading the rest (the raw read reads them all already).
 */
export async function allQuiet(
  git: Git,
  commits: { base: string; head: string },
  paths: readonly string[],
  options: QuietOptions = {},
): Promise<boolean> {
  for (let at = 0; at < paths.length; at += QUIET_BATCH) {
    const batch = paths.slice(at, at + QUIET_BATCH);
    const test = await quietTest(git, commits, batch, options);
    for (const path of batch) if (!(await test(path))) return false;
  }
  return true;
}

async function quietTest(
  git: Git,
  commits: { base: string; head: string },
  paths: readonly string[],
  { substituted = false, maxBytes = Number.POSITIVE_INFINITY }: QuietOptions,
): Promise<(path: string) => Promise<boolean>> {
  const read = (rev: string) => git.readFilesUpTo(rev, paths, maxBytes).then((r) => r.files);
  const [atBase, atHead] = await Promise.all([read(commits.base), read(commits.head)]);
  return async (path) =>
    (await holdsNone(path, atBase.get(path), substituted)) &&
    (await holdsNone(path, atHead.get(path), substituted));
}

async function holdsNone(path: string, bytes: Buffer | undefined, substituted: boolean): Promise<boolean> {
  if (bytes === undefined || (substituted && bytes.includes("${"))) return false;
  const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
  return parsed.problems.length === 0 && !parsed.manifests.some(isConfigOrWorkload);
}
