// The Kubernetes adapter: every API call config-rollout makes, through @kubernetes/client-node,
// each with a timeout, retries for transient failures and errors translated to one clear line.
//
// Requests go through client-node's generic KubernetesObjectApi, which serves any kind (custom
// resources such as Argo Rollouts included) from its apiVersion and kind: no per-kind switch here;
// what differs between kinds lives in core/kinds/workload-kinds.ts. It resolves each apiVersion's
// resources with one discovery request, cached for the run. What it cannot do is kept by hand and
// says why: watches (watch-stream.ts) and the discovery check for custom resources (`serves`).

import { AsyncLocalStorage } from "node:async_hooks";
import {
  ApiException,
  createConfiguration,
  type KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  type RequestContext,
  type ResponseContext,
  ServerConfiguration,
} from "@kubernetes/client-node";
import { ClusterAccessError, UserError } from "../core/errors.js";
import { type ApiKind, configKind, isConfigKind } from "../core/kinds/api-kinds.js";
import {
  API_KINDS,
  apiKind,
  apiVersionOf,
  type PatchType,
  patchTypeOf,
  qualifiedResource,
  type WorkloadKind,
  workloadKind,
} from "../core/kinds/workload-kinds.js";
import { liveConfigContent } from "../core/manifests/live-config.js";
import type { ConfigContent, ObjectId } from "../core/model.js";
import { describeKubeError, type RequestDescription } from "./api-errors.js";
import { RequestTimeoutError, withRetries } from "./retry.js";
import { reuseAgents } from "./reuse-agents.js";
import { openWatch, type WatchEventHandler, type WatchHandle } from "./watch-stream.js";

export type { WatchEventHandler, WatchHandle } from "./watch-stream.js";

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
  namespace: string;
}

export interface ClusterOptions {
  /** Timeout of one HTTP request (each retry gets a new one). */
  requestTimeoutMs: number;
  /** e.g. USER_AGENT from core/version.ts: config-rollout/<version>. */
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
  /**
   * Whether the API server serves a kind. Built-in kinds always are; a custom resource only when its
   * CRD is installed (one discovery request per API group version, cached).
   */
  serves(kind: string): Promise<boolean>;
  /** Every workload of one kind in one namespace: one LIST request. */
  listWorkloads(namespace: string, kind: string): Promise<Record<string, unknown>[]>;
  /** LIST with its resourceVersion, optionally narrowed by a field selector (pipeline/cluster/wait.ts). */
  listForWatch(namespace: string, kind: string, fieldSelector?: string): Promise<ListResult>;
  /** GET a ConfigMap or Secret by name; undefined when it does not exist. */
  readConfig(id: ObjectId): Promise<LiveConfig | undefined>;
  /** Every ConfigMap of a namespace in ONE list call, by name (Secrets are only ever read by name). */
  listConfigMaps(namespace: string): Promise<Map<string, LiveConfig>>;
  /** Server-side apply (field manager, force) of a ConfigMap or Secret manifest. */
  applyConfig(obj: Record<string, unknown>, dryRun: boolean, namespace?: string): Promise<void>;
  readWorkload(id: ObjectId): Promise<Record<string, unknown> | undefined>;
  /** A patch, sent as the kind's table entry says unless `type` is given; returns the patched object. */
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
   * WATCH one kind in one namespace from a resourceVersion, or without one: the most recent state
   * (an ADDED event per existing object first), then changes. See pipeline/cluster/wait.ts for the
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

type Plain = Record<string, unknown>;

/** Any namespaced object, by its API coordinates. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
}

/**
 * The object API, its discovery cache seeded with the built-in kinds every API server serves (so
 * they cost no discovery request), and its cached lookup made reachable (protected upstream).
 * Custom resources are looked up on first use, once per API group version.
 */
class ObjectApi extends KubernetesObjectApi {
  constructor(configuration: ConstructorParameters<typeof KubernetesObjectApi>[0]) {
    super(configuration);
    const builtIn = API_KINDS.filter((k) => !k.customResource);
    this.apiVersionResourceCache["authorization.k8s.io/v1"] = {
      groupVersion: "authorization.k8s.io/v1",
      resources: [
        {
          kind: "SelfSubjectAccessReview",
          name: "selfsubjectaccessreviews",
          namespaced: false,
          singularName: "",
          verbs: ["create"],
        },
      ],
    } as unknown as (typeof this.apiVersionResourceCache)[string];
    for (const k of builtIn) {
      const apiVersion = k.group ? `${k.group}/${k.version}` : k.version;
      this.apiVersionResourceCache[apiVersion] ??= {
        groupVersion: apiVersion,
        resources: [],
      } as unknown as (typeof this.apiVersionResourceCache)[string];
      this.apiVersionResourceCache[apiVersion]!.resources.push({
        kind: k.kind,
        name: k.resource,
        namespaced: true,
        singularName: "",
        verbs: [],
      });
    }
  }

