// What config-rollout knows about each kind of workload, one table entry per kind: its API
// coordinates, where its pod template lives, how it is restarted (or why it is not), and the rule
// that says when its rollout is finished. Adding a kind is adding an entry here and its tests; no
// other file branches on a workload kind (docs/architecture.md walks through one).

import { field } from "../json-shape.js";
import type { Manifest, ObjectId } from "../model.js";
import {
  type ApiKind,
  CONFIG_KINDS,
  CONTROLLER_REVISION,
  EVENT,
  isConfigKind,
  POD,
  REPLICA_SET,
} from "./api-kinds.js";
import { argoRolloutStatus } from "./argo-rollout-status.js";
import { templateAt } from "./pod-template.js";
import {
  daemonSetStatus,
  deploymentStatus,
  type RolloutStatus,
  statefulSetStatus,
} from "./rollout-status.js";

type Plain = Record<string, unknown>;

/** How a restart is sent: strategic merge for built-in kinds; custom resources accept only merge/JSON patches. */
export type PatchType = "strategic-merge" | "merge";

export interface WorkloadKind extends ApiKind {
  /** Path from the object to its pod template; [] when the object is itself a pod. */
  templatePath: readonly string[];
  /**
   * How config-rollout restarts it, or why it never does (said in the plan as the skip reason).
   * A restart changes the pod template, so the controller rolls new pods out under its own strategy.
   */
  restart: { patch: PatchType } | { never: string };
  /** When its rollout is finished (kubectl's rules, or Argo's); absent: nothing to follow. */
  rolloutStatus?: (obj: Plain) => RolloutStatus;
  /** Why a live object refuses a restart right now (it would not roll), if it does. */
  refusesRestart?: (live: Plain) => string | undefined;
  /**
   * The object whose pod template this one runs instead of its own (Argo Rollouts' `workloadRef`):
   * references are read from that object, and a restart patches that object's template.
   */
  templateOwner?: (obj: Plain) => ObjectId | undefined;
  /**
   * Where the controller keeps its earlier pod templates, and how each holder numbers its revision:
   * the versioned strategy's rollback returns to the config the newest earlier revision ran.
   */
  history?: { holder: ApiKind; revisionOf: (holder: unknown) => number | undefined };
}

/** A kind config-rollout restarts: its entry says how the patch is sent. */
export type RestartableKind = WorkloadKind & { restart: { patch: PatchType } };

