// The directories a GitOps controller deploys, and how, as the repository's own objects say: a Flux
// `Kustomization` (kustomize.toolkit.fluxcd.io) builds `spec.path`; an Argo CD `Application` builds
// `spec.source.path` (or each `spec.sources[].path`), an `ApplicationSet` the same fields of its
// template. A kustomization named there is deployed on its own even when another one includes it.
// Paths are taken as repository-relative (a path into another repository names nothing here, or a
// directory that is then planned once more: harmless); templated paths (`{{...}}`) are skipped.
//
// What the object says about how the path is deployed (its settings) changes what the cluster runs:
// Flux's targetNamespace, namePrefix, nameSuffix, components, patches and postBuild.substitute;
// Argo CD's destination.namespace and source.kustomize (namespace, namePrefix, nameSuffix). Images
// (Flux spec.images, Argo CD kustomize.images) change no config or reference and are not kept.
import { field, isRecord, stringField } from "../../core/json-shape.js";

export interface DeploySettings {
  /** Replaces the namespace of every namespaced object (Flux targetNamespace, Argo CD kustomize.namespace). */
  namespace?: string;
  /** The namespace of objects that name none (Argo CD destination.namespace). */
  defaultNamespace?: string;
  namePrefix?: string;
  nameSuffix?: string;
  /** Kustomize components, as repository-relative directories (Flux: relative to spec.path). */
  components?: string[];
  /** Kustomize patches (Flux spec.patches: inline patch and target), as written. */
  patches?: unknown[];
  /** Flux postBuild substitution; undefined when the object asks for none. */
  substitute?: {
    vars: Record<string, string>;
    /** substituteFrom names cluster objects, unread here: a variable not given inline is kept as written. */
    keepUnknown: boolean;
    /**
     * The ConfigMaps and Secrets substituteFrom names, in its order, in the object's namespace: the
     * ConfigMaps are read from the repository at each commit (substitution-maps.ts), never a Secret.
     */
    from?: Array<{ kind: string; name: string }>;
    /** The namespace the object names (where substituteFrom reads); unset: the run's default. */
    namespace?: string;
  };
}

/** One GitOps object's deployment of one directory. */
export interface Deployment {
  dir: string;
  /** The object, as the report names it: `Flux Kustomization flux-system/web`. */
  by: string;
  settings: DeploySettings;
  /** The file holding the object, when it was read from one (its nearest substitution maps are its cluster's). */
  file?: string;
  /** The line where the object starts in `file`. */
  line?: number;
  /**
   * Set when the object gives the namespace or a name prefix or suffix as a template
   * (`targetNamespace: ${CLUSTER_NS}`, a variable its parent Kustomization substitutes; an
   * ApplicationSet's `{{...}}`): the field and its text. Where its objects go, or what they are
   * called, cannot be told here (they are read as the files write them).
   */
  templated?: TemplatedSetting;
  /**
   * Set when the same object deploys the directory at base with other settings (see
   * settings-changes.ts): the base is built with these, and `file` (the object's) counts as changed.
   */
  atBase?: { settings: DeploySettings; file: string };
}

export function deployedDirsOf(objects: readonly Record<string, unknown>[]): string[] {
  return [...new Set(deploymentsOf(objects).map((d) => d.dir))].sort();
}

export function deploymentsOf(objects: readonly Record<string, unknown>[]): Deployment[] {
  const deployments: Deployment[] = [];
  for (const object of objects) {
    for (const { path, settings, by, templated } of pathsNamedBy(object)) {
      const dir = normalizedDir(path);
      if (dir === undefined) continue;
      const components = (settings.components ?? []).map((c) => normalizedDir(c, dir));
      if (components.some((c) => c === undefined)) delete settings.components;
      else if (components.length > 0) settings.components = components as string[];
      deployments.push({ dir, by, settings, ...(templated ? { templated } : {}) });
    }
  }
  return deployments;
}

/** The settings `deployment` builds with at `commit` (one of the run's two, `head` the later). */
export function settingsAt(deployment: Deployment, commit: string, head: string): DeploySettings {
  return commit === head ? deployment.settings : (deployment.atBase?.settings ?? deployment.settings);
}

/** The components a deployment adds at either commit. */
export function componentsOf(deployment: Deployment | undefined): string[] {
  if (deployment === undefined) return [];
  return [
    ...new Set([
      ...(deployment.settings.components ?? []),
      ...(deployment.atBase?.settings.components ?? []),
    ]),
  ];
}

/**
 * The Flux spec fields of `settings` that only a kustomize build applies to a plain directory:
 * what they make of its objects (renamed, patched, with a component's changes) is not what its files
 * write. Substitution is not among them: it keeps every object in its place.
 */
