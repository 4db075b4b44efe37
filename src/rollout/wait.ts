// Waiting for rollouts, event-driven: no polling interval, so the wait ends the moment the last
// rollout does.
//
// Requests: targets are grouped by namespace and kind; each group follows its targets through one
// list-and-watch loop (kube/list-watch.ts: the transport, with its reconnects, 410 relists,
// bookmarks and backoff). So the number of requests grows with the namespaces and kinds
// restarted, never with the workloads that were not touched.
//
// Where the first watch starts: when every target of a group comes with its object as our patch
// (or read) returned it, the group needs no LIST — its watch opens without a resourceVersion
// ("start at the most recent"). Otherwise the group LISTs and watches from the list's
// resourceVersion.
//
// Why not watch from the patch answers' resourceVersions: the server keeps a bounded window of
// recent events (a real API server's watch cache; etcd compaction behind it). With hundreds of
// patches, the first ones' versions had left the window by the time the last patch was answered:
// 410 Gone and one LIST per group again (~150 at 1,000 restarts). Opening each group's watch as
// soon as its own patches were answered would only narrow that window, and would tangle the
// restart and wait stages (and their log sections) together; a watch without a resourceVersion
// cannot be too old at all. What it costs: its initial ADDED events are a snapshot that may be
// older than our patch (a lagging cache), so an observation only counts for the generation our
// patch produced (core/kinds/rollout-verdict.ts); and a target it does not show was deleted.
//
// What each observation means is the verdict's (core/kinds/rollout-verdict.ts); this stage keeps
// one result per target, the progress lines, and one deadline shared by every target.

import { setMaxListeners } from "node:events";
import { formatDuration } from "../core/duration.js";
import { ClusterAccessError } from "../core/errors.js";
import { field } from "../core/json-shape.js";
import type { PodCause } from "../core/kinds/pod-verdict.js";
import { type FollowedRollout, type RolloutEnd, rolloutVerdict } from "../core/kinds/rollout-verdict.js";
import { workloadKind } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import { formatId, idKey, type ObjectId, shortId } from "../core/model.js";
import { listAndWatch, type WatchSource } from "../kube/list-watch.js";
import { type HeartbeatOptions, startHeartbeat } from "./heartbeat.js";
import { type PodWatchOptions, startPodWatch } from "./pod-watch.js";

export type WaitTarget = FollowedRollout;

/** The wait target of a restart's result: where the rollout to follow starts. */
export function waitTargetOf(restart: WaitTarget): WaitTarget {
  const { id, generation, object, templateOwnerGeneration } = restart;
  return { id, generation, object, templateOwnerGeneration };
}

/** Progress lines as kubectl prints them, prefixed with the workload. */
export function logProgress(log: Pick<Log, "info">): NonNullable<WaitOptions["onProgress"]> {
  return (id, message) => log.info(`${shortId(id)}: ${message}`);
}

type WaitOutcome = RolloutEnd | "timeout";

export interface WaitResult {
  id: ObjectId;
  result: WaitOutcome;
  message: string;
  /** From the start of the wait to this target's outcome. */
  durationMs: number;
  /** A new pod that cannot start, which failed the workload early (pod-watch.ts). */
  cause?: PodCause;
  /** The workload as last observed (a bake tells its new pods by it, bake.ts). */
  object?: Plain;
}

export interface WaitOptions {
  timeoutMs: number;
  /** Each new status line of a target (kubectl's "Waiting for deployment ..." messages). */
  onProgress?: (id: ObjectId, message: string) => void;
  now?: () => number;
  /** First backoff step after a failed list or watch (default 250 ms). */
  retryDelayMs?: number;
  /** Aborted when the run is interrupted: every target still waiting ends as not finished. */
  interrupt?: AbortSignal;
  /** Watch the new pods and fail a workload whose pods cannot start (undefined: --wait status). */
  pods?: PodWatchOptions;
  /** A progress line after 30 s without one (heartbeat.ts): what is still rolling out, how far, how long. */
  onHeartbeat?: (line: string) => void;
  heartbeat?: HeartbeatOptions;
  /** Each target's result as soon as it has one (a failed one can be acted on while others still roll out). */
  onSettled?: (result: WaitResult) => void;
}

export type WaitCluster = WatchSource;

type Plain = Record<string, unknown>;

