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
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
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

// borrowed:src/ci/github-event.ts
var require_github_event = __commonJS({
  "borrowed:src/ci/github-event.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/ci/github-event.ts"];
  }
});

// borrowed:src/core/errors.ts
var require_errors = __commonJS({
  "borrowed:src/core/errors.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/core/errors.ts"];
  }
});

// borrowed:src/core/untrusted-head.ts
var require_untrusted_head = __commonJS({
  "borrowed:src/core/untrusted-head.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/untrusted-head.ts"];
  }
});

// borrowed:src/git/create-git.ts
var require_create_git = __commonJS({
  "borrowed:src/git/create-git.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/git/create-git.ts"];
  }
});

// borrowed:src/git/run-git.ts
var require_run_git = __commonJS({
  "borrowed:src/git/run-git.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/git/run-git.ts"];
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
        severity: "warning",
        unread: "a Git LFS pointer"
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

// src/core/kinds/api-kinds.ts
function isClusterScoped(kind) {
  return CLUSTER_SCOPED_KINDS.has(kind);
}
var CONFIG_KINDS, CONTROLLER_REVISION, POD, EVENT, REPLICA_SET, CLUSTER_SCOPED_KINDS;
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
    POD = { kind: "Pod", group: "", version: "v1", resource: "pods" };
    EVENT = { kind: "Event", group: "", version: "v1", resource: "events" };
    REPLICA_SET = {
      kind: "ReplicaSet",
      group: "apps",
      version: "v1",
      resource: "replicasets"
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
function field(value, key) {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : void 0;
}
function stringField(value, key) {
  const v = field(value, key);
  return typeof v === "string" ? v : void 0;
}
function arrayField(value, key) {
  const v = field(value, key);
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
  const kind = field(obj, "kind");
  return typeof kind === "string" ? workloadKind(kind, field(obj, "apiVersion")) : void 0;
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
  return String(field(field(obj, "metadata"), "name") ?? "");
}
function namespaceOf(obj) {
  return String(field(field(obj, "metadata"), "namespace") ?? "");
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
    BY_KIND = new Map(WORKLOAD_KINDS.map((k) => [k.kind, k]));
    API_KINDS = [
      ...WORKLOAD_KINDS,
      ...CONFIG_KINDS,
      CONTROLLER_REVISION,
      POD,
      EVENT,
      REPLICA_SET
    ];
    API_KIND_BY_NAME = new Map(API_KINDS.map((k) => [k.kind, k]));
  }
});

// borrowed:src/core/names.ts
var require_names = __commonJS({
  "borrowed:src/core/names.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/names.ts"];
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

// src/core/manifests/line-index.ts
var LineIndex;
var init_line_index = __esm({
  "src/core/manifests/line-index.ts"() {
    "use strict";
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
function keyAt(source2, offset) {
  const line = source2.slice(
    offset,
    source2.indexOf("\n", offset) === -1 ? source2.length : source2.indexOf("\n", offset)
  );
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|(.*?))[ \t]*:(?:[ \t]|\r?$)/.exec(line);
  return oneLine(match === null ? line : match[1] ?? match[2]?.replaceAll("''", "'") ?? match[3] ?? "");
}
function stringMapProblem(value) {
  if (value === void 0 || value === null) return void 0;
  if (!isRecord(value)) return ` must be a mapping, found ${describeType(value)}`;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string" && item !== null) {
      const shown2 = PLAIN_KEY.test(key) || /^[A-Za-z0-9./-]{1,317}$/.test(key) ? key : "(a key)";
      return `[${JSON.stringify(shown2)}] must be a string, found ${describeType(item)}`;
    }
  }
  return void 0;
}
function duplicateKeyMessage(key, quiet, read) {
  const named = quiet && !PLAIN_KEY.test(key) ? "duplicate key" : `duplicate key ${JSON.stringify(key)}`;
  return read ? `${named} (read as kubectl applies it: the last value wins; kustomize rejects it)` : named;
}
var SECRET_KIND, PLAIN_KEY, QUIET_DETAIL, YAML_ERROR_TEXT;
var init_yaml_messages = __esm({
  "src/core/manifests/yaml-messages.ts"() {
    "use strict";
    init_json_shape();
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
  if (documents.some((doc) => Array.isArray(field(doc.value, "items")))) return void 0;
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
var import_names, DEFAULT_MAX_ALIAS_COUNT, MAX_PROBLEMS_PER_FILE, KINDS_THAT_NEED_METADATA, NON_OBJECT_API_GROUPS, PLAIN_ANCHOR, DocumentReader;
var init_manifest_reader = __esm({
  "src/core/manifests/manifest-reader.ts"() {
    "use strict";
    init_api_kinds();
    init_workload_kinds();
    import_names = __toESM(require_names(), 1);
    init_decode_source();
    init_fast_yaml();
    init_json_shape();
    init_line_index();
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
        const hidden = this.problems.slice(MAX_PROBLEMS_PER_FILE);
        kept.push({
          file: this.file,
          line: last.line,
          col: last.col,
          message: `${hidden.length} more problems in this file not shown`,
          // Warnings alone (duplicate keys) leave the file read: the count must not make it broken.
          severity: hidden.some((p) => p.severity === "error") ? "error" : "warning"
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
          const severity = syntax.length === 0 ? "warning" : "error";
          for (const error of [...duplicates, ...syntax].sort((a, b) => a.pos[0] - b.pos[0])) {
            const [start2] = error.pos;
            const message = error.code === "DUPLICATE_KEY" ? duplicateKeyMessage(keyAt(this.source, start2), this.quiet, severity === "warning") : `invalid YAML: ${this.quiet ? describeYamlErrorCode(error.code) : describeFailure(error)}`;
            this.problem(start2, message, severity, error.code === "DUPLICATE_KEY");
          }
          if (severity === "error") return;
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
        const items = field(value, "items");
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
        const metadata = field(object, "metadata");
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
        const name = field(metadata, "name");
        if (name === void 0 || name === null) {
          if (typeof field(metadata, "generateName") === "string") return;
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
        if (checked && !(0, import_names.isObjectName)(name)) {
          this.problem(
            locate(["metadata", "name"]) ?? start,
            `${kind.toLowerCase()} ${(0, import_names.quoteName)(name)}: metadata.name is not a valid name (${import_names.OBJECT_NAME_RULE})`
          );
          return;
        }
        const namespaceValue = field(metadata, "namespace");
        let namespace;
        let namespaceAssumed = false;
        if (isClusterScoped(kind)) {
          namespace = "";
        } else if (namespaceValue === void 0 || namespaceValue === null || namespaceValue === "") {
          namespace = this.opts.defaultNamespace;
          namespaceAssumed = true;
        } else if (typeof namespaceValue === "string") {
          namespace = namespaceValue;
          if (checked && !(0, import_names.isNamespaceName)(namespace)) {
            this.problem(
              locate(["metadata", "namespace"]) ?? start,
              `${kind.toLowerCase()}/${name}: metadata.namespace ${(0, import_names.quoteName)(namespace)} is not a valid namespace name (${import_names.NAMESPACE_RULE})`
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
        for (const mapName of ["labels", "annotations"]) {
          const problem = stringMapProblem(field(metadata, mapName));
          if (problem === void 0) continue;
          const where = locate(["metadata", mapName]) ?? start;
          this.problem(
            where,
            `${kind.toLowerCase()}/${name}: metadata.${mapName}${problem} (kubectl rejects it)`
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
      /** A document kubectl would reject for a reason the YAML parse does not report. */
      rejected(offset, message) {
        this.problem(offset, message);
      }
      failed(offset, error) {
        this.problem(offset, `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`);
      }
      problem(offset, message, severity = "error", duplicateKey = false) {
        const { line, col } = this.lineCounter.linePos(offset);
        this.problems.push({
          file: this.file,
          line,
          col,
          message,
          severity,
          ...duplicateKey ? { duplicateKey: true } : {}
        });
      }
    };
  }
});

// src/core/manifests/json-stream.ts
function jsonStream(source2) {
  const values = [];
  let i = skipSpace(source2, 0);
  if (source2[i] !== "{") return void 0;
  while (i < source2.length) {
    if (source2[i] !== "{") return void 0;
    const end = objectEnd(source2, i);
    if (end === void 0) return void 0;
    try {
      values.push({ value: JSON.parse(source2.slice(i, end + 1)), start: i });
    } catch {
      return void 0;
    }
    i = skipSpace(source2, end + 1);
  }
  return values;
}
function skipSpace(text, from) {
  let i = from;
  while (i < text.length && " 	\r\n".includes(text[i])) i += 1;
  return i;
}
function objectEnd(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i += 1;
    } else if (char === "{" || char === "[") {
      depth += 1;
    } else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return void 0;
}
var init_json_stream = __esm({
  "src/core/manifests/json-stream.ts"() {
    "use strict";
  }
});

// src/core/manifests/under-indented.ts
function indentContinuationLines(source2) {
  let text = source2;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const start = firstCutConstruct(text);
    if (start === void 0) break;
    const end = text[start] === "[" || text[start] === "{" ? flowEnd(text, start) : quotedEnd(text, start);
    if (end === void 0) break;
    const indented = indentLines(text, start, end);
    if (indented === text) break;
    text = indented;
  }
  return text === source2 ? void 0 : text;
}
function firstCutConstruct(text) {
  let offset = 0;
  let depth = 0;
  let flowStart = 0;
  for (const token of new import_yaml.Lexer().lex(text)) {
    if (token === import_yaml.CST.FLOW_END) return depth > 0 ? flowStart : void 0;
    if (MARKERS.has(token)) continue;
    const type = import_yaml.CST.tokenType(token);
    if (type === "flow-map-start" || type === "flow-seq-start") {
      if (depth === 0) flowStart = offset;
      depth += 1;
    } else if ((type === "flow-map-end" || type === "flow-seq-end") && depth > 0) {
      depth -= 1;
    } else if (type === "single-quoted-scalar" || type === "double-quoted-scalar") {
      const end = quotedEnd(text, offset);
      if (end !== void 0 && end + 1 > offset + token.length) return depth > 0 ? flowStart : offset;
    }
    offset += token.length;
  }
  return void 0;
}
function isDocumentMarkerAt(text, lineStart) {
  const marker = text.slice(lineStart, lineStart + 3);
  if (marker !== "---" && marker !== "...") return false;
  const next = text[lineStart + 3];
  return next === void 0 || next === " " || next === "	" || next === "\r" || next === "\n";
}
function quotedEnd(text, start) {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === "\n" && isDocumentMarkerAt(text, i + 1)) return void 0;
    if (quote === '"' && char === "\\") i += 1;
    else if (char === quote) {
      if (quote === "'" && text[i + 1] === "'") i += 1;
      else return i;
    }
  }
  return void 0;
}
function flowEnd(text, start) {
  let depth = 0;
  let nodeStart2 = true;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === "\n") {
      if (isDocumentMarkerAt(text, i + 1)) return void 0;
      continue;
    }
    if (char === " " || char === "	" || char === "\r") continue;
    if (char === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      const newline = text.indexOf("\n", i);
      if (newline === -1) return void 0;
      i = newline - 1;
    } else if (char === "[" || char === "{") {
      depth += 1;
      nodeStart2 = true;
    } else if (char === "]" || char === "}") {
      depth -= 1;
      if (depth === 0) return i;
      nodeStart2 = false;
    } else if (char === ",") {
      nodeStart2 = true;
    } else if (char === ":" && (nodeStart2 || /[\s,[\]{}]/.test(text[i + 1] ?? " "))) {
      nodeStart2 = true;
    } else if (char === "?" && nodeStart2) {
      nodeStart2 = true;
    } else if ((char === "'" || char === '"') && nodeStart2) {
      const end = quotedEnd(text, i);
      if (end === void 0) return void 0;
      i = end;
      nodeStart2 = false;
    } else if ((char === "&" || char === "!") && nodeStart2) {
      while (i + 1 < text.length && !/[\s,[\]{}]/.test(text[i + 1])) i += 1;
    } else {
      nodeStart2 = false;
    }
  }
  return void 0;
}
function indentLines(text, start, end) {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const column = start - lineStart;
  let out = text.slice(0, start);
  let from = start;
  for (let newline = text.indexOf("\n", start); newline !== -1 && newline < end; ) {
    const next = newline + 1;
    let spaces = 0;
    while (text[next + spaces] === " ") spaces += 1;
    const lineEnd = text.indexOf("\n", next);
    const blank = /^[ \t\r]*$/.test(text.slice(next, lineEnd === -1 ? text.length : lineEnd));
    out += text.slice(from, next);
    if (!blank && spaces < column) out += " ".repeat(column - spaces);
    from = next;
    newline = text.indexOf("\n", next);
  }
  return out + text.slice(from);
}
var import_yaml, MAX_ROUNDS, MARKERS;
var init_under_indented = __esm({
  "src/core/manifests/under-indented.ts"() {
    "use strict";
    import_yaml = require("./vendor/yaml.js");
    MAX_ROUNDS = 200;
    MARKERS = /* @__PURE__ */ new Set([import_yaml.CST.DOCUMENT, import_yaml.CST.SCALAR, import_yaml.CST.FLOW_END]);
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
  let parsed = parseYaml(source2);
  if ("docs" in parsed && errorCount(parsed) > 0) {
    const indented = indentContinuationLines(source2);
    const reparsed = indented === void 0 ? void 0 : parseYaml(indented);
    if (reparsed !== void 0 && "docs" in reparsed && errorCount(reparsed) < errorCount(parsed)) {
      parsed = reparsed;
    }
  }
  if (!("docs" in parsed)) {
    const message = `cannot parse file: ${mayHoldSecret(source2) ? "details not shown (the file holds a Secret)" : describeFailure(parsed.error)}`;
    return { manifests: [], problems: [{ file, line: 1, col: 1, message, severity: "error" }] };
  }
  const { docs, lineCounter } = parsed;
  const json = errorCount(parsed) > 0 ? jsonStream(source2) : void 0;
  if (json !== void 0) {
    const reader2 = new DocumentReader(file, source2, lineCounter, opts, mayHoldSecret(source2));
    for (const { value, start } of json) reader2.readValue(value, start, () => void 0);
    return { manifests: reader2.manifests, problems: notAManifestIsAWarning(source2, reader2.cappedProblems()) };
  }
  const reader = new DocumentReader(file, parsed.source, lineCounter, opts, mayHoldSecret(source2));
  for (const doc of docs) {
    try {
      const key = doc.errors.length === 0 ? collectionKey(doc) : void 0;
      if (key !== void 0) {
        reader.rejected(
          key,
          "a mapping key is itself a mapping or a list (an unrendered template such as {{value}}?): kubectl rejects it, document ignored"
        );
        continue;
      }
      reader.readDocument(doc, unresolvedAlias);
    } catch (error) {
      reader.failed(doc.range[0], error);
    }
  }
  return { manifests: reader.manifests, problems: notAManifestIsAWarning(source2, reader.cappedProblems()) };
}
function yamlOptions(lineCounter) {
  return {
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
  };
}
function parseYaml(source2) {
  const lineCounter = new import_yaml2.LineCounter();
  try {
    return { source: source2, docs: [...(0, import_yaml2.parseAllDocuments)(source2, yamlOptions(lineCounter))], lineCounter };
  } catch (error) {
    return { error };
  }
}
function errorCount(parsed) {
  return parsed.docs.reduce((sum, doc) => sum + doc.errors.length, 0);
}
function collectionKey(doc) {
  let found;
  (0, import_yaml2.visit)(doc, {
    Pair(_key, pair) {
      if (!(0, import_yaml2.isCollection)(pair.key)) return void 0;
      found = pair.key.range?.[0] ?? doc.range[0];
      return import_yaml2.visit.BREAK;
    }
  });
  return found;
}
function unresolvedAlias(doc) {
  let found;
  (0, import_yaml2.visit)(doc, {
    Alias(_key, alias) {
      if (alias.resolve(doc) !== void 0) return void 0;
      found = { offset: alias.range?.[0] ?? doc.range[0], name: alias.source };
      return import_yaml2.visit.BREAK;
    }
  });
  return found;
}
function asKubectlReadsIt(tags) {
  return tags.filter((tag) => {
    const { tag: name, format } = tag;
    return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
  }).map((tag) => {
    const { tag: name, format, test } = tag;
    if (name !== "tag:yaml.org,2002:float" || test === void 0) return tag;
    if (format === "EXP") return { ...tag, test: GO_FLOAT_EXP };
    if (format === void 0 && test.test("1.5"))
      return { ...tag, test: GO_FLOAT };
    return tag;
  });
}
var import_yaml2, GO_MANTISSA, GO_FLOAT, GO_FLOAT_EXP;
var init_parse_manifests = __esm({
  "src/core/manifests/parse-manifests.ts"() {
    "use strict";
    import_yaml2 = require("./vendor/yaml.js");
    init_decode_source();
    init_json_stream();
    init_manifest_reader();
    init_under_indented();
    init_yaml_messages();
    init_manifest_reader();
    init_yaml_messages();
    GO_MANTISSA = "[-+]?(?:\\.[0-9_]*[0-9][0-9_]*|[0-9][0-9_]*(?:\\.[0-9_]*)?)";
    GO_FLOAT = new RegExp(`^(?=[^eE]*\\.)${GO_MANTISSA}$`);
    GO_FLOAT_EXP = new RegExp(`^${GO_MANTISSA}[eE][-+]?[0-9_]*[0-9][0-9_]*$`);
  }
});

// borrowed:src/core/model.ts
var require_model = __commonJS({
  "borrowed:src/core/model.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/model.ts"];
  }
});

// borrowed:src/core/sources/kustomization-names.ts
var require_kustomization_names = __commonJS({
  "borrowed:src/core/sources/kustomization-names.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/core/sources/kustomization-names.ts"];
  }
});

// borrowed:src/process/run-process.ts
var require_run_process = __commonJS({
  "borrowed:src/process/run-process.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/process/run-process.ts"];
  }
});

// borrowed:src/pipeline/scan/path-filter.ts
var require_path_filter = __commonJS({
  "borrowed:src/pipeline/scan/path-filter.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/pipeline/scan/path-filter.ts"];
  }
});

