// --rollback-on-failure for the in-place strategies (annotation, env): the run's strategy with a
// rollback. When a restarted workload fails, the changed configs it reads that the repository
// defines at both commits are put back to the base commit's content, and every workload this run
// restarted that reads one of them — its own rollout failed or not — goes back to the pod template
// it ran before the run (strategy.rollbackStep), through the restart path with the same rules. The
// restore's reads and writes are asked about with the first round's writes. Each failure is acted
// on once: a workload already rolled back does not start another restore, a config already restored
// is not written again, and a workload of a later round that reads one is not restarted at all.

import { field } from "../../core/json-shape.js";
import { type ConfigContent, formatId, idKey, type ObjectId, shortId } from "../../core/model.js";
import type { RestoredConfig } from "../../core/run-result.js";
import type { PatchOutcome, RestartStrategy } from "../strategy/restart-strategy.js";
import { changedConfigsOf, type RestorePlan, restoreReviews } from "./restore-plan.js";
import type { ConfigRestore } from "./restore-source.js";
import { isFailedRollout, reportRollbacks } from "./rollback-report.js";

/**
 * The strategy with the rollback. Long (about 80 lines) because its methods share the run's state as
 * closures (what was started, claimed, restored and rolled back), as the versioned strategy's do.
 */
export function withRollbackOnFailure(strategy: RestartStrategy, plan: RestorePlan): RestartStrategy {
  const rollbackStep = strategy.rollbackStep;
  if (!rollbackStep) return strategy;
  const readsOf = new Map(plan.workloads.map((w) => [idKey(w.id), changedConfigsOf(w)]));
  /** The configs those keys name. */
  const configOf = new Map(
    plan.workloads.flatMap((w) => w.references.map((r) => [idKey(r.config), r.config])),
  );
  /**
   * Workloads whose template carries this run's change (restarted, or found restarted by an earlier
   * run), or may (a patch that got no answer): the readers a restore rolls back. A patch refused,
   * not applied or never sent changed nothing: there is nothing to roll back.
   */
  const started = new Map<string, PatchOutcome>();
  /** Readers whose unanswered patch turned out not applied: not rolled back after all. */
  const untouched = new Set<string>();
  /** Configs a failure asked for, by idKey: what failed first, then how the restore ended. */
  const claimed = new Map<string, { failed: ObjectId; ended?: RestoredConfig["result"] }>();
  /** The base content of every config put back so far: what the rolled-back templates must read. */
  const restoredContent = new Map<string, ConfigContent>();
  /** Workloads rolled back: their own later verdicts are the rollback's, not the change's. */
  const rolledBack = new Set<string>();
  const outcomes: RestoredConfig[] = [];
  const notRestorableSeen = new Set<string>();

  return {
    ...strategy,
    async prepare(context) {
      const prepared = await strategy.prepare(context);
      return { ...prepared, reviews: [...(prepared.reviews ?? []), ...restoreReviews(plan)] };
    },
    restarted(outcomes) {
      for (const o of outcomes)
        if (o.result === "restarted" || o.result === "unchanged" || o.unanswered) started.set(idKey(o.id), o);
    },
    heldBack(id) {
      const put = (readsOf.get(idKey(id)) ?? []).find((key) => claimed.has(key));
      if (put === undefined) return undefined;
      const { failed, ended } = claimed.get(put)!;
      const config = shortId(configOf.get(put)!);
      // A restore that was refused leaves the content that failed: restarting would roll it out further.
      if (ended === "refused")
        return `not restarted: ${config} it reads could not be put back after ${formatId(failed)} failed (see the restored configs), and still holds the content that failed`;
      return `not restarted: ${config} it reads was put back to the base commit's content after ${formatId(failed)} failed`;
    },
    async rollbackFor(results, context) {
      const failed = results.filter((r) => isFailedRollout(r) && !rolledBack.has(idKey(r.id)));
      const restores: ConfigRestore[] = [];
      for (const result of failed) {
        for (const key of readsOf.get(idKey(result.id)) ?? []) {
          if (claimed.has(key)) continue;
          const restorable = plan.restorable.get(key);
          if (!restorable) {
            if (notRestorableSeen.has(key)) continue;
            notRestorableSeen.add(key);
            const why = plan.notRestorable.get(key) ?? "the repository does not define it";
            outcomes.push({
              id: configOf.get(key)!,
              result: "not-restorable",
              message: `not restored: ${why}`,
              readers: [],
            });
            continue;
          }
          claimed.set(key, { failed: result.id });
          restores.push({ ...restorable, readers: [] });
        }
      }
      if (restores.length === 0) return undefined;
      // Every workload restarted so far that reads a config put back now, the failed ones included.
      const keys = new Set(restores.map((r) => idKey(r.id)));
      const readers = [...started.values()]
        .map((o) => o.id)
        .filter((id) => readsOf.get(idKey(id))?.some((key) => keys.has(key)));
      for (const restore of restores) {
        restore.readers = readers.filter((id) => readsOf.get(idKey(id))!.includes(idKey(restore.id)));
        restoredContent.set(idKey(restore.id), restore.base.content);
      }
      for (const id of readers) rolledBack.add(idKey(id));
      context.log.warn(
        `${failed.map((r) => formatId(r.id)).join(", ")} failed: putting ${restores.map((r) => shortId(r.id)).join(", ")} back to the base commit's content and rolling back ${readers.map(formatId).join(", ") || "no workload"}`,
      );
      const step = await rollbackStep(new Map(restoredContent));
      return {
        ids: readers,
        patchFor: (id, live, kind) => {
          // A patch that got no answer was applied if it moved the generation (as the restart judges
          // a 200): the same generation means the template is as before the run.
          const generation = started.get(idKey(id))?.unanswered?.generation;
          if (generation === undefined || field(field(live, "metadata"), "generation") !== generation)
            return step(id, live, kind);
          untouched.add(idKey(id));
          return {
            unchanged: `its pod template is as before the patch (generation ${generation}): nothing to roll back`,
          };
        },
        restores,
        restored: (ended) => {
          outcomes.push(...ended);
          for (const o of ended) {
            const claim = claimed.get(idKey(o.id));
            if (claim) claim.ended = o.result;
          }
        },
      };
    },
    async afterWait(results, back, context) {
      const inner = strategy.afterWait
        ? await strategy.afterWait(results, back, context)
        : { results, notes: [] };
      const restores = reportRollbacks(
        inner.results,
        back.filter((r) => !untouched.has(idKey(r.id))),
        outcomes.map((o) => ({ ...o, readers: o.readers.filter((id) => !untouched.has(idKey(id))) })),
        (key) => readsOf.get(key) ?? [],
        context.log,
      );
      for (const result of inner.results) {
        const said = back.find((r) => untouched.has(idKey(r.id)) && idKey(r.id) === idKey(result.id));
        if (!said) continue;
        result.message = `${result.message}; ${said.message}`;
        context.log.warn(`${formatId(result.id)}: ${result.message}`);
      }
      return { ...inner, restores };
    },
  };
}
