// The patch client-side `kubectl apply` sends, for the maps and scalars a ConfigMap or Secret is
// made of: every field of the new configuration whose live value differs, and a deletion (null) for
// every field the last applied configuration had and the new one drops. A field only the live object
// has (written by someone else) is left alone, as kubectl leaves it. Lists are replaced whole.

import { isRecord, type JsonObject } from "../../core/json-shape.js";

export function threeWayPatch(original: JsonObject, modified: JsonObject, current: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const [key, value] of Object.entries(modified)) {
    const live = current[key];
    if (isRecord(value) && isRecord(live)) {
      const before = original[key];
      const nested = threeWayPatch(isRecord(before) ? before : {}, value, live);
      if (Object.keys(nested).length > 0) patch[key] = nested;
    } else if (!isSameValue(value, live)) patch[key] = value;
  }
  for (const key of Object.keys(original)) {
    if (!Object.hasOwn(modified, key) && Object.hasOwn(current, key)) patch[key] = null;
  }
  return patch;
}

/** Deep equality of JSON values (key order aside). */
function isSameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => isSameValue(v, b[i]))
    );
  }
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.hasOwn(b, k) && isSameValue(a[k], b[k]))
    );
  }
  return a === b;
}