  /**
   * Object responses as the server sent them, parsed once. client-node's own handling deserializes
   * them into its model classes (Dates, renamed fields such as `_continue`, fields its model does
   * not know dropped), which the adapter then had to turn back into JSON with a stringify and a
   * parse: four copies of every object received. At 1,000 restarts that garbage, not what the run
   * keeps, set the heap's peak. Answers of a type client-node asks for itself (discovery, a
   * Status) and errors keep its handling.
   */
  protected override async processResponse<T extends KubernetesObject>(
    response: ResponseContext,
    type?: string,
  ): Promise<T> {
    const status = response.httpStatusCode;
    const contentType = String(response.headers["content-type"] ?? "");
    if (type !== undefined || status < 200 || status > 299 || !/^application\/json\b/i.test(contentType)) {
      return super.processResponse<T>(response, type);
    }
    return JSON.parse(await response.body.text()) as T;
  }

  async resourceOf(apiVersion: string, kind: string): Promise<unknown> {
    try {
      return await this.resource(apiVersion, kind);
    } catch (error) {
      // client-node prefixes the message of whatever failed in place (ours included, such as an
      // exec plugin's UserError); our messages already say what was being done.
      if (error instanceof Error)
        error.message = error.message.replace(/^Failed to fetch resource metadata for \S+: /, "");
      throw error;
    }
  }
}

const PATCH_CONTENT_TYPES: Record<PatchType | "apply", PatchStrategy> = {
  "strategic-merge": PatchStrategy.StrategicMergePatch,
  merge: PatchStrategy.MergePatch,
  apply: PatchStrategy.ServerSideApply,
};

export function createCluster(kc: KubeConfig, opts: ClusterOptions): Cluster {
  const context = kc.getCurrentContext();
  const server = kc.getCurrentCluster()?.server ?? "(no server)";
  const policy = { retries: opts.retries, baseDelayMs: opts.retryBaseDelayMs };
  // Each attempt's abort signal reaches the shared client through the async context: the object
  // API applies only the middleware of its own configuration, never per-call options.
  const attemptSignal = new AsyncLocalStorage<AbortSignal>();
  const api = new ObjectApi(
    createConfiguration({
      baseServer: new ServerConfiguration(server, {}),
      authMethods: { default: reuseAgents(kc) },
      promiseMiddleware: [
        {
          pre: async (request: RequestContext) => {
            request.setHeaderParam("User-Agent", opts.userAgent);
            const signal = attemptSignal.getStore();
            if (signal) request.setSignal(signal);
            return request;
          },
          post: async (response: ResponseContext) => response,
        },
      ],
    }),
  );
  const served = new Map<string, Promise<boolean>>();

  /** One logical call: retried, each attempt under its own timeout, errors translated. */
  async function request<T>(
    req: Omit<RequestDescription, "context" | "server">,
    call: () => Promise<T>,
  ): Promise<T> {
    let attempts = 0;
    try {
      return await withRetries(async () => {
        attempts++;
        const signal = AbortSignal.timeout(opts.requestTimeoutMs);
        try {
          return await attemptSignal.run(signal, call);
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

  async function readOrUndefined(spec: Plain, req: Omit<RequestDescription, "context" | "server">) {
    try {
      return toPlain(await request(req, () => api.read(spec as never)));
    } catch (error) {
      if (error instanceof ClusterAccessError && error.status === 404) return undefined;
      throw error;
    }
  }

  async function list(namespace: string, kindName: string, fieldSelector?: string): Promise<ListResult> {
    const kind = kindEntry(kindName);
    const apiVersion = apiVersionOf(kind);
    const result = await request({ verb: "list", resource: qualifiedResource(kind), namespace }, () =>
      api.list(apiVersion, kind.kind, namespace, undefined, undefined, undefined, fieldSelector),
    );
    const plain = toPlain(result) as { items?: Plain[]; metadata?: { resourceVersion?: string } };
    return {
      // List items come without apiVersion/kind; put them back so each item stands alone.
      items: (plain.items ?? []).map((item) => ({ ...item, apiVersion, kind: kind.kind })),
      resourceVersion: plain.metadata?.resourceVersion ?? "",
    };
  }

  const configSpec = (id: ObjectId): Plain => ({
    apiVersion: "v1",
    kind: id.kind,
    metadata: { name: id.name, namespace: id.namespace },
  });

  return {
    context,
    server,

    serves(kindName) {
      const kind = kindEntry(kindName);
      if (!kind.customResource) return Promise.resolve(true);
      const apiVersion = apiVersionOf(kind);
      let answer = served.get(apiVersion);
      if (!answer) {
        answer = request({ verb: "get", resource: `API group ${apiVersion}` }, () =>
          api.resourceOf(apiVersion, kind.kind),
        ).then(
          (resource) => resource !== undefined,
          (error: unknown) => {
            // Not installed: the group version is unknown to the server.
            if (error instanceof ClusterAccessError && error.status === 404) return false;
            throw error;
          },
        );
        served.set(apiVersion, answer);
      }
      return answer;
    },

    listWorkloads: async (namespace, kind) => (await list(namespace, kind)).items,
    listForWatch: list,

    async readConfig(id) {
      if (!isConfigKind(id.kind)) {
        throw new Error(`readConfig: ${id.kind} is not a ConfigMap or Secret`);
      }
      const resource = configKind(id.kind).resource;
      const obj = await readOrUndefined(configSpec(id), {
        verb: "get",
        resource,
        namespace: id.namespace,
        name: id.name,
      });
      return obj && liveConfig({ ...obj, kind: id.kind });
    },

    async listConfigMaps(namespace) {
      const result = await request(
        { verb: "list", resource: configKind("ConfigMap").resource, namespace },
        () => api.list("v1", "ConfigMap", namespace),
      );
      const byName = new Map<string, LiveConfig>();
      for (const item of (toPlain(result) as { items?: Plain[] }).items ?? []) {
        const name = (item.metadata as { name?: string } | undefined)?.name;
        if (name) byName.set(name, liveConfig({ ...item, kind: "ConfigMap" }));
      }
      return byName;
    },

    async applyConfig(obj, dryRun, namespaceDefault) {
      const body = applyBody(obj, namespaceDefault);
      const { kind, metadata } = body as {
        kind: "ConfigMap" | "Secret";
        metadata: { name: string; namespace: string };
      };
      const resource = configKind(kind).resource;
      await request({ verb: "patch", resource, ...metadata }, () =>
        api.patch(
          body as never,
          undefined,
          dryRun ? "All" : undefined,
          opts.fieldManager,
          true,
          PATCH_CONTENT_TYPES.apply,
        ),
      );
    },

    async readWorkload(id) {
      const kind = kindEntry(id.kind);
      return readOrUndefined(workloadSpec(id, kind), {
        verb: "get",
        resource: qualifiedResource(kind),
        namespace: id.namespace,
        name: id.name,
      });
    },

    async patchWorkload(id, patch, dryRun, type) {
      const kind = kindEntry(id.kind);
      // A kind that is never restarted is still patched as every built-in kind is.
      const patchType = type ?? patchTypeOf(kind) ?? "strategic-merge";
      // The object API takes the target from the body: name it there. For strategic and JSON merge
      // patches these fields equal the live ones, so they change nothing.
      const target = workloadSpec(id, kind);
      const own = (patch as { metadata?: object }).metadata;
      const body = { ...patch, ...target, metadata: { ...own, ...(target.metadata as object) } };
      const req = {
        verb: "patch",
        resource: qualifiedResource(kind),
        namespace: id.namespace,
        name: id.name,
      };
      const result = await request(req, () =>
        api.patch(
          body as never,
          undefined,
          dryRun ? "All" : undefined,
          opts.fieldManager,
          undefined,
          PATCH_CONTENT_TYPES[patchType],
        ),
      );
      return { ...toPlain(result), apiVersion: apiVersionOf(kind), kind: kind.kind };
    },

    readObject(ref) {
      const { apiVersion, kind, namespace, name } = ref;
      return readOrUndefined(
        { apiVersion, kind, metadata: { name, namespace } },
        { verb: "get", resource: resourceOf(kind), namespace, name },
      );
    },

    async listObjects(namespace, apiVersion, kind, labelSelector) {
      const result = await request({ verb: "list", resource: resourceOf(kind), namespace }, () =>
        api.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, labelSelector),
      );
      const items = (toPlain(result) as { items?: Plain[] }).items ?? [];
      return items.map((item) => ({ ...item, apiVersion, kind }));
    },

    async deleteObject(ref, dryRun) {
      const { apiVersion, kind, namespace, name } = ref;
      try {
        await request({ verb: "delete", resource: resourceOf(kind), namespace, name }, () =>
          api.delete(
            { apiVersion, kind, metadata: { name, namespace } },
            undefined,
            dryRun ? "All" : undefined,
          ),
        );
      } catch (error) {
        if (error instanceof ClusterAccessError && error.status === 404) return;
        throw error;
      }
    },

    async canI(access) {
      const review = {
        apiVersion: "authorization.k8s.io/v1",
        kind: "SelfSubjectAccessReview",
        metadata: {},
        spec: { resourceAttributes: { ...access } },
      };
      try {
        const answer = await request(
          { verb: "create", resource: "selfsubjectaccessreviews.authorization.k8s.io" },
          () => api.create(review as never),
        );
        const allowed = (toPlain(answer).status as { allowed?: unknown } | undefined)?.allowed;
        return typeof allowed === "boolean" ? allowed : undefined;
      } catch (error) {
        if (error instanceof ClusterAccessError && [403, 404].includes(error.status ?? 0)) return undefined;
        throw error;
      }
    },

    watchWorkloads(namespace, kindName, watchOpts, onEvent, onDone) {
      const kind = kindEntry(kindName);
      const resource = qualifiedResource(kind);
      const req: RequestDescription = { verb: "watch", resource, namespace, context, server };
      const root = kind.group ? `/apis/${kind.group}/${kind.version}` : `/api/${kind.version}`;
      // client-node's Watch (and the ListWatch informer built on it) always LISTs before watching;
      // the wait starts from the resourceVersions of its own patch responses instead, so it opens
      // the watch itself.
      return openWatch(kc, {
        path: `${root}/namespaces/${encodeURIComponent(namespace)}/${kind.resource}`,
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

/** The table entry of a workload kind the adapter is asked about (a bug if unknown). */
function kindEntry(kind: string): WorkloadKind {
  const entry = workloadKind(kind);
  if (!entry) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return entry;
}

/** The resource of a kind read, listed or deleted by name (configs, ControllerRevisions), as API messages name it. */
function resourceOf(kind: string): string {
  return qualifiedResource(apiEntry(kind));
}

/** The table entry of any kind the adapter talks to (a bug if unknown). */
function apiEntry(kind: string): ApiKind {
  const entry = apiKind(kind);
  if (!entry) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return entry;
}

function workloadSpec(id: ObjectId, kind: WorkloadKind): Plain {
  return {
    apiVersion: apiVersionOf(kind),
    kind: kind.kind,
    metadata: { name: id.name, namespace: id.namespace },
  };
}

function liveConfig(obj: Plain): LiveConfig {
  const metadata = (obj.metadata ?? {}) as { uid?: string; resourceVersion?: string };
  return {
    uid: metadata.uid ?? "",
    resourceVersion: metadata.resourceVersion ?? "",
    content: liveConfigContent(obj),
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

/** An object answer, already plain JSON (ObjectApi.processResponse); {} for an empty one. */
function toPlain(value: unknown): Plain {
  return (value ?? {}) as Plain;
}
