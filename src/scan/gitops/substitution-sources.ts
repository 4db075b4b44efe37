// A Flux Kustomization's postBuild.substituteFrom reads variables from ConfigMaps in its namespace
// (a `cluster-settings` map beside the GitOps objects is the common layout). When the range changes
// such a ConfigMap, every directory substituting from it is deployed with other values though no
// file in it changed: each becomes a settings change (settings-changes.ts) whose variables are the
// map's data at each commit, then the object's own postBuild.substitute (which take precedence, as
// in Flux). Secrets are not read for this (their values are often encrypted, and would then differ
// at every re-encryption): their variables stay as written at both commits, and a changed one is
// named in a warning. So is a changed ConfigMap under --strategy gitops: that strategy checks the
// values `stamp` wrote, and stamp hashes the folders with such variables as written.
import { field, isRecord, stringField } from "../../core/json-shape.js";
import type { ConfigChange, Manifest } from "../../core/model.js";
import type { Git } from "../../git/git.js";
import type { SourceWarning } from "../sources/source-warning.js";
import { type Deployment, type DeploySettings, deploymentsOf } from "./deployed-dirs.js";
import { gitopsObjectsNaming } from "./find-deployments.js";
import type { SettingsChange } from "./settings-changes.js";

interface ChangedConfigs {
  head: string;
  /** Every object read at each commit, raw and rendered: where the maps' data is found. */
  allBase: readonly Manifest[];
  allHead: readonly Manifest[];
  changes: readonly ConfigChange[];
  /** The namespace of a Flux Kustomization that names none. */
  defaultNamespace: string;
  /** Whether ConfigMaps are read for their values; else they are named in a warning, as Secrets are. */
  readsMaps: boolean;
  /** An explicit --paths: only the GitOps objects in the files it matches. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
}

const VARIABLE_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/**
 * The deployments that substitute from a changed ConfigMap, with the variables of each commit, and
 * a warning for each that substitutes from a changed Secret.
 */
export async function substitutionChanges(
  git: Git,
  ctx: ChangedConfigs,
): Promise<{ changes: SettingsChange[]; warnings: SourceWarning[] }> {
  const changes: SettingsChange[] = [];
  const warnings: SourceWarning[] = [];
  if (ctx.changes.length === 0) return { changes, warnings };
  const names = [...new Set(ctx.changes.map((c) => c.id.name))];
  const search = { head: ctx.head, ...(ctx.paths ? { paths: ctx.paths } : {}) };
  const objects = await gitopsObjectsNaming(git, search, "substituteFrom", names);
  for (const { object } of objects) {
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
    if (!ctx.readsMaps) {
      const why = "with --strategy gitops its values are not substituted (`stamp` does not read them)";
      warnings.push(unreadWarning(changed, deployments, why));
      continue;
    }
    const varsAt = (all: readonly Manifest[]) => {
      const vars: Record<string, string> = {};
      for (const ref of refs) {
        const map = all.find(
          (m) => m.id.kind === ref.kind && m.id.name === ref.name && m.id.namespace === namespace,
        );
        const data = field(map?.object, "data");
        if (!isRecord(data)) continue;
        // Flux drops the newlines of a value, as it does for postBuild.substitute.
        for (const [key, value] of Object.entries(data))
          if (typeof value === "string" && VARIABLE_NAME.test(key)) vars[key] = value.replaceAll("\n", "");
      }
      return vars;
    };
    const [before, after] = [varsAt(ctx.allBase), varsAt(ctx.allHead)];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    for (const d of deployments) {
      // The object's own variables win over the maps'; the rest of its substitution is as it says.
      const substitute = d.settings.substitute!;
      const withVars = (vars: Record<string, string>): DeploySettings => ({
        ...d.settings,
        substitute: { ...substitute, vars: { ...vars, ...substitute.vars } },
      });
      changes.push({
        dir: d.dir,
        by: d.by,
        base: withVars(before),
        head: withVars(after),
        file: changed.file,
      });
    }
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
