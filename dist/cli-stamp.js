"use strict";
const __configRolloutModuleUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/core/errors.ts
function exitCodeFor(error) {
  if (error instanceof UserError || error instanceof RolloutFailure) return error.exitCode;
  return EXIT_FAILED;
}
function isExpectedError(error) {
  return error instanceof UserError || error instanceof RolloutFailure;
}
var EXIT_OK, EXIT_FAILED, EXIT_USAGE, UserError, RolloutFailure;
var init_errors = __esm({
  "src/core/errors.ts"() {
    "use strict";
    EXIT_OK = 0;
    EXIT_FAILED = 1;
    EXIT_USAGE = 2;
    UserError = class extends Error {
      name = "UserError";
      exitCode = EXIT_USAGE;
    };
    RolloutFailure = class extends Error {
      name = "RolloutFailure";
      exitCode = EXIT_FAILED;
    };
  }
});

// src/core/kinds/api-kinds.ts
function isClusterScoped(kind) {
  return CLUSTER_SCOPED_KINDS.has(kind);
}
var CONFIG_KINDS, CONTROLLER_REVISION, CLUSTER_SCOPED_KINDS;
var init_api_kinds = __esm({
  "src/core/kinds/api-kinds.ts"() {
    "use strict";
    CONFIG_KINDS = [
      { kind: "ConfigMap", group: "", version: "v1", resource: "configmaps" },
      { kind: "Secret", group: "", version: "v1", resource: "secrets" }
    ];
    CONTROLLER_REVISION = {
      kind: "ControllerRevision",
      group: "apps",
      version: "v1",
      resource: "controllerrevisions"
    };
    CLUSTER_SCOPED_KINDS = /* @__PURE__ */ new Set([
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
      "VolumeAttachment"
    ]);
  }
});

// src/core/manifests/json-shape.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}
function field2(value, key) {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : void 0;
}
function stringField(value, key) {
  const v = field2(value, key);
  return typeof v === "string" ? v : void 0;
}
function arrayField(value, key) {
  const v = field2(value, key);
  return Array.isArray(v) ? v : [];
}
function describeType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (ArrayBuffer.isView(value)) return "binary data";
  if (typeof value === "object") return "a mapping";
  return `a ${typeof value}`;
}
var init_json_shape = __esm({
  "src/core/manifests/json-shape.ts"() {
    "use strict";
  }
});

