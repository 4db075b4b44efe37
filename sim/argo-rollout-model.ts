// Pure model of the Argo Rollouts controller: how a Rollout moves from its stable pod template to
// a new one (canary steps, pauses, restarts, a progress deadline) one controller tick at a time,
// and the status each state shows. Phases and messages follow Argo's own rules (Healthy,
// Progressing, Paused, Degraded; status.observedGeneration is a string in Argo's API).
import { isRecord, numberAt, recordAt, stringAt, valueAt } from "./json.js";
import { templateHash } from "./rollout-model.js";
import { type Condition, stampConditions } from "./rollout-status.js";
import type { KubeObject, RolloutBehaviour } from "./types.js";

export const ROLLOUT_REVISION_ANNOTATION = "rollout.argoproj.io/revision";
export const WORKLOAD_GENERATION_ANNOTATION = "rollout.argoproj.io/workload-generation";

export interface ArgoProgress {
  /** Pod template hash being rolled out (status.currentPodHash). */
  podHash: string;
  /** Pods still on the stable template, pods on the new one, and how many of those are ready. */
  old: number;
  updated: number;
  updatedReady: number;
  /** Index of the canary step being executed (status.currentStepIndex). */
  stepIndex: number;
  /** Waiting at a `pause: {}` canary step since this time, until the pause condition is cleared. */
  pausedSince?: string;
  /** First rollout of the object: Argo skips the canary steps when there is no stable ReplicaSet yet. */
  initial: boolean;
}

export interface ArgoState {
  /** Pod template hash of the stable ReplicaSet ("" before the first rollout completed). */
  stableHash: string;
  revision: number;
  observedGeneration: number;
  /** metadata.generation of the Deployment a workloadRef points at, when observed. */
  workloadGeneration?: number;
  /** The last spec.restartAt whose restart finished (status.restartedAt). */
  restartedAt?: string;
  /** A spec.restartAt being carried out: pods still to restart. */
  restart?: { at: string; podsLeft: number };
  progress?: ArgoProgress;
  /** Ticks spent on the current revision or restart (the progress deadline counts them). */
  ticks: number;
  timedOut: boolean;
}

/** The pod template a Rollout runs: spec.template, or the one of the Deployment its workloadRef names. */
export interface ResolvedTemplate {
  template?: unknown;
  /** metadata.generation of the referenced Deployment. */
  workloadGeneration?: number;
  /** Why the template could not be resolved (an InvalidSpec condition). */
  invalid?: string;
}

export function podHash(template: unknown): string {
  return templateHash({ spec: { template: template ?? {} } });
}

function replicasOf(obj: KubeObject): number {
  return numberAt(obj, "spec", "replicas") ?? 1;
}

function canarySteps(obj: KubeObject): Record<string, unknown>[] {
  const steps = valueAt(obj, "spec", "strategy", "canary", "steps");
  return Array.isArray(steps) ? steps.filter(isRecord) : [];
}

function isCanary(obj: KubeObject): boolean {
  return recordAt(obj, "spec", "strategy", "blueGreen") === undefined;
}

function manuallyPaused(obj: KubeObject): boolean {
  return valueAt(obj, "spec", "paused") === true;
}

