// What turns YAML documents into Kubernetes objects and problems, shared by both parses: the fast
// path for the plain YAML manifests are written in (`parseManifestsFast`, which never loads the
// `yaml` package, ~260 KB of code to load) and the full parse (parse-manifests.ts).
// Pure: the caller reads the file (at a revision) and passes its text or bytes.

import type { Document } from "yaml";
import { describeType, field, isRecord, type JsonObject } from "../../core/json-shape.js";
import { isClusterScoped, isListKind } from "../../core/kinds/api-kinds.js";
import { WORKLOAD_KINDS } from "../../core/kinds/workload-kinds.js";
import type { Manifest, ManifestProblem } from "../../core/model.js";
import {
  isNamespaceName,
  isObjectName,
  NAMESPACE_RULE,
  OBJECT_NAME_RULE,
  quoteName,
} from "../../core/names.js";
import { decodeSource } from "./decode-source.js";
import { parseSimpleYaml } from "./fast-yaml.js";
import { LineIndex, type LinePositions } from "./line-index.js";
import { type SharedNodes, sharedNodes } from "./shared-template.js";
import {
  describeFailure,
  describeYamlErrorCode,
  duplicateKeyMessage,
  keyAt,
  QUIET_DETAIL,
  stringMapProblem,
} from "./yaml-messages.js";

export interface ParseManifestsOptions {
  /** Namespace for namespaced objects without metadata.namespace (kubectl's -n / context namespace). */
  defaultNamespace: string;
  /** Bound on alias expansion when converting a document (billion-laughs guard). Default 100. */
  maxAliasCount?: number;
  /** false: always the full `yaml` parse (the differential tests compare the two paths). Default true. */
  fast?: boolean;
}

export interface ParsedManifests {
  manifests: Manifest[];
  problems: ManifestProblem[];
}

const DEFAULT_MAX_ALIAS_COUNT = 100;
/** A garbage file can produce hundreds of parser errors; the first few say enough. */
const MAX_PROBLEMS_PER_FILE = 10;

/**
 * Kinds this tool acts on: for these a missing `metadata` is a mistake worth reporting. Other
 * apiVersion+kind documents without metadata are usually tool configs (kubeconfig `kind: Config`,
 * kind's `kind: Cluster`, kubeadm), which are not objects and not errors.
 */
const KINDS_THAT_NEED_METADATA = new Set<string>([
  "ConfigMap",
  "Secret",
  ...WORKLOAD_KINDS.map((k) => k.kind),
]);

/** apiVersion prefixes of files that carry apiVersion+kind but are never applied as objects. */
const NON_OBJECT_API_GROUPS = ["kustomize.config.k8s.io/"];

