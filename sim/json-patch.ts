// RFC 6902 JSON Patch and RFC 7386 JSON Merge Patch on plain JSON values.
import { clone, deepEqual, isRecord } from "./json.js";
import { PatchError } from "./strategic-merge.js";

/** RFC 7386: objects merge recursively, null deletes, everything else (lists included) replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return clone(patch);
  const result: Record<string, unknown> = isRecord(target) ? clone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

function parsePointer(pointer: unknown): string[] {
  if (typeof pointer !== "string") throw new PatchError("JSON patch path must be a string");
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new PatchError(`invalid JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function parentOf(doc: unknown, path: string[], pointer: string): [unknown, string] {
  let current = doc;
  for (const part of path.slice(0, -1)) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isRecord(current)) current = current[part];
    else current = undefined;
    if (current === undefined) throw new PatchError(`doc is missing path: "${pointer}": missing value`);
  }
  return [current, path[path.length - 1] ?? ""];
}

function arrayIndex(list: unknown[], key: string, pointer: string, allowEnd: boolean): number {
  if (allowEnd && key === "-") return list.length;
  const index = Number(key);
  const max = allowEnd ? list.length : list.length - 1;
  if (!/^\d+$/.test(key) || index > max)
    throw new PatchError(`unable to access invalid index: ${key} in ${pointer}`);
  return index;
}

function readAt(doc: unknown, pointer: string): unknown {
  const path = parsePointer(pointer);
  if (path.length === 0) return doc;
  const [parent, key] = parentOf(doc, path, pointer);
  const value = Array.isArray(parent)
    ? parent[arrayIndex(parent, key, pointer, false)]
    : isRecord(parent)
      ? parent[key]
      : undefined;
  if (value === undefined) throw new PatchError(`doc is missing path: "${pointer}": missing value`);
  return value;
}

function removeAt(doc: unknown, pointer: string): unknown {
  const path = parsePointer(pointer);
  const [parent, key] = parentOf(doc, path, pointer);
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, key, pointer, false), 1)[0];
  if (!isRecord(parent) || !(key in parent))
    throw new PatchError(`doc is missing path: "${pointer}": missing value`);
  const value = parent[key];
  delete parent[key];
  return value;
}

function addAt(doc: unknown, pointer: string, value: unknown, replace: boolean): unknown {
  const path = parsePointer(pointer);
  if (path.length === 0) return clone(value);
  const [parent, key] = parentOf(doc, path, pointer);
  if (Array.isArray(parent)) {
    const index = arrayIndex(parent, key, pointer, !replace);
    parent.splice(index, replace ? 1 : 0, clone(value));
  } else if (isRecord(parent)) {
    if (replace && !(key in parent)) throw new PatchError(`doc is missing key: ${pointer}: missing value`);
    parent[key] = clone(value);
  } else {
    throw new PatchError(`doc is missing path: "${pointer}": missing value`);
  }
  return doc;
}

/** RFC 6902: ops applied in order to a copy of `doc`; a failed op fails the whole patch. */
export function jsonPatch(doc: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) throw new PatchError("json patch must be a list of operations");
  let result = clone(doc);
  for (const op of ops) {
    if (!isRecord(op)) throw new PatchError("json patch operation must be an object");
    const path = op.path as string;
    switch (op.op) {
      case "add":
        result = addAt(result, path, op.value, false);
        break;
      case "replace":
        result = addAt(result, path, op.value, true);
        break;
      case "remove":
        removeAt(result, path);
        break;
      case "move": {
        const value = removeAt(result, op.from as string);
        result = addAt(result, path, value, false);
        break;
      }
      case "copy":
        result = addAt(result, path, readAt(result, op.from as string), false);
        break;
      case "test":
        if (!deepEqual(readAt(result, path), op.value))
          throw new PatchError(`testing value ${path} failed: test failed`);
        break;
      default:
        throw new PatchError(`Unexpected kind: ${String(op.op)}`);
    }
  }
  return result;
}
