// Strategic merge patch, the subset of k8s.io/apimachinery's strategicpatch that built-in
// objects need: maps merge recursively, null deletes, lists of objects merge by their patch
// merge key, `$patch: replace|delete`, `$retainKeys`, `$setElementOrder/<list>` and
// `$deleteFromPrimitiveList/<list>`. The resulting list order follows the real algorithm
// (patch items in patch order, server-only items slotted back by their original positions).
import { clone, isRecord } from "./json.js";
import { type FieldSchema, schemaForKind, type TypeSchema } from "./strategic-merge-schema.js";

const DIRECTIVE = "$patch";
const RETAIN_KEYS = "$retainKeys";
const SET_ORDER = "$setElementOrder/";
const DELETE_PRIMITIVE = "$deleteFromPrimitiveList/";

type Obj = Record<string, unknown>;

export class PatchError extends Error {
  override name = "PatchError";
}

/** Apply a strategic merge patch to `original` (not modified) for an object of `kind`. */
export function strategicMerge(original: Obj, patch: unknown, kind: string): Obj {
  if (!isRecord(patch)) throw new PatchError("strategic merge patch must be a JSON object");
  return mergeMap(clone(original), clone(patch), schemaForKind(kind));
}

function mergeMap(original: Obj | undefined, patch: Obj, schema: TypeSchema | undefined): Obj {
  if (DIRECTIVE in patch) return mapDirective(patch);
  const result: Obj = original ?? {};
  applyRetainKeys(result, patch);
  // Ordered lists first: each removes its list from the patch so the loop below skips it.
  for (const [key, order] of Object.entries(patch)) {
    if (key.startsWith(SET_ORDER))
      applySetElementOrder(result, patch, key.slice(SET_ORDER.length), order, schema);
  }
  for (const [key, patchValue] of Object.entries(patch)) {
    if (key === RETAIN_KEYS || key.startsWith(SET_ORDER)) continue;
    if (key.startsWith(DELETE_PRIMITIVE)) {
      const listKey = key.slice(DELETE_PRIMITIVE.length);
      const current = result[listKey];
      if (!Array.isArray(patchValue)) throw new PatchError(`${key} must be a list`);
      if (Array.isArray(current)) result[listKey] = current.filter((v) => !patchValue.includes(v));
      continue;
    }
    if (patchValue === null) {
      delete result[key];
      continue;
    }
    if (!(key in result) || typeOf(result[key]) !== typeOf(patchValue)) {
      result[key] = withoutNulls(patchValue);
      continue;
    }
    const field = schema?.fields[key];
    const current = result[key];
    if (isRecord(current) && isRecord(patchValue)) {
      result[key] =
        field?.strategy === "replace" ? withoutNulls(patchValue) : mergeMap(current, patchValue, field?.type);
    } else if (Array.isArray(current) && Array.isArray(patchValue)) {
      result[key] =
        field?.strategy === "merge" ? mergeList(current, patchValue, field) : withoutNulls(patchValue);
    } else {
      result[key] = patchValue;
    }
  }
  return result;
}

function mapDirective(patch: Obj): Obj {
  const directive = patch[DIRECTIVE];
  if (directive === "replace") {
    const { [DIRECTIVE]: _, ...rest } = patch;
    return withoutNulls(rest) as Obj;
  }
  if (directive === "delete") return {};
  throw new PatchError(`Unknown patch type: ${String(directive)} in map: ${JSON.stringify(patch)}`);
}

function applyRetainKeys(original: Obj, patch: Obj): void {
  const retain = patch[RETAIN_KEYS];
  if (retain === undefined) return;
  if (!Array.isArray(retain)) throw new PatchError("$retainKeys must be a list of strings");
  for (const key of Object.keys(original)) {
    if (!retain.includes(key)) delete original[key];
  }
}

