// The API server refuses a ConfigMap or Secret whose values hold more than 1 MiB (Kubernetes'
// ValidateConfigMap / ValidateSecret: core.MaxSecretSize, counted over the decoded bytes of
// ConfigMap data + binaryData or Secret data, keys not counted). A config the range changes to
// over that limit can never reach the cluster: it is bad input the repository alone shows, so
// --apply refuses it before the first write, and a plan without --apply warns that the apply the
// user runs will be refused.
import { type ConfigContent, formatId, idKey, type ObjectId } from "../core/model.js";
import type { RepositoryScan } from "../scan/scan-model.js";

/** core.MaxSecretSize: the most a ConfigMap's or Secret's values may hold, in bytes. */
const MAX_CONFIG_BYTES = 1024 * 1024;

interface OversizedConfig {
  id: ObjectId;
  file: string;
  line: number;
  /** The bytes its values hold, as the API server counts them. */
  bytes: number;
}

/** The bytes a config's values hold as the API server counts them (content holds them as base64). */
function configBytes(content: ConfigContent): number {
  let total = 0;
  for (const value of Object.values(content)) total += Buffer.byteLength(value, "base64");
  return total;
}

/** The configs the range adds or modifies whose committed values are over the API server's limit. */
export function oversizedConfigs(scan: Pick<RepositoryScan, "changes" | "headConfigs">): OversizedConfig[] {
  return scan.changes.flatMap((change) => {
    if (change.status === "deleted") return [];
    const head = scan.headConfigs.get(idKey(change.id));
    const snapshot = head?.snapshot;
    if (!snapshot) return [];
    const bytes = configBytes(snapshot.content);
    return bytes > MAX_CONFIG_BYTES
      ? [{ id: change.id, file: snapshot.file, line: snapshot.line, bytes }]
      : [];
  });
}

/** `configmap/x (namespace y) holds 1274000 bytes of data, over the API server's limit ...`. */
export function describeOversized(config: OversizedConfig): string {
  return `${formatId(config.id)} holds ${config.bytes} bytes of data, over the API server's limit of ${MAX_CONFIG_BYTES} bytes (1 MiB) for a ${config.id.kind}`;
}
