// Changed files that play no part in a plan: at both commits they parse and hold no config and no
// workload (Services, RBAC, CRD bundles). What a build does to such objects (a name prefix, patches)
// leaves every config and workload as it was, unless something carries values between objects.
import { isConfigOrWorkload } from "../../core/kinds/workload-kinds.js";
import type { Git } from "../../git/git.js";
import { parseManifestFile } from "../manifests/parse-manifest-file.js";

/**
 * Whether each of `paths` is quiet (see above); one read of them at each commit. A file added,
 * deleted or not parsing counts as a change. With `substituted`, the text is substituted before it
 * is built (Flux's postBuild): a `${` in it may write any field, a kind too.
 */
export async function quietChanges(
  git: Git,
  commits: { base: string; head: string },
  paths: readonly string[],
  { substituted = false } = {},
): Promise<Map<string, boolean>> {
  const [atBase, atHead] = await Promise.all([
    git.readFiles(commits.base, paths),
    git.readFiles(commits.head, paths),
  ]);
  const quiet = new Map<string, boolean>();
  for (const path of paths) {
    const none = async (bytes: Buffer | undefined) => holdsNone(path, bytes, substituted);
    quiet.set(path, (await none(atBase.get(path))) && (await none(atHead.get(path))));
  }
  return quiet;
}

async function holdsNone(path: string, bytes: Buffer | undefined, substituted: boolean): Promise<boolean> {
  if (bytes === undefined || (substituted && bytes.includes("${"))) return false;
  const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
  return parsed.problems.length === 0 && !parsed.manifests.some(isConfigOrWorkload);
}
