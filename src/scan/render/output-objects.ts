// A renderer's output at two commits -> the objects at each. Most documents come out identical at
// both commits (only what the push touched differs), so each distinct document is parsed once and
// an identical document at base reuses the objects parsed at head: half the parsing, same objects.

import type { Manifest, ManifestProblem } from "../../core/model.js";
import { withoutCrdSchema } from "../manifests/crd-schema.js";
import { parseManifests } from "../manifests/parse-manifests.js";

/**
 * Split a YAML stream on its `---` lines. Undefined when the stream uses a form this split cannot
 * follow (a document marker with content on its line, an explicit `...` end, directives): the
 * caller then parses the stream whole.
 */
export function splitDocuments(text: string): string[] | undefined {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(text)) return undefined;
  return text.split(/^---[ \t]*\r?\n/m).filter((doc) => doc.trim() !== "");
}

/** Parses one source's outputs; a document already parsed (at the other commit) is reused. */
interface RenderedDocumentParser {
  objectsOf(output: Buffer | undefined): Manifest[];
  readonly problems: ManifestProblem[];
}

/**
 * Documents parsed so far, by default namespace and text: shared by the parsers of several sources, a document that
 * several kustomizations render alike (a shared base's CRDs) is parsed once for all of them.
 */
export type DocumentCache = Map<string, { manifests: Manifest[]; problems: ManifestProblem[] }>;

export function createDocumentParser(
  label: string,
  defaultNamespace: string,
  cache: DocumentCache = new Map(),
): RenderedDocumentParser {
  const problems: ManifestProblem[] = [];
  // Each source reports a broken document once, under its own name.
  const reported = new Set<string>();
  const parse = (text: string): Manifest[] => {
    // The namespace an object without one gets is part of what a document means.
    const key = `${defaultNamespace}\n${text}`;
    let result = cache.get(key);
    if (!result) {
      // A CRD's schema is never read (crd-schema.ts); read whole only if the trim misread it.
      const trimmed = withoutCrdSchema(text);
      result = parseManifests(label, trimmed, { defaultNamespace });
      if (trimmed !== text && result.problems.length > 0)
        result = parseManifests(label, text, { defaultNamespace });
      cache.set(key, result);
    }
    if (result.problems.length > 0 && !reported.has(text)) {
      reported.add(text);
      problems.push(...result.problems.map((p) => (p.file === label ? p : { ...p, file: label })));
    }
    return result.manifests;
  };
  return {
    problems,
    objectsOf(output) {
      if (output === undefined) return [];
      const text = decode(output);
      const docs = text === undefined ? undefined : splitDocuments(text);
      if (docs === undefined) {
        const whole = parseManifests(label, output, { defaultNamespace });
        problems.push(...whole.problems);
        return whole.manifests;
      }
      return docs.flatMap(parse);
    },
  };
}

function decode(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
