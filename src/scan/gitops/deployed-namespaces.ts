// Plain directories (no kustomization.yaml) that GitOps objects deploy get the namespace each says:
// Argo CD applies a directory app's objects that name no namespace in `destination.namespace`;
// Flux builds a plain directory through a kustomization it generates, so `targetNamespace` replaces
// the namespace of every namespaced object. Read as raw files, such objects would otherwise be
// planned in --namespace (`default`). A directory two objects deploy into two namespaces (one Flux
// Kustomization per cluster, `targetNamespace: prod` and `staging`) holds each object once per
// namespace: the plan sees both. Pure: the scan finds the deployments (scan/).
import type { Manifest, ManifestProblem } from "../../core/model.js";
import type { SourceWarning } from "../sources/source-warning.js";
import { type Deployment, type DeploySettings, deploymentsOf } from "./deployed-dirs.js";
import { deploymentUnitOf } from "./folder-definitions.js";

type NamespaceSettings = Pick<DeploySettings, "namespace" | "defaultNamespace"> & {
  /** A deployment that gives the namespace or a name affix as a template: where it puts the objects, or their names, is not known. */
  templated?: Deployment;
};

/** The namespace settings of each way the folder deploying a file is deployed; undefined: none. */
export type NamespaceOf = (file: string) => readonly NamespaceSettings[] | undefined;

/**
 * The namespace settings of the folder deploying each file: its deepest deployed directory's, one
 * entry per distinct settings of the objects deploying it (`{}`: as the files write it).
 */
export function namespacesOfDeployments(deployments: readonly Deployment[]): NamespaceOf | undefined {
  const byDir = new Map<string, Map<string, NamespaceSettings>>();
  for (const d of deployments) {
    // Argo CD's source.kustomize applies to kustomizations only; a directory app gets destination.namespace.
    const replaces = d.by.startsWith("Flux") ? d.settings.namespace : undefined;
    const own = {
      ...(replaces ? { namespace: replaces } : {}),
      ...(d.settings.defaultNamespace ? { defaultNamespace: d.settings.defaultNamespace } : {}),
      ...(d.templated ? { templated: d } : {}),
    };
    const ways = byDir.get(d.dir) ?? new Map<string, NamespaceSettings>();
    byDir.set(d.dir, ways.set(JSON.stringify(own), own));
  }
  const dirs = [...byDir.keys()];
  if (dirs.length === 0) return undefined;
  return (file) => {
    const unit = deploymentUnitOf(file, dirs);
    const ways = unit === undefined ? undefined : byDir.get(unit);
    return ways && [...ways.values()];
  };
}

/**
 * The manifests of one file in the namespaces its deployments put them (copies; the input is
 * shared): one per namespace. An object deployments place in several (`namespaceByDeployment`) is
 * one object in each, whose stamp holds one value for all of them.
 */
export function inDeployedNamespace(manifests: readonly Manifest[], namespaceOf: NamespaceOf): Manifest[] {
  return manifests.flatMap((m) => {
    if (m.id.namespace === "") return [m];
    const given = (namespaceOf(m.file) ?? []).map(
      (s) => s.namespace ?? (m.namespaceAssumed ? s.defaultNamespace : undefined),
    );
    if (given.every((namespace) => namespace === undefined)) return [m];
    const { namespaceAssumed, ...rest } = m;
    // A way that places nothing (an object deploying the folder as it is): as the file writes it.
    const namespaces = new Set(given.map((namespace) => namespace ?? m.id.namespace));
    // Placed in one namespace, its stamp keeps the value it always had (the namespace in it).
    const several = namespaces.size > 1 ? { namespaceByDeployment: true as const } : {};
    return [...namespaces].map(
      (namespace): Manifest => ({
        ...rest,
        id: { ...m.id, namespace },
        ...several,
        ...(namespaceAssumed && given.includes(undefined) && namespace === m.id.namespace
          ? { namespaceAssumed }
          : {}),
      }),
    );
  });
}

/** Raw manifests as `stamp` hashes them: in the namespace the GitOps object deploying their folder says. */
export function inDeployedNamespaces(manifests: Manifest[]): Manifest[] {
  const namespaceOf = namespacesOfDeployments(deploymentsOf(manifests.map((m) => m.object)));
  return namespaceOf ? inDeployedNamespace(manifests, namespaceOf) : manifests;
}