export function builtFields(settings: DeploySettings): string[] {
  const fields: Array<[keyof DeploySettings, string]> = [
    ["namePrefix", "spec.namePrefix"],
    ["nameSuffix", "spec.nameSuffix"],
    ["patches", "spec.patches"],
    ["components", "spec.components"],
  ];
  return fields.filter(([key]) => settings[key] !== undefined).map(([, name]) => name);
}

/**
 * Why no stamp in a plain directory's files (no kustomization in it: kustomization-names.ts) can be
 * what a Flux Kustomization deploying it with builtFields renders: a stamp goes where the files
 * write an object, and the object the cluster runs is another (renamed, patched). The plan builds
 * it, `stamp` refuses it; both say this. Undefined where the stamp can follow the deployment.
 */
export function plainBuildUnstampable(d: Deployment): string | undefined {
  const fields = d.by.startsWith("Flux ") ? builtFields(d.settings) : [];
  if (fields.length === 0) return undefined;
  const at = d.file === undefined ? "" : ` (${d.file}${d.line === undefined ? "" : `:${d.line}`})`;
  const dir = d.dir || ".";
  return `${d.by}${at} deploys ${dir}, a folder without a kustomization.yaml, with ${fields.join(", ")}: its objects are built as Flux builds them, which a stamp in their files cannot follow; a kustomization.yaml in ${dir} listing its files lets \`config-rollout stamp\` write the value as it is deployed`;
}

/** Settings that change nothing: the directory as kustomize builds it. */
function isPlainDeployment(settings: DeploySettings): boolean {
  return Object.keys(settings).length === 0;
}

/**
 * The ways `dir` is deployed, one per distinct settings: undefined stands for the directory as
 * kustomize builds it (no GitOps object, or one that changes nothing). Objects whose settings
 * agree are one deployment, named after the first.
 */
export function deploymentsOfDir(
  dir: string,
  deployments: readonly Deployment[],
): Array<Deployment | undefined> {
  const own = deployments.filter((d) => d.dir === dir);
  const bySettings = new Map<string, Deployment | undefined>();
  for (const d of own) {
    const key = JSON.stringify([d.settings, d.atBase?.settings]);
    if (!bySettings.has(key)) bySettings.set(key, isPlainDeployment(d.settings) && !d.atBase ? undefined : d);
  }
  if (own.length === 0) return [undefined];
  // Objects of one name in two clusters' folders, deploying with other settings: told apart by file,
  // or their builds would be reported (and compared) as one.
  const ways = [...bySettings.values()];
  const named = ways.map((d) => d?.by);
  return ways.map((d) =>
    d?.file !== undefined && named.filter((by) => by === d.by).length > 1
      ? { ...d, by: `${d.by} (${d.file})` }
      : d,
  );
}

interface TemplatedSetting {
  field: string;
  value: string;
  what: "namespace" | "name prefix" | "name suffix";
}

interface Named {
  path: unknown;
  by: string;
  settings: DeploySettings;
  templated?: TemplatedSetting;
}

function pathsNamedBy(object: Record<string, unknown>): Named[] {
  const apiVersion = field(object, "apiVersion");
  const kind = field(object, "kind");
  if (typeof apiVersion !== "string") return [];
  const group = apiVersion.split("/")[0];
  const spec = field(object, "spec");
  const metadata = field(object, "metadata");
  const name = [field(metadata, "namespace"), field(metadata, "name")]
    .filter((part) => typeof part === "string")
    .join("/");
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") {
    const settings = fluxSettings(spec);
    const namespace = field(metadata, "namespace");
    if (settings.substitute?.from && typeof namespace === "string") settings.substitute.namespace = namespace;
    const templated =
      templatedAt(spec, ["targetNamespace"], "spec", "namespace") ??
      templatedAt(spec, ["namePrefix"], "spec", "name prefix") ??
      templatedAt(spec, ["nameSuffix"], "spec", "name suffix");
    return [
      {
        path: field(spec, "path"),
        by: `Flux Kustomization ${name}`,
        settings,
        ...(templated ? { templated } : {}),
      },
    ];
  }
  if (group !== "argoproj.io") return [];
  if (kind === "Application") return sourcePaths(spec, `Argo CD Application ${name}`, "spec");
  if (kind === "ApplicationSet")
    return sourcePaths(
      field(field(spec, "template"), "spec"),
      `Argo CD ApplicationSet ${name}`,
      "spec.template.spec",
    );
  return [];
}

