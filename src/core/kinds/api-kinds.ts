// The API coordinates of every kind config-rollout talks to besides workloads (those are in
// workload-kinds.ts, whose entries carry the same coordinates), and the kinds that have no namespace.
// URLs, RBAC rules and API messages all come from these entries: no other file spells a resource.

import type { ConfigKind } from "../model.js";

/** Where a kind is served: its API group, version and plural resource. */
export interface ApiKind {
  kind: string;
  group: string;
  version: string;
  /** Plural resource name, as URLs and RBAC rules spell it. */
  resource: string;
  /** Served only where a CustomResourceDefinition installs it: discovery decides whether to list it. */
  customResource?: boolean;
}

/** The configs config-rollout follows: what changed, what it applies (--apply) and copies (versioned). */
export const CONFIG_KINDS: readonly (ApiKind & { kind: ConfigKind })[] = [
  { kind: "ConfigMap", group: "", version: "v1", resource: "configmaps" },
  { kind: "Secret", group: "", version: "v1", resource: "secrets" },
];

/** What --prune reads to learn which config copies old revisions of StatefulSets and DaemonSets still name. */
export const CONTROLLER_REVISION: ApiKind = {
  kind: "ControllerRevision",
  group: "apps",
  version: "v1",
  resource: "controllerrevisions",
};

/**
 * What the rollout wait reads to fail fast on pods that cannot start and to say why
 * (rollout/pod-watch.ts): the pods, their ReplicaSets' revisions, their events and logs.
 */
export const POD: ApiKind = { kind: "Pod", group: "", version: "v1", resource: "pods" };
export const EVENT: ApiKind = { kind: "Event", group: "", version: "v1", resource: "events" };
export const REPLICA_SET: ApiKind = {
  kind: "ReplicaSet",
  group: "apps",
  version: "v1",
  resource: "replicasets",
};

/** The entry of a ConfigMap or Secret. */
export function configKind(kind: ConfigKind): ApiKind & { kind: ConfigKind } {
  return CONFIG_KINDS.find((k) => k.kind === kind)!;
}

export function isConfigKind(kind: unknown): kind is ConfigKind {
  return CONFIG_KINDS.some((k) => k.kind === kind);
}

export function apiVersionOf(entry: ApiKind): string {
  return entry.group ? `${entry.group}/${entry.version}` : entry.version;
}

/** "deployments.apps", "configmaps": the resource as RBAC rules and API messages name it. */
export function qualifiedResource(entry: ApiKind): string {
  return entry.group ? `${entry.resource}.${entry.group}` : entry.resource;
}

/** Kinds that have no namespace: an object's id keeps namespace "" whatever its file says. */
const CLUSTER_SCOPED_KINDS = new Set([
  "APIService",
  "CertificateSigningRequest",
  "ClusterIssuer",
  "ClusterRole",
  "ClusterRoleBinding",
  "ComponentStatus",
  "CSIDriver",
  "CSINode",
  "CustomResourceDefinition",
  "FlowSchema",
  "IngressClass",
  "MutatingWebhookConfiguration",
  "Namespace",
  "Node",
  "PersistentVolume",
  "PodSecurityPolicy",
  "PriorityClass",
  "PriorityLevelConfiguration",
  "RuntimeClass",
  "StorageClass",
  "ValidatingAdmissionPolicy",
  "ValidatingAdmissionPolicyBinding",
  "ValidatingWebhookConfiguration",
  "VolumeAttachment",
]);

export function isClusterScoped(kind: string): boolean {
  return CLUSTER_SCOPED_KINDS.has(kind);
}

/**
 * An object kubectl reads as a list of objects (its `items`, each applied on its own): `kind: List`,
 * or a `*List` kind (`DeploymentList`, as `kubectl get -o yaml` writes) whose items are a list.
 */
export function isListKind(kind: string, items: unknown): boolean {
  return kind === "List" || (kind.endsWith("List") && Array.isArray(items));
}
