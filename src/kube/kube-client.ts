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
import {
  type ApiKind,
  apiVersionOf,
  configKind,
  isConfigKind,
  qualifiedResource,
} from "../core/kinds/api-kinds.js";
import {
  apiKind,
  type PatchType,
  patchTypeOf,
  type WorkloadKind,
  workloadKind,
} from "../core/kinds/workload-kinds.js";
import type { ConfigKind, ObjectId } from "../core/model.js";
import { describeKubeError, type RequestDescription } from "./api-errors.js";
import type { AccessCheck, Cluster, ListResult, LiveConfig, ObjectRef } from "./cluster.js";
import { applyBody, liveConfig } from "./config-bodies.js";
import type { ObjectApi } from "./object-api.js";
import { createRequester, type Requester, type RequestOptions, type RequestWhat } from "./request.js";
import { retryOnConflict } from "./retry.js";
import { openWatch, type WatchEventHandler, type WatchHandle } from "./watch-stream.js";

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
  return new KubeCluster(kc, opts);
}

/** The Cluster interface over client-node: one small method per API call, all through one requester. */
class KubeCluster implements Cluster {
  readonly context: string;
  readonly server: string;
  private readonly requester: Requester;
  /** Whether each custom resource's API group version is served, asked once per run. */
  private readonly served = new Map<string, Promise<boolean>>();

  constructor(
    private readonly kc: KubeConfig,
    private readonly opts: ClusterOptions,
  ) {
    this.requester = createRequester(kc, opts);
    this.context = this.requester.context;
    this.server = this.requester.server;
  }

  private get api(): ObjectApi {
    return this.requester.api;
  }

  private request<T>(what: RequestWhat, call: () => Promise<T>, guarded?: boolean): Promise<T> {
    return this.requester.request(what, call, guarded);
  }

  serves(kindName: string): Promise<boolean> {
    const kind = kindEntry(kindName);
    if (!kind.customResource) return Promise.resolve(true);
    const apiVersion = apiVersionOf(kind);
    let answer = this.served.get(apiVersion);
    if (!answer) {
      answer = this.request({ verb: "get", resource: `API group ${apiVersion}` }, () =>
        this.api.resourceOf(apiVersion, kind.kind),
      ).then(
        (resource) => resource !== undefined,
        (error: unknown) => {
          // Not installed: the group version is unknown to the server.
          if (error instanceof ClusterAccessError && error.status === 404) return false;
          throw error;
        },
      );
      this.served.set(apiVersion, answer);
    }
    return answer;
  }

  readPodLog(namespace: string, pod: string, opts: Parameters<Cluster["readPodLog"]>[2]): Promise<string> {
    return this.request({ verb: "get", resource: "pods/log", namespace, name: pod }, () =>
      this.api.readPodLog(namespace, pod, opts),
    );
  }

  async listWorkloads(namespace: string, kind: string): Promise<Plain[]> {
    return (await this.listForWatch(namespace, kind)).items;
  }

  async listForWatch(namespace: string, kindName: string, fieldSelector?: string): Promise<ListResult> {
    const kind = kindEntry(kindName);
    const apiVersion = apiVersionOf(kind);
    const result = await this.request({ verb: "list", resource: qualifiedResource(kind), namespace }, () =>
      this.api.list(apiVersion, kind.kind, namespace, undefined, undefined, undefined, fieldSelector),
    );
    const plain = toPlain(result) as { items?: Plain[]; metadata?: { resourceVersion?: string } };
    return {
      // List items come without apiVersion/kind; put them back so each item stands alone.
      items: (plain.items ?? []).map((item) => ({ ...item, apiVersion, kind: kind.kind })),
      resourceVersion: plain.metadata?.resourceVersion ?? "",
    };
  }

  async readConfig(id: ObjectId): Promise<LiveConfig | undefined> {
    if (!isConfigKind(id.kind)) {
      throw new Error(`readConfig: ${id.kind} is not a ConfigMap or Secret`);
    }
    const entry = configKind(id.kind);
    const obj = await this.readOrUndefined(
      {
        apiVersion: apiVersionOf(entry),
        kind: id.kind,
        metadata: { name: id.name, namespace: id.namespace },
      },
      { verb: "get", resource: entry.resource, namespace: id.namespace, name: id.name },
    );
    return obj && liveConfig({ ...obj, kind: id.kind });
  }

