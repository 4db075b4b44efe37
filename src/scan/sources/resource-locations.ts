// Where a rendered object is written: a kustomization's plain resource files (`resources:
// [deployment.yaml]`) hold the objects as the user wrote them, before an overlay's namePrefix,
// nameSuffix or namespace. A report names that file and the object's line, not the kustomization.
// Pure: the caller reads the files. Only the top-level `kind` and `metadata.name`/`namespace` of each
// YAML document are read, line by line (the files are usually read whole as blame texts anyway).

export interface WrittenObject {
  kind: string;
  /** The name as written (an overlay may add a prefix or a suffix). */
  name: string;
  namespace?: string;
  file: string;
  /** 1-based line where the object starts (its first key). */
  line: number;
}

const TOP_LEVEL_KEY = /^([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*))?$/;
const INDENTED_KEY = /^([ \t]+)([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*))?$/;

/** The objects of one YAML file, with the line each starts on; [] for JSON or anything unreadable. */
export function writtenObjects(file: string, text: string): WrittenObject[] {
  if (/^\s*[[{]/.test(text)) return [];
  const objects: WrittenObject[] = [];
  let doc: Partial<WrittenObject> & { metadataIndent?: string | null } = {};
  const flush = () => {
    if (doc.kind && doc.name && doc.line !== undefined) {
      objects.push({
        kind: doc.kind,
        name: doc.name,
        ...(doc.namespace ? { namespace: doc.namespace } : {}),
        file,
        line: doc.line,
      });
    }
    doc = {};
  };
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (/^(---|\.\.\.)([ \t]|$)/.test(line)) {
      flush();
      continue;
    }
    if (/^[ \t]*(#.*)?$/.test(line)) continue;
    doc.line ??= i + 1;
    const top = TOP_LEVEL_KEY.exec(line);
    if (top) {
      const key = unquote(top[1]!);
      const value = scalar(top[2]);
      doc.metadataIndent = key === "metadata" ? null : undefined;
      if (key === "kind") doc.kind = value;
      if (key === "metadata" && top[2]?.trim().startsWith("{")) {
        doc.name = /[{,]\s*name\s*:\s*([^,}\s]+)/.exec(top[2])?.[1]?.replace(/^["']|["']$/g, "");
        doc.namespace = /[{,]\s*namespace\s*:\s*([^,}\s]+)/.exec(top[2])?.[1]?.replace(/^["']|["']$/g, "");
      }
      continue;
    }
    if (doc.metadataIndent === undefined) continue;
    const nested = INDENTED_KEY.exec(line);
    if (!nested) continue;
    // Only metadata's own keys: the indentation of its first key.
    doc.metadataIndent ??= nested[1]!;
    if (nested[1] !== doc.metadataIndent) continue;
    const key = unquote(nested[2]!);
    if (key === "name") doc.name = scalar(nested[3]);
    if (key === "namespace") doc.namespace = scalar(nested[3]);
  }
  flush();
  return objects;
}

/**
 * Where the rendered object `object` is written among `written`: the same kind, and the longest
 * written name the rendered name contains (a prefix or suffix only adds to it). Undefined when none
 * matches or several do and their namespaces cannot tell them apart.
 */
export function locateWritten(
  object: { kind: string; name: string; namespace: string },
  written: readonly WrittenObject[],
): { file: string; line: number } | undefined {
  const sameKind = written.filter((w) => w.kind === object.kind && object.name.includes(w.name));
  const longest = Math.max(0, ...sameKind.map((w) => w.name.length));
  let candidates = sameKind.filter((w) => w.name.length === longest);
  if (candidates.length > 1) candidates = candidates.filter((w) => w.namespace === object.namespace);
  const [only, ...others] = candidates;
  return only !== undefined && others.length === 0 ? { file: only.file, line: only.line } : undefined;
}

function scalar(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(/[ \t]+#.*$/, "").trim();
  return text === "" ? undefined : unquote(text);
}

function unquote(text: string): string {
  return /^(["']).*\1$/.test(text) ? text.slice(1, -1) : text;
}
