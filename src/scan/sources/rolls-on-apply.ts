// Two rules for consumers that the apply itself rolls:
// - a generator with a hash suffix renames its config when the content changes (web-config-abc ->
//   web-config-def); the rename is one modified config, not a deletion plus an addition;
// - a workload whose pod template changed in the range rolls when its manifests are applied, so a
//   restart on top would be a second rollout: it is reported as rolling on apply instead.

import { canonicalJson, changedKeys } from "../../core/config-content.js";
import { podTemplateOf } from "../../core/kinds/workload-kinds.js";
import {
  type ConfigChange,
  type ConfigSnapshot,
  idKey,
  type Manifest,
  type ObjectId,
  type PlannedWorkload,
} from "../../core/model.js";

/** kustomize's name suffix: a dash and 10 characters of its hash alphabet. */
const HASH_SUFFIX = /^(.+)-([a-z0-9]{10})$/;

export function nameWithoutHashSuffix(name: string): string | undefined {
  return HASH_SUFFIX.exec(name)?.[1];
}

/**
 * Pair each deleted hash-suffixed config with the one added config of the same kind, namespace and
 * name stem: one modified change under its new name, `previousName` the old one.
 */
export function pairHashSuffixRenames(
  changes: readonly ConfigChange[],
  snapshots: { base: Map<string, ConfigSnapshot>; head: Map<string, ConfigSnapshot> },
): ConfigChange[] {
  const stemKey = (c: ConfigChange) => {
    const stem = nameWithoutHashSuffix(c.id.name);
    return stem === undefined ? undefined : `${c.id.kind}/${c.id.namespace}/${stem}`;
  };
  const group = (status: ConfigChange["status"]) => {
    const byStem = new Map<string, ConfigChange[]>();
    for (const change of changes) {
      const key = change.status === status ? stemKey(change) : undefined;
      if (key === undefined) continue;
      byStem.set(key, [...(byStem.get(key) ?? []), change]);
    }
    return byStem;
  };
  const deleted = group("deleted");
  const added = group("added");
  const replaced = new Map<ConfigChange, ConfigChange | null>();
  for (const [stem, [before, ...otherBefore]] of deleted) {
    const candidates = added.get(stem) ?? [];
    const after = candidates[0];
    if (!before || !after || otherBefore.length > 0 || candidates.length > 1) continue;
    // Only renderers add hash suffixes; two raw configs that look alike stay what they are.
    if (before.origin === undefined || after.origin === undefined) continue;
    const keys = changedKeys(
      snapshots.base.get(idKey(before.id))?.content,
      snapshots.head.get(idKey(after.id))?.content,
    );
    replaced.set(after, { ...after, status: "modified", keys, previousName: before.id.name });
    replaced.set(before, null);
  }
  return changes.flatMap((change) => {
    const replacement = replaced.get(change);
    if (replacement === undefined) return [change];
    return replacement === null ? [] : [replacement];
  });
}

/** Whether a workload defined at both commits has a different pod template at `head` than at `base`. */
export function podTemplateChanges(
  base: readonly Manifest[],
  head: readonly Manifest[],
): (id: ObjectId) => boolean {
  // Canonical text only for a workload asked about: most planned ones are read at head only.
  const byKey = (manifests: readonly Manifest[]) => new Map(manifests.map((m) => [idKey(m.id), m]));
  const templateText = (m: Manifest | undefined) => {
    const template = m === undefined ? undefined : podTemplateOf(m.object);
    return template === undefined ? undefined : canonicalJson(template);
  };
  const before = byKey(base);
  const after = byKey(head);
  return (id) => {
    const [atBase, atHead] = [before.get(idKey(id)), after.get(idKey(id))];
    // One definition read once for both commits (a file the range did not touch) did not change.
    if (atBase === undefined || atHead === undefined || atBase === atHead) return false;
    const was = templateText(atBase);
    const now = templateText(atHead);
    return was !== undefined && now !== undefined && was !== now;
  };
}

/** The reason of a workload that applying the manifests rolls; `detail` says what it now reads. */
export function rollsOnApplyReason(detail: string[]): string {
  const now = detail.length > 0 ? ` (now reads ${detail.join(", ")})` : "";
  return `rolls on apply: its pod template changed in this range${now}, so applying the manifests restarts it`;
}

/** Restarts of workloads whose pod template differs between `base` and `head` become "rolls on apply". */
export function markRollsOnApply(
  workloads: readonly PlannedWorkload[],
  base: readonly Manifest[],
  head: readonly Manifest[],
  changes: readonly ConfigChange[],
): PlannedWorkload[] {
  const renamedConfigs = new Map(
    changes.filter((c) => c.previousName !== undefined).map((c) => [idKey(c.id), c.previousName]),
  );
  const templateChanged = podTemplateChanges(base, head);
  return workloads.map((w) => {
    if (w.action !== "restart" || !templateChanged(w.id)) return w;
    const renamed = [
      ...new Set(
        w.references
          .filter((r) => renamedConfigs.has(idKey(r.config)))
          .map(
            (r) =>
              `${r.configKind.toLowerCase()}/${r.config.name} instead of ${renamedConfigs.get(idKey(r.config))}`,
          ),
      ),
    ];
    return { ...w, action: "skip", rollsOnApply: true, reason: rollsOnApplyReason(renamed) };
  });
}
