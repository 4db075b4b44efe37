// Versioned configs: every content change of a ConfigMap/Secret becomes its own immutable copy
// `<name>-<hash>`. This file says what a copy is called and what it holds; creating it is the
// pipeline's job (pipeline/strategy/versioned/).

import { createHash, createHmac } from "node:crypto";
import { UserError } from "../errors.js";
import { canonicalJson } from "../manifests/config-content.js";
import { field, isRecord, stringField } from "../manifests/json-shape.js";
import type { ConfigContent, ConfigKind, ObjectId } from "../model.js";

/** On every copy: the name of the config it was copied from. Copies are found by this label, never by name. */
export const SOURCE_LABEL = "config-rollout.io/source";
/** On every copy: only objects carrying it are ever deleted by --prune. */
export const MANAGED_LABEL = "config-rollout.io/managed";
/** On every copy: the commit whose content it holds. */
export const SOURCE_COMMIT_ANNOTATION = "config-rollout.io/source-commit";

/** Hex digits of the content hash in a copy's name: 40 bits, like kustomize's 10-character suffix. */
const SUFFIX_LENGTH = 10;
/** ConfigMap and Secret names are DNS subdomains. */
const MAX_NAME_LENGTH = 253;

type Plain = Record<string, unknown>;

/**
 * The short content hash of a copy: of its kind, Secret type and content, so reruns and parallel
 * clusters name the same content the same. With `key` it is an HMAC, so a Secret's name reveals
 * nothing a guess could confirm.
 */
export function copyHash(kind: ConfigKind, content: ConfigContent, type?: string, key?: Buffer): string {
  const payload = canonicalJson({ kind, type: type ?? null, content });
  const hash = key === undefined ? createHash("sha256") : createHmac("sha256", key);
  return hash.update(payload, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
}

export function copyName(sourceName: string, hash: string): string {
  const name = `${sourceName}-${hash}`;
  if (name.length > MAX_NAME_LENGTH) {
    throw new UserError(
      `${sourceName}: a versioned copy would be named ${name.length} characters long (limit ${MAX_NAME_LENGTH}); shorten the config's name`,
    );
  }
  return name;
}

export interface CopySource {
  id: ObjectId & { kind: ConfigKind };
  /** The config as committed (its data/binaryData/type are copied). */
  object: Plain;
  /** What the pods see of it (core/manifests/config-content.ts). */
  content: ConfigContent;
}

export interface ConfigCopy {
  source: ObjectId & { kind: ConfigKind };
  name: string;
  /** The copy as a server-side apply body. */
  body: Plain;
}

/** The immutable copy of a committed config, labelled as managed and naming its source and commit. */
export function configCopy(source: CopySource, commit: string, key?: Buffer): ConfigCopy {
  const { id, object, content } = source;
  const type = id.kind === "Secret" ? (stringField(object, "type") ?? "Opaque") : undefined;
  const name = copyName(id.name, copyHash(id.kind, content, type, key));
  const body: Plain = {
    apiVersion: "v1",
    kind: id.kind,
    metadata: {
      name,
      namespace: id.namespace,
      labels: { [SOURCE_LABEL]: id.name, [MANAGED_LABEL]: "true" },
      annotations: { [SOURCE_COMMIT_ANNOTATION]: commit },
    },
    immutable: true,
    ...(id.kind === "Secret" ? { type, data: { ...content } } : configMapData(object, content)),
  };
  return { source: id, name, body };
}

/** ConfigMap keys stay where the source had them: text in data, bytes in binaryData. */
function configMapData(object: Plain, content: ConfigContent): Plain {
  const binaryKeys = new Set(
    isRecord(field(object, "binaryData")) ? Object.keys(field(object, "binaryData") as Plain) : [],
  );
  const data: Record<string, string> = {};
  const binaryData: Record<string, string> = {};
  for (const [key, base64] of Object.entries(content)) {
    if (binaryKeys.has(key)) binaryData[key] = base64;
    else data[key] = Buffer.from(base64, "base64").toString("utf8");
  }
  return {
    ...(Object.keys(data).length > 0 ? { data } : {}),
    ...(Object.keys(binaryData).length > 0 ? { binaryData } : {}),
  };
}

/** Whether a live object is one of config-rollout's copies (the only objects --prune may delete). */
export function isManagedCopy(obj: unknown): boolean {
  const labels = field(field(obj, "metadata"), "labels");
  return (
    stringField(labels, MANAGED_LABEL) === "true" && typeof stringField(labels, SOURCE_LABEL) === "string"
  );
}
