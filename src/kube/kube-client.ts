// The Kubernetes adapter: every API call config-rollout makes, through @kubernetes/client-node,
// each with a timeout, retries for transient failures and errors translated to one clear line.

import {
  ApiException,
  AppsV1Api,
  BatchV1Api,
  type ConfigurationOptions,
  CoreV1Api,
  type KubeConfig,
  type ObservableMiddleware,
  PatchStrategy,
} from "@kubernetes/client-node";
import { UserError } from "../core/errors.js";
import { liveConfigContent } from "../core/manifests/live-config.js";
import type { ConfigContent, ObjectId, RestartableKind } from "../core/model.js";
import { formatId } from "../core/model.js";
import { describeKubeError, KubeApiError, type RequestDescription } from "./api-errors.js";
import { requestOptions } from "./request-options.js";
import { RequestTimeoutError, withRetries } from "./retry.js";
import { openWatch, type WatchEventHandler, type WatchHandle } from "./watch-stream.js";

export type { WatchEventHandler, WatchHandle } from "./watch-stream.js";

export interface LiveConfig {
  uid: string;
  resourceVersion: string;
  content: ConfigContent;
}

export type ListableKind = RestartableKind | "CronJob" | "Job";

export interface ClusterOptions {
  /** Timeout of one HTTP request (each retry gets a new one). */
  requestTimeoutMs: number;
  /** e.g. USER_AGENT from src/version.ts: config-rollout/<version>. */
  userAgent: string;
  fieldManager: string;
  /** Retries after the first attempt for 409, 429, 5xx, timeouts and network errors. */
  retries: number;
  /** First backoff step (default 200 ms); tests shorten it. */
  retryBaseDelayMs?: number;
}

export interface ListResult {
  items: Record<string, unknown>[];
  /** The list's resourceVersion: where a watch continues from. */
  resourceVersion: string;
}

export interface Cluster {
  context: string;
  server: string;
  /** Every workload of one kind in one namespace: one LIST request. */
  listWorkloads(namespace: string, kind: ListableKind): Promise<Record<string, unknown>[]>;
  /** LIST with its resourceVersion, optionally narrowed by a field selector (wait.ts). */
  listForWatch(namespace: string, kind: ListableKind, fieldSelector?: string): Promise<ListResult>;
  /** GET a ConfigMap or Secret by name; undefined when it does not exist. */
  readConfig(id: ObjectId): Promise<LiveConfig | undefined>;
  /** Every ConfigMap of a namespace in ONE list call, by name (Secrets are only ever read by name). */
  listConfigMaps(namespace: string): Promise<Map<string, LiveConfig>>;
  /** Server-side apply (field manager, force) of a ConfigMap or Secret manifest. */
  applyConfig(obj: Record<string, unknown>, dryRun: boolean, namespace?: string): Promise<void>;
  readWorkload(id: ObjectId): Promise<Record<string, unknown> | undefined>;
  /** Strategic merge patch; returns the patched object. */
  patchWorkload(id: ObjectId, patch: object, dryRun: boolean): Promise<Record<string, unknown>>;
  /** WATCH one kind in one namespace from a resourceVersion (see wait.ts for the reconnect logic). */
  watchWorkloads(
    namespace: string,
    kind: ListableKind,
    opts: { resourceVersion: string; fieldSelector?: string },
    onEvent: WatchEventHandler,
    onDone: (error: KubeApiError | undefined) => void,
  ): WatchHandle;
}

interface KindInfo {
  apiVersion: string;
  /** Plural resource with its group, as RBAC and messages name it. */
  resource: string;
  path: string;
}

const KINDS: Record<ListableKind | "ConfigMap" | "Secret", KindInfo> = {
  Deployment: { apiVersion: "apps/v1", resource: "deployments.apps", path: "/apis/apps/v1" },
  StatefulSet: { apiVersion: "apps/v1", resource: "statefulsets.apps", path: "/apis/apps/v1" },
  DaemonSet: { apiVersion: "apps/v1", resource: "daemonsets.apps", path: "/apis/apps/v1" },
  CronJob: { apiVersion: "batch/v1", resource: "cronjobs.batch", path: "/apis/batch/v1" },
  Job: { apiVersion: "batch/v1", resource: "jobs.batch", path: "/apis/batch/v1" },
  ConfigMap: { apiVersion: "v1", resource: "configmaps", path: "/api/v1" },
  Secret: { apiVersion: "v1", resource: "secrets", path: "/api/v1" },
};

