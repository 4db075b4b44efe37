// While the rollouts are waited for: watch the pods of their namespaces (one list+watch per
// namespace, kube/watch-pods.ts) and fail a workload as soon as one of its NEW pods is in a state
// that waiting will not heal (core/kinds/pod-verdict.ts), with the cause quoted: the pod, the
// container, its reason and message, the last termination, the pod's latest Warning events and,
// with --logs N, the last N lines of the previous run's log. Pods of older templates never fail a
// workload (they are being replaced); a pod that is not ready yet is left to the rollout status.
//
// A cluster that forbids listing or watching pods falls back to waiting on the rollout status
// alone, with one warning for the whole run; events and logs that cannot be read are left out.

import { ClusterAccessError } from "../core/errors.js";
import { field } from "../core/json-shape.js";
import {
  CRASH_RESTARTS,
  describeCause,
  type PodCause,
  podFailure,
  runsNewTemplate,
  warningEvents,
  workloadOfPod,
} from "../core/kinds/pod-verdict.js";
import type { ObjectId } from "../core/model.js";
import { redactSecretLines, redactSecrets, secretValueLines } from "../core/secret-values.js";
import type { Cluster } from "../kube/cluster.js";
import { watchPods } from "../kube/watch-pods.js";

type Plain = Record<string, unknown>;

type PodWatchCluster = Pick<Cluster, "listForWatch" | "watchWorkloads" | "readObject" | "readPodLog">;

export interface PodWatchOptions {
  cluster: PodWatchCluster;
  /** Lines of the previous container run's log to quote (--logs; 0: none). */
  logLines: number;
  /** Restarts of a crashing container before its workload fails (default CRASH_RESTARTS). */
  crashRestarts?: number;
  /** What fails a workload instead of podFailure's states (the bake's rules, bake.ts). */
  failure?: (pod: Plain) => PodCause | undefined;
  /** The one warning when pods cannot be watched. */
  warn: (message: string) => void;
  retryDelayMs?: number;
}

/** A workload being waited for, as the pod watch sees it. */
interface PodWatchTarget {
  id: ObjectId;
  /** metadata.generation our patch produced. */
  generation?: number;
  /** The workload as last observed (its status says which template is new). */
  latest(): Plain | undefined;
  settled(): boolean;
  fail(message: string, cause: PodCause): void;
}

/** Longest quoted log line and event message: the rest is cut (logs are the application's output). */
const MAX_LINE = 300;

