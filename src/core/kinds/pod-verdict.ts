// What a pod says about the rollout it belongs to: which workload's pod it is, whether it runs the
// workload's new template, and whether it is in a state that waiting will not heal. Pure: the pod
// watch (rollout/pod-watch.ts) feeds it what the API server shows.
//
// States that fail a workload at once: a container waiting with CreateContainerConfigError,
// CreateContainerError, ErrImagePull, ImagePullBackOff or InvalidImageName (the kubelet retries
// them, but a missing key or image does not appear by itself during a deploy). A crash fails it once
// the container has restarted CRASH_RESTARTS times and is in CrashLoopBackOff or was OOMKilled: one
// crash can be a slow dependency, the second in a row is the new config. A container that is only
// not ready yet is never a failure: the rollout's own status decides.

import { field } from "../json-shape.js";
import { redactSecrets } from "../secret-values.js";

/** Restarts of a crashing container before its workload fails (CrashLoopBackOff, OOMKilled). */
export const CRASH_RESTARTS = 2;

const WILL_NOT_HEAL = new Set([
  "CreateContainerConfigError",
  "CreateContainerError",
  "ErrImagePull",
  "ImagePullBackOff",
  "InvalidImageName",
]);

const POD_TEMPLATE_HASH = "pod-template-hash";
const ROLLOUTS_POD_TEMPLATE_HASH = "rollouts-pod-template-hash";
const CONTROLLER_REVISION_HASH = "controller-revision-hash";
const POD_TEMPLATE_GENERATION = "pod-template-generation";