export const WORKLOAD_KINDS: readonly WorkloadKind[] = [
  {
    kind: "Deployment",
    group: "apps",
    version: "v1",
    resource: "deployments",
    templatePath: ["spec", "template"],
    restart: { patch: "strategic-merge" },
    rolloutStatus: deploymentStatus,
    history: { holder: REPLICA_SET, revisionOf: annotatedRevision("deployment.kubernetes.io/revision") },
    // `kubectl rollout restart` refuses a paused Deployment too: patching it would queue a surprise
    // rollout for whoever resumes it.
    refusesRestart: (live) =>
      field(field(live, "spec"), "paused") === true
        ? `deployment "${nameOf(live)}" is paused: not restarted (resume it with kubectl rollout resume deployment/${nameOf(live)} -n ${namespaceOf(live)})`
        : undefined,
  },
  {
    kind: "StatefulSet",
    group: "apps",
    version: "v1",
    resource: "statefulsets",
    templatePath: ["spec", "template"],
    restart: { patch: "strategic-merge" },
    rolloutStatus: statefulSetStatus,
    history: { holder: CONTROLLER_REVISION, revisionOf: controllerRevisionNumber },
  },
  {
    kind: "DaemonSet",
    group: "apps",
    version: "v1",
    resource: "daemonsets",
    templatePath: ["spec", "template"],
    restart: { patch: "strategic-merge" },
    rolloutStatus: daemonSetStatus,
    history: { holder: CONTROLLER_REVISION, revisionOf: controllerRevisionNumber },
  },
  {
    kind: "Rollout",
    group: "argoproj.io",
    version: "v1alpha1",
    resource: "rollouts",
    templatePath: ["spec", "template"],
    restart: { patch: "merge" },
    rolloutStatus: argoRolloutStatus,
    history: { holder: REPLICA_SET, revisionOf: annotatedRevision("rollout.argoproj.io/revision") },
    refusesRestart: (live) =>
      field(field(live, "spec"), "paused") === true
        ? `rollout "${nameOf(live)}" is paused: not restarted (resume it with kubectl argo rollouts promote ${nameOf(live)} -n ${namespaceOf(live)})`
        : undefined,
    templateOwner: (obj) => {
      const ref = field(field(obj, "spec"), "workloadRef");
      const name = field(ref, "name");
      if (typeof name !== "string" || name === "") return undefined;
      const kind = field(ref, "kind");
      return { kind: typeof kind === "string" ? kind : "Deployment", namespace: namespaceOf(obj), name };
    },
    customResource: true,
  },
  {
    kind: "CronJob",
    group: "batch",
    version: "v1",
    resource: "cronjobs",
    templatePath: ["spec", "jobTemplate", "spec", "template"],
    restart: { never: "CronJob: picks up the change on its next run" },
  },
  {
    kind: "Job",
    group: "batch",
    version: "v1",
    resource: "jobs",
    templatePath: ["spec", "template"],
    restart: { never: "Job: a running job keeps its config; the next job created picks up the change" },
  },
  {
    kind: "ReplicaSet",
    group: "apps",
    version: "v1",
    resource: "replicasets",
    templatePath: ["spec", "template"],
    restart: { never: "ReplicaSet: restart the Deployment that owns it, or recreate its pods" },
  },
  {
    kind: "Pod",
    group: "",
    version: "v1",
    resource: "pods",
    templatePath: [],
    restart: { never: "Pod: a bare pod must be recreated" },
  },
];

/** A ReplicaSet's revision, from the annotation its controller writes. */
function annotatedRevision(annotation: string): (holder: unknown) => number | undefined {
  return (holder) => {
    const value = field(field(field(holder, "metadata"), "annotations"), annotation);
    const revision = typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    return Number.isSafeInteger(revision) ? revision : undefined;
  };
}

/** A ControllerRevision's `revision` field. */
function controllerRevisionNumber(holder: unknown): number | undefined {
  const revision = field(holder, "revision");
  return typeof revision === "number" && Number.isSafeInteger(revision) ? revision : undefined;
}

const BY_KIND = new Map(WORKLOAD_KINDS.map((k) => [k.kind, k]));

/** The table entry of a kind; for an object with an apiVersion, only when its API group matches too. */
export function workloadKind(kind: string, apiVersion?: unknown): WorkloadKind | undefined {
  const entry = BY_KIND.get(kind);
  if (!entry || typeof apiVersion !== "string") return entry;
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  return group === entry.group ? entry : undefined;
}

/** The kind's entry for an object, by its kind and apiVersion. */
export function workloadKindOf(obj: unknown): WorkloadKind | undefined {
  const kind = field(obj, "kind");
  return typeof kind === "string" ? workloadKind(kind, field(obj, "apiVersion")) : undefined;
}

/** A ConfigMap, a Secret or a workload: what a plan is made of (a Service, RBAC or a CRD is not). */
export function isConfigOrWorkload(m: Manifest): boolean {
  return isConfigKind(m.id.kind) || workloadKindOf(m.object) !== undefined;
}

/** How a kind's restart patch is sent; undefined for a kind that is never restarted. */
export function patchTypeOf(entry: WorkloadKind): PatchType | undefined {
  return "patch" in entry.restart ? entry.restart.patch : undefined;
}

function isRestartableKind(entry: WorkloadKind | undefined): entry is RestartableKind {
  return entry !== undefined && patchTypeOf(entry) !== undefined;
}

