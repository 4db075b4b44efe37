import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  WORKLOAD_KINDS
} from "./chunk-KIER4OVU.js";
import {
  describeType,
  field,
  isRecord
} from "./chunk-HRGDZ7KG.js";

// src/core/names.ts
var LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
var SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
var NAMESPACE_RULE = "at most 63 characters: lowercase letters, digits and '-', starting and ending with a letter or digit";
var OBJECT_NAME_RULE = "at most 253 characters: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit";
function isNamespaceName(name) {
  return name.length <= 63 && LABEL.test(name);
}
function isObjectName(name) {
  return name.length <= 253 && SUBDOMAIN.test(name);
}
function quoteName(name) {
  const shown = name.length > 80 ? `${name.slice(0, 80)}\u2026` : name;
  return JSON.stringify(shown);
}

// src/core/manifests/fast-yaml.ts
var GiveUp = class extends Error {
};
var giveUp = () => {
  throw new GiveUp();
};
var MAX_ALIASES = 50;
var SPECIAL_WORDS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|True|TRUE|False|FALSE|on|On|ON|off|Off|OFF|Null|NULL)$/;
var PLAIN_KEY = /^[A-Za-z_/][A-Za-z0-9_./-]*$/;
var NUMBER_START = /^[-+.0-9]/;
var NOT_IN_ANY_NUMBER = /[^0-9a-fA-F_+\-.:xXoO]/;
var DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
var INFINITY_OR_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
var INDICATOR_START = /^(?:[-?:](?:\s|$)|[,[\]{}#&*!|>%@`])/;
function parseSimpleYaml(source) {
  if (source.includes("	") || source.includes("\r")) return void 0;
  try {
    return new FastParser(source).documents();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return void 0;
    throw error;
  }
}
var FastParser = class {
  constructor(source) {
    this.source = source;
  }
  source;
  lines = [];
  at = 0;
  anchors = /* @__PURE__ */ new Map();
  aliases = 0;
  documents() {
    const docs = [];
    let current = [];
    let offset = 0;
    const raw = this.source.split("\n");
    for (const text of raw) {
      const lineStart = offset;
      offset += text.length + 1;
      if (text.startsWith("---")) {
        if (text !== "---") giveUp();
        docs.push(...this.document(current));
        current = [];
        continue;
      }
      if (text.startsWith("...") || text.startsWith("%")) giveUp();
      const trimmed = text.trimStart();
      current.push({
        indent: text.length - trimmed.length,
        text: trimmed,
        offset: lineStart + text.length - trimmed.length
      });
    }
    docs.push(...this.document(current));
    return docs;
  }
  document(lines) {
    this.lines = lines;
    this.at = 0;
    this.anchors = /* @__PURE__ */ new Map();
    this.aliases = 0;
    this.skipInsignificant();
    const first = this.lines[this.at];
    if (first === void 0) return [];
    if (first.indent !== 0) giveUp();
    const value = this.block(0);
    this.skipInsignificant();
    if (this.at < this.lines.length) giveUp();
    return [{ value, start: first.offset }];
  }
  /** Skip blank and comment-only lines. */
  skipInsignificant() {
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (line.text !== "" && !line.text.startsWith("#")) return;
      this.at++;
    }
  }
  next() {
    this.skipInsignificant();
    return this.lines[this.at];
  }
  /** A block collection whose first line is the next significant one, at an indent over `parent`. */
  block(minIndent) {
    const line = this.next();
    if (line === void 0 || line.indent < minIndent) return null;
    return isSequenceItem(line.text) ? this.sequence(line.indent) : this.mapping(line.indent);
  }
  sequence(indent) {
    const items = [];
    for (let line = this.next(); line !== void 0 && line.indent === indent; line = this.next()) {
      if (!isSequenceItem(line.text)) break;
      const after = line.text.slice(1);
      const rest = after.trimStart();
      if (rest === "" || rest.startsWith("#")) {
        this.at++;
        const child = this.next();
        items.push(child !== void 0 && child.indent > indent ? this.block(indent + 1) : null);
        continue;
      }
      if (after[0] !== " ") giveUp();
      const column = indent + 1 + (after.length - rest.length);
      if (keyOf(rest) !== void 0) {
        this.lines[this.at] = { indent: column, text: rest, offset: line.offset + (column - indent) };
        items.push(this.mapping(column));
        continue;
      }
      this.at++;
      items.push(this.inlineValue(rest, indent));
    }
    return items;
  }
  mapping(indent) {
    const map = {};
    for (let line = this.next(); line !== void 0; line = this.next()) {
      if (line.indent < indent) break;
      if (line.indent > indent || isSequenceItem(line.text)) {
        if (line.indent === indent) break;
        giveUp();
      }
      const key = keyOf(line.text) ?? giveUp();
      if (Object.hasOwn(map, key)) giveUp();
      let rest = line.text.slice(key.length + 1).trimStart();
      this.at++;
      let anchor;
      if (rest.startsWith("&")) {
        anchor = /^&([^\s]+)/.exec(rest)?.[1] ?? giveUp();
        rest = rest.slice(anchor.length + 1).trimStart();
        if (this.anchors.has(anchor)) giveUp();
      }
      let value;
      if (rest === "" || rest.startsWith("#")) {
        const child = this.next();
        if (child !== void 0 && child.indent > indent) value = this.block(indent + 1);
        else if (child !== void 0 && child.indent === indent && isSequenceItem(child.text))
          value = this.sequence(indent);
        else value = null;
      } else if (rest.startsWith("|") || rest.startsWith(">")) {
        value = this.blockScalar(rest, indent);
      } else {
        value = this.inlineValue(rest, indent);
      }
      if (anchor !== void 0) this.anchors.set(anchor, value);
      map[key] = value;
    }
    return map;
  }
  /** A one-line value (scalar, alias, `{}` or `[]`); the next line must not continue it. */
  inlineValue(text, indent) {
    let value;
    if (text.startsWith("*")) {
      const match = /^\*([^\s]+)\s*(#.*)?$/.exec(text) ?? giveUp();
      if (!this.anchors.has(match[1]) || ++this.aliases > MAX_ALIASES) giveUp();
      value = this.anchors.get(match[1]);
    } else {
      value = scalar(text);
    }
    const following = this.next();
    if (following !== void 0 && following.indent > indent) giveUp();
    return value;
  }
  /** `|` or `|-` (clip or strip), indentation detected from the first line. */
  blockScalar(header, indent) {
    if (header !== "|" && header !== "|-") giveUp();
    const lines = [];
    let blockIndent = -1;
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (line.text === "") {
        if (line.indent > (blockIndent === -1 ? 0 : blockIndent)) giveUp();
        lines.push("");
        this.at++;
        continue;
      }
      if (blockIndent === -1) {
        if (line.indent <= indent) break;
        blockIndent = line.indent;
      }
      if (line.indent < blockIndent) {
        if (line.indent > indent) giveUp();
        break;
      }
      lines.push(" ".repeat(line.indent - blockIndent) + line.text);
      this.at++;
    }
    if (blockIndent === -1) giveUp();
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    const body = lines.join("\n");
    return header === "|" ? `${body}
` : body;
  }
};
function isSequenceItem(text) {
  return text === "-" || text.startsWith("- ");
}
function keyOf(text) {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon > 1024) return void 0;
  if (colon + 1 < text.length && text[colon + 1] !== " ") return void 0;
  const key = text.slice(0, colon);
  if (!PLAIN_KEY.test(key) || SPECIAL_WORDS.test(key) || key === "null" || key === "true" || key === "false")
    return void 0;
  if (key === "__proto__") return void 0;
  return key;
}
function scalar(raw) {
  const text = raw.trimEnd();
  if (text.startsWith('"')) return withoutComment(doubleQuoted(text));
  if (text.startsWith("'")) return withoutComment(singleQuoted(text));
  if (text === "{}" || text.startsWith("{} #")) return {};
  if (text === "[]" || text.startsWith("[] #")) return [];
  const hash = text.indexOf(" #");
  const plain = (hash === -1 ? text : text.slice(0, hash)).trimEnd();
  if (plain === "" || plain === "~" || plain === "null") return null;
  if (plain === "true") return true;
  if (plain === "false") return false;
  if (SPECIAL_WORDS.test(plain)) giveUp();
  if (plain.includes(": ") || plain.endsWith(":") || plain.includes(" #")) giveUp();
  if (NUMBER_START.test(plain)) {
    if (DECIMAL.test(plain)) return Number(plain);
    if (INFINITY_OR_NAN.test(plain) || !NOT_IN_ANY_NUMBER.test(plain)) giveUp();
  }
  if (INDICATOR_START.test(plain)) giveUp();
  return plain;
}
function withoutComment([value, rest]) {
  const after = rest.trimStart();
  if (after !== "" && !(after.startsWith("#") && rest.length > after.length)) giveUp();
  return value;
}
var ESCAPES = { "\\": "\\", '"': '"', n: "\n", t: "	" };
function doubleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return [value, text.slice(i + 1)];
    if (c === "\\") {
      const escaped = ESCAPES[text[i + 1] ?? ""] ?? giveUp();
      value += escaped;
      i++;
      continue;
    }
    value += c;
  }
  return giveUp();
}
function singleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return [value, text.slice(i + 1)];
    }
    value += c;
  }
  return giveUp();
}

