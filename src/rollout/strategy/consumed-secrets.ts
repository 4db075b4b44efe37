// Every Secret value the repository defines that a restarted workload reads is masked in what its
// new pods say (core/secret-values.ts): a crash message or a log line that echoes a Secret the range
// did not change is as secret as one it changed. The configs read from the repository record their
// values as they are read; the annotation and gitops strategies read every consumed config for the
// hash anyway, the others read here, before the first patch, the Secrets the scan did not.

import { consumedBy } from "../../core/consumed-configs.js";
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
