// One raw manifest file stamped: the targets defined in it get their value by minimal byte edits
// (annotation-edit.ts), every other byte of the file kept. Pure: text in, text out.

import { type Document, parseAllDocuments } from "yaml";
import { field, isRecord, stringField } from "../manifests/json-shape.js";
import { idKey } from "../model.js";
import { CONFIG_HASH_ANNOTATION } from "../restart-patch.js";
import { annotationEdits, applyEdits, type ByteEdit, UnstampableError } from "./annotation-edit.js";
import type { StampTarget } from "./stamp-workloads.js";

export interface StampedFile {
  text: string;
  /** The targets whose stamp this changes. */
  changed: StampTarget[];
  unstampable: Array<{ target: StampTarget; reason: string }>;
}

export function stampFile(
  source: string,
  targets: readonly StampTarget[],
  defaultNamespace: string,
): StampedFile {
  const byId = new Map(targets.map((t) => [idKey(t.id), t]));
  const result: StampedFile = { text: source, changed: [], unstampable: [] };
  const edits: ByteEdit[] = [];
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(source, { logLevel: "silent", uniqueKeys: false }) as Document.Parsed[];
  } catch {
    docs = [];
  }
  for (const doc of docs) {
    const target = byId.get(idKey(idOf(doc, defaultNamespace)));
    if (!target || target.current === target.hash) continue;
    byId.delete(idKey(target.id));
    try {
      const edit = annotationEdits(source, doc, target.templatePath, CONFIG_HASH_ANNOTATION, target.hash);
      if (edit.length > 0) {
        edits.push(...edit);
        result.changed.push(target);
      }
    } catch (error) {
      if (!(error instanceof UnstampableError)) throw error;
      result.unstampable.push({ target, reason: error.message });
    }
  }
  for (const target of byId.values()) {
    if (target.current !== target.hash) {
      result.unstampable.push({ target, reason: "its document could not be found again in the file" });
    }
  }
  result.text = applyEdits(source, edits);
  return result;
}

function idOf(
  doc: Document.Parsed,
  defaultNamespace: string,
): { kind: string; namespace: string; name: string } {
  let object: unknown;
  try {
    object = doc.errors.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : undefined;
  } catch {
    object = undefined;
  }
  if (!isRecord(object)) return { kind: "", namespace: "", name: "" };
  const metadata = field(object, "metadata");
  return {
    kind: stringField(object, "kind") ?? "",
    namespace: stringField(metadata, "namespace") || defaultNamespace,
    name: stringField(metadata, "name") ?? "",
  };
}
