// A Flux Kustomization whose spec.patches target the Flux Kustomizations it deploys (the layout of
// the onedr0p cluster-template family: `cluster-apps` deploys ./kubernetes/apps, whose ks.yaml files
// are the apps' Kustomizations, and patches each one with `postBuild.substituteFrom: cluster-settings`
// unless it opts out by label). Flux applies its children as patched, so their settings are the
// patched ones: a child read as written would not substitute from `cluster-settings`, and a change
// to that map would restart nothing. The parent's directory is built by kustomize with the parent's
// patches (deployment-overlay.ts) and its origin annotations, which say the file each child came
// from; each child is then read as built instead of as written. Pure: the caller runs the build.
import { field, isRecord, type JsonObject, stringField } from "../../core/json-shape.js";
import type { Deployment, DeploySettings } from "./deployed-dirs.js";
import { deploymentOverlay } from "./deployment-overlay.js";

const FLUX_GROUP = "kustomize.toolkit.fluxcd.io";
const ORIGIN = "config.kubernetes.io/origin";

/**
 * The Flux Kustomizations of `deployments` whose patches may patch a Flux Kustomization: a target
 * whose group and kind (regular expressions, as kustomize reads them) can match one, or a patch
 * without a target that names one itself. The cheap check: a repository without one pays nothing.
 */
export function patchingParents(deployments: readonly Deployment[]): Deployment[] {
  return deployments.filter(
    (d) => d.by.startsWith("Flux ") && (d.settings.patches ?? []).some(mayPatchFluxKustomization),
  );
}

function mayPatchFluxKustomization(patch: unknown): boolean {
  const target = field(patch, "target");
  if (!isRecord(target)) return String(field(patch, "patch")).includes(FLUX_GROUP);
  return matches(field(target, "group"), FLUX_GROUP) && matches(field(target, "kind"), "Kustomization");
}

function matches(selector: unknown, value: string): boolean {
  if (typeof selector !== "string" || selector === "") return true;
  try {
    return new RegExp(`^(?:${selector})$`).test(value);
  } catch {
    // Not a regular expression kustomize would take either: left to the build to say.
    return true;
  }
}

/** Why the children's settings cannot be told from a build (undefined: they can). */
export function unknowablePatches(parent: Deployment): string | undefined {
  // Flux substitutes the parent's output after kustomize patched it: a `${VAR}` in a patch is only
  // known once substituted, with values this run may not read (a Secret's).
  const templated = (parent.settings.patches ?? []).some(
    (p) => mayPatchFluxKustomization(p) && String(field(p, "patch")).includes("${"),
  );
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Flux's syntax, as a patch writes it
  return templated ? "a patch of its Kustomizations holds a ${VAR} that Flux substitutes" : undefined;
}

/**
 * The kustomization that builds the parent's directory as it deploys it, each object annotated with
 * the file it came from. Substitution is left out: the children are read for their settings.
 */
export function parentOverlay(parent: Deployment, toTree: string): string {
  const { substitute: _, ...settings }: DeploySettings = parent.settings;
  const overlay = JSON.parse(deploymentOverlay(parent.dir, settings, toTree)) as JsonObject;
  overlay.buildMetadata = ["originAnnotations"];
  return `${JSON.stringify(overlay, null, 2)}\n`;
}

/**
 * The Flux Kustomizations of a parent's build, by the repository file each came from (`fileOf`
 * turns an origin path, relative to the overlay, into one), without the origin annotation.
 */
export function childrenByFile(
  built: readonly JsonObject[],
  fileOf: (origin: string) => string | undefined,
): Map<string, JsonObject[]> {
  const byFile = new Map<string, JsonObject[]>();
  for (const object of built) {
    if (!isFluxKustomization(object)) continue;
    const metadata = field(object, "metadata");
    const annotations = field(metadata, "annotations");
    const origin = stringField(annotations, ORIGIN);
    const path = origin === undefined ? undefined : originPath(origin);
    const file = path === undefined ? undefined : fileOf(path);
    if (file === undefined || !isRecord(metadata) || !isRecord(annotations)) continue;
    const { [ORIGIN]: _, ...kept } = annotations;
    const { annotations: __, ...rest } = metadata;
    const child = {
      ...object,
      metadata: Object.keys(kept).length > 0 ? { ...rest, annotations: kept } : rest,
    };
    byFile.set(file, [...(byFile.get(file) ?? []), child]);
  }
  return byFile;
}

/**
 * `objects` (one file's, as written) with each Flux Kustomization the parent deploys from that file
 * replaced by its built self: same kind, its name with the parent's prefix and suffix.
 */
/** Whether `path` is in the folder a parent deploys (the repository root: every path). */
export function deploysPath(parent: Deployment, path: string): boolean {
  return parent.file !== path && (parent.dir === "" || path.startsWith(`${parent.dir}/`));
}

export function asPatched(
  objects: readonly JsonObject[],
  built: readonly JsonObject[] | undefined,
  parent: Deployment,
): JsonObject[] {
  if (built === undefined) return [...objects];
  const { namePrefix = "", nameSuffix = "" } = parent.settings;
  return objects.map((object) => {
    if (!isFluxKustomization(object)) return object;
    const name = `${namePrefix}${stringField(field(object, "metadata"), "name")}${nameSuffix}`;
    return built.find((b) => stringField(field(b, "metadata"), "name") === name) ?? object;
  });
}

function isFluxKustomization(object: unknown): boolean {
  const apiVersion = field(object, "apiVersion");
  return (
    typeof apiVersion === "string" &&
    apiVersion.startsWith(`${FLUX_GROUP}/`) &&
    field(object, "kind") === "Kustomization"
  );
}

/**
 * The `path` of kustomize's origin annotation (a small YAML mapping, `path: ../../apps/web/ks.yaml`,
 * quoted where YAML needs it); undefined for a remote one (`repo:`) or one not read so.
 */
function originPath(origin: string): string | undefined {
  if (/^repo:/m.test(origin)) return undefined;
  const value = /^path: (.*)$/m.exec(origin)?.[1]?.trim();
  if (value === undefined) return undefined;
  if (value.startsWith("'")) return /^'((?:[^']|'')*)'$/.exec(value)?.[1]?.replaceAll("''", "'");
  if (!value.startsWith('"')) return value;
  try {
    return JSON.parse(value) as string;
  } catch {
    return undefined;
  }
}
