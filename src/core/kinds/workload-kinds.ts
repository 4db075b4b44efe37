// One accessor over every workload kind (Reloader's per-kind table, as a function): where the pod
// template lives, and whether config-rollout can restart it.

import { field, isRecord } from "../manifests/json-shape.js";
import type { RestartableKind } from "../model.js";
import { RESTARTABLE_KINDS } from "../model.js";

export interface PodTemplate {
  /** The PodSpec-like value (unchecked: references.ts narrows what it reads). */
  spec: unknown;
  /** The pod template's metadata (the object's own metadata for a bare Pod). */
  metadata: unknown;
}

/** Where each kind keeps its pod template, as a path from the object. */
const TEMPLATE_PATHS: Record<string, string[]> = {
  Deployment: ["spec", "template"],
  StatefulSet: ["spec", "template"],
  DaemonSet: ["spec", "template"],
  ReplicaSet: ["spec", "template"],
  Job: ["spec", "template"],
  CronJob: ["spec", "jobTemplate", "spec", "template"],
  Pod: [],
};

const SKIP_REASONS: Record<string, string> = {
  CronJob: "CronJob: picks up the change on its next run",
  Job: "Job: a running job keeps its config; the next job created picks up the change",
  Pod: "Pod: a bare pod must be recreated",
  ReplicaSet: "ReplicaSet: restart the Deployment that owns it, or recreate its pods",
};

/** The pod template of a workload object, or undefined for other kinds or a malformed object. */
export function podTemplateOf(obj: unknown): PodTemplate | undefined {
  const kind = field(obj, "kind");
  if (typeof kind !== "string" || !Object.hasOwn(TEMPLATE_PATHS, kind)) return undefined;
  let template: unknown = obj;
  for (const step of TEMPLATE_PATHS[kind]!) template = field(template, step);
  if (!isRecord(template)) return undefined;
  return { spec: field(template, "spec"), metadata: field(template, "metadata") };
}

export function isWorkloadKind(kind: string): boolean {
  return Object.hasOwn(TEMPLATE_PATHS, kind);
}

export function isRestartable(kind: string): kind is RestartableKind {
  return (RESTARTABLE_KINDS as readonly string[]).includes(kind);
}

/** Why a workload kind is listed but never patched; undefined for restartable (and unknown) kinds. */
export function skipReasonForKind(kind: string): string | undefined {
  return Object.hasOwn(SKIP_REASONS, kind) ? SKIP_REASONS[kind] : undefined;
}
