// The versioned strategy's guard against a stale run. Pipelines can finish out of order (the one
// for v1..v2 after the one for v2..v3), and an old pipeline can be run again. The other strategies
// restart pods only onto content the cluster holds, but a versioned run brings its own copies: it
// would repoint a workload back to older content and exit 0. Each copy records the commit it was
// copied at (config-copy.ts), so before anything is written the copies the planned workloads run
// now are placed in git's history against this run's head; a workload that runs one copied at a
// later commit (head is its ancestor) is left as it is, and its result says why.

import { type CommitOrder, shortSha } from "../../core/commit-sha.js";
import { UserError } from "../../core/errors.js";
import { podSpecAt } from "../../core/kinds/pod-template.js";
import { type RestartableKind, workloadKindOf } from "../../core/kinds/workload-kinds.js";
import { formatId, idKey, type ObjectId, shortId } from "../../core/model.js";
import type { PrepareContext } from "../strategy/restart-strategy.js";
import type { SourceCopy } from "./copies.js";
import { referenceSites } from "./repoint.js";

/** The copies of the run's sources copied at a commit later than head: idKey -> that commit. */
export type NewerCopies = Map<string, string>;

/**
 * Which copies the planned workloads run now (their live templates) were copied at a commit later
 * than head. A commit this clone cannot place (missing from a shallow clone and not fetchable) stops
 * the run before any write: guessing either way could repoint a workload to older content.
 */
export async function findNewerCopies(
  context: Pick<PrepareContext, "workloads" | "manifests" | "commitOrder" | "head" | "log">,
  copies: readonly SourceCopy[],
): Promise<NewerCopies> {
  const commitOf = new Map<string, string>();
  for (const { copy, older } of copies) {
    for (const [name, commit] of older) commitOf.set(idKey({ ...copy.source, name }), commit);
  }
  // Only the copies a planned workload runs are placed: usually one commit, the last deploy's.
  const running = new Map<string, { id: ObjectId; workloads: string[]; commit: string }>();
  for (const workload of context.workloads) {
    const live = context.manifests.get(idKey(workload.id))?.object;
    const kind = live === undefined ? undefined : workloadKindOf(live);
    if (live === undefined || kind === undefined) continue;
    for (const site of referenceSites(podSpecAt(live, kind.templatePath))) {
      const id = { kind: site.configKind, namespace: workload.id.namespace, name: site.name };
      const commit = commitOf.get(idKey(id));
      if (commit === undefined) continue;
      const entry = running.get(idKey(id)) ?? { id, workloads: [], commit };
      const name = shortId(workload.id);
      if (!entry.workloads.includes(name)) entry.workloads.push(name);
      running.set(idKey(id), entry);
    }
  }
  const orders = new Map<string, Promise<CommitOrder>>();
  const newer: NewerCopies = new Map();
  for (const [key, { id, workloads, commit }] of running) {
    let asked = orders.get(commit);
    if (asked === undefined) {
      asked = context.commitOrder(commit);
      orders.set(commit, asked);
    }
    const placed = await asked;
    if (placed.order === "unknown") {
      throw new UserError(
        `cannot tell whether ${formatId(id)}, which ${workloads.join(", ")} run, holds content newer than this run's head ${shortSha(context.head)}: it was copied at ${shortSha(commit)}, and ${placed.why}`,
      );
    }
    if (placed.order === "newer") newer.set(key, commit);
    if (placed.order === "diverged") {
      context.log.info(
        `${formatId(id)}, which ${workloads.join(", ")} run, was copied at ${shortSha(commit)}, which is not in the history of this run's head ${shortSha(context.head)} (another branch, or rewritten history): repointed as planned`,
      );
    }
  }
  return newer;
}

/** Why a live workload must not be repointed (it runs a copy newer than head); undefined when it may be. */
export function staleReason(
  namespace: string,
  live: Record<string, unknown>,
  kind: RestartableKind,
  newer: NewerCopies,
  head: string,
): string | undefined {
  if (newer.size === 0) return undefined;
  const running = new Map<string, string>();
  for (const site of referenceSites(podSpecAt(live, kind.templatePath))) {
    const id = { kind: site.configKind, namespace, name: site.name };
    const commit = newer.get(idKey(id));
    if (commit !== undefined) running.set(shortId(id), commit);
  }
  if (running.size === 0) return undefined;
  const what = [...running].map(([copy, commit]) => `${copy} (copied at ${shortSha(commit)})`).join(", ");
  return `not repointed: this run is stale: it runs ${what}, from a later commit than this run's head ${shortSha(head)} (a newer pipeline deployed it), and a versioned run never moves a workload to older content`;
}