// borrowed:src/process/interrupt.ts
var require_interrupt = __commonJS({
  "borrowed:src/process/interrupt.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/process/interrupt.ts"];
  }
});

// borrowed:src/report/ci-log-text.ts
var require_ci_log_text = __commonJS({
  "borrowed:src/report/ci-log-text.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/report/ci-log-text.ts"];
  }
});

// borrowed:src/report/error-line.ts
var require_error_line = __commonJS({
  "borrowed:src/report/error-line.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/report/error-line.ts"];
  }
});

// borrowed:src/settings/settings.ts
var require_settings = __commonJS({
  "borrowed:src/settings/settings.ts"(exports2, module2) {
    module2.exports = require("./cli-plan.js").frontModules["src/settings/settings.ts"];
  }
});

// borrowed:src/cli/report-error.ts
var require_report_error = __commonJS({
  "borrowed:src/cli/report-error.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/cli/report-error.ts"];
  }
});

// borrowed:src/cli/stderr-log.ts
var require_stderr_log = __commonJS({
  "borrowed:src/cli/stderr-log.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/cli/stderr-log.ts"];
  }
});

// src/cli/run-cli-stamp.ts
var run_cli_stamp_exports = {};
__export(run_cli_stamp_exports, {
  runStampFromArgs: () => runStampFromArgs
});
module.exports = __toCommonJS(run_cli_stamp_exports);
var import_node_path6 = require("node:path");
var import_github_event = __toESM(require_github_event(), 1);
var import_errors9 = __toESM(require_errors(), 1);

