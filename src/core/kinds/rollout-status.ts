// When is a rollout finished? The rules and messages of `kubectl rollout status`
// (kubectl/pkg/polymorphichelpers/rollout_status.go), as one pure function per kind, so users
// see the lines they already know.

import { field, isRecord } from "../json-shape.js";

export interface RolloutStatus {
  /** True when there is nothing more to wait for (finished, failed, or cannot be waited on). */
  done: boolean;
  /** One line for humans: progress, success, or the error. */
  message: string;
  /** Set when the rollout failed or cannot be waited on. */
  error?: string;
  /** True when the workload's update strategy gives no rollout to wait for (kubectl errors out too). */
  notWaitable?: boolean;
  /** True when the rollout stopped at a pause waiting for a person (an Argo canary step): done waiting, not failed. */
  paused?: boolean;
}

export function deploymentStatus(obj: Record<string, unknown>): RolloutStatus {
  const name = nameOf(obj);
  const spec = field(obj, "spec");
  const status = field(obj, "status");
  if (num(field(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("Deployment"));
  }
  const progressing = conditions(status).find((c) => field(c, "type") === "Progressing");
  if (field(progressing, "reason") === "ProgressDeadlineExceeded") {
    return failed(`deployment "${name}" exceeded its progress deadline`);
  }
  const updated = num(status, "updatedReplicas");
  const specReplicas = optionalNum(spec, "replicas");
  if (specReplicas !== undefined && updated < specReplicas) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${specReplicas} new replicas have been updated...`,
    );
  }
  const replicas = num(status, "replicas");
  if (replicas > updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${replicas - updated} old replicas are pending termination...`,
    );
  }
  const available = num(status, "availableReplicas");
  if (available < updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...`,
    );
  }
  return { done: true, message: `deployment "${name}" successfully rolled out` };
}

export function daemonSetStatus(obj: Record<string, unknown>): RolloutStatus {
  const name = nameOf(obj);
  const status = field(obj, "status");
  // The API server defaults a missing strategy to RollingUpdate.
  const strategy = field(field(field(obj, "spec"), "updateStrategy"), "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (daemon set "${name}" uses ${String(strategy)})`,
    );
  }
  if (num(field(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("DaemonSet"));
  }
  const desired = num(status, "desiredNumberScheduled");
  const updated = num(status, "updatedNumberScheduled");
  if (updated < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`,
    );
  }
  const available = num(status, "numberAvailable");
  if (available < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`,
    );
  }
  return { done: true, message: `daemon set "${name}" successfully rolled out` };
}

export function statefulSetStatus(obj: Record<string, unknown>): RolloutStatus {
  const name = nameOf(obj);
  const spec = field(obj, "spec");
  const status = field(obj, "status");
  const updateStrategy = field(spec, "updateStrategy");
  const strategy = field(updateStrategy, "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (statefulset "${name}" uses ${String(strategy)})`,
    );
  }
  const observed = num(status, "observedGeneration");
  if (observed === 0 || num(field(obj, "metadata"), "generation") > observed) {
    return waiting(specUpdateMessage("StatefulSet"));
  }
  const specReplicas = optionalNum(spec, "replicas");
  const ready = num(status, "readyReplicas");
  if (specReplicas !== undefined && ready < specReplicas) {
    return waiting(`Waiting for ${specReplicas - ready} pods to be ready...`);
  }
  const updated = num(status, "updatedReplicas");
  const rollingUpdate = field(updateStrategy, "rollingUpdate");
  if (isRecord(rollingUpdate)) {
    // kubectl skips the check when partition is unset; the API server always defaults it to 0,
    // so an unset partition (objects not defaulted by a real server) means 0 here.
    const partition = optionalNum(rollingUpdate, "partition") ?? 0;
    if (specReplicas !== undefined && updated < specReplicas - partition) {
      return waiting(
        `Waiting for partitioned roll out to finish: ${updated} out of ${specReplicas - partition} new pods have been updated...`,
      );
    }
    return { done: true, message: `partitioned roll out complete: ${updated} new pods have been updated...` };
  }
  const updateRevision = String(field(status, "updateRevision") ?? "");
  const currentRevision = String(field(status, "currentRevision") ?? "");
  if (updateRevision !== currentRevision) {
    return waiting(
      `waiting for statefulset rolling update to complete ${updated} pods at revision ${updateRevision}...`,
    );
  }
  return {
    done: true,
    message: `statefulset rolling update complete ${num(status, "currentReplicas")} pods at revision ${currentRevision}...`,
  };
}

/** kubectl's line for a spec change the controller has not observed yet. */
export function specUpdateMessage(kind: string): string {
  const label =
    { Deployment: "deployment", DaemonSet: "daemon set", StatefulSet: "statefulset", Rollout: "rollout" }[
      kind
    ] ?? kind;
  return `Waiting for ${label} spec update to be observed...`;
}

function waiting(message: string): RolloutStatus {
  return { done: false, message };
}

function failed(error: string): RolloutStatus {
  return { done: true, message: error, error };
}

function notWaitable(error: string): RolloutStatus {
  return { done: true, message: error, error, notWaitable: true };
}

function nameOf(obj: Record<string, unknown>): string {
  return String(field(field(obj, "metadata"), "name") ?? "");
}

function conditions(status: unknown): unknown[] {
  const list = field(status, "conditions");
  return Array.isArray(list) ? list : [];
}

/** Go's zero value for an absent integer field, as kubectl reads it. */
function num(obj: unknown, key: string): number {
  return optionalNum(obj, key) ?? 0;
}

function optionalNum(obj: unknown, key: string): number | undefined {
  const value = field(obj, key);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