function applySetElementOrder(result: Obj, patch: Obj, listKey: string, order: unknown, schema?: TypeSchema) {
  if (!Array.isArray(order)) throw new PatchError(`${SET_ORDER}${listKey} must be a list`);
  const field = schema?.fields[listKey];
  const current = result[listKey];
  const patchList = patch[listKey];
  if (!Array.isArray(current)) return;
  const mergeKey = field?.mergeKey;
  // When the list itself is in the patch, mergeMap merges it; the order is applied after.
  const merged = Array.isArray(patchList) && field ? mergeList(current, patchList, field) : current;
  const [inOrder, serverOnly] = partition(merged, order, mergeKey);
  result[listKey] = mergeSorted(
    sortBy(serverOnly, current, mergeKey),
    sortBy(inOrder, order, mergeKey),
    current,
    mergeKey,
  );
  delete patch[listKey];
}

function mergeList(original: unknown[], patch: unknown[], field: FieldSchema): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const mergeKey = field.mergeKey;
  const objects = [...original, ...patch].some(isRecord);
  if (!objects) {
    const merged = [...new Set([...original, ...patch])];
    const [patchItems, serverOnly] = partition(merged, patch, undefined);
    return mergeSorted(
      sortBy(serverOnly, original, undefined),
      sortBy(patchItems, patch, undefined),
      original,
      undefined,
    );
  }
  if (!mergeKey) throw new PatchError("cannot merge lists without merge key");
  let base = original;
  let items: unknown[] = [];
  let replace = false;
  for (const item of patch) {
    if (!isRecord(item)) throw new PatchError(`list item ${JSON.stringify(item)} is not an object`);
    if (!(DIRECTIVE in item)) {
      items.push(item);
      continue;
    }
    const directive = item[DIRECTIVE];
    if (directive === "delete") {
      if (!(mergeKey in item))
        throw new PatchError(`map: ${JSON.stringify(item)} does not contain declared merge key: ${mergeKey}`);
      base = base.filter((o) => !(isRecord(o) && o[mergeKey] === item[mergeKey]));
    } else if (directive === "replace") {
      replace = true;
    } else {
      throw new PatchError(`Unknown patch type: ${String(directive)} in map: ${JSON.stringify(item)}`);
    }
  }
  if (replace) {
    base = items.map(withoutNulls);
    items = [];
  }
  const merged = [...base];
  for (const item of items as Obj[]) {
    if (!(mergeKey in item))
      throw new PatchError(`map: ${JSON.stringify(item)} does not contain declared merge key: ${mergeKey}`);
    const index = merged.findIndex((o) => isRecord(o) && o[mergeKey] === item[mergeKey]);
    if (index >= 0) merged[index] = mergeMap(merged[index] as Obj, item, field.type);
    else merged.push(withoutNulls(item));
  }
  const [patchItems, serverOnly] = partition(merged, items, mergeKey);
  return mergeSorted(sortBy(serverOnly, base, mergeKey), sortBy(patchItems, items, mergeKey), base, mergeKey);
}

function identity(item: unknown, mergeKey: string | undefined): unknown {
  return mergeKey && isRecord(item) ? item[mergeKey] : item;
}

function indexIn(list: unknown[], item: unknown, mergeKey: string | undefined): number {
  const id = identity(item, mergeKey);
  return list.findIndex((o) => identity(o, mergeKey) === id);
}

/** Items of `merged` present in `list` (by merge key), and the rest. */
function partition(merged: unknown[], list: unknown[], mergeKey: string | undefined): [unknown[], unknown[]] {
  const present: unknown[] = [];
  const absent: unknown[] = [];
  for (const item of merged) (indexIn(list, item, mergeKey) >= 0 ? present : absent).push(item);
  return [present, absent];
}

function sortBy(items: unknown[], order: unknown[], mergeKey: string | undefined): unknown[] {
  return [...items].sort((a, b) => indexIn(order, a, mergeKey) - indexIn(order, b, mergeKey));
}

/** strategicpatch.mergeSortedSlice: insert server-only items among patch items by server order. */
function mergeSorted(
  left: unknown[],
  right: unknown[],
  serverOrder: unknown[],
  mergeKey: string | undefined,
) {
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey);
      const ri = indexIn(serverOrder, right[j], mergeKey);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return "list";
  if (value === null) return "null";
  return typeof value;
}

/** The server decodes into typed structs, so nulls in newly added values vanish. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isRecord(value)) return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = withoutNulls(v);
  return out;
}
