import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  field,
  isRecord
} from "./chunk-HRGDZ7KG.js";

// src/core/manifests/live-config.ts
function liveConfigContent(obj) {
  const content = {};
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
  return content;
}
function canonicalBase64(value) {
  return Buffer.from(value, "base64").toString("base64");
}

export {
  liveConfigContent
};
