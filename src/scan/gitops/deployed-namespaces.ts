// Plain directories (no kustomization.yaml) that GitOps objects deploy get the namespace each says:
// Argo CD applies a directory app's objects that name no namespace in `destination.namespace`;
// Flux builds a plain directory through a kustomization it generates, so `targetNamespace` replaces
// the namespace of every namespaced object. Read as raw files, such objects would otherwise be
// planned in --namespace (`default`). A directory two objects deploy into two namespaces (one Flux
// Kustomization per cluster, `targetNamespace: prod` and `staging`) holds each object once per
// namespace: the plan sees both. Pure: the scan finds the deployments (scan/).
import type { Manifest } from "../../core/model.js";
import { type Deployment, type DeploySettings, deploymentsOf } from "./deployed-dirs.js";
import { deploymentUnitOf } from "./folder-definitions.js";

type NamespaceSettings = Pick<DeploySettings, "namespace" | "defaultNamespace">;

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
