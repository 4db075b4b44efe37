// Stakater Reloader restarts the workloads it is told to watch, through annotations on the workload:
// reloader.stakater.com/auto or /search, configmap.reloader.stakater.com/reload or /auto,
// secret.reloader.stakater.com/reload or /auto. Restarting such a workload here as well means two
// rollouts for one change (the README says not to point both tools at one workload).

import { field, isRecord } from "../manifests/json-shape.js";

/** The annotations that opt a workload in (others, such as rollout-strategy, only tune it). */
const OPT_IN = new Set([
  "reloader.stakater.com/auto",
  "reloader.stakater.com/search",
  "configmap.reloader.stakater.com/reload",
  "configmap.reloader.stakater.com/auto",
  "secret.reloader.stakater.com/reload",
  "secret.reloader.stakater.com/auto",
]);

/** `name: value` of the first Reloader annotation that opts the workload in, or undefined. */
export function reloaderAnnotation(workload: unknown): string | undefined {
  const annotations = field(field(workload, "metadata"), "annotations");
  if (!isRecord(annotations)) return undefined;
  for (const [name, value] of Object.entries(annotations)) {
    if (!OPT_IN.has(name)) continue;
    // `reloader.stakater.com/auto: "false"` opts out; an empty list of names watches nothing.
    if (typeof value !== "string" || value.trim() === "" || value.trim() === "false") continue;
    return `${name}: ${value}`;
  }
  return undefined;
}
