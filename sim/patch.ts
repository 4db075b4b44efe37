// PATCH bodies by Content-Type, as the real server accepts them (415 for anything else).
import { parse as parseYaml } from "yaml";
import { isRecord } from "./json.js";
import { jsonPatch, mergePatch } from "./json-patch.js";
import { badRequest, unsupportedMediaType } from "./status.js";
import { PatchError, strategicMerge } from "./strategic-merge.js";
import type { KubeObject } from "./types.js";

export const PATCH_TYPES = [
  "application/json-patch+json",
  "application/merge-patch+json",
  "application/apply-patch+yaml",
  "application/strategic-merge-patch+json",
] as const;

export type PatchType = (typeof PATCH_TYPES)[number];

/** The media type without parameters, lower-cased ("application/json; charset=utf-8" -> "application/json"). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function patchTypeOf(contentType: string | undefined): PatchType {
  const type = mediaType(contentType);
  const known = PATCH_TYPES.find((t) => t === type);
  if (!known) throw unsupportedMediaType(PATCH_TYPES);
  return known;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(`error decoding patch: ${(error as Error).message}`);
  }
}

/** A request body as an object: JSON, or YAML for apply patches and application/yaml bodies. */
export function parseBody(text: string, contentType: string | undefined): unknown {
  const type = mediaType(contentType);
  if (type === "application/apply-patch+yaml" || type === "application/yaml") {
    try {
      return parseYaml(text);
    } catch (error) {
      throw badRequest(`error decoding YAML: ${(error as Error).message}`);
    }
  }
  if (type !== "" && type !== "application/json" && !type.endsWith("+json")) {
    // kubectl's typed generators (`kubectl create configmap`) send protobuf; the simulator speaks JSON only.
    throw unsupportedMediaType(["application/json", "application/yaml"]);
  }
  if (text.trim() === "") throw badRequest("the request body is empty");
  return parseJson(text);
}

/** The object an existing object becomes under a patch (apply patches are handled by the caller). */
export function applyPatch(type: PatchType, existing: KubeObject, patch: unknown, kind: string): KubeObject {
  try {
    let result: unknown;
    if (type === "application/json-patch+json") result = jsonPatch(existing, patch);
    else if (type === "application/merge-patch+json") result = mergePatch(existing, patch);
    else result = strategicMerge(existing, patch, kind);
    if (!isRecord(result)) throw new PatchError("the patch did not produce an object");
    return result;
  } catch (error) {
    if (error instanceof PatchError) throw badRequest(error.message);
    throw error;
  }
}
