// Which changed configs a failure can put back (--rollback-on-failure, in-place strategies): those
// the repository defines at both commits, with their base commit's manifest and content. A config
// the change adds, deletes, or whose base definition was not read has nothing to put back; the
// report says so. Pure: the plan and the scan hold everything.

import { configContentOf } from "../../core/config-content.js";
import { configKind } from "../../core/kinds/api-kinds.js";
import {
  type ConfigChange,
  type ConfigKind,
  type HeadConfig,
  idKey,
  type Manifest,
  type ObjectId,
  type PlannedWorkload,
} from "../../core/model.js";
import type { AccessCheck } from "../../kube/cluster.js";
import type { ConfigRestore } from "./restore-source.js";

export interface RestorePlan {
  /** The changed configs that can be put back, by idKey (their readers are found when one is). */
  restorable: Map<string, Omit<ConfigRestore, "readers">>;
  /** The changed configs that cannot, by idKey: why. */
  notRestorable: Map<string, string>;
  /** The workloads to restart; their references name the changed configs and keys they read. */
  workloads: PlannedWorkload[];
}

export function restorePlanOf(input: {
  base: string;
  changes: readonly ConfigChange[];
  /** The base commit's definitions of the changed configs, by idKey. */
  baseConfigs: ReadonlyMap<string, Manifest>;
  headConfigs: ReadonlyMap<string, HeadConfig>;
  workloads: PlannedWorkload[];
}): RestorePlan {
  const restorable: RestorePlan["restorable"] = new Map();
  const notRestorable = new Map<string, string>();
  for (const change of input.changes) {
    const key = idKey(change.id);
    if (change.status === "added") {
      notRestorable.set(
        key,
        "the change adds it: it did not exist at the base commit, there is nothing to put back",
      );
      continue;
    }
    if (change.status === "deleted") {
      notRestorable.set(key, "the change deletes it from the repository: a rollback does not re-create it");
      continue;
    }
    const base = input.baseConfigs.get(key);
    const content = base ? configContentOf(base).content : undefined;
    if (!base || !content) {
      notRestorable.set(
        key,
        "its definition at the base commit was not read: its earlier content is not known",
      );
      continue;
    }
    const id = change.id as ObjectId & { kind: ConfigKind };
    restorable.set(key, {
      id,
      base: { manifest: base.object, content },
      ...(input.headConfigs.has(key) ? { head: input.headConfigs.get(key)!.manifest.object } : {}),
      source: { commit: input.base, file: base.file, ...(base.origin ? { origin: base.origin } : {}) },
    });
  }
  return { restorable, notRestorable, workloads: input.workloads };
}

/** The changed configs (idKeys) a workload reads a changed key of. */
export function changedConfigsOf(workload: PlannedWorkload): string[] {
  return [
    ...new Set(workload.references.filter((r) => r.changedKeys.length > 0).map((r) => idKey(r.config))),
  ];
}

/**
 * What a restore needs, asked about before the run's first write: reading each config a restarted
 * workload reads that could be put back, and patching it (a server-side apply or a merge patch) —
 * by name, as a Role that lists Secrets by `resourceNames` grants them.
 */
export function restoreReviews(plan: RestorePlan): AccessCheck[] {
  const read = new Set(plan.workloads.flatMap(changedConfigsOf));
  return [...plan.restorable.values()]
    .filter((restore) => read.has(idKey(restore.id)))
    .flatMap(({ id }) => {
      const { group, resource } = configKind(id.kind);
      return (["get", "patch"] as const).map((verb) => ({
        verb,
        group,
        resource,
        namespace: id.namespace,
        name: id.name,
      }));
    });
}
