// Plain directories (no kustomization) that a Flux Kustomization deploys with settings kustomize
// applies: namePrefix, nameSuffix, patches, components, postBuild.substitute. Flux builds such a
// directory by generating a kustomization.yaml that lists its manifest files, then builds it as any
// other (fluxcd/pkg kustomize generator). So does this: the directory becomes a rendered source, its
// generated kustomization written in the checkout, built through the deployment's overlay
// (deployed-build.ts). Read raw, its objects would be planned by the names the files write, not the
// names the cluster runs, and a `${VAR}` config name would name nothing. A targetNamespace alone
// needs no render (scan/gitops/deployed-namespaces.ts); Argo CD builds a directory with kustomize
// only when it has a kustomization, so Argo CD's source.kustomize on a plain directory is left alone.
import { UserError } from "../../core/errors.js";
import type { Git } from "../../git/git.js";
import { type KustomizeBinary, NO_KUSTOMIZE_HINT } from "../render/kustomize.js";
import { allQuiet } from "../render/quiet-changes.js";
import { type RenderedSource, yamlDataInput } from "../render/source-model.js";
import { hasKustomizationInOrBelow, kustomizationDirOf } from "../sources/kustomization-names.js";
import { buildDeployed } from "./deployed-build.js";
import {
  builtFields,
  componentsOf,
  type Deployment,
  type DeploySettings,
  deploymentsOfDir,
  plainBuildUnstampable,
  settingsAt,
} from "./deployed-dirs.js";
import { describeDeployment, overlayDir } from "./deployment-overlay.js";
import { findDeployments } from "./find-deployments.js";
import { writeGeneratedKustomization } from "./generated-kustomization.js";
import type { ParentBuildEnv } from "./patched-children.js";
import { changedDirs, type SettingsChange, withSettingsAtBase } from "./settings-changes.js";
import { withMaps } from "./substitution-maps.js";

/**
 * The largest changed file parsed to see whether the search can be skipped: the raw read parses it
 * too, and a large one (a CRD bundle) costs more twice than the search (~50 ms at 20,000 files).
 */
const QUIET_CHECK_MAX_BYTES = 64 * 1024;

/** The files Flux's generated kustomization lists: YAML, in the directory and below it. */
const LISTED_FILE = /\.ya?ml$/;

interface PlainDeployedContext {
  base: string;
  head: string;
  changedPaths: readonly string[];
  /** Kustomization files at either commit: a directory holding one (or under one) is kustomize's. */
  kustomizationFiles: readonly string[];
  /** Whether a Component in the repository may carry values between objects (see below). */
  componentsMayCarryValues: boolean;
  /** Files another renderer owns already. */
  owned(path: string): boolean;
  pathDirs: readonly string[];
  binary: () => Promise<KustomizeBinary | undefined>;
  timeoutMs: number;
  maxOutputBytes: number;
  paths?: { matches(path: string): boolean; globs: readonly string[] };
  /** Overlay numbers already taken by other sources of the run. */
  firstIndex: number;
  /** GitOps objects deploying a directory with other settings at base (see settings-changes.ts). */
  settingsChanges: readonly SettingsChange[];
  /** How substituteFrom's ConfigMaps are read from the repository (see substitution-maps.ts). */
  substitution: { defaultNamespace: string };
  /** How a Kustomization a parent's spec.patches patch is read as deployed (patched-children.ts). */
  asDeployed: ParentBuildEnv;
}

interface PlainDeployedSources {
  sources: RenderedSource[];
  /** The manifest files of the rendered directories: not read as raw manifests. */
  owned(path: string): boolean;
}

