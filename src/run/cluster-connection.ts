// Composition of the Kubernetes adapter from the settings: which kubeconfig, which context, and the
// client options every request gets (timeout, retries, User-Agent, field manager). The client
// library is loaded only when a run really talks to a cluster: a dry-run plan or --version starts
// without it.

import type { OptionNaming } from "../core/option-naming.js";
import type { Cluster } from "../kube/cluster.js";
import type { KubeConnection } from "../kube/connect.js";
import {
  decodeKubeconfigData,
  describeCredential,
  findKubeConfigSource,
  type LoadKubeConfigOptions,
} from "../kube/kubeconfig-source.js";
import type { RawValues } from "../settings/option-spec.js";
import { OPTIONS } from "../settings/options.js";
import type { RunSettings } from "../settings/settings.js";
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
  forContext(context: string): ClusterConnection & { load(): Promise<LoadedContext> };
}

/** A context read without a request: the API server it names, and the namespace it sets, if any. */
export interface LoadedContext {
  server: string;
  namespace?: string;
}

/** What the connection reads of the settings: the main run's and sync's alike. */
type ConnectionSettings = Pick<
  RunSettings,
  | "kubeconfig"
  | "kubeconfigSetBy"
  | "kubeconfigData"
  | "kubeconfigDataSetBy"
  | "context"
  | "contexts"
  | "execPluginTimeoutMs"
  | "requestTimeoutMs"
  | "timeoutMs"
>;

export function createClusterConnection(
  settings: ConnectionSettings,
  env: Record<string, string | undefined>,
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
    pathLabel: settings.kubeconfigSetBy,
    dataLabel: settings.kubeconfigDataSetBy,
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
      const other = createClusterConnection({ ...settings, context }, env, onSecret);
      return {
        ...other,
        load: async () => {
          if (!other.configured) {
            const { NoClusterConfiguredError } = await import("../kube/connect.js");
            throw new NoClusterConfiguredError();
          }
          const loaded = await other.loaded();
          return {
            server: loaded?.server ?? "",
            ...(loaded?.namespace ? { namespace: loaded.namespace } : {}),
          };
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

/** The namespace of manifests that name none, and how it was chosen (the plan's note says it). */
type NamespaceChoice = Pick<RunSettings, "namespace" | "namespaceFrom">;

/**
 * Without --namespace, a manifest that names no namespace goes where `kubectl apply` puts it: the
 * namespace of the kubeconfig's context (--context, --kubeconfig, CONFIG_ROLLOUT_KUBECONFIG
 * honoured), else `default`. Read without a request; a kubeconfig that cannot be read sets none here
 * (the run reports it when it connects, and a run that never connects does not need it).
 */
export async function runNamespace(
  settings: Pick<RunSettings, "namespace" | "namespaceFrom" | "strategy">,
  cluster: ClusterConnection,
  naming: OptionNaming,
): Promise<NamespaceChoice> {
  if (settings.namespaceFrom !== undefined) return settings;
  if (settings.strategy === "gitops") return namespaceOfContexts([], naming, settings.strategy);
  const loaded = cluster.configured ? await cluster.loaded().catch(() => undefined) : undefined;
  return namespaceOfContexts(loaded ? [loaded] : [], naming, settings.strategy);
}

/**
 * The namespace kubectl would use for these contexts. A fleet's plan is made once, for every cluster:
 * its contexts' namespace when they all set the same one (or none), else `default`, and the note
 * says why (--namespace decides).
 */
export function namespaceOfContexts(
  contexts: ReadonlyArray<{ context: string; namespace?: string }>,
  naming: OptionNaming,
  strategy: RunSettings["strategy"],
): NamespaceChoice {
  const option = naming.option("namespace");
  // The GitOps agent places the objects, not this kubeconfig; stamp hashes them in `default` too.
  if (strategy === "gitops")
    return {
      namespace: "default",
      namespaceFrom: `the default: under ${naming.set("strategy", "gitops")} the agent places the objects, as stamp reads them; ${option} decides`,
    };
  const namespaces = new Set(contexts.map((c) => c.namespace ?? "default"));
  const named = contexts.map((c) => JSON.stringify(c.context)).join(", ");
  const [first] = contexts;
  if (first === undefined)
    return { namespace: "default", namespaceFrom: `the default: no ${option}, no kubeconfig context` };
  if (namespaces.size > 1) {
    const each = contexts.map((c) => `${c.context}: ${c.namespace ?? "default"}`).join(", ");
    return {
      namespace: "default",
      namespaceFrom: `the default: the contexts set different namespaces (${each}) and the plan is made once; ${option} decides`,
    };
  }
  const several = contexts.length > 1;
  const which = `kubeconfig ${several ? "contexts" : "context"} ${named}`;
  if (first.namespace === undefined)
    return {
      namespace: "default",
      namespaceFrom: `the default: no ${option}, and ${which} ${several ? "set" : "sets"} none`,
    };
  return {
    namespace: first.namespace,
    namespaceFrom: `the namespace of ${which}, where kubectl apply puts them; ${option} overrides it`,
  };
}

/**
 * Every form of the credentials a step was given, for a CI log's masker before anything is logged:
 * the secret options and `token` as given, a base64 kubeconfig decoded, a credential pasted where a
 * path belongs.
 */
export function givenCredentials(raw: RawValues, token: string): string[] {
  const forms = [...OPTIONS.filter((o) => o.secret).map((o) => raw[o.name] ?? ""), token];
  if (raw["kubeconfig-data"]) forms.push(tryDecodeKubeconfig(raw["kubeconfig-data"]));
  if (raw.kubeconfig && describeCredential(raw.kubeconfig))
    forms.push(raw.kubeconfig, tryDecodeKubeconfig(raw.kubeconfig));
  return forms;
}

/** The decoded text of a base64 kubeconfig, masked even when it is no valid kubeconfig. */
function tryDecodeKubeconfig(value: string): string {
  try {
    return decodeKubeconfigData(value, "kubeconfig-data");
  } catch {
    const decoded = Buffer.from(value.replace(/\s+/g, ""), "base64").toString("utf8");
    // A few bytes of decoded noise are no secret, and masking them would garble the log.
    return decoded.trim().length >= 16 ? decoded : "";
  }
}
