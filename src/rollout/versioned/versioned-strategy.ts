// The versioned strategy: every changed ConfigMap/Secret of the plan becomes an immutable copy
// `<name>-<hash>` (server-side apply; copies.ts), and each planned workload is repointed to the
// copies in one patch, which is its restart (repoint-workloads.ts), unless it already runs a copy
// from a later commit than head (a stale run; stale-runs.ts). After the wait, a failed rollout is
// repointed back to what it used before, when that still exists (config only; rollback.ts), and
// after a successful run managed copies nothing can still need are pruned (prune.ts), never one
// the head commit defines. The copies and both rounds of
// patches go through the restart path, with its permission check; this file keeps the run's state.

import { UserError } from "../../core/errors.js";
import { type ConfigKind, formatId, idKey } from "../../core/model.js";
import { isFailure } from "../../core/run-result.js";
import { rollsBackOnFailure } from "../../core/setting-choices.js";
import type { Cluster } from "../../kube/cluster.js";
import { readConsumedSecrets } from "../strategy/consumed-secrets.js";
import type { RestartStrategy } from "../strategy/restart-strategy.js";
import { configCopy } from "./config-copy.js";
import {
  copyPlanNotes,
  type ManagedCopies,
  managedCopyLister,
  prepareCopies,
  type SourceCopy,
  type VersionedSettings,
} from "./copies.js";
import { type DefinedAtHead, prune } from "./prune.js";
import {
  asSources,
  type CopyIndex,
  describeChanges,
  indexCopies,
  repointStep,
  repointToCopies,
} from "./repoint-workloads.js";
import { type Repointings, type RollbackTargets, reportRollback, rollbackOf } from "./rollback.js";
import { findNewerCopies, type NewerCopies, staleReason } from "./stale-runs.js";

/**
 * The versioned strategy: one object per run. Long (about 90 lines) because its methods share the
 * run's state as closures (copies, repointings, stale runs, the copies listed before any write);
 * each method is a few lines that call the step files (copies, repoint-workloads, rollback, prune).
 */
export function createVersionedStrategy(settings: VersionedSettings): RestartStrategy {
  const rollback = rollsBackOnFailure(settings);
  let copies: SourceCopy[] = [];
  let index: CopyIndex = indexCopies([]);
  const repointings: Repointings = new Map();
  /** Where each failed workload goes back to (rollback.ts), once the wait has failed some. */
  const rollbackTargets: RollbackTargets = new Map();
  /** Copies the planned workloads run that were copied at a commit later than head (stale-runs.ts). */
  let newer: NewerCopies = new Map();
  let head = "";
  /** Workloads left alone because this run is stale for them: idKey -> why. */
  const staleRuns = new Map<string, string>();
  /**
   * The managed copies on the cluster before this run writes anything, one list per (kind,
   * namespace): read by the plan's view of the cluster and again by prepare, which follows it with
   * no write in between (one strategy object serves one run). The prune after the wait lists afresh.
   */
  let copiesBefore: ManagedCopies | undefined;
  /** The configs the head commit defines among some ids (read in prepare's context): --prune never deletes those. */
  let definedAtHead: DefinedAtHead = async () => new Set();
  const managedCopiesBefore = (cluster: Cluster) => (namespace: string, kind: ConfigKind) => {
    copiesBefore ??= managedCopyLister(cluster);
    return copiesBefore(namespace, kind);
  };

  return {
    name: "versioned",
    needsLiveConfigs: false,

    planNotes: (context) => copyPlanNotes(context, settings),

    // The plan file's repointing: each changed config a workload references, to its copy at head.
    async planFileChanges(workloads, { headConfigs, head, keyFor }) {
      const key = keyFor([]);
      return new Map(
        workloads.map((w) => {
          const repoint = w.references.flatMap((ref) => {
            const config = headConfigs.get(idKey(ref.config));
            if (!config) return [];
            const source = {
              id: { ...ref.config, kind: config.snapshot.id.kind as ConfigKind },
              object: config.manifest.object,
              content: config.snapshot.content,
            };
            return [{ config: ref.config, copy: configCopy(source, head, key).name }];
          });
          return [idKey(w.id), { repoint: [...new Map(repoint.map((r) => [idKey(r.config), r])).values()] }];
        }),
      );
    },

    async prepare(context) {
      // The unchanged Secrets the workloads read are not copied: read for masking alone.
      await readConsumedSecrets(context);
      const prepared = await prepareCopies(context, settings, managedCopiesBefore(context.cluster));
      definedAtHead = async (ids) => {
        try {
          const read = await context.readHeadConfigs(ids);
          return new Set(ids.map(idKey).filter((key) => read.has(key)));
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          throw new UserError(`cannot tell whether the head commit defines them: ${why}`);
        }
      };
      copies = prepared.copies;
      index = indexCopies(copies);
      // Read before any write: a commit this clone cannot place stops the run with nothing written.
      newer = await findNewerCopies(context, copies);
      head = context.head;
      return { configWrites: prepared.writes };
    },

    planningView: (workloads, cluster) => asSources(workloads, managedCopiesBefore(cluster)),

    patchFor(id, live, kind) {
      const stale = staleReason(id.namespace, live, kind, newer, head);
      if (stale !== undefined) {
        staleRuns.set(idKey(id), stale);
        return { unchanged: stale };
      }
      const repointing = repointToCopies(id, live, kind, index);
      if ("unchanged" in repointing) return repointing;
      repointings.set(idKey(id), repointing.repointed.changes);
      return repointStep(live, kind, repointing.repointed);
    },

    async rollbackFor(results, { cluster }) {
      if (!rollback) return undefined;
      const found = await rollbackOf(results, repointings, copies, cluster, settings.concurrency);
      for (const [key, targets] of found?.targets ?? []) rollbackTargets.set(key, targets);
      return found?.rollback;
    },

    async afterWait(results, rolledBack, { cluster, log }) {
      const notes: string[] = [];
      for (const result of results) {
        if (staleRuns.has(idKey(result.id)))
          log.warn(`${formatId(result.id)}: ${staleRuns.get(idKey(result.id))}`);
      }
      // The wait's verdict replaced the patch's message: say again which copy each workload runs now.
      for (const result of results) {
        const changes = repointings.get(idKey(result.id));
        if (changes && result.restart !== "failed" && result.rollout !== undefined) {
          result.message = `repointed ${describeChanges(changes)}; ${result.message}`;
        }
      }
      if (rollback) reportRollback(results, rolledBack, repointings, rollbackTargets, log);
      else {
        for (const r of results) {
          if (isFailure(r) && repointings.has(idKey(r.id)))
            r.message += "; --rollback-on-failure off: left on the new copy";
        }
      }
      if (settings.prune && !results.some(isFailure)) {
        notes.push(...(await prune(cluster, copies, settings, definedAtHead, log)));
      }
      return { results, notes };
    },
  };
}
