// `sync --adopt`: a workload config-rollout never restarted has no hash to compare with. Whether its
// running pods already run the current content is judged from times the API server keeps: each
// config's last write (the newest `time` of its managedFields entries) against each running pod's
// start (`status.startTime`). Every pod started after every config it reads was last written: the
// pods read the current content (env vars and subPath mounts are read at start), so the baseline is
// recorded without a rollout. A pod older than a config's last write may run old content: restart.
//
// Limits: managedFields record the last write per field manager, not per key, so a write that
// changed other keys, or changed nothing, counts as a change (a restart that was not needed, never
// one missed); a cluster that strips managedFields, a config without them, no running pod, or pods
// that cannot be read leave nothing to judge by, and --adopt then restarts (the safe side).

import { field, stringField } from "../core/json-shape.js";

type Plain = Record<string, unknown>;

type AdoptJudgement = { pods: "current"; why: string } | { pods: "stale" | "unknown"; why: string };

/** The newest write time of an object from its managedFields; undefined when none is recorded. */
export function lastWrite(obj: Plain): string | undefined {
  const entries = field(field(obj, "metadata"), "managedFields");
  if (!Array.isArray(entries)) return undefined;
  const times = entries.map((e) => stringField(e, "time")).filter((t): t is string => t !== undefined);
  // RFC 3339 times in UTC compare as strings.
  return times.length === 0 ? undefined : times.sort().at(-1);
}

/**
 * Judge one workload: `configs` are the configs it reads, each with its last write (undefined when
 * unknown); `pods` its pods (undefined: they could not be read).
 */
export function judgeAdoption(
  configs: ReadonlyArray<{ name: string; lastWrite: string | undefined }>,
  pods: readonly Plain[] | undefined,
): AdoptJudgement {
  if (pods === undefined) return { pods: "unknown", why: "its pods could not be read" };
  const running = pods.filter((p) => stringField(field(p, "status"), "phase") === "Running");
  if (running.length === 0) return { pods: "unknown", why: "it has no running pod" };
  const unknown = configs.filter((c) => c.lastWrite === undefined).map((c) => c.name);
  if (unknown.length > 0)
    return { pods: "unknown", why: `no managedFields time says when ${unknown.join(", ")} last changed` };
  for (const pod of running) {
    const started = stringField(field(pod, "status"), "startTime");
    const podName = stringField(field(pod, "metadata"), "name") ?? "a pod";
    if (started === undefined) return { pods: "unknown", why: `pod ${podName} has no start time` };
    const newer = configs.find((c) => (c.lastWrite as string) > started);
    if (newer) {
      return {
        pods: "stale",
        why: `pod ${podName} started at ${started}, before ${newer.name} last changed (${newer.lastWrite})`,
      };
    }
  }
  return {
    pods: "current",
    why: `its ${running.length} running pod(s) started after the configs it reads last changed`,
  };
}
