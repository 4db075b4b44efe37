// Public types of the simulated Kubernetes API server (re-exported by index.ts).
import type { SimCrd } from "./custom-resources.js";

export type { SimCrd } from "./custom-resources.js";

import type { RandomFaultOptions } from "./faults.js";
import type { PodFailure, PodFailureOptions } from "./pod-states.js";

export type { RandomFaultOptions } from "./faults.js";
export type { PodFailure, PodFailureOptions } from "./pod-states.js";

/** A Kubernetes object as plain JSON. */
export type KubeObject = Record<string, unknown>;

/** One request the simulated server received, in arrival order. */
export interface SimRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** list|get|patch|watch|create|update|delete|apply (plus deletecollection, and "get" for discovery). */
  verb: string;
  /** Kind of the resource addressed ("Deployment"), undefined for discovery and other non-resource paths. */
  kind?: string;
  namespace?: string;
  name?: string;
  contentType?: string;
  userAgent?: string;
  fieldManager?: string;
  dryRun?: boolean;
  /** HTTP status answered (0 while the response has not started). */
  status: number;
  /** Plural resource ("deployments") when a resource was addressed. */
  resource?: string;
  /** Subresource ("status", "scale") when addressed. */
  subresource?: string;
  /** Raw request body (not kept for GET). */
  body?: string;
  /** A fault injected on this request: randomFaults' "500", "429", "409", "slow" or "drop-watch"; hang()'s "hang". */
  fault?: string;
}

export type RolloutBehaviour = "complete" | "stall" | "progress-deadline";

export interface FailMatch {
  verb?: string;
  /** Kind ("Deployment") or plural resource ("deployments"), case-insensitive. */
  kind?: string;
  name?: string;
}

export type FailStatus = 409 | 429 | 500 | 403;

export interface SimCluster {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Bearer token required on every request (401 otherwise). */
  token: string;
  /** https://127.0.0.1:<port> (same port: the server speaks both; kubectl needs TLS to send the token). */
  httpsUrl: string;
  /** PEM certificate of httpsUrl (self-signed, made at startup). */
  caCert: string;
  /** TCP connections accepted since the server started (instrumentation: how many a client opened). */
  connectionsAccepted(): number;
  /**
   * Write a kubeconfig for kubectl and client-node: https URL + certificate-authority-data by
   * default (client-go sends no credentials over plain HTTP); `insecureHttp` writes the http URL
   * with insecure-skip-tls-verify (client-node 1.x refuses http:// otherwise; kubectl then sends no token).
   */
  writeKubeconfig(
    path: string,
    opts?: { context?: string; namespace?: string; token?: string; insecureHttp?: boolean },
  ): void;
  /** Create or replace any object directly; workloads start fully rolled out. */
  seed(obj: KubeObject): void;
  get(kind: string, namespace: string, name: string): KubeObject | undefined;
  /** Every request, in order. */
  requests: SimRequest[];
  resetRequests(): void;
  /**
   * How rollouts of a workload end. With `onlyFor`, only rollouts to pod templates it accepts behave
   * so (the pods of that template crash) and every other rollout completes, e.g. a rollback.
   */
  setRolloutBehaviour(
    kind: string,
    namespace: string,
    name: string,
    b: RolloutBehaviour,
    onlyFor?: (obj: KubeObject) => boolean,
  ): void;
  /**
   * Pods created from now on for this workload's templates (those `options.onlyFor` accepts, called
   * with the pod's ReplicaSet / StatefulSet / DaemonSet) start in `failure`, with the container
   * statuses, Warning events and logs a kubelet reports; such a rollout stalls after its first new
   * pod. `undefined` turns it off (and lets stalled rollouts complete).
   */
  setPodFailure(
    kind: string,
    namespace: string,
    name: string,
    failure: PodFailure | undefined,
    options?: PodFailureOptions,
  ): void;
  /**
   * The files a pod's container (default: its first) sees of the ConfigMaps and Secrets it mounts,
   * path -> content, as `kubectl exec POD -- cat PATH` shows them: whole-volume mounts follow each
   * change of the config `kubeletSyncMs` later, subPath mounts keep what the pod started with.
   */
  podFiles(namespace: string, pod: string, container?: string): Record<string, string> | undefined;
  failNext(match: FailMatch, status: FailStatus, times?: number, retryAfterSeconds?: number): void;
  /**
   * Never answer the matching requests (every request without a match: a hung API server) until
   * the server closes; recorded with `fault: "hang"`.
   */
  hang(match?: FailMatch): void;
  /**
   * Answer 403 Forbidden for this RBAC verb ("patch", "*") on this resource ("deployments"); with
   * `resourceNames`, for every object but those (a Role granting the verb only by `resourceNames`:
   * a request or access review naming one is allowed, an unnamed one is not).
   */
  forbid(verb: string, resource: string, resourceNames?: readonly string[]): void;
  /** Seeded random faults on every resource request (see sim/faults.ts); undefined turns them off. */
  randomFaults(options: RandomFaultOptions | undefined): void;
  /** Close every open watch stream now (server-side): a normal end, or with `abrupt` a reset connection. */
  dropWatches(abrupt?: boolean): void;
  /** Compact history: a watch from any resourceVersion older than now gets an in-stream 410 ERROR event. */
  expireResourceVersions(): void;
  /** The current global resourceVersion. */
  resourceVersion(): string;
  /** List stored objects of a kind, optionally in one namespace (sorted by namespace/name). */
  list(kind: string, namespace?: string): KubeObject[];
  /** Delete an object directly (emits a DELETED watch event). Returns whether it existed. */
  remove(kind: string, namespace: string, name: string): boolean;
  /**
   * Install a CustomResourceDefinition the simulator knows ("argo-rollouts"): its resource is then
   * served (REST, watch, discovery) and its controller simulated. Installing twice is a no-op;
   * `remove("CustomResourceDefinition", "", "rollouts.argoproj.io")` uninstalls it.
   */
  installCrd(name: SimCrd): void;
  close(): Promise<void>;
}

export interface SimOptions {
  /** Milliseconds between rollout steps (default 20). */
  rolloutStepMs?: number;
  token?: string;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Simulated node count: desiredNumberScheduled of DaemonSets (default 3). */
  nodes?: number;
  /** Interval of BOOKMARK events on watches that allow them (default 10000). */
  bookmarkIntervalMs?: number;
  /** CustomResourceDefinitions installed at start (default none: a cluster without Argo Rollouts). */
  crds?: SimCrd[];
  /** How long after a config changes the pods mounting it see the change (default 10 steps; a real kubelet up to ~1 min). */
  kubeletSyncMs?: number;
}
