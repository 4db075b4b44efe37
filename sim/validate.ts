// The validation errors config-rollout can plausibly trigger, with the real server's wording.

import { configUpdateCauses } from "./immutable.js";
import { deepEqual, isRecord, recordAt, valueAt } from "./json.js";
import type { ResourceInfo } from "./resources.js";
import { badRequest, invalid } from "./status.js";
import type { KubeObject } from "./types.js";

interface Cause {
  field: string;
  message: string;
  reason?: string;
}

/** core.MaxSecretSize: the most a ConfigMap's or Secret's values may hold, in bytes. */
const MAX_CONFIG_BYTES = 1024 * 1024;
/** apimachinery's TotalAnnotationSizeLimitB: the most an object's annotations may hold, keys included. */
const MAX_ANNOTATION_BYTES = 256 * 1024;

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** apimachinery's IsValidLabelValue: at most 63 characters, in qualified-name characters. */
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_VALUE_FORMAT = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";

/** The real server's causes for label values at `field` (metadata.labels, a pod template's labels). */
function labelValueCauses(labels: unknown, field: string): Cause[] {
  if (!isRecord(labels)) return [];
  const causes: Cause[] = [];
  for (const value of Object.values(labels)) {
    if (typeof value !== "string") continue;
    const invalidValue = (message: string) =>
      causes.push({ field, message: `Invalid value: ${JSON.stringify(value)}: ${message}` });
    if (value.length > 63) invalidValue("must be no more than 63 characters");
    if (!LABEL_VALUE.test(value)) {
      invalidValue(
        `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '${LABEL_VALUE_FORMAT}')`,
      );
    }
  }
  return causes;
}

/** field.TooLong as the real server words it (the value itself is never echoed). */
function tooLong(field: string, limit: number): Cause {
  return { field, message: `Too long: must have at most ${limit} bytes`, reason: "FieldValueTooLong" };
}

/** Go's len() of a string: its UTF-8 bytes. */
function bytesOf(value: unknown): number {
  return typeof value === "string" ? Buffer.byteLength(value, "utf8") : 0;
}

/** ValidateAnnotations' size check: keys and values together, in bytes. */
function annotationSizeCauses(annotations: unknown, field: string): Cause[] {
  if (!isRecord(annotations)) return [];
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) total += bytesOf(key) + bytesOf(value);
  return total > MAX_ANNOTATION_BYTES ? [tooLong(field, MAX_ANNOTATION_BYTES)] : [];
}

/**
 * ValidateConfigMap / ValidateSecret's size check: the values only (keys are not counted), binary
 * ones decoded (binaryData, Secret data). A ConfigMap's error names the whole object (field ""
 * prints as "[]"); a Secret's names `data`.
 */
function configSizeCauses(kind: string, obj: KubeObject): Cause[] {
  const decoded = (map: unknown) =>
    isRecord(map)
      ? Object.values(map).reduce<number>(
          (sum, v) => sum + (typeof v === "string" ? Buffer.byteLength(v, "base64") : 0),
          0,
        )
      : 0;
  const plain = (map: unknown) =>
    isRecord(map) ? Object.values(map).reduce<number>((sum, v) => sum + bytesOf(v), 0) : 0;
  if (kind === "ConfigMap" && plain(obj.data) + decoded(obj.binaryData) > MAX_CONFIG_BYTES)
    return [tooLong("[]", MAX_CONFIG_BYTES)];
  if (kind === "Secret" && decoded(obj.data) > MAX_CONFIG_BYTES) return [tooLong("data", MAX_CONFIG_BYTES)];
  return [];
}

function goMap(value: unknown): string {
  if (!isRecord(value)) return "map[string]string(nil)";
  const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `map[string]string{${entries.join(", ")}}`;
}