// src/core/manifests/manifest-reader.ts
var DEFAULT_MAX_ALIAS_COUNT = 100;
var MAX_PROBLEMS_PER_FILE = 10;
var CLUSTER_SCOPED_KINDS = /* @__PURE__ */ new Set([
  "APIService",
  "CertificateSigningRequest",
  "ClusterIssuer",
  "ClusterRole",
  "ClusterRoleBinding",
  "ComponentStatus",
  "CSIDriver",
  "CSINode",
  "CustomResourceDefinition",
  "FlowSchema",
  "IngressClass",
  "MutatingWebhookConfiguration",
  "Namespace",
  "Node",
  "PersistentVolume",
  "PodSecurityPolicy",
  "PriorityClass",
  "PriorityLevelConfiguration",
  "RuntimeClass",
  "StorageClass",
  "ValidatingAdmissionPolicy",
  "ValidatingAdmissionPolicyBinding",
  "ValidatingWebhookConfiguration",
  "VolumeAttachment"
]);
var KINDS_THAT_NEED_METADATA = /* @__PURE__ */ new Set([
  "ConfigMap",
  "Secret",
  ...WORKLOAD_KINDS.map((k) => k.kind)
]);
var NON_OBJECT_API_GROUPS = ["kustomize.config.k8s.io/"];
function isProbablyManifestText(text) {
  return /["']?apiVersion["']?\s*:/.test(text) && /["']?kind["']?\s*:/.test(text);
}
var LineIndex = class {
  starts = [0];
  constructor(source) {
    for (let i = source.indexOf("\n"); i !== -1; i = source.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  linePos(offset) {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = low + high + 1 >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - this.starts[low] + 1 };
  }
};
function decodeSource(file, text) {
  const decoded = decodeText(text);
  if (decoded === void 0) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: "not a text file (contains NUL bytes or invalid UTF-8)",
        severity: "error"
      }
    };
  }
  return { source: decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded };
}
function parseManifestsFast(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  return parseFast(file, decoded.source, opts);
}
function parseFast(file, source, opts) {
  const documents = parseSimpleYaml(source);
  if (documents === void 0) return void 0;
  if (documents.some((doc) => Array.isArray(field(doc.value, "items")))) return void 0;
  const reader = new DocumentReader(file, source, new LineIndex(source), opts, false);
  for (const doc of documents) reader.readValue(doc.value, doc.start, () => void 0);
  if (reader.cappedProblems().length > 0) return void 0;
  return { manifests: reader.manifests, problems: [] };
}
function notAManifestIsAWarning(source, problems) {
  if (isProbablyManifestText(source)) return problems;
  return problems.map(
    (p) => p.severity === "error" ? {
      ...p,
      severity: "warning",
      message: `${p.message} (not read: does not look like a Kubernetes manifest)`
    } : p
  );
}
var UTF8 = new TextDecoder("utf-8", { fatal: true });
function decodeText(text) {
  let s;
  if (typeof text === "string") {
    s = text;
    if (s.includes("\uFFFD")) return void 0;
  } else {
    try {
      s = UTF8.decode(text);
    } catch {
      return void 0;
    }
  }
  return s.includes("\0") ? void 0 : s;
}
var DocumentReader = class {
  constructor(file, source, lineCounter, opts, quiet) {
    this.file = file;
    this.source = source;
    this.lineCounter = lineCounter;
    this.opts = opts;
    this.quiet = quiet;
    const max = opts.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
    this.maxAliasCount = Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAX_ALIAS_COUNT;
  }
  file;
  source;
  lineCounter;
  opts;
  quiet;
  manifests = [];
  problems = [];
  maxAliasCount;
  cappedProblems() {
    if (this.problems.length <= MAX_PROBLEMS_PER_FILE) return this.problems;
    const kept = this.problems.slice(0, MAX_PROBLEMS_PER_FILE);
    const last = kept[kept.length - 1];
    kept.push({
      file: this.file,
      line: last.line,
      col: last.col,
      message: `${this.problems.length - MAX_PROBLEMS_PER_FILE} more problems in this file not shown`,
      severity: "error"
    });
    return kept;
  }
  readDocument(doc) {
    if (doc.errors.length > 0) {
      const syntax = doc.errors.filter((e) => e.code !== "DUPLICATE_KEY").sort((a, b) => a.pos[0] - b.pos[0]).slice(0, 1);
      const duplicates = doc.errors.filter((e) => e.code === "DUPLICATE_KEY");
      for (const error of [...duplicates, ...syntax].sort((a, b) => a.pos[0] - b.pos[0])) {
        const [start2, end] = error.pos;
        const key = oneLine(this.source.slice(start2, end));
        const message = error.code === "DUPLICATE_KEY" ? this.quiet && !PLAIN_KEY2.test(key) ? "duplicate key" : `duplicate key ${JSON.stringify(key)}` : `invalid YAML: ${this.quiet ? describeYamlErrorCode(error.code) : describeFailure(error)}`;
        this.problem(start2, message);
      }
      return;
    }
    const contents = doc.contents;
    if (contents === null) return;
    const start = contents.range?.[0] ?? doc.range[0];
    let value;
    try {
      value = doc.toJS({ maxAliasCount: this.maxAliasCount });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.problem(
        start,
        /alias/i.test(text) ? `too many YAML alias expansions (more than ${this.maxAliasCount}; looks like an alias bomb): document ignored` : `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`
      );
      return;
    }
    this.readValue(value, start, (path) => nodeStart(doc, path));
  }
  /**
   * One document (or one item of a List). `locate` finds the offset of a nested node, so each List
   * item and each bad field gets its own line.
   */
  readValue(value, start, locate) {
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
    if (kind === "List" || kind.endsWith("List") && Array.isArray(items)) {
      this.readList(kind, items, start, locate);
      return;
    }
    if (NON_OBJECT_API_GROUPS.some((group) => apiVersion.startsWith(group))) return;
    this.readObject(value, kind, start, locate);
  }
  readList(kind, items, start, locate) {
    if (items === void 0 || items === null) return;
    if (!Array.isArray(items)) {
      this.problem(locate(["items"]) ?? start, `${kind}: items must be a list, found ${describeType(items)}`);
      return;
    }
    items.forEach((item, index) => {
      const itemStart = locate(["items", index]) ?? start;
      if (!isRecord(item) || !Object.hasOwn(item, "apiVersion") || !Object.hasOwn(item, "kind")) {
        this.problem(
          itemStart,
          `${kind} item ${index} is not a Kubernetes object (needs apiVersion and kind)`
        );
        return;
      }
      this.readValue(item, itemStart, (path) => locate(["items", index, ...path]));
    });
  }
  readObject(object, kind, start, locate) {
    const metadata = field(object, "metadata");
    if (metadata === void 0 || metadata === null) {
      if (KINDS_THAT_NEED_METADATA.has(kind)) this.problem(start, `${kind} has no metadata.name`);
      return;
    }
    if (!isRecord(metadata)) {
      this.problem(
        locate(["metadata"]) ?? start,
        `${kind}: metadata must be a mapping, found ${describeType(metadata)}`
      );
      return;
    }
    const name = field(metadata, "name");
    if (name === void 0 || name === null) {
      if (typeof field(metadata, "generateName") === "string") return;
      this.problem(locate(["metadata"]) ?? start, `${kind} has no metadata.name`);
      return;
    }
    if (typeof name !== "string" || name.trim() === "") {
      this.problem(
        locate(["metadata", "name"]) ?? start,
        `${kind}: metadata.name must be a non-empty string, found ${typeof name === "string" ? "an empty string" : describeType(name)}`
      );
      return;
    }
    const checked = KINDS_THAT_NEED_METADATA.has(kind);
    if (checked && !isObjectName(name)) {
      this.problem(
        locate(["metadata", "name"]) ?? start,
        `${kind.toLowerCase()} ${quoteName(name)}: metadata.name is not a valid name (${OBJECT_NAME_RULE})`
      );
      return;
    }
    const namespaceValue = field(metadata, "namespace");
    let namespace;
    let namespaceAssumed = false;
    if (CLUSTER_SCOPED_KINDS.has(kind)) {
      namespace = "";
    } else if (namespaceValue === void 0 || namespaceValue === null || namespaceValue === "") {
      namespace = this.opts.defaultNamespace;
      namespaceAssumed = true;
    } else if (typeof namespaceValue === "string") {
      namespace = namespaceValue;
      if (checked && !isNamespaceName(namespace)) {
        this.problem(
          locate(["metadata", "namespace"]) ?? start,
          `${kind.toLowerCase()}/${name}: metadata.namespace ${quoteName(namespace)} is not a valid namespace name (${NAMESPACE_RULE})`
        );
        return;
      }
    } else {
      this.problem(
        locate(["metadata", "namespace"]) ?? start,
        `${kind.toLowerCase()}/${name}: metadata.namespace must be a string, found ${describeType(namespaceValue)}`
      );
      return;
    }
    this.manifests.push({
      id: { kind, namespace, name },
      file: this.file,
      line: this.lineCounter.linePos(start).line,
      object,
      ...namespaceAssumed ? { namespaceAssumed: true } : {}
    });
  }
  failed(offset, error) {
    this.problem(offset, `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`);
  }
  problem(offset, message) {
    const { line, col } = this.lineCounter.linePos(offset);
    this.problems.push({ file: this.file, line, col, message, severity: "error" });
  }
};
function nodeStart(doc, path) {
  const node = doc.getIn(path, true);
  if (typeof node !== "object" || node === null) return void 0;
  const range = node.range;
  return Array.isArray(range) && typeof range[0] === "number" ? range[0] : void 0;
}
function describeFailure(error) {
  const text = error instanceof Error ? error.message : String(error);
  if (/Maximum call stack/i.test(text)) return "nested too deeply";
  return oneLine(text);
}
function oneLine(text) {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 200)}\u2026` : first;
}
var SECRET_KIND = /["']?\bkind["']?\s*:\s*["']?Secret(?![A-Za-z0-9])/;
function mayHoldSecret(text) {
  return SECRET_KIND.test(text);
}
var PLAIN_KEY2 = /^[A-Za-z0-9._-]{1,253}$/;
var QUIET_DETAIL = "details not shown (the file holds a Secret)";
var YAML_ERROR_TEXT = {
  BAD_DQ_ESCAPE: "invalid escape sequence in a double-quoted string",
  BAD_INDENT: "bad indentation",
  BAD_SCALAR_START: "a plain value starts with a reserved character",
  BLOCK_AS_IMPLICIT_KEY: "a block value used as a key",
  BLOCK_IN_FLOW: "a block value inside a flow collection",
  MISSING_CHAR: "a closing quote or bracket is missing",
  MULTILINE_IMPLICIT_KEY: "a key spans more than one line",
  TAB_AS_INDENT: "a tab used for indentation",
  UNEXPECTED_TOKEN: "unexpected characters (e.g. text after a block scalar indicator | or >)"
};
function describeYamlErrorCode(code) {
  const text = YAML_ERROR_TEXT[code] ?? code.toLowerCase().replaceAll("_", " ");
  return `${text}; ${QUIET_DETAIL}`;
}

export {
  NAMESPACE_RULE,
  isNamespaceName,
  isObjectName,
  isProbablyManifestText,
  decodeSource,
  parseManifestsFast,
  parseFast,
  notAManifestIsAWarning,
  DocumentReader,
  describeFailure,
  mayHoldSecret
};