// src/core/kinds/argo-rollout-status.ts
function argoRolloutStatus(obj) {
  const name = String(field2(field2(obj, "metadata"), "name") ?? "");
  const status = field2(obj, "status");
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
  const spec = field2(obj, "spec");
  const status = field2(obj, "status");
  const observed = Number.parseInt(String(field2(status, "observedGeneration") ?? ""), 10);
  const generation = field2(field2(obj, "metadata"), "generation");
  if (Number.isFinite(observed) && typeof generation === "number" && observed < generation) {
    return ["Progressing", "waiting for rollout spec update to be observed"];
  }
  if (field2(status, "controllerPause") === true && arrayOf(field2(status, "pauseConditions")).length === 0) {
    return ["Progressing", "waiting for rollout to unpause"];
  }
  const workloadGeneration = Number.parseInt(
    String(field2(field2(field2(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10
  );
  const workloadObserved = Number.parseInt(String(field2(status, "workloadObservedGeneration") ?? ""), 10);
  if (Number.isFinite(workloadGeneration) && Number.isFinite(workloadObserved) && workloadGeneration !== workloadObserved) {
    return ["Progressing", "waiting for rollout spec update to be observed for the reference workload"];
  }
  const phase = stringField(status, "phase");
  if (phase) return [phase, stringField(status, "message") ?? ""];
  return calculatedPhase(spec, status);
}
function calculatedPhase(spec, status) {
  for (const condition of arrayOf(field2(status, "conditions"))) {
    const reason = stringField(condition, "reason");
    const message = stringField(condition, "message") ?? "";
    if (field2(condition, "type") === "InvalidSpec") return ["Degraded", `InvalidSpec: ${message}`];
    if (reason === "RolloutAborted" || reason === "ProgressDeadlineExceeded") {
      return ["Degraded", `${reason}: ${message}`];
    }
  }
  if (field2(spec, "paused") === true) return ["Paused", "manually paused"];
  const pause = arrayOf(field2(status, "pauseConditions"))[0];
  if (pause !== void 0) return ["Paused", stringField(pause, "reason") ?? ""];
  const replicas = numberOr(field2(spec, "replicas"), 1);
  const updated = numberOr(field2(status, "updatedReplicas"), 0);
  const available = numberOr(field2(status, "availableReplicas"), 0);
  if (updated < replicas) return ["Progressing", "more replicas need to be updated"];
  if (available < updated) return ["Progressing", "updated replicas are still becoming available"];
  const stable = stringField(status, "stableRS") ?? "";
  if (stable === "" || stable !== stringField(status, "currentPodHash")) {
    return ["Progressing", "waiting for all steps to complete"];
  }
  return ["Healthy", ""];
}
function stepOf(status) {
  const step = field2(status, "currentStepIndex");
  return typeof step === "number" ? ` (canary step ${step})` : "";
}
function arrayOf(value) {
  return Array.isArray(value) ? value : [];
}
function numberOr(value, fallback) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
var WORKLOAD_GENERATION_ANNOTATION;
var init_argo_rollout_status = __esm({
  "src/core/kinds/argo-rollout-status.ts"() {
    "use strict";
    init_json_shape();
    WORKLOAD_GENERATION_ANNOTATION = "rollout.argoproj.io/workload-generation";
  }
});

// src/core/kinds/pod-template.ts
var init_pod_template = __esm({
  "src/core/kinds/pod-template.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/core/kinds/rollout-status.ts
function deploymentStatus(obj) {
  const name = nameOf(obj);
  const spec = field2(obj, "spec");
  const status = field2(obj, "status");
  if (num(field2(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("Deployment"));
  }
  const progressing = conditions(status).find((c) => field2(c, "type") === "Progressing");
  if (field2(progressing, "reason") === "ProgressDeadlineExceeded") {
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
  const status = field2(obj, "status");
  const strategy = field2(field2(field2(obj, "spec"), "updateStrategy"), "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (daemon set "${name}" uses ${String(strategy)})`
    );
  }
  if (num(field2(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
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
  const spec = field2(obj, "spec");
  const status = field2(obj, "status");
  const updateStrategy = field2(spec, "updateStrategy");
  const strategy = field2(updateStrategy, "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (statefulset "${name}" uses ${String(strategy)})`
    );
  }
  const observed = num(status, "observedGeneration");
  if (observed === 0 || num(field2(obj, "metadata"), "generation") > observed) {
    return waiting(specUpdateMessage("StatefulSet"));
  }
  const specReplicas = optionalNum(spec, "replicas");
  const ready = num(status, "readyReplicas");
  if (specReplicas !== void 0 && ready < specReplicas) {
    return waiting(`Waiting for ${specReplicas - ready} pods to be ready...`);
  }
  const updated = num(status, "updatedReplicas");
  const rollingUpdate = field2(updateStrategy, "rollingUpdate");
  if (isRecord(rollingUpdate)) {
    const partition = optionalNum(rollingUpdate, "partition") ?? 0;
    if (specReplicas !== void 0 && updated < specReplicas - partition) {
      return waiting(
        `Waiting for partitioned roll out to finish: ${updated} out of ${specReplicas - partition} new pods have been updated...`
      );
    }
    return { done: true, message: `partitioned roll out complete: ${updated} new pods have been updated...` };
  }
  const updateRevision = String(field2(status, "updateRevision") ?? "");
  const currentRevision = String(field2(status, "currentRevision") ?? "");
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
  return String(field2(field2(obj, "metadata"), "name") ?? "");
}
function conditions(status) {
  const list = field2(status, "conditions");
  return Array.isArray(list) ? list : [];
}
function num(obj, key) {
  return optionalNum(obj, key) ?? 0;
}
function optionalNum(obj, key) {
  const value = field2(obj, key);
  return typeof value === "number" && Number.isFinite(value) ? value : void 0;
}
var init_rollout_status = __esm({
  "src/core/kinds/rollout-status.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/core/kinds/workload-kinds.ts
function workloadKind(kind, apiVersion) {
  const entry = BY_KIND.get(kind);
  if (!entry || typeof apiVersion !== "string") return entry;
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  return group === entry.group ? entry : void 0;
}
function workloadKindOf(obj) {
  const kind = field2(obj, "kind");
  return typeof kind === "string" ? workloadKind(kind, field2(obj, "apiVersion")) : void 0;
}
function patchTypeOf(entry) {
  return "patch" in entry.restart ? entry.restart.patch : void 0;
}
function isRestartableKind(entry) {
  return entry !== void 0 && patchTypeOf(entry) !== void 0;
}
function restartableKind(kind) {
  const entry = BY_KIND.get(kind);
  return isRestartableKind(entry) ? entry : void 0;
}
function nameOf2(obj) {
  return String(field2(field2(obj, "metadata"), "name") ?? "");
}
function namespaceOf(obj) {
  return String(field2(field2(obj, "metadata"), "namespace") ?? "");
}
var WORKLOAD_KINDS, BY_KIND, API_KINDS, API_KIND_BY_NAME;
var init_workload_kinds = __esm({
  "src/core/kinds/workload-kinds.ts"() {
    "use strict";
    init_json_shape();
    init_api_kinds();
    init_argo_rollout_status();
    init_pod_template();
    init_rollout_status();
    init_api_kinds();
    WORKLOAD_KINDS = [
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
        refusesRestart: (live2) => field2(field2(live2, "spec"), "paused") === true ? `deployment "${nameOf2(live2)}" is paused: not restarted (resume it with kubectl rollout resume deployment/${nameOf2(live2)} -n ${namespaceOf(live2)})` : void 0
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
        refusesRestart: (live2) => field2(field2(live2, "spec"), "paused") === true ? `rollout "${nameOf2(live2)}" is paused: not restarted (resume it with kubectl argo rollouts promote ${nameOf2(live2)} -n ${namespaceOf(live2)})` : void 0,
        templateOwner: (obj) => {
          const ref = field2(field2(obj, "spec"), "workloadRef");
          const name = field2(ref, "name");
          if (typeof name !== "string" || name === "") return void 0;
          const kind = field2(ref, "kind");
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
    BY_KIND = new Map(WORKLOAD_KINDS.map((k) => [k.kind, k]));
    API_KINDS = [...WORKLOAD_KINDS, ...CONFIG_KINDS, CONTROLLER_REVISION];
    API_KIND_BY_NAME = new Map(API_KINDS.map((k) => [k.kind, k]));
  }
});

// src/core/names.ts
function isNamespaceName(name) {
  return name.length <= 63 && LABEL.test(name);
}
function isObjectName(name) {
  return name.length <= 253 && SUBDOMAIN.test(name);
}
function quoteName(name) {
  const shown2 = name.length > 80 ? `${name.slice(0, 80)}\u2026` : name;
  return JSON.stringify(shown2);
}
var LABEL, SUBDOMAIN, NAMESPACE_RULE, OBJECT_NAME_RULE;
var init_names = __esm({
  "src/core/names.ts"() {
    "use strict";
    LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
    SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
    NAMESPACE_RULE = "at most 63 characters: lowercase letters, digits and '-', starting and ending with a letter or digit";
    OBJECT_NAME_RULE = "at most 253 characters: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit";
  }
});

// src/core/manifests/decode-source.ts
function decodeSource(file, text) {
  const decoded = decodeText(text);
  if (decoded === void 0) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: "not a text file (contains NUL bytes or invalid UTF-8)",
        severity: "error"
      }
    };
  }
  const lfs = LFS_POINTER.exec(decoded);
  if (lfs) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: `a Git LFS pointer, not the file itself: its ${lfs[1]} bytes are in LFS storage, which is not read (config-rollout reads git objects), so what this file defines is not in this plan`,
        severity: "warning"
      }
    };
  }
  return { source: decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded };
}
function decodeText(text) {
  let s;
  if (typeof text === "string") {
    s = text;
    if (s.includes("\uFFFD")) return void 0;
  } else {
    try {
      s = UTF8.decode(text);
    } catch {
      return void 0;
    }
  }
  return s.includes("\0") ? void 0 : s;
}
var LFS_POINTER, UTF8;
var init_decode_source = __esm({
  "src/core/manifests/decode-source.ts"() {
    "use strict";
    LFS_POINTER = /^version https:\/\/git-lfs\.github\.com\/spec\/v1\n(?:[a-z0-9.-]+ [^\n]*\n)*?size (\d+)\n/;
    UTF8 = new TextDecoder("utf-8", { fatal: true });
  }
});

// src/core/manifests/fast-yaml.ts
function parseSimpleYaml(source2) {
  if (ODD_SPACE.test(source2)) return void 0;
  try {
    return new FastParser(source2).documents();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return void 0;
    throw error;
  }
}
function scalar(raw) {
  const text = withoutTrailingSpaces(raw);
  if (text.startsWith('"')) return withoutComment(doubleQuoted(text));
  if (text.startsWith("'")) return withoutComment(singleQuoted(text));
  if (text === "{}" || text.startsWith("{} #")) return {};
  if (text === "[]" || text.startsWith("[] #")) return [];
  const hash = text.indexOf(" #");
  const plain = hash === -1 ? text : withoutTrailingSpaces(text.slice(0, hash));
  if (plain === "" || plain === "~" || plain === "null") return null;
  if (plain === "true") return true;
  if (plain === "false") return false;
  if (NOT_STRINGS.has(plain)) giveUp();
  if (plain.includes(": ") || plain.endsWith(":") || plain.includes(" #")) giveUp();
  if (NUMBER_START.test(plain)) {
    if (DECIMAL.test(plain)) return Number(plain);
    if (INFINITY_OR_NAN.test(plain) || !NOT_IN_ANY_NUMBER.test(plain)) giveUp();
  }
  if (INDICATOR_START.test(plain)) giveUp();
  return plain;
}
function withoutComment([value, rest]) {
  const after = withoutLeadingSpaces(rest);
  if (after !== "" && !(after.startsWith("#") && rest.length > after.length)) giveUp();
  return value;
}
function doubleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return [value, text.slice(i + 1)];
    if (c === "\\") {
      const escaped = ESCAPES[text[i + 1] ?? ""] ?? giveUp();
      value += escaped;
      i++;
      continue;
    }
    value += c;
  }
  return giveUp();
}
function singleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return [value, text.slice(i + 1)];
    }
    value += c;
  }
  return giveUp();
}
function withoutLeadingSpaces(text) {
  let start = 0;
  while (text.charCodeAt(start) === 32) start++;
  return start === 0 ? text : text.slice(start);
}
function withoutTrailingSpaces(text) {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return end === text.length ? text : text.slice(0, end);
}
var GiveUp, giveUp, MAX_ALIASES, NOT_STRINGS, NUMBER_START, NOT_IN_ANY_NUMBER, DECIMAL, INFINITY_OR_NAN, INDICATOR_START, ODD_SPACE, PLAIN_WORD, LINE, END, LINE_KIND, SEPARATOR, FastParser, ESCAPES;
var init_fast_yaml = __esm({
  "src/core/manifests/fast-yaml.ts"() {
    "use strict";
    GiveUp = class extends Error {
    };
    giveUp = () => {
      throw new GiveUp();
    };
    MAX_ALIASES = 50;
    NOT_STRINGS = new Set(
      "null true false y Y yes Yes YES n N no No NO True TRUE False FALSE on On ON off Off OFF Null NULL".split(
        " "
      )
    );
    NUMBER_START = /^[-+.0-9]/;
    NOT_IN_ANY_NUMBER = /[^0-9a-fA-F_+\-.:xXoO]/;
    DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
    INFINITY_OR_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
    INDICATOR_START = /^(?:[-?:](?: |$)|[,[\]{}#&*!|>%@`])/;
    ODD_SPACE = /[\t\r\u0085\u2028\u2029\ufeff]/;
    PLAIN_WORD = /^[A-Za-z][A-Za-z0-9._/-]*$/;
    LINE = /( *)(?:-( +|(?=\n|$)))?(?:([A-Za-z_/][A-Za-z0-9_./-]*):(?: +|(?=\n|$)))?([^\n]*)\n?/y;
    END = 0;
    LINE_KIND = 1;
    SEPARATOR = 2;
    FastParser = class {
      constructor(source2) {
        this.source = source2;
      }
      source;
      kind = END;
      indent = 0;
      /** Column of what follows `- ` (when `dash`): where a mapping that starts on the item's line is. */
      column = 0;
      dash = false;
      key = void 0;
      rest = "";
      /** Offset of the current line's text (after its indentation). */
      offset = 0;
      /** Offset of the line after the current one: where `advance` reads next. */
      next = 0;
      anchors = /* @__PURE__ */ new Map();
      aliases = 0;
      documents() {
        const docs = [];
        this.advance();
        for (; ; ) {
          if (this.kind === LINE_KIND) {
            if (this.indent !== 0) giveUp();
            const start = this.offset;
            this.anchors = /* @__PURE__ */ new Map();
            this.aliases = 0;
            const value = this.block(0);
            if (this.kind === LINE_KIND) giveUp();
            docs.push({ value, start });
          }
          if (this.kind === END) return docs;
          this.advance();
        }
      }
      /** Move to the next significant line (not blank, not only a comment); `---`, `...` and `%` at column 0 end or refuse. */
      advance() {
        const source2 = this.source;
        for (; ; ) {
          if (this.next >= source2.length) {
            this.kind = END;
            this.indent = -1;
            return;
          }
          LINE.lastIndex = this.next;
          const m = LINE.exec(source2);
          const indent = m[1].length;
          const spaces = m[2];
          const key = m[3];
          const rest = m[4];
          this.next = LINE.lastIndex;
          if (spaces === void 0 && key === void 0) {
            if (rest === "" || rest.charCodeAt(0) === 35) continue;
            if (indent === 0) {
              const c = rest.charCodeAt(0);
              if (c === 45 && rest.startsWith("---")) {
                if (rest !== "---") giveUp();
                this.kind = SEPARATOR;
                this.indent = -1;
                return;
              }
              if (c === 37 || rest.startsWith("...")) giveUp();
            }
          }
          this.kind = LINE_KIND;
          this.indent = indent;
          this.dash = spaces !== void 0;
          this.column = spaces === void 0 ? indent : indent + 1 + spaces.length;
          this.key = key;
          this.rest = rest;
          this.offset = m.index + indent;
          return;
        }
      }
      /** A block collection starting at the current line, if it is indented at least `minIndent`. */
      block(minIndent) {
        if (this.kind !== LINE_KIND || this.indent < minIndent) return null;
        return this.dash ? this.sequence(this.indent) : this.mapping(this.indent);
      }
      sequence(indent) {
        const items = [];
        while (this.kind === LINE_KIND && this.indent === indent && this.dash) {
          if (this.key !== void 0) {
            this.indent = this.column;
            this.dash = false;
            items.push(this.mapping(this.column));
            continue;
          }
          const rest = this.rest;
          this.advance();
          if (rest === "" || rest.charCodeAt(0) === 35) {
            items.push(this.kind === LINE_KIND && this.indent > indent ? this.block(indent + 1) : null);
            continue;
          }
          items.push(this.inlineValue(rest, indent));
        }
        return items;
      }
      mapping(indent) {
        const map = {};
        while (this.kind === LINE_KIND) {
          if (this.indent !== indent || this.dash) {
            if (this.indent <= indent) break;
            giveUp();
          }
          const key = this.key ?? giveUp();
          if (key.length > 1024 || NOT_STRINGS.has(key) || key === "__proto__" || Object.hasOwn(map, key))
            giveUp();
          let rest = this.rest;
          let anchor;
          if (rest.startsWith("&")) {
            anchor = /^&([^ ]+)/.exec(rest)?.[1] ?? giveUp();
            rest = withoutLeadingSpaces(rest.slice(anchor.length + 1));
            if (this.anchors.has(anchor)) giveUp();
          }
          let value;
          if (rest === "" || rest.startsWith("#")) {
            this.advance();
            if (this.kind === LINE_KIND && this.indent > indent) value = this.block(indent + 1);
            else if (this.kind === LINE_KIND && this.indent === indent && this.dash)
              value = this.sequence(indent);
            else value = null;
          } else if (rest.startsWith("|") || rest.startsWith(">")) {
            value = this.blockScalar(rest, indent);
          } else {
            this.advance();
            value = this.inlineValue(rest, indent);
          }
          if (anchor !== void 0) this.anchors.set(anchor, value);
          map[key] = value;
        }
        return map;
      }
      /**
       * A one-line value (scalar, alias, `{}` or `[]`) whose line has been passed; the next line must not
       * continue it (a more indented line is a multi-line scalar or an error).
       */
      inlineValue(text, indent) {
        let value;
        if (PLAIN_WORD.test(text)) {
          value = NOT_STRINGS.has(text) ? scalar(text) : text;
        } else if (text.startsWith("*")) {
          const match = /^\*([^ ]+) *(#.*)?$/.exec(text) ?? giveUp();
          if (!this.anchors.has(match[1]) || ++this.aliases > MAX_ALIASES) giveUp();
          value = this.anchors.get(match[1]);
        } else {
          value = scalar(text);
        }
        if (this.kind === LINE_KIND && this.indent > indent) giveUp();
        return value;
      }
      /**
       * `|` or `|-` (clip or strip), indentation detected from the first line. The current line is its
       * header; its content lines are read raw (comments and blank lines are content here).
       */
      blockScalar(header, indent) {
        if (header !== "|" && header !== "|-") giveUp();
        const source2 = this.source;
        const lines = [];
        let blockIndent = -1;
        let at = this.next;
        while (at < source2.length) {
          let end = source2.indexOf("\n", at);
          if (end === -1) end = source2.length;
          let textStart = at;
          while (source2.charCodeAt(textStart) === 32) textStart++;
          const lineIndent = textStart - at;
          if (textStart === end) {
            if (lineIndent > (blockIndent === -1 ? 0 : blockIndent)) giveUp();
            lines.push("");
            at = end + 1;
            continue;
          }
          if (blockIndent === -1) {
            if (lineIndent <= indent) break;
            blockIndent = lineIndent;
          }
          if (lineIndent < blockIndent) {
            if (lineIndent > indent) giveUp();
            break;
          }
          lines.push(source2.slice(at + blockIndent, end));
          at = end + 1;
        }
        if (blockIndent === -1) giveUp();
        this.next = at;
        this.advance();
        while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
        const body = lines.join("\n");
        return header === "|" ? `${body}
` : body;
      }
    };
    ESCAPES = { "\\": "\\", '"': '"', n: "\n", t: "	" };
  }
});

// src/core/manifests/yaml-messages.ts
function describeFailure(error) {
  const text = error instanceof Error ? error.message : String(error);
  if (/Maximum call stack/i.test(text)) return "nested too deeply";
  return oneLine(text);
}
function oneLine(text) {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 200)}\u2026` : first;
}
function mayHoldSecret(text) {
  return SECRET_KIND.test(text);
}
function describeYamlErrorCode(code) {
  const text = YAML_ERROR_TEXT[code] ?? code.toLowerCase().replaceAll("_", " ");
  return `${text}; ${QUIET_DETAIL}`;
}
var SECRET_KIND, PLAIN_KEY, QUIET_DETAIL, YAML_ERROR_TEXT;
var init_yaml_messages = __esm({
  "src/core/manifests/yaml-messages.ts"() {
    "use strict";
    SECRET_KIND = /["']?\bkind["']?\s*:\s*["']?Secret(?![A-Za-z0-9])/;
    PLAIN_KEY = /^[A-Za-z0-9._-]{1,253}$/;
    QUIET_DETAIL = "details not shown (the file holds a Secret)";
    YAML_ERROR_TEXT = {
      BAD_DQ_ESCAPE: "invalid escape sequence in a double-quoted string",
      BAD_INDENT: "bad indentation",
      BAD_SCALAR_START: "a plain value starts with a reserved character",
      BLOCK_AS_IMPLICIT_KEY: "a block value used as a key",
      BLOCK_IN_FLOW: "a block value inside a flow collection",
      MISSING_CHAR: "a closing quote or bracket is missing",
      MULTILINE_IMPLICIT_KEY: "a key spans more than one line",
      TAB_AS_INDENT: "a tab used for indentation",
      UNEXPECTED_TOKEN: "unexpected characters (e.g. text after a block scalar indicator | or >)"
    };
  }
});

// src/core/manifests/manifest-reader.ts
function isProbablyManifestText(text) {
  return /["']?apiVersion["']?\s*:/.test(text) && /["']?kind["']?\s*:/.test(text);
}
function parseManifestsFast(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  return parseFast(file, decoded.source, opts);
}
function parseFast(file, source2, opts) {
  const documents = parseSimpleYaml(source2);
  if (documents === void 0) return void 0;
  if (documents.some((doc) => Array.isArray(field2(doc.value, "items")))) return void 0;
  const reader = new DocumentReader(file, source2, new LineIndex(source2), opts, false);
  for (const doc of documents) reader.readValue(doc.value, doc.start, () => void 0);
  if (reader.cappedProblems().length > 0) return void 0;
  return { manifests: reader.manifests, problems: [] };
}
function notAManifestIsAWarning(source2, problems) {
  if (isProbablyManifestText(source2)) return problems;
  return problems.map(
    (p) => p.severity === "error" ? {
      ...p,
      severity: "warning",
      message: `${p.message} (not read: does not look like a Kubernetes manifest)`
    } : p
  );
}
function nodeStart(doc, path) {
  const node = doc.getIn(path, true);
  if (typeof node !== "object" || node === null) return void 0;
  const range = node.range;
  return Array.isArray(range) && typeof range[0] === "number" ? range[0] : void 0;
}
var DEFAULT_MAX_ALIAS_COUNT, MAX_PROBLEMS_PER_FILE, KINDS_THAT_NEED_METADATA, NON_OBJECT_API_GROUPS, PLAIN_ANCHOR, LineIndex, DocumentReader;
var init_manifest_reader = __esm({
  "src/core/manifests/manifest-reader.ts"() {
    "use strict";
    init_api_kinds();
    init_workload_kinds();
    init_names();
    init_decode_source();
    init_fast_yaml();
    init_json_shape();
    init_yaml_messages();
    DEFAULT_MAX_ALIAS_COUNT = 100;
    MAX_PROBLEMS_PER_FILE = 10;
    KINDS_THAT_NEED_METADATA = /* @__PURE__ */ new Set([
      "ConfigMap",
      "Secret",
      ...WORKLOAD_KINDS.map((k) => k.kind)
    ]);
    NON_OBJECT_API_GROUPS = ["kustomize.config.k8s.io/"];
    PLAIN_ANCHOR = /^[A-Za-z0-9._-]{1,100}$/;
    LineIndex = class {
      constructor(source2) {
        this.source = source2;
      }
      source;
      starts;
      linePos(offset) {
        if (this.starts === void 0) {
          const firstLineEnd = this.source.indexOf("\n");
          if (firstLineEnd === -1 || offset <= firstLineEnd) return { line: 1, col: offset + 1 };
          this.starts = [0];
          for (let i = firstLineEnd; i !== -1; i = this.source.indexOf("\n", i + 1)) this.starts.push(i + 1);
        }
        const starts = this.starts;
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
          const mid = low + high + 1 >> 1;
          if (starts[mid] <= offset) low = mid;
          else high = mid - 1;
        }
        return { line: low + 1, col: offset - starts[low] + 1 };
      }
    };
    DocumentReader = class {
      constructor(file, source2, lineCounter, opts, quiet) {
        this.file = file;
        this.source = source2;
        this.lineCounter = lineCounter;
        this.opts = opts;
        this.quiet = quiet;
        const max = opts.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
        this.maxAliasCount = Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAX_ALIAS_COUNT;
      }
      file;
      source;
      lineCounter;
      opts;
      quiet;
      manifests = [];
      problems = [];
      maxAliasCount;
      cappedProblems() {
        if (this.problems.length <= MAX_PROBLEMS_PER_FILE) return this.problems;
        const kept = this.problems.slice(0, MAX_PROBLEMS_PER_FILE);
        const last = kept[kept.length - 1];
        kept.push({
          file: this.file,
          line: last.line,
          col: last.col,
          message: `${this.problems.length - MAX_PROBLEMS_PER_FILE} more problems in this file not shown`,
          severity: "error"
        });
        return kept;
      }
      /**
       * `unresolvedAlias` finds the first alias of the document whose anchor is not defined before it
       * (the full parse passes it: it needs the `yaml` package's node types).
       */
      readDocument(doc, unresolvedAlias2) {
        if (doc.errors.length > 0) {
          const syntax = doc.errors.filter((e) => e.code !== "DUPLICATE_KEY").sort((a, b) => a.pos[0] - b.pos[0]).slice(0, 1);
          const duplicates = doc.errors.filter((e) => e.code === "DUPLICATE_KEY");
          for (const error of [...duplicates, ...syntax].sort((a, b) => a.pos[0] - b.pos[0])) {
            const [start2, end] = error.pos;
            const key = oneLine(this.source.slice(start2, end));
            const message = error.code === "DUPLICATE_KEY" ? this.quiet && !PLAIN_KEY.test(key) ? "duplicate key" : `duplicate key ${JSON.stringify(key)}` : `invalid YAML: ${this.quiet ? describeYamlErrorCode(error.code) : describeFailure(error)}`;
            this.problem(start2, message);
          }
          return;
        }
        const contents = doc.contents;
        if (contents === null) return;
        const start = contents.range?.[0] ?? doc.range[0];
        let value;
        try {
          value = doc.toJS({ maxAliasCount: this.maxAliasCount });
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          const unresolved = /^Unresolved alias/.test(text) ? unresolvedAlias2?.(doc) : void 0;
          if (unresolved !== void 0) {
            const alias = PLAIN_ANCHOR.test(unresolved.name) ? ` *${unresolved.name}` : "";
            this.problem(
              unresolved.offset,
              `the alias${alias} names an anchor that does not exist (an anchor &name must be defined before, in the same document): document ignored`
            );
            return;
          }
          this.problem(
            start,
            /alias/i.test(text) ? `too many YAML alias expansions (more than ${this.maxAliasCount}; looks like an alias bomb): document ignored` : `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`
          );
          return;
        }
        this.readValue(value, start, (path) => nodeStart(doc, path));
      }
      /**
       * One document (or one item of a List). `locate` finds the offset of a nested node, so each List
       * item and each bad field gets its own line.
       */
      readValue(value, start, locate) {
        if (!isRecord(value)) return;
        const hasApiVersion = Object.hasOwn(value, "apiVersion");
        const hasKind = Object.hasOwn(value, "kind");
        if (!hasApiVersion || !hasKind) return;
        const apiVersion = value.apiVersion;
        const kind = value.kind;
        if (typeof apiVersion !== "string" || apiVersion === "" || typeof kind !== "string" || kind === "") {
          this.problem(start, "apiVersion and kind must be non-empty strings");
          return;
        }
        const items = field2(value, "items");
        if (kind === "List" || kind.endsWith("List") && Array.isArray(items)) {
          this.readList(kind, items, start, locate);
          return;
        }
        if (NON_OBJECT_API_GROUPS.some((group) => apiVersion.startsWith(group))) return;
        this.readObject(value, kind, start, locate);
      }
      readList(kind, items, start, locate) {
        if (items === void 0 || items === null) return;
        if (!Array.isArray(items)) {
          this.problem(locate(["items"]) ?? start, `${kind}: items must be a list, found ${describeType(items)}`);
          return;
        }
        items.forEach((item, index) => {
          const itemStart = locate(["items", index]) ?? start;
          if (!isRecord(item) || !Object.hasOwn(item, "apiVersion") || !Object.hasOwn(item, "kind")) {
            this.problem(
              itemStart,
              `${kind} item ${index} is not a Kubernetes object (needs apiVersion and kind)`
            );
            return;
          }
          this.readValue(item, itemStart, (path) => locate(["items", index, ...path]));
        });
      }
      readObject(object, kind, start, locate) {
        const metadata = field2(object, "metadata");
        if (metadata === void 0 || metadata === null) {
          if (KINDS_THAT_NEED_METADATA.has(kind)) this.problem(start, `${kind} has no metadata.name`);
          return;
        }
        if (!isRecord(metadata)) {
          this.problem(
            locate(["metadata"]) ?? start,
            `${kind}: metadata must be a mapping, found ${describeType(metadata)}`
          );
          return;
        }
        const name = field2(metadata, "name");
        if (name === void 0 || name === null) {
          if (typeof field2(metadata, "generateName") === "string") return;
          this.problem(locate(["metadata"]) ?? start, `${kind} has no metadata.name`);
          return;
        }
        if (typeof name !== "string" || name.trim() === "") {
          this.problem(
            locate(["metadata", "name"]) ?? start,
            `${kind}: metadata.name must be a non-empty string, found ${typeof name === "string" ? "an empty string" : describeType(name)}`
          );
          return;
        }
        const checked = KINDS_THAT_NEED_METADATA.has(kind);
        if (checked && !isObjectName(name)) {
          this.problem(
            locate(["metadata", "name"]) ?? start,
            `${kind.toLowerCase()} ${quoteName(name)}: metadata.name is not a valid name (${OBJECT_NAME_RULE})`
          );
          return;
        }
        const namespaceValue = field2(metadata, "namespace");
        let namespace;
        let namespaceAssumed = false;
        if (isClusterScoped(kind)) {
          namespace = "";
        } else if (namespaceValue === void 0 || namespaceValue === null || namespaceValue === "") {
          namespace = this.opts.defaultNamespace;
          namespaceAssumed = true;
        } else if (typeof namespaceValue === "string") {
          namespace = namespaceValue;
          if (checked && !isNamespaceName(namespace)) {
            this.problem(
              locate(["metadata", "namespace"]) ?? start,
              `${kind.toLowerCase()}/${name}: metadata.namespace ${quoteName(namespace)} is not a valid namespace name (${NAMESPACE_RULE})`
            );
            return;
          }
        } else {
          this.problem(
            locate(["metadata", "namespace"]) ?? start,
            `${kind.toLowerCase()}/${name}: metadata.namespace must be a string, found ${describeType(namespaceValue)}`
          );
          return;
        }
        this.manifests.push({
          id: { kind, namespace, name },
          file: this.file,
          line: this.lineCounter.linePos(start).line,
          object,
          ...namespaceAssumed ? { namespaceAssumed: true } : {}
        });
      }
      failed(offset, error) {
        this.problem(offset, `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`);
      }
      problem(offset, message) {
        const { line, col } = this.lineCounter.linePos(offset);
        this.problems.push({ file: this.file, line, col, message, severity: "error" });
      }
    };
  }
});

// src/core/manifests/parse-manifests.ts
var parse_manifests_exports = {};
__export(parse_manifests_exports, {
  isProbablyManifestText: () => isProbablyManifestText,
  mayHoldSecret: () => mayHoldSecret,
  parseManifests: () => parseManifests
});
function parseManifests(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const { source: source2 } = decoded;
  const fast = opts.fast === false ? void 0 : parseFast(file, source2, opts);
  if (fast !== void 0) return fast;
  const lineCounter = new import_yaml.LineCounter();
  let docs;
  try {
    docs = (0, import_yaml.parseAllDocuments)(source2, {
      lineCounter,
      uniqueKeys: true,
      merge: true,
      prettyErrors: false,
      // Keeps yaml from calling process.emitWarning (stderr noise) on odd keys; errors still come back.
      logLevel: "error",
      // What kubectl sends: it reads YAML 1.1 (go-yaml v2 through sigs.k8s.io/yaml), where yes/no/
      // on/off/y/n are booleans and 017 is octal. go-yaml v2 keeps dates and 1:20 as strings.
      version: "1.1",
      customTags: asKubectlReadsIt
    });
  } catch (error) {
    const message = `cannot parse file: ${mayHoldSecret(source2) ? "details not shown (the file holds a Secret)" : describeFailure(error)}`;
    return { manifests: [], problems: [{ file, line: 1, col: 1, message, severity: "error" }] };
  }
  const reader = new DocumentReader(file, source2, lineCounter, opts, mayHoldSecret(source2));
  for (const doc of docs) {
    try {
      reader.readDocument(doc, unresolvedAlias);
    } catch (error) {
      reader.failed(doc.range[0], error);
    }
  }
  return { manifests: reader.manifests, problems: notAManifestIsAWarning(source2, reader.cappedProblems()) };
}
function unresolvedAlias(doc) {
  let found;
  (0, import_yaml.visit)(doc, {
    Alias(_key, alias) {
      if (alias.resolve(doc) !== void 0) return void 0;
      found = { offset: alias.range?.[0] ?? doc.range[0], name: alias.source };
      return import_yaml.visit.BREAK;
    }
  });
  return found;
}
function asKubectlReadsIt(tags) {
  return tags.filter((tag) => {
    const { tag: name, format } = tag;
    return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
  });
}
var import_yaml;
var init_parse_manifests = __esm({
  "src/core/manifests/parse-manifests.ts"() {
    "use strict";
    import_yaml = require("./vendor/yaml.js");
    init_decode_source();
    init_manifest_reader();
    init_yaml_messages();
    init_manifest_reader();
    init_yaml_messages();
  }
});

// src/report/ci-log-text.ts
var ci_log_text_exports = {};
__export(ci_log_text_exports, {
  escapeForCiLog: () => escapeForCiLog,
  escapeJsonForCiLog: () => escapeJsonForCiLog
});
function escapeForCiLog(text) {
  const visible = text.replace(/\r\n/g, "\n").replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return visible.split("\n").map((line) => line.replace(/^(\s*):(?=:)/, `$1:${ZERO_WIDTH_SPACE}`)).join("\n").replaceAll("##[", `#${ZERO_WIDTH_SPACE}#[`);
}
function escapeJsonForCiLog(json) {
  return json.replaceAll("##[", "#\\u0023[");
}
var ZERO_WIDTH_SPACE, CONTROL;
var init_ci_log_text = __esm({
  "src/report/ci-log-text.ts"() {
    "use strict";
    ZERO_WIDTH_SPACE = "\u200B";
    CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
  }
});

// src/report/error-line.ts
var error_line_exports = {};
__export(error_line_exports, {
  BUG_HINT: () => BUG_HINT,
  describeError: () => describeError,
  errorParts: () => errorParts
});
function errorParts(error, debug) {
  if (isExpectedError(error)) return { message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof Error && error.name !== "Error" && error.name !== "TypeError";
  if (debug && error instanceof Error && error.stack) return { message, stack: error.stack };
  return known ? { message } : { message, hint: BUG_HINT };
}
function describeError(error, debug) {
  const parts = errorParts(error, debug);
  if (parts.stack !== void 0) return `error: ${parts.stack}`;
  return parts.hint ? `error: ${parts.message}
(${parts.hint})` : `error: ${parts.message}`;
}
var BUG_HINT;
var init_error_line = __esm({
  "src/report/error-line.ts"() {
    "use strict";
    init_errors();
    BUG_HINT = "this looks like a bug in config-rollout: rerun with --debug and report it with the output";
  }
});

// src/report/error-report.ts
var error_report_exports = {};
__export(error_report_exports, {
  errorReportObject: () => errorReportObject,
  renderErrorReport: () => renderErrorReport
});
function errorReportObject(error, debug) {
  const { message, hint, stack } = errorParts(error, debug);
  return {
    outcome: "failed",
    error: {
      exitCode: exitCodeFor(error),
      message,
      ...hint !== void 0 ? { hint } : {},
      ...stack !== void 0 ? { stack } : {}
    }
  };
}
function renderErrorReport(error, debug, format) {
  switch (format) {
    case "json":
      return escapeJsonForCiLog(`${JSON.stringify(errorReportObject(error, debug), null, 2)}
`);
    case "markdown": {
      const { error: e } = errorReportObject(error, debug);
      const lines = [
        "### config-rollout",
        "",
        `**Failed (exit code ${e.exitCode}):** ${markdownText(e.message)}`,
        ...e.hint ? ["", markdownText(e.hint)] : [],
        ...e.stack ? ["", "```", e.stack.replaceAll("```", "'''"), "```"] : []
      ];
      return escapeForCiLog(`${lines.join("\n")}
`);
    }
    case "text":
      return "";
  }
}
function markdownText(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replace(/[\\`*_[\]|~]/g, "\\$&").replace(/\r?\n/g, " ");
}
var init_error_report = __esm({
  "src/report/error-report.ts"() {
    "use strict";
    init_errors();
    init_ci_log_text();
    init_error_line();
  }
});

// src/cli/run-cli-stamp.ts
var run_cli_stamp_exports = {};
__export(run_cli_stamp_exports, {
  runStampFromArgs: () => runStampFromArgs
});
module.exports = __toCommonJS(run_cli_stamp_exports);
var import_node_path8 = require("node:path");

// src/ci/github-event.ts
var import_node_fs = require("node:fs");
init_errors();
async function readEventPayload(env) {
  const path = env.GITHUB_EVENT_PATH;
  return path ? readEventFile(path) : void 0;
}
async function readEventFile(path) {
  let text;
  try {
    text = (0, import_node_fs.readFileSync)(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new UserError(
      `GITHUB_EVENT_PATH ${path} cannot be read (${code === "ENOENT" ? "no such file" : code ?? String(error)})`
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UserError(`GITHUB_EVENT_PATH ${path} is not valid JSON: ${error.message}`);
  }
}

// src/cli/run-cli-stamp.ts
init_errors();

// src/core/stamp/stamp-report.ts
function fixCommand(argv) {
  const kept = argv.filter((a) => a !== "--check" && a !== "--check=true");
  return ["config-rollout", ...kept].map((a) => /^[-\w./=:,@+]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`).join(" ");
}

// src/core/untrusted-head.ts
function untrustedHead(env, event) {
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_EVENT_NAME) {
    return untrustedSource(env.GITHUB_EVENT_NAME, event);
  }
  const source2 = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID;
  const target = env.CI_MERGE_REQUEST_PROJECT_ID;
  if (env.GITLAB_CI === "true" && source2 && target && source2 !== target) return "a merge request from a fork";
  return void 0;
}
function untrustedSource(eventName, event) {
  if (eventName === "pull_request_target") return "a pull_request_target event";
  if (eventName === "pull_request" || eventName === "pull_request_review") {
    const pr = field(event, "pull_request");
    return isFork(field(field(pr, "head"), "repo"), field(field(pr, "base"), "repo")) ? "a pull request from a fork" : void 0;
  }
  if (eventName === "workflow_run") {
    const run = field(event, "workflow_run");
    const trigger = field(run, "event");
    if (trigger !== "pull_request" && trigger !== "pull_request_target") return void 0;
    return isFork(field(run, "head_repository"), field(run, "repository")) ? "a workflow_run triggered by a pull request from a fork" : void 0;
  }
  return void 0;
}
function isFork(head, base) {
  const headName = field(head, "full_name");
  const baseName = field(base, "full_name");
  if (typeof headName !== "string" || typeof baseName !== "string") return true;
  return headName.toLowerCase() !== baseName.toLowerCase();
}
function field(value, key) {
  return typeof value === "object" && value !== null ? value[key] : void 0;
}

// src/git/create-git.ts
var import_node_fs4 = require("node:fs");
var import_node_path3 = require("node:path");

// src/core/commit-sha.ts
var SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function isFullSha(value) {
  return SHA.test(value);
}

// src/git/create-git.ts
init_errors();

// src/git/missing-object.ts
init_errors();
var MISSING_OBJECT = [
  /could not fetch ([0-9a-f]{40,64}) from promisor remote/,
  /missing (?:blob|tree|commit) object '?([0-9a-f]{40,64})/,
  /unable to read tree \(?([0-9a-f]{40,64})/,
  /bad object ([0-9a-f]{40,64})/,
  /unable to read ([0-9a-f]{40,64})/
];
function missingObjectError(stderr) {
  for (const pattern of MISSING_OBJECT) {
    const match = pattern.exec(stderr);
    if (!match) continue;
    return new UserError(
      `git object ${match[1]} is missing from this clone (a partial or shallow clone) and could not be fetched: fetch the commits to compare with their files (e.g. \`git fetch origin <base-sha> <head-sha>\` without --filter), or check out full history (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0)`
    );
  }
  return void 0;
}

// src/git/parse-cat-file-batch.ts
var HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+) (\d+)$/;
var LF = 10;
var CatFileBatchParser = class {
  /**
   * @param maxContentBytes content of larger objects is read past, never buffered: the entry comes
   *   without `content` (its size tells why), so one huge blob cannot fill the memory. A function
   *   is asked at each object (the limit of the request it answers).
   */
  constructor(withContent, onEntry, maxContentBytes = Number.POSITIVE_INFINITY) {
    this.withContent = withContent;
    this.onEntry = onEntry;
    this.maxContentBytes = maxContentBytes;
  }
  withContent;
  onEntry;
  maxContentBytes;
  pending = Buffer.alloc(0);
  /** The object whose content is being collected, and the chunks received for it so far. */
  body;
  push(chunk) {
    let data = chunk;
    while (data.length > 0) {
      data = this.body ? this.takeBody(data) : this.takeHeader(data);
    }
  }
  /** Call at end of output: anything left over means git stopped mid-entry. */
  end() {
    if (this.body || this.pending.length > 0) {
      throw new Error("git cat-file output ended in the middle of an entry");
    }
  }
  takeHeader(data) {
    const joined = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    const newline = joined.indexOf(LF);
    if (newline < 0) {
      this.pending = joined;
      return Buffer.alloc(0);
    }
    this.pending = Buffer.alloc(0);
    const line = joined.subarray(0, newline).toString("utf8");
    const rest = joined.subarray(newline + 1);
    const header = HEADER.exec(line);
    if (header) {
      const [, oid, type, size] = header;
      if (this.withContent) {
        const bytes = Number(size);
        const max = typeof this.maxContentBytes === "function" ? this.maxContentBytes() : this.maxContentBytes;
        this.body = { oid, type, size: bytes, chunks: [], received: 0, keep: bytes <= max };
      } else {
        this.onEntry({ kind: "object", oid, type, size: Number(size) });
      }
      return rest;
    }
    for (const kind of ["missing", "ambiguous"]) {
      if (line.endsWith(` ${kind}`)) {
        this.onEntry({ kind, name: line.slice(0, -kind.length - 1) });
        return rest;
      }
    }
    throw new Error(`unexpected git cat-file output line: ${JSON.stringify(line.slice(0, 200))}`);
  }
  takeBody(data) {
    const body = this.body;
    const needed = body.size + 1;
    if (!body.keep) {
      const take = Math.min(data.length, needed - body.received);
      body.received += take;
      if (body.received < needed) return Buffer.alloc(0);
      if (data[take - 1] !== LF)
        throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
      this.body = void 0;
      this.onEntry({ kind: "object", oid: body.oid, type: body.type, size: body.size });
      return data.subarray(take);
    }
    body.chunks.push(data);
    body.received += data.length;
    if (body.received < needed) return Buffer.alloc(0);
    const all = body.chunks.length === 1 ? data : Buffer.concat(body.chunks, body.received);
    if (all[body.size] !== LF)
      throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
    this.body = void 0;
    this.onEntry({
      kind: "object",
      oid: body.oid,
      type: body.type,
      size: body.size,
      content: all.subarray(0, body.size)
    });
    return all.subarray(needed);
  }
};

// src/process/run-process.ts
var import_node_child_process = require("node:child_process");

// src/process/child-groups.ts
function processWide(name, create) {
  const key = /* @__PURE__ */ Symbol.for(`config-rollout.${name}`);
  const global = globalThis;
  global[key] ??= create();
  return global[key];
}
var state = processWide("child-groups", () => ({
  live: /* @__PURE__ */ new Set(),
  cleanups: /* @__PURE__ */ new Set(),
  exitHookInstalled: false,
  signalStopInstalled: false
}));
var live = state.live;
var KILL_GRACE_MS = 2e3;
var alone = /* @__PURE__ */ new WeakSet();
function trackGroup(child, ownGroup = true) {
  if (!ownGroup) alone.add(child);
  if (child.pid === void 0) return;
  if (!state.exitHookInstalled) {
    state.exitHookInstalled = true;
    process.on("exit", () => {
      for (const group of live) signalGroup(group, "SIGKILL");
    });
    installSignalStop();
  }
  live.add(child);
  child.once("exit", () => live.delete(child));
}
function signalGroup(child, signal) {
  if (child.pid === void 0) return;
  try {
    process.kill(alone.has(child) ? child.pid : -child.pid, signal);
  } catch {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, signal);
    } catch {
    }
  }
}
function stopGroup(child, graceMs = KILL_GRACE_MS) {
  signalGroup(child, "SIGTERM");
  return new Promise((resolve6) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      signalGroup(child, "SIGKILL");
      return resolve6();
    }
    const timer = setTimeout(() => {
      signalGroup(child, "SIGKILL");
      resolve6();
    }, graceMs);
    timer.unref();
    child.once("exit", () => {
      clearTimeout(timer);
      signalGroup(child, "SIGKILL");
      resolve6();
    });
  });
}
var cleanups = state.cleanups;
function onInterrupt(cleanup) {
  cleanups.add(cleanup);
  installSignalStop();
  return () => cleanups.delete(cleanup);
}
async function runCleanups() {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
}
function installSignalStop() {
  if (state.signalStopInstalled) return;
  state.signalStopInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      for (const group of live) signalGroup(group, "SIGKILL");
      if (process.listenerCount(signal) > 0) return;
      void runCleanups().finally(() => process.kill(process.pid, signal));
    });
  }
}