export async function findPlainDeployedSources(
  git: Git,
  ctx: PlainDeployedContext,
): Promise<PlainDeployedSources> {
  const none = { sources: [], owned: () => false };
  const changed = ctx.changedPaths.filter((p) => LISTED_FILE.test(p) && !ctx.owned(p));
  if (changed.length === 0 && ctx.settingsChanges.length === 0) return none;
  const kustomizeDirs = ctx.kustomizationFiles
    .map((p) => kustomizationDirOf(p))
    .filter((d): d is string => d !== undefined);
  // One above does not count (kubernetes/apps/kustomization.yaml listing the apps' ks.yaml files,
  // over a plain app folder, is the common layout).
  const hasKustomization = (dir: string) => hasKustomizationInOrBelow(dir, kustomizeDirs);
  const dirs = new Set<string>();
  for (const path of changed) {
    const parts = path.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  // Deployed with other settings than at base: built at both commits though no file in it changed.
  const redeployed = changedDirs(ctx.settingsChanges).filter((dir) => !hasKustomization(dir));
  const candidates = [...new Set([...dirs, ...redeployed])].filter((dir) => !hasKustomization(dir));
  if (candidates.length === 0) return none;
  // What Flux adds to a plain directory (a name prefix or suffix, patches, substitution) makes no
  // config or workload of objects that hold none, nor carries their values into one: only a
  // Component's replacements could. A range changing only such objects needs no search for the
  // GitOps objects (a whole-tree `git grep`): their build would render every config the same.
  const quietOptions = { substituted: true, maxBytes: QUIET_CHECK_MAX_BYTES };
  const quiet = redeployed.length === 0 && !ctx.componentsMayCarryValues;
  if (quiet && (await allQuiet(git, ctx, changed, quietOptions))) return none;
  const search = { head: ctx.head, asDeployed: ctx.asDeployed, ...(ctx.paths ? { paths: ctx.paths } : {}) };
  const found = await withMaps(
    git,
    ctx,
    withSettingsAtBase(await findDeployments(git, search, candidates), ctx.settingsChanges),
  );
  const deployments = found.filter((d) => d.by.startsWith("Flux ") && needsBuild(d));
  const sources: RenderedSource[] = [];
  const rendered: string[] = [];
  for (const dir of [...new Set(deployments.map((d) => d.dir))].sort()) {
    // A nested deployed directory is rendered as its own deployment says, not its parent's too.
    const under = (p: string) => p.startsWith(`${dir}/`);
    const changedInputs = changed.filter(under);
    const ways = deploymentsOfDir(dir, deployments);
    if (changedInputs.length === 0 && !ways.some((d) => d?.atBase)) continue;
    rendered.push(dir);
    for (const deployment of ways) {
      if (deployment === undefined) continue;
      // Settings that changed change the build though no file did: the object's file is the change.
      const inputs = deployment.atBase ? [...changedInputs, deployment.atBase.file] : changedInputs;
      if (inputs.length === 0) continue;
      sources.push(plainSource(dir, deployment, inputs, ctx, ctx.firstIndex + sources.length));
    }
  }
  if (sources.length === 0) return none;
  if ((await ctx.binary()) === undefined) {
    throw new UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  return {
    sources,
    owned: (path) => LISTED_FILE.test(path) && rendered.some((dir) => path.startsWith(`${dir}/`)),
  };
}

/** Settings beyond the namespace, at either commit: those only a kustomize build (or Flux's substitution) applies. */
function needsBuild({ settings, atBase }: Deployment): boolean {
  return builds(settings) || (atBase !== undefined && builds(atBase.settings));
}

function builds(settings: DeploySettings): boolean {
  return builtFields(settings).length > 0 || settings.substitute !== undefined;
}

function plainSource(
  dir: string,
  deployment: Deployment,
  changedInputs: string[],
  ctx: PlainDeployedContext,
  index: number,
): RenderedSource {
  const components = componentsOf(deployment);
  const unsubstituted = deployment.settings.substitute?.keepUnknown ? new Set<string>() : undefined;
  const cannotMatch = plainBuildUnstampable(deployment);
  const inComponents = ctx.changedPaths.filter((p) => components.some((c) => p.startsWith(`${c}/`)));
  return {
    label: `kustomize ${dir} (no kustomization.yaml: generated as ${deployment.by} deploys it: ${describeDeployment(deployment)})`,
    scope: [dir, ...components],
    file: changedInputs[0]!,
    changedInputs: [...changedInputs, ...inComponents],
    generators: [],
    kustomization: { dir, named: false },
    // Components are kustomizations not read here: what they run is unknown. Settings that changed
    // change the build whatever the files say.
    ...(components.length === 0 && !deployment.atBase
      ? {
          readsAsData: (path: string, text: string) =>
            yamlDataInput(path, text, { textSubstituted: deployment.settings.substitute !== undefined }),
        }
      : {}),
    ...(unsubstituted ? { unsubstituted } : {}),
    // The objects the cluster runs are not those the files write: `stamp` refuses them, and
    // --strategy gitops says so instead of asking for a stamp that cannot come.
    ...(cannotMatch ? { stamped: { cannotMatch } } : {}),
    render: async (checkout, commit, signal) => {
      // Not there at this commit (or nothing to list): it deploys nothing here.
      const listed = await writeGeneratedKustomization(`${checkout.dir}/${dir}`);
      if (listed === undefined) return undefined;
      const run = {
        binary: (await ctx.binary())!,
        pathDirs: ctx.pathDirs,
        home: checkout.scratch,
        timeoutMs: ctx.timeoutMs,
        maxOutputBytes: ctx.maxOutputBytes,
        // Its files, read as YAML: one that may hold a Secret keeps kustomize's complaint unquoted.
        yamlInputs: listed.map((file) => (dir === "" ? file : `${dir}/${file}`)),
      };
      const as = {
        settings: settingsAt(deployment, commit, ctx.head),
        overlayDir: overlayDir(index),
        ...(unsubstituted && commit === ctx.head ? { kept: unsubstituted } : {}),
      };
      return buildDeployed(run, checkout.dir, dir, commit, as, signal);
    },
  };
}
