// Versioned configs: every content change of a ConfigMap/Secret becomes its own immutable copy
// `<name>-<hash>`. This file says what a copy is called and what it holds; creating it is the
// pipeline's job (rollout/versioned/).

import { createHash, createHmac } from "node:crypto";
import { isFullSha } from "../../core/commit-sha.js";
import { canonicalJson } from "../../core/config-content.js";
import { UserError } from "../../core/errors.js";
import { field, isRecord, stringField } from "../../core/json-shape.js";
import type { ConfigContent, ConfigKind, ObjectId } from "../../core/model.js";

/**
 * On every copy: the config it was copied from (sourceLabelValue: its name, or a shortened form of a
 * name too long for a label value). Copies are listed by the managed label and matched to their
 * source by this label and their name together (copySourceOf).
 */
const SOURCE_LABEL = "config-rollout.io/source";
/** On every copy: only objects carrying it (and the copy's name and commit, copySourceOf) are ever deleted by --prune. */
export const MANAGED_LABEL = "config-rollout.io/managed";
/** On every copy: the commit whose content it holds. */
const SOURCE_COMMIT_ANNOTATION = "config-rollout.io/source-commit";

/** Hex digits of the content hash in a copy's name: 40 bits, like kustomize's 10-character suffix. */
const SUFFIX_LENGTH = 10;
/** ConfigMap and Secret names are DNS subdomains. */
const MAX_NAME_LENGTH = 253;
/** The longest source name whose copy name `<name>-<hash>` is still a valid object name. */
const MAX_SOURCE_NAME_LENGTH = MAX_NAME_LENGTH - SUFFIX_LENGTH - 1;
/** The API server refuses label values longer than this. */
const MAX_LABEL_VALUE_LENGTH = 63;
/** A copy's name: its source's name, a dash, and the 10 hex digits of its content hash. */
const COPY_NAME = /^(.+)-[0-9a-f]{10}$/;

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
  checkCopyName(sourceName);
  return `${sourceName}-${hash}`;
}

/** Refuses a source whose copy could not be named: `<name>-<hash>` over 253 characters. */
export function checkCopyName(sourceName: string): void {
  const length = sourceName.length + 1 + SUFFIX_LENGTH;
  if (length > MAX_NAME_LENGTH) {
    throw new UserError(
      `${sourceName}: its versioned copy would be named ${length} characters long (${sourceName.length} + a dash and a ${SUFFIX_LENGTH}-digit hash; an object name is at most ${MAX_NAME_LENGTH}): shorten the config's name to at most ${MAX_SOURCE_NAME_LENGTH} characters, or use another --strategy`,
    );
  }
}

/**
 * The source label's value for a config: its name when that is a valid label value (at most 63
 * characters; every config name fits the characters), else the name's first 52 characters, a
 * dash and 10 hex digits of a SHA-256 of the whole name (63 characters). Copies made before the
 * long form existed carry the name itself, which this gives for every name that fits.
 */
export function sourceLabelValue(sourceName: string): string {
  if (sourceName.length <= MAX_LABEL_VALUE_LENGTH) return sourceName;
  const hash = createHash("sha256").update(sourceName, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
  return `${sourceName.slice(0, MAX_LABEL_VALUE_LENGTH - SUFFIX_LENGTH - 1)}-${hash}`;
}

export interface CopySource {
  id: ObjectId & { kind: ConfigKind };
  /** The config as committed (its data/binaryData/type are copied). */
  object: Plain;
  /** What the pods see of it (core/config-content.ts). */
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
      labels: { [SOURCE_LABEL]: sourceLabelValue(id.name), [MANAGED_LABEL]: "true" },
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

/**
 * The source a live object is a copy of, when it is one of config-rollout's copies (the only
 * objects --prune may delete, and the only ones a workload is repointed from): the managed label,
 * a name `<source>-<10 hex digits>`, the source label that name gives (sourceLabelValue) and the
 * commit it was copied at. A look-alike that has the labels alone (a config a repository defines
 * with them, a copy of a copy under another name) is not a copy.
 */
export function copySourceOf(obj: unknown): string | undefined {
  const metadata = field(obj, "metadata");
  const labels = field(metadata, "labels");
  if (stringField(labels, MANAGED_LABEL) !== "true") return undefined;
  const source = COPY_NAME.exec(stringField(metadata, "name") ?? "")?.[1];
  if (source === undefined || stringField(labels, SOURCE_LABEL) !== sourceLabelValue(source))
    return undefined;
  return copyCommitOf(obj) === undefined ? undefined : source;
}

/** The commit a copy was made at (its source-commit annotation), when it names one. */
export function copyCommitOf(obj: unknown): string | undefined {
  const commit = stringField(field(field(obj, "metadata"), "annotations"), SOURCE_COMMIT_ANNOTATION);
  return commit !== undefined && isFullSha(commit) ? commit : undefined;
}

/** Whether a live object is one of config-rollout's copies (copySourceOf). */
export function isManagedCopy(obj: unknown): boolean {
  return copySourceOf(obj) !== undefined;
}
