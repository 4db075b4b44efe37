import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  liveConfigContent
} from "./chunk-YCBLJROO.js";
import {
  ApiException,
  KubernetesObjectApi,
  PatchStrategy,
  ServerConfiguration,
  Watch,
  createConfiguration
} from "./chunk-47LGNDX2.js";
import "./chunk-5F6JVOB5.js";
import {
  ClusterAccessError,
  UserError
} from "./chunk-IUTW6PJ2.js";
import {
  WORKLOAD_KINDS,
  apiVersionOf,
  qualifiedResource,
  workloadKind
} from "./chunk-KIER4OVU.js";
import {
  field,
  stringField
} from "./chunk-HRGDZ7KG.js";
import "./chunk-VDSW2JPR.js";

// src/kube/kube-client.ts
import { AsyncLocalStorage } from "node:async_hooks";

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
        return new ClusterAccessError(
          `the server rejected the credentials of context ${req.context} (401 Unauthorized)`,
          401
        );
      case 403: {
        const details = field(status, "details");
        const kind = stringField(details, "kind");
        const group = stringField(details, "group");
        const resource = kind ? group ? `${kind}.${group}` : kind : req.resource;
        return new ClusterAccessError(
          `forbidden: context ${req.context} cannot ${req.verb} ${resource}${where}${detail}`,
          403
        );
      }
      case 404:
        return new ClusterAccessError(`${target} not found${where} (context ${req.context})`, 404);
      default: {
        const reason = stringField(status, "reason");
        const code2 = `${error.code}${reason ? ` ${reason}` : ""}`;
        return new ClusterAccessError(
          `${req.verb} ${target}${where} failed${tries}: the API server answered ${code2}${detail}`,
          error.code
        );
      }
    }
  }
  if (error instanceof RequestTimeoutError) {
    return new ClusterAccessError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within ${formatMs(error.timeoutMs)}${tries}`,
      void 0
    );
  }
  const code = networkErrorCode(error);
  if (code) {
    return new ClusterAccessError(
      `cannot reach the Kubernetes API at ${req.server} (context ${req.context}): ${code}${tries}`,
      void 0
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ClusterAccessError(
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

// src/kube/reuse-agents.ts
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
var TLS_OPTIONS = [
  "ca",
  "cert",
  "key",
  "pfx",
  "passphrase",
  "rejectUnauthorized",
  "servername"
];
function reuseAgents(kc) {
  const agents = /* @__PURE__ */ new Map();
  return {
    getName: () => "kubeconfig (one keep-alive agent per TLS identity)",
    async applySecurityAuthentication(context) {
      await kc.applySecurityAuthentication(context);
      const made = context.getAgent();
      if (made === void 0) return;
      const plain = made.constructor === HttpsAgent || made.constructor === HttpAgent;
      if (!plain) return;
      const options = made.options;
      const picked = {};
      for (const name of TLS_OPTIONS) {
        if (options[name] !== void 0) picked[name] = options[name];
      }
      const key = `${made.constructor === HttpsAgent ? "https" : "http"} ${JSON.stringify(picked)}`;
      let agent = agents.get(key);
      if (!agent) {
        agent = made.constructor === HttpsAgent ? new HttpsAgent({ ...picked, keepAlive: true }) : new HttpAgent({ keepAlive: true });
        agents.set(key, agent);
      }
      context.setAgent(agent);
    }
  };
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
var ObjectApi = class extends KubernetesObjectApi {
  constructor(configuration) {
    super(configuration);
    const builtIn = [
      ...WORKLOAD_KINDS.filter((k) => !k.customResource),
      { kind: "ConfigMap", group: "", version: "v1", resource: "configmaps" },
      { kind: "Secret", group: "", version: "v1", resource: "secrets" },
      // What --prune reads to learn which config copies old revisions still name.
      { kind: "ControllerRevision", group: "apps", version: "v1", resource: "controllerrevisions" }
    ];
    this.apiVersionResourceCache["authorization.k8s.io/v1"] = {
      groupVersion: "authorization.k8s.io/v1",
      resources: [
        {
          kind: "SelfSubjectAccessReview",
          name: "selfsubjectaccessreviews",
          namespaced: false,
          singularName: "",
          verbs: ["create"]
        }
      ]
    };
    for (const k of builtIn) {
      const apiVersion = k.group ? `${k.group}/${k.version}` : k.version;
      this.apiVersionResourceCache[apiVersion] ??= {
        groupVersion: apiVersion,
        resources: []
      };
      this.apiVersionResourceCache[apiVersion].resources.push({
        kind: k.kind,
        name: k.resource,
        namespaced: true,
        singularName: "",
        verbs: []
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
  async processResponse(response, type) {
    const status = response.httpStatusCode;
    const contentType = String(response.headers["content-type"] ?? "");
    if (type !== void 0 || status < 200 || status > 299 || !/^application\/json\b/i.test(contentType)) {
      return super.processResponse(response, type);
    }
    return JSON.parse(await response.body.text());
  }
  async resourceOf(apiVersion, kind) {
    try {
      return await this.resource(apiVersion, kind);
    } catch (error) {
      if (error instanceof Error)
        error.message = error.message.replace(/^Failed to fetch resource metadata for \S+: /, "");
      throw error;
    }
  }
};
var PATCH_CONTENT_TYPES = {
  "strategic-merge": PatchStrategy.StrategicMergePatch,
  merge: PatchStrategy.MergePatch,
  apply: PatchStrategy.ServerSideApply
};
function createCluster(kc, opts) {
  const context = kc.getCurrentContext();
  const server = kc.getCurrentCluster()?.server ?? "(no server)";
  const policy = { retries: opts.retries, baseDelayMs: opts.retryBaseDelayMs };
  const attemptSignal = new AsyncLocalStorage();
  const api = new ObjectApi(
    createConfiguration({
      baseServer: new ServerConfiguration(server, {}),
      authMethods: { default: reuseAgents(kc) },
      promiseMiddleware: [
        {
          pre: async (request2) => {
            request2.setHeaderParam("User-Agent", opts.userAgent);
            const signal = attemptSignal.getStore();
            if (signal) request2.setSignal(signal);
            return request2;
          },
          post: async (response) => response
        }
      ]
    })
  );
  const served = /* @__PURE__ */ new Map();
  async function request(req, call) {
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
      if (error instanceof UserError) throw error;
      throw describeKubeError(error, { ...req, context, server }, attempts);
    }
  }
  async function readOrUndefined(spec, req) {
    try {
      return toPlain(await request(req, () => api.read(spec)));
    } catch (error) {
      if (error instanceof ClusterAccessError && error.status === 404) return void 0;
      throw error;
    }
  }
  async function list(namespace, kindName, fieldSelector) {
    const kind = kindEntry(kindName);
    const apiVersion = apiVersionOf(kind);
    const result = await request(
      { verb: "list", resource: qualifiedResource(kind), namespace },
      () => api.list(apiVersion, kind.kind, namespace, void 0, void 0, void 0, fieldSelector)
    );
    const plain = toPlain(result);
    return {
      // List items come without apiVersion/kind; put them back so each item stands alone.
      items: (plain.items ?? []).map((item) => ({ ...item, apiVersion, kind: kind.kind })),
      resourceVersion: plain.metadata?.resourceVersion ?? ""
    };
  }
  const configSpec = (id) => ({
    apiVersion: "v1",
    kind: id.kind,
    metadata: { name: id.name, namespace: id.namespace }
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
        answer = request(
          { verb: "get", resource: `API group ${apiVersion}` },
          () => api.resourceOf(apiVersion, kind.kind)
        ).then(
          (resource) => resource !== void 0,
          (error) => {
            if (error instanceof ClusterAccessError && error.status === 404) return false;
            throw error;
          }
        );
        served.set(apiVersion, answer);
      }
      return answer;
    },
    listWorkloads: async (namespace, kind) => (await list(namespace, kind)).items,
    listForWatch: list,
    async readConfig(id) {
      if (id.kind !== "ConfigMap" && id.kind !== "Secret") {
        throw new Error(`readConfig: ${id.kind} is not a ConfigMap or Secret`);
      }
      const resource = id.kind === "Secret" ? "secrets" : "configmaps";
      const obj = await readOrUndefined(configSpec(id), {
        verb: "get",
        resource,
        namespace: id.namespace,
        name: id.name
      });
      return obj && liveConfig({ ...obj, kind: id.kind });
    },
    async listConfigMaps(namespace) {
      const result = await request(
        { verb: "list", resource: "configmaps", namespace },
        () => api.list("v1", "ConfigMap", namespace)
      );
      const byName = /* @__PURE__ */ new Map();
      for (const item of toPlain(result).items ?? []) {
        const name = item.metadata?.name;
        if (name) byName.set(name, liveConfig({ ...item, kind: "ConfigMap" }));
      }
      return byName;
    },
    async applyConfig(obj, dryRun, namespaceDefault) {
      const body = applyBody(obj, namespaceDefault);
      const { kind, metadata } = body;
      const resource = kind === "Secret" ? "secrets" : "configmaps";
      await request(
        { verb: "patch", resource, ...metadata },
        () => api.patch(
          body,
          void 0,
          dryRun ? "All" : void 0,
          opts.fieldManager,
          true,
          PATCH_CONTENT_TYPES.apply
        )
      );
    },
    async readWorkload(id) {
      const kind = kindEntry(id.kind);
      return readOrUndefined(workloadSpec(id, kind), {
        verb: "get",
        resource: qualifiedResource(kind),
        namespace: id.namespace,
        name: id.name
      });
    },
    async patchWorkload(id, patch, dryRun, type) {
      const kind = kindEntry(id.kind);
      const patchType = type ?? ("patch" in kind.restart ? kind.restart.patch : "strategic-merge");
      const target = workloadSpec(id, kind);
      const own = patch.metadata;
      const body = { ...patch, ...target, metadata: { ...own, ...target.metadata } };
      const req = {
        verb: "patch",
        resource: qualifiedResource(kind),
        namespace: id.namespace,
        name: id.name
      };
      const result = await request(
        req,
        () => api.patch(
          body,
          void 0,
          dryRun ? "All" : void 0,
          opts.fieldManager,
          void 0,
          PATCH_CONTENT_TYPES[patchType]
        )
      );
      return { ...toPlain(result), apiVersion: apiVersionOf(kind), kind: kind.kind };
    },
    readObject(ref) {
      const { apiVersion, kind, namespace, name } = ref;
      return readOrUndefined(
        { apiVersion, kind, metadata: { name, namespace } },
        { verb: "get", resource: resourceOf(kind), namespace, name }
      );
    },
    async listObjects(namespace, apiVersion, kind, labelSelector) {
      const result = await request(
        { verb: "list", resource: resourceOf(kind), namespace },
        () => api.list(apiVersion, kind, namespace, void 0, void 0, void 0, void 0, labelSelector)
      );
      const items = toPlain(result).items ?? [];
      return items.map((item) => ({ ...item, apiVersion, kind }));
    },
    async deleteObject(ref, dryRun) {
      const { apiVersion, kind, namespace, name } = ref;
      try {
        await request(
          { verb: "delete", resource: resourceOf(kind), namespace, name },
          () => api.delete(
            { apiVersion, kind, metadata: { name, namespace } },
            void 0,
            dryRun ? "All" : void 0
          )
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
        spec: { resourceAttributes: { ...access } }
      };
      try {
        const answer = await request(
          { verb: "create", resource: "selfsubjectaccessreviews.authorization.k8s.io" },
          () => api.create(review)
        );
        const allowed = toPlain(answer).status?.allowed;
        return typeof allowed === "boolean" ? allowed : void 0;
      } catch (error) {
        if (error instanceof ClusterAccessError && [403, 404].includes(error.status ?? 0)) return void 0;
        throw error;
      }
    },
    watchWorkloads(namespace, kindName, watchOpts, onEvent, onDone) {
      const kind = kindEntry(kindName);
      const resource = qualifiedResource(kind);
      const req = { verb: "watch", resource, namespace, context, server };
      const root = kind.group ? `/apis/${kind.group}/${kind.version}` : `/api/${kind.version}`;
      return openWatch(kc, {
        path: `${root}/namespaces/${encodeURIComponent(namespace)}/${kind.resource}`,
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
function kindEntry(kind) {
  const entry = workloadKind(kind);
  if (!entry) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return entry;
}
function resourceOf(kind) {
  return `${kind.toLowerCase()}s`;
}
function workloadSpec(id, kind) {
  return {
    apiVersion: apiVersionOf(kind),
    kind: kind.kind,
    metadata: { name: id.name, namespace: id.namespace }
  };
}
function liveConfig(obj) {
  const metadata = obj.metadata ?? {};
  return {
    uid: metadata.uid ?? "",
    resourceVersion: metadata.resourceVersion ?? "",
    content: liveConfigContent(obj)
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
  return value ?? {};
}
export {
  createCluster
};
