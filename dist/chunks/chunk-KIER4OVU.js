import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  field,
  isRecord,
  stringField
} from "./chunk-HRGDZ7KG.js";

// src/core/kinds/argo-rollout-status.ts
var WORKLOAD_GENERATION_ANNOTATION = "rollout.argoproj.io/workload-generation";
function argoRolloutStatus(obj) {
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
        message: `Waiting for rollout "${name}" to finish: ${detail || "Progressing"}${stepOf(status)}`
      };
  }
}
function rolloutPhase(obj) {
  const spec = field(obj, "spec");
  const status = field(obj, "status");
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
    10
  );
  const workloadObserved = Number.parseInt(String(field(status, "workloadObservedGeneration") ?? ""), 10);
  if (Number.isFinite(workloadGeneration) && Number.isFinite(workloadObserved) && workloadGeneration !== workloadObserved) {
    return ["Progressing", "waiting for rollout spec update to be observed for the reference workload"];
  }
  const phase = stringField(status, "phase");
  if (phase) return [phase, stringField(status, "message") ?? ""];
  return calculatedPhase(spec, status);
}
function calculatedPhase(spec, status) {
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
  if (pause !== void 0) return ["Paused", stringField(pause, "reason") ?? ""];
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
function stepOf(status) {
  const step = field(status, "currentStepIndex");
  return typeof step === "number" ? ` (canary step ${step})` : "";
}
function arrayOf(value) {
  return Array.isArray(value) ? value : [];
}
function numberOr(value, fallback) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

// src/core/kinds/rollout-status.ts
function deploymentStatus(obj) {
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
  if (specReplicas !== void 0 && updated < specReplicas) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${specReplicas} new replicas have been updated...`
    );
  }
  const replicas = num(status, "replicas");
  if (replicas > updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${replicas - updated} old replicas are pending termination...`
    );
  }
  const available = num(status, "availableReplicas");
  if (available < updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...`
    );
  }
  return { done: true, message: `deployment "${name}" successfully rolled out` };
}
function daemonSetStatus(obj) {
  const name = nameOf(obj);
  const status = field(obj, "status");
  const strategy = field(field(field(obj, "spec"), "updateStrategy"), "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (daemon set "${name}" uses ${String(strategy)})`
    );
  }
  if (num(field(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("DaemonSet"));
  }
  const desired = num(status, "desiredNumberScheduled");
  const updated = num(status, "updatedNumberScheduled");
  if (updated < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`
    );
  }
  const available = num(status, "numberAvailable");
  if (available < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`
    );
  }
  return { done: true, message: `daemon set "${name}" successfully rolled out` };
}
function statefulSetStatus(obj) {
  const name = nameOf(obj);
  const spec = field(obj, "spec");
  const status = field(obj, "status");
  const updateStrategy = field(spec, "updateStrategy");
  const strategy = field(updateStrategy, "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (statefulset "${name}" uses ${String(strategy)})`
    );
  }
  const observed = num(status, "observedGeneration");
  if (observed === 0 || num(field(obj, "metadata"), "generation") > observed) {
    return waiting(specUpdateMessage("StatefulSet"));
  }
  const specReplicas = optionalNum(spec, "replicas");
  const ready = num(status, "readyReplicas");
  if (specReplicas !== void 0 && ready < specReplicas) {
    return waiting(`Waiting for ${specReplicas - ready} pods to be ready...`);
  }
  const updated = num(status, "updatedReplicas");
  const rollingUpdate = field(updateStrategy, "rollingUpdate");
  if (isRecord(rollingUpdate)) {
    const partition = optionalNum(rollingUpdate, "partition") ?? 0;
    if (specReplicas !== void 0 && updated < specReplicas - partition) {
      return waiting(
        `Waiting for partitioned roll out to finish: ${updated} out of ${specReplicas - partition} new pods have been updated...`
      );
    }
    return { done: true, message: `partitioned roll out complete: ${updated} new pods have been updated...` };
  }
  const updateRevision = String(field(status, "updateRevision") ?? "");
  const currentRevision = String(field(status, "currentRevision") ?? "");
  if (updateRevision !== currentRevision) {
    return waiting(
      `waiting for statefulset rolling update to complete ${updated} pods at revision ${updateRevision}...`
    );
  }
  return {
    done: true,
    message: `statefulset rolling update complete ${num(status, "currentReplicas")} pods at revision ${currentRevision}...`
  };
}
function specUpdateMessage(kind) {
  const label = { Deployment: "deployment", DaemonSet: "daemon set", StatefulSet: "statefulset", Rollout: "rollout" }[kind] ?? kind;
  return `Waiting for ${label} spec update to be observed...`;
}
function waiting(message) {
  return { done: false, message };
}
function failed(error) {
  return { done: true, message: error, error };
}
function notWaitable(error) {
  return { done: true, message: error, error, notWaitable: true };
}
function nameOf(obj) {
  return String(field(field(obj, "metadata"), "name") ?? "");
}
function conditions(status) {
  const list = field(status, "conditions");
  return Array.isArray(list) ? list : [];
}
function num(obj, key) {
  return optionalNum(obj, key) ?? 0;
}
function optionalNum(obj, key) {
  const value = field(obj, key);
  return typeof value === "number" && Number.isFinite(value) ? value : void 0;
}

