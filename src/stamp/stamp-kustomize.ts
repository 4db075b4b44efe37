// The stamps of one root kustomization: render it from the work tree, hash what each workload it
// renders reads (configs it renders; hash-suffixed generator output left out: it rolls its
// consumers itself), write them into config-rollout-stamp.yaml in the root's directory, list that
// file under `patches:`, and render again to prove each workload now carries its value (a failed
// proof restores both files and reports the root as unstampable; a value that moves with the stamp
// itself restores them and stops the run).

import { UserError } from "../core/errors.js";
import { field, stringField } from "../core/json-shape.js";
import type { Log } from "../core/log.js";
import { idKey, type Manifest, shortId } from "../core/model.js";
import type { WorkTree } from "../git/work-tree.js";
import type { DeploySettings } from "../scan/gitops/deployed-dirs.js";
import { parseManifests } from "../scan/manifests/parse-manifests.js";
import { isHashSuffixedGenerated } from "../scan/sources/blame.js";
import type { KustomizationFile } from "../scan/sources/kustomization-file.js";
import { applyEdits } from "./annotation-edit.js";
import {
  nameBeforeTransforms,
  ownTransforms,
  type PatchEntry,
  patchesEntryEdits,
  STAMP_PATCH_FILE,
  stampPatchText,
  withoutPatchesEntry,
} from "./kustomize-stamp.js";
import type { StampReport } from "./stamp-report.js";
import { repositoryConfigs, type StampTarget, stampWorkloads } from "./stamp-workloads.js";

interface KustomizeStampContext {
  tree: WorkTree;
  root: KustomizationFile;
  /** The kustomizations the root includes, itself first. */
  included: KustomizationFile[];
  /** Raw workloads of the files the root reads (to find a namespace the root's own replaces). */
  inputWorkloads: Manifest[];
  render(dir: string): Promise<Buffer>;
  defaultNamespace: string;
  key?: Buffer;
  check: boolean;
  log: Log;
  /** The settings of the GitOps object that deploys the root: applied after everything the root does. */
  deployedAs?: DeploySettings;
  /**
   * Set when GitOps objects deploy the root into several namespaces (and otherwise alike): its one
   * value leaves the namespace out; `namespaces` when each names the one it gives (for the report).
   */
  namespaceFree?: { namespaces: string[] | undefined };
  /**
   * --changed-only: the workloads (idKey) whose value changed in the range. The others keep the
   * value they carry (their patch entry is written back unchanged) or get none.
   */
  changed?: ReadonlySet<string>;
  /** Where the first render's parse problems go (the report's). */
  problems?: StampReport["problems"];
}