// src/core/stamp/stamp-report.ts
function stampRefusals(report, strict) {
  if (!report.check && !strict) return [];
  const refusals = report.problems.filter((p) => p.severity === "error" || strict).map(
    (p) => `${p.file}:${p.line}:${p.col}: ${p.message} (not read as manifests: its stamps cannot be checked)`
  );
  for (const u of report.unstampable) {
    if (report.notBuilt.includes(u.what)) refusals.push(`${u.what} does not build: ${u.reason}`);
    else if (strict) refusals.push(`${u.what} cannot be stamped: ${u.reason}`);
  }
  return refusals;
}
function fixCommand(argv) {
  const kept = argv.filter((a) => a !== "--check" && a !== "--check=true");
  return ["config-rollout", ...kept].map((a) => /^[-\w./=:,@+]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`).join(" ");
}

// src/cli/run-cli-stamp.ts
var import_untrusted_head = __toESM(require_untrusted_head(), 1);
var import_create_git = __toESM(require_create_git(), 1);

// src/git/work-tree.ts
var import_node_fs = require("node:fs");
var import_promises = require("node:fs/promises");
var import_node_os = require("node:os");
var import_node_path = require("node:path");
var import_errors = __toESM(require_errors(), 1);
var import_run_git = __toESM(require_run_git(), 1);
async function openWorkTree(dir) {
  const { stdout } = await (0, import_run_git.createGitRunner)(dir).run(["rev-parse", "--show-toplevel"]);
  return createWorkTree(stdout.trim() || dir);
}
function createWorkTree(dir) {
  return {
    dir,
    async listFiles() {
      const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
      const { stdout } = await (0, import_run_git.createGitRunner)(dir).run(args);
      return [...new Set(stdout.split("\0").filter((f) => f !== ""))].sort();
    },
    // Synchronous on purpose: a stamp reads thousands of small files, and one promise-based read
    // costs five system calls and a round of the event loop each (~1 ms), a synchronous one ~20 µs.
    async size(path) {
      const found = regularFile(dir, path);
      return found?.size;
    },
    async read(path) {
      if (regularFile(dir, path) === void 0) return void 0;
      let fd;
      try {
        fd = (0, import_node_fs.openSync)((0, import_node_path.join)(dir, path), import_node_fs.constants.O_RDONLY | import_node_fs.constants.O_NOFOLLOW);
      } catch (error) {
        if (linkError(error)) throw symlinkRefusal(path);
        return void 0;
      }
      try {
        return (0, import_node_fs.fstatSync)(fd).isFile() ? (0, import_node_fs.readFileSync)(fd) : void 0;
      } finally {
        (0, import_node_fs.closeSync)(fd);
      }
    },
    async write(path, text) {
      regularFile(dir, path);
      let fd;
      try {
        fd = (0, import_node_fs.openSync)(
          (0, import_node_path.join)(dir, path),
          import_node_fs.constants.O_WRONLY | import_node_fs.constants.O_CREAT | import_node_fs.constants.O_TRUNC | import_node_fs.constants.O_NOFOLLOW,
          438
        );
      } catch (error) {
        if (linkError(error)) throw symlinkRefusal(path);
        throw error;
      }
      try {
        (0, import_node_fs.writeFileSync)(fd, text);
      } finally {
        (0, import_node_fs.closeSync)(fd);
      }
    },
    async remove(path) {
      if (regularFile(dir, path) === void 0) return;
      await (0, import_promises.rm)((0, import_node_path.join)(dir, path), { force: true });
    },
    linkOn(path) {
      try {
        regularFile(dir, path);
        return void 0;
      } catch (error) {
        if (error instanceof SymlinkRefused) return error.link;
        throw error;
      }
    },
    async withScratch(use) {
      const scratch = await (0, import_promises.mkdtemp)((0, import_node_path.join)((0, import_node_os.tmpdir)(), "config-rollout-stamp-"));
      try {
        return await use(scratch);
      } finally {
        await (0, import_promises.rm)(scratch, { recursive: true, force: true });
      }
    }
  };
}
function regularFile(dir, path) {
  const parts = path.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join("/");
    let stats;
    try {
      stats = (0, import_node_fs.lstatSync)((0, import_node_path.join)(dir, prefix));
    } catch {
      return void 0;
    }
    if (stats.isSymbolicLink()) throw symlinkRefusal(prefix, prefix === path ? void 0 : path);
    if (i === parts.length) return stats.isFile() ? { size: stats.size } : void 0;
    if (!stats.isDirectory()) return void 0;
  }
  return void 0;
}
function linkError(error) {
  const code = error.code;
  return code === "ELOOP" || code === "EMLINK";
}
var SymlinkRefused = class extends import_errors.UserError {
  constructor(link, message) {
    super(message);
    this.link = link;
  }
  link;
};
function symlinkRefusal(link, through) {
  return new SymlinkRefused(
    link,
    `${link} in the work tree is a symbolic link${through ? ` (on the path of ${through})` : ""}: config-rollout stamp reads and writes only regular files inside the checkout and never follows a link. Nothing was written: replace the link with the file it stands for, or leave it out with --exclude`
  );
}

// src/pipeline/stamp/run-stamp.ts
var import_errors8 = __toESM(require_errors(), 1);

// src/core/manifests/crd-schema.ts
var KIND = /^kind:[ \t]*(["']?)CustomResourceDefinition\1[ \t]*(?:#.*)?\r?$/m;
var API_VERSION = /^apiVersion:[ \t]*(["']?)apiextensions\.k8s\.io\/v1(?:beta1)?\1[ \t]*(?:#.*)?\r?$/m;
var SPEC = /^spec:[ \t]*(?:#.*)?\r?$/m;
var MARKER = /^(?:---|\.\.\.)/gm;
function withoutCrdSchema(source2) {
  if (!source2.includes("CustomResourceDefinition")) return source2;
  const markers = [...source2.matchAll(MARKER)];
  if (markers.length > 1 || markers.length === 1 && source2.slice(0, markers[0].index).trim() !== "") {
    return source2;
  }
  if (!KIND.test(source2) || !API_VERSION.test(source2)) return source2;
  const spec = SPEC.exec(source2);
  if (spec === null) return source2;
  let end = source2.indexOf("\n", spec.index);
  while (end !== -1 && end + 1 < source2.length) {
    const next = source2[end + 1];
    if (next !== " " && next !== "	" && next !== "\n" && next !== "\r") break;
    end = source2.indexOf("\n", end + 1);
  }
  const blockEnd = end === -1 ? source2.length : end + 1;
  const block = source2.slice(spec.index, blockEnd);
  return source2.slice(0, spec.index) + block.replace(/[^\n]/g, "") + source2.slice(blockEnd);
}

// src/core/manifests/parse-manifest-file.ts
init_decode_source();
init_manifest_reader();
async function parseManifestFile(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const trimmed = withoutCrdSchema(decoded.source);
  const parsed = await parseSource(file, trimmed, opts);
  return trimmed !== decoded.source && parsed.problems.length > 0 ? parseSource(file, decoded.source, opts) : parsed;
}
async function parseSource(file, source2, opts) {
  if (opts.fast !== false) {
    const fast = parseManifestsFast(file, source2, opts);
    if (fast !== void 0) return fast;
  }
  const { parseManifests: parseManifests2 } = await Promise.resolve().then(() => (init_parse_manifests(), parse_manifests_exports));
  return parseManifests2(file, source2, { ...opts, fast: false });
}

// src/pipeline/stamp/run-stamp.ts
var import_model8 = __toESM(require_model(), 1);

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

// src/core/sources/deployed-dirs.ts
init_json_shape();
function deployedDirsOf(objects) {
  return [...new Set(deploymentsOf(objects).map((d) => d.dir))].sort();
}
function deploymentsOf(objects) {
  const deployments = [];
  for (const object of objects) {
    for (const { path, settings, by } of pathsNamedBy(object)) {
      const dir = normalizedDir(path);
      if (dir === void 0) continue;
      const components = (settings.components ?? []).map((c) => normalizedDir(c, dir));
      if (components.some((c) => c === void 0)) delete settings.components;
      else if (components.length > 0) settings.components = components;
      deployments.push({ dir, by, settings });
    }
  }
  return deployments;
}
function isPlainDeployment(settings) {
  return Object.keys(settings).length === 0;
}
function deploymentsOfDir(dir, deployments) {
  const own = deployments.filter((d) => d.dir === dir);
  const bySettings = /* @__PURE__ */ new Map();
  for (const d of own) {
    const key = JSON.stringify(d.settings);
    if (!bySettings.has(key)) bySettings.set(key, isPlainDeployment(d.settings) ? void 0 : d);
  }
  return own.length === 0 ? [void 0] : [...bySettings.values()];
}
function pathsNamedBy(object) {
  const apiVersion = field(object, "apiVersion");
  const kind = field(object, "kind");
  if (typeof apiVersion !== "string") return [];
  const group = apiVersion.split("/")[0];
  const spec = field(object, "spec");
  const metadata = field(object, "metadata");
  const name = [field(metadata, "namespace"), field(metadata, "name")].filter((part) => typeof part === "string").join("/");
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") {
    return [{ path: field(spec, "path"), by: `Flux Kustomization ${name}`, settings: fluxSettings(spec) }];
  }
  if (group !== "argoproj.io") return [];
  if (kind === "Application") return sourcePaths(spec, `Argo CD Application ${name}`);
  if (kind === "ApplicationSet")
    return sourcePaths(field(field(spec, "template"), "spec"), `Argo CD ApplicationSet ${name}`);
  return [];
}
function fluxSettings(spec) {
  const settings = {};
  const namespace = plainString(field(spec, "targetNamespace"));
  if (namespace) settings.namespace = namespace;
  setAffixes(settings, spec);
  const components = field(spec, "components");
  if (Array.isArray(components)) {
    const dirs = components.filter((c) => typeof c === "string");
    if (dirs.length > 0) settings.components = dirs;
  }
  const patches = field(spec, "patches");
  const inline = Array.isArray(patches) ? patches.filter((p) => typeof field(p, "patch") === "string") : [];
  if (inline.length > 0)
    settings.patches = inline.map((p) => ({ patch: field(p, "patch"), target: field(p, "target") }));
  const postBuild = field(spec, "postBuild");
  const given = field(postBuild, "substitute");
  const from = field(postBuild, "substituteFrom");
  const vars = {};
  if (isRecord(given)) {
    for (const [key, value] of Object.entries(given)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        vars[key] = String(value);
    }
  }
  const keepUnknown = Array.isArray(from) && from.length > 0;
  if (Object.keys(vars).length > 0 || keepUnknown) settings.substitute = { vars, keepUnknown };
  return settings;
}
function sourcePaths(appSpec, by) {
  const defaultNamespace = plainString(field(field(appSpec, "destination"), "namespace"));
  const sources = field(appSpec, "sources");
  return [field(appSpec, "source"), ...Array.isArray(sources) ? sources.filter(isRecord) : []].filter((source2) => source2 !== void 0).map((source2) => {
    const settings = {};
    if (defaultNamespace) settings.defaultNamespace = defaultNamespace;
    const kustomize = field(source2, "kustomize");
    const namespace = plainString(field(kustomize, "namespace"));
    if (namespace) settings.namespace = namespace;
    setAffixes(settings, kustomize);
    return { path: field(source2, "path"), by, settings };
  });
}
function setAffixes(settings, holder) {
  const prefix = plainString(field(holder, "namePrefix"));
  const suffix = plainString(field(holder, "nameSuffix"));
  if (prefix) settings.namePrefix = prefix;
  if (suffix) settings.nameSuffix = suffix;
}
function plainString(value) {
  if (typeof value !== "string" || value === "" || value.includes("{{") || value.includes("$"))
    return void 0;
  return value;
}
function normalizedDir(path, from = "") {
  if (typeof path !== "string" || path.includes("{{") || path.includes("$")) return void 0;
  const parts = from === "" ? [] : from.split("/");
  for (const part of path.trim().split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return void 0;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.join("/");
}

// src/core/sources/kustomization-file.ts
var import_yaml3 = require("./vendor/yaml.js");
init_json_shape();
var import_kustomization_names = __toESM(require_kustomization_names(), 1);
var import_kustomization_names2 = __toESM(require_kustomization_names(), 1);
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
  const dir = (0, import_kustomization_names.kustomizationDirOf)(path) ?? "";
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
    doc = (0, import_yaml3.parse)(text, { logLevel: "error", maxAliasCount: 100 });
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return result;
  }
  if (!isRecord(doc)) return result;
  result.isComponent = field(doc, "kind") === "Component";
  if (CARRYING_FIELDS.some((key) => field(doc, key) !== void 0 && field(doc, key) !== null))
    result.carriesValues = true;
  const namespace = field(doc, "namespace");
  if (typeof namespace === "string" && namespace.trim() !== "") result.namespace = namespace.trim();
  for (const { field: name, value } of namedValues(doc)) {
    const entry = classifyEntry(dir, value, name);
    if (entry.kind === "remote" && !result.remote.includes(entry.written)) result.remote.push(entry.written);
    if (entry.kind === "outside" && !result.outside.includes(entry.written))
      result.outside.push(entry.written);
  }
  const pathsOf = (name) => namedValues(doc).filter((v) => v.field === name).map((v) => classifyEntry(dir, v.value, name)).flatMap((entry) => entry.kind === "local" ? [entry.path] : []);
  const pushAll = (into, paths) => {
    for (const path2 of paths) if (!into.includes(path2)) into.push(path2);
  };
  for (const key of ["resources", "bases", "components", "generators", "transformers", "validators"]) {
    pushAll(result.entries, pathsOf(key));
  }
  for (const key of ["resources", "bases"]) pushAll(result.resources, pathsOf(key));
  for (const key of ["crds", "configurations"]) pushAll(result.files, pathsOf(key));
  const patchPaths = ["patchesStrategicMerge", "patchesJson6902[].path", "patches[].path"].flatMap(pathsOf);
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(result.files, pathsOf("replacements[].path"));
  pushAll(result.files, pathsOf("openapi.path"));
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"]
  ]) {
    for (const generator of listOf(field(doc, key))) {
      const name = field(generator, "name");
      const paths = [];
      for (const value of generatorFiles(generator)) {
        const entry = classifyEntry(dir, value, key);
        if (entry.kind === "local" && !paths.includes(entry.path)) paths.push(entry.path);
      }
      for (const path2 of paths) if (!result.files.includes(path2)) result.files.push(path2);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}
function namedValues(doc) {
  const out = [];
  const add = (name, values) => {
    for (const value of values) out.push({ field: name, value });
  };
  for (const key of [
    "resources",
    "bases",
    "components",
    "generators",
    "transformers",
    "validators",
    "crds",
    "configurations",
    "patchesStrategicMerge"
  ]) {
    add(key, listOf(field(doc, key)));
  }
  for (const key of ["patchesJson6902", "patches", "replacements"]) {
    add(
      `${key}[].path`,
      listOf(field(doc, key)).map((item) => field(item, "path"))
    );
  }
  add("openapi.path", [field(field(doc, "openapi"), "path")]);
  for (const key of ["configMapGenerator", "secretGenerator"]) {
    add(key, listOf(field(doc, key)).flatMap(generatorFiles));
  }
  for (const chart of listOf(field(doc, "helmCharts"))) {
    add("helmCharts[].valuesFile", [field(chart, "valuesFile")]);
    add("helmCharts[].additionalValuesFiles", listOf(field(chart, "additionalValuesFiles")));
  }
  add("helmGlobals.chartHome", [field(field(doc, "helmGlobals"), "chartHome")]);
  return out;
}
function generatorFiles(generator) {
  return [
    ...listOf(field(generator, "files")).map(
      (f) => typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f
    ),
    ...listOf(field(generator, "envs")),
    field(generator, "env")
  ];
}
function classifyEntry(dir, value, name) {
  if (typeof value !== "string" || value.trim() === "") return { kind: "inline" };
  const written = value.trim();
  if (written.includes("\n")) return { kind: "inline" };
  if (/^(git::)?file:/i.test(written)) return { kind: "outside", written };
  if (isRemote(written)) return { kind: "remote", written };
  if (name === "patchesStrategicMerge" && (written.startsWith("{") || written.includes(": ")))
    return { kind: "inline" };
  const path = joinPath(dir, written);
  if (written.startsWith("/") || path === ".." || path.startsWith("../")) return { kind: "outside", written };
  return { kind: "local", path };
}
function listOf(value) {
  return Array.isArray(value) ? value : [];
}
function isRemote(value) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^git::/i.test(value) || /^[^/]+@[^/]+:/.test(value) || /^(github|gitlab|bitbucket)\.(com|org)\//.test(value);
}
function joinPath(dir, relative2) {
  const parts = dir.split("/").filter(Boolean);
  for (const part of relative2.split("/")) {
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

// src/pipeline/stamp/run-stamp.ts
var import_kustomization_names4 = __toESM(require_kustomization_names(), 1);

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
  const includersOf = (k) => graph.includersOf(k.dir).filter((i) => discoveredDirs.has(i.dir));
  const planned = (k) => !k.isComponent && (notDeployedDir(k.dir) === void 0 || namedByGlob(k.dir, rules.paths?.globs ?? []));
  const rendered = /* @__PURE__ */ new Map();
  const isRoot = (k) => {
    if (!planned(k)) return false;
    const includers = renderedIncluders(k);
    return includers.length === 0 || deployedOnItsOwn(k, includers, rules.deployedDirs);
  };
  const renderedIncluders = (k) => includersOf(k).filter((i) => isRendered(i));
  const isRendered = (k) => {
    const known = rendered.get(k.dir);
    if (known !== void 0) return known;
    rendered.set(k.dir, false);
    const answer = isRoot(k) || renderedIncluders(k).length > 0;
    rendered.set(k.dir, answer);
    return answer;
  };
  const roots = [];
  const notDeployed = [];
  for (const k of discovered) {
    if (isRoot(k)) roots.push(k.dir);
    else if (!k.isComponent && !planned(k) && includersOf(k).length === 0) notDeployed.push(k.dir);
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
  return (m.id.kind === "ConfigMap" || m.id.kind === "Secret") && field(m.object, "apiVersion") === "v1";
}
function configContentOf(m) {
  const problems = [];
  const content = {};
  const label = `${m.id.kind.toLowerCase()}/${m.id.name}`;
  const report = (message, severity = "error") => problems.push({ file: m.file, line: m.line, col: 1, message: `${label}: ${message}`, severity });
  const entries = (section) => {
    const value = field(m.object, section);
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

// src/core/stamp/deployment-units.ts
var import_model = __toESM(require_model(), 1);
function deploymentUnitOf(file, deployedDirs) {
  let unit;
  for (const dir of deployedDirs) {
    if (dir === "" || !file.startsWith(`${dir}/`)) continue;
    if (unit === void 0 || dir.length > unit.length) unit = dir;
  }
  return unit;
}
function unitConfigs(manifests, deployedDirs) {
  const definitions = /* @__PURE__ */ new Map();
  const global = /* @__PURE__ */ new Map();
  const byUnit = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const key = (0, import_model.idKey)(m.id);
    const content = configContentOf(m).content;
    const unit = deploymentUnitOf(m.file, deployedDirs);
    global.set(key, content);
    if (unit !== void 0) {
      if (!byUnit.has(unit)) byUnit.set(unit, /* @__PURE__ */ new Map());
      byUnit.get(unit).set(key, content);
    }
    if (!definitions.has(key)) definitions.set(key, []);
    definitions.get(key).push({ file: m.file, content, ...unit !== void 0 ? { unit } : {} });
  }
  const merged = /* @__PURE__ */ new Map();
  const contentsFor = (workload) => {
    const unit = deploymentUnitOf(workload.file, deployedDirs);
    const own = unit === void 0 ? void 0 : byUnit.get(unit);
    if (unit === void 0 || own === void 0) return global;
    if (!merged.has(unit)) merged.set(unit, new Map([...global, ...own]));
    return merged.get(unit);
  };
  const ambiguities = (workload, covers) => {
    const unit = deploymentUnitOf(workload.file, deployedDirs);
    const notes = [];
    for (const config of covers) {
      const defs = definitions.get((0, import_model.idKey)(config)) ?? [];
      const distinct = new Set(defs.map((d) => canonical(d.content)));
      if (distinct.size < 2) continue;
      if (unit !== void 0 && defs.some((d) => d.unit === unit)) continue;
      const used = defs[defs.length - 1];
      const others = defs.filter((d) => d !== used).map((d) => d.file);
      notes.push(
        `${shortId(workload.id)} (${workload.file}) is stamped with ${shortId(config)} as ${used.file} defines it (the last in path order), but ${others.join(", ")} define${others.length === 1 ? "s" : ""} it differently: if those folders are deployed separately, an Argo CD Application or Flux Kustomization per folder in the repository makes stamp hash each folder's workloads with that folder's configs`
      );
    }
    return notes;
  };
  return { contentsFor, ambiguities };
}
function shortId(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}
function canonical(content) {
  return JSON.stringify(
    Object.keys(content).sort().map((key) => [key, content[key]])
  );
}

// src/core/sources/deployed-namespaces.ts
function namespacesOfDeployments(deployments) {
  const byDir = /* @__PURE__ */ new Map();
  for (const d of deployments) {
    const replaces = d.by.startsWith("Flux") ? d.settings.namespace : void 0;
    const own = {
      ...replaces ? { namespace: replaces } : {},
      ...d.settings.defaultNamespace ? { defaultNamespace: d.settings.defaultNamespace } : {}
    };
    const seen = byDir.get(d.dir);
    if (seen === void 0) byDir.set(d.dir, own);
    else if (seen !== null && JSON.stringify(seen) !== JSON.stringify(own)) byDir.set(d.dir, null);
  }
  const dirs = [...byDir.keys()];
  if (dirs.length === 0) return void 0;
  return (file) => {
    const unit = deploymentUnitOf(file, dirs);
    const settings = unit === void 0 ? void 0 : byDir.get(unit);
    return settings ?? void 0;
  };
}
function inDeployedNamespace(manifests, namespaceOf2) {
  return manifests.map((m) => {
    if (m.id.namespace === "") return m;
    const settings = namespaceOf2(m.file);
    const namespace = settings?.namespace ?? (m.namespaceAssumed ? settings?.defaultNamespace : void 0);
    if (namespace === void 0 || namespace === m.id.namespace) return m;
    const { namespaceAssumed: _, ...rest } = m;
    return { ...rest, id: { ...m.id, namespace } };
  });
}
function inDeployedNamespaces(manifests) {
  const namespaceOf2 = namespacesOfDeployments(deploymentsOf(manifests.map((m) => m.object)));
  return namespaceOf2 ? inDeployedNamespace(manifests, namespaceOf2) : manifests;
}
function asWritten(read, stamps) {
  const ids = new Map(read.map((m) => [`${m.file}:${m.line}`, m.id]));
  return {
    ...stamps,
    targets: stamps.targets.map((t) => ({ ...t, id: ids.get(`${t.file}:${t.line}`) ?? t.id }))
  };
}

// src/core/stamp/stamp-workloads.ts
init_workload_kinds();

// src/core/manifests/config-hash.ts
var import_node_crypto = require("node:crypto");
var import_model3 = __toESM(require_model(), 1);

// src/core/manifests/consumed-keys.ts
var import_model2 = __toESM(require_model(), 1);
function consumedKeys(references, namespace) {
  const byConfig = /* @__PURE__ */ new Map();
  for (const ref of references) {
    const id = { kind: ref.configKind, namespace, name: ref.configName };
    const known = byConfig.get((0, import_model2.idKey)(id));
    if (!known) {
      byConfig.set((0, import_model2.idKey)(id), { id, keys: ref.keys === "all" ? "all" : [...ref.keys] });
    } else if (known.keys !== "all") {
      known.keys = ref.keys === "all" ? "all" : [.../* @__PURE__ */ new Set([...known.keys, ...ref.keys])];
    }
  }
  return [...byConfig.values()].sort((a, b) => compareStrings((0, import_model2.idKey)(a.id), (0, import_model2.idKey)(b.id)));
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
function configHash(consumed, contents, key, secretUid) {
  const entries = [];
  const secrets = [];
  for (const { id, keys } of consumed) {
    const content = contents.get((0, import_model3.idKey)(id));
    if (content === void 0) continue;
    if (id.kind === "Secret") secrets.push(id);
    const ident = { kind: id.kind, namespace: id.namespace, name: id.name };
    entries.push(canonicalJson({ id: ident, content: readContent(content, keys) }));
  }
  if (entries.length === 0) return void 0;
  let hmacKey = key;
  if (hmacKey === void 0 && secrets.length > 0) {
    hmacKey = uidKey(secrets, secretUid);
    if (hmacKey === void 0) return void 0;
  }
  const payload = `[${entries.sort(compareStrings).join(",")}]`;
  const hash = hmacKey === void 0 ? (0, import_node_crypto.createHash)("sha256") : (0, import_node_crypto.createHmac)("sha256", hmacKey);
  return hash.update(payload, "utf8").digest("hex");
}
function coveredSecrets(consumed, contents) {
  return consumed.filter((c) => c.id.kind === "Secret" && contents.has((0, import_model3.idKey)(c.id))).map((c) => c.id);
}
function uidKey(secrets, secretUid) {
  const uids = [];
  for (const id of [...secrets].sort((a, b) => compareStrings((0, import_model3.idKey)(a), (0, import_model3.idKey)(b)))) {
    const uid = secretUid?.(id);
    if (!uid) return void 0;
    uids.push(`${(0, import_model3.idKey)(id)}=${uid}`);
  }
  return Buffer.from(`config-rollout secret uids:${uids.join(",")}`, "utf8");
}

// src/core/stamp/stamp-workloads.ts
init_json_shape();
var import_model4 = __toESM(require_model(), 1);

// src/core/plan/references.ts
init_json_shape();
var import_names2 = __toESM(require_names(), 1);
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
    const configMap = field(volume, "configMap");
    const configMapName = configName(configMap, "name");
    if (configMapName) {
      refs.push({ ...source("ConfigMap", configMapName, "volume", configMap, path), ...subPath });
    }
    const secret = field(volume, "secret");
    const secretName = configName(secret, "secretName");
    if (secretName) refs.push({ ...source("Secret", secretName, "volume", secret, path), ...subPath });
    arrayField(field(volume, "projected"), "sources").forEach((projection, sourceIndex) => {
      const sourcePath = `${path}.sources[${sourceIndex}]`;
      const projectedConfigMap = field(projection, "configMap");
      const pcName = configName(projectedConfigMap, "name");
      if (pcName) {
        refs.push({
          ...source("ConfigMap", pcName, "projected", projectedConfigMap, sourcePath),
          ...subPath
        });
      }
      const projectedSecret = field(projection, "secret");
      const psName = configName(projectedSecret, "name");
      if (psName)
        refs.push({ ...source("Secret", psName, "projected", projectedSecret, sourcePath), ...subPath });
    });
  });
  return refs;
}
function source(configKind, configName2, via, volumeSource, path) {
  const items = field(volumeSource, "items");
  let keys = "all";
  if (Array.isArray(items)) {
    const named = unique(items.map((item) => stringField(item, "key")).filter((k) => !!k));
    if (named.length > 0) keys = named;
  }
  return { configKind, configName: configName2, via, keys, path, ...optional(volumeSource) };
}
function optional(source2) {
  return field(source2, "optional") === true ? { optional: true } : {};
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
          const ref = field(envFrom, refField);
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
        const valueFrom = field(env, "valueFrom");
        const path = `${prefix}.env[${shown(stringField(env, "name")) ?? envIndex}]`;
        for (const [refField, configKind] of [
          ["configMapKeyRef", "ConfigMap"],
          ["secretKeyRef", "Secret"]
        ]) {
          const ref = field(valueFrom, refField);
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
  return name !== void 0 && (0, import_names2.isObjectName)(name) ? name : void 0;
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

// src/core/restart-patch.ts
var import_errors2 = __toESM(require_errors(), 1);
init_pod_template();
init_json_shape();
var CONFIG_HASH_ANNOTATION = "config-rollout.io/config-hash";

// src/core/stamp/stamp-workloads.ts
function repositoryConfigs(manifests) {
  const contents = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (isConfigManifest(m)) contents.set((0, import_model4.idKey)(m.id), configContentOf(m).content);
  }
  return contents;
}
function stampWorkloads(manifests, allContents, options = {}) {
  const result = { targets: [], unstampable: [], untouched: [] };
  for (const m of manifests) {
    const kind = workloadKindOf(m.object);
    if (!kind || !restartableKind(m.id.kind)) continue;
    const template = templateOf(m.object, kind.templatePath);
    const refs = findReferences(field(template, "spec"));
    if (refs.length === 0) continue;
    const contents = options.contentsFor?.(m) ?? allContents;
    const consumed = consumedKeys(refs, m.id.namespace).filter((c) => !options.selfRolling?.(c.id));
    const covered = consumed.filter((c) => contents.has((0, import_model4.idKey)(c.id)));
    const notInRepo = consumed.filter((c) => !contents.has((0, import_model4.idKey)(c.id))).map((c) => c.id);
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
    if (hash === void 0) {
      const secrets = coveredSecrets(covered, contents).map((id) => `secret/${id.name}`);
      result.unstampable.push({
        ...place,
        reason: `consumes ${secrets.join(", ")} from the repository: without --hash-key its stamp would be a plain SHA-256 of the Secret's content, which anyone who may read the workload could test guesses against. Set --hash-key (the same key the live job and --strategy gitops use)`
      });
      continue;
    }
    const current = stringField(field(field(template, "metadata"), "annotations"), CONFIG_HASH_ANNOTATION);
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

