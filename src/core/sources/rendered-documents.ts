// A renderer's output at two commits -> the objects at each. Most documents come out identical at
// both commits (only what the push touched differs), so each distinct document is parsed once and
// an identical document at base reuses the objects parsed at head: half the parsing, same objects.
import { parseManifests } from "../manifests/parse-manifests.js";
import type { Manifest, ManifestProblem } from "../model.js";

export interface RenderedPair {
  base: Manifest[];
  head: Manifest[];
  problems: ManifestProblem[];
}

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
export interface RenderedDocumentParser {
  objectsOf(output: Buffer | undefined): Manifest[];
  readonly problems: ManifestProblem[];
}

export function createDocumentParser(label: string, defaultNamespace: string): RenderedDocumentParser {
  const problems: ManifestProblem[] = [];
  const parsed = new Map<string, Manifest[]>();
  const parse = (text: string): Manifest[] => {
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

/** Both commits' outputs of one source, head first (base documents identical to head's are reused). */
export function parseRenderedPair(
  label: string,
  baseOutput: Buffer | undefined,
  headOutput: Buffer | undefined,
  defaultNamespace: string,
): RenderedPair {
  const parser = createDocumentParser(label, defaultNamespace);
  const head = parser.objectsOf(headOutput);
  const base = parser.objectsOf(baseOutput);
  return { base, head, problems: parser.problems };
}

function decode(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
