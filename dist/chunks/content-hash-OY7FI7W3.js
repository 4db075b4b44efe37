import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  canonicalJson,
  compareStrings
} from "./chunk-SKWB4KID.js";
import "./chunk-HRGDZ7KG.js";
import "./chunk-VDSW2JPR.js";

// src/core/manifests/content-hash.ts
import { createHash, createHmac } from "node:crypto";
function contentHash(contents, key) {
  const entries = contents.map(({ id, content }) => canonicalJson({ id, content })).sort(compareStrings);
  const payload = `[${entries.join(",")}]`;
  const hash = key === void 0 ? createHash("sha256") : createHmac("sha256", key);
  return hash.update(payload, "utf8").digest("hex");
}
export {
  contentHash
};