// src/core/stamp/stamp-as-deployed.ts
function stampAsDeployed(read, key) {
  const deployed = inDeployedNamespaces([...read]);
  const units = unitConfigs(deployed, deployedDirsOf(deployed.map((m) => m.object)));
  const stamps = stampWorkloads(deployed, repositoryConfigs(deployed), {
    ...key ? { key } : {},
    contentsFor: units.contentsFor
  });
  return { stamps: asWritten(read, stamps), units };
}

// src/core/stamp/stamp-file.ts
var import_yaml5 = require("./vendor/yaml.js");
init_json_shape();
var import_model5 = __toESM(require_model(), 1);

// src/core/stamp/annotation-edit.ts
var import_yaml4 = require("./vendor/yaml.js");
var UnstampableError = class extends Error {
};
var MergeKeyError = class extends UnstampableError {
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
  const merged = (map, k, where) => refuseMerged(doc, map, k, where);
  for (const segment of templatePath) {
    const map = asMap(node, segment);
    const pair = findPair(map, segment);
    if (!pair) merged(map, segment, templatePath.join("."));
    if (!pair) throw new UnstampableError(`no ${templatePath.join(".")} in the object`);
    parentKeyCol = keyColumn(ctx, pair);
    node = pair.value;
  }
  const template = asMap(node, "template");
  ctx.noteStep(template, parentKeyCol);
  const at = `${templatePath.join(".")}.template`;
  const metaPair = findPair(template, "metadata");
  if (!metaPair) merged(template, "metadata", at);
  if (!metaPair) return ctx.insert(template, "metadata", { annotations: { [key]: value } });
  if (isEmpty(metaPair.value)) return ctx.fillEmpty(template, metaPair, { annotations: { [key]: value } });
  const metadata = asMap(metaPair.value, "metadata");
  const annPair = findPair(metadata, "annotations");
  if (!annPair) merged(metadata, "annotations", `${at}.metadata`);
  if (!annPair) return ctx.insert(metadata, "annotations", { [key]: value });
  if (isEmpty(annPair.value)) return ctx.fillEmpty(metadata, annPair, { [key]: value });
  const annotations = asMap(annPair.value, "annotations");
  const current = findPair(annotations, key);
  if (!current) merged(annotations, key, `${at}.metadata.annotations`);
  if (!current) return ctx.insert(annotations, key, value);
  const scalar2 = current.value;
  if ((0, import_yaml4.isScalar)(scalar2) && scalar2.value === value) return [];
  if ((0, import_yaml4.isScalar)(scalar2) && scalar2.range) {
    const old = source2.slice(scalar2.range[0], scalar2.range[1]);
    const block = scalar2.type === "BLOCK_LITERAL" || scalar2.type === "BLOCK_FOLDED";
    const text = block ? `${ctx.scalarText(value, "PLAIN")}${old.endsWith("\n") ? ctx.eol : ""}` : ctx.scalarText(value, scalar2.type);
    return [{ start: scalar2.range[0], end: scalar2.range[1], text }];
  }
  if (scalar2 === null || isEmpty(scalar2)) return ctx.fillEmpty(annotations, current, value);
  throw new UnstampableError(`${key} is not a plain value`);
}
function refuseMerged(doc, map, key, where) {
  const merge = map.items.find((item) => (0, import_yaml4.isPair)(item) && (0, import_yaml4.isScalar)(item.key) && item.key.value === "<<");
  if (!merge) return;
  const sources = (0, import_yaml4.isSeq)(merge.value) ? merge.value.items : [merge.value];
  for (const source2 of sources) {
    const resolved = (0, import_yaml4.isAlias)(source2) ? source2.resolve(doc) : source2;
    if (!(0, import_yaml4.isMap)(resolved) || findPair(resolved, key) || findPair(resolved, "<<")) {
      throw new MergeKeyError(
        `${where} takes ${JSON.stringify(key)} from a YAML merge key (<<): stamping beside it would replace the merged value whole (Kubernetes applies the merge), and stamping the anchor would change every object that merges it. Write ${where}.${key} out in this object (without <<), then stamp again`
      );
    }
  }
}
function asMap(node, what) {
  if ((0, import_yaml4.isAlias)(node)) throw new UnstampableError(`${what} is a YAML alias: edit it where it is defined`);
  if (!(0, import_yaml4.isMap)(node)) throw new UnstampableError(`${what} is not a mapping`);
  return node;
}
function findPair(map, key) {
  for (const item of map.items) {
    if ((0, import_yaml4.isPair)(item) && (0, import_yaml4.isScalar)(item.key) && item.key.value === key) return item;
  }
  return void 0;
}
function isEmpty(node) {
  if (node === null || node === void 0) return true;
  if ((0, import_yaml4.isScalar)(node)) return node.value === null;
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
    const quoteKeys = !first || (0, import_yaml4.isScalar)(first) && first.type === "QUOTE_DOUBLE";
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
      const quote = (0, import_yaml4.isScalar)(pair.key) && pair.key.type === "QUOTE_DOUBLE";
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
  return first && (0, import_yaml4.isPair)(first) ? first.key ?? void 0 : void 0;
}
function plainIsString(value) {
  return /^[0-9a-f]+$/.test(value) && /[a-f]/.test(value.replace("e", "")) && !/^0[bx]/.test(value);
}