/** The entry of a kind config-rollout restarts; undefined for other (and unknown) kinds. */
export function restartableKind(kind: string): RestartableKind | undefined {
  const entry = BY_KIND.get(kind);
  return isRestartableKind(entry) ? entry : undefined;
}

/** Kinds config-rollout patches to restart (in table order). */
export function restartableKinds(): RestartableKind[] {
  return WORKLOAD_KINDS.filter(isRestartableKind);
}

/** Every kind the Kubernetes adapter talks to: workloads, configs, and what --prune reads. */
export const API_KINDS: readonly ApiKind[] = [
  ...WORKLOAD_KINDS,
  ...CONFIG_KINDS,
  CONTROLLER_REVISION,
  POD,
  EVENT,
  REPLICA_SET,
];

const API_KIND_BY_NAME = new Map(API_KINDS.map((k) => [k.kind, k]));

/** The API coordinates of a kind config-rollout talks to; undefined for any other kind. */
export function apiKind(kind: string): ApiKind | undefined {
  return API_KIND_BY_NAME.get(kind);
}

interface PodTemplate {
  /** The PodSpec-like value (unchecked: config-references.ts narrows what it reads). */
  spec: unknown;
  /** The pod template's metadata (the object's own metadata for a bare Pod). */
  metadata: unknown;
}

/** The pod template of a workload object, or undefined for other kinds or a malformed object. */
export function podTemplateOf(obj: unknown): PodTemplate | undefined {
  const entry = workloadKindOf(obj);
  const template = entry && templateAt(obj, entry.templatePath);
  if (!template) return undefined;
  return { spec: field(template, "spec"), metadata: field(template, "metadata") };
}

/**
 * The pod template a workload's pods run: its own, or for a workload that runs another object's
 * template (Argo's workloadRef) that object's, found through `lookup` (undefined when unknown).
 */
export function runningPodTemplateOf(
  obj: unknown,
  lookup: (id: ObjectId) => unknown,
): PodTemplate | undefined {
  const owner = workloadKindOf(obj)?.templateOwner?.(obj as Plain);
  return owner ? podTemplateOf(lookup(owner)) : podTemplateOf(obj);
}

/**
 * The object a restart of this workload patches, as restart.ts finds it from the live object: the
 * workload, or the object whose pod template it runs (Argo's workloadRef); undefined when that
 * object's kind is not one config-rollout patches (the restart then fails with the reason).
 */
export function restartTarget(
  id: ObjectId,
  obj: unknown,
): { id: ObjectId; kind: RestartableKind } | undefined {
  const target = workloadKindOf(obj)?.templateOwner?.(obj as Plain) ?? id;
  const kind = restartableKind(target.kind);
  return kind && { id: target, kind };
}

export function isWorkloadKind(kind: string): boolean {
  return BY_KIND.has(kind);
}

export function isRestartable(kind: string): boolean {
  return restartableKind(kind) !== undefined;
}

/** Why a workload kind is recognised but never patched; undefined for restartable (and unknown) kinds. */
export function skipReasonForKind(kind: string): string | undefined {
  const restart = BY_KIND.get(kind)?.restart;
  return restart && "never" in restart ? restart.never : undefined;
}

function nameOf(obj: unknown): string {
  return String(field(field(obj, "metadata"), "name") ?? "");
}

function namespaceOf(obj: unknown): string {
  return String(field(field(obj, "metadata"), "namespace") ?? "");
}

/** The rollout status of a workload as the API server returns it, by its kind's rule. */
export function rolloutStatus(obj: Plain): RolloutStatus {
  const rule = workloadKindOf(obj)?.rolloutStatus;
  if (rule) return rule(obj);
  const message = `rollout status is not available for kind ${String(field(obj, "kind") ?? "(none)")}`;
  return { done: true, message, error: message, notWaitable: true };
}
