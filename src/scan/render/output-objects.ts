// A renderer's output at two commits -> the objects at each. Most documents come out identical at
// both commits (only what the push touched differs), so each distinct document is parsed once and
// an identical document at base reuses the objects parsed at head: half the parsing, same objects.

import { isConfigKind } from "../../core/kinds/api-kinds.js";
import { formatId, idKey, type Manifest, type ManifestProblem } from "../../core/model.js";
import { withoutCrdSchema } from "../manifests/crd-schema.js";
import type { ParsedManifests } from "../manifests/manifest-reader.js";
import { parseManifests } from "../manifests/parse-manifests.js";
import { BROKEN_AT } from "../scan-model.js";

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
  objectsOf(output: Buffer | undefined): ParsedManifests;
  /** Its objects at both commits and its problems once (settleOutputs). */
  settle(base: ParsedManifests, head: ParsedManifests): SettledOutputs;
}

interface SettledOutputs {
  base: Manifest[];
  head: Manifest[];
  problems: ManifestProblem[];
}

/**
 * Documents parsed so far, by default namespace and text: shared by the parsers of several sources, a document that
 * several kustomizations render alike (a shared base's CRDs) is parsed once for all of them.
 */
export type DocumentCache = Map<string, ParsedManifests>;

export function createDocumentParser(
  label: string,
  defaultNamespace: string,
  cache: DocumentCache = new Map(),
): RenderedDocumentParser {
  const parse = (text: string): ParsedManifests => {
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
    // Each source reports a broken document under its own name.
    const problems = result.problems.map((p) => (p.file === label ? p : { ...p, file: label }));
    return { manifests: result.manifests, problems };
  };
  return {
    settle: (base, head) => settleOutputs(label, base, head),
    objectsOf(output) {
      if (output === undefined) return { manifests: [], problems: [] };
      const text = decode(output);
      const docs = text === undefined ? undefined : splitDocuments(text);
      if (docs === undefined) return parseManifests(label, output, { defaultNamespace });
      // A broken document printed twice (by two templates alike) is reported once.
      const distinct = new Set(docs);
      const parsed = docs.map(parse);
      return {
        manifests: parsed.flatMap((p) => p.manifests),
        problems: parsed.flatMap((p, i) => (distinct.delete(docs[i]!) ? p.problems : [])),
      };
    },
  };
}

/**
 * One source's objects at both commits, and its problems once. An output with a document that
 * cannot be read (an error) leaves the plan incomplete at that commit, as a raw file's error does
 * (changed-files.ts): the problem says `unread`, and what that commit's output may have defined is
 * not taken for a deletion (at head) or an addition (at base). An object the other commit's output
 * holds and this one's does not is carried over, unchanged: whether it changed cannot be told. As
 * for raw files, a base problem is kept only when the head output has none, as a warning.
 */
function settleOutputs(label: string, base: ParsedManifests, head: ParsedManifests): SettledOutputs {
  const broken = (side: ParsedManifests) => side.problems.some((p) => p.severity === "error");
  const problems: ManifestProblem[] = [];
  if (head.problems.length === 0) {
    for (const p of base.problems)
      problems.push({
        ...p,
        severity: "warning",
        message: `at the base commit: ${p.message}`,
        ...(p.severity === "error" ? { unread: BROKEN_AT.base } : {}),
      });
  }
  for (const p of head.problems) problems.push(p.severity === "error" ? { ...p, unread: BROKEN_AT.head } : p);
  const carried = (to: ParsedManifests, from: ParsedManifests, side: "base" | "head"): Manifest[] => {
    if (!broken(to)) return to.manifests;
    const ids = new Set(to.manifests.map((m) => idKey(m.id)));
    const missing = from.manifests.filter((m) => !ids.has(idKey(m.id)));
    for (const m of missing.filter((m) => isConfigKind(m.id.kind)))
      problems.push({
        file: label,
        line: 1,
        col: 1,
        severity: "warning",
        message: `cannot tell whether ${formatId(m.id)} changed: the output has errors at the ${side} commit`,
      });
    return [...to.manifests, ...missing];
  };
  return { base: carried(base, head, "base"), head: carried(head, base, "head"), problems };
}

function decode(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