function fluxSettings(spec: unknown): DeploySettings {
  const settings: DeploySettings = {};
  const namespace = plainString(field(spec, "targetNamespace"));
  if (namespace) settings.namespace = namespace;
  setAffixes(settings, spec);
  const components = field(spec, "components");
  if (Array.isArray(components)) {
    const dirs = components.filter((c): c is string => typeof c === "string");
    if (dirs.length > 0) settings.components = dirs;
  }
  // Flux patches are inline (`patch` and `target`); a `path` would be read beside the overlay.
  const patches = field(spec, "patches");
  const inline = Array.isArray(patches) ? patches.filter((p) => typeof field(p, "patch") === "string") : [];
  if (inline.length > 0)
    settings.patches = inline.map((p) => ({ patch: field(p, "patch"), target: field(p, "target") }));
  const postBuild = field(spec, "postBuild");
  const given = field(postBuild, "substitute");
  const from = field(postBuild, "substituteFrom");
  const vars: Record<string, string> = {};
  if (isRecord(given)) {
    for (const [key, value] of Object.entries(given)) {
      // Flux drops the newlines of a value (kustomize-controller's variable loading).
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        vars[key] = String(value).replaceAll("\n", "");
    }
  }
  const keepUnknown = Array.isArray(from) && from.length > 0;
  const refs = (keepUnknown ? from : []).flatMap((ref) => {
    const kind = stringField(ref, "kind");
    const name = stringField(ref, "name");
    return kind && name ? [{ kind, name }] : [];
  });
  // Flux substitutes only when at least one variable, or an object to read them from, is given.
  if (Object.keys(vars).length > 0 || keepUnknown)
    settings.substitute = { vars, keepUnknown, ...(refs.length > 0 ? { from: refs } : {}) };
  return settings;
}

function sourcePaths(appSpec: unknown, by: string, at: string): Named[] {
  const defaultNamespace = plainString(field(field(appSpec, "destination"), "namespace"));
  const destination = templatedAt(appSpec, ["destination", "namespace"], at, "namespace");
  const sources = field(appSpec, "sources");
  const listed = Array.isArray(sources) ? sources.filter(isRecord) : [];
  return [field(appSpec, "source"), ...listed]
    .filter((source) => source !== undefined)
    .map((source, i) => {
      const first = field(appSpec, "source") !== undefined ? 1 : 0;
      const own = i < first ? `${at}.source` : `${at}.sources[${i - first}]`;
      const settings: DeploySettings = {};
      if (defaultNamespace) settings.defaultNamespace = defaultNamespace;
      const kustomize = field(source, "kustomize");
      const namespace = plainString(field(kustomize, "namespace"));
      if (namespace) settings.namespace = namespace;
      setAffixes(settings, kustomize);
      // A templated destination matters only where kustomize.namespace does not replace it.
      const templated =
        templatedAt(source, ["kustomize", "namespace"], own, "namespace") ??
        (namespace ? undefined : destination) ??
        templatedAt(source, ["kustomize", "namePrefix"], own, "name prefix") ??
        templatedAt(source, ["kustomize", "nameSuffix"], own, "name suffix");
      return { path: field(source, "path"), by, settings, ...(templated ? { templated } : {}) };
    });
}

function setAffixes(settings: DeploySettings, holder: unknown): void {
  const prefix = plainString(field(holder, "namePrefix"));
  const suffix = plainString(field(holder, "nameSuffix"));
  if (prefix) settings.namePrefix = prefix;
  if (suffix) settings.nameSuffix = suffix;
}

/** The field at `path` under `holder` when it holds a template (plainString would drop it silently). */
function templatedAt(
  holder: unknown,
  path: readonly string[],
  at: string,
  what: TemplatedSetting["what"],
): TemplatedSetting | undefined {
  const value = path.reduce<unknown>((v, key) => field(v, key), holder);
  if (typeof value !== "string" || value === "" || plainString(value) !== undefined) return undefined;
  return { field: `${at}.${path.join(".")}`, value, what };
}

/** A value taken as written; a template (`{{...}}`, `${...}`) is known only to the controller. */
function plainString(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "" || value.includes("{{") || value.includes("$"))
    return undefined;
  return value;
}

/**
 * `./apps/prod/` -> `apps/prod`; the repository root is ""; undefined for what names no directory
 * here. `from`: the directory a relative path starts in.
 */
export function normalizedDir(path: unknown, from = ""): string | undefined {
  if (typeof path !== "string" || path.includes("{{") || path.includes("$")) return undefined;
  const parts: string[] = from === "" ? [] : from.split("/");
  for (const part of path.trim().split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.join("/");
}
