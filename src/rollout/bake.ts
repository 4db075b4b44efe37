// Stage: the bake window (--bake). A rollout that completed is not yet a change that works: a new
// pod may crash on its first real request a minute later, or fail its readiness probe under load.
// After each workload's rollout completes, its new pods are watched for --bake: a container that
// restarts, a pod that was ready and stays not ready for BAKE_NOT_READY_MS, or any state the
// rollout's own pod watch fails on fails the workload, which then goes the way of a failed rollout
// (--rollback-on-failure rolls it back). Each baked workload gets its own pod watch through
// pod-watch.ts (which pods run the new template, the cause quoted with its events and --logs), with
// the bake's rules in place of its own; a progress line after 30 s of silence covers the bake.

import { formatDuration } from "../core/duration.js";
import { field } from "../core/json-shape.js";
import { type PodCause, podFailure } from "../core/kinds/pod-verdict.js";
import { idKey, type ObjectId, shortId } from "../core/model.js";
import { type HeartbeatOptions, startHeartbeat } from "./heartbeat.js";
import { type PodWatchOptions, startPodWatch } from "./pod-watch.js";

type Plain = Record<string, unknown>;

/** How long a pod that was ready may stay not ready before its workload fails the bake. */
const BAKE_NOT_READY_MS = 10_000;

interface BakeOptions {
  bakeMs: number;
  /** BAKE_NOT_READY_MS unless given (tests). */
  notReadyMs?: number;
  pods: PodWatchOptions;
  /** A workload that failed its bake, at once (a rollback can start while others still bake). */
  onFailed?: (failure: BakeFailure) => void;
  onHeartbeat?: (line: string) => void;
  heartbeat?: HeartbeatOptions;
  /** Aborted when the run is interrupted: every bake still running ends, not baked to its end. */
  interrupt?: AbortSignal;
  now?: () => number;
}

interface BakeFailure {
  id: ObjectId;
  /** failed: a pod failed the bake; timeout: the run was interrupted while baking. */
  result: "failed" | "timeout";
  message: string;
  cause?: PodCause;
}

interface Bake {
  /** Bake a workload whose rollout just completed; `object` is the workload as last observed. */
  add(target: { id: ObjectId; generation?: number; object?: Plain }): void;
  /** Once every bake started has ended: the workloads that failed theirs. */
  done(): Promise<BakeFailure[]>;
}

/** What the bake remembers of one pod: each container's restarts when first seen, and its readiness. */
interface SeenPod {
  restarts: Map<string, number>;
  wasReady: boolean;
  notReadySince?: number;
  /** The pod as last observed, and the timer that judges it again once the not-ready threshold passes. */
  latest?: Plain;
  timer?: NodeJS.Timeout;
}

export function startBake(opts: BakeOptions): Bake {
  const now = opts.now ?? Date.now;
  const notReadyMs = opts.notReadyMs ?? BAKE_NOT_READY_MS;
  const running = new Map<string, { id: ObjectId; ends: number; finish: (failure?: BakeFailure) => void }>();
  const ended: Array<Promise<void>> = [];
  const failures: BakeFailure[] = [];
  const heartbeat = opts.onHeartbeat
    ? startHeartbeat(opts.bakeMs, () => stillBaking([...running.values()], now()), opts.onHeartbeat, {
        now,
        ...opts.heartbeat,
      })
    : undefined;
  const interrupted = () => {
    for (const bake of [...running.values()]) {
      bake.finish({
        id: bake.id,
        result: "timeout",
        message: `interrupted while baking: its new pods were not watched for the whole ${formatDuration(opts.bakeMs)}`,
      });
    }
  };
  opts.interrupt?.addEventListener("abort", interrupted, { once: true });

  const add: Bake["add"] = (target) => {
    const key = idKey(target.id);
    if (running.has(key)) return;
    let resolve = () => {};
    ended.push(new Promise<void>((r) => (resolve = r)));
    const started = now();
    const finish = bakeOne(target, opts, now, notReadyMs, (failure) => {
      running.delete(key);
      if (failure) {
        failures.push(failure);
        opts.onFailed?.(failure);
      }
      resolve();
    });
    running.set(key, { id: target.id, ends: started + opts.bakeMs, finish });
    if (opts.interrupt?.aborted) interrupted();
  };

  return {
    add,
    async done() {
      await Promise.all(ended);
      heartbeat?.stop();
      opts.interrupt?.removeEventListener("abort", interrupted);
      return failures;
    },
  };
}

/**
 * One workload's bake: its own pod watch, judged by the bake's rules, until the window ends (no
 * failure) or a pod fails it. Returns how to end it early (an interrupt); `ended` is told once.
 */