// src/core/stamp/stamp-file.ts
function stampFile(source2, targets, defaultNamespace) {
  const byId = new Map(targets.map((t) => [(0, import_model5.idKey)(t.id), t]));
  const result = { text: source2, changed: [], unstampable: [] };
  const edits = [];
  let docs;
  try {
    docs = (0, import_yaml5.parseAllDocuments)(source2, { logLevel: "silent", uniqueKeys: false });
  } catch {
    docs = [];
  }
  for (const doc of docs) {
    const target = byId.get((0, import_model5.idKey)(idOfDoc(doc, defaultNamespace)));
    if (!target || target.current === target.hash) continue;
    byId.delete((0, import_model5.idKey)(target.id));
    try {
      const edit = annotationEdits(source2, doc, target.templatePath, CONFIG_HASH_ANNOTATION, target.hash);
      if (edit.length > 0) {
        edits.push(...edit);
        result.changed.push(target);
      }
    } catch (error) {
      if (error instanceof MergeKeyError) {
        const line = lineOf(source2, doc.range[0]);
        return {
          ...result,
          changed: [],
          refused: `line ${line}: ${target.id.kind.toLowerCase()}/${target.id.name}: ${error.message}`
        };
      }
      if (!(error instanceof UnstampableError)) throw error;
      result.unstampable.push({ target, reason: error.message });
    }
  }
  for (const target of byId.values()) {
    if (target.current !== target.hash) {
      result.unstampable.push({ target, reason: "its document could not be found again in the file" });
    }
  }
  const text = applyEdits(source2, edits);
  const refused = edits.length > 0 ? changedBeyondStamp(source2, text, result.changed) : void 0;
  if (refused !== void 0) return { ...result, changed: [], refused };
  result.text = text;
  return result;
}
function changedBeyondStamp(source2, text, targets) {
  const before = kubernetesView(source2);
  const after = kubernetesView(text);
  if (after.errors.length > before.errors.length) {
    return `line ${lineOf(text, after.errors[0])}: the stamped file would no longer parse; nothing was written to it`;
  }
  if (before.objects.length !== after.objects.length) return "the stamped file would hold other documents";
  for (const [i, object] of after.objects.entries()) {
    const id = idOf(object, "");
    const target = targets.find((t) => t.id.kind === id.kind && t.id.name === id.name);
    if (target && annotationAt(object, target.templatePath) !== target.hash) {
      return `${id.kind.toLowerCase()}/${id.name}: the stamp did not reach its pod template; nothing was written to the file`;
    }
    const strip = (o) => JSON.stringify(target ? withoutStamp(o, target.templatePath) : o);
    if (strip(object) !== strip(before.objects[i])) {
      return `${id.kind.toLowerCase()}/${id.name}: the edit would change more than the stamp (as Kubernetes reads the file); nothing was written to it`;
    }
  }
  return void 0;
}
function kubernetesView(text) {
  const docs = (0, import_yaml5.parseAllDocuments)(text, {
    logLevel: "silent",
    uniqueKeys: false,
    version: "1.1",
    merge: true
  });
  const errors = docs.flatMap((d) => d.errors.map((e) => e.pos[0]));
  const objects = docs.map((d) => {
    try {
      return d.toJS({ maxAliasCount: 100 });
    } catch {
      return void 0;
    }
  });
  return { objects, errors };
}
function templateAnnotations(object, path) {
  let node = object;
  for (const segment of path) node = isRecord(node) ? node[segment] : void 0;
  return field(field(node, "metadata"), "annotations");
}
function annotationAt(object, path) {
  const annotations = templateAnnotations(object, path);
  return isRecord(annotations) ? annotations[CONFIG_HASH_ANNOTATION] : void 0;
}
function withoutStamp(object, path) {
  const copy = JSON.parse(JSON.stringify(object ?? null));
  let node = copy;
  for (const segment of path) node = isRecord(node) ? node[segment] : void 0;
  const metadata = field(node, "metadata");
  const annotations = field(metadata, "annotations");
  if (!isRecord(node) || !isRecord(metadata) || !isRecord(annotations)) return copy;
  delete annotations[CONFIG_HASH_ANNOTATION];
  if (Object.keys(annotations).length === 0) delete metadata.annotations;
  if (Object.keys(metadata).length === 0) delete node.metadata;
  return copy;
}
function lineOf(text, offset) {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === "\n") line++;
  return line;
}
function idOfDoc(doc, defaultNamespace) {
  let object;
  try {
    object = doc.errors.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : void 0;
  } catch {
    object = void 0;
  }
  return idOf(object, defaultNamespace);
}
function idOf(object, defaultNamespace) {
  if (!isRecord(object)) return { kind: "", namespace: "", name: "" };
  const metadata = field(object, "metadata");
  return {
    kind: stringField(object, "kind") ?? "",
    namespace: stringField(metadata, "namespace") || defaultNamespace,
    name: stringField(metadata, "name") ?? ""
  };
}

