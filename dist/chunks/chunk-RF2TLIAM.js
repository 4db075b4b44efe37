import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  UserError
} from "./chunk-CNEQBPDF.js";

// src/core/model.ts
var RESTARTABLE_KINDS = ["Deployment", "StatefulSet", "DaemonSet"];
var RECOGNISED_ONLY_KINDS = ["CronJob", "Job", "Pod", "ReplicaSet"];
function idKey(id) {
  return `${id.kind}/${id.namespace}/${id.name}`;
}
function formatId(id) {
  return `${id.kind.toLowerCase()}/${id.name} (namespace ${id.namespace})`;
}

// src/kube/kube-api-error.ts
var KubeApiError = class extends UserError {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
  status;
  name = "KubeApiError";
};

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

export {
  isRecord,
  field,
  stringField,
  arrayField,
  describeType,
  RESTARTABLE_KINDS,
  RECOGNISED_ONLY_KINDS,
  idKey,
  formatId,
  KubeApiError
};
