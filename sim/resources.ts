// The resource types the simulated server knows, as discovery describes them.

export interface ResourceInfo {
  group: string;
  version: string;
  /** Plural name used in paths ("deployments"). */
  resource: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  shortNames: string[];
  verbs: string[];
  /** Subresources served ("status", "scale"). */
  subresources: string[];
  /** metadata.generation is kept and bumped when .spec changes. */
  hasGeneration: boolean;
  /** Rolled out by the simulator. */
  workload: boolean;
  /** Discovery categories (`kubectl get all`). */
  categories: string[];
  /** Served from a CustomResourceDefinition: no strategic merge patch (415), like the real server. */
  custom?: boolean;
}

const ALL_VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

function resource(
  group: string,
  resourceName: string,
  kind: string,
  extra: Partial<ResourceInfo> = {},
): ResourceInfo {
  return {
    group,
    version: "v1",
    resource: resourceName,
    singular: kind.toLowerCase(),
    kind,
    namespaced: true,
    shortNames: [],
    verbs: ALL_VERBS,
    subresources: [],
    hasGeneration: false,
    workload: false,
    categories: group === "" && resourceName !== "pods" ? [] : ["all"],
    ...extra,
  };
}

export const RESOURCES: readonly ResourceInfo[] = [
  resource("", "namespaces", "Namespace", {
    namespaced: false,
    shortNames: ["ns"],
    verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
    subresources: ["status"],
  }),
  resource("", "configmaps", "ConfigMap", { shortNames: ["cm"] }),
  resource("", "secrets", "Secret"),
  resource("", "pods", "Pod", { shortNames: ["po"], subresources: ["status", "log"] }),
  // Written by the simulated kubelet about pods that cannot start (pod-states.ts).
  resource("", "events", "Event", { shortNames: ["ev"] }),
  resource("apps", "deployments", "Deployment", {
    shortNames: ["deploy"],
    subresources: ["status", "scale"],
    hasGeneration: true,
    workload: true,
  }),
  resource("apps", "statefulsets", "StatefulSet", {
    shortNames: ["sts"],
    subresources: ["status", "scale"],
    hasGeneration: true,
    workload: true,
  }),
  resource("apps", "daemonsets", "DaemonSet", {
    shortNames: ["ds"],
    subresources: ["status"],
    hasGeneration: true,
    workload: true,
  }),
  resource("apps", "replicasets", "ReplicaSet", {
    shortNames: ["rs"],
    subresources: ["status", "scale"],
    hasGeneration: true,
  }),
  // Written by the simulated StatefulSet/DaemonSet controllers (controller-revisions.ts).
  resource("apps", "controllerrevisions", "ControllerRevision", { categories: [] }),
  resource("batch", "jobs", "Job", { subresources: ["status"], hasGeneration: true }),
  resource("batch", "cronjobs", "CronJob", {
    shortNames: ["cj"],
    subresources: ["status"],
    hasGeneration: true,
  }),
];

export const API_GROUPS = ["apps", "batch"] as const;

export function apiVersionOf(info: ResourceInfo): string {
  return info.group === "" ? info.version : `${info.group}/${info.version}`;
}

/** "deployments.apps" or "configmaps": how the real server names a resource in error messages. */
export function qualifiedResource(info: ResourceInfo): string {
  return info.group === "" ? info.resource : `${info.resource}.${info.group}`;
}

/** "Deployment.apps" or "ConfigMap": how the real server names a kind in validation errors. */
export function qualifiedKind(info: ResourceInfo): string {
  return info.group === "" ? info.kind : `${info.kind}.${info.group}`;
}

export function findResource(group: string, version: string, name: string): ResourceInfo | undefined {
  return RESOURCES.find((r) => r.group === group && r.version === version && r.resource === name);
}

/** By kind ("Deployment"), plural ("deployments"), singular or short name, case-insensitive. */
export function resourceFor(kindOrResource: string): ResourceInfo | undefined {
  const wanted = kindOrResource.toLowerCase();
  return RESOURCES.find(
    (r) =>
      r.kind.toLowerCase() === wanted ||
      r.resource === wanted ||
      r.singular === wanted ||
      r.shortNames.includes(wanted),
  );
}

export function resourcesOfGroup(group: string): ResourceInfo[] {
  return RESOURCES.filter((r) => r.group === group);
}
