// kustomize build of a directory as a GitOps object deploys it (scan/gitops/deployment-overlay.ts):
// through an overlay carrying the object's settings, then Flux's postBuild substitution. The plan's
// renders and the stamp's use this one function, so both see the same objects.

import { type KustomizeRun, kustomizeBuild } from "../render/kustomize.js";
import type { DeploySettings } from "./deployed-dirs.js";
import { deploymentOverlay, needsOverlay, substituteVariables } from "./deployment-overlay.js";

interface DeployedAs {
  settings: DeploySettings;
  /** Where the overlay is written, relative to `cwd` (default: the tree). */
  overlayDir: string;
  cwd?: string;
  /** Filled with the variables substitution leaves as written (their source is not read). */
  kept?: Set<string>;
}

export async function buildDeployed(
  run: KustomizeRun,
  treeDir: string,
  dir: string,
  commit: string,
  as: DeployedAs | undefined,
  signal?: AbortSignal,
): Promise<Buffer> {
  const settings = as?.settings;
  const overlay =
    as && settings && needsOverlay(settings)
      ? {
          dir: as.overlayDir,
          kustomization: (toTree: string) => deploymentOverlay(dir, settings, toTree),
          ...(as.cwd !== undefined ? { cwd: as.cwd } : {}),
        }
      : undefined;
  const output = await kustomizeBuild(run, treeDir, dir, commit, signal, overlay);
  // Flux substitutes after the build, before anything is applied (or parsed here).
  return settings?.substitute
    ? Buffer.from(substituteVariables(output.toString("utf8"), settings.substitute, as?.kept))
    : output;
}
