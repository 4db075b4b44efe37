// kubectl's last-applied-configuration annotation as the real API server treats it for the field
// manager `kubectl` (apimachinery's managedfields: the last-applied manager and updater), so that a
// move from `kubectl apply` to `kubectl apply --server-side` works here as on a cluster: the server-side
// apply may take over, without --force-conflicts, the fields a client-side apply left equal to its
// annotation; and when the annotation is already there, the apply rewrites it to the applied
// configuration, so a later client-side apply computes its patch from it.
import { fieldValues } from "./field-ownership.js";
import { clone, isRecord, stringAt } from "./json.js";
import type { KubeObject } from "./types.js";

export const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
/** The field manager of `kubectl apply --server-side`: the only one the server does this for. */
const KUBECTL = "kubectl";

/** Fields an apply by `manager` may take from others: those of the annotation whose live value equals it. */
export function takeoverFields(manager: string, live: KubeObject, kind: string): Set<string> {
  const text = stringAt(live, "metadata", "annotations", LAST_APPLIED);
  if (manager !== KUBECTL || !text) return new Set();
  let lastApplied: unknown;
  try {
    lastApplied = JSON.parse(text);
  } catch {
    return new Set();
  }
  if (!isRecord(lastApplied) || lastApplied.apiVersion !== live.apiVersion) return new Set();
  const current = fieldValues(live, kind);
  return new Set(
    [...fieldValues(lastApplied, kind)]
      .filter(([field, value]) => current.get(field) === value)
      .map(([f]) => f),
  );
}

/** The object after an apply by `manager`: an annotation already there now holds `applied`. */
export function withLastApplied(next: KubeObject, manager: string, applied: KubeObject): KubeObject {
  if (manager !== KUBECTL || stringAt(next, "metadata", "annotations", LAST_APPLIED) === undefined)
    return next;
  const config = clone(applied);
  const annotations = isRecord(config.metadata) ? config.metadata.annotations : undefined;
  if (isRecord(annotations)) delete annotations[LAST_APPLIED];
  const result = clone(next);
  (result.metadata as { annotations: Record<string, unknown> }).annotations[LAST_APPLIED] = goJson(config);
  return result;
}

/**
 * JSON as Go's encoding/json writes it through a json.Encoder (what kubectl and the server store in
 * the annotation): object keys sorted as strings (`"10"` before `"9"`, so the text is written here:
 * a JavaScript object puts integer-like keys first), `<`, `>`, `&`, U+2028 and U+2029 escaped, a
 * final newline.
 */
export function goJson(value: unknown): string {
  const encode = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(encode).join(",")}]`
      : isRecord(v)
        ? `{${Object.keys(v)
            .filter((k) => v[k] !== undefined)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${encode(v[k])}`)
            .join(",")}}`
        : (JSON.stringify(v) ?? "null");
  const text = encode(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `${text}\n`;
}
