// Whether `config-rollout stamp` can write a workload's stamp where the file writes it: not when a
// mapping on the way to its pod template is a YAML anchor used in more than one place (`template:
// *pod`, a List item `- *web`): stamping it there would stamp every place that uses it, so stamp
// refuses it (stamp/annotation-edit.ts), and --strategy gitops must say why rather than ask for a
// stamp. Read from the parsed value: an alias is the very object its anchor is (the `yaml` package
// and the fast path alike), so a mapping met twice in the document is shared. Pure.

import { isRecord } from "../../core/json-shape.js";
import { restartableKind } from "../../core/kinds/workload-kinds.js";

let lastSource: string | undefined;
let lastMayAlias = false;

/**
 * The shared nodes of the document `root` of the file `source`. A file with no `*` holds no alias
 * (the common case): nothing is walked. Its documents come one after the other, so the last file's
 * answer is kept rather than searching a large file again for each document.
 */
export function sharedNodes(root: unknown, source: string): SharedNodes {
  if (source !== lastSource) {
    lastSource = source;
    lastMayAlias = source.includes("*");
  }
  return new SharedNodes(lastMayAlias ? root : undefined);
}

/** Mappings and lists met more than once in a document, found on the first workload that asks. */
export class SharedNodes {
  private shared: Set<object> | undefined;

  constructor(private readonly root: unknown) {}

  /** For a workload of kind `kind` in this document: why its stamp cannot be written, when it cannot. */
  stampUnwritable(object: unknown, kind: string): { stampUnwritable?: string } {
    const templatePath = restartableKind(kind)?.templatePath;
    const why = templatePath ? this.unwritable(object, templatePath) : undefined;
    return why === undefined ? {} : { stampUnwritable: why };
  }

  private unwritable(object: unknown, templatePath: readonly string[]): string | undefined {
    const fields = [...templatePath, "metadata", "annotations"];
    let node: unknown = object;
    for (let i = 0; isRecord(node); i++) {
      if (this.sharedSet().has(node)) {
        const field = i === 0 ? "the object" : fields.slice(0, i).join(".");
        return `${field} is a YAML alias (an anchor used in more than one place), so config-rollout stamp cannot write its stamp there: write ${field} out in the object (no alias), then stamp it`;
      }
      if (i === fields.length) break;
      node = node[fields[i]!];
    }
    return undefined;
  }

  private sharedSet(): Set<object> {
    if (this.shared) return this.shared;
    const seen = new Set<object>();
    const shared = new Set<object>();
    const walk = (value: unknown): void => {
      if (typeof value !== "object" || value === null) return;
      if (seen.has(value)) {
        shared.add(value);
        return;
      }
      seen.add(value);
      for (const child of Array.isArray(value) ? value : Object.values(value)) walk(child);
    };
    walk(this.root);
    this.shared = shared;
    return shared;
  }
}