export async function stampKustomization(ctx: KustomizeStampContext, report: StampReport): Promise<void> {
  const { root } = ctx;
  const label = `kustomize ${root.dir || "."}`;
  let rendered: Manifest[];
  let kustomizationText = (await ctx.tree.read(root.path))?.toString("utf8") ?? "";
  try {
    rendered = await renderManifests({ ...ctx, problems: report.problems }, label);
  } catch (error) {
    // One kustomization that does not build (a leftover, a plugin) does not stop the others.
    if (!(error instanceof UserError)) throw error;
    const recovered = ctx.check ? undefined : await withoutStalePatch(ctx, label, kustomizationText);
    if (!recovered) {
      report.unstampable.push({ what: label, reason: error.message });
      report.notBuilt.push(label);
      return;
    }
    ({ rendered, kustomizationText } = recovered);
  }
  const generators = ctx.included.flatMap((k) => k.generators);
  const contents = repositoryConfigs(rendered);
  const selfRolling = (id: { kind: string; namespace: string; name: string }) =>
    isHashSuffixedGenerated(id, generators);
  const suffixed = rendered.filter((m) => contents.has(idKey(m.id)) && selfRolling(m.id));
  if (suffixed.length > 0) {
    report.notes.push(
      `${label}: ${suffixed.map((m) => shortId(m.id)).join(", ")} carry a generator hash suffix and roll their consumers already: not in the stamps`,
    );
  }
  const stamps = stampWorkloads(rendered, contents, { ...(ctx.key ? { key: ctx.key } : {}), selfRolling });
  for (const u of stamps.unstampable)
    report.unstampable.push({ what: `${label}: ${shortId(u.id)}`, reason: u.reason });
  for (const t of stamps.untouched)
    report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: true });
  for (const t of stamps.targets) {
    if (t.notInRepo.length > 0)
      report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: false });
  }
  const targets = ctx.changed ? changedOnly(stamps.targets, ctx.changed) : stamps.targets;
  if (targets.length === 0) return;
  const own = ownTransforms(kustomizationText);
  const entries = targets.map((t) => patchEntry(t, rendered, own, ctx));
  const patchPath = root.dir ? `${root.dir}/${STAMP_PATCH_FILE}` : STAMP_PATCH_FILE;
  const patchText = stampPatchText(entries);
  const oldPatch = (await ctx.tree.read(patchPath))?.toString("utf8");
  const kustomizationEdits = patchesEntryEdits(kustomizationText);
  const stale = targets.filter((t) => t.current !== t.hash);
  for (const t of stale) {
    report.changes.push({
      workload: t.id,
      ...(ctx.namespaceFree?.namespaces ? { namespaces: ctx.namespaceFree.namespaces } : {}),
      file: patchPath,
      origin: label,
      ...(t.current ? { old: t.current } : {}),
      new: t.hash,
      covers: t.covers,
    });
  }
  report.current += targets.length - stale.length;
  if (ctx.check || (stale.length === 0 && kustomizationEdits.length === 0)) return;
  if (oldPatch !== patchText) await ctx.tree.write(patchPath, patchText);
  if (kustomizationEdits.length > 0) {
    await ctx.tree.write(root.path, applyEdits(kustomizationText, kustomizationEdits));
  }
  const problem = await proof(ctx, label, targets);
  if (problem === undefined) {
    if (oldPatch !== patchText) report.filesWritten.push(patchPath);
    if (kustomizationEdits.length > 0) report.filesWritten.push(root.path);
    return;
  }
  // Put both files back as they were: a stamp kustomize cannot apply is worse than none.
  await ctx.tree.write(root.path, kustomizationText);
  if (oldPatch === undefined) await ctx.tree.remove(patchPath);
  else await ctx.tree.write(patchPath, oldPatch);
  if (typeof problem !== "string") throw new UserError(problem.selfReferencing);
  report.changes = report.changes.filter((c) => c.origin !== label);
  report.unstampable.push({ what: label, reason: problem });
}

/** --changed-only: a changed workload takes its new value; another keeps the one it carries, if any. */
function changedOnly(targets: readonly StampTarget[], changed: ReadonlySet<string>): StampTarget[] {
  return targets.flatMap((t) => {
    if (changed.has(idKey(t.id))) return [t];
    return t.current === undefined ? [] : [{ ...t, hash: t.current }];
  });
}

async function renderManifests(ctx: KustomizeStampContext, label: string): Promise<Manifest[]> {
  const text = await ctx.render(ctx.root.dir);
  const parsed = parseManifests(label, text, { defaultNamespace: ctx.defaultNamespace });
  ctx.problems?.push(...parsed.problems);
  // Deployed into several namespaces: hashed as each of them (stamp-workloads.ts namespaceFree).
  const placed = (m: Manifest) =>
    ctx.namespaceFree && m.id.namespace !== "" ? { namespaceByDeployment: true as const } : {};
  return parsed.manifests.map((m) => ({ ...m, origin: label, ...placed(m) }));
}

