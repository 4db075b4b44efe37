// The versioned strategy's rollback: a workload whose rollout failed after it was repointed goes
// back to the config it last ran before this change (config only: anything else in its template
// stays as it is). Which config that is comes from the workload's revision history
// (rollout/versioned/rollback-target.ts), read here; the restart path sends the patches and waits, as
// for the first restart.

import { shortSha } from "../../core/commit-sha.js";
import { changedKeys } from "../../core/config-content.js";
import { isExpectedError } from "../../core/errors.js";
import { type ApiKind, apiVersionOf } from "../../core/kinds/api-kinds.js";
import { workloadKind } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import { type ConfigKind, formatId, idKey, type ObjectId, shortId } from "../../core/model.js";
import { once } from "../../core/once.js";
import { runLimited } from "../../core/run-limited.js";
import type { WorkloadResult } from "../../core/run-result.js";
import type { Cluster } from "../../kube/cluster.js";
import { recordRollback } from "../restore/rollback-report.js";
import type { Rollback } from "../strategy/restart-strategy.js";
import type { SourceCopy } from "./copies.js";
import type { SiteChange } from "./repoint.js";
import { describeChanges, repointTo } from "./repoint-workloads.js";
import {
  type HistoryRevision,
  type RollbackTarget,
  revisionHistory,
  rollbackTarget,
  type SourceFacts,
} from "./rollback-target.js";

/** What one workload's patch changed, by its idKey: what its rollback undoes. */
export type Repointings = Map<string, SiteChange[]>;

/** Per failed workload (idKey), per failed copy (`Kind/name`): where it goes back to. */
export type RollbackTargets = Map<string, Map<string, RollbackTarget>>;

type Plain = Record<string, unknown>;

/** The objects of a kind in a namespace that hold workloads' earlier revisions. */
type Holders = (namespace: string, holder: ApiKind) => Promise<Plain[]>;

/**
 * The workloads repointed by this run whose rollout failed or timed out, each with the config it
 * returns to; undefined when there is none. A source with no earlier config to return to (gone, or
 * holding the failed content) is left on the new copy, and the workload's result says so.
 */
export async function rollbackOf(
  results: WorkloadResult[],
  repointings: Repointings,
  copies: readonly SourceCopy[],
  cluster: Pick<Cluster, "readObject" | "listObjects" | "readConfig">,
  concurrency: number,
): Promise<{ rollback: Rollback; targets: RollbackTargets } | undefined> {
  const failed = results.filter((r) => isRolledBack(r, repointings));
  if (failed.length === 0) return undefined;
  const targets = await findTargets(failed, repointings, copies, cluster, concurrency);
  const rollback: Rollback = {
    ids: failed.map((r) => r.id),
    patchFor: (id, live, kind) => {
      const chosen = targets.get(idKey(id)) ?? new Map<string, RollbackTarget>();
      const rename = new Map<string, string>();
      const none: string[] = [];
      for (const [failing, target] of chosen) {
        if ("name" in target) rename.set(failing, target.name);
        else none.push(target.none);
      }
      if (rename.size === 0) return { unchanged: `${none.join("; ")}: left on the new copy` };
      return repointTo(live, kind, rename);
    },
  };
  return { rollback, targets };
}

async function findTargets(
  failed: WorkloadResult[],
  repointings: Repointings,
  copies: readonly SourceCopy[],
  cluster: Pick<Cluster, "readObject" | "listObjects" | "readConfig">,
  concurrency: number,
): Promise<RollbackTargets> {
  const copyOf = new Map(copies.map((c) => [idKey({ ...c.copy.source, name: c.copy.name }), c]));
  // Each namespace's history holders listed once, each in-place config read once.
  const lists = new Map<string, Promise<Plain[]>>();
  const holders: Holders = (namespace, holder) =>
    once(lists, `${holder.kind}/${namespace}`, () =>
      cluster.listObjects(namespace, apiVersionOf(holder), holder.kind),
    );
  const readings = new Map<string, Promise<SourceFacts["inPlace"]>>();
  const inPlace = (source: ObjectId & { kind: ConfigKind }, copy: SourceCopy | undefined) =>
    once(readings, idKey(source), async () => {
      try {
        const live = await cluster.readConfig(source);
        if (live === undefined) return "gone";
        if (copy === undefined) return undefined;
        return changedKeys(live.content, copy.content).length > 0 ? "differs" : "same";
      } catch (error) {
        if (!isExpectedError(error)) throw error;
        return undefined;
      }
    });
  const targets: RollbackTargets = new Map();
  await runLimited(failed, concurrency, async ({ id }) => {
    const history = await historyOf(id, cluster, holders);
    const chosen = new Map<string, RollbackTarget>();
    for (const [failingKey, changes] of groupByCopy(repointings.get(idKey(id)) ?? [])) {
      const { configKind: kind, to: failing } = changes[0]!;
      const copy = copyOf.get(idKey({ kind, namespace: id.namespace, name: failing }));
      const source = copy?.copy.source.name ?? changes[0]!.name;
      const facts = {
        kind,
        source,
        failing,
        copies: copy?.older ?? new Map<string, string>(),
        inPlace: await inPlace({ kind, namespace: id.namespace, name: source }, copy),
      };
      chosen.set(failingKey, rollbackTarget(facts, history, [...new Set(changes.map((c) => c.name))]));
    }
    targets.set(idKey(id), chosen);
  });
  return targets;
}

