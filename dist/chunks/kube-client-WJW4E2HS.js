import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  KubeApiError,
  field,
  formatId,
  isRecord,
  stringField
} from "./chunk-RF2TLIAM.js";
import {
  ApiException,
  ObjectAppsV1Api,
  ObjectBatchV1Api,
  ObjectCoreV1Api,
  Observable,
  PatchStrategy,
  Watch,
  setHeaderOptions
} from "./chunk-76KLWIH4.js";
import "./chunk-CNEQBPDF.js";

// src/core/manifests/live-config.ts
function liveConfigContent(obj) {
  const content = {};
  const data = field(obj, "data");
  const isSecret = field(obj, "kind") === "Secret";
  if (isRecord(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== "string") continue;
      content[key] = isSecret ? canonicalBase64(value) : Buffer.from(value, "utf8").toString("base64");
    }
  }
  const binary = field(obj, "binaryData");
  if (!isSecret && isRecord(binary)) {
    for (const [key, value] of Object.entries(binary)) {
      if (typeof value === "string") content[key] = canonicalBase64(value);
    }
  }
  return content;
}
function canonicalBase64(value) {
  return Buffer.from(value, "base64").toString("base64");
}

// src/kube/retry.ts
var RequestTimeoutError = class extends Error {
  constructor(timeoutMs) {
    super(`no answer within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
  timeoutMs;
  name = "RequestTimeoutError";
};
function isRetryable(error) {
  if (error instanceof ApiException) {
    return error.code === 409 || error.code === 429 || error.code >= 500;
  }
  return error instanceof RequestTimeoutError || networkErrorCode(error) !== void 0;
}
function networkErrorCode(error) {
  const e = error;
  if (e === null || typeof e !== "object") return void 0;
  if (e.name === "FetchError" && e.type === "system") return String(e.code ?? e.errno ?? "network error");
  if (typeof e.code === "string" && /^E[A-Z]+$/.test(e.code)) return e.code;
  return void 0;
}
function retryAfterSeconds(error) {
  if (!(error instanceof ApiException)) return void 0;
  const headers = error.headers ?? {};
  const value = headers["retry-after"] ?? headers["Retry-After"];
  if (value === void 0 || !/^\d+$/.test(value.trim())) return void 0;
  return Number(value.trim());
}
function retryDelayMs(attempt, retryAfter, policy) {
  const base = policy.baseDelayMs ?? 200;
  const cap = policy.maxDelayMs ?? 5e3;
  const step = Math.min(cap, base * 2 ** attempt);
  const jittered = step / 2 + (policy.random ?? Math.random)() * (step / 2);
  const requested = retryAfter === void 0 ? 0 : Math.min(retryAfter * 1e3, policy.maxRetryAfterMs ?? 3e4);
  return Math.round(Math.max(jittered, requested));
}
async function withRetries(call, policy) {
  const sleep = policy.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= policy.retries || !isRetryable(error)) throw error;
      await sleep(retryDelayMs(attempt, retryAfterSeconds(error), policy));
    }
  }
}

// src/kube/api-errors.ts
function describeKubeError(error, req, attempts = 1) {
  const where = req.namespace ? ` in namespace ${req.namespace}` : "";
  const target = `${req.resource}${req.name ? ` "${req.name}"` : ""}`;
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : "";
  if (error instanceof ApiException) {
    const status = parseStatus(error.body);
    const serverMessage = stringField(status, "message");
    const detail = serverMessage ? `: ${serverMessage}` : "";
    switch (error.code) {
      case 401:
        return new KubeApiError(
          `the server rejected the credentials of context ${req.context} (401 Unauthorized)`,
          401
        );
      case 403: {
        const details = field(status, "details");
        const kind = stringField(details, "kind");
        const group = stringField(details, "group");
        const resource = kind ? group ? `${kind}.${group}` : kind : req.resource;
        return new KubeApiError(
          `forbidden: context ${req.context} cannot ${req.verb} ${resource}${where}${detail}`,
          403
        );
      }
      case 404:
        return new KubeApiError(`${target} not found${where} (context ${req.context})`, 404);
      default: {
        const reason = stringField(status, "reason");
        const code2 = `${error.code}${reason ? ` ${reason}` : ""}`;
        return new KubeApiError(
          `${req.verb} ${target}${where} failed${tries}: the API server answered ${code2}${detail}`,
          error.code
        );
      }
    }
  }
  if (error instanceof RequestTimeoutError) {
    return new KubeApiError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within ${formatMs(error.timeoutMs)}${tries}`,
      void 0
    );
  }
  const code = networkErrorCode(error);
  if (code) {
    return new KubeApiError(
      `cannot reach the Kubernetes API at ${req.server} (context ${req.context}): ${code}${tries}`,
      void 0
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new KubeApiError(
    `${req.verb} ${target}${where} (context ${req.context}) failed: ${message}`,
    void 0
  );
}
function parseStatus(body) {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return void 0;
  }
}
function formatMs(ms) {
  return ms >= 1e3 ? `${Math.round(ms / 100) / 10}s` : `${ms} ms`;
}

// src/kube/request-options.ts
function requestMiddleware(userAgent, signal) {
  return {
    pre(context) {
      context.setHeaderParam("User-Agent", userAgent);
      context.setSignal(signal);
      return new Observable(Promise.resolve(context));
    },
    post(response) {
      return new Observable(Promise.resolve(response));
    }
  };
}
function requestOptions(userAgent, signal, contentType) {
  const base = {
    middleware: [requestMiddleware(userAgent, signal)],
    middlewareMergeStrategy: "append"
  };
  return contentType ? setHeaderOptions("Content-Type", contentType, base) : base;
}

// src/kube/watch-stream.ts
function openWatch(kc, req) {
  const agents = [];
  let controller;
  let closed = false;
  const abort = () => {
    closed = true;
    controller?.abort();
    for (const agent of agents) agent.destroy();
  };
  const config = Object.create(kc);
  config.applyToFetchOptions = async (options) => {
    const init = await kc.applyToFetchOptions(options);
    const headers = init.headers;
    if (headers && typeof headers.set === "function") headers.set("User-Agent", req.userAgent);
    else init.headers = { ...headers, "User-Agent": req.userAgent };
    const agent = init.agent;
    if (agent && typeof agent.destroy === "function") {
      agents.push(agent);
      if (closed) agent.destroy();
    }
    return init;
  };
  const query = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== void 0 && v !== ""));
  new Watch(config).watch(
    req.path,
    query,
    (type, object) => {
      if (!closed) req.onEvent(type, object);
    },
    (error) => {
      if (closed) return;
      closed = true;
      req.onDone(error ?? void 0);
    }
  ).then(
    (c) => {
      controller = c;
      if (closed) c.abort();
    },
    (error) => {
      if (!closed) {
        closed = true;
        req.onDone(error);
      }
    }
  );
  return { abort };
}