/** The patch for one rendered workload, named as the root's own patches see it. */
function patchEntry(
  target: StampTarget,
  rendered: readonly Manifest[],
  own: ReturnType<typeof ownTransforms>,
  ctx: KustomizeStampContext,
): PatchEntry {
  const object = rendered.find((m) => idKey(m.id) === idKey(target.id))?.object;
  const apiVersion = stringField(object, "apiVersion") ?? "apps/v1";
  // The GitOps object's prefix and suffix go around the root's own.
  const outer = {
    namePrefix: ctx.deployedAs?.namePrefix ?? "",
    nameSuffix: ctx.deployedAs?.nameSuffix ?? "",
  };
  const name = nameBeforeTransforms(nameBeforeTransforms(target.id.name, outer), own);
  const renderedNamespace = stringField(field(object, "metadata"), "namespace");
  let namespace: string | undefined = renderedNamespace;
  if (own.namespace !== undefined || ctx.deployedAs?.namespace !== undefined) {
    // The root sets the namespace after its patches: target the namespace it had before.
    const nearest = ctx.included.slice(1).find((k) => k.namespace !== undefined)?.namespace;
    const raw = ctx.inputWorkloads.find((m) => m.id.kind === target.id.kind && name.endsWith(m.id.name));
    namespace = nearest ?? (raw && !raw.namespaceAssumed ? raw.id.namespace : undefined);
  }
  return { apiVersion, kind: target.id.kind, name, ...(namespace ? { namespace } : {}), hash: target.hash };
}

/**
 * Renders the root again: undefined when every target carries its value and the value recomputed
 * from the new render is the same, else what went wrong (selfReferencing: the run stops, exit 2).
 */
async function proof(
  ctx: KustomizeStampContext,
  label: string,
  targets: StampTarget[],
): Promise<string | { selfReferencing: string } | undefined> {
  let rendered: Manifest[];
  try {
    rendered = await renderManifests(ctx, label);
  } catch (error) {
    return `kustomize cannot apply the generated ${STAMP_PATCH_FILE} (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); nothing was written`;
  }
  const again = stampWorkloads(rendered, repositoryConfigs(rendered), {
    ...(ctx.key ? { key: ctx.key } : {}),
    selfRolling: (id) =>
      isHashSuffixedGenerated(
        id,
        ctx.included.flatMap((k) => k.generators),
      ),
  });
  // The hash recomputed from what kustomize renders now: a config whose content moved with the
  // stamp (a generator reading the stamp's own file, however indirectly) would never be current.
  const moved = targets.filter((t) => {
    const a = again.targets.find((x) => idKey(x.id) === idKey(t.id));
    return a !== undefined && a.hash !== t.hash && a.current === t.hash;
  });
  if (moved.length > 0) {
    return {
      selfReferencing: `${label}: the config of ${moved.map((t) => shortId(t.id)).join(", ")} changes with the stamp itself (recomputed after writing ${STAMP_PATCH_FILE}, the hash differs): each stamp would need another, a commit loop in CI. Nothing was written: let no generator or replacement read ${STAMP_PATCH_FILE}`,
    };
  }
  const missing = targets.filter(
    (t) => again.targets.find((a) => idKey(a.id) === idKey(t.id))?.current !== t.hash,
  );
  if (missing.length === 0) return undefined;
  ctx.log.debug(`${label}: after stamping, ${missing.map((t) => t.id.name).join(", ")} still lack the value`);
  return `the generated ${STAMP_PATCH_FILE} did not reach ${missing.map((t) => shortId(t.id)).join(", ")}; nothing was written`;
}

/**
 * A root that does not build while it lists the generated patch: most often the patch names a
 * workload that was removed or renamed since. Rendered once more without that entry; when that
 * builds, the stamp goes on from there (and writes the entry back with a fresh patch). The file is
 * put back as it was when it still does not build.
 */
async function withoutStalePatch(
  ctx: KustomizeStampContext,
  label: string,
  kustomizationText: string,
): Promise<{ rendered: Manifest[]; kustomizationText: string } | undefined> {
  const without = withoutPatchesEntry(kustomizationText);
  if (without === undefined) return undefined;
  await ctx.tree.write(ctx.root.path, without);
  try {
    const rendered = await renderManifests(ctx, label);
    ctx.log.info(`${label}: did not build with the old ${STAMP_PATCH_FILE} listed; regenerating it`);
    return { rendered, kustomizationText: without };
  } catch (error) {
    await ctx.tree.write(ctx.root.path, kustomizationText);
    if (error instanceof UserError) return undefined;
    throw error;
  }
}
