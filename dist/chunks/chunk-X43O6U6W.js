import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  DocumentReader,
  decodeSource,
  describeFailure,
  mayHoldSecret,
  notAManifestIsAWarning,
  parseFast
} from "./chunk-7KQHYMKG.js";
import {
  require_dist
} from "./chunk-RRHDRXGL.js";
import {
  __toESM
} from "./chunk-VDSW2JPR.js";

// src/core/manifests/parse-manifests.ts
var import_yaml = __toESM(require_dist(), 1);
function parseManifests(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const { source } = decoded;
  const fast = opts.fast === false ? void 0 : parseFast(file, source, opts);
  if (fast !== void 0) return fast;
  const lineCounter = new import_yaml.LineCounter();
  let docs;
  try {
    docs = (0, import_yaml.parseAllDocuments)(source, {
      lineCounter,
      uniqueKeys: true,
      merge: true,
      prettyErrors: false,
      // Keeps yaml from calling process.emitWarning (stderr noise) on odd keys; errors still come back.
      logLevel: "error",
      // What kubectl sends: it reads YAML 1.1 (go-yaml v2 through sigs.k8s.io/yaml), where yes/no/
      // on/off/y/n are booleans and 017 is octal. go-yaml v2 keeps dates and 1:20 as strings.
      version: "1.1",
      customTags: asKubectlReadsIt
    });
  } catch (error) {
    const message = `cannot parse file: ${mayHoldSecret(source) ? "details not shown (the file holds a Secret)" : describeFailure(error)}`;
    return { manifests: [], problems: [{ file, line: 1, col: 1, message, severity: "error" }] };
  }
  const reader = new DocumentReader(file, source, lineCounter, opts, mayHoldSecret(source));
  for (const doc of docs) {
    try {
      reader.readDocument(doc);
    } catch (error) {
      reader.failed(doc.range[0], error);
    }
  }
  return { manifests: reader.manifests, problems: notAManifestIsAWarning(source, reader.cappedProblems()) };
}
function asKubectlReadsIt(tags) {
  return tags.filter((tag) => {
    const { tag: name, format } = tag;
    return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
  });
}

export {
  parseManifests
};
