// Text of one repository file -> the Kubernetes objects it defines, plus what is wrong with it.
// Pure: the caller reads the file (at a revision) and passes its text or bytes. The fast path
// (manifest-reader.ts) reads plain manifests; this is the whole parse, with the `yaml` package, for
// everything else and for the exact place of every problem. Callers that may not need it at all
// import parse-manifest-file.ts, which loads this module only for a file that needs it.

import {
  type Document,
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Tags,
  visit,
  YAMLParseError,
} from "yaml";
import { isRecord } from "../../core/json-shape.js";
import { decodeSource } from "./decode-source.js";
import { jsonStream } from "./json-stream.js";
import {
  DocumentReader,
  notAManifestIsAWarning,
  type ParsedManifests,
  type ParseManifestsOptions,
  parseFast,
  type UnresolvedAlias,
} from "./manifest-reader.js";
import { indentContinuationLines } from "./under-indented.js";
import { describeFailure, mayHoldSecret } from "./yaml-messages.js";

/**
 * Parse every document of a YAML or JSON file. Never throws for bad input: a broken document is
 * a problem and the other documents of the file are still read.
 */
export function parseManifests(
  file: string,
  text: string | Uint8Array,
  opts: ParseManifestsOptions,
): ParsedManifests {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const { source } = decoded;
  const fast = opts.fast === false ? undefined : parseFast(file, source, opts);
  if (fast !== undefined) return fast;
  if (isJsonOfNoObject(source)) return { manifests: [], problems: [] };
  let parsed = parseYaml(source);
  if ("docs" in parsed && errorCount(parsed) > 0) {
    // kubectl reads quoted scalars and flow collections whatever their continuation lines' indentation.
    const indented = indentContinuationLines(source);
    const reparsed = indented === undefined ? undefined : parseYaml(indented);
    if (reparsed !== undefined && "docs" in reparsed && errorCount(reparsed) < errorCount(parsed)) {
      parsed = reparsed;
    }
  }
  if (!("docs" in parsed)) {
    const message = `cannot parse file: ${mayHoldSecret(source) ? "details not shown (the file holds a Secret)" : describeFailure(parsed.error)}`;
    return { manifests: [], problems: [{ file, line: 1, col: 1, message, severity: "error" }] };
  }
  const { docs, lineCounter } = parsed;
  const json = errorCount(parsed) > 0 ? jsonStream(source) : undefined;
  if (json !== undefined) {
    const reader = new DocumentReader(file, source, lineCounter, opts, mayHoldSecret(source));
    for (const { value, start } of json) reader.readValue(value, start, () => undefined);
    return { manifests: reader.manifests, problems: notAManifestIsAWarning(source, reader.cappedProblems()) };
  }
  const reader = new DocumentReader(file, parsed.source, lineCounter, opts, mayHoldSecret(source));
  for (const doc of docs) {
    try {
      const key = doc.errors.length === 0 ? collectionKey(doc) : undefined;
      if (key !== undefined) {
        reader.rejected(
          key,
          "a mapping key is itself a mapping or a list (an unrendered template such as {{value}}?): kubectl rejects it, document ignored",
        );
        continue;
      }
      reader.readDocument(doc, { unresolvedAlias, badMergeKey });
    } catch (error) {
      // yaml reports its own failures as document errors; this is the backstop for anything else.
      reader.failed(doc.range[0], error);
    }
  }
  return { manifests: reader.manifests, problems: notAManifestIsAWarning(source, reader.cappedProblems()) };
}

interface ParsedYaml {
  source: string;
  docs: Document.Parsed[];
  lineCounter: LineCounter;
}

function yamlOptions(lineCounter: LineCounter) {
  return {
    lineCounter,
    // Duplicate keys are found by addDuplicateKeyErrors, below: yaml's own check is quadratic.
    uniqueKeys: false,
    merge: true,
    prettyErrors: false,
    // Keeps yaml from calling process.emitWarning (stderr noise) on odd keys; errors still come back.
    logLevel: "error",
    // What kubectl sends: it reads YAML 1.1 (go-yaml v2 through sigs.k8s.io/yaml), where yes/no/
    // on/off/y/n are booleans and 017 is octal. go-yaml v2 keeps dates and 1:20 as strings.
    version: "1.1",
    customTags: asKubectlReadsIt,
  } as const;
}

/** The documents of a source, or what yaml threw. */
function parseYaml(source: string): ParsedYaml | { error: unknown } {
  const lineCounter = new LineCounter();
  try {
    // parseAllDocuments returns an EmptyStream (an empty array) for an empty file.
    const docs = [...parseAllDocuments(source, yamlOptions(lineCounter))];
    for (const doc of docs) addDuplicateKeyErrors(doc);
    return { source, docs, lineCounter };
  } catch (error) {
    return { error };
  }
}

/**
 * The errors yaml's `uniqueKeys: true` reports, found in linear time: yaml compares each key with
 * every earlier key of its mapping, and a ConfigMap of 60,000 keys (900 KB, under the API's 1 MiB)
 * took minutes to plan. Its test, kept here: a scalar key whose resolved value `===` an earlier
 * scalar key's of the same mapping (`1` and `1.0` are one key, `.nan` is never a duplicate, each
 * merge key `<<` is its own); the error is placed where the key starts, as yaml places it.
 */
