// Every Secret value the repository defines that a restarted workload reads is masked in what its
// new pods say (core/secret-values.ts): a crash message or a log line that echoes a Secret the range
// did not change is as secret as one it changed. The configs read from the repository record their
// values as they are read; the annotation and gitops strategies read every consumed config for the
// hash anyway, the others read here, before the first patch, the Secrets the scan did not. A saved
// plan (--plan) has no repository and holds no Secret value: it reads them from the cluster.

import { consumedBy } from "../../core/consumed-configs.js";
import { ClusterAccessError } from "../../core/errors.js";
import { idKey } from "../../core/model.js";
import type { PrepareContext } from "./restart-strategy.js";

/** Reads the Secrets committed at head that the workloads consume, if the scan did not read them. */
export async function readConsumedSecrets(
  context: Pick<PrepareContext, "workloads" | "manifests" | "readHeadConfigs">,
): Promise<void> {
  const secrets = context.workloads
    .flatMap((w) => consumedBy(w, context.manifests))
    .filter((id) => id.kind === "Secret");
  if (secrets.length > 0) await context.readHeadConfigs(secrets);
}

/**
 * Reads from the cluster, by name, the Secrets the workloads' live pod templates consume that the
 * config check did not read: each `get` records the values for masking (and nothing keeps them).
 * One the job may not read is named in one warning, its values unmasked in what the pods say.
 */
export async function readLiveConsumedSecrets(
  context: Pick<PrepareContext, "workloads" | "manifests" | "liveConfigs" | "cluster" | "log">,
): Promise<void> {
  const secrets = new Map(
    context.workloads
      .flatMap((w) => consumedBy(w, context.manifests))
      .filter((id) => id.kind === "Secret" && !context.liveConfigs.has(idKey(id)))
      .map((id) => [idKey(id), id]),
  );
  const refused = new Map<string, string[]>();
  for (const id of secrets.values()) {
    try {
      await context.cluster.readConfig(id);
    } catch (error) {
      if (!(error instanceof ClusterAccessError && error.status === 403)) throw error;
      refused.set(id.namespace, [...(refused.get(id.namespace) ?? []), id.name]);
    }
  }
  if (refused.size === 0) return;
  const list = [...refused].map(([namespace, names]) => `${names.join(", ")} in namespace ${namespace}`);
  context.log.warn(
    `context ${context.cluster.context} may not get secrets ${list.join("; ")}, which the restarted workloads read: a saved plan holds no Secret value, so what their pods say (a termination message, an event, log lines) cannot be masked for them. Grant get on them by name (docs/rbac.md).`,
  );
}