// src/process/run-process.ts
var STDERR_KEEP_BYTES = 8192;
var PIPE_DRAIN_MS = 1e3;
function runProcess(file, args, options = {}) {
  const execute = (resolve6) => {
    const stdout = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let failure;
    let settled = false;
    const child = (0, import_node_child_process.spawn)(file, [...args], {
      ...options.cwd !== void 0 ? { cwd: options.cwd } : {},
      env: options.env ?? process.env,
      stdio: [options.input === void 0 ? "ignore" : "pipe", "pipe", "pipe"],
      detached: options.ownGroup ?? true,
      windowsHide: true
    });
    trackGroup(child, options.ownGroup ?? true);
    const stop = (why) => {
      failure ??= why;
      void stopGroup(child);
    };
    const timers = [];
    if (options.timeoutMs !== void 0) {
      const ms = options.timeoutMs;
      timers.push(setTimeout(() => stop({ kind: "timeout", message: `timed out after ${seconds(ms)}` }), ms));
    }
    let idle;
    const touch = () => {
      if (options.idleTimeoutMs === void 0) return;
      clearTimeout(idle);
      const ms = options.idleTimeoutMs;
      idle = setTimeout(() => stop({ kind: "idle", message: `no output for ${seconds(ms)}` }), ms);
    };
    touch();
    const onAbort = () => stop({ kind: "aborted", message: "stopped: the run was interrupted" });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk) => {
      touch();
      if (failure) return;
      stdoutBytes += chunk.length;
      if (options.maxOutputBytes !== void 0 && stdoutBytes > options.maxOutputBytes) {
        stop({ kind: "output", message: `output over ${options.maxOutputBytes} bytes` });
        return;
      }
      if (!options.onStdout) {
        stdout.push(chunk);
        return;
      }
      try {
        options.onStdout(chunk);
      } catch (error) {
        stop({ kind: "stdout", message: error.message, error });
      }
    });
    child.stderr.on("data", (chunk) => {
      touch();
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_KEEP_BYTES * 2) stderr = stderr.subarray(stderr.length - STDERR_KEEP_BYTES);
    });
    if (child.stdin) {
      child.stdin.on("error", () => {
      });
      const stdin = child.stdin;
      if (options.input instanceof Promise)
        options.input.then(
          (text) => stdin.end(text),
          () => stdin.end()
        );
      else stdin.end(options.input);
    }
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(idle);
      options.signal?.removeEventListener("abort", onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve6({
        exitCode: child.exitCode,
        signal: child.signalCode,
        stdout: Buffer.concat(stdout),
        stderrTail: tailOf(stderr.toString("utf8")),
        stderrEnd: stderr.toString("utf8"),
        ...failure !== void 0 ? { failure } : {}
      });
    };
    child.on("error", (error) => {
      failure ??= {
        kind: "start",
        message: error.code === "ENOENT" ? `${file} was not found` : `could not be started: ${error.message}`,
        ...error.code !== void 0 ? { code: error.code } : {}
      };
      if (child.pid === void 0) finish();
    });
    child.on("close", finish);
    child.on("exit", () => {
      if (options.ownGroup ?? true) signalGroup(child, "SIGKILL");
      setTimeout(finish, PIPE_DRAIN_MS).unref();
    });
  };
  if (options.signal?.aborted) {
    const failure = { kind: "aborted", message: "stopped: the run was interrupted" };
    const empty = { exitCode: null, signal: null, stdout: Buffer.alloc(0), stderrTail: "", stderrEnd: "" };
    return Promise.resolve({ ...empty, failure });
  }
  return new Promise(execute);
}
function seconds(ms) {
  return ms % 1e3 === 0 ? `${ms / 1e3}s` : `${(ms / 1e3).toFixed(1)}s`;
}
function tailOf(text, maxLines = 8, maxLineLength = 300) {
  const lines = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").split("\n").map((line) => line.trimEnd()).filter((line) => line !== "");
  return lines.slice(-maxLines).map((line) => line.startsWith("::") ? ` ${line}` : line).map((line) => line.length > maxLineLength ? `${line.slice(0, maxLineLength)}\u2026` : line).join("\n");
}

// src/git/spawn-git.ts
var GIT_CONFIG = ["core.quotePath=false"];
var GitExitError = class extends Error {
  constructor(exitCode, stderr) {
    super(stderr.trim() || `git exited with code ${exitCode}`);
    this.exitCode = exitCode;
    this.stderr = stderr;
    this.name = "GitExitError";
  }
  exitCode;
  stderr;
};
var idleTimeoutMs = 12e4;
function setGitIdleTimeout(ms) {
  idleTimeoutMs = ms;
}
function nulRecords(onRecords) {
  let pending = Buffer.alloc(0);
  return {
    push(chunk) {
      const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      const end = data.lastIndexOf(0);
      if (end >= 0) onRecords(data.subarray(0, end + 1));
      pending = Buffer.from(data.subarray(end + 1));
    },
    end() {
      if (pending.length > 0) onRecords(pending);
      pending = Buffer.alloc(0);
    }
  };
}
async function spawnGit(cwd, args, options = {}) {
  const result = await runProcess("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), ...args], {
    cwd,
    input: options.input ?? "",
    idleTimeoutMs,
    // Local git starts no children worth a group, and a group costs ~5 ms a command (run-process.ts).
    ownGroup: false,
    ...options.env ? { env: { ...process.env, ...options.env } } : {},
    ...options.signal ? { signal: options.signal } : {},
    ...options.onStdout ? { onStdout: options.onStdout } : {}
  });
  const failure = result.failure;
  if (failure?.kind === "stdout") throw failure.error;
  if (failure?.kind === "aborted") throw options.signal?.reason ?? new Error(failure.message);
  if (failure?.kind === "start")
    throw Object.assign(new Error(`git ${failure.message}`), { code: failure.code });
  if (failure?.kind === "idle") {
    const silent = failure.message.replace(/^no output for /, "");
    throw new Error(
      `git ${subcommand(args)} printed nothing for ${silent} and was stopped (raise --git-timeout if it is only slow)`
    );
  }
  const exitCode = result.exitCode ?? 128;
  if (exitCode === 0 || options.okExitCodes?.includes(exitCode)) {
    return { exitCode, stdout: result.stdout };
  }
  const text = result.stderrEnd;
  throw new GitExitError(
    exitCode,
    result.signal ? `${text}
(git was killed by ${result.signal})`.trim() : text
  );
}
function subcommand(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-c") i++;
    else if (!args[i].startsWith("-")) return args[i];
  }
  return "";
}

// src/git/cat-file-batch.ts
async function catFileSizes(root, names) {
  if (names.length === 0) return [];
  const entries = [];
  const parser = new CatFileBatchParser(false, (entry) => entries.push(entry));
  try {
    await spawnGit(root, ["cat-file", "--batch-check", "--buffer"], {
      input: `${names.join("\n")}
`,
      onStdout: (chunk) => parser.push(chunk)
    });
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw missingObjectError(text) ?? new Error(`git cat-file --batch-check failed (exit ${error.exitCode}): ${text}`);
  }
  parser.end();
  if (entries.length !== names.length) {
    throw new Error(`git cat-file answered ${entries.length} of ${names.length} lookups`);
  }
  return entries;
}

