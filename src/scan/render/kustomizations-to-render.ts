// The kustomize sources of a range: the --kustomize directories, else every root kustomization;
// which of them the range touches (only those are rendered) and which files kustomize owns.
import { UserError } from "../../core/errors.js";
import { lazy } from "../../core/once.js";
import type { Git } from "../../git/git.js";
import { buildDeployed } from "../gitops/deployed-build.js";
import { componentsOf, type Deployment, deploymentsOfDir, settingsAt } from "../gitops/deployed-dirs.js";
import { stampedAs, templatedSettingWarnings } from "../gitops/deployed-namespaces.js";
import { describeDeployment, overlayDir } from "../gitops/deployment-overlay.js";
import { findDeployments, MANIFEST_FILE } from "../gitops/find-deployments.js";
import { changedDirs, type SettingsChange, withSettingsAtBase } from "../gitops/settings-changes.js";
import { withMaps } from "../gitops/substitution-maps.js";
import type { KustomizationFile } from "../sources/kustomization-file.js";
import { type EntryRules, refusedEntries, withPresentPaths } from "../sources/kustomize-entries.js";
import { type KustomizeGraph, kustomizationsUnder, resourceFilesOf } from "../sources/kustomize-graph.js";
import { notDeployedNotes, untouchedNotes } from "../sources/kustomize-notes.js";
import {
  chooseRoots,
  notDeployedDir,
  type RootChoice,
  type RootRules,
  rootsWithout,
} from "../sources/kustomize-roots.js";
import type { SourceWarning } from "../sources/source-warning.js";
import { checkoutScope } from "./checkout-scope.js";
import { kustomizationsAt } from "./kustomizations-at.js";
import { findKustomize, NO_KUSTOMIZE_HINT, secretQuietness } from "./kustomize.js";
import { quietChanges } from "./quiet-changes.js";
import { type RenderedSource, yamlDataInput } from "./source-model.js";

interface KustomizeContext {
  base: string;
  head: string;
  /** --kustomize: directories, or [] to discover the roots. */
  dirs: string[];
  changedPaths: string[];
  /** Kustomization files (and others; they are filtered) at each commit. */
  baseFiles: string[];
  headFiles: string[];
  /** Files whose base content differs from head. */
  differAtBase: Set<string>;
  pathDirs: string[];
  /** --render-timeout: per render. */
  timeoutMs: number;
  /** --max-file-size: a render printing more is stopped. */
  maxOutputBytes: number;
  /** What a kustomization may name (see scan/sources/kustomize-entries.ts). */
  entryRules: EntryRules;
  /** An explicit --paths: only the kustomizations it matches are discovered. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
  /** GitOps objects deploying a directory with other settings at base (see gitops/settings-changes.ts). */
  settingsChanges: readonly SettingsChange[];
  /** How substituteFrom's ConfigMaps are read from the repository (see gitops/substitution-maps.ts). */
  substitution: { defaultNamespace: string };
}

interface KustomizeSources {
  sources: RenderedSource[];
  /** Objects deploying a rendered root into a namespace written as a template (the plan is incomplete). */
  warnings: SourceWarning[];
  /** Files some kustomization reads at either commit. */
  owned(path: string): boolean;
  notes: string[];
  /**
   * Whether a Component at either commit may carry a value from one object into another (or does
   * not parse): a GitOps object's spec.components could then bring one to any directory it builds.
   */
  componentsMayCarryValues: boolean;
  /**
   * Discovered roots only: the sources to plan on their own once `broken` (kustomize refused them at
   * both commits) are taken away, for what only they included (see rootsWithout), each with the
   * broken kustomizations that include it.
   */
  onTheirOwn?(
    broken: readonly RenderedSource[],
  ): Array<{ source: RenderedSource; brokenIncluders: string[] }>;
}