/** Why a pod cannot run, as its status and the API server's records say it. */
export interface PodCause {
  pod: string;
  container: string;
  /** The waiting reason (CrashLoopBackOff, CreateContainerConfigError, …) or OOMKilled. */
  reason: string;
  message?: string;
  restartCount: number;
  /** The last run of the container, when it ran and ended. */
  lastTermination?: { exitCode?: number; reason?: string; message?: string };
  /** The pod's most recent Warning events, newest first ("BackOff: Back-off restarting …"). */
  events?: string[];
  /** The last lines the previous run of the container printed (--logs). */
  log?: string[];
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Longest status or termination message quoted (a termination message may hold 4 KiB). */
const MAX_CAUSE_MESSAGE = 500;

/**
 * A message from the pod, as one bounded line: every report (text, JSON, markdown, the plan
 * comment, annotations) quotes it, so lines are joined and control characters dropped here.
 */
function oneLine(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // Redacted before it is joined and cut: a cut must not leave half of a Secret's value.
  const flat = redactSecrets(value)
    .trim()
    .replace(/\s*[\r\n]+\s*/g, " | ")
    .replace(/\t/g, " ")
    .replace(/\p{Cc}/gu, "");
  return flat.length > MAX_CAUSE_MESSAGE ? `${flat.slice(0, MAX_CAUSE_MESSAGE)}…` : flat;
}

function labelOf(pod: unknown, name: string): string | undefined {
  return str(field(field(field(pod, "metadata"), "labels"), name));
}

/** The pod's state if it will not heal by waiting (see the top of the file); undefined otherwise. */
export function podFailure(pod: unknown, crashRestarts = CRASH_RESTARTS): PodCause | undefined {
  const status = field(pod, "status");
  const lists = [field(status, "initContainerStatuses"), field(status, "containerStatuses")];
  for (const list of lists) {
    for (const container of Array.isArray(list) ? list : []) {
      const waiting = field(field(container, "state"), "waiting");
      const reason = str(field(waiting, "reason"));
      const restartCount = Number(field(container, "restartCount") ?? 0);
      const terminated = field(field(container, "lastState"), "terminated");
      const oom = field(terminated, "reason") === "OOMKilled";
      const crashing = reason === "CrashLoopBackOff" || oom;
      if (!(reason && WILL_NOT_HEAL.has(reason)) && !(crashing && restartCount >= crashRestarts)) continue;
      const cause: PodCause = {
        pod: String(field(field(pod, "metadata"), "name") ?? ""),
        container: String(field(container, "name") ?? ""),
        reason: oom ? "OOMKilled" : (reason ?? "CrashLoopBackOff"),
        restartCount,
      };
      const message = oneLine(str(field(waiting, "message")));
      if (message) cause.message = message;
      if (terminated && typeof terminated === "object") {
        const exitCode = field(terminated, "exitCode");
        cause.lastTermination = {
          ...(typeof exitCode === "number" ? { exitCode } : {}),
          ...(str(field(terminated, "reason")) ? { reason: str(field(terminated, "reason")) } : {}),
          ...(str(field(terminated, "message"))
            ? { message: oneLine(str(field(terminated, "message"))) }
            : {}),
        };
      }
      return cause;
    }
  }
  return undefined;
}

/** The workload a pod belongs to, from its controller ownerReference and template labels. */
export function workloadOfPod(pod: unknown): { kind: string; name: string; replicaSet?: string } | undefined {
  const refs = field(field(pod, "metadata"), "ownerReferences");
  const ref = Array.isArray(refs) ? refs.find((r) => field(r, "controller") === true) : undefined;
  const kind = str(field(ref, "kind"));
  const name = str(field(ref, "name"));
  if (!kind || !name) return undefined;
  if (kind === "StatefulSet" || kind === "DaemonSet") return { kind, name };
  if (kind !== "ReplicaSet") return undefined;
  // A ReplicaSet is named <workload>-<hash of its template>, the hash also being the pod's label.
  const rolloutsHash = labelOf(pod, ROLLOUTS_POD_TEMPLATE_HASH);
  if (rolloutsHash && name.endsWith(`-${rolloutsHash}`))
    return { kind: "Rollout", name: name.slice(0, -rolloutsHash.length - 1), replicaSet: name };
  const hash = labelOf(pod, POD_TEMPLATE_HASH);
  if (hash && name.endsWith(`-${hash}`))
    return { kind: "Deployment", name: name.slice(0, -hash.length - 1), replicaSet: name };
  return undefined;
}

const REVISION_ANNOTATION = "deployment.kubernetes.io/revision";

/**
 * Whether a pod runs the workload's newest template, judged from the workload as last observed (and,
 * for a Deployment, the pod's ReplicaSet: its revision against the Deployment's). undefined: cannot
 * tell yet (the controller has not recorded the new revision; the ReplicaSet is not read yet).
 */
export function runsNewTemplate(pod: unknown, workload: unknown, replicaSet?: unknown): boolean | undefined {
  const kind = field(workload, "kind");
  const status = field(workload, "status");
  switch (kind) {
    case "StatefulSet": {
      const update = str(field(status, "updateRevision"));
      return update === undefined ? undefined : labelOf(pod, CONTROLLER_REVISION_HASH) === update;
    }
    case "DaemonSet": {
      const generation = field(field(workload, "metadata"), "generation");
      return typeof generation === "number"
        ? labelOf(pod, POD_TEMPLATE_GENERATION) === String(generation)
        : undefined;
    }
    case "Rollout": {
      const current = str(field(status, "currentPodHash"));
      return current === undefined ? undefined : labelOf(pod, ROLLOUTS_POD_TEMPLATE_HASH) === current;
    }
    case "Deployment": {
      if (replicaSet === undefined) return undefined;
      const revisionOf = (obj: unknown) =>
        str(field(field(field(obj, "metadata"), "annotations"), REVISION_ANNOTATION));
      const mine = revisionOf(replicaSet);
      const newest = revisionOf(workload);
      if (!mine || !newest) return undefined;
      return Number(mine) >= Number(newest);
    }
    default:
      return undefined;
  }
}

/** "Reason: message" of the pod's most recent Warning events, newest first, at most `limit`. */
export function warningEvents(events: unknown[], limit = 3): string[] {
  const time = (e: unknown) =>
    String(
      field(e, "lastTimestamp") ??
        field(e, "eventTime") ??
        field(field(e, "metadata"), "creationTimestamp") ??
        "",
    );
  return events
    .filter((e) => field(e, "type") === "Warning")
    .sort((a, b) => time(b).localeCompare(time(a)))
    .slice(0, limit)
    .map((e) => {
      const count = Number(field(e, "count") ?? 1);
      return `${String(field(e, "reason") ?? "")}: ${String(field(e, "message") ?? "")}${count > 1 ? ` (x${count})` : ""}`;
    });
}

/** One line for the workload's result: "pod web-1-abc container app: CrashLoopBackOff (3 restarts, last exit code 1: invalid port)". */
export function describeCause(cause: PodCause): string {
  const details: string[] = [];
  if (cause.restartCount > 0)
    details.push(`${cause.restartCount} restart${cause.restartCount === 1 ? "" : "s"}`);
  const last = cause.lastTermination;
  if (last?.exitCode !== undefined || last?.message) {
    const code = last.exitCode !== undefined ? `last exit code ${last.exitCode}` : "last run";
    details.push(last.message ? `${code}: ${last.message}` : code);
  }
  const reason = `${cause.reason}${cause.message ? `: ${cause.message}` : ""}`;
  return `pod ${cause.pod} container ${cause.container}: ${reason}${details.length ? ` (${details.join("; ")})` : ""}`;
}
