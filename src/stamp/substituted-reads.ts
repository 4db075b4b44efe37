// Raw files as the cluster gets them: a plain folder (no kustomization.yaml) that a Flux
// Kustomization deploys with postBuild substitution is applied with its `${VAR}`s filled in, from
// the object's inline variables and the repository's ConfigMaps its substituteFrom names (the
// plan's rule, scan/gitops/substitution-settings.ts). The plan builds such a folder and substitutes
// the build (scan/gitops/plain-deployed-sources.ts); stamp substitutes each file's text with the
// same function, so each config is hashed with the content the plan, and --strategy gitops, see.
// Substitution never adds a line (Flux drops a value's newlines): the objects keep their places in
// the files, which is where the stamp is written. The GitOps objects and the maps are looked for in
// every file the plan looks in, not only the raw ones: a cluster folder's kustomization.yaml that
// lists them (`clusters/prod/`) owns those files, the Kustomizations still deploy the plain folders
// (stamp/beyond-raw.ts reads them). Pure: the caller reads the texts.
import type { Manifest } from "../core/model.js";
import {
  type Deployment,
  type DeploySettings,
  deploymentsOf,
  deploymentsOfDir,
  plainBuildUnstampable,
} from "../scan/gitops/deployed-dirs.js";
import { substituteVariables } from "../scan/gitops/deployment-overlay.js";
import { deploymentUnitOf } from "../scan/gitops/folder-definitions.js";
import {
  substitutionMapNames,
  substitutionMapsIn,
  withRepositoryMaps,
} from "../scan/gitops/substitution-settings.js";
import { parseManifestFile } from "../scan/manifests/parse-manifest-file.js";
import { hasKustomizationInOrBelow, kustomizationDirOf } from "../scan/sources/kustomization-names.js";

type Substitute = NonNullable<DeploySettings["substitute"]>;

interface ReadContext {
  /** Every file of the tree or commit: a folder with a kustomization in or under it is built as it is. */
  files: readonly string[];
  text(file: string): Promise<Buffer | undefined> | Buffer | undefined;
  defaultNamespace: string;
  /** The GitOps objects and maps of the files stamp does not read as raw manifests (stamp/beyond-raw.ts). */
  beyond?: BeyondRaw;
  /** The objects with each Flux Kustomization a parent's spec.patches patch as deployed (patched-in-tree.ts). */
  patched?: (objects: readonly Manifest[]) => Promise<Manifest[]>;
}

export interface BeyondRaw {
  /** The objects of the files that hold a GitOps apiVersion. */
  gitopsObjects(): Promise<Manifest[]>;
  /** The objects of the files that name a ConfigMap and one of `names`. */
  maps(names: readonly string[]): Promise<Manifest[]>;
}

/**
 * The raw manifests `read` as deployed (substitutedVariants, each with the GitOps objects found
 * beyond them), and the GitOps objects' deployments, each with its file: as written, and with the
 * variables of the maps it substitutes from.
 */
export async function readAsDeployed(
  read: readonly Manifest[],
  ctx: ReadContext,
): Promise<{
  written: Deployment[];
  deployments: Deployment[];
  variants: Manifest[][];
  /** Per raw file Flux builds as a plain folder renamed or patched, why no stamp there can follow it. */
  builtByFlux: Map<string, string>;
}> {
  const deploymentsIn = (m: Manifest) =>
    deploymentsOf([m.object]).map((d) => ({ ...d, file: m.file, line: m.line }));
  // Only their GitOps objects: the rest of such a file is rendered through its kustomization.
  const gitops = ((await ctx.beyond?.gitopsObjects()) ?? []).filter((m) => deploymentsIn(m).length > 0);
  const objects = [...read.filter((m) => deploymentsIn(m).length > 0), ...gitops];
  const written = (ctx.patched ? await ctx.patched(objects) : objects).flatMap(deploymentsIn);
  const names = substitutionMapNames(written);
  const maps = [
    ...substitutionMapsIn(read),
    ...(names.length > 0 && ctx.beyond ? substitutionMapsIn(await ctx.beyond.maps(names), names) : []),
  ];
  const deployments = withRepositoryMaps(written, maps, ctx.defaultNamespace);
  const kustomizationDirs = ctx.files.map(kustomizationDirOf).filter((d) => d !== undefined);
  const variants = await substitutedVariants(read, deployments, { ...ctx, kustomizationDirs });
  // With the GitOps objects, which say where each folder goes (stamp-as-deployed.ts); never stamped.
  return {
    written,
    deployments,
    variants: variants.map((v) => [...v, ...gitops]),
    builtByFlux: builtByFlux(read, written, kustomizationDirs),
  };
}

