// Waiting for rollouts, event-driven: no polling interval, so the wait ends the moment the last
// rollout does.
//
// Requests: targets are grouped by namespace and kind; each group keeps one WATCH open. A group
// with a single target narrows it with fieldSelector=metadata.name=<name>; a larger group watches
// its kind in that namespace and ignores other objects' events. So the number of requests grows
// with the namespaces and kinds restarted, never with the workloads that were not touched.
//
// Where the first watch starts: when every target of a group comes with its object as our patch
// (or read) returned it, the group needs no LIST — its watch opens without a resourceVersion
// ("start at the most recent"), and the server first sends an ADDED event per existing object,
// then every change. Otherwise the group LISTs and watches from the list's resourceVersion.
//
// Why not watch from the patch answers' resourceVersions: the server keeps a bounded window of
// recent events (a real API server's watch cache; etcd compaction behind it). With hundreds of
// patches, the first ones' versions had left the window by the time the last patch was answered:
// 410 Gone and one LIST per group again (~150 at 1,000 restarts). Opening each group's watch as
// soon as its own patches were answered would only narrow that window, and would tangle the
// restart and wait stages (and their log sections) together; a watch without a resourceVersion
// cannot be too old at all. What it costs is handled here: its initial ADDED events are a
// snapshot that may be older than our patch (a lagging cache), so an observation only counts for
// the generation our patch produced (observe); and it has no DELETED event for a target deleted
// before it opened, so a target absent from the snapshot — not seen by the first BOOKMARK, which
// the server sends after the initial events — was deleted, as is one whose uid changed.
//
// Recovery: a watch the server closes is reopened from the last resourceVersion seen (bookmarks
// included); a 410 Gone (in-stream ERROR event or HTTP status) re-lists first; network and server
// errors retry with backoff. All of it runs under one deadline shared by every target.

import { ClusterAccessError } from "../../core/errors.js";
import { WORKLOAD_GENERATION_ANNOTATION } from "../../core/kinds/argo-rollout-status.js";
import { specUpdateMessage } from "../../core/kinds/rollout-status.js";
import { rolloutStatus, workloadKind } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import { field } from "../../core/manifests/json-shape.js";
import { formatId, idKey, type ObjectId } from "../../core/model.js";
import type { Cluster, WatchHandle } from "../../kube/kube-client.js";

export interface WaitTarget {
  id: ObjectId;
  /** metadata.generation our patch produced: older observations of the object do not count. */
  generation?: number;
  /** The object as our patch returned it: when every target of a group has one, no LIST is needed. */
  object?: Record<string, unknown>;
  /**
   * For a workload restarted through the object whose template it runs (Argo's workloadRef): that
   * object's generation after our patch. Until the workload says it saw it, its status is old news.
   */
  templateOwnerGeneration?: number;
}

/** The wait target of a restart's result: where the rollout to follow starts. */
export function waitTargetOf(restart: WaitTarget): WaitTarget {
  const { id, generation, object, templateOwnerGeneration } = restart;
  return { id, generation, object, templateOwnerGeneration };
}

/** Progress lines as kubectl prints them, prefixed with the workload. */
export function logProgress(log: Pick<Log, "info">): NonNullable<WaitOptions["onProgress"]> {
  return (id, message) => log.info(`${id.kind.toLowerCase()}/${id.name}: ${message}`);
}

export type WaitOutcome = "done" | "paused" | "failed" | "timeout" | "not-waitable" | "deleted";

export interface WaitResult {
  id: ObjectId;
  result: WaitOutcome;
  message: string;
  /** From the start of the wait to this target's outcome. */
  durationMs: number;
}

export interface WaitOptions {
  timeoutMs: number;
  /** Each new status line of a target (kubectl's "Waiting for deployment ..." messages). */
  onProgress?: (id: ObjectId, message: string) => void;
  now?: () => number;
  /** First backoff step after a failed list or watch (default 250 ms). */
  retryDelayMs?: number;
}

export type WaitCluster = Pick<Cluster, "listForWatch" | "watchWorkloads">;

type Plain = Record<string, unknown>;

interface TargetState {
  target: WaitTarget;
  lastMessage: string;
  /** The last list/watch failure being retried, shown if the wait then times out. */
  lastError?: string;
  result?: WaitResult;
}

