// One deterministic order for everything we print: code-unit order, never the locale's.

import type { ObjectId } from "./model.js";

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Namespace, then kind, then name. */
export function compareIds(a: ObjectId, b: ObjectId): number {
  return (
    compareStrings(a.namespace, b.namespace) ||
    compareStrings(a.kind, b.kind) ||
    compareStrings(a.name, b.name)
  );
}