function bakeOne(
  { id, generation, object }: Parameters<Bake["add"]>[0],
  opts: BakeOptions,
  now: () => number,
  notReadyMs: number,
  ended: (failure?: BakeFailure) => void,
): (failure?: BakeFailure) => void {
  const started = now();
  const stop = new AbortController();
  const pods = new Map<string, SeenPod>();
  let finished = false;
  const finish = (failure?: BakeFailure) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    stop.abort();
    for (const seen of pods.values()) clearTimeout(seen.timer);
    ended(failure);
  };
  const target = {
    id,
    ...(generation !== undefined ? { generation } : {}),
    latest: () => object,
    settled: () => finished,
    fail: (message: string, cause: PodCause) =>
      finish({
        id,
        result: "failed",
        message: `rolled out, then failed its ${formatDuration(opts.bakeMs)} bake after ${formatDuration(now() - started, 1000)}: ${message}`,
        cause,
      }),
  };
  const failure = (pod: Plain): PodCause | undefined => {
    const uid = String(field(field(pod, "metadata"), "uid") ?? "");
    const seen: SeenPod = pods.get(uid) ?? { restarts: new Map(), wasReady: false };
    pods.set(uid, seen);
    seen.latest = pod;
    clearTimeout(seen.timer);
    const verdict = bakeVerdict(pod, seen, now(), notReadyMs);
    if (verdict !== "later") return verdict;
    // Not ready since a moment ago: its latest state is judged again once the threshold has passed.
    seen.timer = setTimeout(() => watch.judge(seen.latest!), notReadyMs - (now() - seen.notReadySince!) + 1);
    return undefined;
  };
  const watch = startPodWatch([target], { ...opts.pods, failure }, stop.signal);
  const timer = setTimeout(() => finish(), opts.bakeMs);
  return finish;
}

/**
 * What the bake makes of one observation of a new pod: a cause that fails the workload, "later"
 * (not ready for less than the threshold), or undefined. `seen` is updated.
 */
function bakeVerdict(
  pod: unknown,
  seen: SeenPod,
  at: number,
  notReadyMs: number,
): PodCause | "later" | undefined {
  if (field(field(pod, "metadata"), "deletionTimestamp") !== undefined) return undefined;
  const fast = podFailure(pod);
  if (fast) return fast;
  const name = String(field(field(pod, "metadata"), "name") ?? "");
  const status = field(pod, "status");
  const containers = [field(status, "initContainerStatuses"), field(status, "containerStatuses")].flatMap(
    (list) => (Array.isArray(list) ? list : []),
  );
  for (const container of containers) {
    const containerName = String(field(container, "name") ?? "");
    const restartCount = Number(field(container, "restartCount") ?? 0);
    const before = seen.restarts.get(containerName);
    if (before === undefined) seen.restarts.set(containerName, restartCount);
    else if (restartCount > before) return restartCause(name, containerName, container, restartCount);
  }
  const conditions = field(status, "conditions");
  const ready =
    Array.isArray(conditions) &&
    conditions.some((c) => field(c, "type") === "Ready" && field(c, "status") === "True");
  if (ready) {
    seen.wasReady = true;
    seen.notReadySince = undefined;
    return undefined;
  }
  // A pod that never was ready is still starting: the rollout's status and the fail-fast states judge it.
  if (!seen.wasReady) return undefined;
  seen.notReadySince ??= at;
  if (at - seen.notReadySince < notReadyMs) return "later";
  const unready = containers.find((c) => field(c, "ready") === false);
  return {
    pod: name,
    container: String(field(unready, "name") ?? ""),
    reason: "NotReady",
    message: `not ready for ${formatDuration(at - seen.notReadySince, 1000)} after it was ready`,
    restartCount: Number(field(unready, "restartCount") ?? 0),
  };
}

/** A container that restarted during the bake: its waiting reason (or Restarted) and how its last run ended. */
function restartCause(pod: string, container: string, status: unknown, restartCount: number): PodCause {
  const waiting = field(field(status, "state"), "waiting");
  const terminated = field(field(status, "lastState"), "terminated");
  const exitCode = field(terminated, "exitCode");
  const reason = field(terminated, "reason");
  return {
    pod,
    container,
    reason: typeof field(waiting, "reason") === "string" ? String(field(waiting, "reason")) : "Restarted",
    restartCount,
    ...(terminated !== undefined
      ? {
          lastTermination: {
            ...(typeof exitCode === "number" ? { exitCode } : {}),
            ...(typeof reason === "string" ? { reason } : {}),
          },
        }
      : {}),
  };
}

/** The heartbeat's line: the workloads still baking, each with the time its bake has left. */
function stillBaking(running: Array<{ id: ObjectId; ends: number }>, at: number): string | undefined {
  if (running.length === 0) return undefined;
  const shown = running
    .slice(0, 3)
    .map((b) => `${shortId(b.id)} (${formatDuration(b.ends - at, 1000)} left)`);
  const more = running.length > 3 ? `; and ${running.length - 3} more` : "";
  return `still baking ${running.length} workload${running.length === 1 ? "" : "s"}: ${shown.join(", ")}${more}`;
}