// src/render/kustomize.ts
var import_promises2 = require("node:fs/promises");
var import_node_os2 = require("node:os");
var import_node_path3 = require("node:path");
var import_errors3 = __toESM(require_errors(), 1);
var import_run_process = __toESM(require_run_process(), 1);

// src/render/renderer-environment.ts
var import_node_fs2 = require("node:fs");
var import_node_path2 = require("node:path");
function trustedPathDirs(pathValue, untrusted) {
  const roots = untrusted.map((root) => (0, import_node_path2.resolve)(root));
  return (pathValue ?? "").split(import_node_path2.delimiter).filter((dir) => dir !== "" && (0, import_node_path2.isAbsolute)(dir)).map((dir) => (0, import_node_path2.resolve)(dir)).filter((dir) => !roots.some((root) => dir === root || dir.startsWith(root + import_node_path2.sep)));
}
function findExecutable(name, dirs) {
  for (const dir of dirs) {
    const candidate = (0, import_node_path2.join)(dir, name);
    try {
      if (!(0, import_node_fs2.statSync)(candidate).isFile()) continue;
      (0, import_node_fs2.accessSync)(candidate, import_node_fs2.constants.X_OK);
      return candidate;
    } catch {
    }
  }
  return void 0;
}
function kustomizeEnvironment(pathDirs, home) {
  return { PATH: pathDirs.join(import_node_path2.delimiter), HOME: home, LANG: "C.UTF-8", GOGC: "200" };
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
  const home = (0, import_node_os2.tmpdir)();
  const result = await (0, import_run_process.runProcess)(path, args, {
    cwd: home,
    env: kustomizeEnvironment(pathDirs, home),
    timeoutMs: 1e4
  });
  return result.exitCode === 0;
}
var NO_KUSTOMIZE_HINT = "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";
var KustomizeBuildError = class extends import_errors3.UserError {
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
async function kustomizeBuild(run, treeDir, dir, commit, signal, overlay) {
  const target = dir === "" ? "." : `./${dir}`;
  const cwd = overlay?.cwd ?? treeDir;
  if (overlay) {
    const at = (0, import_node_path3.join)(cwd, overlay.dir);
    await (0, import_promises2.mkdir)(at, { recursive: true });
    await (0, import_promises2.writeFile)((0, import_node_path3.join)(at, "kustomization.yaml"), overlay.kustomization((0, import_node_path3.relative)(at, treeDir)));
  }
  const built = overlay ? `./${overlay.dir}` : target;
  const result = await (0, import_run_process.runProcess)(run.binary.path, run.binary.argsFor(built), {
    cwd,
    env: kustomizeEnvironment(run.pathDirs, run.home),
    timeoutMs: run.timeoutMs,
    maxOutputBytes: run.maxOutputBytes,
    ...signal ? { signal } : {}
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const command = `${run.binary.label} ${target}`;
  const detail = () => {
    const text = shortDetail(result.stderrEnd, treeDir);
    if (!run.quiet) return redactDetail(text);
    const hidden = `details not shown (the kustomization generates or holds Secrets; run \`${command}\` yourself to see them)`;
    const remote = remoteFailureDetail(result.stderrEnd);
    return remote ? `${remote}; other ${hidden}` : hidden;
  };
  if (result.failure === void 0 && result.signal === null && result.exitCode !== null) {
    throw new KustomizeBuildError(command, commit, `exit ${result.exitCode}`, detail());
  }
  throw new import_errors3.UserError(
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
function remoteFailureDetail(text) {
  const withoutCredentials = (url) => url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1");
  const remotes = [
    ...text.matchAll(/accumulating resources from '([a-z][a-z0-9+.-]*:\/\/[^'\s]+|git@[^'\s]+)'/gi)
  ].map((m) => withoutCredentials(m[1]));
  const errors = [
    ...text.matchAll(
      /(fatal: [^'\n]*?(?:'[a-z][a-z0-9+.-]*:\/\/[^'\s]*'[^'\n]*?)?(?=$|\s:\s|'?: exit status)|Could not resolve host: \S+|dial tcp: lookup \S+(?: on \S+)?: no such host|connection refused|i\/o timeout|Repository not found)/gim
    )
  ].map(
    (m) => m[1].replace(/'([a-z][a-z0-9+.-]*:\/\/[^']*)'/gi, (_, url) => `'${withoutCredentials(url)}'`)
  );
  if (remotes.length === 0 && errors.length === 0) return void 0;
  const unique2 = (list) => [...new Set(list)].filter((item, _, all) => !all.some((other) => other !== item && other.includes(item)));
  const from = remotes.length > 0 ? ` ${unique2(remotes).join(", ")}` : "";
  return `could not fetch the remote resource${from}: ${unique2(errors).join("; ") || "see kustomize's message"}`;
}
var MAX_DETAIL_CHARS = 400;
function shortDetail(stderr, treeDir) {
  const lines = (0, import_run_process.tailOf)(stderr, 4, Number.POSITIVE_INFINITY).split("\n").map((line) => line.replace(/^[EWIF]\d{4} [\d:.]+\s+\d+ \S+\] /, "")).map((line) => {
    const wrapped = /^"command failed" err="(.*)"$/.exec(line);
    return wrapped ? wrapped[1].replace(/\\"/g, '"') : line.replace(/^Error: /, "");
  }).map(
    (line) => line.replace(/^"command failed" err=<$/, "").replace(/^\s+>$/, "").trim()
  ).filter((line) => line !== "");
  const text = lines.join(" ").replace(/\/[^\s'"]*?config-rollout-render-[^/\s'"]+\/tree-\d+(\/|(?=[\s'"]|$))/g, "").replaceAll(`${treeDir}/`, "").replaceAll(treeDir, ".");
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}\u2026` : text;
}

// src/core/sources/deployment-overlay.ts
function overlayDir(index) {
  return `.config-rollout-deployments/${index}`;
}
function deploymentOverlay(dir, settings, toTree) {
  const inRepo = (path) => path === "" ? toTree : `${toTree}/${path}`;
  const kustomization = {
    apiVersion: "kustomize.config.k8s.io/v1beta1",
    kind: "Kustomization",
    resources: [inRepo(dir)]
  };
  if (settings.namespace !== void 0) kustomization.namespace = settings.namespace;
  if (settings.namePrefix !== void 0) kustomization.namePrefix = settings.namePrefix;
  if (settings.nameSuffix !== void 0) kustomization.nameSuffix = settings.nameSuffix;
  if (settings.components !== void 0) kustomization.components = settings.components.map(inRepo);
  if (settings.patches !== void 0) kustomization.patches = settings.patches;
  return `${JSON.stringify(kustomization, null, 2)}
`;
}
function needsOverlay(settings) {
  return settings.namespace !== void 0 || settings.namePrefix !== void 0 || settings.nameSuffix !== void 0 || settings.components !== void 0 || settings.patches !== void 0;
}
var DISABLED = /kustomize\.toolkit\.fluxcd\.io\/substitute["']?\s*:\s*["']?disabled\b/;
var VARIABLE = /\$\$\{|\$\{([_a-zA-Z][_a-zA-Z0-9]*)(?:(:?[=-])([^}]*))?\}/g;
function substituteVariables(rendered, substitute) {
  return rendered.split(/^(?=---[ \t]*$)/m).map((document) => DISABLED.test(document) ? document : substituteDocument(document, substitute)).join("");
}
function substituteDocument(document, { vars, keepUnknown }) {
  return document.replace(
    VARIABLE,
    (match, name, operator, fallback) => {
      if (name === void 0) return "${";
      const value = Object.hasOwn(vars, name) ? vars[name] : void 0;
      if (operator !== void 0) {
        const useDefault = operator.startsWith(":") ? value === void 0 || value === "" : value === void 0;
        if (!useDefault) return value;
        return keepUnknown && value === void 0 ? match : fallback ?? "";
      }
      if (value !== void 0) return value;
      return keepUnknown ? match : "";
    }
  );
}

// src/pipeline/scan/deployed-build.ts
async function buildDeployed(run, treeDir, dir, commit, as, signal) {
  const settings = as?.settings;
  const overlay = as && settings && needsOverlay(settings) ? {
    dir: as.overlayDir,
    kustomization: (toTree) => deploymentOverlay(dir, settings, toTree),
    ...as.cwd !== void 0 ? { cwd: as.cwd } : {}
  } : void 0;
  const output = await kustomizeBuild(run, treeDir, dir, commit, signal, overlay);
  return settings?.substitute ? Buffer.from(substituteVariables(output.toString("utf8"), settings.substitute)) : output;
}

// src/pipeline/stamp/run-stamp.ts
var import_path_filter = __toESM(require_path_filter(), 1);

// src/pipeline/stamp/changed-roots.ts
var import_errors5 = __toESM(require_errors(), 1);
init_parse_manifests();
var import_model6 = __toESM(require_model(), 1);

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

// src/pipeline/stamp/changed-roots.ts
var import_kustomization_names3 = __toESM(require_kustomization_names(), 1);

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

// src/core/stamp/kustomize-stamp.ts
var import_yaml6 = require("./vendor/yaml.js");
init_json_shape();
var STAMP_PATCH_FILE = "config-rollout-stamp.yaml";
var STAMP_PATCH_HEADER = "# Generated by `config-rollout stamp`: do not edit. Regenerate with: config-rollout stamp";
function isGeneratedPatch(text) {
  return text.replace(/^\uFEFF/, "").startsWith(STAMP_PATCH_HEADER);
}
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
    STAMP_PATCH_HEADER,
    `# The ${CONFIG_HASH_ANNOTATION} of each workload this kustomization renders: a hash of the`,
    "# config content it reads, so a config change rolls exactly the workloads that read it.",
    docs.join("---\n")
  ].join("\n");
}
function ownTransforms(kustomizationText) {
  let doc;
  try {
    doc = (0, import_yaml6.parseDocument)(kustomizationText, { logLevel: "silent" }).toJS();
  } catch {
    doc = void 0;
  }
  const text = (key) => {
    const value = isRecord(doc) ? field(doc, key) : void 0;
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
  const doc = (0, import_yaml6.parseDocument)(source2, { logLevel: "silent" });
  const root = doc.contents;
  if (!(0, import_yaml6.isMap)(root)) throw new Error("the kustomization is not a mapping");
  const pair = root.items.find((p) => (0, import_yaml6.isPair)(p) && (0, import_yaml6.isScalar)(p.key) && p.key.value === "patches");
  const entry = `path: ${file}`;
  if (!pair) {
    const indent = seqIndent(source2, root);
    const lead = source2.length === 0 || source2.endsWith("\n") ? "" : eol;
    return [
      { start: source2.length, end: source2.length, text: `${lead}patches:${eol}${indent}- ${entry}${eol}` }
    ];
  }
  const value = pair.value;
  if ((0, import_yaml6.isSeq)(value)) {
    const seq = value;
    if (seq.items.some((item) => field(item?.toJSON?.(), "path") === file)) {
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
    const value = (0, import_yaml6.isPair)(item) ? item.value : void 0;
    if ((0, import_yaml6.isSeq)(value) && !value.flow) {
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
  const doc = (0, import_yaml6.parseDocument)(source2, { logLevel: "silent" });
  const root = doc.contents;
  if (!(0, import_yaml6.isMap)(root)) return void 0;
  const pair = root.items.find((p) => (0, import_yaml6.isPair)(p) && (0, import_yaml6.isScalar)(p.key) && p.key.value === "patches");
  const seq = pair?.value;
  if (!pair || !(0, import_yaml6.isSeq)(seq) || seq.flow) return void 0;
  const index = seq.items.findIndex(
    (item2) => field(item2?.toJSON?.(), "path") === file
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
var import_promises4 = require("node:fs/promises");
var import_node_os3 = require("node:os");
var import_node_path5 = require("node:path");
var import_interrupt = __toESM(require_interrupt(), 1);
var import_run_process2 = __toESM(require_run_process(), 1);

// src/render/escaping-links.ts
var import_node_fs3 = require("node:fs");
var import_promises3 = require("node:fs/promises");
var import_node_path4 = require("node:path");
var import_errors4 = __toESM(require_errors(), 1);
async function refuseEscapingLinks(dir, paths, where) {
  const top = await (0, import_promises3.realpath)(dir);
  const inside = (path) => path === top || path.startsWith(top + import_node_path4.sep);
  for (const path of paths) {
    const at = (0, import_node_path4.join)(dir, path);
    let target;
    try {
      if (!(0, import_node_fs3.lstatSync)(at).isSymbolicLink()) continue;
      target = await (0, import_promises3.readlink)(at);
    } catch {
      continue;
    }
    const lexical = (0, import_node_path4.isAbsolute)(target) ? target : (0, import_node_path4.resolve)((0, import_node_path4.dirname)((0, import_node_path4.join)(top, path)), target);
    const real = await (0, import_promises3.realpath)(at).catch(() => lexical);
    if (!inside(lexical) || !inside(real)) {
      throw new import_errors4.UserError(
        `${path} ${where} is a symbolic link to ${JSON.stringify(target)}, outside the repository: a kustomization could read the runner's files through it. Nothing was rendered or applied: replace the link with the file it stands for`
      );
    }
  }
}

// src/render/materialize-tree.ts
async function createCommitTrees(repoDir, gitPath = "git", scope, checks = {}) {
  const root = await (0, import_promises4.mkdtemp)((0, import_node_path5.join)((0, import_node_os3.tmpdir)(), "config-rollout-render-"));
  const forget = (0, import_interrupt.onInterrupt)(() => (0, import_promises4.rm)(root, { recursive: true, force: true }));
  const trees = /* @__PURE__ */ new Map();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        const dir = (0, import_node_path5.join)(root, `tree-${count}`);
        tree = writeTree(gitPath, repoDir, commit, dir, scope, checks.symlinks, checks.timeoutMs);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await (0, import_promises4.rm)(root, { recursive: true, force: true });
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
  await (0, import_promises4.mkdir)(dir, { recursive: true });
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
  await (0, import_promises4.rm)(index, { force: true });
  return dir;
}
async function runGit(gitPath, cwd, args, indexFile, input, timeoutMs) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  const result = await (0, import_run_process2.runProcess)(
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
      const components = ctx.deployedAs?.get(dir)?.components ?? [];
      const included = [dir, ...components].flatMap((d) => kustomizationsUnder(d, ks));
      const refused = refusedEntries(
        `kustomize ${dir || "."}`,
        included,
        i === 0 ? "base" : "head",
        ctx.rules
      );
      if (refused !== void 0) throw new import_errors5.UserError(refused);
      dirs.push(...included.map((k) => k.dir));
      if (included.some((k) => k.problem !== void 0)) dirs.push("");
      const graph = buildKustomizeGraph([...ks.values()]);
      for (const d of [dir, ...components]) inputs.push(...graph.inputsOf(d));
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
    const settings = ctx.deployedAs?.get(dir);
    const as = settings && { settings, overlayDir: overlayDir(ctx.roots.indexOf(dir)) };
    text = await buildDeployed(
      { ...ctx.run, home: trees.root, quiet },
      await trees.dirOf(commit),
      dir,
      commit,
      as
    );
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    ctx.note(
      `${label} does not build at ${commit.slice(0, 7)} (${error.why}): --changed-only stamps none of its workloads`
    );
    return /* @__PURE__ */ new Map();
  }
  const defaultNamespace = ctx.deployedAs?.get(dir)?.defaultNamespace ?? ctx.defaultNamespace;
  const rendered = parseManifests(label, text, { defaultNamespace }).manifests;
  const stamps = stampWorkloads(rendered, repositoryConfigs(rendered), {
    ...ctx.key ? { key: ctx.key } : {},
    selfRolling: (id) => isHashSuffixedGenerated(id, generators)
  });
  return new Map(stamps.targets.map((t) => [(0, import_model6.idKey)(t.id), t.hash]));
}
async function kustomizationsAt(git, commit) {
  const files = await git.listFiles(commit, import_kustomization_names3.KUSTOMIZATION_FILE_NAMES);
  const bytes = await git.readFiles(commit, files);
  const ks = /* @__PURE__ */ new Map();
  for (const [path, data] of bytes) {
    const k = readKustomizationFile(path, data.toString("utf8"));
    ks.set(k.dir, k);
  }
  return ks;
}

// src/pipeline/stamp/stamp-checks.ts
var import_errors6 = __toESM(require_errors(), 1);
async function refuseUnsafeRoots(roots, byDir, settings, deps, deployedAs) {
  const graph = buildKustomizeGraph([...byDir.values()]);
  const readBy = (dir) => [dir, ...deployedAs.get(dir)?.components ?? []];
  const rules = { untrustedHead: deps.untrustedHead, allowRemote: settings.allowRemoteKustomize };
  const files = await deps.tree.listFiles();
  for (const dir of roots) {
    const included = readBy(dir).flatMap((d) => kustomizationsUnder(d, byDir));
    const refused = refusedEntries(`kustomize ${dir || "."}`, included, "head", rules);
    if (refused !== void 0) throw new import_errors6.UserError(refused);
  }
  const read = /* @__PURE__ */ new Set();
  for (const dir of roots) {
    const included = readBy(dir).flatMap((d) => kustomizationsUnder(d, byDir));
    const scope = included.some((k) => k.problem !== void 0) ? void 0 : checkoutScope(
      included.map((k) => k.dir),
      readBy(dir).flatMap((d) => [...graph.inputsOf(d)])
    );
    for (const path of files) if (inScope(path, scope)) read.add(path);
  }
  await refuseEscapingLinks(deps.tree.dir, [...read].sort(), "in the work tree");
}
async function refuseForeignPatch(tree, dir, ks) {
  const path = dir ? `${dir}/${STAMP_PATCH_FILE}` : STAMP_PATCH_FILE;
  const text = (await tree.read(path))?.toString("utf8");
  if (text !== void 0 && !isGeneratedPatch(text)) {
    throw new import_errors6.UserError(
      `${path} exists and was not generated by config-rollout stamp (its first line is not the generated header): stamp would overwrite it. Nothing was written: rename the file (and its entry in ${dir || "."}/kustomization.yaml), then stamp again`
    );
  }
  const byDir = new Map(ks.map((k) => [k.dir, k]));
  const reader = byDir.has(dir) ? kustomizationsUnder(dir, byDir).find((k) => k.generators.some((g) => g.files.includes(path))) : void 0;
  if (reader !== void 0) throw selfReference(path, reader.path);
}
function selfReference(path, by) {
  return new import_errors6.UserError(
    `${path} is read by a generator (${by}): the stamp would change the config it hashes on every run, so it would never be current (a commit loop in CI). Nothing was written: let the generator read another file`
  );
}

// src/pipeline/stamp/stamp-kustomize.ts
var import_errors7 = __toESM(require_errors(), 1);
init_json_shape();
init_parse_manifests();
var import_model7 = __toESM(require_model(), 1);
async function stampKustomization(ctx, report) {
  const { root } = ctx;
  const label = `kustomize ${root.dir || "."}`;
  let rendered;
  let kustomizationText = (await ctx.tree.read(root.path))?.toString("utf8") ?? "";
  try {
    rendered = await renderManifests({ ...ctx, problems: report.problems }, label);
  } catch (error) {
    if (!(error instanceof import_errors7.UserError)) throw error;
    const recovered = ctx.check ? void 0 : await withoutStalePatch(ctx, label, kustomizationText);
    if (!recovered) {
      report.unstampable.push({ what: label, reason: error.message });
      report.notBuilt.push(label);
      return;
    }
    ({ rendered, kustomizationText } = recovered);
  }
  const generators = ctx.included.flatMap((k) => k.generators);
  const contents = repositoryConfigs(rendered);
  const selfRolling = (id) => isHashSuffixedGenerated(id, generators);
  const suffixed = rendered.filter((m) => contents.has((0, import_model7.idKey)(m.id)) && selfRolling(m.id));
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
  if (typeof problem !== "string") throw new import_errors7.UserError(problem.selfReferencing);
  report.changes = report.changes.filter((c) => c.origin !== label);
  report.unstampable.push({ what: label, reason: problem });
}
function changedOnly(targets, changed) {
  return targets.flatMap((t) => {
    if (changed.has((0, import_model7.idKey)(t.id))) return [t];
    return t.current === void 0 ? [] : [{ ...t, hash: t.current }];
  });
}
async function renderManifests(ctx, label) {
  const text = await ctx.render(ctx.root.dir);
  const parsed = parseManifests(label, text, { defaultNamespace: ctx.defaultNamespace });
  ctx.problems?.push(...parsed.problems);
  return parsed.manifests.map((m) => ({ ...m, origin: label }));
}
function patchEntry(target, rendered, own, ctx) {
  const object = rendered.find((m) => (0, import_model7.idKey)(m.id) === (0, import_model7.idKey)(target.id))?.object;
  const apiVersion = stringField(object, "apiVersion") ?? "apps/v1";
  const outer = {
    namePrefix: ctx.deployedAs?.namePrefix ?? "",
    nameSuffix: ctx.deployedAs?.nameSuffix ?? ""
  };
  const name = nameBeforeTransforms(nameBeforeTransforms(target.id.name, outer), own);
  const renderedNamespace = stringField(field(object, "metadata"), "namespace");
  let namespace = renderedNamespace;
  if (own.namespace !== void 0 || ctx.deployedAs?.namespace !== void 0) {
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
  const moved = targets.filter((t) => {
    const a = again.targets.find((x) => (0, import_model7.idKey)(x.id) === (0, import_model7.idKey)(t.id));
    return a !== void 0 && a.hash !== t.hash && a.current === t.hash;
  });
  if (moved.length > 0) {
    return {
      selfReferencing: `${label}: the config of ${moved.map((t) => `${t.id.kind.toLowerCase()}/${t.id.name}`).join(", ")} changes with the stamp itself (recomputed after writing ${STAMP_PATCH_FILE}, the hash differs): each stamp would need another, a commit loop in CI. Nothing was written: let no generator or replacement read ${STAMP_PATCH_FILE}`
    };
  }
  const missing = targets.filter(
    (t) => again.targets.find((a) => (0, import_model7.idKey)(a.id) === (0, import_model7.idKey)(t.id))?.current !== t.hash
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
    if (error instanceof import_errors7.UserError) return void 0;
    throw error;
  }
}

// src/pipeline/stamp/run-stamp.ts
async function runStamp(settings, deps) {
  if (settings.strict && !settings.check) {
    const refusals = stampRefusals(await stampOnce({ ...settings, check: true }, deps), true);
    if (refusals.length > 0) throw strictRefusal(refusals);
  }
  return stampOnce(settings, deps);
}
function strictRefusal(refusals) {
  const shown2 = refusals.slice(0, 5).map((r) => `  ${r}`);
  const more = refusals.length > 5 ? [`  ... and ${refusals.length - 5} more`] : [];
  return new import_errors8.UserError(
    [
      `stamp: ${refusals.length} problem(s) (--check and --strict stop on them; nothing was written):`,
      ...shown2,
      ...more
    ].join("\n")
  );
}
async function stampOnce(settings, deps) {
  const report = {
    check: settings.check,
    changes: [],
    current: 0,
    filesWritten: [],
    leftOut: [],
    unstampable: [],
    notBuilt: [],
    problems: [],
    notes: []
  };
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : void 0;
  const files = await deps.tree.listFiles();
  const kustomizations = await readKustomizations(deps.tree, files, settings);
  const graph = buildKustomizeGraph(kustomizations);
  const explicitDirs = settings.kustomize.length > 0 && settings.kustomize[0] !== "none";
  const owned = (path) => graph.ownedFiles.has(path);
  const readRaw = !explicitDirs || settings.pathsExplicit;
  const filter = await (0, import_path_filter.createPathFilter)({ paths: settings.paths, exclude: settings.exclude }, owned);
  const chartDirs = files.filter((f) => CHART_FILE.test(f)).map((f) => f.slice(0, f.lastIndexOf("/") + 1));
  const inChart = (path) => chartDirs.some((dir) => path.startsWith(dir));
  const rawFiles = files.filter((f) => filter(f) && !inChart(f));
  const raw = readRaw ? await parseFiles(deps.tree, rawFiles, settings, report.problems) : [];
  const { stamps, units } = stampAsDeployed(raw, key);
  for (const t of stamps.targets) report.notes.push(...units.ambiguities(t, t.covers));
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
  const deployments = settings.kustomize[0] === "none" || explicitDirs ? [] : deploymentsOf(raw.map((m) => m.object));
  const roots = settings.kustomize[0] === "none" ? [] : explicitDirs ? settings.kustomize : chooseRoots(kustomizations, graph, { deployedDirs: new Set(deployments.map((d) => d.dir)) }).roots;
  for (const dir of roots) await refuseForeignPatch(deps.tree, dir, kustomizations);
  await stampRawFiles(deps.tree, targets, settings, report);
  if (roots.length > 0) await stampRoots(roots, kustomizations, settings, deps, key, report, deployments);
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
  const edited = [];
  for (const [file, fileTargets] of [...byFile].sort(([a], [b]) => a < b ? -1 : 1)) {
    if (fileTargets.every((t) => t.current === t.hash)) continue;
    const source2 = (await tree.read(file))?.toString("utf8");
    if (source2 === void 0) continue;
    const stamped = stampFile(source2, fileTargets, settings.namespace);
    if (stamped.refused !== void 0) {
      throw new import_errors8.UserError(`${file} cannot be stamped: ${stamped.refused}. Nothing was written`);
    }
    edited.push({ file, source: source2, stamped });
  }
  for (const { file, source: source2, stamped } of edited) {
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
async function stampRoots(roots, kustomizations, settings, deps, key, report, deployments) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const deployedAs = soleDeployments(roots, deployments, report);
  for (const dir of roots) {
    if (!byDir.has(dir))
      throw new import_errors8.UserError(`--kustomize ${dir || "."}: no kustomization.yaml in that directory`);
  }
  await refuseUnsafeRoots(roots, byDir, settings, deps, deployedAs);
  const pathDirs = trustedPathDirs(deps.env.PATH, [deps.tree.dir]);
  const binary = await findKustomize(pathDirs);
  if (!binary) throw new import_errors8.UserError(`kustomizations to stamp (${roots.join(", ")}) but ${NO_KUSTOMIZE_HINT}`);
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
    note: (message) => report.notes.push(message),
    deployedAs
  }) : void 0;
  await deps.tree.withScratch(async (home) => {
    for (const dir of roots) {
      const included = kustomizationsUnder(dir, byDir);
      const quiet = included.some((k) => k.generators.some((g) => g.kind === "Secret"));
      const run = { binary, pathDirs, home, ...bounds, quiet };
      const deployed = deployedAs.get(dir);
      const inputFiles = [...new Set(included.flatMap((k) => k.resources))].filter(
        (path) => deps.tree.linkOn(path) === void 0
      );
      const inputWorkloads = await parseFiles(deps.tree, inputFiles, settings);
      await stampKustomization(
        {
          tree: deps.tree,
          root: byDir.get(dir),
          included,
          inputWorkloads,
          render: (d) => renderWorkTree(run, deps.tree.dir, d, deployed && { settings: deployed, cwd: home }),
          defaultNamespace: deployed?.defaultNamespace ?? settings.namespace,
          ...deployed ? { deployedAs: deployed } : {},
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
async function readKustomizations(tree, files, settings) {
  if (settings.kustomize[0] === "none") return [];
  const names = new Set(import_kustomization_names4.KUSTOMIZATION_FILE_NAMES);
  const found = [];
  for (const file of files) {
    if (!names.has(file.slice(file.lastIndexOf("/") + 1))) continue;
    const text = (await tree.read(file))?.toString("utf8");
    if (text !== void 0) found.push(readKustomizationFile(file, text));
  }
  return found;
}
var CHART_FILE = /(^|\/)Chart\.ya?ml$/;
async function parseFiles(tree, files, settings, problems) {
  const parsed = await runLimited(files, READ_CONCURRENCY, async (file) => {
    const size = await tree.size(file);
    if (size === void 0 || size > settings.maxFileSize) return [];
    const bytes = await tree.read(file);
    if (bytes === void 0) return [];
    return parseManifestFile(file, bytes, { defaultNamespace: settings.namespace });
  });
  const rejected = /* @__PURE__ */ new Set();
  for (const p of parsed) {
    if (Array.isArray(p)) continue;
    for (const problem of p.problems) {
      if (problem.duplicateKey) rejected.add(problem.file);
      problems?.push(
        problem.duplicateKey ? {
          ...problem,
          severity: "error",
          message: `${problem.message} (kustomize, which Argo CD and Flux build with, rejects it)`
        } : problem
      );
    }
  }
  return parsed.flatMap((p) => Array.isArray(p) ? p : p.manifests).filter((m) => !rejected.has(m.file));
}
var READ_CONCURRENCY = 16;
async function changedInRange(settings, deps, targets, filter, key) {
  if (!settings.base) throw new import_errors8.UserError("--changed-only needs --base (and --head, default HEAD)");
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
    const { stamps } = stampAsDeployed(manifests, key);
    return new Map(stamps.targets.map((t) => [`${t.file}
${(0, import_model8.idKey)(t.id)}`, t.hash]));
  };
  const [before, after] = await Promise.all([valuesAt2(settings.base), valuesAt2(settings.head ?? "HEAD")]);
  return targets.filter((t) => {
    const a = before.get(`${t.file}
${(0, import_model8.idKey)(t.id)}`);
    const b = after.get(`${t.file}
${(0, import_model8.idKey)(t.id)}`);
    return a !== void 0 && b !== void 0 && a !== b;
  });
}
async function renderWorkTree(run, treeDir, dir, deployed) {
  try {
    const as = deployed && { ...deployed, overlayDir: "deployment-overlay" };
    return await buildDeployed(run, treeDir, dir, "work tree", as);
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    throw new import_errors8.UserError(
      `\`${error.command}\` failed in the work tree (${error.why})${error.detail ? `: ${error.detail}` : ""}; fix the kustomization, then stamp again`
    );
  }
}
function soleDeployments(roots, deployments, report) {
  const sole = /* @__PURE__ */ new Map();
  for (const dir of roots) {
    const ways = deploymentsOfDir(dir, deployments);
    if (ways.length === 1 && ways[0]) sole.set(dir, ways[0].settings);
    if (ways.length > 1) {
      const by = ways.map((w) => w?.by ?? "as it is").join(", ");
      report.notes.push(
        `kustomize ${dir || "."}: deployed ${ways.length} ways (${by}); stamped as kustomize builds it, one value for all of them`
      );
    }
  }
  return sole;
}

// src/cli/run-cli-stamp.ts
var import_ci_log_text2 = __toESM(require_ci_log_text(), 1);
var import_error_line = __toESM(require_error_line(), 1);

// src/report/stamp-report-text.ts
var import_model9 = __toESM(require_model(), 1);
var import_ci_log_text = __toESM(require_ci_log_text(), 1);
function renderStampReport(report, format, fix) {
  if (format === "json") return `${(0, import_ci_log_text.escapeJsonForCiLog)(JSON.stringify(stampJson(report, fix), null, 2))}
`;
  return `${(0, import_ci_log_text.escapeForCiLog)(stampText(report, fix))}
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
    problems: report.problems,
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
    lines.push(`  ${(0, import_model9.formatId)(c.workload)} in ${where}: ${c.old ?? "(none)"} -> ${c.new}`);
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
        `  ${(0, import_model9.formatId)(l.workload)}: ${configs}${l.untouched ? " (consumes no repository config: not touched)" : ""}`
      );
    }
  }
  if (report.unstampable.length > 0) {
    lines.push("", "Not stamped:");
    for (const u of report.unstampable) lines.push(`  ${u.what}: ${u.reason}`);
  }
  if (report.problems.length > 0) {
    lines.push("", "Not read as manifests (their workloads are neither stamped nor checked):");
    for (const p of report.problems) lines.push(`  ${p.file}:${p.line}:${p.col}: ${p.message}`);
  }
  if (report.notes.length > 0) lines.push("", "Notes:", ...report.notes.map((note) => `  ${note}`));
  return lines.join("\n");
}

// src/cli/run-cli-stamp.ts
var import_settings = __toESM(require_settings(), 1);
var import_report_error = __toESM(require_report_error(), 1);
var import_stderr_log = __toESM(require_stderr_log(), 1);
async function runStampFromArgs(argv, args, env, io, state) {
  try {
    const settings = (0, import_settings.toSettings)((0, import_settings.rawValuesFromEnv)(env), args.values);
    state.debug = settings.debug;
    state.output = settings.output;
    const log = (0, import_stderr_log.createStderrLog)({ debug: settings.debug, color: io.color, write: io.stderr });
    const git = await (0, import_create_git.createGit)((0, import_node_path6.resolve)(io.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs });
    const tree = await openWorkTree((0, import_node_path6.resolve)(io.cwd, settings.repo));
    const event = env.GITHUB_ACTIONS === "true" ? await (0, import_github_event.readEventPayload)(env) : void 0;
    const untrusted = (0, import_untrusted_head.untrustedHead)(env, event);
    const report = await runStamp(settings, { tree, git, log, env, untrustedHead: untrusted });
    io.stdout(renderStampReport(report, settings.output, fixCommand(["stamp", ...argv])));
    const refusals = stampRefusals(report, settings.strict);
    if (refusals.length > 0) {
      io.stderr(`${(0, import_ci_log_text2.escapeForCiLog)((0, import_error_line.describeError)(strictRefusal(refusals), false))}
`);
      return import_errors9.EXIT_USAGE;
    }
    return report.check && report.changes.length > 0 ? import_errors9.EXIT_FAILED : import_errors9.EXIT_OK;
  } catch (error) {
    return (0, import_report_error.reportError)(error, state.debug, io, state.output);
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runStampFromArgs
});
