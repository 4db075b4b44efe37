import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  describeType,
  field,
  isRecord
} from "./chunk-HRGDZ7KG.js";

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
function changedKeys(a, b) {
  const before = a ?? {};
  const after = b ?? {};
  const keys = /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => Object.hasOwn(before, k) !== Object.hasOwn(after, k) || before[k] !== after[k]).sort(compareStrings);
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
  Object.defineProperty(content, key, { value, enumerable: true, writable: true, configurable: true });
}

export {
  compareStrings,
  compareIds,
  isConfigManifest,
  configContentOf,
  changedKeys,
  canonicalJson
};
