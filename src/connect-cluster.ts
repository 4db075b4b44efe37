// Composition of the Kubernetes adapter from Settings: which kubeconfig, which context, and the
// client options every request gets (timeout, retries, User-Agent, field manager).

import { loadKubeConfig } from "./kube/connect.js";
import { type Cluster, createCluster } from "./kube/kube-client.js";
import type { Settings } from "./settings/settings.js";
import { USER_AGENT } from "./version.js";

export interface ClusterConnection {
  configured: boolean;
  /** Strings that must never appear in any output (tokens, keys, the raw kubeconfig). */
  secretsToMask: string[];
  connect: () => Promise<Cluster | undefined>;
}

export function prepareClusterConnection(
  settings: Settings,
  env: Record<string, string | undefined>,
): ClusterConnection {
  const loaded = loadKubeConfig({
    kubeconfigPath: settings.kubeconfig,
    kubeconfigData: settings.kubeconfigData,
    context: settings.context,
    env,
  });
  return {
    configured: loaded !== undefined,
    secretsToMask: loaded?.secretsToMask ?? [],
    connect: async () =>
      loaded
        ? createCluster(loaded.kc, {
            requestTimeoutMs: 30_000,
            userAgent: USER_AGENT,
            fieldManager: "config-rollout",
            retries: 5,
          })
        : undefined,
  };
}