export function startPodWatch(
  targets: PodWatchTarget[],
  opts: PodWatchOptions,
  signal: AbortSignal,
): { recheck(): void; judge(pod: Plain): void } {
  const { cluster } = opts;
  const byWorkload = new Map(targets.map((t) => [`${t.id.namespace}/${t.id.kind}/${t.id.name}`, t]));
  /** Failing pods whose template could not be told new or old yet, by namespace/name. */
  const undecided = new Map<string, Plain>();
  const replicaSets = new Map<string, Promise<Plain | undefined>>();
  const failing = new Set<PodWatchTarget>();
  let warned = false;
  const warnOnce = (message: string) => {
    if (warned || signal.aborted) return;
    warned = true;
    opts.warn(message);
  };

  const judge = (pod: Plain): void => {
    const namespace = String(field(field(pod, "metadata"), "namespace") ?? "");
    const key = `${namespace}/${String(field(field(pod, "metadata"), "name") ?? "")}`;
    const cause = opts.failure ? opts.failure(pod) : podFailure(pod, opts.crashRestarts ?? CRASH_RESTARTS);
    const owner = cause && workloadOfPod(pod);
    const target = owner && byWorkload.get(`${namespace}/${owner.kind}/${owner.name}`);
    if (!cause || !owner || !target || target.settled() || failing.has(target)) {
      undecided.delete(key);
      return;
    }
    const latest = target.latest();
    const observed = field(field(latest, "status"), "observedGeneration");
    // Until the controller has seen our patch, its status names the old template as the newest.
    const seen =
      typeof observed !== "number" || target.generation === undefined || observed >= target.generation;
    if (seen && owner.kind === "Deployment" && owner.replicaSet) {
      const name = owner.replicaSet;
      const cached = replicaSets.get(`${namespace}/${name}`);
      if (!cached) {
        const read = cluster
          .readObject({ apiVersion: "apps/v1", kind: "ReplicaSet", namespace, name })
          .catch(() => undefined);
        replicaSets.set(`${namespace}/${name}`, read);
        undecided.set(key, pod);
        void read.then(() => recheck());
        return;
      }
      void cached.then((rs) => {
        const verdict = runsNewTemplate(pod, latest, rs);
        if (verdict === true) void failWith(target, pod, cause);
        else if (verdict === undefined) undecided.set(key, pod);
        else undecided.delete(key);
      });
      return;
    }
    const isNew = seen ? runsNewTemplate(pod, latest) : undefined;
    if (isNew === true) {
      undecided.delete(key);
      void failWith(target, pod, cause);
    } else if (isNew === undefined) undecided.set(key, pod);
    else undecided.delete(key);
  };

  const recheck = () => {
    for (const pod of [...undecided.values()]) judge(pod);
  };

  const failWith = async (target: PodWatchTarget, pod: Plain, cause: PodCause): Promise<void> => {
    if (failing.has(target)) return;
    failing.add(target);
    const namespace = target.id.namespace;
    const uid = String(field(field(pod, "metadata"), "uid") ?? "");
    const quoted: PodCause = { ...cause };
    try {
      const events = await cluster.listForWatch(
        namespace,
        "Event",
        `involvedObject.name=${cause.pod},involvedObject.namespace=${namespace}${uid ? `,involvedObject.uid=${uid}` : ""}`,
      );
      const lines = warningEvents(events.items).map(bound);
      if (lines.length > 0) quoted.events = lines;
    } catch {
      // Events are a best-effort addition to the pod's own status (forbidden, or not kept).
    }
    if (opts.logLines > 0 && cause.restartCount > 0) {
      try {
        const text = await cluster.readPodLog(namespace, cause.pod, {
          container: cause.container,
          previous: true,
          tailLines: opts.logLines + secretValueLines() - 1,
        });
        const lines = lastLines(redactSecretLines(text), opts.logLines).map(bound);
        if (lines.some((l) => l !== "")) quoted.log = lines;
      } catch {
        // No previous run kept, or pods/log forbidden: the report goes without it.
      }
    }
    if (!target.settled()) target.fail(describeCause(quoted), quoted);
  };

  const namespaces = new Set(targets.map((t) => t.id.namespace));
  for (const namespace of namespaces) {
    watchPods(cluster, namespace, judge, signal, opts.retryDelayMs).catch((error: unknown) => {
      const why = error instanceof ClusterAccessError ? error.message : String(error);
      warnOnce(
        `cannot watch pods in namespace ${namespace} (${why}): waiting on the rollout status alone, without failing early on pods that cannot start. Grant list and watch on pods (docs/rbac.md) or pass --wait status.`,
      );
    });
  }
  return { recheck, judge };
}

/**
 * The last `count` lines of a log read with `count + secretValueLines() - 1` lines and masked line by
 * line (each line a value covers shows `***`): the log's own last lines, masked as if the whole log
 * had been read. A value of k lines that reaches into the last `count` starts at most k - 1 lines
 * before them, so it was read whole and masked; one that started above what was read (its start
 * cut off, so unmatched) ends at most k - 2 lines into it, above the lines kept. The lines read are
 * bounded by the values the run read (a Secret holds at most 1 MiB) and by the log itself (the
 * kubelet rotates a container's log at 10 MiB by default); one read per failed workload.
 */
function lastLines(text: string, count: number): string[] {
  const lines = text.split("\n");
  // The line break that ends the log is no line of its own.
  if (lines.at(-1) === "") lines.pop();
  return lines.slice(-count);
}

/** One line of application or event text, cut to a bounded length. */
function bound(line: string): string {
  // Terminal escapes and other control characters in an application's output stay out of CI logs.
  // Redacted before the cut, which must not leave half of a Secret's value (core/secret-values.ts).
  const flat = redactSecrets(line)
    .replace(/\t/g, " ")
    .replace(/\p{Cc}/gu, "");
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE)}…` : flat;
}
