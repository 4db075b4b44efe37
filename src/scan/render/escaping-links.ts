// Symbolic links that lead out of a directory kustomize reads. A link to `/home/runner/.kube/config`
// (or to a directory above the checkout) lets a kustomization read the runner's files through it.
// One check for every place kustomize reads a tree: a plan's commit checkouts
// (materialize-tree.ts) and the work tree `config-rollout stamp` renders (stamp/).
import { lstatSync } from "node:fs";
import { readlink, realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { UserError } from "../../core/errors.js";

/**
 * Refuse the first of `paths` (relative to `dir`) that is a symbolic link leading out of `dir`
 * (absolute, `..` past its root, or through another link). Paths that are no link, or are not
 * there, are skipped. `where` says which tree it is: `at commit 0123456789ab`, `in the work tree`.
 */
export async function refuseEscapingLinks(
  dir: string,
  paths: readonly string[],
  where: string,
): Promise<void> {
  const top = await realpath(dir);
  const inside = (path: string) => path === top || path.startsWith(top + sep);
  for (const path of paths) {
    const at = join(dir, path);
    // lstat first (synchronous, a few µs): a work tree holds thousands of files and few links.
    let target: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) continue;
      target = await readlink(at);
    } catch {
      continue; // Not written (outside the checkout's scope).
    }
    const lexical = isAbsolute(target) ? target : resolve(dirname(join(top, path)), target);
    const real = await realpath(at).catch(() => lexical);
    if (!inside(lexical) || !inside(real)) {
      throw new UserError(
        `${path} ${where} is a symbolic link to ${JSON.stringify(target)}, outside the repository: a kustomization could read the runner's files through it. Nothing was rendered or applied: replace the link with the file it stands for`,
      );
    }
  }
}
