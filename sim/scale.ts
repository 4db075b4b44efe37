// The scale subresource (autoscaling/v1 Scale), as `kubectl scale` uses it.
import { isRecord, numberAt } from "./json.js";
import { badRequest } from "./status.js";
import type { KubeObject } from "./types.js";

/** The Scale view of a workload. */
export function toScale(obj: KubeObject): KubeObject {
  const labels =
    obj.spec && isRecord(obj.spec) ? (obj.spec.selector as Record<string, unknown> | undefined) : undefined;
  const matchLabels = isRecord(labels?.matchLabels) ? labels.matchLabels : {};
  const metadata = isRecord(obj.metadata) ? obj.metadata : {};
  return {
    kind: "Scale",
    apiVersion: "autoscaling/v1",
    metadata: {
      name: metadata.name,
      namespace: metadata.namespace,
      uid: metadata.uid,
      resourceVersion: metadata.resourceVersion,
      creationTimestamp: metadata.creationTimestamp,
    },
    spec: { replicas: numberAt(obj, "spec", "replicas") ?? 0 },
    status: {
      replicas: numberAt(obj, "status", "replicas") ?? 0,
      selector: Object.entries(matchLabels)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(","),
    },
  };
}

/** The workload with the replicas a Scale asks for. */
export function withReplicas(obj: KubeObject, scale: unknown): KubeObject {
  const replicas = isRecord(scale) && isRecord(scale.spec) ? scale.spec.replicas : undefined;
  if (typeof replicas !== "number") throw badRequest("Scale spec.replicas must be a number");
  const spec = isRecord(obj.spec) ? obj.spec : {};
  return { ...obj, spec: { ...spec, replicas } };
}