// src/kube/kube-client.ts
var KINDS = {
  Deployment: { apiVersion: "apps/v1", resource: "deployments.apps", path: "/apis/apps/v1" },
  StatefulSet: { apiVersion: "apps/v1", resource: "statefulsets.apps", path: "/apis/apps/v1" },
  DaemonSet: { apiVersion: "apps/v1", resource: "daemonsets.apps", path: "/apis/apps/v1" },
  CronJob: { apiVersion: "batch/v1", resource: "cronjobs.batch", path: "/apis/batch/v1" },
  Job: { apiVersion: "batch/v1", resource: "jobs.batch", path: "/apis/batch/v1" },
  ConfigMap: { apiVersion: "v1", resource: "configmaps", path: "/api/v1" },
  Secret: { apiVersion: "v1", resource: "secrets", path: "/api/v1" }
};
function kindInfo(kind) {
  const info = KINDS[kind];
  if (!info) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return info;
}
function createCluster(kc, opts) {
  const context = kc.getCurrentContext();
  const server = kc.getCurrentCluster()?.server ?? "(no server)";
  const apps = kc.makeApiClient(ObjectAppsV1Api);
  const batch = kc.makeApiClient(ObjectBatchV1Api);
  const core = kc.makeApiClient(ObjectCoreV1Api);
  const policy = { retries: opts.retries, baseDelayMs: opts.retryBaseDelayMs };
  async function request(req, call, contentType) {
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
      throw describeKubeError(error, { ...req, context, server }, attempts);
    }
  }
  async function list(namespace, kind, fieldSelector) {
    const info = kindInfo(kind);
    const req = { verb: "list", resource: info.resource, namespace };
    const param = { namespace, fieldSelector };
    const result = await request(req, (o) => {
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
    const plain = toPlain(result);
    return {
      // List items come without apiVersion/kind; put them back so each item stands alone.
      items: (plain.items ?? []).map((item) => ({ apiVersion: info.apiVersion, kind, ...item })),
      resourceVersion: plain.metadata?.resourceVersion ?? ""
    };
  }
  async function readOrUndefined(id, call) {
    const info = kindInfo(id.kind);
    try {
      const obj = await request(
        { verb: "get", resource: info.resource, namespace: id.namespace, name: id.name },
        call
      );
      return { apiVersion: info.apiVersion, kind: id.kind, ...toPlain(obj) };
    } catch (error) {
      if (error instanceof KubeApiError && error.status === 404) return void 0;
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
      if (!obj) return void 0;
      const metadata = obj.metadata ?? {};
      return {
        uid: metadata.uid ?? "",
        resourceVersion: metadata.resourceVersion ?? "",
        content: liveConfigContent(obj)
      };
    },
    async listConfigMaps(namespace) {
      const result = await request(
        { verb: "list", resource: "configmaps", namespace },
        (o) => core.listNamespacedConfigMap({ namespace }, o)
      );
      const plain = toPlain(result);
      const byName = /* @__PURE__ */ new Map();
      for (const item of plain.items ?? []) {
        const metadata = item.metadata ?? {};
        if (!metadata.name) continue;
        byName.set(metadata.name, {
          uid: metadata.uid ?? "",
          resourceVersion: metadata.resourceVersion ?? "",
          content: liveConfigContent({ kind: "ConfigMap", ...item })
        });
      }
      return byName;
    },
    async applyConfig(obj, dryRun, namespaceDefault) {
      const body = applyBody(obj, namespaceDefault);
      const { kind, metadata } = body;
      const param = {
        name: metadata.name,
        namespace: metadata.namespace,
        body,
        fieldManager: opts.fieldManager,
        force: true,
        dryRun: dryRun ? "All" : void 0
      };
      const req = { verb: "patch", resource: kindInfo(kind).resource, ...metadata };
      await request(
        req,
        (o) => kind === "Secret" ? core.patchNamespacedSecret(param, o) : core.patchNamespacedConfigMap(param, o),
        PatchStrategy.ServerSideApply
      );
    },
    readWorkload(id) {
      const param = { name: id.name, namespace: id.namespace };
      return readOrUndefined(id, (o) => {
        switch (id.kind) {
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
        dryRun: dryRun ? "All" : void 0
      };
      const req = { verb: "patch", resource: info.resource, namespace: id.namespace, name: id.name };
      const result = await request(
        req,
        (o) => {
          switch (id.kind) {
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
        PatchStrategy.StrategicMergePatch
      );
      return { apiVersion: info.apiVersion, kind: id.kind, ...toPlain(result) };
    },
    watchWorkloads(namespace, kind, watchOpts, onEvent, onDone) {
      const info = kindInfo(kind);
      const plural = info.resource.split(".")[0];
      const req = { verb: "watch", resource: info.resource, namespace, context, server };
      return openWatch(kc, {
        path: `${info.path}/namespaces/${encodeURIComponent(namespace)}/${plural}`,
        query: {
          resourceVersion: watchOpts.resourceVersion,
          fieldSelector: watchOpts.fieldSelector,
          allowWatchBookmarks: true
        },
        userAgent: opts.userAgent,
        onEvent,
        onDone: (error) => onDone(error === void 0 ? void 0 : describeKubeError(asApiException(error), req))
      });
    }
  };
}
function applyBody(obj, namespaceDefault) {
  const kind = obj.kind;
  if (kind !== "ConfigMap" && kind !== "Secret")
    throw new Error(`applyConfig: kind ${String(kind)} is not a config`);
  const metadata = { ...obj.metadata ?? {} };
  for (const key of [
    "resourceVersion",
    "uid",
    "managedFields",
    "creationTimestamp",
    "generation",
    "selfLink"
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
function asApiException(error) {
  const code = error?.statusCode;
  return typeof code === "number" ? new ApiException(code, String(error.message), void 0, {}) : error;
}
function toPlain(value) {
  return value === void 0 ? void 0 : JSON.parse(JSON.stringify(value));
}
export {
  createCluster
};
