// `stamp --changed-only` for kustomize roots: render each root at the --base and --head commits
// (each in its own temporary checkout, with the plan's entry and symlink checks first) and keep the
// workloads whose value differs between the two. The others keep the value they carry (or get none).

import { shortSha } from "../core/commit-sha.js";
import { UserError } from "../core/errors.js";
import { idKey } from "../core/model.js";
import type { Git } from "../git/git.js";
import { buildDeployed } from "../scan/gitops/deployed-build.js";
import type { Deployment, DeploySettings } from "../scan/gitops/deployed-dirs.js";
import { overlayDir } from "../scan/gitops/deployment-overlay.js";
import { findSettingsChanges, withSettingsAtBase } from "../scan/gitops/settings-changes.js";
import { withMaps } from "../scan/gitops/substitution-maps.js";
import { parseManifests } from "../scan/manifests/parse-manifests.js";
import { checkoutScope } from "../scan/render/checkout-scope.js";
import { KustomizeBuildError, type KustomizeRun, secretQuietness } from "../scan/render/kustomize.js";
import { createCommitTrees } from "../scan/render/materialize-tree.js";
import { findExecutable } from "../scan/render/renderer-environment.js";
import { isHashSuffixedGenerated } from "../scan/sources/blame.js";
import { type KustomizationFile, readKustomizationFile } from "../scan/sources/kustomization-file.js";
import { KUSTOMIZATION_FILE_NAMES } from "../scan/sources/kustomization-names.js";
import { type EntryRules, refusedEntries, withPresentPaths } from "../scan/sources/kustomize-entries.js";
import { buildKustomizeGraph, kustomizationsUnder } from "../scan/sources/kustomize-graph.js";
import { repositoryConfigs, stampWorkloads } from "./stamp-workloads.js";

interface ChangedRootsContext {
  git: Git;
  base: string;
  head: string;
  roots: readonly string[];
  /** kustomize as the work-tree stamp runs it, minus HOME (a scratch one per checkout). */
  run: Omit<KustomizeRun, "home" | "quiet">;
  rules: EntryRules;
  defaultNamespace: string;
  key?: Buffer;
  /** A root that does not build at one of the commits (it then changes nothing). */
  note(message: string): void;
  /** Roots a GitOps object deploys with settings: rendered as it deploys them, as the stamp does. */
  deployedAs?: ReadonlyMap<string, DeploySettings>;
  /** The GitOps objects' deployments as the work tree writes them, with their files. */
  deployments?: readonly Deployment[];
}

/** The settings a root is deployed with at each commit (the object's at base where they changed). */
type SettingsAt = (dir: string, commit: string) => DeploySettings | undefined;

/** Per root directory, the ids (idKey) of the workloads whose value differs between base and head. */
export async function changedRootWorkloads(ctx: ChangedRootsContext): Promise<Map<string, Set<string>>> {
  const [base, head] = await Promise.all([ctx.git.resolveCommit(ctx.base), ctx.git.resolveCommit(ctx.head)]);
  const at = await Promise.all([kustomizationsAt(ctx.git, base), kustomizationsAt(ctx.git, head)]);
  const settingsAt = await deployedSettingsAt(ctx, base, head);
  const rules = await withPresentPaths(ctx.rules, at[1].values(), (paths) =>
    ctx.git.presentPaths(head, paths),
  );
  const dirs: string[] = [];
  const inputs: string[] = [];
  for (const dir of ctx.roots) {
    at.forEach((ks, i) => {
      const components = settingsAt(dir, i === 0 ? base : head)?.components ?? [];
      const included = [dir, ...components].flatMap((d) => kustomizationsUnder(d, ks));
      const refused = refusedEntries(`kustomize ${dir || "."}`, included, i === 0 ? "base" : "head", rules);
      if (refused !== undefined) throw new UserError(refused);
      dirs.push(...included.map((k) => k.dir));
      if (included.some((k) => k.problem !== undefined)) dirs.push("");
      const graph = buildKustomizeGraph([...ks.values()]);
      for (const d of [dir, ...components]) inputs.push(...graph.inputsOf(d));
    });
  }
  const scope = checkoutScope(dirs, inputs);
  const gitPath = findExecutable("git", ctx.run.pathDirs) ?? "git";
  // Symlinks leading out are refused where kustomize reads, as in a plan's checkouts.
  const trees = await createCommitTrees(ctx.git.root, gitPath, scope, {
    symlinks: { scope },
    timeoutMs: ctx.run.timeoutMs,
  });
  try {
    const changed = new Map<string, Set<string>>();
    for (const dir of ctx.roots) {
      const [before, after] = [
        await valuesAt(ctx, trees, base, dir, at[0], settingsAt),
        await valuesAt(ctx, trees, head, dir, at[1], settingsAt),
      ];
      const ids = new Set<string>();
      for (const [id, value] of after) {
        const old = before.get(id);
        if (old !== undefined && old !== value) ids.add(id);
      }
      changed.set(dir, ids);
    }
    return changed;
  } finally {
    await trees.dispose();
  }
}

