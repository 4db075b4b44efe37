// Seed objects from YAML files (multi-document, or a kind: List).
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";
import { isRecord } from "./json.js";
import type { KubeObject } from "./types.js";

/** Objects of a multi-document YAML file; errors name the file and line. */
export function readSeedFile(path: string): KubeObject[] {
  const text = readFileSync(path, "utf8");
  const objects: KubeObject[] = [];
  for (const doc of parseAllDocuments(text, { uniqueKeys: true, merge: true })) {
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0].line ?? 0;
      throw new Error(`${path}:${line}: ${error.message}`);
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    const items =
      isRecord(value) && Array.isArray(value.items) && String(value.kind).endsWith("List")
        ? value.items
        : [value];
    for (const item of items) {
      if (!isRecord(item) || typeof item.kind !== "string") {
        const line = doc.range ? text.slice(0, doc.range[0]).split("\n").length : 0;
        throw new Error(`${path}:${line}: not a Kubernetes object (no kind)`);
      }
      objects.push(item);
    }
  }
  return objects;
}
