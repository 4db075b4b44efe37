// What the pipeline may ask of a cluster: the Cluster interface the Kubernetes adapter implements
// (kube-client.ts), and the plain data it answers with. Stages and tests depend on this, never on
// client-node.

import type { ClusterAccessError } from "../core/errors.js";
import type { PatchType } from "../core/kinds/workload-kinds.js";
import type { ConfigContent, ObjectId } from "../core/model.js";
import type { WatchEventHandler, WatchHandle } from "./watch-stream.js";

export interface LiveConfig {
  uid: string;
  resourceVersion: string;
  content: ConfigContent;
}

/** One permission to check: an RBAC verb on a resource (with its API group) in a namespace. */
export interface AccessCheck {
  verb: string;
  group: string;
  resource: string;
  /** `log` for pods/log. */
  subresource?: string;
  /** One object by name: a Role that grants only `resourceNames` answers only for named objects. */
  name?: string;
  namespace: string;
}

export interface ListResult {
  items: Record<string, unknown>[];
  /** The list's resourceVersion: where a watch continues from. */
  resourceVersion: string;
}

export interface Cluster {
  context: string;
  server: string;
  /**
   * Whether the API server serves a kind. Built-in kinds always are; a custom resource only when its
   * CRD is installed (one discovery request per API group version, cached).
   */
  serves(kind: string): Promise<boolean>;
  /**
   * The last `tailLines` lines a container printed (`previous`: its run before the last restart).
   * Text the application wrote: callers bound and escape it.
   */
  readPodLog(
    namespace: string,
    pod: string,
    opts: { container: string; previous: boolean; tailLines: number },
  ): Promise<string>;
  /** Every workload of one kind in one namespace: one LIST request. */
  listWorkloads(namespace: string, kind: string): Promise<Record<string, unknown>[]>;
  /**
   * LIST with its resourceVersion, optionally narrowed by a field selector (kube/list-watch.ts). Also
   * for Pods and Events (the pod watch).
   */
  listForWatch(namespace: string, kind: string, fieldSelector?: string): Promise<ListResult>;
  /** GET a ConfigMap or Secret by name; undefined when it does not exist. */
  readConfig(id: ObjectId): Promise<LiveConfig | undefined>;
  /** Every ConfigMap of a namespace in ONE list call, by name (Secrets are only ever read by name). */
  listConfigMaps(namespace: string): Promise<Map<string, LiveConfig>>;
  /** Server-side apply (field manager, force) of a ConfigMap or Secret manifest. */
  applyConfig(obj: Record<string, unknown>, dryRun: boolean, namespace?: string): Promise<void>;
  /**
   * Write a config as another field manager would (a restore, rollout/restore/restore-write.ts): a
   * forced server-side apply of `write.apply`, or a JSON merge patch (guarded by the
   * resourceVersion its metadata carries: a 409 is reported, for the caller to read again).
   * Returns the object as written.
   */
  writeConfigAs(
    id: ObjectId,
    write: { apply: Record<string, unknown> } | { patch: Record<string, unknown> },
    fieldManager: string,
    dryRun: boolean,
  ): Promise<Record<string, unknown>>;
  readWorkload(id: ObjectId): Promise<Record<string, unknown> | undefined>;
  /**
   * A patch, sent as the kind's table entry says unless `type` is given; returns the patched object.
   * A patch that carries metadata.resourceVersion is guarded by it: its 409 Conflict is not sent
   * again as it is (it cannot succeed) but reported, for the caller to recompute (retryOnConflict).
   */
  patchWorkload(
    id: ObjectId,
    patch: object,
    dryRun: boolean,
    type?: PatchType,
  ): Promise<Record<string, unknown>>;
  /** GET any namespaced object by apiVersion and kind; undefined when it does not exist. */
  readObject(ref: ObjectRef): Promise<Record<string, unknown> | undefined>;
  /** LIST any namespaced kind, optionally narrowed by a label selector (items carry apiVersion and kind). */
  listObjects(
    namespace: string,
    apiVersion: string,
    kind: string,
    labelSelector?: string,
  ): Promise<Record<string, unknown>[]>;
  /** DELETE any namespaced object (dryRun=All when `dryRun`); a 404 counts as done. */
  deleteObject(ref: ObjectRef, dryRun: boolean): Promise<void>;
  /**
   * Whether this identity may do `verb` on a resource in a namespace (a SelfSubjectAccessReview, as
   * `kubectl auth can-i` asks); undefined when the server cannot say (the review API is missing or
   * itself forbidden).
   */
  canI(access: AccessCheck): Promise<boolean | undefined>;
  /**
   * client-go's RetryOnConflict with this client's retry policy: `update` (read, compute, write) runs
   * again after a 409 Conflict, until it succeeds, fails otherwise, or the retries are used up.
   */
  retryOnConflict<T>(update: (attempt: number) => Promise<T>): Promise<T>;
  /**
   * WATCH one kind (a workload kind, or Pod) in one namespace from a resourceVersion, or without one: the most recent state
   * (an ADDED event per existing object first), then changes. See kube/list-watch.ts for the
   * reconnect logic.
   */
  watchWorkloads(
    namespace: string,
    kind: string,
    opts: { resourceVersion?: string; fieldSelector?: string },
    onEvent: WatchEventHandler,
    onDone: (error: ClusterAccessError | undefined) => void,
  ): WatchHandle;
}

/** Any namespaced object, by its API coordinates. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
}