/** The value each workload `dir` renders at `commit` calls for (empty when the root is not there or does not build). */
async function valuesAt(
  ctx: ChangedRootsContext,
  trees: Awaited<ReturnType<typeof createCommitTrees>>,
  commit: string,
  dir: string,
  ks: Map<string, KustomizationFile>,
  settingsAt: SettingsAt,
): Promise<Map<string, string>> {
  if (!ks.has(dir)) return new Map();
  const included = kustomizationsUnder(dir, ks);
  const generators = included.flatMap((k) => k.generators);
  const label = `kustomize ${dir || "."}`;
  let text: Buffer;
  try {
    const settings = settingsAt(dir, commit);
    const as = settings && { settings, overlayDir: overlayDir(ctx.roots.indexOf(dir)) };
    text = await buildDeployed(
      { ...ctx.run, home: trees.root, ...secretQuietness(included) },
      await trees.dirOf(commit),
      dir,
      commit,
      as,
    );
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    ctx.note(
      `${label} does not build at ${shortSha(commit)} (${error.why}): --changed-only stamps none of its workloads`,
    );
    return new Map();
  }
  const defaultNamespace = settingsAt(dir, commit)?.defaultNamespace ?? ctx.defaultNamespace;
  const rendered = parseManifests(label, text, { defaultNamespace }).manifests;
  const stamps = stampWorkloads(rendered, repositoryConfigs(rendered), {
    ...(ctx.key ? { key: ctx.key } : {}),
    selfRolling: (id) => isHashSuffixedGenerated(id, generators),
  });
  return new Map(stamps.targets.map((t) => [idKey(t.id), t.hash]));
}

/**
 * The object that deploys a root at head may have deployed it with other settings at base (a
 * postBuild.substitute value changed, or a ConfigMap it substitutes from): the base is rendered as
 * it was deployed then, with the maps as they were then, as a plan does.
 */
async function deployedSettingsAt(ctx: ChangedRootsContext, base: string, head: string): Promise<SettingsAt> {
  const deployedAs = ctx.deployedAs;
  if (deployedAs === undefined || deployedAs.size === 0) return () => undefined;
  const changedFiles = await ctx.git.changedFiles(base, head);
  const changes = await findSettingsChanges(ctx.git, { base, head, changedFiles });
  const deployed = (ctx.deployments ?? []).filter((d) => deployedAs.has(d.dir));
  const substitution = { defaultNamespace: ctx.defaultNamespace };
  const atBoth = await withMaps(ctx.git, { base, head, substitution }, withSettingsAtBase(deployed, changes));
  return (dir, commit) => {
    const atHead = deployedAs.get(dir);
    if (commit !== base || atHead === undefined) return atHead;
    const d = atBoth.find((d) => d.dir === dir);
    return d ? (d.atBase?.settings ?? d.settings) : (changes.find((c) => c.dir === dir)?.base ?? atHead);
  };
}

async function kustomizationsAt(git: Git, commit: string): Promise<Map<string, KustomizationFile>> {
  const files = await git.listFiles(commit, KUSTOMIZATION_FILE_NAMES);
  const bytes = await git.readFiles(commit, files);
  const ks = new Map<string, KustomizationFile>();
  for (const [path, data] of bytes) {
    const k = readKustomizationFile(path, data.toString("utf8"));
    ks.set(k.dir, k);
  }
  return ks;
}
