// Step: what changed. The raw manifests of the changed files and the rendered sources' objects at
// both commits, one definition per object (the others kept as variants), compared config by config.
import { workloadKindOf } from "../core/kinds/workload-kinds.js";
import { type ConfigChange, idKey, type Manifest, type ManifestProblem } from "../core/model.js";
import type { FileChange } from "../git/git.js";
import type { ChangedManifests } from "./changed-files.js";
import { findConfigChanges } from "./manifests/config-changes.js";
import type { RenderedObjects } from "./render/source-model.js";
import { pairHashSuffixRenames } from "./sources/rolls-on-apply.js";
import { groupBySource, type Variant } from "./sources/source-variants.js";
import type { SourceWarning } from "./sources/source-warning.js";

export interface ComparedCommits {
  /** The changed files left to raw reads (a renderer's own files dropped). */
  changedFiles: FileChange[];
  /** One definition per object, at each commit. */
  base: Manifest[];
  head: Manifest[];
  /** Every definition read, raw and rendered, before one per object was chosen. */
  allBase: Manifest[];
  allHead: Manifest[];
  found: ReturnType<typeof findConfigChanges>;
  /** Configs that several sources define differently. */
  variants: Map<string, Variant[]>;
  /** The renders' problems. */
  problems: ManifestProblem[];
  /** Sources whose base could not be rendered. */
  warnings: SourceWarning[];
}

/** The changes of raw files alone (no rendered source). */
export function compareRaw(read: ChangedManifests): ComparedCommits {
  return {
    changedFiles: read.changedFiles,
    base: read.base,
    head: read.head,
    allBase: read.base,
    allHead: read.head,
    found: findConfigChanges(read.base, read.head),
    variants: new Map(),
    problems: [],
    warnings: [],
  };
}

/** The changes of raw files and rendered objects; the raw manifests of files a renderer owns are dropped. */
export function compareWithRendered(
  read: ChangedManifests,
  owned: (path: string) => boolean,
  objects: RenderedObjects,
): ComparedCommits {
  const changedFiles = read.changedFiles.filter(
    (f) => !owned(f.path) || (f.oldPath !== undefined && !owned(f.oldPath)),
  );
  const allBase = [...read.base.filter((m) => !owned(m.file)), ...objects.base];
  const allHead = [...read.head.filter((m) => !owned(m.file)), ...objects.head];
  const grouped = groupBySource(allBase, allHead);
  const variants = new Map<string, Variant[]>();
  for (const [key, list] of grouped.variants) {
    const m = (list[0]!.head ?? list[0]!.base)!;
    if (!workloadKindOf(m.object)) variants.set(key, list);
  }
  const found = findConfigChanges(grouped.base, grouped.head);
  found.changes = pairHashSuffixRenames(
    withSources(found.changes, grouped.base, grouped.head),
    found.snapshots,
  );
  return {
    changedFiles,
    base: grouped.base,
    head: grouped.head,
    allBase,
    allHead,
    found,
    variants,
    problems: objects.problems,
    warnings: objects.warnings,
  };
}

/** A rendered change names its source and blamed file, from its object at head (at base when deleted). */
function withSources(changes: ConfigChange[], base: Manifest[], head: Manifest[]): ConfigChange[] {
  const at = (manifests: Manifest[]) => new Map(manifests.map((m) => [idKey(m.id), m]));
  const before = at(base);
  const after = at(head);
  return changes.map((change) => {
    const m = (change.status === "deleted" ? before : after).get(idKey(change.id));
    if (m?.origin === undefined) return change;
    return { ...change, origin: m.origin, ...(m.blamedFile ? { blamedFile: m.blamedFile } : {}) };
  });
}
