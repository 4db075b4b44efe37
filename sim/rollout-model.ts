// Pure rollout model: how a workload controller moves pods from the old pod template to the
// new one, one step at a time, and the status object each state shows to clients.
import { createHash } from "node:crypto";
import { isRecord, numberAt, recordAt, stringAt, valueAt } from "./json.js";
import type { KubeObject, RolloutBehaviour } from "./types.js";

export interface RolloutProgress {
  /** Hash of the pod template being rolled out. */
  templateHash: string;
  /** Pods still on the previous template (all ready). */
  old: number;
  /** Pods on the new template, and how many of them are ready. */
  updated: number;
  updatedReady: number;
  steps: number;
  /** Deployment passed its progress deadline. */
  failed: boolean;
  /** Never advances (OnDelete strategy: pods change only when deleted). */
  frozen: boolean;
}

export interface WorkloadState {
  /** Hash of the template every settled pod runs ("" when none has run yet). */
  rolledHash: string;
  /** Deployment revision (deployment.kubernetes.io/revision). */
  revision: number;
  observedGeneration: number;
  progress?: RolloutProgress;
}

export const REVISION_ANNOTATION = "deployment.kubernetes.io/revision";

/** Null fields and empty objects decode to nothing on the real server (`kubectl rollout undo` sends both). */
function isEmptyField(value: unknown): boolean {
  return (
    value === null || value === undefined || (isRecord(value) && Object.values(value).every(isEmptyField))
  );
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((k) => !isEmptyField(value[k]))
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Stable hash of the pod template (key order does not matter), like a pod-template-hash. */
export function templateHash(obj: KubeObject): string {
  return createHash("sha256")
    .update(canonical(valueAt(obj, "spec", "template") ?? {}))
    .digest("hex")
    .slice(0, 10);
}

/** Pods the controller wants: spec.replicas (default 1), or one per node for a DaemonSet. */
export function desiredPods(kind: string, obj: KubeObject, nodes: number): number {
  if (kind === "DaemonSet") return nodes;
  return numberAt(obj, "spec", "replicas") ?? 1;
}

function updateStrategyType(kind: string, obj: KubeObject): string | undefined {
  return kind === "Deployment"
    ? stringAt(obj, "spec", "strategy", "type")
    : stringAt(obj, "spec", "updateStrategy", "type");
}

function isPaused(kind: string, obj: KubeObject): boolean {
  return kind === "Deployment" && valueAt(obj, "spec", "paused") === true;
}

/** Pods that reach the new template before the rollout stops (a StatefulSet partition keeps the rest). */
function goalOf(kind: string, obj: KubeObject, nodes: number): number {
  const desired = desiredPods(kind, obj, nodes);
  if (kind !== "StatefulSet") return desired;
  const partition = numberAt(obj, "spec", "updateStrategy", "rollingUpdate", "partition") ?? 0;
  return Math.max(0, desired - partition);
}

function currentPods(kind: string, obj: KubeObject, state: WorkloadState): number {
  if (state.progress) return state.progress.old + state.progress.updated;
  const status = recordAt(obj, "status") ?? {};
  const field = kind === "DaemonSet" ? "currentNumberScheduled" : "replicas";
  return typeof status[field] === "number" ? (status[field] as number) : 0;
}

/** A settled state: every pod on the current template. */
export function settledState(kind: string, obj: KubeObject): WorkloadState {
  const revision = Number(stringAt(obj, "metadata", "annotations", REVISION_ANNOTATION) ?? "1") || 1;
  return {
    rolledHash: templateHash(obj),
    revision: kind === "Deployment" ? revision : 0,
    observedGeneration: numberAt(obj, "metadata", "generation") ?? 1,
  };
}

/**
 * One controller step. Returns the next state and whether the controller has nothing more to
 * do until the object changes again.
 */
export function advance(
  kind: string,
  obj: KubeObject,
  previous: WorkloadState,
  behaviour: RolloutBehaviour,
  nodes: number,
): { state: WorkloadState; done: boolean } {
  const state: WorkloadState = { ...previous, progress: previous.progress && { ...previous.progress } };
  const generation = numberAt(obj, "metadata", "generation") ?? 1;
  if (state.observedGeneration !== generation) {
    state.observedGeneration = generation;
    const hash = templateHash(obj);
    if (isPaused(kind, obj)) return { state, done: true };
    if (state.progress?.templateHash === hash) return { state, done: state.progress.frozen };
    if (hash === state.rolledHash && !state.progress) return { state, done: true };
    state.progress = {
      templateHash: hash,
      old: currentPods(kind, obj, previous),
      updated: 0,
      updatedReady: 0,
      steps: 0,
      failed: false,
      frozen: kind !== "Deployment" && updateStrategyType(kind, obj) === "OnDelete",
    };
    if (kind === "Deployment") state.revision++;
    return { state, done: state.progress.frozen };
  }
  const progress = state.progress;
  if (!progress || progress.frozen || progress.failed || isPaused(kind, obj)) return { state, done: true };
  progress.steps++;
  const desired = desiredPods(kind, obj, nodes);
  const goal = goalOf(kind, obj, nodes);
  if (behaviour === "progress-deadline" && kind === "Deployment" && progress.steps >= 2) {
    progress.failed = true;
    return { state, done: true };
  }
  const stuck = behaviour !== "complete" && progress.updated >= 1;
  if (stuck) return { state, done: true };
  if (progress.updatedReady < progress.updated) {
    // New pods become ready; a Deployment then scales the old ReplicaSet down by as many.
    progress.updatedReady = progress.updated;
    if (kind === "Deployment") progress.old = Math.min(progress.old, Math.max(0, desired - progress.updated));
  } else if (progress.updated < goal) {
    // A Deployment surges a new pod; StatefulSets and DaemonSets replace one pod in place.
    progress.updated++;
    if (kind !== "Deployment") progress.old = Math.max(0, progress.old - 1);
    if (behaviour !== "complete") return { state, done: false };
  }
  const finished = progress.updated >= goal && progress.updatedReady === progress.updated;
  if (!finished) return { state, done: false };
  // Pods beyond the goal stay on the old template (a StatefulSet partition); scale-downs are done.
  progress.old = Math.min(progress.old, Math.max(0, desired - progress.updated));
  if (progress.old === 0) {
    state.rolledHash = progress.templateHash;
    state.progress = undefined;
  }
  return { state, done: true };
}
