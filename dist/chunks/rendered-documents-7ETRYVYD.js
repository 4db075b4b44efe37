import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  parseManifests
} from "./chunk-X43O6U6W.js";
import "./chunk-7KQHYMKG.js";
import "./chunk-KIER4OVU.js";
import "./chunk-RRHDRXGL.js";
import "./chunk-HRGDZ7KG.js";
import "./chunk-VDSW2JPR.js";

// src/core/sources/rendered-documents.ts
function splitDocuments(text) {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(text)) return void 0;
  return text.split(/^---[ \t]*\r?\n/m).filter((doc) => doc.trim() !== "");
}
function createDocumentParser(label, defaultNamespace) {
  const problems = [];
  const parsed = /* @__PURE__ */ new Map();
  const parse = (text) => {
    const known = parsed.get(text);
    if (known) return known;
    const result = parseManifests(label, text, { defaultNamespace });
    problems.push(...result.problems);
    parsed.set(text, result.manifests);
    return result.manifests;
  };
  return {
    problems,
    objectsOf(output) {
      if (output === void 0) return [];
      const text = decode(output);
      const docs = text === void 0 ? void 0 : splitDocuments(text);
      if (docs === void 0) {
        const whole = parseManifests(label, output, { defaultNamespace });
        problems.push(...whole.problems);
        return whole.manifests;
      }
      return docs.flatMap(parse);
    }
  };
}
function parseRenderedPair(label, baseOutput, headOutput, defaultNamespace) {
  const parser = createDocumentParser(label, defaultNamespace);
  const head = parser.objectsOf(headOutput);
  const base = parser.objectsOf(baseOutput);
  return { base, head, problems: parser.problems };
}
function decode(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return void 0;
  }
}
export {
  createDocumentParser,
  parseRenderedPair,
  splitDocuments
};
