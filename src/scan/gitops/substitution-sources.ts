// A Flux Kustomization's postBuild.substituteFrom reads variables from ConfigMaps in its namespace
// (a `cluster-settings` map beside the GitOps objects is the common layout). When the range changes
// such a ConfigMap, every directory substituting from it is deployed with other values though no
// file in it changed: each becomes a settings change (settings-changes.ts), built at both commits
// with the map's values at each (substitution-maps.ts). Secrets are not read for this (their values
// are often encrypted, and would then differ at every re-encryption): their variables stay as
// written at both commits, and a changed one is named in a warning.
import { field, stringField } from "../../core/json-shape.js";
import type { ConfigChange } from "../../core/model.js";
import type { Git } from "../../git/git.js";
import type { SourceWarning } from "../sources/source-warning.js";
import { type Deployment, deploymentsOf } from "./deployed-dirs.js";
import { gitopsObjectsNaming } from "./find-deployments.js";
import type { ParentBuildEnv } from "./patched-children.js";
import type { SettingsChange } from "./settings-changes.js";

interface ChangedConfigs {
  head: string;
  changes: readonly ConfigChange[];
  /** The namespace of a Flux Kustomization that names none. */
  defaultNamespace: string;
  /** An explicit --paths: only the GitOps objects in the files it matches. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
  /** A Kustomization a parent's spec.patches patch is read as deployed (patched-children.ts). */
  asDeployed?: ParentBuildEnv;
}

/**
 * The deployments that substitute from a changed ConfigMap, to build again at both commits, and a
 * warning for each that substitutes from a changed Secret.
 */
export async function substitutionChanges(
  git: Git,
  ctx: ChangedConfigs,
): Promise<{ changes: SettingsChange[]; warnings: SourceWarning[] }> {
  const changes: SettingsChange[] = [];
  const warnings: SourceWarning[] = [];
  if (ctx.changes.length === 0) return { changes, warnings };
  const names = [...new Set(ctx.changes.map((c) => c.id.name))];
  const search = {
    head: ctx.head,
    ...(ctx.paths ? { paths: ctx.paths } : {}),
    ...(ctx.asDeployed ? { asDeployed: ctx.asDeployed } : {}),
  };
  const objects = await gitopsObjectsNaming(git, search, "substituteFrom", names);
  for (const { file, object } of objects) {
    // Read with the object's other settings (deployed-dirs.ts): only a Flux Kustomization's hold them.
    const deployments = deploymentsOf([object]);
    const refs = deployments[0]?.settings.substitute?.from ?? [];
    if (refs.length === 0) continue;
    const namespace = stringField(field(object, "metadata"), "namespace") ?? ctx.defaultNamespace;
    const changedOf = (kind: string) =>
      ctx.changes.find(
        (c) =>
          c.id.kind === kind &&
          c.id.namespace === namespace &&
          refs.some((ref) => ref.kind === kind && ref.name === c.id.name),
      );
    const secret = changedOf("Secret");
    if (secret) warnings.push(unreadWarning(secret, deployments, "a Secret's values are not read for this"));
    const changed = changedOf("ConfigMap");
    if (changed === undefined) continue;
    // Built again at both commits; substitution-maps.ts gives each commit the map's values.
    for (const d of deployments)
      changes.push({ dir: d.dir, by: d.by, base: d.settings, file: changed.file, object: file });
  }
  return { changes, warnings };
}

/** A changed config `deployments` (one object's, at least one) substitute from, unread (`why`). */
function unreadWarning(config: ConfigChange, deployments: Deployment[], why: string): SourceWarning {
  const by = deployments[0]!.by;
  const dirs = deployments.map((d) => d.dir || ".").join(", ");
  return {
    file: config.file,
    message: `${config.id.kind.toLowerCase()}/${config.id.name} (namespace ${config.id.namespace}) changed and ${by} substitutes from it (postBuild.substituteFrom) into ${dirs}: ${why}, so what they change there is not in this plan`,
  };
}
