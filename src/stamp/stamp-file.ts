// One raw manifest file stamped: the targets defined in it get their value by minimal byte edits
// (annotation-edit.ts), every other byte of the file kept. Pure: text in, text out.

import { type Document, isMap, isSeq, parseAllDocuments } from "yaml";
import { canonicalJson } from "../core/config-content.js";
import { field, isRecord, stringField } from "../core/json-shape.js";
import { isListKind } from "../core/kinds/api-kinds.js";
import { idKey, shortId } from "../core/model.js";
import { CONFIG_HASH_ANNOTATION } from "../core/restart-patch.js";
import {
  annotationEdits,
  applyEdits,
  type ByteEdit,
  lineOf,
  SharedNodeError,
  UnstampableError,
} from "./annotation-edit.js";
import type { StampTarget } from "./stamp-workloads.js";

interface StampedFile {
  text: string;
  /** The targets whose stamp this changes. */
  changed: StampTarget[];
  unstampable: Array<{ target: StampTarget; reason: string }>;
  /**
   * Why the file must not be stamped at all (the run stops, exit 2, before any write): an edit that
   * would go beside a YAML merge key or into an anchor used elsewhere (SharedNodeError), or edits
   * that would change the objects Kubernetes reads from the file in any other way than the stamp.
   * `text` is then the source unchanged.
   */
  refused?: string;
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
  for (const { doc, node, object } of docs.flatMap(objectsOf)) {
    const target = byId.get(idKey(idOf(object, defaultNamespace)));
    if (!target || target.current === target.hash) continue;
    byId.delete(idKey(target.id));
    try {
      const edit = annotationEdits(
        source,
        doc,
        target.templatePath,
        CONFIG_HASH_ANNOTATION,
        target.hash,
        node,
      );
      if (edit.length > 0) {
        edits.push(...edit);
        result.changed.push(target);
      }
    } catch (error) {
      if (error instanceof SharedNodeError) {
        const line = lineOf(source, error.offset);
        return {
          ...result,
          changed: [],
          refused: `line ${line}: ${shortId(target.id)}: ${error.message}`,
        };
      }
      if (!(error instanceof UnstampableError)) throw error;
      result.unstampable.push({ target, reason: error.message });
    }
  }
  for (const target of byId.values()) {
    if (target.current !== target.hash) {
      result.unstampable.push({ target, reason: "its document could not be found again in the file" });
    }
  }
  const text = applyEdits(source, edits);
  const refused = edits.length > 0 ? changedBeyondStamp(source, text, result.changed) : undefined;
  if (refused !== undefined) return { ...result, changed: [], refused };
  result.text = text;
  return result;
}

/**
 * The proof of a raw file's edits, read as Kubernetes reads it (YAML 1.1, merge keys applied): every
 * document the same as before but for the stamp, each stamped workload exactly what a merge patch of
 * the stamp makes of it (`kubectl patch --local`: an `annotations: null` or `{}` becomes the one
 * annotation). Undefined when so, else what differs (a bug in the edit: nothing is written then).
 */
function changedBeyondStamp(
  source: string,
  text: string,
  targets: readonly StampTarget[],
): string | undefined {
  const before = kubernetesView(source);
  const after = kubernetesView(text);
  if (after.errors.length > before.errors.length) {
    return `line ${lineOf(text, after.errors[0]!)}: the stamped file would no longer parse; nothing was written to it`;
  }
  if (before.objects.length !== after.objects.length) return "the stamped file would hold other documents";
  for (const [i, object] of after.objects.entries()) {
    const id = idOf(object, "");
    const target = targets.find((t) => t.id.kind === id.kind && t.id.name === id.name);
    const original = before.objects[i];
    const expected = target ? withStamp(original, target.templatePath, target.hash) : original;
    if (canonicalJson(object ?? null) !== canonicalJson(expected ?? null)) {
      return `${shortId(id)}: the edit would change more than the stamp (as Kubernetes reads the file); nothing was written to it`;
    }
  }
  return undefined;
}

function kubernetesView(text: string): { objects: unknown[]; errors: number[] } {
  const docs = parseAllDocuments(text, {
    logLevel: "silent",
    uniqueKeys: false,
    version: "1.1",
    merge: true,
  }) as Document.Parsed[];
  const errors = docs.flatMap((d) => d.errors.map((e) => e.pos[0]));
  const objects = docs.map((d) => {
    try {
      return d.toJS({ maxAliasCount: 100 }) as unknown;
    } catch {
      return undefined;
    }
  });
  return { objects: objects.flatMap(listedObjects), errors };
}

/** An object, or a List (its items counted) followed by each of its items, as kubectl applies them. */
function listedObjects(object: unknown): unknown[] {
  const items = field(object, "items");
  if (!isRecord(object) || !Array.isArray(items) || !isListKind(stringField(object, "kind") ?? "", items))
    return [object];
  return [{ ...object, items: items.length }, ...items.flatMap(listedObjects)];
}

/** `object` as a merge patch of the stamp leaves it: the annotation set, null or missing maps made. */
function withStamp(object: unknown, path: readonly string[], hash: string): unknown {
  const copy = JSON.parse(JSON.stringify(object ?? null)) as unknown;
  let node = copy;
  for (const segment of path) node = isRecord(node) ? node[segment] : undefined;
  if (!isRecord(node)) return copy;
  const metadata = isRecord(node.metadata) ? node.metadata : {};
  const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
  annotations[CONFIG_HASH_ANNOTATION] = hash;
  metadata.annotations = annotations;
  node.metadata = metadata;
  return copy;
}

/**
 * The objects of a document as the plan reads them (manifest-reader.ts): the document, or each item
 * of a List (Lists in it too), with the node it is written as (an item's may be a YAML alias).
 */
function objectsOf(doc: Document.Parsed): Array<{ doc: Document.Parsed; node: unknown; object: unknown }> {
  let object: unknown;
  try {
    object = doc.errors.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : undefined;
  } catch {
    object = undefined;
  }
  const inside = (node: unknown, value: unknown): Array<{ node: unknown; object: unknown }> => {
    const items = field(value, "items");
    if (!Array.isArray(items) || !isListKind(stringField(value, "kind") ?? "", items)) {
      return [{ node, object: value }];
    }
    // Items written as an alias (`items: *all`) are each that alias: not edited (annotation-edit.ts).
    const written = isMap(node) ? node.get("items", true) : undefined;
    return items.flatMap((item, i) => inside(isSeq(written) ? written.items[i] : written, item));
  };
  return inside(doc.contents, object).map((o) => ({ doc, ...o }));
}

function idOf(object: unknown, defaultNamespace: string): { kind: string; namespace: string; name: string } {
  if (!isRecord(object)) return { kind: "", namespace: "", name: "" };
  const metadata = field(object, "metadata");
  return {
    kind: stringField(object, "kind") ?? "",
    namespace: stringField(metadata, "namespace") || defaultNamespace,
    name: stringField(metadata, "name") ?? "",
  };
}
