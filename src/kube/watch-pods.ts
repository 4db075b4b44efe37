// Every pod of one namespace, followed by ONE request: a WATCH without a resourceVersion ("start at
// the most recent": an ADDED event per existing pod, then every change; it is its own LIST),
// reopened from the last resourceVersion seen when the server closes it, from the most recent
// state again after a 410 Gone or an error (with backoff). One watch per namespace, whatever the
// number of workloads waited for there: what the pods mean is the caller's
// (rollout/pod-watch.ts). A pod deleted while no watch was open is simply not seen again.

import { ClusterAccessError } from "../core/errors.js";
import { field } from "../core/json-shape.js";
import type { Cluster } from "./cluster.js";
import { sleep } from "./list-watch.js";
import { backoffDelayMs } from "./retry.js";

type Plain = Record<string, unknown>;

type PodSource = Pick<Cluster, "watchWorkloads">;

/**
 * Calls `onPod` with each pod's current state (listed, ADDED, MODIFIED) until `signal` aborts.
 * Rejects with the ClusterAccessError of an answer retrying cannot change (401, 403, 404).
 */
export async function watchPods(
  source: PodSource,
  namespace: string,
  onPod: (pod: Plain) => void,
  signal: AbortSignal,
  retryDelayMs = 250,
): Promise<void> {
  let resourceVersion: string | undefined;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const end = await new Promise<"closed" | "gone">((resolve, reject) => {
        const stop = () => {
          handle.abort();
          resolve("closed");
        };
        const handle = source.watchWorkloads(
          namespace,
          "Pod",
          { resourceVersion },
          (type, obj) => {
            if (type === "ERROR") {
              signal.removeEventListener("abort", stop);
              handle.abort();
              const code = field(obj, "code");
              if (code === 410) return resolve("gone");
              return reject(
                new ClusterAccessError(String(field(obj, "message") ?? "watch error"), undefined),
              );
            }
            const rv = field(field(obj, "metadata"), "resourceVersion");
            if (typeof rv === "string" && rv !== "") resourceVersion = rv;
            if (type === "ADDED" || type === "MODIFIED") onPod(obj);
          },
          (error) => {
            signal.removeEventListener("abort", stop);
            if (error) reject(error);
            else resolve("closed");
          },
        );
        signal.addEventListener("abort", stop, { once: true });
        if (signal.aborted) stop();
      });
      failures = 0;
      if (end === "gone") resourceVersion = undefined;
    } catch (error) {
      resourceVersion = undefined;
      if (error instanceof ClusterAccessError && error.status === 410) continue;
      if (error instanceof ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) throw error;
      await sleep(backoffDelayMs(failures++, { baseDelayMs: retryDelayMs, maxDelayMs: 5000 }), signal);
    }
  }
}
