// What a pod sees of a ConfigMap or Secret read from the API server, in the shared ConfigContent
// form (key -> base64 bytes), so live and repository content compare byte for byte.

import { field, isRecord } from "./json-shape.js";
import type { ConfigContent } from "./model.js";
import { recordSecretContent } from "./secret-values.js";

/**
 * ConfigMap: `data` (UTF-8) plus `binaryData`. Secret: `data` (the API server has already folded
 * `stringData` into it). Base64 is re-encoded canonically.
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
