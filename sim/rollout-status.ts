// The status object each controller state shows, shaped like the real controllers' status
// (zero counts omitted, as the real server's omitempty does).
import { isRecord, numberAt, stringAt, valueAt } from "./json.js";
import { desiredPods, type WorkloadState } from "./rollout-model.js";
import type { KubeObject } from "./types.js";

interface Counts {
  old: number;
  updated: number;
  updatedReady: number;
}

function countsOf(kind: string, obj: KubeObject, state: WorkloadState, nodes: number): Counts {
  if (state.progress) return state.progress;
  const desired = desiredPods(kind, obj, nodes);
  return { old: 0, updated: desired, updatedReady: desired };
}

function withoutZeros(status: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(status))
    if (value === 0 && key !== "numberMisscheduled") delete status[key];
  return status;
}

function nowIso(): string {
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

export interface Condition {
  type: string;
  status: string;
  reason: string;
  message: string;
}

/** Keeps lastTransitionTime while the condition status holds, lastUpdateTime while nothing changes. */
export function stampConditions(previous: unknown, conditions: Condition[]): Record<string, unknown>[] {
  const old = Array.isArray(previous) ? previous.filter(isRecord) : [];
  return conditions.map((c) => {
    const before = old.find((o) => o.type === c.type);
    const now = nowIso();
    const same =
      before && before.status === c.status && before.reason === c.reason && before.message === c.message;
    return {
      type: c.type,
      status: c.status,
      lastUpdateTime: same ? before.lastUpdateTime : now,
      lastTransitionTime: before && before.status === c.status ? before.lastTransitionTime : now,
      reason: c.reason,
      message: c.message,
    };
  });
}

function maxUnavailable(obj: KubeObject, desired: number): number {
  const value = valueAt(obj, "spec", "strategy", "rollingUpdate", "maxUnavailable");
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.endsWith("%"))
    return Math.floor((desired * Number(value.slice(0, -1))) / 100);
  return 0;
}

function deploymentStatus(obj: KubeObject, state: WorkloadState, c: Counts): Record<string, unknown> {
  const name = stringAt(obj, "metadata", "name") ?? "";
  const desired = desiredPods("Deployment", obj, 0);
  const available = c.old + c.updatedReady;
  const rs = `ReplicaSet "${name}-${state.progress?.templateHash ?? state.rolledHash}"`;
  const progressing: Condition =
    valueAt(obj, "spec", "paused") === true
      ? {
          type: "Progressing",
          status: "Unknown",
          reason: "DeploymentPaused",
          message: "Deployment is paused",
        }
      : state.progress?.failed
        ? {
            type: "Progressing",
            status: "False",
            reason: "ProgressDeadlineExceeded",
            message: `${rs} has timed out progressing.`,
          }
        : state.progress
          ? {
              type: "Progressing",
              status: "True",
              reason: "ReplicaSetUpdated",
              message: `${rs} is progressing.`,
            }
          : {
              type: "Progressing",
              status: "True",
              reason: "NewReplicaSetAvailable",
              message: `${rs} has successfully progressed.`,
            };
  const availableCondition: Condition =
    available >= desired - maxUnavailable(obj, desired)
      ? {
          type: "Available",
          status: "True",
          reason: "MinimumReplicasAvailable",
          message: "Deployment has minimum availability.",
        }
      : {
          type: "Available",
          status: "False",
          reason: "MinimumReplicasUnavailable",
          message: "Deployment does not have minimum availability.",
        };
  return {
    ...withoutZeros({
      observedGeneration: state.observedGeneration,
      replicas: c.old + c.updated,
      updatedReplicas: c.updated,
      readyReplicas: available,
      availableReplicas: available,
      unavailableReplicas: Math.max(0, desired - available),
    }),
    conditions: stampConditions(valueAt(obj, "status", "conditions"), [availableCondition, progressing]),
  };
}

function statefulSetStatus(obj: KubeObject, state: WorkloadState, c: Counts): Record<string, unknown> {
  const name = stringAt(obj, "metadata", "name") ?? "";
  const ready = c.old + c.updatedReady;
  const current = state.progress ? c.old : c.updated;
  return {
    ...withoutZeros({
      observedGeneration: state.observedGeneration,
      replicas: c.old + c.updated,
      readyReplicas: ready,
      currentReplicas: current,
      updatedReplicas: c.updated,
      availableReplicas: ready,
    }),
    currentRevision: `${name}-${state.rolledHash}`,
    updateRevision: `${name}-${state.progress?.templateHash ?? state.rolledHash}`,
    collisionCount: 0,
  };
}

function daemonSetStatus(state: WorkloadState, c: Counts, nodes: number): Record<string, unknown> {
  const ready = c.old + c.updatedReady;
  return {
    ...withoutZeros({
      currentNumberScheduled: c.old + c.updated,
      desiredNumberScheduled: nodes,
      numberAvailable: ready,
      numberReady: ready,
      observedGeneration: state.observedGeneration,
      updatedNumberScheduled: c.updated,
      numberUnavailable: Math.max(0, nodes - ready),
    }),
    numberMisscheduled: 0,
  };
}

/** The status a workload shows in `state`. */
export function workloadStatus(kind: string, obj: KubeObject, state: WorkloadState, nodes: number) {
  const counts = countsOf(kind, obj, state, nodes);
  switch (kind) {
    case "Deployment":
      return deploymentStatus(obj, state, counts);
    case "StatefulSet":
      return statefulSetStatus(obj, state, counts);
    default:
      return daemonSetStatus(state, counts, nodes);
  }
}

export function generationOf(obj: KubeObject): number {
  return numberAt(obj, "metadata", "generation") ?? 1;
}