// src/core/kinds/workload-kinds.ts
var WORKLOAD_KINDS = [
  {
    kind: "Deployment",
    group: "apps",
    version: "v1",
    resource: "deployments",
    templatePath: ["spec", "template"],
    restart: { patch: "strategic-merge" },
    rolloutStatus: deploymentStatus,
    // `kubectl rollout restart` refuses a paused Deployment too: patching it would queue a surprise
    // rollout for whoever resumes it.
    refusesRestart: (live) => field(field(live, "spec"), "paused") === true ? `deployment "${nameOf2(live)}" is paused: not restarted (resume it with kubectl rollout resume deployment/${nameOf2(live)} -n ${namespaceOf(live)})` : void 0
  },
  {
    kind: "StatefulSet",
    group: "apps",
    version: "v1",
    resource: "statefulsets",
    templatePath: ["spec", "template"],
    restart: { patch: "strategic-merge" },
    rolloutStatus: statefulSetStatus
  },
  {
    kind: "DaemonSet",
    group: "apps",
    version: "v1",
    resource: "daemonsets",
    templatePath: ["spec", "template"],
    restart: { patch: "strategic-merge" },
    rolloutStatus: daemonSetStatus
  },
  {
    kind: "Rollout",
    group: "argoproj.io",
    version: "v1alpha1",
    resource: "rollouts",
    templatePath: ["spec", "template"],
    restart: { patch: "merge" },
    rolloutStatus: argoRolloutStatus,
    refusesRestart: (live) => field(field(live, "spec"), "paused") === true ? `rollout "${nameOf2(live)}" is paused: not restarted (resume it with kubectl argo rollouts promote ${nameOf2(live)} -n ${namespaceOf(live)})` : void 0,
    templateOwner: (obj) => {
      const ref = field(field(obj, "spec"), "workloadRef");
      const name = field(ref, "name");
      if (typeof name !== "string" || name === "") return void 0;
      const kind = field(ref, "kind");
      return { kind: typeof kind === "string" ? kind : "Deployment", namespace: namespaceOf(obj), name };
    },
    customResource: true
  },
  {
    kind: "CronJob",
    group: "batch",
    version: "v1",
    resource: "cronjobs",
    templatePath: ["spec", "jobTemplate", "spec", "template"],
    restart: { never: "CronJob: picks up the change on its next run" }
  },
  {
    kind: "Job",
    group: "batch",
    version: "v1",
    resource: "jobs",
    templatePath: ["spec", "template"],
    restart: { never: "Job: a running job keeps its config; the next job created picks up the change" }
  },
  {
    kind: "ReplicaSet",
    group: "apps",
    version: "v1",
    resource: "replicasets",
    templatePath: ["spec", "template"],
    restart: { never: "ReplicaSet: restart the Deployment that owns it, or recreate its pods" }
  },
  {
    kind: "Pod",
    group: "",
    version: "v1",
    resource: "pods",
    templatePath: [],
    restart: { never: "Pod: a bare pod must be recreated" }
  }
];
var BY_KIND = new Map(WORKLOAD_KINDS.map((k) => [k.kind, k]));
function workloadKind(kind, apiVersion) {
  const entry = BY_KIND.get(kind);
  if (!entry || typeof apiVersion !== "string") return entry;
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  return group === entry.group ? entry : void 0;
}
function workloadKindOf(obj) {
  const kind = field(obj, "kind");
  return typeof kind === "string" ? workloadKind(kind, field(obj, "apiVersion")) : void 0;
}
function apiVersionOf(entry) {
  return entry.group ? `${entry.group}/${entry.version}` : entry.version;
}
function qualifiedResource(entry) {
  return entry.group ? `${entry.resource}.${entry.group}` : entry.resource;
}
function restartableKinds() {
  return WORKLOAD_KINDS.filter((k) => "patch" in k.restart);
}
function podTemplateOf(obj) {
  const entry = workloadKindOf(obj);
  if (!entry) return void 0;
  let template = obj;
  for (const step of entry.templatePath) template = field(template, step);
  if (!isRecord(template)) return void 0;
  return { spec: field(template, "spec"), metadata: field(template, "metadata") };
}
function runningPodTemplateOf(obj, lookup) {
  const owner = workloadKindOf(obj)?.templateOwner?.(obj);
  return owner ? podTemplateOf(lookup(owner)) : podTemplateOf(obj);
}
function isWorkloadKind(kind) {
  return BY_KIND.has(kind);
}
function isRestartable(kind) {
  const entry = BY_KIND.get(kind);
  return entry !== void 0 && "patch" in entry.restart;
}
function skipReasonForKind(kind) {
  const restart = BY_KIND.get(kind)?.restart;
  return restart && "never" in restart ? restart.never : void 0;
}
function nameOf2(obj) {
  return String(field(field(obj, "metadata"), "name") ?? "");
}
function namespaceOf(obj) {
  return String(field(field(obj, "metadata"), "namespace") ?? "");
}
function rolloutStatus(obj) {
  const rule = workloadKindOf(obj)?.rolloutStatus;
  if (rule) return rule(obj);
  const message = `rollout status is not available for kind ${String(field(obj, "kind") ?? "(none)")}`;
  return { done: true, message, error: message, notWaitable: true };
}

export {
  WORKLOAD_GENERATION_ANNOTATION,
  specUpdateMessage,
  WORKLOAD_KINDS,
  workloadKind,
  workloadKindOf,
  apiVersionOf,
  qualifiedResource,
  restartableKinds,
  podTemplateOf,
  runningPodTemplateOf,
  isWorkloadKind,
  isRestartable,
  skipReasonForKind,
  rolloutStatus
};
