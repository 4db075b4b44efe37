// Composition of the Kubernetes adapter from Settings: which kubeconfig, which context, and the
// client options every request gets (timeout, retries, User-Agent, field manager). The client
// library is loaded only when a run really talks to a cluster: a dry-run plan or --version starts
// without it.

import type { KubeConnection } from "../kube/connect.js";
import type { Cluster } from "../kube/kube-client.js";
import { findKubeConfigSource, type LoadKubeConfigOptions } from "../kube/kubeconfig-source.js";
import type { Settings } from "../settings/settings.js";
import { USER_AGENT } from "./version.js";

/** The field manager of every write (server-side apply, patches): `sync` leaves hashes other managers own. */
export const FIELD_MANAGER = "config-rollout";

export interface ClusterConnection {
  /** Whether any cluster source exists (decides the default of --discover). */
  configured: boolean;
  /** Strings that must never appear in any output (tokens, keys, the kubeconfig as given). */
  secretsToMask: () => Promise<string[]>;
  connect: () => Promise<Cluster | undefined>;
  /** The configuration read (no request): the context's server URL and credentials. */
  loaded: () => Promise<KubeConnection | undefined>;
  /**
   * The same kubeconfig at another context (--contexts): its own configuration and connection.
   * `load` reads it without connecting (an unknown context is a UserError before any request) and
   * says which API server the context names.
   */
  forContext(context: string): ClusterConnection & { load(): Promise<{ server: string }> };
}

/** How the user set the kubeconfig path and data, named in messages about them. */
export interface KubeconfigLabels {
  path?: string;
  data?: string;
}

export function createClusterConnection(
  settings: Settings,
  env: Record<string, string | undefined>,
  labels: KubeconfigLabels = {},
  /** Credentials only known at run time (an exec plugin's token), for the CI log masker. */
  onSecret?: (secrets: string[]) => void,
): ClusterConnection {
  const options: LoadKubeConfigOptions = {
    kubeconfigPath: settings.kubeconfig,
    kubeconfigData: settings.kubeconfigData,
    // --contexts: the first context stands for the kubeconfig (its credentials to mask), which then
    // need not set a current-context.
    context: settings.context ?? settings.contexts?.[0]?.[0],
    env,
    execPluginTimeoutMs: settings.execPluginTimeoutMs,
    pathLabel: labels.path,
    dataLabel: labels.data,
    ...(onSecret ? { onPluginCredential: onSecret } : {}),
  };
  const configured = findKubeConfigSource(options) !== undefined;
  let loading: Promise<KubeConnection | undefined> | undefined;
  const load = () => {
    loading ??= import("../kube/connect.js").then(({ loadKubeConfig }) => loadKubeConfig(options));
    return loading;
  };
  return {
    configured,
    forContext: (context) => {
      const other = createClusterConnection({ ...settings, context }, env, labels, onSecret);
      return {
        ...other,
        load: async () => {
          if (!other.configured) {
            const { NoClusterConfiguredError } = await import("../kube/connect.js");
            throw new NoClusterConfiguredError();
          }
          return { server: (await other.loaded())?.server ?? "" };
        },
      };
    },
    loaded: async () => (configured ? load() : undefined),
    secretsToMask: async () => (configured ? ((await load())?.secretsToMask ?? []) : []),
    connect: async () => {
      const loaded = await load();
      if (!loaded) return undefined;
      const { createCluster } = await import("../kube/kube-client.js");
      return createCluster(loaded.kc, {
        requestTimeoutMs: settings.requestTimeoutMs,
        runTimeoutMs: settings.timeoutMs,
        userAgent: USER_AGENT,
        fieldManager: FIELD_MANAGER,
        retries: 5,
      });
    },
  };
}
