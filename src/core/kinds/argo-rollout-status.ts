// When is an Argo Rollout finished? Argo's own client-side rules (the phase that `kubectl argo
// rollouts status` reports), as one pure function: Healthy is done, Degraded failed, Paused is a
// canary step or a manual pause waiting for a promotion — not a failure, and nothing to wait for.

import { field, stringField } from "../json-shape.js";
import type { RolloutStatus } from "./rollout-status.js";

type Plain = Record<string, unknown>;

/** Set by Argo on a Rollout whose template comes from `workloadRef`: the referenced object's generation. */
export const WORKLOAD_GENERATION_ANNOTATION = "rollout.argoproj.io/workload-generation";

export function argoRolloutStatus(obj: Plain): RolloutStatus {
  const name = String(field(field(obj, "metadata"), "name") ?? "");
  const status = field(obj, "status");
  const [phase, detail] = rolloutPhase(obj);
  const message = `rollout "${name}" ${phase}${detail ? `: ${detail}` : ""}`;
  switch (phase) {
    case "Healthy":
      return { done: true, message: `rollout "${name}" successfully rolled out (Healthy)` };
    case "Degraded":
      return { done: true, message, error: message };
    case "Paused":
      return { done: true, paused: true, message: `${message} (promote it to continue)` };
    default:
      return {
        done: false,
        message: `Waiting for rollout "${name}" to finish: ${detail || "Progressing"}${stepOf(status)}`,
      };
  }
}

/** [phase, message], following Argo's order of checks. */
function rolloutPhase(obj: Plain): [string, string] {
  const spec = field(obj, "spec");
  const status = field(obj, "status");
  // Argo's CRD types status.observedGeneration as a string (old versions stored a hash there).
  const observed = Number.parseInt(String(field(status, "observedGeneration") ?? ""), 10);
  const generation = field(field(obj, "metadata"), "generation");
  if (Number.isFinite(observed) && typeof generation === "number" && observed < generation) {
    return ["Progressing", "waiting for rollout spec update to be observed"];
  }
  if (field(status, "controllerPause") === true && arrayOf(field(status, "pauseConditions")).length === 0) {
    return ["Progressing", "waiting for rollout to unpause"];
  }
  const workloadGeneration = Number.parseInt(
    String(field(field(field(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10,
  );
  const workloadObserved = Number.parseInt(String(field(status, "workloadObservedGeneration") ?? ""), 10);
  if (
    Number.isFinite(workloadGeneration) &&
    Number.isFinite(workloadObserved) &&
    workloadGeneration !== workloadObserved
  ) {
    return ["Progressing", "waiting for rollout spec update to be observed for the reference workload"];
  }
  const phase = stringField(status, "phase");
  // Argo 1.0+ computes the phase in the controller; older controllers leave it to clients.
  if (phase) return [phase, stringField(status, "message") ?? ""];
  return calculatedPhase(spec, status);
}

function calculatedPhase(spec: unknown, status: unknown): [string, string] {
  for (const condition of arrayOf(field(status, "conditions"))) {
    const reason = stringField(condition, "reason");
    const message = stringField(condition, "message") ?? "";
    if (field(condition, "type") === "InvalidSpec") return ["Degraded", `InvalidSpec: ${message}`];
    if (reason === "RolloutAborted" || reason === "ProgressDeadlineExceeded") {
      return ["Degraded", `${reason}: ${message}`];
    }
  }
  if (field(spec, "paused") === true) return ["Paused", "manually paused"];
  const pause = arrayOf(field(status, "pauseConditions"))[0];
  if (pause !== undefined) return ["Paused", stringField(pause, "reason") ?? ""];
  const replicas = numberOr(field(spec, "replicas"), 1);
  const updated = numberOr(field(status, "updatedReplicas"), 0);
  const available = numberOr(field(status, "availableReplicas"), 0);
  if (updated < replicas) return ["Progressing", "more replicas need to be updated"];
  if (available < updated) return ["Progressing", "updated replicas are still becoming available"];
  const stable = stringField(status, "stableRS") ?? "";
  if (stable === "" || stable !== stringField(status, "currentPodHash")) {
    return ["Progressing", "waiting for all steps to complete"];
  }
  return ["Healthy", ""];
}

function stepOf(status: unknown): string {
  const step = field(status, "currentStepIndex");
  return typeof step === "number" ? ` (canary step ${step})` : "";
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
