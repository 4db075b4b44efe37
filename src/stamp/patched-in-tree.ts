// The Flux Kustomizations of the work tree that a parent Kustomization's spec.patches patch, as the
// parent deploys them (scan/gitops/parent-patches.ts): the parent's directory built by kustomize in
// the work tree (its overlay in a scratch directory), as a plan builds it at a commit
// (scan/gitops/patched-children.ts). So stamp hashes a child's folder with the substitution the
// plan, and --strategy gitops, see. Where the build cannot tell, a note says so and the children
// are read as written.
import type { Manifest } from "../core/model.js";
import type { WorkTree } from "../git/work-tree.js";
import { deploymentsOf } from "../scan/gitops/deployed-dirs.js";
import { asPatched, deploysPath, patchingParents } from "../scan/gitops/parent-patches.js";
import {
  childrenAsBuilt,
  NO_KUSTOMIZE_WHY,
  type ParentBuildEnv,
  whyNotBuilt,
} from "../scan/gitops/patched-children.js";
import { findKustomize } from "../scan/render/kustomize.js";

export function patchedInTree(
  tree: WorkTree,
  env: ParentBuildEnv,
  note: (message: string) => void,
): (objects: readonly Manifest[]) => Promise<Manifest[]> {
  return async (objects) => {
    const deployments = objects.flatMap((m) =>
      deploymentsOf([m.object]).map((d) => ({ ...d, file: m.file })),
    );
    const parents = patchingParents(deployments);
    if (parents.length === 0) return [...objects];
    const binary = await findKustomize(env.pathDirs);
    return tree.withScratch(async (home) => {
      let deployed = [...objects];
      for (const parent of parents) {
        const built =
          whyNotBuilt(parent, env) ??
          (binary
            ? await childrenAsBuilt(
                { ...env, binary, home },
                { tree: tree.dir, commit: "work tree", cwd: home, generate: false },
                parent,
              )
            : NO_KUSTOMIZE_WHY);
        if (typeof built === "string") {
          note(
            `${parent.by} (${parent.file}) patches the Flux Kustomizations it deploys from ${parent.dir} (spec.patches), and ${built}: they are stamped as written, without what the patches add`,
          );
          continue;
        }
        deployed = deployed.map((m) =>
          deploysPath(parent, m.file)
            ? { ...m, object: asPatched([m.object], built.get(m.file), parent)[0]! }
            : m,
        );
      }
      return deployed;
    });
  };
}