function nowIso(): string {
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

/** A settled state: every pod on the current template, any restart already done. */
export function settledArgoState(obj: KubeObject, resolved: ResolvedTemplate): ArgoState {
  return {
    stableHash: resolved.template === undefined ? "" : podHash(resolved.template),
    revision: Number(stringAt(obj, "metadata", "annotations", ROLLOUT_REVISION_ANNOTATION) ?? "1") || 1,
    observedGeneration: numberAt(obj, "metadata", "generation") ?? 1,
    workloadGeneration: resolved.workloadGeneration,
    restartedAt: stringAt(obj, "spec", "restartAt"),
    ticks: 0,
    timedOut: false,
  };
}

export function emptyArgoState(): ArgoState {
  return { stableHash: "", revision: 0, observedGeneration: 0, ticks: 0, timedOut: false };
}

/** The user cleared status.pauseConditions (what `kubectl argo rollouts promote` does): go to the next step. */
export function resumeFromPauseStep(previous: ArgoState): ArgoState {
  if (!previous.progress?.pausedSince) return previous;
  return {
    ...previous,
    progress: { ...previous.progress, pausedSince: undefined, stepIndex: previous.progress.stepIndex + 1 },
  };
}

interface Tick {
  state: ArgoState;
  /** Nothing more to do until the Rollout (or its Deployment) changes. */
  done: boolean;
}

/** One controller tick. */
export function advanceArgo(
  obj: KubeObject,
  previous: ArgoState,
  resolved: ResolvedTemplate,
  behaviour: RolloutBehaviour,
): Tick {
  const state: ArgoState = {
    ...previous,
    progress: previous.progress && { ...previous.progress },
    restart: previous.restart && { ...previous.restart },
  };
  state.observedGeneration = numberAt(obj, "metadata", "generation") ?? 1;
  state.workloadGeneration = resolved.workloadGeneration;
  if (resolved.invalid !== undefined || resolved.template === undefined) return { state, done: true };
  const desired = replicasOf(obj);
  const hash = podHash(resolved.template);
  if (hash !== (state.progress?.podHash ?? state.stableHash)) {
    state.ticks = 0;
    state.timedOut = false;
    if (hash === state.stableHash) {
      // Back to the stable template: the canary pods go away, nothing new to roll out.
      state.progress = undefined;
      return { state, done: true };
    }
    const initial = state.stableHash === "";
    state.revision++;
    state.progress = {
      podHash: hash,
      old: initial ? 0 : desired,
      updated: 0,
      updatedReady: 0,
      stepIndex: 0,
      initial,
    };
    return { state, done: false };
  }
  const restartAt = stringAt(obj, "spec", "restartAt");
  const restartPending = restartAt !== undefined && restartAt !== state.restartedAt;
  if (state.timedOut && !state.progress && restartPending && state.restart?.at !== restartAt) {
    // A newer restartAt after a restart that timed out: a fresh attempt.
    state.timedOut = false;
    state.ticks = 0;
    state.restart = undefined;
  }
  if (manuallyPaused(obj) || state.timedOut) return { state, done: true };
  if (!state.progress && !restartPending) return { state, done: true };
  if (state.progress?.pausedSince) return { state, done: true };
  state.ticks++;
  if (behaviour === "progress-deadline" && state.ticks >= 2) {
    state.timedOut = true;
    return { state, done: true };
  }
  const progress = state.progress;
  if (progress) {
    if (behaviour === "stall" && progress.updated >= 1) return { state, done: true };
    return stepRevision(obj, state, progress, desired);
  }
  if (behaviour === "stall") return { state, done: true };
  // spec.restartAt: the controller recreates the stable pods one at a time, then records the time.
  if (!state.restart || state.restart.at !== restartAt) {
    state.restart = { at: restartAt as string, podsLeft: desired };
    return { state, done: false };
  }
  state.restart.podsLeft--;
  if (state.restart.podsLeft > 0) return { state, done: false };
  state.restartedAt = restartAt;
  state.restart = undefined;
  state.ticks = 0;
  return { state, done: true };
}

function stepRevision(obj: KubeObject, state: ArgoState, progress: ArgoProgress, desired: number): Tick {
  if (progress.updatedReady < progress.updated) {
    // The new pods become ready; the stable ReplicaSet then scales down by as many.
    progress.updatedReady = progress.updated;
    progress.old = Math.min(progress.old, Math.max(0, desired - progress.updated));
    return { state, done: false };
  }
  const steps = progress.initial || !isCanary(obj) ? [] : canarySteps(obj);
  const step = steps[progress.stepIndex];
  if (step) {
    const weight = step.setWeight;
    if (typeof weight === "number") {
      const wanted = Math.min(desired, Math.ceil((desired * weight) / 100));
      if (progress.updated < wanted) {
        progress.updated = wanted;
        return { state, done: false };
      }
    } else if (isRecord(step.pause) && step.pause.duration === undefined) {
      progress.pausedSince = nowIso();
      return { state, done: true };
    }
    // A timed pause passes in simulated time; analysis and experiment steps succeed.
    progress.stepIndex++;
    return { state, done: false };
  }
  if (progress.updated < desired) {
    progress.updated = desired;
    return { state, done: false };
  }
  state.stableHash = progress.podHash;
  state.progress = undefined;
  state.ticks = 0;
  const restartAt = stringAt(obj, "spec", "restartAt");
  return { state, done: restartAt === undefined || restartAt === state.restartedAt };
}

interface PhaseAndMessage {
  phase: "Healthy" | "Progressing" | "Paused" | "Degraded";
  message: string;
}

function replicaSetName(obj: KubeObject, hash: string): string {
  return `${stringAt(obj, "metadata", "name") ?? ""}-${hash}`;
}

function timeoutMessage(obj: KubeObject, state: ArgoState): string {
  return state.progress
    ? `ReplicaSet "${replicaSetName(obj, state.progress.podHash)}" has timed out progressing.`
    : `Rollout "${stringAt(obj, "metadata", "name") ?? ""}" has timed out progressing.`;
}

function phaseOf(
  obj: KubeObject,
  state: ArgoState,
  resolved: ResolvedTemplate,
  counts: Counts,
): PhaseAndMessage {
  if (resolved.invalid !== undefined)
    return { phase: "Degraded", message: `InvalidSpec: ${resolved.invalid}` };
  if (state.timedOut)
    return { phase: "Degraded", message: `ProgressDeadlineExceeded: ${timeoutMessage(obj, state)}` };
  if (manuallyPaused(obj)) return { phase: "Paused", message: "manually paused" };
  if (state.progress?.pausedSince) return { phase: "Paused", message: "CanaryPauseStep" };
  const restartAt = stringAt(obj, "spec", "restartAt");
  if (restartAt !== undefined && restartAt !== state.restartedAt)
    return { phase: "Progressing", message: "rollout is restarting" };
  if (counts.updated < replicasOf(obj))
    return { phase: "Progressing", message: "more replicas need to be updated" };
  if (counts.available < counts.updated)
    return { phase: "Progressing", message: "updated replicas are still becoming available" };
  if (state.progress) {
    if (isCanary(obj) && counts.replicas > counts.updated)
      return { phase: "Progressing", message: "old replicas are pending termination" };
    return { phase: "Progressing", message: "waiting for all steps to complete" };
  }
  return { phase: "Healthy", message: "" };
}

interface Counts {
  replicas: number;
  updated: number;
  available: number;
}

function countsOf(obj: KubeObject, state: ArgoState): Counts {
  const p = state.progress;
  if (!p) {
    const desired = state.stableHash === "" ? 0 : replicasOf(obj);
    return { replicas: desired, updated: desired, available: desired };
  }
  return { replicas: p.old + p.updated, updated: p.updated, available: p.old + p.updatedReady };
}

function selectorString(obj: KubeObject): string | undefined {
  const labels = recordAt(obj, "spec", "selector", "matchLabels");
  if (!labels) return undefined;
  return Object.entries(labels)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(",");
}

function conditionsOf(
  obj: KubeObject,
  state: ArgoState,
  resolved: ResolvedTemplate,
  phase: PhaseAndMessage,
  counts: Counts,
): Condition[] {
  const currentHash = state.progress?.podHash ?? state.stableHash;
  const rs = `ReplicaSet "${replicaSetName(obj, currentHash)}"`;
  const paused = phase.phase === "Paused";
  const progressing: Condition = state.timedOut
    ? {
        type: "Progressing",
        status: "False",
        reason: "ProgressDeadlineExceeded",
        message: timeoutMessage(obj, state),
      }
    : paused
      ? { type: "Progressing", status: "Unknown", reason: "RolloutPaused", message: "Rollout is paused" }
      : state.progress || state.restart
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
  const conditions: Condition[] = [
    counts.available >= replicasOf(obj)
      ? {
          type: "Available",
          status: "True",
          reason: "AvailableReason",
          message: "Rollout has minimum availability",
        }
      : {
          type: "Available",
          status: "False",
          reason: "AvailableReason",
          message: "Rollout does not have minimum availability",
        },
    {
      type: "Completed",
      status: state.progress ? "False" : "True",
      reason: "RolloutCompleted",
      message: "RolloutCompleted",
    },
    phase.phase === "Healthy"
      ? { type: "Healthy", status: "True", reason: "RolloutHealthy", message: "Rollout is healthy" }
      : { type: "Healthy", status: "False", reason: "RolloutHealthy", message: "Rollout is not healthy" },
    progressing,
    paused
      ? { type: "Paused", status: "True", reason: "RolloutPaused", message: "Rollout is paused" }
      : { type: "Paused", status: "False", reason: "RolloutResumed", message: "Rollout is resumed" },
  ];
  if (resolved.invalid !== undefined)
    conditions.push({
      type: "InvalidSpec",
      status: "True",
      reason: "InvalidSpec",
      message: resolved.invalid,
    });
  return conditions;
}

/** The status a Rollout shows in `state` (zero counts and empty strings omitted, as Argo's omitempty does). */
export function argoStatus(
  obj: KubeObject,
  state: ArgoState,
  resolved: ResolvedTemplate,
): Record<string, unknown> {
  const counts = countsOf(obj, state);
  const phase = phaseOf(obj, state, resolved, counts);
  const status: Record<string, unknown> = {
    observedGeneration: String(state.observedGeneration),
  };
  if (valueAt(obj, "spec", "workloadRef") !== undefined && state.workloadGeneration !== undefined)
    status.workloadObservedGeneration = String(state.workloadGeneration);
  const numbers: Record<string, number> = {
    replicas: counts.replicas,
    updatedReplicas: counts.updated,
    readyReplicas: counts.available,
    availableReplicas: counts.available,
    HPAReplicas: counts.replicas,
  };
  for (const [key, value] of Object.entries(numbers)) if (value !== 0) status[key] = value;
  const currentHash = state.progress?.podHash ?? state.stableHash;
  if (currentHash) status.currentPodHash = currentHash;
  if (state.stableHash) status.stableRS = state.stableHash;
  const selector = selectorString(obj);
  if (selector) status.selector = selector;
  status.phase = phase.phase;
  if (phase.message) status.message = phase.message;
  const steps = canarySteps(obj);
  if (isCanary(obj) && steps.length > 0)
    status.currentStepIndex =
      state.progress && !state.progress.initial ? state.progress.stepIndex : steps.length;
  if (state.progress?.pausedSince) {
    status.pauseConditions = [{ reason: "CanaryPauseStep", startTime: state.progress.pausedSince }];
    status.controllerPause = true;
  }
  if (state.restartedAt) status.restartedAt = state.restartedAt;
  status.canary = {};
  status.blueGreen = {};
  status.conditions = stampConditions(
    valueAt(obj, "status", "conditions"),
    conditionsOf(obj, state, resolved, phase, counts),
  );
  return status;
}