function addDuplicateKeyErrors(doc: Document.Parsed): void {
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        if (!isScalar(key) || Number.isNaN(key.value)) continue;
        if (!seen.has(key.value)) {
          seen.add(key.value);
          continue;
        }
        const offset = key.range?.[0] ?? map.range?.[0] ?? 0;
        doc.errors.push(new YAMLParseError([offset, offset + 1], "DUPLICATE_KEY", "Map keys must be unique"));
      }
    },
  });
}

function errorCount(parsed: ParsedYaml): number {
  return parsed.docs.reduce((sum, doc) => sum + doc.errors.length, 0);
}

/**
 * Offset of the first mapping key that is a mapping or a list. go-yaml cannot turn one into JSON
 * (kubectl: "invalid map key"); yaml would make a string of it and read an object kubectl never applies.
 */
function collectionKey(doc: Document.Parsed): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Pair(_key, pair) {
      if (!isCollection(pair.key)) return undefined;
      found = pair.key.range?.[0] ?? doc.range[0];
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * Where the first merge key (`<<`) of a document whose value is no mapping nor a list of mappings
 * is (a scalar, or an alias of one): kubectl refuses the document ("map merge requires map or
 * sequence of maps as the value").
 */
function badMergeKey(doc: Document.Parsed): number | undefined {
  const isMapping = (node: unknown) => isMap(isAlias(node) ? node.resolve(doc) : node);
  let found: number | undefined;
  visit(doc, {
    Pair(_key, pair) {
      // The yaml package resolves a merge key to the symbol <<.
      const key = isScalar(pair.key) ? pair.key : undefined;
      if (typeof key?.value !== "symbol" || key.value.description !== "<<") return undefined;
      const value = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
      if (isMapping(value) || (isSeq(value) && value.items.every(isMapping))) return undefined;
      found = key.range?.[0] ?? doc.range[0];
      return visit.BREAK;
    },
  });
  return found;
}

/** The first alias of a document whose anchor is not defined before it (yaml resolves it to nothing). */
function unresolvedAlias(doc: Document.Parsed): UnresolvedAlias | undefined {
  let found: UnresolvedAlias | undefined;
  visit(doc, {
    Alias(_key, alias) {
      if (alias.resolve(doc) !== undefined) return undefined;
      found = { offset: alias.range?.[0] ?? doc.range[0], name: alias.source };
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * The YAML 1.1 tags as go-yaml v2 resolves them: no timestamps or sexagesimal numbers, a float
 * only when it has a digit before its exponent (`.`, `-.` and `e5` are strings to go-yaml, which
 * tries Go's float syntax: a `.` in a flow list such as `command: [kustomize, build, .]` was NaN),
 * and `!!binary` as the text its base64 decodes to (GO_BINARY).
 */
function asKubectlReadsIt(tags: Tags): Tags {
  return tags
    .filter((tag) => {
      const { tag: name, format } = tag as { tag?: string; format?: string };
      return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
    })
    .map((tag) => {
      const { tag: name, format, test } = tag as { tag?: string; format?: string; test?: RegExp };
      if (name === GO_BINARY.tag) return GO_BINARY as unknown as typeof tag;
      if (name !== "tag:yaml.org,2002:float" || test === undefined) return tag;
      if (format === "EXP") return { ...(tag as object), test: GO_FLOAT_EXP } as unknown as typeof tag;
      if (format === undefined && test.test("1.5"))
        return { ...(tag as object), test: GO_FLOAT } as unknown as typeof tag;
      return tag;
    });
}

/**
 * `!!binary`: go-yaml v2 decodes the base64 (Go's StdEncoding: padded, line breaks skipped) and
 * kubectl sends the bytes as a JSON string (an invalid UTF-8 byte becomes U+FFFD): `kind: !!binary
 * U2VjcmV0` is applied as a Secret, `password: !!binary aHVudGVy` as `hunter`. The yaml package's own
 * tag makes a Uint8Array of it, which no field of a manifest takes. Bad base64 fails kubectl's parse;
 * the message does not quote the value (it may be a Secret's).
 */
const GO_BINARY = {
  tag: "tag:yaml.org,2002:binary",
  default: false,
  identify: () => false,
  resolve(source: string, onError: (message: string) => void): string {
    const base64 = source.replace(/[\r\n]/g, "");
    if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) {
      onError("!!binary value contains invalid base64 data");
      return "";
    }
    return Buffer.from(base64, "base64").toString("utf8");
  },
};

/** Go's float syntax after go-yaml drops underscores: a digit before any exponent. */
const GO_MANTISSA = "[-+]?(?:\\.[0-9_]*[0-9][0-9_]*|[0-9][0-9_]*(?:\\.[0-9_]*)?)";
const GO_FLOAT = new RegExp(`^(?=[^eE]*\\.)${GO_MANTISSA}$`);
const GO_FLOAT_EXP = new RegExp(`^${GO_MANTISSA}[eE][-+]?[0-9_]*[0-9][0-9_]*$`);

/**
 * A JSON object that is no Kubernetes object (a package-lock.json, a dashboard): read as YAML it
 * defines nothing and has no problem either, at a second a megabyte; JSON.parse tells in milliseconds.
 * A Kubernetes object names its apiVersion or kind at the top; anything else goes the whole way.
 */
function isJsonOfNoObject(source: string): boolean {
  if (!source.trimStart().startsWith("{")) return false;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return false;
  }
  return isRecord(value) && !Object.hasOwn(value, "apiVersion") && !Object.hasOwn(value, "kind");
}
