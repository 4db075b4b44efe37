// The hash of a workload's consumed configs (the restart annotation's value). Apart from the rest of
// config-content.ts so that loading node:crypto (~2.4 ms at every start) waits for a run that
// restarts something.
import { createHash, createHmac } from "node:crypto";
import type { ConfigContent, ObjectId } from "../model.js";
import { canonicalJson } from "./config-content.js";
import { compareStrings } from "./order.js";

/**
 * SHA-256 (HMAC-SHA256 with `key`) of canonical JSON of the contents, hex. Independent of the order
 * of the list and of keys; a keyed hash keeps low-entropy Secret values from being guessable.
 */
export function contentHash(contents: Array<{ id: ObjectId; content: ConfigContent }>, key?: Buffer): string {
  const entries = contents.map(({ id, content }) => canonicalJson({ id, content })).sort(compareStrings);
  const payload = `[${entries.join(",")}]`;
  const hash = key === undefined ? createHash("sha256") : createHmac("sha256", key);
  return hash.update(payload, "utf8").digest("hex");
}