  async listConfigMaps(namespace: string): Promise<Map<string, LiveConfig>> {
    const entry = configKind("ConfigMap");
    const result = await this.request({ verb: "list", resource: entry.resource, namespace }, () =>
      this.api.list(apiVersionOf(entry), entry.kind, namespace),
    );
    const byName = new Map<string, LiveConfig>();
    for (const item of (toPlain(result) as { items?: Plain[] }).items ?? []) {
      const name = (item.metadata as { name?: string } | undefined)?.name;
      if (name) byName.set(name, liveConfig({ ...item, kind: entry.kind }));
    }
    return byName;
  }

  async applyConfig(obj: Plain, dryRun: boolean, namespaceDefault?: string): Promise<void> {
    const { kind, metadata } = applyBody(obj, namespaceDefault) as {
      kind: ConfigKind;
      metadata: { name: string; namespace: string };
    };
    const id = { kind, namespace: metadata.namespace, name: metadata.name };
    await this.writeConfigAs(id, { apply: obj }, this.opts.fieldManager, dryRun);
  }

  async writeConfigAs(
    id: ObjectId,
    write: { apply: Plain } | { patch: Plain },
    fieldManager: string,
    dryRun: boolean,
  ): Promise<Plain> {
    const { resource } = configKind(id.kind as ConfigKind);
    const { name, namespace } = id;
    const apply = "apply" in write;
    const own = apply ? undefined : (write.patch.metadata as { resourceVersion?: unknown } | undefined);
    // The object API takes the target from the body; in a merge patch these equal the live fields.
    const body = apply
      ? applyBody(write.apply, namespace)
      : { ...write.patch, apiVersion: "v1", kind: id.kind, metadata: { ...own, name, namespace } };
    const result = await this.request(
      { verb: "patch", resource, namespace, name },
      () =>
        this.api.patch(
          body as never,
          undefined,
          dryRun ? "All" : undefined,
          fieldManager,
          apply ? true : undefined,
          PATCH_CONTENT_TYPES[apply ? "apply" : "merge"],
        ),
      typeof own?.resourceVersion === "string",
    );
    return toPlain(result);
  }

  readWorkload(id: ObjectId): Promise<Plain | undefined> {
    const kind = workloadEntry(id.kind);
    return this.readOrUndefined(workloadSpec(id, kind), {
      verb: "get",
      resource: qualifiedResource(kind),
      namespace: id.namespace,
      name: id.name,
    });
  }

  async patchWorkload(id: ObjectId, patch: object, dryRun: boolean, type?: PatchType): Promise<Plain> {
    const kind = workloadEntry(id.kind);
    // A kind that is never restarted is still patched as every built-in kind is.
    const patchType = type ?? patchTypeOf(kind) ?? "strategic-merge";
    // The object API takes the target from the body: name it there. For strategic and JSON merge
    // patches these fields equal the live ones, so they change nothing.
    const target = workloadSpec(id, kind);
    const own = (patch as { metadata?: { resourceVersion?: unknown } }).metadata;
    const body = { ...patch, ...target, metadata: { ...own, ...(target.metadata as object) } };
    const what = { verb: "patch", resource: qualifiedResource(kind), namespace: id.namespace, name: id.name };
    const result = await this.request(
      what,
      () =>
        this.api.patch(
          body as never,
          undefined,
          dryRun ? "All" : undefined,
          this.opts.fieldManager,
          undefined,
          PATCH_CONTENT_TYPES[patchType],
        ),
      typeof own?.resourceVersion === "string",
    );
    return { ...toPlain(result), apiVersion: apiVersionOf(kind), kind: kind.kind };
  }

  readObject(ref: ObjectRef): Promise<Plain | undefined> {
    const { apiVersion, kind, namespace, name } = ref;
    return this.readOrUndefined(
      { apiVersion, kind, metadata: { name, namespace } },
      { verb: "get", resource: resourceOf(kind), namespace, name },
    );
  }

