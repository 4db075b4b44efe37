// A directory as a GitOps object deploys it (deployed-dirs.ts): its settings are written as a
// kustomization that includes the directory, rendered instead of the directory itself, so
// kustomize applies them the way the controllers do (Flux writes them into the kustomization it
// builds, Argo CD runs `kustomize edit set`): the namespace on every namespaced object, the prefix
// and suffix on names and on every reference to them (a workload's configMapRef follows its
// ConfigMap), components and patches after the directory's own. Flux's postBuild substitution then
// runs on the rendered output, before it is parsed.
import type { Deployment, DeploySettings } from "./deployed-dirs.js";

/** Where the overlay of a deployment is written in a checkout (outside every repository path). */
export function overlayDir(index: number): string {
  return `.config-rollout-deployments/${index}`;
}

/**
 * The kustomization that deploys `dir` with `settings`; `toTree` is the relative path from the
 * directory it is written in to the repository's root (kustomize refuses absolute paths).
 */
export function deploymentOverlay(dir: string, settings: DeploySettings, toTree: string): string {
  const inRepo = (path: string) => (path === "" ? toTree : `${toTree}/${path}`);
  const kustomization: Record<string, unknown> = {
    apiVersion: "kustomize.config.k8s.io/v1beta1",
    kind: "Kustomization",
    resources: [inRepo(dir)],
  };
  if (settings.namespace !== undefined) kustomization.namespace = settings.namespace;
  if (settings.namePrefix !== undefined) kustomization.namePrefix = settings.namePrefix;
  if (settings.nameSuffix !== undefined) kustomization.nameSuffix = settings.nameSuffix;
  if (settings.components !== undefined) kustomization.components = settings.components.map(inRepo);
  if (settings.patches !== undefined) kustomization.patches = settings.patches;
  // JSON is YAML to kustomize, and keeps the yaml package out of a run that renders nothing.
  return `${JSON.stringify(kustomization, null, 2)}\n`;
}

/** Whether the overlay is needed at all (substitution and a default namespace need no kustomize). */
export function needsOverlay(settings: DeploySettings): boolean {
  return (
    settings.namespace !== undefined ||
    settings.namePrefix !== undefined ||
    settings.nameSuffix !== undefined ||
    settings.components !== undefined ||
    settings.patches !== undefined
  );
}

/** A source's label's account of a deployment: its settings, and where they changed since base. */
export function describeDeployment({ settings, atBase }: Deployment): string {
  const described = describeSettings(settings) || "no settings";
  return atBase ? `${described}; settings changed in ${atBase.file}` : described;
}

/** A short description of the settings for a source's label: `targetNamespace prod, namePrefix a-`. */
function describeSettings(settings: DeploySettings): string {
  const parts: string[] = [];
  if (settings.namespace !== undefined) parts.push(`namespace ${settings.namespace}`);
  if (settings.defaultNamespace !== undefined)
    parts.push(`destination namespace ${settings.defaultNamespace}`);
  if (settings.namePrefix !== undefined) parts.push(`namePrefix ${settings.namePrefix}`);
  if (settings.nameSuffix !== undefined) parts.push(`nameSuffix ${settings.nameSuffix}`);
  if (settings.components !== undefined) parts.push(`components ${settings.components.join(", ")}`);
  if (settings.patches !== undefined) parts.push(`${settings.patches.length} patch(es)`);
  if (settings.substitute !== undefined) parts.push("postBuild substitution");
  return parts.join("; ");
}

const DISABLED = /kustomize\.toolkit\.fluxcd\.io\/substitute["']?\s*:\s*["']?disabled\b/;
// `$${name}` is written as `${name}`; `${name}`, `${name:=default}`, `${name:-default}`,
// `${name=default}` and `${name-default}` are replaced (drone/envsubst, which Flux runs). A bare
// `$name` is left alone, as Flux's documentation promises.
const VARIABLE = /\$\$\{|\$\{([_a-zA-Z][_a-zA-Z0-9]*)(?:(:?[=-])([^}]*))?\}/g;

/**
 * Flux's postBuild substitution over kustomize's output: per document, except documents labelled
 * or annotated `kustomize.toolkit.fluxcd.io/substitute: disabled`. An undefined variable without a
 * default becomes "" (Flux's default), or stays as written when its value lives in the cluster: its
 * name is then added to `kept`.
 */
export function substituteVariables(
  rendered: string,
  substitute: NonNullable<DeploySettings["substitute"]>,
  kept?: Set<string>,
): string {
  return rendered
    .split(/^(?=---[ \t]*$)/m)
    .map((document) => (DISABLED.test(document) ? document : substituteDocument(document, substitute, kept)))
    .join("");
}

function substituteDocument(
  document: string,
  { vars, keepUnknown }: NonNullable<DeploySettings["substitute"]>,
  kept: Set<string> | undefined,
) {
  return document.replace(
    VARIABLE,
    (match, name: string | undefined, operator?: string, fallback?: string) => {
      if (name === undefined) return "${";
      const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
      if (operator !== undefined) {
        const useDefault = operator.startsWith(":")
          ? value === undefined || value === ""
          : value === undefined;
        if (!useDefault) return value!;
        if (!keepUnknown || value !== undefined) return fallback ?? "";
      } else if (value !== undefined) return value;
      else if (!keepUnknown) return "";
      kept?.add(name);
      return match;
    },
  );
}
