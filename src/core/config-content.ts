// What a pod sees of a ConfigMap or Secret, in one canonical form (its hash: config-hash.ts), from
// the repository's manifests and from the API server alike, so both compare byte for byte.
// Metadata (labels, annotations, immutable, Secret type) is not content: only what lands in the pod.

import { describeType, field, isRecord, setKey } from "./json-shape.js";
import {
  type ConfigContent,
  type ConfigKind,
  type Manifest,
  type ManifestProblem,
  shortId,
} from "./model.js";
import { CONFIG_KEY_CHARACTERS } from "./names.js";
import { compareStrings } from "./order.js";
import { recordSecretContent } from "./secret-values.js";

/** Keys the API server accepts in data/binaryData/stringData. */
/** Go's StdEncoding as used for []byte fields: padded, standard alphabet (line breaks are skipped). */
const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isConfigManifest(m: Manifest): m is Manifest & { id: { kind: ConfigKind } } {
  return (m.id.kind === "ConfigMap" || m.id.kind === "Secret") && field(m.object, "apiVersion") === "v1";
}

interface ConfigContentResult {
  content: ConfigContent;
  problems: ManifestProblem[];
}

/**
 * key -> base64 of the bytes the pod sees. A value the API server would reject (a number, invalid
 * base64) is left out and reported; messages name the key, never the value.
 */
export function configContentOf(m: Manifest): ConfigContentResult {
  const problems: ManifestProblem[] = [];
  const content: ConfigContent = {};
  const label = shortId(m.id);
  const report = (message: string, severity: ManifestProblem["severity"] = "error") =>
    problems.push({ file: m.file, line: m.line, col: 1, message: `${label}: ${message}`, severity });

  const entries = (section: string): Array<[string, unknown]> => {
    const value = field(m.object, section);
    if (value === undefined || value === null) return [];
    if (!isRecord(value)) {
      report(`${section} must be a mapping of keys to strings, found ${describeType(value)}`);
      return [];
    }
    const valid: Array<[string, unknown]> = [];
    for (const [key, v] of Object.entries(value)) {
      if (!CONFIG_KEY_CHARACTERS.test(key)) {
        report(`${section} key ${JSON.stringify(key)} is not a valid key (letters, digits, "-", "_", ".")`);
        continue;
      }
      valid.push([key, v]);
    }
    return valid;
  };

  /** A string value, or undefined after reporting. null is kept as "" (what the API server stores). */
  const text = (section: string, key: string, value: unknown): string | undefined => {
    if (typeof value === "string") return value;
    if (value === null) {
      report(`${section} key "${key}" has no value; it is treated as an empty string`, "warning");
      return "";
    }
    report(
      `${section} key "${key}" must be a string, found ${describeType(value)} (quote it; kubectl would reject it)`,
    );
    return undefined;
  };

  const decoded = (section: string, key: string, value: unknown): string | undefined => {
    const s = text(section, key, value);
    if (s === undefined) return undefined;
    const compact = s.replace(/[\r\n]/g, "");
    if (!STD_BASE64.test(compact)) {
      report(`${section} key "${key}" is not valid base64`);
      return undefined;
    }
    // Re-encode so that equal bytes always compare equal whatever the original spelling.
    return Buffer.from(compact, "base64").toString("base64");
  };

  if (m.id.kind === "ConfigMap") {
    for (const [key, value] of entries("data")) {
      const s = text("data", key, value);
      if (s !== undefined) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
    for (const [key, value] of entries("binaryData")) {
      if (Object.hasOwn(content, key)) {
        report(`key "${key}" is in both data and binaryData`);
        continue;
      }
      const b = decoded("binaryData", key, value);
      if (b !== undefined) setKey(content, key, b);
    }
  } else if (m.id.kind === "Secret") {
    for (const [key, value] of entries("data")) {
      const b = decoded("data", key, value);
      if (b !== undefined) setKey(content, key, b);
    }
    // Read, so kept out of every output (core/secret-values.ts): `data` before stringData overrides it.
    recordSecretContent(content);
    // The API server merges stringData over data on write.
    for (const [key, value] of entries("stringData")) {
      const s = text("stringData", key, value);
      if (s !== undefined) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
    recordSecretContent(content);
  }
  return { content: sortKeys(content), problems };
}

/**
 * A config read from the API server. ConfigMap: `data` (UTF-8) plus `binaryData`. Secret: `data`
 * (the API server has already folded `stringData` into it). Base64 is re-encoded canonically.
 */
export function liveConfigContent(obj: Record<string, unknown>): ConfigContent {
  const content: ConfigContent = {};
  const data = field(obj, "data");
  const isSecret = field(obj, "kind") === "Secret";
  if (isRecord(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== "string") continue;
      content[key] = isSecret ? canonicalBase64(value) : Buffer.from(value, "utf8").toString("base64");
    }
  }
  const binary = field(obj, "binaryData");
  if (!isSecret && isRecord(binary)) {
    for (const [key, value] of Object.entries(binary)) {
      if (typeof value === "string") content[key] = canonicalBase64(value);
    }
  }
  // Read, so kept out of every output (core/secret-values.ts).
  if (isSecret) recordSecretContent(content);
  return content;
}

function canonicalBase64(value: string): string {
  return Buffer.from(value, "base64").toString("base64");
}

/** Keys added, removed or changed between two contents (undefined = the config does not exist), sorted. */
export function changedKeys(a: ConfigContent | undefined, b: ConfigContent | undefined): string[] {
  const before = a ?? {};
  const after = b ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => Object.hasOwn(before, k) !== Object.hasOwn(after, k) || before[k] !== after[k])
    .sort(compareStrings);
}

/** JSON with object keys sorted at every level: one spelling per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const parts = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort(compareStrings)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function sortKeys(content: ConfigContent): ConfigContent {
  const sorted: ConfigContent = {};
  for (const key of Object.keys(content).sort(compareStrings)) setKey(sorted, key, content[key]!);
  return sorted;
}