/**
 * The raw files of plain folders (no kustomization in or below: Flux builds them through one it
 * generates) that a Flux Kustomization deploys renamed or patched, each with why (the plan's words:
 * scan/gitops/deployed-dirs.ts plainBuildUnstampable).
 */
function builtByFlux(
  read: readonly Manifest[],
  deployments: readonly Deployment[],
  kustomizationDirs: readonly string[],
): Map<string, string> {
  const byFile = new Map<string, string>();
  const built = deployments.filter((d) => plainBuildUnstampable(d) !== undefined);
  if (built.length === 0) return byFile;
  const dirs = [...new Set(deployments.map((d) => d.dir))];
  for (const file of new Set(read.map((m) => m.file))) {
    const unit = deploymentUnitOf(file, dirs);
    if (unit === undefined || hasKustomizationInOrBelow(unit, kustomizationDirs)) continue;
    const why = built.find((d) => d.dir === unit);
    if (why !== undefined) byFile.set(file, plainBuildUnstampable(why)!);
  }
  return byFile;
}

/**
 * The manifests as deployed, once per way of substituting them: one list when no folder is deployed
 * with other values by different objects (the usual case), else one per way (the stamp of a file
 * then holds a value only where they all agree: stamp-as-deployed.ts).
 */
async function substitutedVariants(
  read: readonly Manifest[],
  deployments: readonly Deployment[],
  ctx: ReadContext & { kustomizationDirs: readonly string[] },
): Promise<Manifest[][]> {
  const ways = substitutionsByFile(read, deployments, ctx.kustomizationDirs);
  if (ways.size === 0) return [[...read]];
  const variants = Math.max(...[...ways.values()].map((w) => w.length));
  const byFile = new Map<string, Manifest[][]>();
  for (const [file, substitutes] of ways) {
    const bytes = await ctx.text(file);
    if (bytes === undefined) continue;
    const source = bytes.toString("utf8");
    const texts = [...new Set(substitutes.map((s) => (s ? substituteVariables(source, s) : source)))];
    if (texts.length === 1 && texts[0] === source) continue;
    const parsed: Manifest[][] = [];
    for (const text of texts) {
      const options = { defaultNamespace: ctx.defaultNamespace };
      parsed.push((await parseManifestFile(file, Buffer.from(text), options)).manifests);
    }
    byFile.set(file, parsed);
  }
  if (byFile.size === 0) return [[...read]];
  return Array.from({ length: variants }, (_, i) => {
    const done = new Set<string>();
    return read.flatMap((m) => {
      const parsed = byFile.get(m.file);
      if (parsed === undefined) return [m];
      if (done.has(m.file)) return [];
      done.add(m.file);
      return parsed[Math.min(i, parsed.length - 1)]!;
    });
  });
}

/**
 * Per raw file in a plain folder a Flux Kustomization deploys with substitution, the substitution of
 * each way its folder is deployed (undefined: a way that applies it as written).
 */
function substitutionsByFile(
  read: readonly Manifest[],
  deployments: readonly Deployment[],
  kustomizationDirs: readonly string[],
): Map<string, Array<Substitute | undefined>> {
  const byFile = new Map<string, Array<Substitute | undefined>>();
  if (!deployments.some((d) => d.settings.substitute)) return byFile;
  const dirs = [...new Set(deployments.map((d) => d.dir))];
  const byUnit = new Map<string, Array<Substitute | undefined>>();
  for (const file of new Set(read.map((m) => m.file))) {
    const unit = deploymentUnitOf(file, dirs);
    if (unit === undefined || hasKustomizationInOrBelow(unit, kustomizationDirs)) continue;
    let substitutes = byUnit.get(unit);
    if (substitutes === undefined) {
      const all = deploymentsOfDir(unit, deployments).map((d) =>
        d?.by.startsWith("Flux ") ? d.settings.substitute : undefined,
      );
      const distinct = new Map(all.map((s) => [JSON.stringify(s ?? null), s]));
      substitutes = [...distinct.values()];
      byUnit.set(unit, substitutes);
    }
    if (substitutes.some((s) => s !== undefined)) byFile.set(file, substitutes);
  }
  return byFile;
}