  async listObjects(
    namespace: string,
    apiVersion: string,
    kind: string,
    labelSelector?: string,
  ): Promise<Plain[]> {
    const result = await this.request({ verb: "list", resource: resourceOf(kind), namespace }, () =>
      this.api.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, labelSelector),
    );
    const items = (toPlain(result) as { items?: Plain[] }).items ?? [];
    return items.map((item) => ({ ...item, apiVersion, kind }));
  }

  async deleteObject(ref: ObjectRef, dryRun: boolean): Promise<void> {
    const { apiVersion, kind, namespace, name } = ref;
    try {
      await this.request({ verb: "delete", resource: resourceOf(kind), namespace, name }, () =>
        this.api.delete(
          { apiVersion, kind, metadata: { name, namespace } },
          undefined,
          dryRun ? "All" : undefined,
        ),
      );
    } catch (error) {
      if (error instanceof ClusterAccessError && error.status === 404) return;
      throw error;
    }
  }

  async canI(access: AccessCheck): Promise<boolean | undefined> {
    const review = {
      apiVersion: "authorization.k8s.io/v1",
      kind: "SelfSubjectAccessReview",
      metadata: {},
      spec: { resourceAttributes: { ...access } },
    };
    try {
      const answer = await this.request(
        { verb: "create", resource: "selfsubjectaccessreviews.authorization.k8s.io" },
        () => this.api.create(review as never),
      );
      const allowed = (toPlain(answer).status as { allowed?: unknown } | undefined)?.allowed;
      return typeof allowed === "boolean" ? allowed : undefined;
    } catch (error) {
      if (error instanceof ClusterAccessError && [403, 404].includes(error.status ?? 0)) return undefined;
      throw error;
    }
  }

  retryOnConflict<T>(update: (attempt: number) => Promise<T>): Promise<T> {
    return retryOnConflict(update, this.requester.policy);
  }

  watchWorkloads(
    namespace: string,
    kindName: string,
    watchOpts: { resourceVersion?: string; fieldSelector?: string },
    onEvent: WatchEventHandler,
    onDone: (error: ClusterAccessError | undefined) => void,
  ): WatchHandle {
    const kind = kindEntry(kindName);
    const resource = qualifiedResource(kind);
    const req: RequestDescription = {
      verb: "watch",
      resource,
      namespace,
      context: this.context,
      server: this.server,
    };
    const root = kind.group ? `/apis/${kind.group}/${kind.version}` : `/api/${kind.version}`;
    // client-node's Watch (and the ListWatch informer built on it) always LISTs before watching;
    // the wait often starts at the most recent state instead (its patch answers are the list), so
    // it opens the watch itself.
    return openWatch(this.kc, {
      path: `${root}/namespaces/${encodeURIComponent(namespace)}/${kind.resource}`,
      query: {
        resourceVersion: watchOpts.resourceVersion,
        fieldSelector: watchOpts.fieldSelector,
        allowWatchBookmarks: true,
      },
      userAgent: this.opts.userAgent,
      onEvent,
      onDone: (error) =>
        onDone(error === undefined ? undefined : describeKubeError(asApiException(error), req)),
    });
  }

  private async readOrUndefined(spec: Plain, what: RequestWhat): Promise<Plain | undefined> {
    try {
      return toPlain(await this.request(what, () => this.api.read(spec as never)));
    } catch (error) {
      if (error instanceof ClusterAccessError && error.status === 404) return undefined;
      throw error;
    }
  }
}

/** The table entry of a kind the adapter talks to (a bug if unknown). */
function entryOf<T extends ApiKind>(kind: string, entry: T | undefined): T {
  if (!entry) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return entry;
}

/** A workload kind read or patched. */
const workloadEntry = (kind: string): WorkloadKind => entryOf(kind, workloadKind(kind));

/** A kind listed and watched: workloads, and Pods and Events (the pod watch). */
const kindEntry = (kind: string): ApiKind =>
  entryOf(kind, workloadKind(kind) ?? (["Pod", "Event"].includes(kind) ? apiKind(kind) : undefined));

/** Any kind the adapter talks to. */
const apiEntry = (kind: string): ApiKind => entryOf(kind, apiKind(kind));

/** The resource of a kind read, listed or deleted by name (configs, ControllerRevisions), as API messages name it. */
function resourceOf(kind: string): string {
  return qualifiedResource(apiEntry(kind));
}

function workloadSpec(id: ObjectId, kind: ApiKind): Plain {
  return {
    apiVersion: apiVersionOf(kind),
    kind: kind.kind,
    metadata: { name: id.name, namespace: id.namespace },
  };
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