// src/git/cat-file-reader.ts
var import_node_child_process2 = require("node:child_process");
var IDLE_MS = 200;
var CatFileReader = class {
  constructor(root, idleMs = IDLE_MS) {
    this.root = root;
    this.idleMs = idleMs;
  }
  root;
  idleMs;
  /** The process new reads go to; undefined once it has ended (or been ended), until the next read. */
  current;
  /** The objects named (e.g. "<sha>:<path>", "<ref>^{commit}"; no newlines), one entry each, in order. */
  read(names, maxContentBytes = Number.POSITIVE_INFINITY, onEntry) {
    if (names.length === 0) return Promise.resolve([]);
    if (this.current === void 0) {
      const started = new CatFileProcess(this.root, this.idleMs, () => {
        if (this.current === started) this.current = void 0;
      });
      this.current = started;
    }
    return this.current.ask(names, maxContentBytes, onEntry);
  }
};
var CatFileProcess = class {
  /** `retire` is called once this process takes no more requests (ended for idling, failed or exited). */
  constructor(root, idleMs, retire) {
    this.idleMs = idleMs;
    this.retire = retire;
    this.child = (0, import_node_child_process2.spawn)("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), "cat-file", "--batch"], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true
    });
    trackGroup(this.child, false);
    this.parser = new CatFileBatchParser(
      true,
      (entry) => this.answer(entry),
      () => this.queue[0]?.maxContentBytes ?? Number.POSITIVE_INFINITY
    );
    const child = this.child;
    child.stdout.on("data", (chunk) => {
      if (this.failed) return;
      try {
        this.parser.push(chunk);
      } catch (error) {
        this.fail(error);
      }
    });
    child.stderr.on("data", (chunk) => this.stderr.push(chunk));
    child.stdin.on("error", () => {
    });
    child.on("error", (error) => this.fail(error));
    child.on("close", (code) => {
      this.retire();
      if (this.queue.length === 0 && code === 0) return;
      const text = Buffer.concat(this.stderr).toString("utf8").trim();
      this.fail(missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`));
    });
  }
  idleMs;
  retire;
  child;
  queue = [];
  parser;
  stderr = [];
  failed;
  idle;
  ask(names, maxContentBytes, onEntry) {
    return new Promise((resolve6, reject) => {
      if (this.failed) return reject(this.failed);
      clearTimeout(this.idle);
      this.queue.push({
        names,
        entries: [],
        maxContentBytes,
        ...onEntry ? { onEntry } : {},
        resolve: resolve6,
        reject
      });
      holdRun(this.child, true);
      this.child.stdin.write(`${names.join("\n")}
`);
    });
  }
  fail(error) {
    this.failed ??= error;
    this.retire();
    this.child.kill();
    for (const request of this.queue.splice(0)) request.reject(this.failed);
  }
  answer(entry) {
    const request = this.queue[0];
    if (request === void 0) throw new Error("git cat-file answered a lookup nobody asked for");
    request.onEntry?.(entry, request.names[request.entries.length] ?? "");
    request.entries.push(entry);
    if (request.entries.length < request.names.length) return;
    this.queue.shift();
    request.resolve(request.entries);
    if (this.queue.length > 0) return;
    holdRun(this.child, false);
    this.idle = setTimeout(() => {
      if (this.queue.length > 0 || this.failed) return;
      this.retire();
      this.child.stdin.end();
    }, this.idleMs);
    this.idle.unref();
  }
};
function holdRun(child, hold) {
  for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
    if (hold) handle.ref();
    else handle.unref();
  }
}

// src/git/find-work-tree.ts
var import_node_fs2 = require("node:fs");
var import_node_path = require("node:path");
var DISCOVERY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM"
];
function findWorkTreeRoot(dir, env) {
  if (DISCOVERY_VARIABLES.some((name) => env[name] !== void 0)) return void 0;
  for (let current = (0, import_node_fs2.realpathSync)(dir); ; current = (0, import_node_path.dirname)(current)) {
    const dotGit = (0, import_node_path.join)(current, ".git");
    const found = lstatOrUndefined(dotGit);
    if (found?.isFile()) return readOrEmpty(dotGit).startsWith("gitdir: ") ? current : void 0;
    if (found?.isDirectory()) {
      const head = lstatOrUndefined((0, import_node_path.join)(dotGit, "HEAD"));
      const objects = lstatOrUndefined((0, import_node_path.join)(dotGit, "objects"));
      if (!head?.isFile() || !objects?.isDirectory()) return void 0;
      return /^\s*worktree\s*=/im.test(readOrEmpty((0, import_node_path.join)(dotGit, "config"))) ? void 0 : current;
    }
    if (found) return void 0;
    if ((0, import_node_path.dirname)(current) === current) return void 0;
  }
}
function lstatOrUndefined(path) {
  try {
    return (0, import_node_fs2.lstatSync)(path);
  } catch {
    return void 0;
  }
}
function readOrEmpty(path) {
  try {
    return (0, import_node_fs2.readFileSync)(path, "utf8");
  } catch {
    return "";
  }
}

// src/git/git-history.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");
init_errors();

// src/git/safe-ref.ts
init_errors();
function assertSafeRef(ref) {
  if (ref === "") throw new UserError("empty ref: expected a commit SHA, branch or tag");
  if (ref.startsWith("-")) throw new UserError(`ref ${JSON.stringify(ref)} must not start with '-'`);
  if (/[\0\n\r]/.test(ref)) throw new UserError(`ref ${JSON.stringify(ref)} contains a control character`);
}

// src/git/git-history.ts
var FETCH = ["fetch", "--progress", "--no-tags", "--no-recurse-submodules"];
var NOT_FOUND = [1, 128];
var GitHistory = class {
  constructor(root, git, network) {
    this.root = root;
    this.git = git;
    this.network = network;
  }
  root;
  git;
  network;
  async hasCommit(sha) {
    assertSafeRef(sha);
    const { exitCode, stdout } = await this.git.run(["cat-file", "-t", `${sha}^{commit}`], NOT_FOUND);
    return exitCode === 0 && stdout.trim() === "commit";
  }
  async isShallow() {
    const { stdout } = await this.git.run(["rev-parse", "--is-shallow-repository"]);
    return stdout.trim() === "true";
  }
  async fetchCommit(sha) {
    if (!isFullSha(sha)) throw new UserError(`cannot fetch ${JSON.stringify(sha)}: not a full commit SHA`);
    const depth = await this.isShallow() ? ["--depth=1"] : [];
    return this.tryNetwork([...FETCH, ...depth, "origin", sha]);
  }
  async fetchBranch(branch) {
    assertSafeRef(branch);
    const valid = await this.git.run(["check-ref-format", `refs/heads/${branch}`], [1]);
    if (valid.exitCode !== 0) throw new UserError(`not a valid branch name: ${JSON.stringify(branch)}`);
    const depth = await this.isShallow() ? ["--depth=1"] : [];
    return this.tryNetwork([
      ...FETCH,
      ...depth,
      "origin",
      `+refs/heads/${branch}:refs/remotes/origin/${branch}`
    ]);
  }
  async deepen(by, commits) {
    if (!Number.isInteger(by) || by < 1) throw new Error(`deepen: ${by} is not a positive integer`);
    if (!await this.isShallow()) return false;
    const wants = commits?.length ? commits : [await this.resolveCommit("HEAD")];
    for (const sha of wants) {
      if (!isFullSha(sha)) throw new Error(`deepen: ${JSON.stringify(sha)} is not a full commit SHA`);
    }
    const before = await this.readShallowFile();
    if (!await this.tryNetwork([...FETCH, `--deepen=${by}`, "origin", ...wants])) return false;
    return await this.readShallowFile() !== before;
  }
  async mergeBase(a, b) {
    assertSafeRef(a);
    assertSafeRef(b);
    const { stdout } = await this.git.run(["merge-base", a, b], [1]);
    return stdout.trim() || void 0;
  }
  async firstParent(sha) {
    assertSafeRef(sha);
    const { stdout } = await this.git.run(["cat-file", "commit", sha]);
    for (const line of stdout.split("\n")) {
      if (line === "") break;
      if (line.startsWith("parent ")) return line.slice("parent ".length).trim();
    }
    return void 0;
  }
  async isAncestor(a, b) {
    assertSafeRef(a);
    assertSafeRef(b);
    const { exitCode } = await this.git.run(["merge-base", "--is-ancestor", a, b], [1]);
    return exitCode === 0;
  }
  async tryNetwork(args) {
    try {
      await this.network.run(args);
      return true;
    } catch {
      return false;
    }
  }
  async readShallowFile() {
    const path = (await this.git.run(["rev-parse", "--git-path", "shallow"])).stdout.trim();
    try {
      return (0, import_node_fs3.readFileSync)((0, import_node_path2.resolve)(this.root, path), "utf8");
    } catch {
      return "";
    }
  }
};

// src/git/parse-ls-tree.ts
function parseLsTree(output) {
  const entries = [];
  for (const record of output.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("	");
    const [mode, type, oid] = record.slice(0, tab).split(" ");
    if (tab < 0 || mode === void 0 || type === void 0 || oid === void 0) {
      throw new Error(`unexpected git ls-tree output: ${JSON.stringify(record.slice(0, 200))}`);
    }
    entries.push({ mode, type, oid, path: record.slice(tab + 1) });
  }
  return entries;
}
function blobPathsOfLsTree(output, baseNames) {
  if (baseNames) return blobPathsNamed(typeof output === "string" ? Buffer.from(output) : output, baseNames);
  const text = typeof output === "string" ? output : output.toString("utf8");
  const paths = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\0", at);
    const stop = end === -1 ? text.length : end;
    const entry = entryOf(text.slice(at, stop));
    if (entry.type === "blob") paths.push(entry.path);
    at = stop + 1;
  }
  return paths;
}
function blobPathsNamed(output, baseNames) {
  if (baseNames.length === 0) return [];
  const text = output.toString("latin1");
  const names = new RegExp(`[/	](?:${baseNames.map(escapeRegExp).join("|")})(?:\0|$)`, "g");
  const wanted = new Set(baseNames);
  const paths = [];
  for (const match of text.matchAll(names)) {
    const stop = match[0].endsWith("\0") ? match.index + match[0].length - 1 : text.length;
    const entry = entryOf(output.toString("utf8", text.lastIndexOf("\0", match.index) + 1, stop));
    if (entry.type === "blob" && wanted.has(entry.path.slice(entry.path.lastIndexOf("/") + 1))) {
      paths.push(entry.path);
    }
  }
  return paths;
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function entryOf(record) {
  const space = record.indexOf(" ");
  const tab = record.indexOf("	");
  if (space < 0 || tab < 0 || space > tab) {
    throw new Error(`unexpected git ls-tree output: ${JSON.stringify(record.slice(0, 200))}`);
  }
  return { type: record.slice(space + 1, record.indexOf(" ", space + 1)), path: record.slice(tab + 1) };
}

// src/git/parse-name-status.ts
var SIMPLE = /* @__PURE__ */ new Set(["A", "M", "D", "T"]);
function parseNameStatus(output) {
  const fields = output.split("\0");
  if (fields.at(-1) === "") fields.pop();
  const changes = [];
  let i = 0;
  while (i < fields.length) {
    const field3 = fields[i++];
    const raw = RAW.exec(field3);
    const status = raw ? raw[5] : field3;
    const submodule = raw ? submoduleOf(raw) : void 0;
    const letter = status.charAt(0);
    if (letter === "R" || letter === "C") {
      const oldPath = fields[i++];
      const path = fields[i++];
      if (oldPath === void 0 || path === void 0) throw truncated(status);
      changes.push({ status: letter, path, oldPath, ...submodule ? { submodule } : {} });
    } else if (SIMPLE.has(letter) && status.length === 1) {
      const path = fields[i++];
      if (path === void 0) throw truncated(status);
      changes.push({ status: letter, path, ...submodule ? { submodule } : {} });
    } else {
      throw new Error(`unexpected status ${JSON.stringify(status)} in git diff --name-status output`);
    }
  }
  return changes;
}
var RAW = /^:([0-7]{6}) ([0-7]{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z][0-9]*)$/;
var GITLINK = "160000";
function submoduleOf(raw) {
  const [, oldMode, newMode, oldId, newId] = raw;
  if (oldMode !== GITLINK && newMode !== GITLINK) return void 0;
  return {
    ...oldMode === GITLINK ? { from: oldId } : {},
    ...newMode === GITLINK ? { to: newId } : {}
  };
}
function truncated(status) {
  return new Error(`git diff --name-status output ends after status ${JSON.stringify(status)}`);
}

// src/git/run-git.ts
function createGitRunner(baseDir) {
  return {
    async run(args, okExitCodes = []) {
      try {
        const { exitCode, stdout } = await spawnGit(baseDir, args, { okExitCodes });
        return { exitCode, stdout: exitCode === 0 ? stdout.toString("utf8") : "" };
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runWithInput(args, input) {
      try {
        return (await spawnGit(baseDir, args, { input })).stdout.toString("utf8");
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runBuffer(args) {
      try {
        return (await spawnGit(baseDir, args)).stdout;
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runRecords(args, onRecords) {
      const records = nulRecords(onRecords);
      try {
        await spawnGit(baseDir, args, { onStdout: records.push });
      } catch (error) {
        throw describe(error, args);
      }
      records.end();
    }
  };
}
function createNetworkGitRunner(baseDir, timeoutMs) {
  let loading;
  const load = async () => {
    const { simpleGit, GitPluginError } = await import("./vendor/simple-git.js");
    return simpleGit({
      baseDir,
      config: GIT_CONFIG,
      trimmed: false,
      timeout: { block: timeoutMs },
      errors(error, result) {
        if (error instanceof GitPluginError) return error;
        if (result.exitCode !== 0) {
          return new GitExitError(result.exitCode, Buffer.concat(result.stdErr).toString("utf8"));
        }
        return error;
      }
    });
  };
  return {
    async run(args, okExitCodes = []) {
      loading ??= load();
      try {
        return { exitCode: 0, stdout: await (await loading).raw(args) };
      } catch (error) {
        if (error instanceof GitExitError && okExitCodes.includes(error.exitCode)) {
          return { exitCode: error.exitCode, stdout: "" };
        }
        throw describe(error, args);
      }
    }
  };
}
function describe(error, args) {
  const missing = error instanceof GitExitError ? missingObjectError(error.stderr) : void 0;
  if (missing) return missing;
  const message = error instanceof Error ? error.message.trim() : String(error);
  const command = args.join(" ");
  const shown2 = command.length > 200 ? `${command.slice(0, 200)}...` : command;
  return new Error(`git ${shown2} failed: ${message}`, { cause: error });
}

// src/git/run-grep.ts
var import_node_os = require("node:os");

// src/git/grep-patterns.ts
var MAX_PATTERN_CHARS = 8e3;
var SYNTAX_FLAG = { perl: "-P", extended: "-E", fixed: "-F" };
function patternSyntaxFor(needles, perlAvailable2) {
  if (!needles.every((needle) => /^[\x20-\x7e]+$/.test(needle))) return "fixed";
  return perlAvailable2 ? "perl" : "extended";
}
function grepPatternLines(needles, syntax) {
  if (syntax === "fixed") return [...needles];
  const literalOf = syntax === "perl" ? escapePerl : escapeExtended;
  const lines = [];
  let current = [];
  let length = 0;
  for (const needle of needles) {
    const literal = literalOf(needle);
    if (current.length > 0 && length + literal.length + 1 > MAX_PATTERN_CHARS) {
      lines.push(current.join("|"));
      current = [];
      length = 0;
    }
    current.push(literal);
    length += literal.length + 1;
  }
  if (current.length > 0) lines.push(current.join("|"));
  return lines;
}
function escapePerl(text) {
  return text.replace(/[^A-Za-z0-9]/g, "\\$&");
}
function escapeExtended(text) {
  return text.replace(/[.[\]\\()*+?{}|^$]/g, "\\$&");
}

// src/git/run-grep.ts
var NO_PERL = /Perl-compatible|PCRE|JIT|In '-' at \d+/;
var perlAvailable = true;
async function runGrep(root, request, onName) {
  if (request.needles.length === 0) return;
  const syntax = patternSyntaxFor(request.needles, perlAvailable);
  try {
    await grepWith(root, request, syntax, onName);
  } catch (error) {
    if (!(syntax === "perl" && error instanceof GitExitError && NO_PERL.test(error.stderr))) {
      throw grepError(error);
    }
    perlAvailable = false;
    await grepWith(root, request, "extended", onName).catch((retryError) => {
      throw grepError(retryError);
    });
  }
}
async function grepWith(root, request, syntax, onName) {
  const names = nulRecords((records) => {
    for (const name of records.toString("utf8").split("\0")) if (name !== "") onName(name);
  });
  const args = [
    "grep",
    "-z",
    "-l",
    "-I",
    "--no-color",
    `--threads=${grepThreads()}`,
    SYNTAX_FLAG[syntax],
    "-f",
    "-",
    request.rev,
    "--"
  ];
  await spawnGit(root, [...args, ...request.pathspecs], {
    okExitCodes: [1],
    onStdout: names.push,
    input: `${grepPatternLines(request.needles, syntax).join("\n")}
`,
    // Byte semantics whatever the runner's locale: a UTF-8 locale would make PCRE2 decode every
    // file as UTF-8; the patterns are ASCII, so what matches is the same either way.
    ...syntax === "fixed" ? {} : { env: { LC_ALL: "C" } },
    ...request.signal ? { signal: request.signal } : {}
  });
  names.end();
}
function grepThreads(cores = (0, import_node_os.availableParallelism)()) {
  return Math.max(1, cores - 1);
}
function grepError(error) {
  if (!(error instanceof GitExitError)) return error;
  const text = error.stderr.trim();
  return missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
}

// src/git/create-git.ts
var DEFAULT_GIT_TIMEOUT_MS = 12e4;
async function createGit(repoDir, options = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS;
  setGitIdleTimeout(timeoutMs);
  const dir = (0, import_node_path3.resolve)(repoDir);
  if (!statOrUndefined(dir)?.isDirectory()) throw new UserError(`repository directory ${dir} does not exist`);
  const found = findWorkTreeRoot(dir, process.env);
  const root = found ?? await askGitForWorkTree(dir);
  const adapter = new GitAdapter(root, createGitRunner(root), createNetworkGitRunner(root, timeoutMs));
  if (found !== void 0) adapter.checkWorkTree = () => askGitForWorkTree(dir).then(() => void 0);
  return adapter;
}
function statOrUndefined(path) {
  try {
    return (0, import_node_fs4.statSync)(path);
  } catch {
    return void 0;
  }
}
async function askGitForWorkTree(dir) {
  let root;
  try {
    root = (await createGitRunner(dir).run(["rev-parse", "--show-toplevel"])).stdout.trim();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
    throw new UserError(`${dir} is not inside a git work tree (${reason})`);
  }
  if (root === "") throw new UserError(`${dir} is not inside a git work tree`);
  return root;
}
var DIFF_TREE = ["diff-tree", "-r", "-z", "--raw", "-M", "--no-commit-id"];
var GitAdapter = class extends GitHistory {
  /**
   * Full SHAs already verified to name a commit. A commit never changes, so each stage that passes
   * the same SHA (diff, reads at base and head, grep) no longer spawns its own `rev-parse`.
   */
  knownCommits = /* @__PURE__ */ new Set();
  /** Set when the root was found without git: asks git, and throws when it will not use the repository. */
  checkWorkTree;
  /** Every object read goes through one long-lived `cat-file --batch`. */
  objects;
  constructor(root, git, network) {
    super(root, git, network);
    this.objects = new CatFileReader(root);
  }
  async resolveCommit(ref) {
    const sha = await this.tryResolveCommit(ref);
    if (sha === void 0) throw new UserError(`not a commit: ${ref}`);
    return sha;
  }
  async tryResolveCommit(ref) {
    assertSafeRef(ref);
    if (this.knownCommits.has(ref)) return ref;
    const sha = await new Promise((resolve6, reject) => {
      if (this.resolving === void 0) {
        this.resolving = [];
        queueMicrotask(() => this.resolveBatch());
      }
      this.resolving.push({ ref, resolve: resolve6, reject });
    });
    if (sha !== void 0 && sha === ref) this.knownCommits.add(sha);
    return sha;
  }
  /** Refs asked for in the same tick (a range's base and head), waiting for one git process. */
  resolving;
  /**
   * One `cat-file --batch-check` answers every ref asked for in one tick (`<ref>^{commit}`: the
   * commit a tag or branch names; "missing" when there is none). Should it fail as a whole, each
   * ref is asked on its own, as `rev-parse --verify` would answer it.
   */
  async resolveBatch() {
    const batch = this.resolving ?? [];
    this.resolving = void 0;
    let entries;
    try {
      entries = await this.objects.read(
        batch.map((b) => `${b.ref}^{commit}`),
        0
      );
    } catch {
      entries = void 0;
      try {
        await this.checkWorkTree?.();
      } catch (refusal) {
        for (const request of batch) request.reject(refusal);
        return;
      }
    }
    for (const [i, request] of batch.entries()) {
      const entry = entries?.[i];
      if (entries !== void 0) {
        request.resolve(entry?.kind === "object" && entry.type === "commit" ? entry.oid : void 0);
        continue;
      }
      this.git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", `${request.ref}^{commit}`], NOT_FOUND).then(({ stdout }) => request.resolve(stdout.trim() || void 0), request.reject);
    }
  }
  /** Diffs asked for (or started), by "base head": two commits always differ the same way. */
  diffs = /* @__PURE__ */ new Map();
  changedFiles(base, head) {
    const key = `${base} ${head}`;
    let diff = this.diffs.get(key);
    if (diff === void 0) {
      diff = this.diff(base, head);
      this.diffs.set(key, diff);
      diff.catch(() => this.diffs.delete(key));
    }
    return diff;
  }
  async diff(base, head) {
    const resolving = Promise.all([this.resolveCommit(base), this.resolveCommit(head)]);
    const early = isFullSha(base) && isFullSha(head) ? this.knownCommits.has(base) && this.knownCommits.has(head) ? void 0 : this.diffTree(`${base}^{commit}`, `${head}^{commit}`) : this.diffTreeOnceResolved(resolving);
    early?.catch(() => {
    });
    const [from, to] = await resolving;
    const diff = early ? early.catch(() => this.diffTree(from, to)) : this.diffTree(from, to);
    const resolvedKey = `${from} ${to}`;
    if (!this.diffs.has(resolvedKey)) {
      this.diffs.set(resolvedKey, diff);
      diff.catch(() => this.diffs.delete(resolvedKey));
    }
    return diff;
  }
  async diffTree(from, to) {
    const { stdout } = await this.git.run([...DIFF_TREE, from, to, "--"]);
    return parseNameStatus(stdout);
  }
  /**
   * The diff of two commits still resolving: `diff-tree --stdin` starts now and is given
   * "<head> <base>" once they resolve, a commit and the one parent to compare it with, which
   * gives the same entries as `diff-tree <base> <head>`. Fails when either does not resolve.
   */
  async diffTreeOnceResolved(commits) {
    await void 0;
    const [stdout] = await Promise.all([
      this.git.runWithInput(
        [...DIFF_TREE, "--stdin", "--"],
        commits.then(([from, to]) => `${to} ${from}
`)
      ),
      commits
    ]);
    return parseNameStatus(stdout);
  }
  async readFile(rev, path) {
    return (await this.readFiles(rev, [path])).get(path);
  }
  async readFiles(rev, paths) {
    return (await this.readFilesUpTo(rev, paths, Number.POSITIVE_INFINITY)).files;
  }
  async readFilesUpTo(rev, paths, maxBytes) {
    const sha = await this.resolveCommit(rev);
    const files = /* @__PURE__ */ new Map();
    const oversized = /* @__PURE__ */ new Map();
    const [plain, withNewline] = splitByNewline(paths);
    const entries = await this.objects.read(
      plain.map((path) => `${sha}:${path}`),
      maxBytes
    );
    entries.forEach((entry, i) => {
      if (entry.kind !== "object" || entry.type !== "blob") return;
      if (entry.content) files.set(plain[i], entry.content);
      else oversized.set(plain[i], entry.size);
    });
    for (const path of withNewline) {
      const blob = await this.lsTreeBlob(sha, path);
      if (!blob) continue;
      const bytes = await this.git.runBuffer(["cat-file", "blob", blob]);
      if (bytes.length > maxBytes) oversized.set(path, bytes.length);
      else files.set(path, bytes);
    }
    return { files, oversized };
  }
  async fileSize(rev, path) {
    return (await this.fileSizes(rev, [path])).get(path);
  }
  async fileSizes(rev, paths) {
    const sha = await this.resolveCommit(rev);
    const sizes = /* @__PURE__ */ new Map();
    const [plain, withNewline] = splitByNewline(paths);
    const entries = await catFileSizes(
      this.root,
      plain.map((path) => `${sha}:${path}`)
    );
    entries.forEach((entry, i) => {
      if (entry.kind === "object" && entry.type === "blob") sizes.set(plain[i], entry.size);
    });
    for (const path of withNewline) {
      const blob = await this.lsTreeBlob(sha, path);
      if (blob) sizes.set(path, Number((await this.git.run(["cat-file", "-s", blob])).stdout.trim()));
    }
    return sizes;
  }
  async listFiles(rev, baseNames) {
    const sha = await this.resolveCommit(rev);
    const paths = [];
    await this.git.runRecords(["ls-tree", "-r", "-z", "--full-tree", sha], (records) => {
      for (const path of blobPathsOfLsTree(records, baseNames)) paths.push(path);
    });
    return paths;
  }
  async grepFiles(rev, fixedStrings, pathspecs = [], signal) {
    const sha = await this.resolveCommit(rev);
    const found = /* @__PURE__ */ new Set();
    await this.grep(sha, fixedStrings, pathspecs, (path) => found.add(path), signal);
    return [...found].sort();
  }
  async grepAndReadFiles(rev, fixedStrings, pathspecs, options) {
    const sha = await this.resolveCommit(rev);
    const found = /* @__PURE__ */ new Set();
    const withNewline = [];
    const reading = [];
    const prefix = `${sha}:`;
    const deliver = (entry, name) => {
      if (entry.kind !== "object" || entry.type !== "blob") return;
      const path = name.slice(prefix.length);
      options.onFile(path, entry.content ? { bytes: entry.content } : { oversized: entry.size });
    };
    const onPath = (path) => {
      if (found.has(path)) return;
      found.add(path);
      if (!options.read(path)) return;
      if (path.includes("\n")) return void withNewline.push(path);
      const read = this.objects.read([`${prefix}${path}`], options.maxBytes, deliver);
      read.catch(() => {
      });
      reading.push(read);
    };
    try {
      await this.grep(sha, fixedStrings, pathspecs, onPath, options.signal);
    } catch (error) {
      await Promise.allSettled(reading);
      throw error;
    }
    await Promise.all(reading);
    if (withNewline.length > 0) {
      const read = await this.readFilesUpTo(sha, withNewline, options.maxBytes);
      for (const [path, bytes] of read.files) options.onFile(path, { bytes });
      for (const [path, size] of read.oversized) options.onFile(path, { oversized: size });
    }
    return [...found].sort();
  }
  /** One `git grep` for all the names; `onPath` gets each matching path as git prints it. */
  async grep(sha, fixedStrings, pathspecs, onPath, signal) {
    const needles = [...new Set(fixedStrings)];
    for (const needle of needles) {
      if (needle === "" || needle.includes("\n"))
        throw new Error(`grepFiles: cannot search for ${JSON.stringify(needle)}`);
    }
    const prefix = `${sha}:`;
    await runGrep(
      this.root,
      { needles, rev: sha, pathspecs, ...signal ? { signal } : {} },
      (name) => onPath(name.startsWith(prefix) ? name.slice(prefix.length) : name)
    );
  }
  /** The blob id at an exact path (for names `cat-file --batch` cannot take: those with newlines). */
  async lsTreeBlob(sha, path) {
    const { stdout } = await this.git.run(["ls-tree", "-z", "--full-tree", sha, "--", path]);
    return parseLsTree(stdout).find((entry) => entry.path === path && entry.type === "blob")?.oid;
  }
};
function splitByNewline(paths) {
  const unique2 = [...new Set(paths)].filter((path) => path !== "");
  return [unique2.filter((path) => !path.includes("\n")), unique2.filter((path) => path.includes("\n"))];
}

// src/git/work-tree.ts
var import_node_fs5 = require("node:fs");
var import_promises = require("node:fs/promises");
var import_node_os2 = require("node:os");
var import_node_path4 = require("node:path");
async function openWorkTree(dir) {
  const { stdout } = await createGitRunner(dir).run(["rev-parse", "--show-toplevel"]);
  return createWorkTree(stdout.trim() || dir);
}
function createWorkTree(dir) {
  return {
    dir,
    async listFiles() {
      const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
      const { stdout } = await createGitRunner(dir).run(args);
      return [...new Set(stdout.split("\0").filter((f) => f !== ""))].sort();
    },
    // Synchronous on purpose: a stamp reads thousands of small files, and one promise-based read
    // costs five system calls and a round of the event loop each (~1 ms), a synchronous one ~20 µs.
    async size(path) {
      try {
        const s = (0, import_node_fs5.statSync)((0, import_node_path4.join)(dir, path));
        return s.isFile() ? s.size : void 0;
      } catch {
        return void 0;
      }
    },
    async read(path) {
      try {
        return (0, import_node_fs5.readFileSync)((0, import_node_path4.join)(dir, path));
      } catch {
        return void 0;
      }
    },
    write: (path, text) => (0, import_promises.writeFile)((0, import_node_path4.join)(dir, path), text),
    remove: (path) => (0, import_promises.rm)((0, import_node_path4.join)(dir, path), { force: true }),
    async withScratch(use) {
      const scratch = await (0, import_promises.mkdtemp)((0, import_node_path4.join)((0, import_node_os2.tmpdir)(), "config-rollout-stamp-"));
      try {
        return await use(scratch);
      } finally {
        await (0, import_promises.rm)(scratch, { recursive: true, force: true });
      }
    }
  };
}

// src/pipeline/stamp/run-stamp.ts
init_errors();

// src/core/manifests/parse-manifest-file.ts
init_manifest_reader();
async function parseManifestFile(file, text, opts) {
  if (opts.fast !== false) {
    const fast = parseManifestsFast(file, text, opts);
    if (fast !== void 0) return fast;
  }
  const { parseManifests: parseManifests2 } = await Promise.resolve().then(() => (init_parse_manifests(), parse_manifests_exports));
  return parseManifests2(file, text, { ...opts, fast: false });
}

// src/core/model.ts
function idKey(id) {
  return `${id.kind}/${id.namespace}/${id.name}`;
}
function formatId(id) {
  return `${id.kind.toLowerCase()}/${id.name} (namespace ${id.namespace})`;
}

// src/core/run-limited.ts
async function runLimited(items, limit, step) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await step(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

// src/core/sources/checkout-scope.ts
function checkoutScope(dirs, files) {
  const wanted = new Set(dirs);
  for (const file of files) wanted.add(parentOf(file));
  if (wanted.has("")) return void 0;
  const inside = [...wanted].filter((dir) => dir !== ".." && !dir.startsWith("../")).sort();
  const minimal = [];
  for (const dir of inside) {
    if (!minimal.some((kept) => dir.startsWith(`${kept}/`))) minimal.push(dir);
  }
  return minimal;
}
function inScope(path, scope) {
  return scope === void 0 || scope.some((dir) => path.startsWith(`${dir}/`));
}
function parentOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

// src/core/sources/deployed-dirs.ts
init_json_shape();
function deployedDirsOf(objects) {
  const dirs = /* @__PURE__ */ new Set();
  for (const object of objects) {
    for (const path of pathsNamedBy(object)) {
      const dir = normalizedDir(path);
      if (dir !== void 0) dirs.add(dir);
    }
  }
  return [...dirs].sort();
}
function pathsNamedBy(object) {
  const apiVersion = field2(object, "apiVersion");
  const kind = field2(object, "kind");
  if (typeof apiVersion !== "string") return [];
  const group = apiVersion.split("/")[0];
  const spec = field2(object, "spec");
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") return [field2(spec, "path")];
  if (group !== "argoproj.io") return [];
  if (kind === "Application") return sourcePaths(spec);
  if (kind === "ApplicationSet") return sourcePaths(field2(field2(spec, "template"), "spec"));
  return [];
}
function sourcePaths(appSpec) {
  const sources = field2(appSpec, "sources");
  return [
    field2(field2(appSpec, "source"), "path"),
    ...Array.isArray(sources) ? sources.filter(isRecord).map((s) => field2(s, "path")) : []
  ];
}
function normalizedDir(path) {
  if (typeof path !== "string" || path.includes("{{") || path.includes("$")) return void 0;
  const parts = [];
  for (const part of path.trim().split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") return void 0;
    parts.push(part);
  }
  return parts.join("/");
}

// src/core/sources/kustomization-file.ts
var import_yaml2 = require("./vendor/yaml.js");
init_json_shape();

// src/core/sources/kustomization-names.ts
var KUSTOMIZATION_FILE_NAMES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
function kustomizationDirOf(path) {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  if (!KUSTOMIZATION_FILE_NAMES.includes(name)) return void 0;
  return slash === -1 ? "" : path.slice(0, slash);
}

// src/core/sources/kustomization-file.ts
var CARRYING_FIELDS = [
  "replacements",
  "vars",
  "generators",
  "transformers",
  "helmCharts",
  "helmChartInflationGenerator",
  "configurations",
  "crds"
];
function readKustomizationFile(path, text) {
  const dir = kustomizationDirOf(path) ?? "";
  const result = {
    dir,
    path,
    isComponent: false,
    entries: [],
    resources: [],
    files: [],
    generators: [],
    patchFiles: [],
    remote: [],
    outside: []
  };
  let doc;
  try {
    doc = (0, import_yaml2.parse)(text, { logLevel: "error", maxAliasCount: 100 });
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return result;
  }
  if (!isRecord(doc)) return result;
  result.isComponent = field2(doc, "kind") === "Component";
  if (CARRYING_FIELDS.some((key) => field2(doc, key) !== void 0 && field2(doc, key) !== null))
    result.carriesValues = true;
  const namespace = field2(doc, "namespace");
  if (typeof namespace === "string" && namespace.trim() !== "") result.namespace = namespace.trim();
  const pushAll = (into, values) => {
    for (const value of values) {
      const path2 = localEntry(dir, value, result);
      if (path2 !== void 0 && !into.includes(path2)) into.push(path2);
    }
  };
  for (const key of ["resources", "bases", "components", "generators", "transformers", "validators"]) {
    pushAll(result.entries, listOf(field2(doc, key)));
  }
  for (const key of ["resources", "bases"]) pushAll(result.resources, listOf(field2(doc, key)));
  for (const key of ["crds", "configurations"]) pushAll(result.files, listOf(field2(doc, key)));
  const patchPaths = [
    ...listOf(field2(doc, "patchesStrategicMerge")).filter((p) => typeof p === "string" && !/[\n:]/.test(p)),
    ...listOf(field2(doc, "patchesJson6902")).map((p) => field2(p, "path")),
    ...listOf(field2(doc, "patches")).map((p) => field2(p, "path"))
  ];
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(
    result.files,
    listOf(field2(doc, "replacements")).map((r) => field2(r, "path"))
  );
  pushAll(result.files, [field2(field2(doc, "openapi"), "path")]);
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"]
  ]) {
    for (const generator of listOf(field2(doc, key))) {
      const name = field2(generator, "name");
      const files = [
        ...listOf(field2(generator, "files")).map(
          (f) => typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f
        ),
        ...listOf(field2(generator, "envs")),
        field2(generator, "env")
      ];
      const paths = [];
      pushAll(paths, files);
      for (const path2 of paths) if (!result.files.includes(path2)) result.files.push(path2);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}
function localEntry(dir, value, seen) {
  if (typeof value !== "string" || value.trim() === "") return void 0;
  const written = value.trim();
  if (isRemote(written)) {
    if (!seen.remote.includes(written)) seen.remote.push(written);
    return void 0;
  }
  const path = joinPath(dir, written);
  if (written.startsWith("/") || path === ".." || path.startsWith("../")) {
    if (!seen.outside.includes(written)) seen.outside.push(written);
    return void 0;
  }
  return path;
}
function listOf(value) {
  return Array.isArray(value) ? value : [];
}
function isRemote(value) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^git::/i.test(value) || /^[^/]+@[^/]+:/.test(value) || /^(github|gitlab|bitbucket)\.(com|org)\//.test(value);
}
function joinPath(dir, relative) {
  const parts = dir.split("/").filter(Boolean);
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0 || parts[parts.length - 1] === "..") parts.push("..");
      else parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join("/");
}

// src/core/sources/kustomize-entries.ts
function refusedEntries(label, kustomizations, side, rules) {
  for (const k of kustomizations) {
    const outside = k.outside[0];
    if (outside !== void 0) {
      return `${label}: ${k.path} at the ${side} commit names ${JSON.stringify(outside)}, which is outside the repository; a kustomization may read only files of the repository. Nothing was rendered or applied: name a file inside the repository`;
    }
  }
  if (side !== "head" || rules.untrustedHead === void 0 || rules.allowRemote) return void 0;
  for (const k of kustomizations) {
    const remote = k.remote[0];
    if (remote !== void 0) {
      return `${label}: ${k.path} at the head commit names the remote resource ${JSON.stringify(remote)}, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: vendor it into the repository, or pass --allow-remote-kustomize if you trust every pull request author`;
    }
  }
  return void 0;
}

// src/core/sources/kustomize-graph.ts
function buildKustomizeGraph(kustomizations) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const includers = /* @__PURE__ */ new Map();
  for (const k of kustomizations) {
    for (const entry of k.entries) {
      if (!byDir.has(entry) || entry === k.dir) continue;
      const list = includers.get(entry) ?? [];
      if (!list.includes(k)) list.push(k);
      includers.set(entry, list);
    }
  }
  const roots = kustomizations.filter((k) => !includers.has(k.dir) && !k.isComponent).map((k) => k.dir).sort();
  const cache = /* @__PURE__ */ new Map();
  const inputsOf = (dir) => {
    const cached = cache.get(dir);
    if (cached) return cached;
    const inputs = /* @__PURE__ */ new Set();
    cache.set(dir, inputs);
    const k = byDir.get(dir);
    if (!k) return inputs;
    inputs.add(k.path);
    for (const file of k.files) inputs.add(file);
    for (const entry of k.entries) {
      if (byDir.has(entry)) for (const file of inputsOf(entry)) inputs.add(file);
      else inputs.add(entry);
    }
    return inputs;
  };
  const ownedFiles = /* @__PURE__ */ new Set();
  for (const k of kustomizations) for (const file of inputsOf(k.dir)) ownedFiles.add(file);
  return { roots, ownedFiles, inputsOf, includersOf: (dir) => includers.get(dir) ?? [] };
}
function kustomizationsUnder(dir, kustomizations) {
  const byDir = kustomizations instanceof Map ? kustomizations : new Map(kustomizations.map((k) => [k.dir, k]));
  const seen = /* @__PURE__ */ new Set();
  const order = [];
  const walk = (d) => {
    const k = byDir.get(d);
    if (!k || seen.has(d)) return;
    seen.add(d);
    order.push(k);
    for (const entry of k.entries) walk(entry);
  };
  walk(dir);
  return order;
}

// src/core/sources/kustomize-roots.ts
var NOT_DEPLOYED_DIR_NAMES = [
  "test",
  "tests",
  "e2e",
  "testdata",
  "example",
  "examples",
  "docs",
  "hack"
];
var SHARED_DIR_NAMES = /* @__PURE__ */ new Set(["base", "bases", "components"]);
function chooseRoots(kustomizations, graph, rules) {
  const discovered = rules.paths ? kustomizations.filter((k) => matchesPaths(k, rules.paths)) : kustomizations;
  const discoveredDirs = new Set(discovered.map((k) => k.dir));
  const roots = [];
  const notDeployed = [];
  for (const k of discovered) {
    if (k.isComponent) continue;
    const includers = graph.includersOf(k.dir).filter((i) => discoveredDirs.has(i.dir));
    if (includers.length > 0 && !deployedOnItsOwn(k, includers, rules.deployedDirs)) continue;
    if (notDeployedDir(k.dir) !== void 0 && !namedByGlob(k.dir, rules.paths?.globs ?? [])) {
      notDeployed.push(k.dir);
      continue;
    }
    roots.push(k.dir);
  }
  return { roots: roots.sort(), notDeployed: notDeployed.sort() };
}
function notDeployedDir(dir) {
  return dir.split("/").find((segment) => NOT_DEPLOYED_DIR_NAMES.includes(segment));
}
function deployedOnItsOwn(k, includers, deployedDirs) {
  if (deployedDirs.has(k.dir)) return true;
  if (k.namespace === void 0) return false;
  if (k.dir.split("/").some((segment) => SHARED_DIR_NAMES.has(segment))) return false;
  return includers.every((i) => i.namespace !== void 0 && i.namespace !== k.namespace);
}
function matchesPaths(k, paths) {
  return paths.matches(k.path) || paths.matches(k.dir === "" ? "kustomization.yaml" : `${k.dir}/kustomization.yaml`);
}
function namedByGlob(dir, globs) {
  const names = dir.split("/").filter((segment) => NOT_DEPLOYED_DIR_NAMES.includes(segment));
  return names.every((name) => globs.some((glob) => glob.split("/").includes(name)));
}

// src/core/stamp/stamp-file.ts
var import_yaml4 = require("./vendor/yaml.js");
init_json_shape();

// src/core/restart-patch.ts
init_errors();
init_pod_template();
init_json_shape();
var CONFIG_HASH_ANNOTATION = "config-rollout.io/config-hash";

// src/core/stamp/annotation-edit.ts
var import_yaml3 = require("./vendor/yaml.js");
var UnstampableError = class extends Error {
};
function applyEdits(source2, edits) {
  let out = source2;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}
function annotationEdits(source2, doc, templatePath, key, value) {
  const ctx = new EditContext(source2);
  let node = doc.contents;
  let parentKeyCol;
  for (const segment of templatePath) {
    const map = asMap(node, segment);
    const pair = findPair(map, segment);
    if (!pair) throw new UnstampableError(`no ${templatePath.join(".")} in the object`);
    parentKeyCol = keyColumn(ctx, pair);
    node = pair.value;
  }
  const template = asMap(node, "template");
  ctx.noteStep(template, parentKeyCol);
  const metaPair = findPair(template, "metadata");
  if (!metaPair) return ctx.insert(template, "metadata", { annotations: { [key]: value } });
  if (isEmpty(metaPair.value)) return ctx.fillEmpty(template, metaPair, { annotations: { [key]: value } });
  const metadata = asMap(metaPair.value, "metadata");
  const annPair = findPair(metadata, "annotations");
  if (!annPair) return ctx.insert(metadata, "annotations", { [key]: value });
  if (isEmpty(annPair.value)) return ctx.fillEmpty(metadata, annPair, { [key]: value });
  const annotations = asMap(annPair.value, "annotations");
  const current = findPair(annotations, key);
  if (!current) return ctx.insert(annotations, key, value);
  const scalar2 = current.value;
  if ((0, import_yaml3.isScalar)(scalar2) && scalar2.value === value) return [];
  if ((0, import_yaml3.isScalar)(scalar2) && scalar2.range) {
    return [{ start: scalar2.range[0], end: scalar2.range[1], text: ctx.scalarText(value, scalar2.type) }];
  }
  if (scalar2 === null || isEmpty(scalar2)) return ctx.fillEmpty(annotations, current, value);
  throw new UnstampableError(`${key} is not a plain value`);
}
function asMap(node, what) {
  if ((0, import_yaml3.isAlias)(node)) throw new UnstampableError(`${what} is a YAML alias: edit it where it is defined`);
  if (!(0, import_yaml3.isMap)(node)) throw new UnstampableError(`${what} is not a mapping`);
  return node;
}
function findPair(map, key) {
  for (const item of map.items) {
    if ((0, import_yaml3.isPair)(item) && (0, import_yaml3.isScalar)(item.key) && item.key.value === key) return item;
  }
  return void 0;
}
function isEmpty(node) {
  if (node === null || node === void 0) return true;
  if ((0, import_yaml3.isScalar)(node)) return node.value === null;
  return false;
}
function keyColumn(ctx, pair) {
  const range = pair.key?.range;
  return range ? ctx.column(range[0]) : void 0;
}
var EditContext = class {
  constructor(source2) {
    this.source = source2;
    this.eol = source2.includes("\r\n") ? "\r\n" : "\n";
  }
  source;
  eol;
  step = 2;
  /** Indentation step of the file, from the template's keys relative to the `template:` key. */
  noteStep(template, parentCol) {
    const first = firstKey(template);
    if (template.flow || !first?.range || parentCol === void 0) return;
    const step = this.column(first.range[0]) - parentCol;
    if (step > 0 && step <= 8) this.step = step;
  }
  column(offset) {
    return offset - this.lineStart(offset);
  }
  lineStart(offset) {
    return this.source.lastIndexOf("\n", offset - 1) + 1;
  }
  lineEnd(offset) {
    let end = this.source.indexOf("\n", offset);
    if (end === -1) return this.source.length;
    if (this.source[end - 1] === "\r") end--;
    return end;
  }
  /** A new key/value pair in `map`: a line before its first key (block), or an entry (flow). */
  insert(map, key, value) {
    const first = firstKey(map);
    if (map.flow) return this.insertFlow(map, key, value);
    if (!first?.range) throw new UnstampableError("cannot find where to insert");
    const col = this.column(first.range[0]);
    const at = this.lineStart(first.range[0]);
    if (this.source.slice(at, first.range[0]).trim() !== "") {
      throw new UnstampableError("the mapping does not start on its own line");
    }
    return [{ start: at, end: at, text: this.blockLines(col, key, value) }];
  }
  insertFlow(map, key, value) {
    const open = map.range?.[0];
    if (open === void 0 || this.source[open] !== "{")
      throw new UnstampableError("cannot find the flow mapping");
    const first = firstKey(map);
    const quoteKeys = !first || (0, import_yaml3.isScalar)(first) && first.type === "QUOTE_DOUBLE";
    const entry = `${this.flowKey(key, quoteKeys)}: ${this.flowValue(value, quoteKeys)}`;
    if (!first?.range) return [{ start: open + 1, end: open + 1, text: entry }];
    const between = this.source.slice(open + 1, first.range[0]);
    if (between.includes("\n")) {
      const indent = " ".repeat(this.column(first.range[0]));
      return [{ start: first.range[0], end: first.range[0], text: `${entry},${this.eol}${indent}` }];
    }
    return [{ start: first.range[0], end: first.range[0], text: `${entry}, ` }];
  }
  /** `key:` with no value (or null/~): the value is written after it. */
  fillEmpty(parent, pair, value) {
    const keyRange = pair.key.range;
    if (!keyRange) throw new UnstampableError("cannot find the key");
    const node = pair.value;
    const edits = [];
    if (parent.flow) {
      const at2 = node?.range ? node.range[0] : keyRange[1];
      const end = node?.range ? node.range[1] : at2;
      const quote = (0, import_yaml3.isScalar)(pair.key) && pair.key.type === "QUOTE_DOUBLE";
      return [{ start: at2, end, text: this.flowValue(value, quote) }];
    }
    const filled = node?.range && node.range[1] > node.range[0] ? node.range : void 0;
    if (typeof value === "string") {
      if (filled) return [{ start: filled[0], end: filled[1], text: this.scalarText(value, "PLAIN") }];
      const colon = this.source.indexOf(":", keyRange[1]) + 1;
      return [{ start: colon, end: colon, text: ` ${this.scalarText(value, "PLAIN")}` }];
    }
    if (filled) {
      let start = filled[0];
      while (start > keyRange[1] && (this.source[start - 1] === " " || this.source[start - 1] === "	"))
        start--;
      edits.push({ start, end: filled[1], text: "" });
    }
    const col = this.column(keyRange[0]) + this.step;
    const at = this.lineEnd(node?.range ? node.range[1] : keyRange[1]);
    const [[k, v]] = Object.entries(value);
    const lines = this.blockLines(col, k, v);
    edits.push({ start: at, end: at, text: this.eol + lines.slice(0, -this.eol.length) });
    return edits;
  }
  /** Block lines for key: value at column `col`, nested maps one step deeper, each ending in EOL. */
  blockLines(col, key, value) {
    const indent = " ".repeat(col);
    if (typeof value === "string") return `${indent}${key}: ${this.scalarText(value, "PLAIN")}${this.eol}`;
    const inner = Object.entries(value).map(([k, v]) => this.blockLines(col + this.step, k, v)).join("");
    return `${indent}${key}:${this.eol}${inner}`;
  }
  flowKey(key, quote) {
    return quote || !/^[A-Za-z0-9][-A-Za-z0-9_./]*$/.test(key) ? JSON.stringify(key) : key;
  }
  flowValue(value, quote) {
    if (typeof value === "string") return JSON.stringify(value);
    const entries = Object.entries(value).map(
      ([k, v]) => `${this.flowKey(k, quote)}: ${this.flowValue(v, quote)}`
    );
    return `{${entries.join(", ")}}`;
  }
  /** The value in the style of the scalar it replaces; plain only when YAML reads it back as a string. */
  scalarText(value, type) {
    if (type === "QUOTE_SINGLE") return `'${value.replaceAll("'", "''")}'`;
    if ((type === "PLAIN" || type === void 0) && plainIsString(value)) return value;
    return JSON.stringify(value);
  }
};
function firstKey(map) {
  const first = map.items[0];
  return first && (0, import_yaml3.isPair)(first) ? first.key ?? void 0 : void 0;
}
function plainIsString(value) {
  return /^[0-9a-f]+$/.test(value) && /[a-f]/.test(value.replace("e", "")) && !/^0[bx]/.test(value);
}

// src/core/stamp/stamp-file.ts
function stampFile(source2, targets, defaultNamespace) {
  const byId = new Map(targets.map((t) => [idKey(t.id), t]));
  const result = { text: source2, changed: [], unstampable: [] };
  const edits = [];
  let docs;
  try {
    docs = (0, import_yaml4.parseAllDocuments)(source2, { logLevel: "silent", uniqueKeys: false });
  } catch {
    docs = [];
  }
  for (const doc of docs) {
    const target = byId.get(idKey(idOf(doc, defaultNamespace)));
    if (!target || target.current === target.hash) continue;
    byId.delete(idKey(target.id));
    try {
      const edit = annotationEdits(source2, doc, target.templatePath, CONFIG_HASH_ANNOTATION, target.hash);
      if (edit.length > 0) {
        edits.push(...edit);
        result.changed.push(target);
      }
    } catch (error) {
      if (!(error instanceof UnstampableError)) throw error;
      result.unstampable.push({ target, reason: error.message });
    }
  }
  for (const target of byId.values()) {
    if (target.current !== target.hash) {
      result.unstampable.push({ target, reason: "its document could not be found again in the file" });
    }
  }
  result.text = applyEdits(source2, edits);
  return result;
}
function idOf(doc, defaultNamespace) {
  let object;
  try {
    object = doc.errors.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : void 0;
  } catch {
    object = void 0;
  }
  if (!isRecord(object)) return { kind: "", namespace: "", name: "" };
  const metadata = field2(object, "metadata");
  return {
    kind: stringField(object, "kind") ?? "",
    namespace: stringField(metadata, "namespace") || defaultNamespace,
    name: stringField(metadata, "name") ?? ""
  };
}

// src/core/stamp/stamp-workloads.ts
init_workload_kinds();

// src/core/manifests/config-content.ts
init_json_shape();

// src/core/manifests/order.ts
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareIds(a, b) {
  return compareStrings(a.namespace, b.namespace) || compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name);
}

// src/core/manifests/config-content.ts
var VALID_KEY = /^[-._a-zA-Z0-9]+$/;
var STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function isConfigManifest(m) {
  return (m.id.kind === "ConfigMap" || m.id.kind === "Secret") && field2(m.object, "apiVersion") === "v1";
}
function configContentOf(m) {
  const problems = [];
  const content = {};
  const label = `${m.id.kind.toLowerCase()}/${m.id.name}`;
  const report = (message, severity = "error") => problems.push({ file: m.file, line: m.line, col: 1, message: `${label}: ${message}`, severity });
  const entries = (section) => {
    const value = field2(m.object, section);
    if (value === void 0 || value === null) return [];
    if (!isRecord(value)) {
      report(`${section} must be a mapping of keys to strings, found ${describeType(value)}`);
      return [];
    }
    const valid = [];
    for (const [key, v] of Object.entries(value)) {
      if (!VALID_KEY.test(key)) {
        report(`${section} key ${JSON.stringify(key)} is not a valid key (letters, digits, "-", "_", ".")`);
        continue;
      }
      valid.push([key, v]);
    }
    return valid;
  };
  const text = (section, key, value) => {
    if (typeof value === "string") return value;
    if (value === null) {
      report(`${section} key "${key}" has no value; it is treated as an empty string`, "warning");
      return "";
    }
    report(
      `${section} key "${key}" must be a string, found ${describeType(value)} (quote it; kubectl would reject it)`
    );
    return void 0;
  };
  const decoded = (section, key, value) => {
    const s = text(section, key, value);
    if (s === void 0) return void 0;
    const compact = s.replace(/[\r\n]/g, "");
    if (!STD_BASE64.test(compact)) {
      report(`${section} key "${key}" is not valid base64`);
      return void 0;
    }
    return Buffer.from(compact, "base64").toString("base64");
  };
  if (m.id.kind === "ConfigMap") {
    for (const [key, value] of entries("data")) {
      const s = text("data", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
    for (const [key, value] of entries("binaryData")) {
      if (Object.hasOwn(content, key)) {
        report(`key "${key}" is in both data and binaryData`);
        continue;
      }
      const b = decoded("binaryData", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
  } else if (m.id.kind === "Secret") {
    for (const [key, value] of entries("data")) {
      const b = decoded("data", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
    for (const [key, value] of entries("stringData")) {
      const s = text("stringData", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
  }
  return { content: sortKeys(content), problems };
}
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const parts = Object.keys(value).filter((k) => value[k] !== void 0).sort(compareStrings).map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function sortKeys(content) {
  const sorted = {};
  for (const key of Object.keys(content).sort(compareStrings)) setKey(sorted, key, content[key]);
  return sorted;
}
function setKey(content, key, value) {
  if (key === "__proto__")
    Object.defineProperty(content, key, { value, enumerable: true, writable: true, configurable: true });
  else content[key] = value;
}

// src/core/manifests/config-hash.ts
var import_node_crypto = require("node:crypto");

// src/core/manifests/consumed-keys.ts
function consumedKeys(references, namespace) {
  const byConfig = /* @__PURE__ */ new Map();
  for (const ref of references) {
    const id = { kind: ref.configKind, namespace, name: ref.configName };
    const known = byConfig.get(idKey(id));
    if (!known) {
      byConfig.set(idKey(id), { id, keys: ref.keys === "all" ? "all" : [...ref.keys] });
    } else if (known.keys !== "all") {
      known.keys = ref.keys === "all" ? "all" : [.../* @__PURE__ */ new Set([...known.keys, ...ref.keys])];
    }
  }
  return [...byConfig.values()].sort((a, b) => compareStrings(idKey(a.id), idKey(b.id)));
}
function readContent(content, keys) {
  if (keys === "all") return content;
  const read = {};
  for (const key of [...keys].sort(compareStrings)) {
    if (Object.hasOwn(content, key)) {
      Object.defineProperty(read, key, { value: content[key], enumerable: true, writable: true });
    }
  }
  return read;
}

// src/core/manifests/config-hash.ts
function configHash(consumed, contents, key) {
  const entries = [];
  for (const { id, keys } of consumed) {
    const content = contents.get(idKey(id));
    if (content === void 0) continue;
    const ident = { kind: id.kind, namespace: id.namespace, name: id.name };
    entries.push(canonicalJson({ id: ident, content: readContent(content, keys) }));
  }
  if (entries.length === 0) return void 0;
  const payload = `[${entries.sort(compareStrings).join(",")}]`;
  const hash = key === void 0 ? (0, import_node_crypto.createHash)("sha256") : (0, import_node_crypto.createHmac)("sha256", key);
  return hash.update(payload, "utf8").digest("hex");
}

// src/core/stamp/stamp-workloads.ts
init_json_shape();

// src/core/plan/references.ts
init_json_shape();
init_names();
var CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"];
function findReferences(podSpec) {
  if (!isRecord(podSpec)) return [];
  const subPathVolumes = volumesMountedWithSubPath(podSpec);
  return [...volumeReferences(podSpec, subPathVolumes), ...containerReferences(podSpec)];
}
function volumeReferences(podSpec, subPathVolumes) {
  const refs = [];
  arrayField(podSpec, "volumes").forEach((volume, index) => {
    if (!isRecord(volume)) return;
    const volumeName = stringField(volume, "name");
    const path = `volumes[${shown(volumeName) ?? index}]`;
    const subPath = volumeName !== void 0 && subPathVolumes.has(volumeName) ? { subPath: true } : {};
    const configMap = field2(volume, "configMap");
    const configMapName = configName(configMap, "name");
    if (configMapName) {
      refs.push({ ...source("ConfigMap", configMapName, "volume", configMap, path), ...subPath });
    }
    const secret = field2(volume, "secret");
    const secretName = configName(secret, "secretName");
    if (secretName) refs.push({ ...source("Secret", secretName, "volume", secret, path), ...subPath });
    arrayField(field2(volume, "projected"), "sources").forEach((projection, sourceIndex) => {
      const sourcePath = `${path}.sources[${sourceIndex}]`;
      const projectedConfigMap = field2(projection, "configMap");
      const pcName = configName(projectedConfigMap, "name");
      if (pcName) {
        refs.push({
          ...source("ConfigMap", pcName, "projected", projectedConfigMap, sourcePath),
          ...subPath
        });
      }
      const projectedSecret = field2(projection, "secret");
      const psName = configName(projectedSecret, "name");
      if (psName)
        refs.push({ ...source("Secret", psName, "projected", projectedSecret, sourcePath), ...subPath });
    });
  });
  return refs;
}
function source(configKind, configName2, via, volumeSource, path) {
  const items = field2(volumeSource, "items");
  let keys = "all";
  if (Array.isArray(items)) {
    const named = unique(items.map((item) => stringField(item, "key")).filter((k) => !!k));
    if (named.length > 0) keys = named;
  }
  return { configKind, configName: configName2, via, keys, path, ...optional(volumeSource) };
}
function optional(source2) {
  return field2(source2, "optional") === true ? { optional: true } : {};
}
function containerReferences(podSpec) {
  const refs = [];
  for (const list of CONTAINER_LISTS) {
    const init = list === "initContainers" ? { init: true } : {};
    arrayField(podSpec, list).forEach((container, index) => {
      if (!isRecord(container)) return;
      const prefix = `${list}[${shown(stringField(container, "name")) ?? index}]`;
      arrayField(container, "envFrom").forEach((envFrom, envFromIndex) => {
        const path = `${prefix}.envFrom[${envFromIndex}]`;
        for (const [refField, configKind] of [
          ["configMapRef", "ConfigMap"],
          ["secretRef", "Secret"]
        ]) {
          const ref = field2(envFrom, refField);
          const name = configName(ref, "name");
          if (name) {
            refs.push({
              configKind,
              configName: name,
              via: "envFrom",
              keys: "all",
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
      arrayField(container, "env").forEach((env, envIndex) => {
        const valueFrom = field2(env, "valueFrom");
        const path = `${prefix}.env[${shown(stringField(env, "name")) ?? envIndex}]`;
        for (const [refField, configKind] of [
          ["configMapKeyRef", "ConfigMap"],
          ["secretKeyRef", "Secret"]
        ]) {
          const ref = field2(valueFrom, refField);
          const name = configName(ref, "name");
          const key = stringField(ref, "key");
          if (name && key) {
            refs.push({
              configKind,
              configName: name,
              via: "env",
              keys: [key],
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
    });
  }
  return refs;
}
function volumesMountedWithSubPath(podSpec) {
  const names = /* @__PURE__ */ new Set();
  for (const list of CONTAINER_LISTS) {
    for (const container of arrayField(podSpec, list)) {
      for (const mount of arrayField(container, "volumeMounts")) {
        const name = stringField(mount, "name");
        if (name && (stringField(mount, "subPath") || stringField(mount, "subPathExpr"))) names.add(name);
      }
    }
  }
  return names;
}
function configName(source2, key) {
  const name = stringField(source2, key);
  return name !== void 0 && isObjectName(name) ? name : void 0;
}
function shown(name) {
  if (name === void 0) return void 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 32 || code === 127) return JSON.stringify(name);
  }
  return name;
}
function unique(values) {
  return [...new Set(values)];
}

// src/core/stamp/stamp-workloads.ts
function repositoryConfigs(manifests) {
  const contents = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (isConfigManifest(m)) contents.set(idKey(m.id), configContentOf(m).content);
  }
  return contents;
}
function stampWorkloads(manifests, contents, options = {}) {
  const result = { targets: [], unstampable: [], untouched: [] };
  for (const m of manifests) {
    const kind = workloadKindOf(m.object);
    if (!kind || !restartableKind(m.id.kind)) continue;
    const template = templateOf(m.object, kind.templatePath);
    const refs = findReferences(field2(template, "spec"));
    if (refs.length === 0) continue;
    const consumed = consumedKeys(refs, m.id.namespace).filter((c) => !options.selfRolling?.(c.id));
    const covered = consumed.filter((c) => contents.has(idKey(c.id)));
    const notInRepo = consumed.filter((c) => !contents.has(idKey(c.id))).map((c) => c.id);
    const place = { id: m.id, file: m.file, line: m.line };
    if (covered.length === 0) {
      if (notInRepo.length > 0) result.untouched.push({ id: m.id, file: m.file, notInRepo });
      continue;
    }
    if (kind.templateOwner?.(m.object) !== void 0) {
      result.unstampable.push({
        ...place,
        reason: "runs another object's pod template (workloadRef): stamp that object instead"
      });
      continue;
    }
    const hash = configHash(covered, contents, options.key);
    const current = stringField(field2(field2(template, "metadata"), "annotations"), CONFIG_HASH_ANNOTATION);
    result.targets.push({
      ...place,
      templatePath: kind.templatePath,
      hash,
      ...current !== void 0 ? { current } : {},
      covers: covered.map((c) => c.id),
      notInRepo
    });
  }
  result.targets.sort((a, b) => compareIds(a.id, b.id));
  return result;
}
function templateOf(object, path) {
  let node = object;
  for (const segment of path) node = isRecord(node) ? node[segment] : void 0;
  return node;
}

// src/render/escaping-links.ts
var import_node_fs6 = require("node:fs");
var import_promises2 = require("node:fs/promises");
var import_node_path5 = require("node:path");
init_errors();
async function refuseEscapingLinks(dir, paths, where) {
  const top = await (0, import_promises2.realpath)(dir);
  const inside = (path) => path === top || path.startsWith(top + import_node_path5.sep);
  for (const path of paths) {
    const at = (0, import_node_path5.join)(dir, path);
    let target;
    try {
      if (!(0, import_node_fs6.lstatSync)(at).isSymbolicLink()) continue;
      target = await (0, import_promises2.readlink)(at);
    } catch {
      continue;
    }
    const lexical = (0, import_node_path5.isAbsolute)(target) ? target : (0, import_node_path5.resolve)((0, import_node_path5.dirname)((0, import_node_path5.join)(top, path)), target);
    const real = await (0, import_promises2.realpath)(at).catch(() => lexical);
    if (!inside(lexical) || !inside(real)) {
      throw new UserError(
        `${path} ${where} is a symbolic link to ${JSON.stringify(target)}, outside the repository: a kustomization could read the runner's files through it. Nothing was rendered or applied: replace the link with the file it stands for`
      );
    }
  }
}

// src/render/kustomize.ts
var import_node_os3 = require("node:os");
init_errors();

// src/render/renderer-environment.ts
var import_node_fs7 = require("node:fs");
var import_node_path6 = require("node:path");
function trustedPathDirs(pathValue, untrusted) {
  const roots = untrusted.map((root) => (0, import_node_path6.resolve)(root));
  return (pathValue ?? "").split(import_node_path6.delimiter).filter((dir) => dir !== "" && (0, import_node_path6.isAbsolute)(dir)).map((dir) => (0, import_node_path6.resolve)(dir)).filter((dir) => !roots.some((root) => dir === root || dir.startsWith(root + import_node_path6.sep)));
}
function findExecutable(name, dirs) {
  for (const dir of dirs) {
    const candidate = (0, import_node_path6.join)(dir, name);
    try {
      if (!(0, import_node_fs7.statSync)(candidate).isFile()) continue;
      (0, import_node_fs7.accessSync)(candidate, import_node_fs7.constants.X_OK);
      return candidate;
    } catch {
    }
  }
  return void 0;
}
function kustomizeEnvironment(pathDirs, home) {
  return { PATH: pathDirs.join(import_node_path6.delimiter), HOME: home, LANG: "C.UTF-8", GOGC: "200" };
}

// src/render/kustomize.ts
async function findKustomize(pathDirs) {
  const kustomize = findExecutable("kustomize", pathDirs);
  if (kustomize && await runs(kustomize, ["version"], pathDirs)) {
    return { path: kustomize, label: "kustomize build", argsFor: (dir) => ["build", dir] };
  }
  const kubectl = findExecutable("kubectl", pathDirs);
  if (kubectl) return { path: kubectl, label: "kubectl kustomize", argsFor: (dir) => ["kustomize", dir] };
  return void 0;
}
async function runs(path, args, pathDirs) {
  const home = (0, import_node_os3.tmpdir)();
  const result = await runProcess(path, args, {
    cwd: home,
    env: kustomizeEnvironment(pathDirs, home),
    timeoutMs: 1e4
  });
  return result.exitCode === 0;
}
var NO_KUSTOMIZE_HINT = "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";
var KustomizeBuildError = class extends UserError {
  constructor(command, commit, why, detail) {
    super(
      `\`${command}\` failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${detail ? `: ${detail}` : ""}`
    );
    this.command = command;
    this.commit = commit;
    this.why = why;
    this.detail = detail;
  }
  command;
  commit;
  why;
  detail;
  name = "KustomizeBuildError";
};
async function kustomizeBuild(run, treeDir, dir, commit, signal) {
  const target = dir === "" ? "." : `./${dir}`;
  const result = await runProcess(run.binary.path, run.binary.argsFor(target), {
    cwd: treeDir,
    env: kustomizeEnvironment(run.pathDirs, run.home),
    timeoutMs: run.timeoutMs,
    maxOutputBytes: run.maxOutputBytes,
    ...signal ? { signal } : {}
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const command = `${run.binary.label} ${target}`;
  const detail = () => run.quiet ? `details not shown (the kustomization generates or holds Secrets; run \`${command}\` yourself to see them)` : redactDetail(shortDetail(result.stderrEnd, treeDir));
  if (result.failure === void 0 && result.signal === null && result.exitCode !== null) {
    throw new KustomizeBuildError(command, commit, `exit ${result.exitCode}`, detail());
  }
  throw new UserError(
    `\`${command}\` failed at commit ${commit.slice(0, 12)} (${stoppedWhy(result)}); nothing was applied${result.failure?.kind === "start" || result.failure?.kind === "aborted" ? "" : `: ${detail()}`}`.replace(/: $/, "")
  );
}
function stoppedWhy(result) {
  const failure = result.failure;
  if (failure?.kind === "timeout")
    return `${failure.message}, the --render-timeout; the whole process group was stopped`;
  if (failure?.kind === "output")
    return `its ${failure.message.replace(/^output/, "output is")}, the --max-file-size; the whole process group was stopped`;
  if (failure) return failure.message;
  return result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`;
}
function redactDetail(detail) {
  return detail.replace(/(literal sources?) \[[^\]]*\]/gi, "$1 [...]").replace(/(invalid literal source) [^,\n]*/gi, "$1 (value not shown)").replace(
    /(env (?:file )?line|KV pairs? from line|line) ("[^"]*"|`[^`]*`|'[^']*')/gi,
    "$1 (text not shown)"
  );
}
var MAX_DETAIL_CHARS = 400;
function shortDetail(stderr, treeDir) {
  const lines = tailOf(stderr, 4, Number.POSITIVE_INFINITY).split("\n").map((line) => line.replace(/^[EWIF]\d{4} [\d:.]+\s+\d+ \S+\] /, "")).map((line) => {
    const wrapped = /^"command failed" err="(.*)"$/.exec(line);
    return wrapped ? wrapped[1].replace(/\\"/g, '"') : line.replace(/^Error: /, "");
  }).filter((line) => line.trim() !== "");
  const text = lines.join(" ").replace(/\/[^\s'"]*?config-rollout-render-[^/\s'"]+\/tree-\d+(\/|(?=[\s'"]|$))/g, "").replaceAll(`${treeDir}/`, "").replaceAll(treeDir, ".");
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}\u2026` : text;
}

// src/pipeline/scan/glob-matcher.ts
var ANY_FILE_WITH_EXTENSION = /^\*\*\/\*(\.[A-Za-z0-9]+)$/;
async function globMatcher(globs, options = {}) {
  if (globs.length === 0) return () => false;
  const extensions = globs.map((glob) => ANY_FILE_WITH_EXTENSION.exec(glob)?.[1]);
  if (options.dot && extensions.every((extension) => extension !== void 0)) {
    return (path) => {
      const name = path.slice(path.lastIndexOf("/") + 1);
      return extensions.some((extension) => name.endsWith(extension));
    };
  }
  const { default: picomatch } = await import("./vendor/picomatch.js");
  return picomatch([...globs], { dot: options.dot === true });
}

// src/pipeline/scan/path-filter.ts
async function createPathFilter(options, owned) {
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true })
  ]);
  const filter = owned ? (path) => include(path) && !exclude(path) && !owned(path) : (path) => include(path) && !exclude(path);
  return Object.assign(filter, { globs: options.paths });
}

// src/pipeline/stamp/changed-roots.ts
init_errors();
init_parse_manifests();

// src/core/stamp/kustomize-stamp.ts
var import_yaml5 = require("./vendor/yaml.js");
init_json_shape();
var STAMP_PATCH_FILE = "config-rollout-stamp.yaml";
function stampPatchText(entries) {
  const sorted = [...entries].sort(
    (a, b) => `${a.kind}/${a.namespace ?? ""}/${a.name}` < `${b.kind}/${b.namespace ?? ""}/${b.name}` ? -1 : 1
  );
  const docs = sorted.map(
    (e) => [
      `apiVersion: ${e.apiVersion}`,
      `kind: ${e.kind}`,
      "metadata:",
      `  name: ${JSON.stringify(e.name)}`,
      ...e.namespace ? [`  namespace: ${JSON.stringify(e.namespace)}`] : [],
      "spec:",
      "  template:",
      "    metadata:",
      "      annotations:",
      `        ${CONFIG_HASH_ANNOTATION}: ${JSON.stringify(e.hash)}`,
      ""
    ].join("\n")
  );
  return [
    "# Generated by `config-rollout stamp`: do not edit. Regenerate with: config-rollout stamp",
    `# The ${CONFIG_HASH_ANNOTATION} of each workload this kustomization renders: a hash of the`,
    "# config content it reads, so a config change rolls exactly the workloads that read it.",
    docs.join("---\n")
  ].join("\n");
}
function ownTransforms(kustomizationText) {
  let doc;
  try {
    doc = (0, import_yaml5.parseDocument)(kustomizationText, { logLevel: "silent" }).toJS();
  } catch {
    doc = void 0;
  }
  const text = (key) => {
    const value = isRecord(doc) ? field2(doc, key) : void 0;
    return typeof value === "string" ? value : "";
  };
  const namespace = text("namespace").trim();
  return {
    namePrefix: text("namePrefix"),
    nameSuffix: text("nameSuffix"),
    ...namespace ? { namespace } : {}
  };
}
function nameBeforeTransforms(renderedName, own) {
  let name = renderedName;
  if (own.namePrefix && name.startsWith(own.namePrefix)) name = name.slice(own.namePrefix.length);
  if (own.nameSuffix && name.endsWith(own.nameSuffix)) name = name.slice(0, -own.nameSuffix.length);
  return name;
}
var HASH_SUFFIX = /-[bcdfghkmt2-9]{10}$/;
function isHashSuffixedGenerated(id, generators) {
  if (!HASH_SUFFIX.test(id.name)) return false;
  const stem = id.name.replace(HASH_SUFFIX, "");
  return generators.some((g) => g.kind === id.kind && stem.endsWith(g.name));
}
function patchesEntryEdits(source2, file = STAMP_PATCH_FILE) {
  const eol = source2.includes("\r\n") ? "\r\n" : "\n";
  const doc = (0, import_yaml5.parseDocument)(source2, { logLevel: "silent" });
  const root = doc.contents;
  if (!(0, import_yaml5.isMap)(root)) throw new Error("the kustomization is not a mapping");
  const pair = root.items.find((p) => (0, import_yaml5.isPair)(p) && (0, import_yaml5.isScalar)(p.key) && p.key.value === "patches");
  const entry = `path: ${file}`;
  if (!pair) {
    const indent = seqIndent(source2, root);
    const lead = source2.length === 0 || source2.endsWith("\n") ? "" : eol;
    return [
      { start: source2.length, end: source2.length, text: `${lead}patches:${eol}${indent}- ${entry}${eol}` }
    ];
  }
  const value = pair.value;
  if ((0, import_yaml5.isSeq)(value)) {
    const seq = value;
    if (seq.items.some((item) => field2(item?.toJSON?.(), "path") === file)) {
      return [];
    }
    const open = seq.range?.[0];
    if (seq.flow && open !== void 0) {
      const text = seq.items.length > 0 ? `{${entry}}, ` : `{${entry}}`;
      return [{ start: open + 1, end: open + 1, text }];
    }
    const first = seq.items[0];
    if (first?.range) {
      const lineStart = source2.lastIndexOf("\n", first.range[0] - 1) + 1;
      const dash = /^(\s*)-\s+$/.exec(source2.slice(lineStart, first.range[0]));
      if (dash) return [{ start: lineStart, end: lineStart, text: `${dash[1]}- ${entry}${eol}` }];
    }
    throw new Error("cannot find where to add to patches:");
  }
  const keyEnd = pair.key.range?.[1] ?? 0;
  const node = value;
  const edits = [];
  if (node?.range && node.range[1] > node.range[0])
    edits.push({ start: keyEnd + 1, end: node.range[1], text: "" });
  let lineEnd = source2.indexOf("\n", node?.range?.[1] ?? keyEnd);
  if (lineEnd === -1) lineEnd = source2.length;
  else if (source2[lineEnd - 1] === "\r") lineEnd--;
  edits.push({ start: lineEnd, end: lineEnd, text: `${eol}- ${entry}` });
  return edits;
}
function seqIndent(source2, root) {
  for (const item of root.items) {
    const value = (0, import_yaml5.isPair)(item) ? item.value : void 0;
    if ((0, import_yaml5.isSeq)(value) && !value.flow) {
      const first = value.items[0];
      if (!first?.range) continue;
      const lineStart = source2.lastIndexOf("\n", first.range[0] - 1) + 1;
      const dash = /^(\s*)-\s+$/.exec(source2.slice(lineStart, first.range[0]));
      if (dash) return dash[1];
    }
  }
  return "";
}
function withoutPatchesEntry(source2, file = STAMP_PATCH_FILE) {
  const doc = (0, import_yaml5.parseDocument)(source2, { logLevel: "silent" });
  const root = doc.contents;
  if (!(0, import_yaml5.isMap)(root)) return void 0;
  const pair = root.items.find((p) => (0, import_yaml5.isPair)(p) && (0, import_yaml5.isScalar)(p.key) && p.key.value === "patches");
  const seq = pair?.value;
  if (!pair || !(0, import_yaml5.isSeq)(seq) || seq.flow) return void 0;
  const index = seq.items.findIndex(
    (item2) => field2(item2?.toJSON?.(), "path") === file
  );
  const item = seq.items[index];
  if (!item?.range) return void 0;
  const lineStart = (offset) => source2.lastIndexOf("\n", offset - 1) + 1;
  const nextLine = (offset) => {
    const end2 = source2.indexOf("\n", offset);
    return end2 === -1 ? source2.length : end2 + 1;
  };
  if (!/^\s*-\s+$/.test(source2.slice(lineStart(item.range[0]), item.range[0]))) return void 0;
  const keyStart = pair.key.range?.[0];
  const start = seq.items.length === 1 && keyStart !== void 0 ? lineStart(keyStart) : lineStart(item.range[0]);
  const end = nextLine(Math.max(item.range[0], item.range[1] - 1));
  return source2.slice(0, start) + source2.slice(end);
}

// src/render/materialize-tree.ts
var import_promises3 = require("node:fs/promises");
var import_node_os4 = require("node:os");
var import_node_path7 = require("node:path");

// src/process/interrupt.ts
var state2 = processWide("interrupt", () => ({
  controller: new AbortController(),
  interruptedBy: void 0,
  journal: { stage: "starting", done: [] }
}));
var { controller, journal } = state2;
var interruptSignal = controller.signal;

// src/render/materialize-tree.ts
async function createCommitTrees(repoDir, gitPath = "git", scope, checks = {}) {
  const root = await (0, import_promises3.mkdtemp)((0, import_node_path7.join)((0, import_node_os4.tmpdir)(), "config-rollout-render-"));
  const forget = onInterrupt(() => (0, import_promises3.rm)(root, { recursive: true, force: true }));
  const trees = /* @__PURE__ */ new Map();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        const dir = (0, import_node_path7.join)(root, `tree-${count}`);
        tree = writeTree(gitPath, repoDir, commit, dir, scope, checks.symlinks, checks.timeoutMs);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await (0, import_promises3.rm)(root, { recursive: true, force: true });
      forget();
    }
  };
}
async function refuseLinksOf(gitPath, repoDir, commit, dir, index, symlinks) {
  if (symlinks === void 0) return;
  const staged = await runGit(gitPath, repoDir, ["ls-files", "-s", "-z"], index);
  const links = staged.split("\0").filter((entry) => entry.startsWith("120000 ")).map((entry) => entry.slice(entry.indexOf("	") + 1)).filter((path) => inScope(path, symlinks.scope));
  await refuseEscapingLinks(dir, links, `at commit ${commit.slice(0, 12)}`);
}
async function writeTree(gitPath, repoDir, commit, dir, scope, symlinks, timeoutMs) {
  await (0, import_promises3.mkdir)(dir, { recursive: true });
  const git = (cwd, args, indexFile, input) => runGit(gitPath, cwd, args, indexFile, input, timeoutMs);
  const index = `${dir}.index`;
  await git(repoDir, ["read-tree", commit], index);
  if (scope === void 0) {
    await git(repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  } else {
    const listed = await git(repoDir, ["ls-files", "-z"], index);
    const paths = listed.split("\0").filter((path) => path !== "" && inScope(path, scope));
    if (paths.length > 0) {
      await git(
        repoDir,
        [`--work-tree=${dir}`, "checkout-index", "--force", "-z", "--stdin"],
        index,
        `${paths.join("\0")}\0`
      );
    }
  }
  await refuseLinksOf(gitPath, repoDir, commit, dir, index, symlinks);
  await (0, import_promises3.rm)(index, { force: true });
  return dir;
}
async function runGit(gitPath, cwd, args, indexFile, input, timeoutMs) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  const result = await runProcess(
    gitPath,
    ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args],
    {
      cwd,
      env,
      ...input !== void 0 ? { input } : {},
      ...timeoutMs !== void 0 ? { timeoutMs } : {},
      // Local git starts no children; a group of its own costs ~5 ms a spawn (process/run-process.ts).
      ownGroup: false
    }
  );
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout.toString("utf8");
  const why = result.failure?.message ?? (result.stderrTail || `exit ${result.exitCode}`);
  throw new Error(`git ${args.join(" ")} failed: ${why}`);
}

// src/pipeline/stamp/changed-roots.ts
async function changedRootWorkloads(ctx) {
  const [base, head] = await Promise.all([ctx.git.resolveCommit(ctx.base), ctx.git.resolveCommit(ctx.head)]);
  const at = await Promise.all([kustomizationsAt(ctx.git, base), kustomizationsAt(ctx.git, head)]);
  const dirs = [];
  const inputs = [];
  for (const dir of ctx.roots) {
    at.forEach((ks, i) => {
      const included = kustomizationsUnder(dir, ks);
      const refused = refusedEntries(
        `kustomize ${dir || "."}`,
        included,
        i === 0 ? "base" : "head",
        ctx.rules
      );
      if (refused !== void 0) throw new UserError(refused);
      dirs.push(...included.map((k) => k.dir));
      if (included.some((k) => k.problem !== void 0)) dirs.push("");
      inputs.push(...buildKustomizeGraph([...ks.values()]).inputsOf(dir));
    });
  }
  const scope = checkoutScope(dirs, inputs);
  const gitPath = findExecutable("git", ctx.run.pathDirs) ?? "git";
  const trees = await createCommitTrees(ctx.git.root, gitPath, scope, {
    symlinks: { scope },
    timeoutMs: ctx.run.timeoutMs
  });
  try {
    const changed = /* @__PURE__ */ new Map();
    for (const dir of ctx.roots) {
      const [before, after] = [
        await valuesAt(ctx, trees, base, dir, at[0]),
        await valuesAt(ctx, trees, head, dir, at[1])
      ];
      const ids = /* @__PURE__ */ new Set();
      for (const [id, value] of after) {
        const old = before.get(id);
        if (old !== void 0 && old !== value) ids.add(id);
      }
      changed.set(dir, ids);
    }
    return changed;
  } finally {
    await trees.dispose();
  }
}
async function valuesAt(ctx, trees, commit, dir, ks) {
  if (!ks.has(dir)) return /* @__PURE__ */ new Map();
  const included = kustomizationsUnder(dir, ks);
  const generators = included.flatMap((k) => k.generators);
  const quiet = generators.some((g) => g.kind === "Secret");
  const label = `kustomize ${dir || "."}`;
  let text;
  try {
    text = await kustomizeBuild(
      { ...ctx.run, home: trees.root, quiet },
      await trees.dirOf(commit),
      dir,
      commit
    );
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    ctx.note(
      `${label} does not build at ${commit.slice(0, 7)} (${error.why}): --changed-only stamps none of its workloads`
    );
    return /* @__PURE__ */ new Map();
  }
  const rendered = parseManifests(label, text, { defaultNamespace: ctx.defaultNamespace }).manifests;
  const stamps = stampWorkloads(rendered, repositoryConfigs(rendered), {
    ...ctx.key ? { key: ctx.key } : {},
    selfRolling: (id) => isHashSuffixedGenerated(id, generators)
  });
  return new Map(stamps.targets.map((t) => [idKey(t.id), t.hash]));
}
async function kustomizationsAt(git, commit) {
  const files = await git.listFiles(commit, KUSTOMIZATION_FILE_NAMES);
  const bytes = await git.readFiles(commit, files);
  const ks = /* @__PURE__ */ new Map();
  for (const [path, data] of bytes) {
    const k = readKustomizationFile(path, data.toString("utf8"));
    ks.set(k.dir, k);
  }
  return ks;
}

// src/pipeline/stamp/stamp-kustomize.ts
init_errors();
init_json_shape();
init_parse_manifests();
async function stampKustomization(ctx, report) {
  const { root } = ctx;
  const label = `kustomize ${root.dir || "."}`;
  let rendered;
  let kustomizationText = (await ctx.tree.read(root.path))?.toString("utf8") ?? "";
  try {
    rendered = await renderManifests(ctx, label);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const recovered = ctx.check ? void 0 : await withoutStalePatch(ctx, label, kustomizationText);
    if (!recovered) {
      report.unstampable.push({ what: label, reason: error.message });
      return;
    }
    ({ rendered, kustomizationText } = recovered);
  }
  const generators = ctx.included.flatMap((k) => k.generators);
  const contents = repositoryConfigs(rendered);
  const selfRolling = (id) => isHashSuffixedGenerated(id, generators);
  const suffixed = rendered.filter((m) => contents.has(idKey(m.id)) && selfRolling(m.id));
  if (suffixed.length > 0) {
    report.notes.push(
      `${label}: ${suffixed.map((m) => `${m.id.kind.toLowerCase()}/${m.id.name}`).join(", ")} carry a generator hash suffix and roll their consumers already: not in the stamps`
    );
  }
  const stamps = stampWorkloads(rendered, contents, { ...ctx.key ? { key: ctx.key } : {}, selfRolling });
  for (const u of stamps.unstampable)
    report.unstampable.push({ what: `${label}: ${u.id.kind.toLowerCase()}/${u.id.name}`, reason: u.reason });
  for (const t of stamps.untouched)
    report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: true });
  for (const t of stamps.targets) {
    if (t.notInRepo.length > 0)
      report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: false });
  }
  const targets = ctx.changed ? changedOnly(stamps.targets, ctx.changed) : stamps.targets;
  if (targets.length === 0) return;
  const own = ownTransforms(kustomizationText);
  const entries = targets.map((t) => patchEntry(t, rendered, own, ctx));
  const patchPath = root.dir ? `${root.dir}/${STAMP_PATCH_FILE}` : STAMP_PATCH_FILE;
  const patchText = stampPatchText(entries);
  const oldPatch = (await ctx.tree.read(patchPath))?.toString("utf8");
  const kustomizationEdits = patchesEntryEdits(kustomizationText);
  const stale = targets.filter((t) => t.current !== t.hash);
  for (const t of stale) {
    report.changes.push({
      workload: t.id,
      file: patchPath,
      origin: label,
      ...t.current ? { old: t.current } : {},
      new: t.hash,
      covers: t.covers
    });
  }
  report.current += targets.length - stale.length;
  if (ctx.check || stale.length === 0 && kustomizationEdits.length === 0) return;
  if (oldPatch !== patchText) await ctx.tree.write(patchPath, patchText);
  if (kustomizationEdits.length > 0) {
    await ctx.tree.write(root.path, applyEdits(kustomizationText, kustomizationEdits));
  }
  const problem = await proof(ctx, label, targets);
  if (problem === void 0) {
    if (oldPatch !== patchText) report.filesWritten.push(patchPath);
    if (kustomizationEdits.length > 0) report.filesWritten.push(root.path);
    return;
  }
  await ctx.tree.write(root.path, kustomizationText);
  if (oldPatch === void 0) await ctx.tree.remove(patchPath);
  else await ctx.tree.write(patchPath, oldPatch);
  report.changes = report.changes.filter((c) => c.origin !== label);
  report.unstampable.push({ what: label, reason: problem });
}
function changedOnly(targets, changed) {
  return targets.flatMap((t) => {
    if (changed.has(idKey(t.id))) return [t];
    return t.current === void 0 ? [] : [{ ...t, hash: t.current }];
  });
}
async function renderManifests(ctx, label) {
  const text = await ctx.render(ctx.root.dir);
  const parsed = parseManifests(label, text, { defaultNamespace: ctx.defaultNamespace });
  return parsed.manifests.map((m) => ({ ...m, origin: label }));
}
function patchEntry(target, rendered, own, ctx) {
  const object = rendered.find((m) => idKey(m.id) === idKey(target.id))?.object;
  const apiVersion = stringField(object, "apiVersion") ?? "apps/v1";
  const name = nameBeforeTransforms(target.id.name, own);
  const renderedNamespace = stringField(field2(object, "metadata"), "namespace");
  let namespace = renderedNamespace;
  if (own.namespace !== void 0) {
    const nearest = ctx.included.slice(1).find((k) => k.namespace !== void 0)?.namespace;
    const raw = ctx.inputWorkloads.find((m) => m.id.kind === target.id.kind && name.endsWith(m.id.name));
    namespace = nearest ?? (raw && !raw.namespaceAssumed ? raw.id.namespace : void 0);
  }
  return { apiVersion, kind: target.id.kind, name, ...namespace ? { namespace } : {}, hash: target.hash };
}
async function proof(ctx, label, targets) {
  let rendered;
  try {
    rendered = await renderManifests(ctx, label);
  } catch (error) {
    return `kustomize cannot apply the generated ${STAMP_PATCH_FILE} (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); nothing was written`;
  }
  const again = stampWorkloads(rendered, repositoryConfigs(rendered), {
    ...ctx.key ? { key: ctx.key } : {},
    selfRolling: (id) => isHashSuffixedGenerated(
      id,
      ctx.included.flatMap((k) => k.generators)
    )
  });
  const missing = targets.filter(
    (t) => again.targets.find((a) => idKey(a.id) === idKey(t.id))?.current !== t.hash
  );
  if (missing.length === 0) return void 0;
  ctx.log.debug(`${label}: after stamping, ${missing.map((t) => t.id.name).join(", ")} still lack the value`);
  return `the generated ${STAMP_PATCH_FILE} did not reach ${missing.map((t) => `${t.id.kind.toLowerCase()}/${t.id.name}`).join(", ")}; nothing was written`;
}
async function withoutStalePatch(ctx, label, kustomizationText) {
  const without = withoutPatchesEntry(kustomizationText);
  if (without === void 0) return void 0;
  await ctx.tree.write(ctx.root.path, without);
  try {
    const rendered = await renderManifests(ctx, label);
    ctx.log.info(`${label}: did not build with the old ${STAMP_PATCH_FILE} listed; regenerating it`);
    return { rendered, kustomizationText: without };
  } catch (error) {
    await ctx.tree.write(ctx.root.path, kustomizationText);
    if (error instanceof UserError) return void 0;
    throw error;
  }
}

// src/pipeline/stamp/run-stamp.ts
async function runStamp(settings, deps) {
  const report = {
    check: settings.check,
    changes: [],
    current: 0,
    filesWritten: [],
    leftOut: [],
    unstampable: [],
    notes: []
  };
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : void 0;
  const files = await deps.tree.listFiles();
  const kustomizations = await readKustomizations(deps.tree, files, settings);
  const graph = buildKustomizeGraph(kustomizations);
  const explicitDirs = settings.kustomize.length > 0 && settings.kustomize[0] !== "none";
  const owned = (path) => graph.ownedFiles.has(path);
  const readRaw = !explicitDirs || settings.pathsExplicit;
  const filter = await createPathFilter({ paths: settings.paths, exclude: settings.exclude }, owned);
  const raw = readRaw ? await parseFiles(deps.tree, files.filter(filter), settings) : [];
  const contents = repositoryConfigs(raw);
  const stamps = stampWorkloads(raw, contents, key ? { key } : {});
  let targets = stamps.targets;
  if (settings.changedOnly) targets = await changedInRange(settings, deps, targets, filter, key);
  for (const u of stamps.unstampable)
    report.unstampable.push({
      what: `${u.id.kind.toLowerCase()}/${u.id.name} (${u.file})`,
      reason: u.reason
    });
  for (const t of stamps.untouched)
    report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: true });
  for (const t of targets) {
    if (t.notInRepo.length > 0)
      report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: false });
  }
  await stampRawFiles(deps.tree, targets, settings, report);
  if (settings.kustomize[0] !== "none") {
    const roots = explicitDirs ? settings.kustomize : chooseRoots(kustomizations, graph, {
      deployedDirs: new Set(deployedDirsOf(raw.map((m) => m.object)))
    }).roots;
    if (roots.length > 0) await stampRoots(roots, kustomizations, settings, deps, key, report);
  }
  if (settings.render) {
    report.unstampable.push({
      what: `objects rendered by --render (${settings.render})`,
      reason: "rendered output cannot be stamped; for a Helm chart put the checksum/config pattern in the chart's pod template (an annotation with a sha256sum of the rendered config)"
    });
  }
  return report;
}
async function stampRawFiles(tree, targets, settings, report) {
  const byFile = /* @__PURE__ */ new Map();
  for (const t of targets) byFile.set(t.file, [...byFile.get(t.file) ?? [], t]);
  report.current += targets.filter((t) => t.current === t.hash).length;
  for (const [file, fileTargets] of [...byFile].sort(([a], [b]) => a < b ? -1 : 1)) {
    if (fileTargets.every((t) => t.current === t.hash)) continue;
    const source2 = (await tree.read(file))?.toString("utf8");
    if (source2 === void 0) continue;
    const stamped = stampFile(source2, fileTargets, settings.namespace);
    for (const t of stamped.changed) {
      report.changes.push({
        workload: t.id,
        file,
        ...t.current ? { old: t.current } : {},
        new: t.hash,
        covers: t.covers
      });
    }
    for (const u of stamped.unstampable) {
      report.unstampable.push({
        what: `${u.target.id.kind.toLowerCase()}/${u.target.id.name} (${file})`,
        reason: u.reason
      });
    }
    if (!settings.check && stamped.text !== source2) {
      await tree.write(file, stamped.text);
      report.filesWritten.push(file);
    }
  }
}
async function stampRoots(roots, kustomizations, settings, deps, key, report) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  for (const dir of roots) {
    if (!byDir.has(dir))
      throw new UserError(`--kustomize ${dir || "."}: no kustomization.yaml in that directory`);
  }
  await refuseUnsafeRoots(roots, byDir, settings, deps);
  const pathDirs = trustedPathDirs(deps.env.PATH, [deps.tree.dir]);
  const binary = await findKustomize(pathDirs);
  if (!binary) throw new UserError(`kustomizations to stamp (${roots.join(", ")}) but ${NO_KUSTOMIZE_HINT}`);
  const bounds = { timeoutMs: settings.renderTimeoutMs, maxOutputBytes: settings.maxFileSize };
  const changed = settings.changedOnly ? await changedRootWorkloads({
    git: deps.git,
    base: settings.base,
    head: settings.head ?? "HEAD",
    roots,
    run: { binary, pathDirs, ...bounds },
    rules: { untrustedHead: deps.untrustedHead, allowRemote: settings.allowRemoteKustomize },
    defaultNamespace: settings.namespace,
    ...key ? { key } : {},
    note: (message) => report.notes.push(message)
  }) : void 0;
  await deps.tree.withScratch(async (home) => {
    for (const dir of roots) {
      const included = kustomizationsUnder(dir, byDir);
      const quiet = included.some((k) => k.generators.some((g) => g.kind === "Secret"));
      const run = { binary, pathDirs, home, ...bounds, quiet };
      const inputFiles = [...new Set(included.flatMap((k) => k.resources))];
      const inputWorkloads = await parseFiles(deps.tree, inputFiles, settings);
      await stampKustomization(
        {
          tree: deps.tree,
          root: byDir.get(dir),
          included,
          inputWorkloads,
          render: (d) => renderWorkTree(run, deps.tree.dir, d),
          defaultNamespace: settings.namespace,
          ...key ? { key } : {},
          check: settings.check,
          log: deps.log,
          ...changed ? { changed: changed.get(dir) ?? /* @__PURE__ */ new Set() } : {}
        },
        report
      );
    }
  });
}
async function refuseUnsafeRoots(roots, byDir, settings, deps) {
  const graph = buildKustomizeGraph([...byDir.values()]);
  const rules = { untrustedHead: deps.untrustedHead, allowRemote: settings.allowRemoteKustomize };
  const files = await deps.tree.listFiles();
  for (const dir of roots) {
    const included = kustomizationsUnder(dir, byDir);
    const refused = refusedEntries(`kustomize ${dir || "."}`, included, "head", rules);
    if (refused !== void 0) throw new UserError(refused);
  }
  const read = /* @__PURE__ */ new Set();
  for (const dir of roots) {
    const included = kustomizationsUnder(dir, byDir);
    const scope = included.some((k) => k.problem !== void 0) ? void 0 : checkoutScope(
      included.map((k) => k.dir),
      graph.inputsOf(dir)
    );
    for (const path of files) if (inScope(path, scope)) read.add(path);
  }
  await refuseEscapingLinks(deps.tree.dir, [...read].sort(), "in the work tree");
}
async function readKustomizations(tree, files, settings) {
  if (settings.kustomize[0] === "none") return [];
  const names = new Set(KUSTOMIZATION_FILE_NAMES);
  const found = [];
  for (const file of files) {
    if (!names.has(file.slice(file.lastIndexOf("/") + 1))) continue;
    const text = (await tree.read(file))?.toString("utf8");
    if (text !== void 0) found.push(readKustomizationFile(file, text));
  }
  return found;
}
async function parseFiles(tree, files, settings) {
  const parsed = await runLimited(files, READ_CONCURRENCY, async (file) => {
    const size = await tree.size(file);
    if (size === void 0 || size > settings.maxFileSize) return [];
    const bytes = await tree.read(file);
    if (bytes === void 0) return [];
    return (await parseManifestFile(file, bytes, { defaultNamespace: settings.namespace })).manifests;
  });
  return parsed.flat();
}
var READ_CONCURRENCY = 16;
async function changedInRange(settings, deps, targets, filter, key) {
  if (!settings.base) throw new UserError("--changed-only needs --base (and --head, default HEAD)");
  const valuesAt2 = async (rev) => {
    const sha = await deps.git.resolveCommit(rev);
    const files = (await deps.git.listFiles(sha)).filter(filter);
    const bytes = await deps.git.readFiles(sha, files);
    const manifests = [];
    for (const [file, data] of bytes) {
      if (data.length > settings.maxFileSize) continue;
      manifests.push(
        ...(await parseManifestFile(file, data, { defaultNamespace: settings.namespace })).manifests
      );
    }
    const stamps = stampWorkloads(manifests, repositoryConfigs(manifests), key ? { key } : {});
    return new Map(stamps.targets.map((t) => [idKey(t.id), t.hash]));
  };
  const [before, after] = await Promise.all([valuesAt2(settings.base), valuesAt2(settings.head ?? "HEAD")]);
  return targets.filter((t) => {
    const a = before.get(idKey(t.id));
    const b = after.get(idKey(t.id));
    return a !== void 0 && b !== void 0 && a !== b;
  });
}
async function renderWorkTree(run, treeDir, dir) {
  try {
    return await kustomizeBuild(run, treeDir, dir, "work tree");
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    throw new UserError(
      `\`${error.command}\` failed in the work tree (${error.why})${error.detail ? `: ${error.detail}` : ""}; fix the kustomization, then stamp again`
    );
  }
}

// src/report/stamp-report-text.ts
init_ci_log_text();
function renderStampReport(report, format, fix) {
  if (format === "json") return `${escapeJsonForCiLog(JSON.stringify(stampJson(report, fix), null, 2))}
`;
  return `${escapeForCiLog(stampText(report, fix))}
`;
}
function stampOutcome(report) {
  if (report.changes.length === 0) return "current";
  return report.check ? "stale" : "stamped";
}
function stampJson(report, fix) {
  const id = (w) => ({
    kind: w.kind,
    namespace: w.namespace,
    name: w.name
  });
  return {
    outcome: stampOutcome(report),
    check: report.check,
    changes: report.changes.map((c) => ({
      ...id(c.workload),
      file: c.file,
      ...c.origin ? { origin: c.origin } : {},
      old: c.old ?? null,
      new: c.new
    })),
    current: report.current,
    filesWritten: report.filesWritten,
    leftOut: report.leftOut.map((l) => ({
      ...id(l.workload),
      configs: l.configs.map(id),
      untouched: l.untouched
    })),
    unstampable: report.unstampable,
    notes: report.notes,
    ...report.check && report.changes.length > 0 ? { fix } : {}
  };
}
function stampText(report, fix) {
  const lines = [];
  const n = report.changes.length;
  if (report.check) {
    lines.push(
      n === 0 ? `Stamps current: ${report.current} workload(s) carry their config-rollout.io/config-hash.` : `Stamps missing or stale: ${n} workload(s) (${report.current} current).`
    );
  } else {
    lines.push(
      n === 0 ? `Nothing to stamp: ${report.current} workload(s) already carry their config-rollout.io/config-hash.` : `Stamped ${n} workload(s) in ${report.filesWritten.length} file(s) (${report.current} already current).`
    );
  }
  for (const c of report.changes) {
    const where = c.origin ? `${c.file} (${c.origin})` : c.file;
    lines.push(`  ${formatId(c.workload)} in ${where}: ${c.old ?? "(none)"} -> ${c.new}`);
  }
  if (report.check && n > 0) lines.push("", `Fix: run \`${fix}\` and commit the result.`);
  if (!report.check && report.filesWritten.length > 0) {
    lines.push("", "Files written:", ...report.filesWritten.map((f) => `  ${f}`));
  }
  if (report.leftOut.length > 0) {
    lines.push("", "Configs not defined in the repository (left out of the hash):");
    for (const l of report.leftOut) {
      const configs = l.configs.map((c) => `${c.kind.toLowerCase()}/${c.name}`).join(", ");
      lines.push(
        `  ${formatId(l.workload)}: ${configs}${l.untouched ? " (consumes no repository config: not touched)" : ""}`
      );
    }
  }
  if (report.unstampable.length > 0) {
    lines.push("", "Not stamped:");
    for (const u of report.unstampable) lines.push(`  ${u.what}: ${u.reason}`);
  }
  if (report.notes.length > 0) lines.push("", "Notes:", ...report.notes.map((note) => `  ${note}`));
  return lines.join("\n");
}

// src/settings/settings.ts
init_errors();

// src/core/fleet.ts
init_errors();
function parseContexts(text, option = "--contexts") {
  const waves = text.split(";").map((wave) => wave.split(",").map((name) => name.trim()));
  const seen = /* @__PURE__ */ new Map();
  for (const [i, wave] of waves.entries()) {
    if (wave.every((name) => name === "")) {
      throw new UserError(
        `${option}: wave ${i + 1} of ${JSON.stringify(text)} names no context (";" separates waves, "," the clusters of one wave)`
      );
    }
    for (const name of wave) {
      if (name === "") {
        throw new UserError(`${option}: wave ${i + 1} of ${JSON.stringify(text)} has an empty context name`);
      }
      const first = seen.get(name);
      if (first !== void 0) {
        throw new UserError(
          `${option}: context ${JSON.stringify(name)} is named twice (wave ${first + 1} and wave ${i + 1})`
        );
      }
      seen.set(name, i);
    }
  }
  return waves;
}

// src/core/setting-choices.ts
var STRATEGIES = ["annotation", "env", "versioned", "gitops"];
var DRY_RUNS = ["none", "client", "server"];
var DISCOVER_MODES = ["repo", "cluster", "both"];
var OUTPUT_FORMATS = ["text", "json", "markdown"];
var DEFAULT_CONCURRENCY = 8;

// src/settings/source-options.ts
var SOURCE_OPTIONS = [
  {
    name: "kustomize",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_KUSTOMIZE",
    placeholder: "DIRS",
    description: "Kustomization directories to render at both commits and plan from; raw files are then read only if --paths is given too. Default: every root kustomization in the repository (not those under test, example or docs directories); none: read raw files only."
  },
  {
    name: "render",
    type: "string",
    env: "CONFIG_ROLLOUT_RENDER",
    placeholder: "CMD",
    description: "A command that prints the manifests (e.g. helm template ...), run with /bin/sh in a checkout of each commit. It executes on both commits."
  },
  {
    name: "render-paths",
    type: "list",
    default: "**",
    env: "CONFIG_ROLLOUT_RENDER_PATHS",
    placeholder: "GLOBS",
    description: "Files that are inputs of --render: it runs only when the range touches one."
  },
  {
    name: "git-timeout",
    type: "duration",
    default: "2m",
    env: "CONFIG_ROLLOUT_GIT_TIMEOUT",
    placeholder: "DURATION",
    description: "A git command (a fetch or deepen of a shallow clone included) that prints nothing for this long is stuck, e.g. waiting for credentials: it is stopped and the run fails."
  },
  {
    name: "render-timeout",
    type: "duration",
    default: "10m",
    env: "CONFIG_ROLLOUT_RENDER_TIMEOUT",
    placeholder: "DURATION",
    description: "Time limit for one render (a kustomize build or the --render command at one commit); it is then stopped with every process it started, and the run fails (exit code 2)."
  },
  {
    name: "render-env",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_RENDER_ENV",
    placeholder: "NAMES",
    description: "Environment variables passed to the --render command besides PATH, HOME, LANG, LC_ALL, TZ, TMPDIR and the proxy settings (e.g. HELM_CACHE_HOME); nothing else of the job's environment reaches it."
  },
  {
    name: "allow-remote-kustomize",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_ALLOW_REMOTE_KUSTOMIZE",
    description: "Render kustomizations that name remote resources (github.com/..., git::, https://, ssh://, git@) when the head is untrusted (a pull request from a fork, pull_request_target); by default they are refused before any render (a plan's or a stamp's)."
  }
];

// src/settings/options.ts
var OPTIONS = [
  {
    name: "base",
    type: "string",
    env: "CONFIG_ROLLOUT_BASE",
    placeholder: "REV",
    description: "Commit to compare from. Default: derived from the CI event (push before, merge-base of a PR), else HEAD~1."
  },
  {
    name: "head",
    type: "string",
    env: "CONFIG_ROLLOUT_HEAD",
    placeholder: "REV",
    description: "Commit to compare to. Default: the CI event's head commit, else HEAD."
  },
  {
    name: "repo",
    type: "string",
    default: ".",
    env: "CONFIG_ROLLOUT_REPO",
    placeholder: "DIR",
    description: "Path of the git repository holding the manifests."
  },
  {
    name: "paths",
    type: "list",
    default: "**/*.yaml,**/*.yml,**/*.json",
    env: "CONFIG_ROLLOUT_PATHS",
    placeholder: "GLOBS",
    description: "Manifest files to read (comma or newline separated globs, relative to the repository root). Given explicitly, it also narrows which kustomizations and Helm charts are discovered."
  },
  {
    name: "exclude",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_EXCLUDE",
    placeholder: "GLOBS",
    description: "Files to ignore even when they match --paths (e.g. Helm templates: **/templates/**)."
  },
  ...SOURCE_OPTIONS,
  {
    name: "namespace",
    type: "string",
    default: "default",
    env: "CONFIG_ROLLOUT_NAMESPACE",
    short: "n",
    placeholder: "NS",
    description: "Namespace of manifests that do not name one."
  },
  {
    name: "discover",
    type: "string",
    choices: DISCOVER_MODES,
    env: "CONFIG_ROLLOUT_DISCOVER",
    description: "Where to look for consumers. Default: both when a cluster is configured, else repo."
  },
  {
    name: "strategy",
    type: "string",
    default: "annotation",
    choices: STRATEGIES,
    env: "CONFIG_ROLLOUT_STRATEGY",
    description: "How to restart: a content-hash annotation on the pod template (idempotent), an env var with the current time, versioned: an immutable <name>-<hash> copy of each changed config, workloads repointed to it (see Versioned configs), or gitops: write nothing, wait until Argo CD or Flux has applied the stamped commit, then for the rollouts (see Argo CD and Flux)."
  },
  {
    name: "env-name",
    type: "string",
    default: "RESTART_TIME",
    env: "CONFIG_ROLLOUT_ENV_NAME",
    placeholder: "NAME",
    description: "Name of the env var set by --strategy env."
  },
  {
    name: "rollback",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_ROLLBACK",
    description: "--strategy versioned: when a rollout fails, repoint that workload to the config it used before and wait for it (--no-rollback to leave it)."
  },
  {
    name: "prune",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_PRUNE",
    description: "--strategy versioned: after a successful run, delete managed copies that no workload, ReplicaSet, ControllerRevision or Pod names (--no-prune to keep them)."
  },
  {
    name: "keep",
    type: "integer",
    default: "3",
    env: "CONFIG_ROLLOUT_KEEP",
    placeholder: "N",
    description: "--strategy versioned: copies of each config --prune always keeps, newest first."
  },
  {
    name: "dry-run",
    type: "string",
    default: "none",
    choices: DRY_RUNS,
    env: "CONFIG_ROLLOUT_DRY_RUN",
    description: "client: print the plan, touch nothing. server: send every write with dryRun=All. A bare --dry-run means client."
  },
  {
    name: "apply",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_APPLY",
    description: "Server-side apply the changed ConfigMaps/Secrets before restarting (field manager config-rollout)."
  },
  {
    name: "plan-out",
    type: "string",
    env: "CONFIG_ROLLOUT_PLAN_OUT",
    placeholder: "FILE",
    description: "Write the plan to FILE as JSON (apiVersion config-rollout.io/v1, kind Plan), usually with --dry-run: the workloads to restart with their exact change and a digest of each changed config. No config values, Secret data or credentials; a plan with a Secret needs --hash-key. See Plan once, apply many."
  },
  {
    name: "plan",
    type: "string",
    env: "CONFIG_ROLLOUT_PLAN",
    placeholder: "FILE",
    description: "Apply a plan written by --plan-out, without git or a renderer: check the cluster holds the configs the plan's digests name, restart, wait. In a git checkout it must be the plan's head; --strategy versioned needs that checkout. Not with --apply."
  },
  {
    name: "wait",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_WAIT",
    description: "Wait for every rollout to finish (--no-wait to skip)."
  },
  {
    name: "timeout",
    type: "duration",
    default: "5m",
    env: "CONFIG_ROLLOUT_TIMEOUT",
    placeholder: "DURATION",
    description: "How long to wait for all rollouts together (e.g. 90s, 5m, 1h)."
  },
  {
    name: "config-timeout",
    type: "duration",
    default: "60s",
    env: "CONFIG_ROLLOUT_CONFIG_TIMEOUT",
    placeholder: "DURATION",
    description: "How long to wait for the cluster to hold the committed config content before failing."
  },
  {
    name: "kubeconfig",
    type: "string",
    env: "KUBECONFIG",
    placeholder: "PATH",
    description: "Kubeconfig file. Default: $KUBECONFIG, ~/.kube/config, then the in-cluster service account."
  },
  {
    name: "kubeconfig-data",
    type: "string",
    env: "CONFIG_ROLLOUT_KUBECONFIG",
    secret: true,
    placeholder: "TEXT",
    description: "A whole kubeconfig as text or base64 (for CI secrets). Masked in logs."
  },
  {
    name: "exec-plugin-timeout",
    type: "duration",
    default: "60s",
    env: "CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT",
    placeholder: "DURATION",
    description: "Time limit for a kubeconfig's exec credential plugin (aws eks get-token, gke-gcloud-auth-plugin) to print a credential; it is then stopped."
  },
  {
    name: "request-timeout",
    type: "duration",
    default: "30s",
    env: "CONFIG_ROLLOUT_REQUEST_TIMEOUT",
    placeholder: "DURATION",
    description: "Time limit for one Kubernetes API request (it is retried up to 5 times on timeouts, throttling and server errors); watches are bounded by --timeout."
  },
  {
    name: "context",
    type: "string",
    env: "CONFIG_ROLLOUT_CONTEXT",
    placeholder: "NAME",
    description: "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too)."
  },
  {
    name: "contexts",
    type: "string",
    env: "CONFIG_ROLLOUT_CONTEXTS",
    placeholder: "LIST",
    description: "Several kubeconfig contexts in one run, in waves: staging;prod-eu,prod-us is staging first, then prod-eu and prod-us in parallel (';' separates waves, ',' the clusters of a wave). The plan is made once; each cluster gets the full run (one that does not answer is given up after --timeout); after a failed cluster later waves are skipped (see Several clusters)."
  },
  {
    name: "continue-on-failure",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CONTINUE_ON_FAILURE",
    description: "--contexts: run the later waves even after a cluster failed (the exit code still says so)."
  },
  {
    name: "namespaces",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_NAMESPACES",
    placeholder: "LIST",
    description: "Only restart workloads in these namespaces (empty: all)."
  },
  {
    name: "exclude-namespaces",
    type: "list",
    default: "kube-system",
    env: "CONFIG_ROLLOUT_EXCLUDE_NAMESPACES",
    placeholder: "LIST",
    description: "Never restart workloads in these namespaces."
  },
  {
    name: "max-restarts",
    type: "integer",
    env: "CONFIG_ROLLOUT_MAX_RESTARTS",
    placeholder: "N",
    description: "Refuse a plan that restarts more than N workloads (default: no limit); a dry run shows it, with a note."
  },
  {
    name: "concurrency",
    type: "integer",
    default: String(DEFAULT_CONCURRENCY),
    env: "CONFIG_ROLLOUT_CONCURRENCY",
    placeholder: "N",
    description: "Most API requests in flight at once (reads, permission checks, patches); watches are not counted. Lower it for a busy API server."
  },
  {
    name: "check",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CHECK",
    description: "stamp only: write nothing; exit 1 when any config-hash stamp is missing or stale (each workload, its file, the old and new value, and the command that fixes it), 0 when all are current."
  },
  {
    name: "changed-only",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CHANGED_ONLY",
    description: "stamp only: stamp only the workloads whose consumed config content changed between --base and --head (raw files, and the workloads of each kustomize root, rendered at both commits; the others keep the value they carry). For adopting stamps without rolling every workload once. Default: every consumer."
  },
  {
    name: "hash-key",
    type: "string",
    env: "CONFIG_ROLLOUT_HASH_KEY",
    secret: true,
    placeholder: "KEY",
    description: "HMAC key of the config-hash annotation (live and `stamp` alike: use the same key in both) and of versioned Secret copy names. Without it the annotation is a plain SHA-256 of the committed content it covers; set it when readers of Deployments must not be able to test guesses of Secret values. Versioned Secret copies without it are keyed with the Secret's cluster UID."
  },
  {
    name: "output",
    type: "string",
    default: "text",
    choices: OUTPUT_FORMATS,
    env: "CONFIG_ROLLOUT_OUTPUT",
    short: "o",
    description: "Report format on stdout; logs always go to stderr."
  },
  {
    name: "comment",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_COMMENT",
    description: "Post the plan as one comment on the pull request (GitHub) or merge request (GitLab), updated on every run; the token comes from GITHUB_TOKEN or CONFIG_ROLLOUT_GITLAB_TOKEN (see Pull request comments)."
  },
  {
    name: "comment-id",
    type: "string",
    env: "CONFIG_ROLLOUT_COMMENT_ID",
    placeholder: "ID",
    description: "Which comment this run owns: runs with different ids keep separate comments (e.g. one per cluster of a matrix). Default: the workflow and job (GitHub), the job name (GitLab)."
  },
  {
    name: "strict",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_STRICT",
    description: "Fail when any manifest cannot be parsed (default: report it and go on)."
  },
  {
    name: "restart-reloader-managed",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_RESTART_RELOADER_MANAGED",
    description: "Also restart workloads annotated for Stakater Reloader (reloader.stakater.com/*), which restarts them itself (default: skip them, with the reason)."
  },
  {
    name: "max-file-size",
    type: "integer",
    // 16 MiB: see the README ("Files it will not read") for why.
    default: "16777216",
    env: "CONFIG_ROLLOUT_MAX_FILE_SIZE",
    placeholder: "BYTES",
    description: "Do not read manifest files larger than this (16 MiB); what changed in them is reported as unknown, never as a deletion."
  },
  {
    name: "debug",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_DEBUG",
    description: "Print stack traces of internal errors."
  }
];

// src/settings/parse-duration.ts
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function parseDuration(text) {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1e3;
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== trimmed) return void 0;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit], 0));
}

