// Update rules of ConfigMaps and Secrets marked `immutable: true`, in the real validation's
// order and wording: a Secret's type never changes; with `immutable` set, neither the flag nor
// data/binaryData may change (metadata may, and deleting is allowed). Secret stringData is
// folded into data before this runs, as on the real server.
import { deepEqual } from "./json.js";
import type { KubeObject } from "./types.js";

export interface UpdateCause {
  field: string;
  message: string;
  reason?: string;
}

const IMMUTABLE_SET = "Forbidden: field is immutable when `immutable` is set";

/** Empty and missing maps are the same stored value. */
function sameMap(a: unknown, b: unknown): boolean {
  return deepEqual(a ?? {}, b ?? {});
}

export function configUpdateCauses(kind: string, previous: KubeObject, next: KubeObject): UpdateCause[] {
  const causes: UpdateCause[] = [];
  if (kind === "Secret" && previous.type !== next.type) {
    causes.push({
      field: "type",
      message: `Invalid value: ${JSON.stringify(next.type)}: field is immutable`,
    });
  }
  if (previous.immutable !== true) return causes;
  const forbid = (field: string) =>
    causes.push({ field, message: IMMUTABLE_SET, reason: "FieldValueForbidden" });
  if (next.immutable !== true) forbid("immutable");
  if (!sameMap(previous.data, next.data)) forbid("data");
  if (kind === "ConfigMap" && !sameMap(previous.binaryData, next.binaryData)) forbid("binaryData");
  return causes;
}
