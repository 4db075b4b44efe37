// The Kubernetes adapter: every API call config-rollout makes, through @kubernetes/client-node,
// each with a timeout, retries for transient failures and errors translated to one clear line
// (request.ts does that for every call here).
//
// Requests go through client-node's generic KubernetesObjectApi (object-api.ts), which serves any
// kind (custom resources such as Argo Rollouts included) from its apiVersion and kind: no per-kind
// switch here; what differs between kinds lives in core/kinds/. It resolves each apiVersion's
// resources with one discovery request, cached for the run. What it cannot do is kept by hand and
// says why: watches (watch-stream.ts) and the discovery check for custom resources (`serves`).

import { ApiException, type KubeConfig, PatchStrategy } from "@kubernetes/client-node";
import { ClusterAccessError } from "../core/errors.js";
import { type ApiKind, configKind, isConfigKind } from "../core/kinds/api-kinds.js";
import {
  apiKind,
  apiVersionOf,
  type PatchType,
  patchTypeOf,
  qualifiedResource,
  type WorkloadKind,
  workloadKind,
} from "../core/kinds/workload-kinds.js";
import { liveConfigContent } from "../core/manifests/live-config.js";
import type { ObjectId } from "../core/model.js";
import { describeKubeError, type RequestDescription } from "./api-errors.js";
import type { Cluster, ListResult, LiveConfig } from "./cluster.js";
import { createRequester, type RequestOptions, type RequestWhat } from "./request.js";
import { retryOnConflict } from "./retry.js";
import { openWatch } from "./watch-stream.js";

export type {
  AccessCheck,
  Cluster,
  ListResult,
  LiveConfig,
  ObjectRef,
  WatchEventHandler,
  WatchHandle,
} from "./cluster.js";

export interface ClusterOptions extends RequestOptions {
  fieldManager: string;
}

type Plain = Record<string, unknown>;

const PATCH_CONTENT_TYPES: Record<PatchType | "apply", PatchStrategy> = {
  "strategic-merge": PatchStrategy.StrategicMergePatch,
  merge: PatchStrategy.MergePatch,
  apply: PatchStrategy.ServerSideApply,
};

export function createCluster(kc: KubeConfig, opts: ClusterOptions): Cluster {
  const { api, context, server, policy, request } = createRequester(kc, opts);
  const served = new Map<string, Promise<boolean>>();

  async function readOrUndefined(spec: Plain, req: RequestWhat) {
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
      const guarded = typeof (own as { resourceVersion?: unknown } | undefined)?.resourceVersion === "string";
      const result = await request(
        req,
        () =>
          api.patch(
            body as never,
            undefined,
            dryRun ? "All" : undefined,
            opts.fieldManager,
            undefined,
            PATCH_CONTENT_TYPES[patchType],
          ),
        guarded,
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

    retryOnConflict: (update) => retryOnConflict(update, policy),

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