// src/settings/validate-settings.ts
init_errors();
init_names();
var MAX_TIMER_MS = 2147483647;
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function validateSettings(values) {
  if (values.paths.length === 0) {
    throw new UserError("--paths: no globs given (the default is **/*.yaml,**/*.yml,**/*.json)");
  }
  checkDuration("timeout", values.timeoutMs);
  checkDuration("config-timeout", values.configTimeoutMs);
  checkNamespaces("namespace", [values.namespace]);
  checkNamespaces("namespaces", values.namespaces);
  checkNamespaces("exclude-namespaces", values.excludeNamespaces);
  if (!ENV_NAME.test(values.envName)) {
    throw new UserError(
      `--env-name: ${JSON.stringify(values.envName)} is not a valid environment variable name (letters, digits and "_", not starting with a digit)`
    );
  }
  if (values.concurrency < 1 || values.concurrency > 64) {
    throw new UserError("--concurrency: must be between 1 and 64 (requests in flight at once)");
  }
  if (values.maxFileSize < 1) throw new UserError("--max-file-size: must be at least 1 (bytes)");
  if (values.strategy === "gitops") checkGitops(values);
}
function checkGitops(values) {
  const refused = [
    values.apply ? "--apply (the agent applies the configs)" : void 0,
    values.dryRun === "server" ? "--dry-run server (it sends no write to dry-run)" : void 0,
    values.discover !== void 0 && values.discover !== "repo" ? `--discover ${values.discover} (the agent deploys only what the repository defines)` : void 0
  ].filter((part) => part !== void 0);
  if (refused.length > 0) {
    throw new UserError(`--strategy gitops writes nothing to the cluster: drop ${refused.join(", ")}`);
  }
}
function checkDuration(option, ms) {
  if (ms <= 0) throw new UserError(`--${option}: must be more than 0 (e.g. 90s, 5m)`);
  if (ms > MAX_TIMER_MS) {
    const hours = Math.floor(MAX_TIMER_MS / 36e5);
    throw new UserError(
      `--${option}: ${formatHours(ms)} is longer than the longest wait supported (${hours}h)`
    );
  }
}
function formatHours(ms) {
  return ms % 36e5 === 0 ? `${ms / 36e5}h` : `${ms}ms`;
}
function checkNamespaces(option, names) {
  for (const name of names) {
    if (!isNamespaceName(name)) {
      throw new UserError(
        `--${option}: ${JSON.stringify(name)} is not a valid namespace name (${NAMESPACE_RULE})`
      );
    }
  }
}

