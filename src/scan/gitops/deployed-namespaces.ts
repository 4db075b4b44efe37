// Plain directories (no kustomization.yaml) that a GitOps object deploys get the namespace it says:
// Argo CD applies a directory app's objects that name no namespace in `destination.namespace`;
// Flux builds a plain directory through a kustomization it generates, so `targetNamespace` replaces
// the namespace of every namespaced object. Read as raw files, such objects would otherwise be
// planned in --namespace (`default`). Pure: the scan finds the deployments (scan/).
import type { Manifest } from "../../core/model.js";
import { type Deployment, type DeploySettings, deploymentsOf } from "./deployed-dirs.js";
import { deploymentUnitOf } from "./folder-definitions.js";

export type NamespaceOf = (
  file: string,
) => Pick<DeploySettings, "namespace" | "defaultNamespace"> | undefined;

/**
 * The namespace settings of the folder deploying each file: its deepest deployed directory's, when
 * every object deploying that directory agrees (two that disagree leave the file as it is).
 */
export function namespacesOfDeployments(deployments: readonly Deployment[]): NamespaceOf | undefined {
  const byDir = new Map<string, Pick<DeploySettings, "namespace" | "defaultNamespace"> | null>();
  for (const d of deployments) {
    // Argo CD's source.kustomize applies to kustomizations only; a directory app gets destination.namespace.
    const replaces = d.by.startsWith("Flux") ? d.settings.namespace : undefined;
    const own = {
      ...(replaces ? { namespace: replaces } : {}),
      ...(d.settings.defaultNamespace ? { defaultNamespace: d.settings.defaultNamespace } : {}),
    };
    const seen = byDir.get(d.dir);
    if (seen === undefined) byDir.set(d.dir, own);
    else if (seen !== null && JSON.stringify(seen) !== JSON.stringify(own)) byDir.set(d.dir, null);
  }
  const dirs = [...byDir.keys()];
  if (dirs.length === 0) return undefined;
  return (file) => {
    const unit = deploymentUnitOf(file, dirs);
    const settings = unit === undefined ? undefined : byDir.get(unit);
    return settings ?? undefined;
  };
}

/** The manifests of one file, in the namespace its deployment puts them (copies; the input is shared). */
export function inDeployedNamespace(manifests: readonly Manifest[], namespaceOf: NamespaceOf): Manifest[] {
  return manifests.map((m) => {
    if (m.id.namespace === "") return m;
    const settings = namespaceOf(m.file);
    const namespace = settings?.namespace ?? (m.namespaceAssumed ? settings?.defaultNamespace : undefined);
    if (namespace === undefined || namespace === m.id.namespace) return m;
    const { namespaceAssumed: _, ...rest } = m;
    return { ...rest, id: { ...m.id, namespace } };
  });
}

/** Raw manifests as `stamp` hashes them: in the namespace the GitOps object deploying their folder says. */
export function inDeployedNamespaces(manifests: Manifest[]): Manifest[] {
  const namespaceOf = namespacesOfDeployments(deploymentsOf(manifests.map((m) => m.object)));
  return namespaceOf ? inDeployedNamespace(manifests, namespaceOf) : manifests;
}

/** Stamp targets named as their files write them (a file is matched by that id), hashed as deployed. */
export function asWritten<T extends { targets: Array<Pick<Manifest, "id" | "file" | "line">> }>(
  read: readonly Manifest[],
  stamps: T,
): T {
  const ids = new Map(read.map((m) => [`${m.file}:${m.line}`, m.id]));
  return {
    ...stamps,
    targets: stamps.targets.map((t) => ({ ...t, id: ids.get(`${t.file}:${t.line}`) ?? t.id })),
  };
}
