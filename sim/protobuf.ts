// Request bodies in the Kubernetes protobuf encoding, for the kinds kubectl's typed generators
// send that way (`kubectl create configmap|secret` post application/vnd.kubernetes.protobuf).
// Decoded to the JSON object the rest of the server handles; other kinds stay 415.
import { childRecord } from "./json.js";
import { unsupportedMediaType } from "./status.js";
import type { KubeObject } from "./types.js";

export const PROTOBUF_MEDIA_TYPE = "application/vnd.kubernetes.protobuf";

/** The 4-byte prefix of every Kubernetes protobuf payload ("k8s\0"). */
const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

interface Field {
  number: number;
  /** Varint value (wire type 0). */
  varint?: number;
  /** Length-delimited payload (wire type 2). */
  bytes?: Buffer;
}

function readVarint(buf: Buffer, start: number): [number, number] {
  let value = 0;
  let shift = 0;
  let pos = start;
  for (;;) {
    const byte = buf[pos++];
    if (byte === undefined) throw new Error("truncated varint");
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, pos];
    shift += 7;
  }
}

function fieldsOf(buf: Buffer): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const [key, afterKey] = readVarint(buf, pos);
    const number = Math.floor(key / 8);
    const wireType = key % 8;
    pos = afterKey;
    if (wireType === 0) {
      const [varint, next] = readVarint(buf, pos);
      fields.push({ number, varint });
      pos = next;
    } else if (wireType === 2) {
      const [length, next] = readVarint(buf, pos);
      fields.push({ number, bytes: buf.subarray(next, next + length) });
      pos = next + length;
    } else if (wireType === 1) {
      pos += 8;
    } else if (wireType === 5) {
      pos += 4;
    } else {
      throw new Error(`unsupported wire type ${wireType}`);
    }
  }
  return fields;
}

function text(field: Field): string {
  return (field.bytes ?? Buffer.alloc(0)).toString("utf8");
}

/** A map<string, V> field: repeated entries of {1: key, 2: value}. */
function mapEntry(field: Field): [string, Buffer] {
  let key = "";
  let value: Buffer = Buffer.alloc(0);
  for (const part of fieldsOf(field.bytes ?? Buffer.alloc(0))) {
    if (part.number === 1) key = text(part);
    else if (part.number === 2) value = part.bytes ?? Buffer.alloc(0);
  }
  return [key, value];
}

function addEntry(obj: Record<string, unknown>, key: string, field: Field, asBase64: boolean): void {
  const map = childRecord(obj, key);
  const [k, v] = mapEntry(field);
  map[k] = asBase64 ? v.toString("base64") : v.toString("utf8");
}

/** ObjectMeta fields a client sets on create: name, generateName, namespace, labels, annotations, finalizers. */
function objectMeta(buf: Buffer): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  const finalizers: string[] = [];
  for (const field of fieldsOf(buf)) {
    if (field.number === 1) meta.name = text(field);
    else if (field.number === 2) meta.generateName = text(field);
    else if (field.number === 3) meta.namespace = text(field);
    else if (field.number === 6) meta.resourceVersion = text(field);
    else if (field.number === 11) addEntry(meta, "labels", field, false);
    else if (field.number === 12) addEntry(meta, "annotations", field, false);
    else if (field.number === 14) finalizers.push(text(field));
  }
  if (finalizers.length > 0) meta.finalizers = finalizers;
  for (const key of ["name", "generateName", "namespace", "resourceVersion"])
    if (meta[key] === "") delete meta[key];
  return meta;
}

/** Field numbers of k8s.io/api/core/v1 ConfigMap and Secret (generated.proto). */
const LAYOUTS: Record<
  string,
  Record<number, { key: string; type: "string-map" | "bytes-map" | "string" | "bool" }>
> = {
  ConfigMap: {
    2: { key: "data", type: "string-map" },
    3: { key: "binaryData", type: "bytes-map" },
    4: { key: "immutable", type: "bool" },
  },
  Secret: {
    2: { key: "data", type: "bytes-map" },
    3: { key: "type", type: "string" },
    4: { key: "stringData", type: "string-map" },
    5: { key: "immutable", type: "bool" },
  },
};

/** The JSON object of a protobuf request body; 415 for kinds the simulator does not decode. */
export function decodeProtobuf(body: Buffer): KubeObject {
  if (!body.subarray(0, 4).equals(MAGIC))
    throw unsupportedMediaType(["application/json", "application/yaml"]);
  let apiVersion = "";
  let kind = "";
  let raw: Buffer = Buffer.alloc(0);
  for (const field of fieldsOf(body.subarray(4))) {
    if (field.number === 1) {
      for (const part of fieldsOf(field.bytes ?? Buffer.alloc(0))) {
        if (part.number === 1) apiVersion = text(part);
        else if (part.number === 2) kind = text(part);
      }
    } else if (field.number === 2) {
      raw = field.bytes ?? Buffer.alloc(0);
    }
  }
  if (kind === "SelfSubjectAccessReview" && apiVersion === "authorization.k8s.io/v1") {
    return { apiVersion, kind, spec: accessReviewSpec(raw) };
  }
  const layout = LAYOUTS[kind];
  if (!layout || apiVersion !== "v1") throw unsupportedMediaType(["application/json", "application/yaml"]);
  const obj: KubeObject = { apiVersion, kind };
  for (const field of fieldsOf(raw)) {
    if (field.number === 1) {
      obj.metadata = objectMeta(field.bytes ?? Buffer.alloc(0));
      continue;
    }
    const spec = layout[field.number];
    if (!spec) continue;
    if (spec.type === "bool") obj[spec.key] = field.varint === 1;
    else if (spec.type === "string") obj[spec.key] = text(field);
    else addEntry(obj, spec.key, field, spec.type === "bytes-map");
  }
  return obj;
}

/** ResourceAttributes field numbers (k8s.io/api/authorization/v1 generated.proto). */
const RESOURCE_ATTRIBUTES: Record<number, string> = {
  1: "namespace",
  2: "verb",
  3: "group",
  4: "version",
  5: "resource",
  6: "subresource",
  7: "name",
};

/** SelfSubjectAccessReview {metadata = 1, spec = 2 {resourceAttributes = 1}}: what `kubectl auth can-i` asks. */
function accessReviewSpec(review: Buffer): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  for (const field of fieldsOf(review)) {
    if (field.number !== 2) continue;
    for (const part of fieldsOf(field.bytes ?? Buffer.alloc(0))) {
      if (part.number !== 1) continue;
      const attributes: Record<string, string> = {};
      for (const attribute of fieldsOf(part.bytes ?? Buffer.alloc(0))) {
        const key = RESOURCE_ATTRIBUTES[attribute.number];
        if (key) attributes[key] = text(attribute);
      }
      spec.resourceAttributes = attributes;
    }
  }
  return spec;
}