export async function findKustomizeSources(git: Git, ctx: KustomizeContext): Promise<KustomizeSources> {
  const [baseGraph, headGraph, baseKs, headKs] = await kustomizationsAt(git, ctx);
  const entryRules = await withPresentPaths(ctx.entryRules, headKs.values(), (paths) =>
    git.presentPaths(ctx.head, paths),
  );
  const notes: string[] = [];
  for (const dir of ctx.dirs) {
    if (!baseKs.has(dir) && !headKs.has(dir)) {
      throw new UserError(
        `--kustomize ${dir || "."}: no kustomization.yaml in that directory at either commit`,
      );
    }
  }
  for (const k of headKs.values()) {
    if (k.problem !== undefined)
      notes.push(`${k.path}: cannot be read (${k.problem}); its inputs are unknown`);
  }
  const touches = (dir: string, inputs: Set<string>, included: KustomizationFile[]) => {
    // A kustomization that does not parse hides its inputs: any change under its directory counts.
    const unreadable = included.some((k) => k.problem !== undefined);
    return ctx.changedPaths.filter(
      (p) => inputs.has(p) || (unreadable && (dir === "" || p.startsWith(`${dir}/`))),
    );
  };
  const inputsOf = (dir: string) => new Set([...baseGraph.inputsOf(dir), ...headGraph.inputsOf(dir)]);
  const includedIn = (dir: string) => [
    ...kustomizationsUnder(dir, headKs),
    ...kustomizationsUnder(dir, baseKs),
  ];
  let roots = ctx.dirs;
  let notDeployed: string[] = [];
  let deployments: Deployment[] = [];
  let rules: RootRules | undefined;
  if (ctx.dirs.length === 0) {
    const choice = await discoverRoots(git, ctx, [baseGraph, headGraph], [baseKs, headKs], (dir) =>
      touches(dir, inputsOf(dir), includedIn(dir)),
    );
    roots = choice.roots;
    deployments = choice.deployments;
    rules = choice.rules;
    notDeployed = choice.notDeployed.filter((dir) => touches(dir, inputsOf(dir), includedIn(dir)).length > 0);
  }
  const sources: RenderedSource[] = [];
  const untouched: string[] = [];
  const binary = lazy(() => findKustomize(ctx.pathDirs));
  // What each source reads: its directory's kustomizations and its deployment's components.
  const readBy = new Map<RenderedSource, KustomizationFile[]>();
  /** The sources of one root the range touches: one per GitOps deployment of it with settings. */
  const sourcesOf = (dir: string): RenderedSource[] => {
    const label = `kustomize ${dir || "."}`;
    const inputs = inputsOf(dir);
    const included = includedIn(dir);
    const made: RenderedSource[] = [];
    const ways = deploymentsOfDir(dir, deployments);
    const stamped = stampedAs(label, ways);
    for (const deployment of ways) {
      const components = componentsOf(deployment);
      const at = { label, inputs, included, changedInputs: [] as string[], baseKs, headKs, binary };
      if (deployment) {
        at.label = `${label} (as ${deployment.by} deploys it: ${describeDeployment(deployment)})`;
        at.inputs = new Set([...inputs, ...components.flatMap((c) => [...inputsOf(c)])]);
        at.included = [...included, ...components.flatMap(includedIn)];
      }
      at.changedInputs = touches(dir, at.inputs, at.included);
      // Settings that changed change the build though no input did: the object's file is the change.
      if (deployment?.atBase) at.changedInputs.push(deployment.atBase.file);
      if (at.changedInputs.length === 0) continue;
      // A number of its own in the run: where its deployment's overlay is written.
      const source = kustomizeSource(
        dir,
        { ...ctx, entryRules },
        at,
        deployment && { deployment, index: readBy.size },
      );
      if (stamped) source.stamped = stamped;
      readBy.set(source, at.included);
      made.push(source);
    }
    return made;
  };
  for (const dir of roots) {
    const made = sourcesOf(dir);
    if (made.length === 0) untouched.push(`kustomize ${dir || "."}`);
    sources.push(...made);
  }
  await markInert(git, ctx, sources, (source) => readBy.get(source) ?? []);
  notes.push(...untouchedNotes(untouched), ...notDeployedNotes(notDeployed));
  if (sources.length > 0 && (await binary()) === undefined) {
    throw new UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  const planned = new Set(roots);
  const brokenSources = new Set<RenderedSource>();
  const onTheirOwn = (broken: readonly RenderedSource[]) => {
    for (const source of broken) brokenSources.add(source);
    // A directory is taken away when every source of it is broken (another deployment may build).
    const made = [...readBy.keys()];
    const brokenDirs = new Set(
      [...planned].filter((dir) => {
        const of = made.filter((s) => s.kustomization?.dir === dir);
        return of.length > 0 && of.every((s) => brokenSources.has(s));
      }),
    );
    return rootsWithout(brokenDirs, [baseKs, headKs], rules!, planned).flatMap(({ dir, brokenIncluders }) => {
      planned.add(dir);
      return sourcesOf(dir).map((source) => ({ source, brokenIncluders }));
    });
  };
  return {
    sources,
    warnings: templatedSettingWarnings(deployments, new Set(sources.map((s) => s.kustomization?.dir))),
    owned: (path) => baseGraph.ownedFiles.has(path) || headGraph.ownedFiles.has(path),
    notes,
    componentsMayCarryValues: [...baseKs.values(), ...headKs.values()].some(
      (k) => k.problem !== undefined || (k.isComponent && (k.carriesValues || k.runsPrograms)),
    ),
    ...(rules ? { onTheirOwn } : {}),
  };
}

/** One root kustomization the range touches, as a source: its checkout scope, what it blames, how it renders. */
function kustomizeSource(
  dir: string,
  ctx: KustomizeContext,
  at: {
    label: string;
    inputs: Set<string>;
    included: KustomizationFile[];
    changedInputs: string[];
    baseKs: Map<string, KustomizationFile>;
    headKs: Map<string, KustomizationFile>;
    binary: () => ReturnType<typeof findKustomize>;
  },
  /** A GitOps object's deployment of `dir` with settings, and a number of its own in the run. */
  as?: { deployment: Deployment; index: number },
): RenderedSource {
  const { included, baseKs, headKs } = at;
  const unreadable = included.some((k) => k.problem !== undefined);
  // Checked before anything renders: an entry outside the repository, a remote one from an untrusted head.
  const rules = ctx.entryRules;
  // A GitOps object's components are read with the directory.
  const read = [dir, ...componentsOf(as?.deployment)];
  const refused =
    refusedEntries(
      at.label,
      read.flatMap((d) => kustomizationsUnder(d, headKs)),
      "head",
      rules,
    ) ??
    refusedEntries(
      at.label,
      read.flatMap((d) => kustomizationsUnder(d, baseKs)),
      "base",
      rules,
    );
  if (refused !== undefined) throw new UserError(refused);
  // kustomize quotes what it cannot read: not for a tree that generates or may hold a Secret.
  const quietness = secretQuietness(included);
  // Generator inputs become config content byte for byte; other programs read files their own way.
  const generatorInputs = new Set(included.flatMap((k) => k.generators.flatMap((g) => g.files)));
  const textSubstituted = as?.deployment.settings.substitute !== undefined;
  const unsubstituted = as?.deployment.settings.substitute?.keepUnknown ? new Set<string>() : undefined;
  // Settings that changed: the build differs whatever the inputs say.
  const readsAsData =
    unreadable || included.some((k) => k.runsPrograms) || as?.deployment.atBase
      ? undefined
      : (path: string, text: string) =>
          !generatorInputs.has(path) && yamlDataInput(path, text, { textSubstituted });
  return {
    label: at.label,
    // The checkout of a kustomization that does not parse is the whole tree.
    scope: unreadable
      ? undefined
      : checkoutScope(
          included.map((k) => k.dir),
          at.inputs,
        ),
    file: (headKs.get(dir) ?? baseKs.get(dir))!.path,
    changedInputs: at.changedInputs,
    generators: included.flatMap((k) => k.generators),
    resourceFiles: resourceFilesOf(included, (d) => headKs.has(d) || baseKs.has(d)),
    kustomization: { dir, named: ctx.dirs.length > 0 },
    ...(readsAsData ? { readsAsData } : {}),
    ...(as?.deployment.settings.defaultNamespace
      ? { defaultNamespace: as.deployment.settings.defaultNamespace }
      : {}),
    ...(unsubstituted ? { unsubstituted } : {}),
    render: async (checkout, commit, signal) => {
      const atCommit = (commit === ctx.head ? headKs : baseKs).get(dir);
      // A discovered root that is a Component at this commit (it became one, included by others)
      // cannot be built on its own: at this commit it deploys nothing by itself.
      if (atCommit === undefined || (atCommit.isComponent && ctx.dirs.length === 0)) return undefined;
      const run = {
        binary: (await at.binary())!,
        pathDirs: ctx.pathDirs,
        home: checkout.scratch,
        timeoutMs: ctx.timeoutMs,
        maxOutputBytes: ctx.maxOutputBytes,
        ...quietness,
      };
      const deployed = as && {
        settings: settingsAt(as.deployment, commit, ctx.head),
        overlayDir: overlayDir(as.index),
        ...(unsubstituted && commit === ctx.head ? { kept: unsubstituted } : {}),
      };
      return buildDeployed(run, checkout.dir, dir, commit, deployed, signal);
    },
  };
}

/**
 * Marks the sources whose changed inputs are all plain resource files (no generator, patch or
 * replacement reads them) holding no config or workload at either commit, in a tree where no
 * kustomization carries values between objects: their configs and workloads render the same at
 * both commits (CRD bundles, RBAC, Services). A file that does not parse counts as a change.
 */
async function markInert(
  git: Git,
  ctx: KustomizeContext,
  sources: RenderedSource[],
  readBy: (source: RenderedSource) => KustomizationFile[],
): Promise<void> {
  const candidates = sources.filter((source) => {
    const included = readBy(source);
    if (included.some((k) => k.problem !== undefined || k.carriesValues)) return false;
    const plain = new Set(source.resourceFiles ?? []);
    const read = new Set(included.flatMap((k) => k.files));
    return source.changedInputs.every((p) => plain.has(p) && !read.has(p) && MANIFEST_FILE.test(p));
  });
  if (candidates.length === 0) return;
  const paths = [...new Set(candidates.flatMap((s) => s.changedInputs))];
  const inert = await quietChanges(git, ctx, paths);
  for (const source of candidates) {
    if (source.changedInputs.every((p) => inert.get(p) === true)) source.inert = true;
  }
}

/**
 * The roots at either commit (see scan/sources/kustomize-roots.ts), and how GitOps objects deploy
 * them. Flux and Argo CD objects are asked only about the kustomizations the range touches: one
 * `git grep` at head for their directories (gitops/find-deployments.ts).
 */
async function discoverRoots(
  git: Git,
  ctx: KustomizeContext,
  graphs: [KustomizeGraph, KustomizeGraph],
  byCommit: [Map<string, KustomizationFile>, Map<string, KustomizationFile>],
  touched: (dir: string) => string[],
): Promise<RootChoice & { deployments: Deployment[]; rules: RootRules }> {
  const dirs = new Set<string>();
  let orphanComponent = false;
  byCommit.forEach((ks, i) => {
    for (const k of ks.values()) {
      if (!k.isComponent) dirs.add(k.dir);
      // A component no kustomization includes is there for a GitOps object's spec.components,
      // which names it relative to the directory it deploys: every directory is asked about.
      else if (graphs[i]!.includersOf(k.dir).length === 0 && touched(k.dir).length > 0)
        orphanComponent = true;
    }
  });
  const redeployed = new Set(changedDirs(ctx.settingsChanges));
  const candidates = [...dirs].filter(
    (dir) =>
      dir !== "" &&
      notDeployedDir(dir) === undefined &&
      (orphanComponent || redeployed.has(dir) || touched(dir).length > 0),
  );
  // A Kustomization a parent's spec.patches patch is read as deployed (gitops/patched-children.ts).
  const asDeployed = { pathDirs: ctx.pathDirs, timeoutMs: ctx.timeoutMs, maxOutputBytes: ctx.maxOutputBytes };
  const found = candidates.length > 0 ? await findDeployments(git, { ...ctx, asDeployed }, candidates) : [];
  const deployments = await withMaps(git, ctx, withSettingsAtBase(found, ctx.settingsChanges));
  const rules = {
    deployedDirs: new Set(deployments.map((d) => d.dir)),
    ...(ctx.paths ? { paths: ctx.paths } : {}),
  };
  const base = chooseRoots([...byCommit[0].values()], graphs[0], rules);
  const head = chooseRoots([...byCommit[1].values()], graphs[1], rules);
  const roots = [...new Set([...base.roots, ...head.roots])].sort();
  const notDeployed = [...new Set([...base.notDeployed, ...head.notDeployed])]
    .filter((dir) => !roots.includes(dir))
    .sort();
  return { roots, notDeployed, deployments, rules };
}
