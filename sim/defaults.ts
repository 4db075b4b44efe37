// Defaulting the real API server applies on write (the fields kubectl rollout status and
// config-rollout look at). Pod template defaults (imagePullPolicy etc.) are left out on purpose
// so stored objects stay recognisable in tests.
import { childRecord, isRecord, stringAt } from "./json.js";
import type { KubeObject } from "./types.js";

function setDefault(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

export function applyDefaults(kind: string, obj: KubeObject): void {
  const spec = isRecord(obj.spec) ? obj.spec : undefined;
  switch (kind) {
    case "Deployment": {
      if (!spec) return;
      setDefault(spec, "replicas", 1);
      setDefault(spec, "revisionHistoryLimit", 10);
      setDefault(spec, "progressDeadlineSeconds", 600);
      setDefault(spec, "strategy", { type: "RollingUpdate" });
      const strategy = childRecord(spec, "strategy");
      setDefault(strategy, "type", "RollingUpdate");
      if (strategy.type === "RollingUpdate") {
        setDefault(strategy, "rollingUpdate", {});
        const rolling = childRecord(strategy, "rollingUpdate");
        setDefault(rolling, "maxSurge", "25%");
        setDefault(rolling, "maxUnavailable", "25%");
      }
      return;
    }
    case "StatefulSet": {
      if (!spec) return;
      setDefault(spec, "replicas", 1);
      setDefault(spec, "revisionHistoryLimit", 10);
      setDefault(spec, "podManagementPolicy", "OrderedReady");
      setDefault(spec, "updateStrategy", { type: "RollingUpdate" });
      const strategy = childRecord(spec, "updateStrategy");
      setDefault(strategy, "type", "RollingUpdate");
      // The API server defaults the partition to 0, which changes kubectl's completion rule.
      if (strategy.type === "RollingUpdate") {
        setDefault(strategy, "rollingUpdate", {});
        setDefault(childRecord(strategy, "rollingUpdate"), "partition", 0);
      }
      return;
    }
    case "DaemonSet": {
      if (!spec) return;
      setDefault(spec, "revisionHistoryLimit", 10);
      setDefault(spec, "updateStrategy", { type: "RollingUpdate" });
      const strategy = childRecord(spec, "updateStrategy");
      setDefault(strategy, "type", "RollingUpdate");
      if (strategy.type === "RollingUpdate") {
        setDefault(strategy, "rollingUpdate", {});
        const rolling = childRecord(strategy, "rollingUpdate");
        setDefault(rolling, "maxUnavailable", 1);
        setDefault(rolling, "maxSurge", 0);
      }
      return;
    }
    case "ReplicaSet":
      if (spec) setDefault(spec, "replicas", 1);
      return;
    case "Secret":
      setDefault(obj, "type", "Opaque");
      mergeStringData(obj);
      return;
    case "Namespace": {
      const name = stringAt(obj, "metadata", "name") ?? "";
      setDefault(obj, "spec", { finalizers: ["kubernetes"] });
      const labels = childRecord(childRecord(obj, "metadata"), "labels");
      labels["kubernetes.io/metadata.name"] = name;
      return;
    }
  }
}

/** The server folds Secret stringData into data (base64) and never stores stringData. */
function mergeStringData(secret: KubeObject): void {
  const stringData = secret.stringData;
  delete secret.stringData;
  if (!isRecord(stringData)) return;
  const data = childRecord(secret, "data");
  for (const [key, value] of Object.entries(stringData)) {
    if (typeof value === "string") data[key] = Buffer.from(value, "utf8").toString("base64");
  }
}