/** The workload's revisions, newest first; undefined when its history cannot be read (RBAC, a kind without one). */
async function historyOf(
  id: ObjectId,
  cluster: Pick<Cluster, "readObject">,
  holders: Holders,
): Promise<HistoryRevision[] | undefined> {
  const kind = workloadKind(id.kind);
  if (!kind?.history) return undefined;
  try {
    const live = await cluster.readObject({ apiVersion: apiVersionOf(kind), ...id });
    const uid = (live?.metadata as { uid?: unknown } | undefined)?.uid;
    if (typeof uid !== "string") return undefined;
    const { holder, revisionOf } = kind.history;
    const listed = await holders(id.namespace, holder);
    return revisionHistory(listed, uid, revisionOf);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return undefined;
  }
}

/** Each rolled-back workload's result says what its rollback did ("rolled-back" once it rolled out), and a warning says so too. */
export function reportRollback(
  results: WorkloadResult[],
  rolledBack: WorkloadResult[],
  repointings: Repointings,
  targets: RollbackTargets,
  log: Log,
): void {
  const backOf = new Map(rolledBack.map((r) => [idKey(r.id), r]));
  for (const result of results.filter((r) => isRolledBack(r, repointings))) {
    const back = backOf.get(idKey(result.id));
    const chosen = [...(targets.get(idKey(result.id)) ?? new Map<string, RollbackTarget>())];
    const names = describeChanges(
      chosen.flatMap(([failing, target]) => {
        if (!("name" in target)) return [];
        const [configKind, name] = failing.split("/") as [ConfigKind, string];
        const copied = target.commit ? `, copied at ${shortSha(target.commit)}` : "";
        const same = target.sameContent
          ? ", which holds the same content: the failed rollout is ended and running pods keep the config they started with, but new pods read the new content"
          : "";
        return [{ configKind, name, to: `${target.name}${copied}${same}` }];
      }),
    );
    const none = chosen.flatMap(([, target]) => ("none" in target ? [target.none] : []));
    const followed = back?.rollout !== undefined && back.rollout !== "not-waited";
    const verdict =
      back?.restart !== "restarted"
        ? `rollback not applied: ${back?.message ?? "no result"}${none.length > 0 && back?.restart === "unchanged" ? `; fix the config and push again, or run kubectl rollout undo ${shortId(result.id)} -n ${result.id.namespace}` : ""}`
        : back.rollout === "done"
          ? `rolled back (${names}); the rollback rolled out`
          : `rolled back (${names}); the rollback rollout ${followed ? back.rollout : "was not followed"}: ${followed ? back.message : ""}`;
    const partly =
      back?.restart === "restarted" && none.length > 0 ? `; ${none.join("; ")}: left on the new copy` : "";
    result.message = `${result.message}; ${verdict}${partly}`;
    if (back) recordRollback(result, back);
    log.warn(`${formatId(result.id)}: rollout of the new config failed; ${verdict}${partly}`);
  }
}

function isRolledBack(result: WorkloadResult, repointings: Repointings): boolean {
  return (
    result.restart === "restarted" &&
    (result.rollout === "failed" || result.rollout === "timeout") &&
    repointings.has(idKey(result.id))
  );
}

/** A workload's changes by the copy they named: `Kind/name` of the failed copy. */
function groupByCopy(changes: readonly SiteChange[]): Map<string, SiteChange[]> {
  const groups = new Map<string, SiteChange[]>();
  for (const change of changes) {
    const key = `${change.configKind}/${change.to}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return groups;
}
