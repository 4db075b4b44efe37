// Objects from several sources (raw files, kustomizations, a render command) -> one object per
// identity. The same object from two sources is fine when both say the same; when they differ, the
// repository holds several variants (overlays for different environments) and only the user knows
// which one this cluster runs.
import { formatId, idKey, type Manifest, type ObjectId } from "../model.js";

export interface ObjectConflict {
  id: ObjectId;
  /** The two sources that disagree, as labelled (e.g. `kustomize overlays/prod`, `file k8s/a.yaml`). */
  first: string;
  second: string;
}

export interface MergedObjects {
  manifests: Manifest[];
  conflicts: ObjectConflict[];
}

/** The label of a manifest's source: its renderer, or the raw file it was read from. */
export function originLabel(manifest: Manifest): string {
  return manifest.origin ?? `file ${manifest.file}`;
}

/**
 * Keep the first definition of each identity; record a conflict when a later one from another source
 * differs. Two definitions from one raw source are left alone: findConfigChanges reports those.
 */
export function mergeByIdentity(manifests: readonly Manifest[]): MergedObjects {
  // The canonical text is made only when two sources define one object: most objects have one.
  const kept = new Map<string, { manifest: Manifest; canonical?: string }>();
  const merged: Manifest[] = [];
  const conflicts: ObjectConflict[] = [];
  const seenConflicts = new Set<string>();
  for (const manifest of manifests) {
    const key = idKey(manifest.id);
    const earlier = kept.get(key);
    if (earlier === undefined || (manifest.origin === undefined && earlier.manifest.origin === undefined)) {
      if (earlier === undefined) kept.set(key, { manifest });
      merged.push(manifest);
      continue;
    }
    if (originLabel(earlier.manifest) === originLabel(manifest)) {
      merged.push(manifest);
      continue;
    }
    earlier.canonical ??= canonicalJson(earlier.manifest.object);
    if (earlier.canonical === canonicalJson(manifest.object)) continue;
    if (seenConflicts.has(key)) continue;
    seenConflicts.add(key);
    conflicts.push({ id: manifest.id, first: originLabel(earlier.manifest), second: originLabel(manifest) });
  }
  return { manifests: merged, conflicts };
}

export function describeConflicts(conflicts: readonly ObjectConflict[]): string {
  const first = conflicts[0];
  if (!first) return "";
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more object(s))` : "";
  return (
    `${first.first} and ${first.second} both define ${formatId(first.id)} with different content${more}: ` +
    "pass --kustomize DIR (or --render) to say which one this cluster runs"
  );
}

/** JSON with object keys sorted, so two renders that order fields differently compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}