/** 400 for values the server cannot even decode (ConfigMap data that is not a string map...). */
export function checkDecodable(info: ResourceInfo, obj: KubeObject): void {
  const fail = (field: string, detail: string) =>
    badRequest(
      `${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: json: cannot unmarshal ${detail} into Go struct field ${info.kind}.${field} of type string`,
    );
  if (info.kind === "ConfigMap" || info.kind === "Secret") {
    for (const field of ["data", "binaryData", "stringData"]) {
      const map = obj[field];
      if (map === undefined || map === null) continue;
      if (!isRecord(map)) throw fail(field, typeof map);
      for (const value of Object.values(map)) if (typeof value !== "string") throw fail(field, typeof value);
    }
  }
  if (info.kind === "Secret" || info.kind === "ConfigMap") {
    const base64Field = info.kind === "Secret" ? "data" : "binaryData";
    const map = obj[base64Field];
    if (isRecord(map)) {
      for (const value of Object.values(map)) {
        if (typeof value === "string" && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
          throw badRequest(
            `${info.kind} in version "v1" cannot be handled as a ${info.kind}: illegal base64 data at input byte 0`,
          );
        }
      }
    }
  }
}

function workloadCauses(obj: KubeObject): Cause[] {
  const causes: Cause[] = [];
  const selector = recordAt(obj, "spec", "selector");
  const template = recordAt(obj, "spec", "template");
  if (!selector)
    causes.push({ field: "spec.selector", message: "Required value", reason: "FieldValueRequired" });
  const matchLabels = recordAt(selector, "matchLabels") ?? {};
  const labels = recordAt(template, "metadata", "labels") ?? {};
  if (selector && !Object.entries(matchLabels).every(([k, v]) => labels[k] === v)) {
    causes.push({
      field: "spec.template.metadata.labels",
      message: `Invalid value: ${goMap(labels)}: \`selector\` does not match template \`labels\``,
    });
  }
  const containers = valueAt(template, "spec", "containers");
  if (!Array.isArray(containers) || containers.length === 0) {
    causes.push({
      field: "spec.template.spec.containers",
      message: "Required value",
      reason: "FieldValueRequired",
    });
  } else {
    containers.forEach((c, i) => {
      for (const key of ["name", "image"]) {
        if (!isRecord(c) || typeof c[key] !== "string" || c[key] === "") {
          causes.push({
            field: `spec.template.spec.containers[${i}].${key}`,
            message: "Required value",
            reason: "FieldValueRequired",
          });
        }
      }
    });
  }
  const replicas = valueAt(obj, "spec", "replicas");
  if (replicas !== undefined && (!Number.isInteger(replicas) || (replicas as number) < 0)) {
    causes.push({
      field: "spec.replicas",
      message: `Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0`,
    });
  }
  return causes;
}

/** Throws a 422 Invalid Status naming every problem, like the real server. */
export function validateObject(info: ResourceInfo, obj: KubeObject, previous?: KubeObject): void {
  const name = String(valueAt(obj, "metadata", "name") ?? "");
  const causes: Cause[] = [];
  if (!name) {
    causes.push({
      field: "metadata.name",
      message: "Required value: name or generateName is required",
      reason: "FieldValueRequired",
    });
  } else if (name.length > 253 || !DNS_SUBDOMAIN.test(name)) {
    causes.push({
      field: "metadata.name",
      message: `Invalid value: ${JSON.stringify(name)}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    });
  }
  causes.push(...labelValueCauses(valueAt(obj, "metadata", "labels"), "metadata.labels"));
  causes.push(...annotationSizeCauses(valueAt(obj, "metadata", "annotations"), "metadata.annotations"));
  if (info.workload || info.kind === "ReplicaSet") {
    causes.push(...workloadCauses(obj));
    causes.push(
      ...labelValueCauses(
        valueAt(obj, "spec", "template", "metadata", "labels"),
        "spec.template.metadata.labels",
      ),
      ...annotationSizeCauses(
        valueAt(obj, "spec", "template", "metadata", "annotations"),
        "spec.template.metadata.annotations",
      ),
    );
  }
  if (
    previous &&
    info.workload &&
    !deepEqual(valueAt(previous, "spec", "selector"), valueAt(obj, "spec", "selector"))
  ) {
    causes.push({ field: "spec.selector", message: "Invalid value: field is immutable" });
  }
  if (previous && (info.kind === "ConfigMap" || info.kind === "Secret")) {
    causes.push(...configUpdateCauses(info.kind, previous, obj));
  }
  causes.push(...configSizeCauses(info.kind, obj));
  if (causes.length > 0) throw invalid(info, name, causes);
}
