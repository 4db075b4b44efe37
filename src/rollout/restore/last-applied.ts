// kubectl's client-side apply record: the annotation `kubectl apply` writes on every object it
// applies, byte for byte as kubectl writes it, so that a config written back by a restore carries
// the annotation an apply of the base commit would have left (the next `kubectl apply` computes its
// three-way patch from it: a key missing from it is never deleted).

import { canonicalJson } from "../../core/config-content.js";
import { isRecord, type JsonObject } from "../../core/json-shape.js";

export const LAST_APPLIED_ANNOTATION = "kubectl.kubernetes.io/last-applied-configuration";

/**
 * The annotation `kubectl apply` writes for `manifest` applied into `namespace`: the object with
 * its namespace set and the annotation itself removed (an object without annotations gets an empty
 * map), encoded as Go's json.Encoder does (see goJson).
 */
export function lastAppliedOf(manifest: JsonObject, namespace: string): string {
  const metadata = isRecord(manifest.metadata) ? manifest.metadata : {};
  const annotations = isRecord(metadata.annotations) ? { ...metadata.annotations } : {};
  delete annotations[LAST_APPLIED_ANNOTATION];
  return goJson({ ...manifest, metadata: { ...metadata, namespace, annotations } });
}

/** The live object's annotation parsed, or undefined when it has none (or one that is not JSON). */
export function parseLastApplied(live: unknown): JsonObject | undefined {
  const metadata = isRecord(live) ? live.metadata : undefined;
  const annotations = isRecord(metadata) ? metadata.annotations : undefined;
  const text = isRecord(annotations) ? annotations[LAST_APPLIED_ANNOTATION] : undefined;
  if (typeof text !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * JSON as Go's encoding/json writes it through a json.Encoder (kubectl's runtime.Encode): object
 * keys sorted as strings (`"10"` before `"9"`: canonicalJson writes the text itself, where an object
 * would put integer-like keys first), `<`, `>`, `&`, U+2028 and U+2029 escaped as \u00XX, and a final
 * newline.
 */
export function goJson(value: unknown): string {
  const text = canonicalJson(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `${text}\n`;
}