interface TargetState {
  target: WaitTarget;
  lastMessage: string;
  /** The last list/watch failure being retried, shown if the wait then times out. */
  lastError?: string;
  /** The workload as last observed. */
  latest?: Plain;
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
  // Aborted when the last target settles: every group's watch closes and every backoff ends. One
  // listener per group at a time, hundreds of groups at 1,000 restarts: not a leak.
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const finished = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve()));

  const waiting: Waiting = {
    cluster,
    opts,
    now,
    signal: stop.signal,
    settle(state, result, message, cause) {
      if (state.result) return;
      state.result = { id: state.target.id, result, message, durationMs: now() - started };
      if (cause) state.result.cause = cause;
      const observed = state.latest ?? state.target.object;
      if (observed) state.result.object = observed;
      waiting.opts.onSettled?.(state.result);
      if (--unsettled === 0) stop.abort();
    },
  };
  const deadline = setTimeout(() => timeOut(states.values(), waiting), opts.timeoutMs);
  const interrupted = () => timeOut(states.values(), waiting, opts.interrupt?.reason);
  if (opts.interrupt?.aborted) interrupted();
  else opts.interrupt?.addEventListener("abort", interrupted, { once: true });
  stop.signal.addEventListener("abort", () => {
    clearTimeout(deadline);
    opts.interrupt?.removeEventListener("abort", interrupted);
  });

  if (opts.pods) {
    const pods = startPodWatch(
      [...states.values()].map((state) => ({
        id: state.target.id,
        generation: state.target.generation,
        latest: () => state.latest ?? state.target.object,
        settled: () => state.result !== undefined,
        fail: (message, cause) => waiting.settle(state, "failed", message, cause),
      })),
      opts.pods,
      stop.signal,
    );
    waiting.observed = pods.recheck;
  }

  if (opts.onHeartbeat) {
    const heartbeat = startHeartbeat(
      opts.timeoutMs,
      (waited, left) => stillWaiting([...states.values()], waited, left),
      opts.onHeartbeat,
      { now, ...opts.heartbeat },
    );
    const onProgress = opts.onProgress;
    waiting.opts = {
      ...opts,
      onProgress: (id, message) => {
        heartbeat.printed();
        onProgress?.(id, message);
      },
    };
    stop.signal.addEventListener("abort", () => heartbeat.stop());
  }

  const groups = new Map<string, TargetState[]>();
  for (const state of states.values()) {
    const key = `${state.target.id.namespace}/${state.target.id.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), state]);
  }
  for (const members of groups.values()) {
    followGroup(members, waiting).catch((error: unknown) => {
      // An answer retrying cannot change (401, 403, 404) fails the group's targets; so does a bug,
      // which must not hang the wait.
      const message =
        error instanceof ClusterAccessError
          ? `cannot follow the rollout: ${error.message}`
          : `internal error while waiting: ${String(error)}`;
      for (const member of members) waiting.settle(member, "failed", message);
    });
  }
  // Group loops still inside a request see the abort and stop on their own; not waiting for them
  // keeps the finish line at the last rollout's event.
  await finished;
  return targets.map((t) => states.get(idKey(t.id))!.result!);
}

/** What following one group needs of the wait. */
interface Waiting {
  cluster: WaitCluster;
  opts: WaitOptions;
  now: () => number;
  /** Aborted once every target has its result. */
  signal: AbortSignal;
  /** Give a target its result (the first one given stays). */
  settle(state: TargetState, result: WaitOutcome, message: string, cause?: PodCause): void;
  /** A target's object was observed (the pod watch judges again the pods it could not place yet). */
  observed?: () => void;
}

/** The targets of one namespace and kind, followed through one list-and-watch loop. */
async function followGroup(members: TargetState[], waiting: Waiting): Promise<void> {
  const { settle, opts } = waiting;
  const { namespace, kind } = members[0]!.target.id;
  if (!workloadKind(kind)?.rolloutStatus) {
    for (const member of members)
      settle(member, "not-waitable", `rollout status is not available for kind ${kind}`);
    return;
  }
  const observe = (state: TargetState, obj: Plain) => {
    if (state.result) return;
    state.latest = { kind, ...obj };
    waiting.observed?.();
    const verdict = rolloutVerdict(state.target, { kind, ...obj });
    if ("end" in verdict) return settle(state, verdict.end, verdict.message);
    state.lastError = undefined;
    if (verdict.waiting !== state.lastMessage) {
      state.lastMessage = verdict.waiting;
      opts.onProgress?.(state.target.id, verdict.waiting);
    }
  };
  const byName = new Map(members.map((m) => [m.target.id.name, m]));
  // The first watch starts from the most recent state instead of a LIST (see the top of the file).
  const fromMostRecent = members.every((m) => isLiveObject(m.target.object));
  if (fromMostRecent) for (const member of members) observe(member, member.target.object!);
  await listAndWatch(waiting.cluster, {
    namespace,
    kind,
    names: [...byName.keys()],
    fromMostRecent,
    following: (name) => !byName.get(name)?.result,
    onObject: (name, obj) => observe(byName.get(name)!, obj),
    onGone: (name, how) => {
      const state = byName.get(name)!;
      const id = formatId(state.target.id);
      settle(state, "deleted", how === "absent" ? `${id} does not exist (deleted?)` : `${id} was deleted`);
    },
    onRetry: (error) => {
      for (const member of members) member.lastError = error.message;
    },
    signal: waiting.signal,
    retryDelayMs: opts.retryDelayMs,
    now: waiting.now,
  });
}

/**
 * The deadline (or an interrupt, `reason`): every target still waiting times out, with its last
 * status line and error.
 */
function timeOut(states: Iterable<TargetState>, { settle, opts }: Waiting, reason?: unknown): void {
  for (const state of states) {
    if (state.result) continue;
    const last = [state.lastMessage, state.lastError && `last error: ${state.lastError}`]
      .filter(Boolean)
      .join("; ");
    const why =
      reason instanceof Error
        ? `${reason.message} while waiting for ${formatId(state.target.id)}: its rollout was not followed to the end`
        : `timed out after ${formatDuration(opts.timeoutMs)} waiting for ${formatId(state.target.id)}`;
    settle(state, "timeout", `${why}${last ? `: ${last}` : ""}`);
  }
}

/** The heartbeat's line: the rollouts not finished yet, each with its last status line. */
function stillWaiting(states: TargetState[], waited: string, left: string): string | undefined {
  const open = states.filter((s) => !s.result);
  if (open.length === 0) return undefined;
  const shown = open.slice(0, 3).map((s) => `${shortId(s.target.id)}: ${s.lastMessage || "no status yet"}`);
  const more = open.length > 3 ? `; and ${open.length - 3} more` : "";
  return `still waiting for ${open.length} rollout${open.length === 1 ? "" : "s"} (waited ${waited}, ${left} left): ${shown.join("; ")}${more}`;
}

/** An object as the API server returned it (a patch answer, a listed object), not a manifest. */
function isLiveObject(obj: Plain | undefined): boolean {
  return typeof field(field(obj, "metadata"), "resourceVersion") === "string";
}