function kindInfo(kind: string): KindInfo {
  const info = (KINDS as Record<string, KindInfo | undefined>)[kind];
  if (!info) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return info;
}

type Options = ConfigurationOptions<ObservableMiddleware>;
type Plain = Record<string, unknown>;

export function createCluster(kc: KubeConfig, opts: ClusterOptions): Cluster {
  const context = kc.getCurrentContext();
  const server = kc.getCurrentCluster()?.server ?? "(no server)";
  const apps = kc.makeApiClient(AppsV1Api);
  const batch = kc.makeApiClient(BatchV1Api);
  const core = kc.makeApiClient(CoreV1Api);
  const policy = { retries: opts.retries, baseDelayMs: opts.retryBaseDelayMs };

  /** One logical call: retried, each attempt under its own timeout, errors translated. */
  async function request<T>(
    req: Omit<RequestDescription, "context" | "server">,
    call: (options: Options) => Promise<T>,
    contentType?: string,
  ): Promise<T> {
    let attempts = 0;
    try {
      return await withRetries(async () => {
        attempts++;
        const signal = AbortSignal.timeout(opts.requestTimeoutMs);
        try {
          return await call(requestOptions(opts.userAgent, signal, contentType));
        } catch (error) {
          if (signal.aborted && !(error instanceof ApiException))
            throw new RequestTimeoutError(opts.requestTimeoutMs);
          throw error;
        }
      }, policy);
    } catch (error) {
      // Raised before any request left (an exec credential plugin missing or hanging): already one line.
      if (error instanceof UserError) throw error;
      throw describeKubeError(error, { ...req, context, server }, attempts);
    }
  }

  async function list(namespace: string, kind: ListableKind, fieldSelector?: string): Promise<ListResult> {
    const info = kindInfo(kind);
    const req = { verb: "list", resource: info.resource, namespace };
    const param = { namespace, fieldSelector };
    const result = await request(req, (o): Promise<unknown> => {
      switch (kind) {
        case "Deployment":
          return apps.listNamespacedDeployment(param, o);
        case "StatefulSet":
          return apps.listNamespacedStatefulSet(param, o);
        case "DaemonSet":
          return apps.listNamespacedDaemonSet(param, o);
        case "CronJob":
          return batch.listNamespacedCronJob(param, o);
        case "Job":
          return batch.listNamespacedJob(param, o);
      }
    });
    const plain = toPlain(result) as { items?: Plain[]; metadata?: { resourceVersion?: string } };
    return {
      // List items come without apiVersion/kind; put them back so each item stands alone.
      items: (plain.items ?? []).map((item) => ({ apiVersion: info.apiVersion, kind, ...item })),
      resourceVersion: plain.metadata?.resourceVersion ?? "",
    };
  }

  async function readOrUndefined(
    id: ObjectId,
    call: (o: Options) => Promise<unknown>,
  ): Promise<Plain | undefined> {
    const info = kindInfo(id.kind);
    try {
      const obj = await request(
        { verb: "get", resource: info.resource, namespace: id.namespace, name: id.name },
        call,
      );
      return { apiVersion: info.apiVersion, kind: id.kind, ...(toPlain(obj) as Plain) };
    } catch (error) {
      if (error instanceof KubeApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  return {
    context,
    server,
    listWorkloads: async (namespace, kind) => (await list(namespace, kind)).items,
    listForWatch: list,

    async readConfig(id) {
      const param = { name: id.name, namespace: id.namespace };
      const obj = await readOrUndefined(id, (o) => {
        if (id.kind === "ConfigMap") return core.readNamespacedConfigMap(param, o);
        if (id.kind === "Secret") return core.readNamespacedSecret(param, o);
        throw new Error(`readConfig: ${formatId(id)} is not a ConfigMap or Secret`);
      });
      if (!obj) return undefined;
      const metadata = (obj.metadata ?? {}) as { uid?: string; resourceVersion?: string };
      return {
        uid: metadata.uid ?? "",
        resourceVersion: metadata.resourceVersion ?? "",
        content: liveConfigContent(obj),
      };
    },

    async listConfigMaps(namespace) {
      const result = await request({ verb: "list", resource: "configmaps", namespace }, (o) =>
        core.listNamespacedConfigMap({ namespace }, o),
      );
      const plain = toPlain(result) as { items?: Plain[] };
      const byName = new Map<string, LiveConfig>();
      for (const item of plain.items ?? []) {
        const metadata = (item.metadata ?? {}) as { name?: string; uid?: string; resourceVersion?: string };
        if (!metadata.name) continue;
        byName.set(metadata.name, {
          uid: metadata.uid ?? "",
          resourceVersion: metadata.resourceVersion ?? "",
          content: liveConfigContent({ kind: "ConfigMap", ...item }),
        });
      }
      return byName;
    },

    async applyConfig(obj, dryRun, namespaceDefault) {
      const body = applyBody(obj, namespaceDefault);
      const { kind, metadata } = body as { kind: string; metadata: { name: string; namespace: string } };
      const param = {
        name: metadata.name,
        namespace: metadata.namespace,
        body,
        fieldManager: opts.fieldManager,
        force: true,
        dryRun: dryRun ? "All" : undefined,
      };
      const req = { verb: "patch", resource: kindInfo(kind).resource, ...metadata };
      await request(
        req,
        (o): Promise<unknown> =>
          kind === "Secret" ? core.patchNamespacedSecret(param, o) : core.patchNamespacedConfigMap(param, o),
        PatchStrategy.ServerSideApply,
      );
    },

    readWorkload(id) {
      const param = { name: id.name, namespace: id.namespace };
      return readOrUndefined(id, (o): Promise<unknown> => {
        switch (id.kind as RestartableKind) {
          case "Deployment":
            return apps.readNamespacedDeployment(param, o);
          case "StatefulSet":
            return apps.readNamespacedStatefulSet(param, o);
          case "DaemonSet":
            return apps.readNamespacedDaemonSet(param, o);
          default:
            throw new Error(`readWorkload: ${formatId(id)} is not a restartable kind`);
        }
      });
    },

    async patchWorkload(id, patch, dryRun) {
      const info = kindInfo(id.kind);
      const param = {
        name: id.name,
        namespace: id.namespace,
        body: patch,
        fieldManager: opts.fieldManager,
        dryRun: dryRun ? "All" : undefined,
      };
      const req = { verb: "patch", resource: info.resource, namespace: id.namespace, name: id.name };
      const result = await request(
        req,
        (o): Promise<unknown> => {
          switch (id.kind as RestartableKind) {
            case "Deployment":
              return apps.patchNamespacedDeployment(param, o);
            case "StatefulSet":
              return apps.patchNamespacedStatefulSet(param, o);
            case "DaemonSet":
              return apps.patchNamespacedDaemonSet(param, o);
            default:
              throw new Error(`patchWorkload: ${formatId(id)} is not a restartable kind`);
          }
        },
        PatchStrategy.StrategicMergePatch,
      );
      return { apiVersion: info.apiVersion, kind: id.kind, ...(toPlain(result) as Plain) };
    },

    watchWorkloads(namespace, kind, watchOpts, onEvent, onDone) {
      const info = kindInfo(kind);
      const plural = info.resource.split(".")[0];
      const req: RequestDescription = { verb: "watch", resource: info.resource, namespace, context, server };
      return openWatch(kc, {
        path: `${info.path}/namespaces/${encodeURIComponent(namespace)}/${plural}`,
        query: {
          resourceVersion: watchOpts.resourceVersion,
          fieldSelector: watchOpts.fieldSelector,
          allowWatchBookmarks: true,
        },
        userAgent: opts.userAgent,
        onEvent,
        onDone: (error) =>
          onDone(error === undefined ? undefined : describeKubeError(asApiException(error), req)),
      });
    },
  };
}

/** A ConfigMap/Secret manifest as an apply body: server-owned metadata dropped, namespace set. */
function applyBody(obj: Plain, namespaceDefault: string | undefined): Plain {
  const kind = obj.kind;
  if (kind !== "ConfigMap" && kind !== "Secret")
    throw new Error(`applyConfig: kind ${String(kind)} is not a config`);
  const metadata = { ...((obj.metadata ?? {}) as Plain) };
  for (const key of [
    "resourceVersion",
    "uid",
    "managedFields",
    "creationTimestamp",
    "generation",
    "selfLink",
  ]) {
    delete metadata[key];
  }
  metadata.namespace ??= namespaceDefault;
  if (typeof metadata.name !== "string" || typeof metadata.namespace !== "string") {
    throw new Error("applyConfig: the manifest needs metadata.name and a namespace");
  }
  const { status: _status, ...rest } = obj;
  return { ...rest, apiVersion: "v1", kind, metadata };
}

/** Watch reports an HTTP failure as a plain Error with statusCode; give it the ApiException shape. */
function asApiException(error: unknown): unknown {
  const code = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === "number"
    ? new ApiException(code, String((error as Error).message), undefined, {})
    : error;
}

/** client-node returns class instances with Dates and undefined fields; callers get plain JSON. */
function toPlain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