/** Cheap pre-filter: could this text hold a Kubernetes object at all? (false positives are fine) */
export function isProbablyManifestText(text: string): boolean {
  return /["']?apiVersion["']?\s*:/.test(text) && /["']?kind["']?\s*:/.test(text);
}

/** An alias whose anchor is not defined before it: where it is, and the anchor it names. */
export interface UnresolvedAlias {
  offset: number;
  name: string;
}

/** Where the node at a path of the value being read starts (undefined: unknown). */
type Locate = (path: Array<string | number>) => number | undefined;

/** An anchor name shown in a message: plain characters only (anything else is left out). */
const PLAIN_ANCHOR = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * The objects of a file through the fast path alone; undefined when the file needs the full parse
 * (parse-manifests.ts): YAML outside the plain subset, or any problem in it.
 */
export function parseManifestsFast(
  file: string,
  text: string | Uint8Array,
  opts: ParseManifestsOptions,
): ParsedManifests | undefined {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  return parseFast(file, decoded.source, opts);
}

/**
 * The fast path (fast-yaml.ts) for files in the plain subset of YAML manifests are written in;
 * undefined when the file is outside it or anything in it is a problem (the full parse, which
 * reports problems with their exact place, takes over).
 */
export function parseFast(
  file: string,
  source: string,
  opts: ParseManifestsOptions,
): ParsedManifests | undefined {
  const documents = parseSimpleYaml(source);
  if (documents === undefined) return undefined;
  // The fast path keeps no position of nested nodes: a List's items each start on their own line,
  // which only the full parse can say (found by comparing the two on real repositories' history).
  if (documents.some((doc) => Array.isArray(field(doc.value, "items")))) return undefined;
  const reader = new DocumentReader(file, source, new LineIndex(source), opts, false);
  for (const doc of documents) reader.readValue(doc.value, doc.start, () => undefined);
  if (reader.cappedProblems().length > 0) return undefined;
  return { manifests: reader.manifests, problems: [] };
}

/**
 * Errors in a file that names no apiVersion and kind (a CI config, Helm values, a broken JSON
 * fixture) are not manifest errors: reported as warnings, so --strict fails only on manifests.
 */
export function notAManifestIsAWarning(source: string, problems: ManifestProblem[]): ManifestProblem[] {
  if (isProbablyManifestText(source)) return problems;
  return problems.map((p) =>
    p.severity === "error"
      ? {
          ...p,
          severity: "warning",
          message: `${p.message} (not read: does not look like a Kubernetes manifest)`,
        }
      : p,
  );
}

export class DocumentReader {
  readonly manifests: Manifest[] = [];
  private readonly problems: ManifestProblem[] = [];
  private readonly maxAliasCount: number;

  constructor(
    private readonly file: string,
    private readonly source: string,
    private readonly lineCounter: LinePositions,
    private readonly opts: ParseManifestsOptions,
    /** The file holds a Secret: messages never quote its text, only say where and what is wrong. */
    private readonly quiet: boolean,
  ) {
    const max = opts.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
    // A negative count disables yaml's guard: never allow that.
    this.maxAliasCount = Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAX_ALIAS_COUNT;
  }

  cappedProblems(): ManifestProblem[] {
    if (this.problems.length <= MAX_PROBLEMS_PER_FILE) return this.problems;
    const kept = this.problems.slice(0, MAX_PROBLEMS_PER_FILE);
    const last = kept[kept.length - 1]!;
    const hidden = this.problems.slice(MAX_PROBLEMS_PER_FILE);
    kept.push({
      file: this.file,
      line: last.line,
      col: last.col,
      message: `${hidden.length} more problems in this file not shown`,
      // Warnings alone (duplicate keys) leave the file read: the count must not make it broken.
      severity: hidden.some((p) => p.severity === "error") ? "error" : "warning",
    });
    return kept;
  }

  /**
   * `find`: the first alias whose anchor is not defined before it, the first merge key naming no
   * mapping (the full parse passes them: they need the `yaml` package's node types).
   */
  readDocument(
    doc: Document.Parsed,
    find?: {
      unresolvedAlias(doc: Document.Parsed): UnresolvedAlias | undefined;
      badMergeKey(doc: Document.Parsed): number | undefined;
    },
  ): void {
    if (doc.errors.length > 0) {
      // Every duplicate key is its own mistake; after the first syntax error the rest are echoes.
      const syntax = doc.errors
        .filter((e) => e.code !== "DUPLICATE_KEY")
        .sort((a, b) => a.pos[0] - b.pos[0])
        .slice(0, 1);
      const duplicates = doc.errors.filter((e) => e.code === "DUPLICATE_KEY");
      // kubectl (go-yaml v2 through sigs.k8s.io/yaml) applies a document with duplicate keys, the
      // last value winning: such a document is read as it is applied, with a warning (kustomize
      // rejects it, which its build reports). Broken otherwise, it is not read at all.
      const severity = syntax.length === 0 ? "warning" : "error";
      for (const error of [...duplicates, ...syntax].sort((a, b) => a.pos[0] - b.pos[0])) {
        const [start] = error.pos;
        const message =
          error.code === "DUPLICATE_KEY"
            ? duplicateKeyMessage(keyAt(this.source, start), this.quiet, severity === "warning")
            : `invalid YAML: ${this.quiet ? describeYamlErrorCode(error.code) : describeFailure(error)}`;
        this.problem(start, message, severity, error.code === "DUPLICATE_KEY");
      }
      if (severity === "error") return;
    }
    const contents = doc.contents;
    if (contents === null) return;
    const start = contents.range?.[0] ?? doc.range[0];
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: this.maxAliasCount });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // A merge key naming an undefined anchor fails as a merge of nothing: the anchor is the news.
      const unresolved = /^(Unresolved alias|Merge sources)/.test(text)
        ? find?.unresolvedAlias(doc)
        : undefined;
      if (unresolved !== undefined) {
        // In a Secret an unquoted value starting with * is read as an alias: its name is the value.
        const alias = !this.quiet && PLAIN_ANCHOR.test(unresolved.name) ? ` *${unresolved.name}` : "";
        this.problem(
          unresolved.offset,
          `the alias${alias} names an anchor that does not exist (an anchor &name must be defined before, in the same document): document ignored`,
        );
        return;
      }
      const merge = /^Merge sources/.test(text) ? find?.badMergeKey(doc) : undefined;
      this.problem(
        merge ?? start,
        merge !== undefined
          ? "the merge key << names no mapping (kubectl: map merge requires map or sequence of maps as the value): document ignored"
          : /^Excessive alias count/.test(text)
            ? `too many YAML alias expansions (more than ${this.maxAliasCount}; looks like an alias bomb): document ignored`
            : `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`,
      );
      return;
    }
    this.readValue(value, start, (path) => nodeStart(doc, path));
  }

  /**
   * One document (or one item of a List). `locate` finds the offset of a nested node, so each List
   * item and each bad field gets its own line.
   */
  readValue(value: unknown, start: number, locate: Locate, shared = sharedNodes(value, this.source)): void {
    // Scalars, lists and non-Kubernetes mappings (values files, docker-compose) are simply not objects.
    if (!isRecord(value)) return;
    const hasApiVersion = Object.hasOwn(value, "apiVersion");
    const hasKind = Object.hasOwn(value, "kind");
    if (!hasApiVersion || !hasKind) return;
    const apiVersion = value.apiVersion;
    const kind = value.kind;
    if (typeof apiVersion !== "string" || apiVersion === "" || typeof kind !== "string" || kind === "") {
      this.problem(start, "apiVersion and kind must be non-empty strings");
      return;
    }
    const items = field(value, "items");
    if (isListKind(kind, items)) {
      this.readList(kind, items, start, locate, shared);
      return;
    }
    if (NON_OBJECT_API_GROUPS.some((group) => apiVersion.startsWith(group))) return;
    this.readObject(value, kind, start, locate, shared);
  }

  private readList(kind: string, items: unknown, start: number, locate: Locate, shared: SharedNodes): void {
    if (items === undefined || items === null) return;
    if (!Array.isArray(items)) {
      this.problem(locate(["items"]) ?? start, `${kind}: items must be a list, found ${describeType(items)}`);
      return;
    }
    items.forEach((item, index) => {
      const itemStart = locate(["items", index]) ?? start;
      if (!isRecord(item) || !Object.hasOwn(item, "apiVersion") || !Object.hasOwn(item, "kind")) {
        this.problem(
          itemStart,
          `${kind} item ${index} is not a Kubernetes object (needs apiVersion and kind)`,
        );
        return;
      }
      this.readValue(item, itemStart, (path) => locate(["items", index, ...path]), shared);
    });
  }

  private readObject(
    object: JsonObject,
    kind: string,
    start: number,
    locate: Locate,
    shared: SharedNodes,
  ): void {
    const metadata = field(object, "metadata");
    if (metadata === undefined || metadata === null) {
      if (KINDS_THAT_NEED_METADATA.has(kind)) this.problem(start, `${kind} has no metadata.name`);
      return;
    }
    if (!isRecord(metadata)) {
      this.problem(
        locate(["metadata"]) ?? start,
        `${kind}: metadata must be a mapping, found ${describeType(metadata)}`,
      );
      return;
    }
    const name = field(metadata, "name");
    if (name === undefined || name === null) {
      // generateName objects are valid for `kubectl create`, but nothing can reference them by name.
      if (typeof field(metadata, "generateName") === "string") return;
      this.problem(locate(["metadata"]) ?? start, `${kind} has no metadata.name`);
      return;
    }
    if (typeof name !== "string" || name.trim() === "") {
      this.problem(
        locate(["metadata", "name"]) ?? start,
        `${kind}: metadata.name must be a non-empty string, found ${typeof name === "string" ? "an empty string" : describeType(name)}`,
      );
      return;
    }
    const checked = KINDS_THAT_NEED_METADATA.has(kind);
    if (checked && !isObjectName(name)) {
      this.problem(
        locate(["metadata", "name"]) ?? start,
        `${kind.toLowerCase()} ${quoteName(name)}: metadata.name is not a valid name (${OBJECT_NAME_RULE})`,
      );
      return;
    }
    const namespaceValue = field(metadata, "namespace");
    let namespace: string;
    let namespaceAssumed = false;
    if (isClusterScoped(kind)) {
      namespace = "";
    } else if (namespaceValue === undefined || namespaceValue === null || namespaceValue === "") {
      namespace = this.opts.defaultNamespace;
      namespaceAssumed = true;
    } else if (typeof namespaceValue === "string") {
      namespace = namespaceValue;
      if (checked && !isNamespaceName(namespace)) {
        this.problem(
          locate(["metadata", "namespace"]) ?? start,
          `${kind.toLowerCase()}/${name}: metadata.namespace ${quoteName(namespace)} is not a valid namespace name (${NAMESPACE_RULE})`,
        );
        return;
      }
    } else {
      this.problem(
        locate(["metadata", "namespace"]) ?? start,
        `${kind.toLowerCase()}/${name}: metadata.namespace must be a string, found ${describeType(namespaceValue)}`,
      );
      return;
    }
    // kubectl decodes metadata into its typed form: a label or annotation that is not a string fails it.
    for (const mapName of ["labels", "annotations"] as const) {
      const problem = stringMapProblem(field(metadata, mapName));
      if (problem === undefined) continue;
      const where = locate(["metadata", mapName]) ?? start;
      this.problem(
        where,
        `${kind.toLowerCase()}/${name}: metadata.${mapName}${problem} (kubectl rejects it)`,
      );
      return;
    }
    this.manifests.push({
      id: { kind, namespace, name },
      file: this.file,
      line: this.lineCounter.linePos(start).line,
      object,
      ...(namespaceAssumed ? { namespaceAssumed: true } : {}),
      ...shared.stampUnwritable(object, kind),
    });
  }

  /** A document kubectl would reject for a reason the YAML parse does not report. */
  rejected(offset: number, message: string): void {
    this.problem(offset, message);
  }

  failed(offset: number, error: unknown): void {
    this.problem(offset, `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`);
  }

  private problem(
    offset: number,
    message: string,
    severity: "error" | "warning" = "error",
    duplicateKey = false,
  ): void {
    const { line, col } = this.lineCounter.linePos(offset);
    this.problems.push({
      file: this.file,
      line,
      col,
      message,
      severity,
      ...(duplicateKey ? { duplicateKey: true } : {}),
    });
  }
}

/** Offset where the node at `path` starts; undefined when the path goes through a merge or alias. */
function nodeStart(doc: Document.Parsed, path: Array<string | number>): number | undefined {
  const node: unknown = doc.getIn(path, true);
  if (typeof node !== "object" || node === null) return undefined;
  const range = (node as { range?: unknown }).range;
  return Array.isArray(range) && typeof range[0] === "number" ? range[0] : undefined;
}
