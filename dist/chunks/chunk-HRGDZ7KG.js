import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);

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
  describeType
};