/**
 * How the one stamp of a kustomization that several GitOps objects deploy (`ways`: deploymentsOfDir)
 * can serve them all. Ways that differ only in the namespace they give its objects (one Flux
 * Kustomization per cluster, `targetNamespace: prod` and `staging`) render the same objects in
 * other namespaces: it is built as the first deploys it, and its value leaves the namespace out
 * (`namespaceFree`, the rule of a plain directory: core/config-hash.ts namespaceFree). Ways that
 * differ in more (a name prefix, patches, substitution) render other objects: `differ` names them,
 * and its one value (as kustomize builds it) cannot be each one's.
 */
type RootStamp = { as: Deployment | undefined; namespaceFree?: true } | { differ: string[] };

export function stampOfWays(ways: ReadonlyArray<Deployment | undefined>): RootStamp {
  // At head: ways that differ only in the settings they had at base are one way here.
  const distinct = new Map(ways.map((w) => [JSON.stringify(w?.settings ?? {}), w]));
  const [first] = distinct.values();
  if (distinct.size <= 1) return { as: first };
  const beyondNamespace = new Set(
    [...distinct.values()].map((w) => {
      const { namespace: _, defaultNamespace: __, ...rest } = w?.settings ?? {};
      return JSON.stringify(rest);
    }),
  );
  if (beyondNamespace.size === 1) return { as: first, namespaceFree: true };
  return { differ: [...distinct.values()].map((w) => w?.by ?? "as kustomize builds it") };
}

/**
 * stampOfWays for a rendered kustomization (`label`) of the plan: `namespace-free` when its one
 * stamp leaves the namespace out, `cannotMatch` (why) when it is as kustomize builds it.
 */
export function stampedAs(
  label: string,
  ways: ReadonlyArray<Deployment | undefined>,
): "namespace-free" | { cannotMatch: string } | undefined {
  const stamp = stampOfWays(ways);
  if ("differ" in stamp)
    return {
      cannotMatch: `${label} is deployed ${stamp.differ.length} ways that differ in more than the namespace (${stamp.differ.join(", ")}): its one value is written as kustomize builds it, not as each deployment renders it`,
    };
  return stamp.namespaceFree ? "namespace-free" : undefined;
}

/**
 * A deployment that gives the namespace, or a name prefix or suffix, as a template
 * (`targetNamespace: ${CLUSTER_NS}`, `namePrefix: ${CLUSTER}-`): its objects are read as the files
 * write them, which may not be where it puts them or what it calls them, so the plan says it cannot
 * tell (unread: the plan is incomplete), naming the object's file and the field.
 */
function templatedSettingWarning(d: Deployment): SourceWarning | undefined {
  const t = d.templated;
  if (t === undefined) return undefined;
  const where = d.file ? ` (${d.file})` : "";
  const namespace = t.what === "namespace";
  const how = namespace ? `into namespace \`${t.value}\`` : `with the ${t.what} \`${t.value}\``;
  const unknown = namespace ? "which namespace its objects go to" : "what its objects are called";
  return {
    file: d.file ?? (d.dir || "."),
    message: `${d.by}${where} deploys ${d.dir || "."} ${how} (${t.field}), a template only its controller fills in (a variable its parent Kustomization substitutes, an ApplicationSet parameter): ${unknown} cannot be told, and they are planned as the files write them`,
    unread: `${t.field} \`${t.value}\`: ${namespace ? "the namespace is" : "the names are"} not known`,
  };
}

/** templatedSettingWarning for the deployments of the directories rendered (`dirs`). */
export function templatedSettingWarnings(
  deployments: readonly Deployment[],
  dirs: ReadonlySet<string | undefined>,
): SourceWarning[] {
  return deployments.flatMap((d) => (dirs.has(d.dir) ? (templatedSettingWarning(d) ?? []) : []));
}

/** templatedSettingWarning for the deployments of raw files' folders, as problems of their parse. */
export function templatedSettingProblems(
  manifests: readonly Manifest[],
  namespaceOf: NamespaceOf,
): ManifestProblem[] {
  const templated = new Set(
    manifests.flatMap((m) => (namespaceOf(m.file) ?? []).flatMap((s) => (s.templated ? [s.templated] : []))),
  );
  return [...templated].flatMap((d) => {
    const warning = templatedSettingWarning(d);
    return warning ? [{ ...warning, line: 1, col: 1, severity: "warning" as const }] : [];
  });
}