// src/settings/settings.ts
function rawValuesFromEnv(env) {
  const raw = {};
  for (const option of OPTIONS) {
    const value = option.env ? env[option.env] : void 0;
    if (value !== void 0 && value !== "") raw[option.name] = value;
  }
  if (raw.context === void 0 && raw.contexts === void 0 && env.KUBE_CONTEXT)
    raw.context = env.KUBE_CONTEXT;
  return raw;
}
function toSettings(...sources) {
  const raw = {};
  for (const source2 of sources) {
    for (const [key, value] of Object.entries(source2)) if (value !== void 0) raw[key] = value;
  }
  const get = (name) => parseOptionValue(requireSpec(name), raw[name]);
  const str = (name) => get(name);
  const list = (name) => get(name) ?? [];
  const bool = (name) => get(name) === true;
  const num2 = (name) => get(name);
  const given = (name) => {
    const value = get(name);
    if (value === void 0) throw new Error(`option ${name} has no default in the option table`);
    return value;
  };
  for (const ref of ["base", "head"]) {
    const value = str(ref);
    if (value?.startsWith("-")) throw new UserError(`--${ref} ${value}: a revision must not start with '-'`);
  }
  const settings = {
    base: str("base"),
    head: str("head"),
    repo: given("repo"),
    paths: list("paths"),
    pathsExplicit: isExplicit(list("paths"), "paths"),
    exclude: list("exclude"),
    kustomize: kustomizeDirs(list("kustomize")),
    render: str("render") || void 0,
    renderPaths: list("render-paths"),
    gitTimeoutMs: given("git-timeout"),
    renderTimeoutMs: given("render-timeout"),
    renderEnv: list("render-env"),
    allowRemoteKustomize: bool("allow-remote-kustomize"),
    namespace: given("namespace"),
    discover: str("discover"),
    strategy: given("strategy"),
    envName: given("env-name"),
    rollback: bool("rollback"),
    prune: bool("prune"),
    keep: given("keep"),
    dryRun: given("dry-run"),
    apply: bool("apply"),
    planOut: str("plan-out") || void 0,
    plan: str("plan") || void 0,
    wait: bool("wait"),
    timeoutMs: given("timeout"),
    configTimeoutMs: given("config-timeout"),
    execPluginTimeoutMs: given("exec-plugin-timeout"),
    requestTimeoutMs: given("request-timeout"),
    kubeconfig: str("kubeconfig"),
    kubeconfigData: str("kubeconfig-data"),
    context: str("context"),
    ...contextWaves(str("contexts"), str("context")),
    continueOnFailure: bool("continue-on-failure"),
    namespaces: list("namespaces"),
    excludeNamespaces: list("exclude-namespaces"),
    maxRestarts: num2("max-restarts"),
    concurrency: given("concurrency"),
    hashKey: str("hash-key"),
    check: bool("check"),
    changedOnly: bool("changed-only"),
    output: given("output"),
    comment: bool("comment"),
    commentId: str("comment-id") || void 0,
    strict: bool("strict"),
    maxFileSize: given("max-file-size"),
    restartReloaderManaged: bool("restart-reloader-managed"),
    debug: bool("debug")
  };
  validateSettings(settings);
  if (settings.plan !== void 0) {
    if (settings.apply)
      throw new UserError(
        "--apply cannot be used with --plan: a plan file holds digests, not the configs' content; apply the manifests first (or in the plan job)"
      );
    if (settings.planOut !== void 0)
      throw new UserError("--plan-out cannot be used with --plan: the plan is already made");
  }
  if (settings.strategy === "gitops" && settings.planOut !== void 0) {
    throw new UserError(
      "--plan-out cannot be used with --strategy gitops: a gitops run writes nothing, so there is no plan to apply; run --strategy gitops in each cluster's job (it needs read-only credentials and the checkout)"
    );
  }
  if (settings.contexts && (settings.plan !== void 0 || settings.planOut !== void 0)) {
    throw new UserError(
      `--contexts cannot be used with ${settings.plan !== void 0 ? "--plan" : "--plan-out"}: a plan file is one cluster's plan (its own consumers); run one job per cluster with --context, or --contexts without a plan file`
    );
  }
  return settings;
}
function contextWaves(contexts, context) {
  if (contexts === void 0 || contexts === "") return {};
  if (context) {
    throw new UserError(
      "--context and --contexts: give one of them (--contexts runs each context it names; KUBE_CONTEXT sets --context too)"
    );
  }
  return { contexts: parseContexts(contexts) };
}
function isExplicit(values, name) {
  const defaults = splitList(requireSpec(name).default ?? "");
  return values.length !== defaults.length || !defaults.every((value) => values.includes(value));
}
function kustomizeDirs(values) {
  if (values.includes("none")) {
    if (values.length > 1) throw new UserError(`--kustomize: "none" cannot be combined with directories`);
    return ["none"];
  }
  return values.map((value) => {
    const dir = value.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (value.startsWith("/") || dir.split("/").includes("..")) {
      throw new UserError(
        `--kustomize ${value}: give a directory inside the repository, relative to its root`
      );
    }
    return dir === "." ? "" : dir;
  });
}
function requireSpec(name) {
  const spec = OPTIONS.find((o) => o.name === name);
  if (!spec) throw new Error(`unknown option ${name}`);
  return spec;
}
var TRUE = /* @__PURE__ */ new Set(["true", "yes", "1", "on"]);
var FALSE = /* @__PURE__ */ new Set(["false", "no", "0", "off", ""]);
function parseOptionValue(spec, rawValue) {
  const text = rawValue ?? spec.default;
  if (text === void 0) return void 0;
  const where = `--${spec.name}`;
  switch (spec.type) {
    case "boolean": {
      const lower = text.trim().toLowerCase();
      if (TRUE.has(lower)) return true;
      if (FALSE.has(lower)) return false;
      throw new UserError(`${where}: expected true or false, got "${text}"`);
    }
    case "list":
      return splitList(text);
    case "integer": {
      if (!/^\d+$/.test(text.trim())) throw new UserError(`${where}: expected a whole number, got "${text}"`);
      return Number(text.trim());
    }
    case "duration": {
      const ms = parseDuration(text);
      if (ms === void 0)
        throw new UserError(`${where}: expected a duration like 90s, 5m or 1h30m, got "${text}"`);
      return ms;
    }
    case "string": {
      const value = text.trim();
      if (spec.choices && !spec.choices.includes(value)) {
        throw new UserError(`${where}: expected one of ${spec.choices.join(", ")}, got "${text}"`);
      }
      return spec.secret ? text : value;
    }
  }
}
function splitList(text) {
  const items = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "{") depth++;
    if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "\n" || char === "," && depth === 0) {
      items.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

// src/cli/report-error.ts
init_errors();
async function reportError(error, debug, io, format = "text") {
  const [{ escapeForCiLog: escapeForCiLog2 }, { describeError: describeError2 }, { renderErrorReport: renderErrorReport2 }] = await Promise.all([
    Promise.resolve().then(() => (init_ci_log_text(), ci_log_text_exports)),
    Promise.resolve().then(() => (init_error_line(), error_line_exports)),
    Promise.resolve().then(() => (init_error_report(), error_report_exports))
  ]);
  io.stderr(`${escapeForCiLog2(describeError2(error, debug))}
`);
  const report = renderErrorReport2(error, debug, format);
  if (report !== "") io.stdout(report);
  return exitCodeFor(error);
}

// src/core/log.ts
function formatLocation(where) {
  return [where.file, where.line, where.col].filter((part) => part !== void 0).join(":");
}

// src/cli/stderr-log.ts
init_ci_log_text();
function createStderrLog(options) {
  const write = options.write ?? ((text) => process.stderr.write(text));
  const paint = (code, text) => options.color ? `\x1B[${code}m${text}\x1B[0m` : text;
  const safe = escapeForCiLog;
  return {
    info: (message) => write(`${safe(message)}
`),
    warn: (message, where) => write(`${paint("33", "warning:")} ${safe(`${where ? `${formatLocation(where)}: ` : ""}${message}`)}
`),
    debug: (message) => {
      if (options.debug) write(`${paint("2", `debug: ${safe(message)}`)}
`);
    },
    group: async (title, work) => {
      write(`${paint("1", `==> ${safe(title)}`)}
`);
      return work();
    }
  };
}

// src/cli/run-cli-stamp.ts
async function runStampFromArgs(argv, args, env, io, state3) {
  try {
    const settings = toSettings(rawValuesFromEnv(env), args.values);
    state3.debug = settings.debug;
    state3.output = settings.output;
    const log = createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr });
    const git = await createGit((0, import_node_path8.resolve)(io.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs });
    const tree = await openWorkTree((0, import_node_path8.resolve)(io.cwd, settings.repo));
    const event = env.GITHUB_ACTIONS === "true" ? await readEventPayload(env) : void 0;
    const untrusted = untrustedHead(env, event);
    const report = await runStamp(settings, { tree, git, log, env, untrustedHead: untrusted });
    io.stdout(renderStampReport(report, settings.output, fixCommand(["stamp", ...argv])));
    return report.check && report.changes.length > 0 ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    return reportError(error, state3.debug, io, state3.output);
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runStampFromArgs
});