export async function waitForRollouts(
  cluster: WaitCluster,
  targets: WaitTarget[],
  opts: WaitOptions,
): Promise<WaitResult[]> {
  const now = opts.now ?? Date.now;
  const started = now();
  const states = new Map<string, TargetState>();
  for (const target of targets) {
    if (!states.has(idKey(target.id))) states.set(idKey(target.id), { target, lastMessage: "" });
  }
  if (states.size === 0) return [];
  let unsettled = states.size;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let isFinished = false;
  const cleanups = new Set<() => void>();

  const settle = (state: TargetState, result: WaitOutcome, message: string) => {
    if (state.result) return;
    state.result = { id: state.target.id, result, message, durationMs: now() - started };
    if (--unsettled === 0) stopAll();
  };
  const stopAll = () => {
    if (isFinished) return;
    isFinished = true;
    for (const cleanup of cleanups) cleanup();
    cleanups.clear();
    finish();
  };

  const observe = (state: TargetState, obj: Plain) => {
    if (state.result) return;
    const uid = field(field(obj, "metadata"), "uid");
    const targetUid = field(field(state.target.object, "metadata"), "uid");
    // Same name, another object: ours was deleted (and replaced) since our patch.
    if (typeof uid === "string" && typeof targetUid === "string" && uid !== targetUid)
      return settle(state, "deleted", `${formatId(state.target.id)} was deleted`);
    const generation = field(field(obj, "metadata"), "generation");
    const expected = state.target.generation;
    // An observation older than our patch (a lagging cache) says nothing about our rollout.
    const status =
      (expected !== undefined && typeof generation === "number" && generation < expected) ||
      ownerChangeUnseen(obj, state.target.templateOwnerGeneration)
        ? { done: false, message: specUpdateMessage(state.target.id.kind) }
        : rolloutStatus(obj);
    state.lastError = undefined;
    if (status.notWaitable) return settle(state, "not-waitable", status.message);
    if (status.error) return settle(state, "failed", status.message);
    if (status.paused) return settle(state, "paused", status.message);
    if (status.done) return settle(state, "done", status.message);
    if (status.message !== state.lastMessage) {
      state.lastMessage = status.message;
      opts.onProgress?.(state.target.id, status.message);
    }
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (isFinished) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        cleanups.delete(done);
        resolve();
      }
      cleanups.add(done);
    });

  const groups = new Map<string, TargetState[]>();
  for (const state of states.values()) {
    const key = `${state.target.id.namespace}/${state.target.id.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), state]);
  }

  const runGroup = async (members: TargetState[]) => {
    const { namespace, kind } = members[0]!.target.id;
    if (!workloadKind(kind)?.rolloutStatus) {
      for (const member of members)
        settle(member, "not-waitable", `rollout status is not available for kind ${kind}`);
      return;
    }
    const byName = new Map(members.map((m) => [m.target.id.name, m]));
    const pending = () => !isFinished && members.some((m) => !m.result);
    const fieldSelector = members.length === 1 ? `metadata.name=${members[0]!.target.id.name}` : undefined;
    let resourceVersion: string | undefined;
    // The first watch starts from the most recent state instead of a LIST (see the top of the file).
    let fromMostRecent = members.every((m) => isLiveObject(m.target.object));
    if (fromMostRecent) {
      for (const member of members) observe(member, { kind, ...member.target.object });
      if (!pending()) return;
    }
    let failures = 0;
    let quickCloses = 0;

    while (pending()) {
      try {
        if (resourceVersion === undefined && !fromMostRecent) {
          const list = await cluster.listForWatch(namespace, kind, fieldSelector);
          if (isFinished) return;
          const present = new Set<string>();
          for (const item of list.items) {
            const name = String(field(field(item, "metadata"), "name") ?? "");
            present.add(name);
            const state = byName.get(name);
            if (state) observe(state, { kind, ...item });
          }
          for (const member of members) {
            if (!present.has(member.target.id.name)) {
              settle(member, "deleted", `${formatId(member.target.id)} does not exist (deleted?)`);
            }
          }
          resourceVersion = list.resourceVersion;
          if (!pending()) return;
        }
        const opened = now();
        const ending = await watchSession(resourceVersion, (rv) => {
          resourceVersion = rv;
        });
        failures = 0;
        // A most-recent watch that ended before its first bookmark may not have shown every target:
        // one it did not show is judged by a LIST.
        if (fromMostRecent && ending.unseen) resourceVersion = undefined;
        fromMostRecent = false;
        if (ending.how === "gone") resourceVersion = undefined;
        if (ending.how === "closed") {
          // A server that keeps closing watches at once must not make us spin.
          quickCloses = now() - opened < 1000 ? quickCloses + 1 : 0;
          if (quickCloses > 1) await sleep(Math.min(2000, 100 * 2 ** quickCloses));
        }
      } catch (error) {
        fromMostRecent = false;
        if (error instanceof ClusterAccessError && error.status === 410) {
          resourceVersion = undefined;
          continue;
        }
        if (error instanceof ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) {
          for (const member of members)
            settle(member, "failed", `cannot follow the rollout: ${error.message}`);
          return;
        }
        // Network trouble or server errors: re-list after a backoff, until the deadline.
        for (const member of members) member.lastError = (error as Error).message;
        resourceVersion = undefined;
        await sleep(Math.min(5000, (opts.retryDelayMs ?? 250) * 2 ** failures++));
      }
    }

    /**
     * One WATCH connection (from `fromVersion`, or from the most recent state when undefined);
     * resolves when it ends, saying whether to re-list ("gone") and, for a most-recent watch that
     * ended before its first bookmark, whether a pending target was not shown.
     */
    function watchSession(
      fromVersion: string | undefined,
      seen: (rv: string) => void,
    ): Promise<{ how: "closed" | "gone" | "complete"; unseen: boolean }> {
      return new Promise((resolve, reject) => {
        let handle: WatchHandle | undefined;
        // A most-recent watch: the targets its initial events showed, until its first bookmark.
        let shown = fromVersion === undefined ? new Set<string>() : undefined;
        const unseen = () =>
          shown !== undefined && members.some((m) => !m.result && !shown?.has(m.target.id.name));
        const end = (how: "closed" | "gone" | "complete") => {
          cleanups.delete(stop);
          handle?.abort();
          resolve({ how, unseen: unseen() });
        };
        const stop = () => end("complete");
        cleanups.add(stop);
        handle = cluster.watchWorkloads(
          namespace,
          kind,
          { resourceVersion: fromVersion, fieldSelector },
          (type, obj) => {
            if (type === "ERROR") {
              // 410 Gone: the history we asked for was compacted; re-list at once. Any other
              // in-stream error is retried with backoff like a failed request.
              const code = field(obj, "code");
              if (code === 410) return end("gone");
              cleanups.delete(stop);
              handle?.abort();
              const message = String(field(obj, "message") ?? "watch error");
              return reject(new ClusterAccessError(message, typeof code === "number" ? code : undefined));
            }
            const rv = field(field(obj, "metadata"), "resourceVersion");
            if (typeof rv === "string" && rv !== "") seen(rv);
            if (type === "BOOKMARK") {
              // The server sends bookmarks after the initial events: a target those did not show
              // was deleted before the watch opened.
              for (const member of members) {
                if (shown && !shown.has(member.target.id.name))
                  settle(member, "deleted", `${formatId(member.target.id)} was deleted`);
              }
              shown = undefined;
              if (!pending()) end("complete");
              return;
            }
            const state = byName.get(String(field(field(obj, "metadata"), "name") ?? ""));
            if (!state) return;
            shown?.add(state.target.id.name);
            if (type === "DELETED") settle(state, "deleted", `${formatId(state.target.id)} was deleted`);
            else observe(state, { kind, ...obj });
            if (!pending()) end("complete");
          },
          (error) => {
            cleanups.delete(stop);
            if (error) reject(error);
            else resolve({ how: "closed", unseen: unseen() });
          },
        );
        if (isFinished) end("complete");
      });
    }
  };

  const deadline = setTimeout(() => {
    for (const state of states.values()) {
      if (state.result) continue;
      const last = [state.lastMessage, state.lastError && `last error: ${state.lastError}`]
        .filter(Boolean)
        .join("; ");
      settle(
        state,
        "timeout",
        `timed out after ${formatSeconds(opts.timeoutMs)} waiting for ${formatId(state.target.id)}${last ? `: ${last}` : ""}`,
      );
    }
  }, opts.timeoutMs);
  cleanups.add(() => clearTimeout(deadline));

  for (const members of groups.values()) {
    runGroup(members).catch((error: unknown) => {
      // A bug must not hang the wait: report it on the group's targets.
      for (const member of members)
        settle(member, "failed", `internal error while waiting: ${String(error)}`);
    });
  }
  // Group loops still inside a request see isFinished and stop on their own; not waiting for them
  // keeps the finish line at the last rollout's event.
  await finished;
  return targets.map((t) => states.get(idKey(t.id))!.result!);
}

/** An object as the API server returned it (a patch answer, a listed object), not a manifest. */
function isLiveObject(obj: Plain | undefined): boolean {
  return typeof field(field(obj, "metadata"), "resourceVersion") === "string";
}

/** Argo records the referenced workload's generation it has seen in an annotation on the Rollout. */
function ownerChangeUnseen(obj: Plain, ownerGeneration: number | undefined): boolean {
  if (ownerGeneration === undefined) return false;
  const seen = Number.parseInt(
    String(field(field(field(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10,
  );
  return !(seen >= ownerGeneration);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
