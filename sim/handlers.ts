// Resource requests: list, get, create, update, patch, apply, delete, and the scale subresource.
import { deleteDryRun } from "./delete-options.js";
import { isRecord, stringAt } from "./json.js";
import { applyPatch, PATCH_TYPES, parseBody, patchTypeOf } from "./patch.js";
import type { Registry, WriteOptions } from "./registry.js";
import { apiVersionOf } from "./resources.js";
import type { Target } from "./routing.js";
import { toScale, withReplicas } from "./scale.js";
import { parseFieldSelector, parseLabelSelector } from "./selectors.js";
import { badRequest, methodNotAllowed, pathNotFound, unsupportedMediaType } from "./status.js";
import type { Store } from "./store.js";
import { strategicMerge } from "./strategic-merge.js";
import { type IncludeObject, toTable, wantsTable } from "./table.js";
import type { KubeObject } from "./types.js";

export interface ResourceRequest {
  method: string;
  path: string;
  target: Target;
  query: Record<string, string>;
  body: string;
  contentType?: string;
  accept?: string;
  manager: string;
  dryRun: boolean;
}

export interface Reply {
  status: number;
  body: unknown;
}

export function includeObjectOf(query: Record<string, string>): IncludeObject {
  const value = query.includeObject ?? "Metadata";
  if (value === "None" || value === "Metadata" || value === "Object") return value;
  throw badRequest(`includeObject: Unsupported value: "${value}"`);
}

function listPredicate(req: ResourceRequest) {
  const labels = parseLabelSelector(req.query.labelSelector);
  const fields = parseFieldSelector(req.query.fieldSelector, req.target.info.resource);
  return (obj: KubeObject) => labels(obj) && fields(obj);
}

/** Real list items carry no kind/apiVersion: the list's kind says it. */
function asItem(obj: KubeObject): KubeObject {
  const { kind: _kind, apiVersion: _apiVersion, ...rest } = obj;
  return rest;
}

function encodeContinue(key: string, rv: number): string {
  return Buffer.from(JSON.stringify({ key, rv })).toString("base64url");
}

function decodeContinue(token: string): { key: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (isRecord(parsed) && typeof parsed.key === "string") return { key: parsed.key };
  } catch {
    // fall through to the error below
  }
  throw badRequest(`continue key is not valid: ${token}`);
}

function objectKey(obj: KubeObject): string {
  return `${stringAt(obj, "metadata", "namespace") ?? ""}/${stringAt(obj, "metadata", "name") ?? ""}`;
}

function list(store: Store, req: ResourceRequest): Reply {
  const { info, namespace } = req.target;
  const rv = store.currentRv();
  let items = store.list(info.resource, namespace).filter(listPredicate(req));
  if (req.query.continue) {
    const { key } = decodeContinue(req.query.continue);
    items = items.filter((o) => objectKey(o) > key);
  }
  const metadata: Record<string, unknown> = { resourceVersion: String(rv) };
  const limit = Number(req.query.limit ?? "0");
  if (limit > 0 && items.length > limit) {
    metadata.continue = encodeContinue(objectKey(items[limit - 1] as KubeObject), rv);
    metadata.remainingItemCount = items.length - limit;
    items = items.slice(0, limit);
  }
  if (wantsTable(req.accept)) {
    return {
      status: 200,
      body: { ...toTable(info, items, String(rv), includeObjectOf(req.query)), metadata },
    };
  }
  return {
    status: 200,
    body: { kind: `${info.kind}List`, apiVersion: apiVersionOf(info), metadata, items: items.map(asItem) },
  };
}

function single(req: ResourceRequest, obj: KubeObject): Reply {
  if (req.target.subresource === "scale") return { status: 200, body: toScale(obj) };
  if (wantsTable(req.accept)) {
    return {
      status: 200,
      body: toTable(
        req.target.info,
        [obj],
        stringAt(obj, "metadata", "resourceVersion") ?? "",
        includeObjectOf(req.query),
      ),
    };
  }
  return { status: 200, body: obj };
}

function patch(
  registry: Registry,
  req: ResourceRequest,
  namespace: string,
  name: string,
  opts: WriteOptions,
): Reply {
  const { info, subresource } = req.target;
  const type = patchTypeOf(req.contentType);
  if (info.custom && type === "application/strategic-merge-patch+json") {
    // Custom resources have no Go struct tags to merge by: the real server refuses the type itself.
    throw unsupportedMediaType(PATCH_TYPES.filter((t) => t !== type));
  }
  const body = parseBody(req.body, req.contentType);
  if (type === "application/apply-patch+yaml") {
    if (!req.query.fieldManager)
      throw badRequest("fieldManager: Required value: is required for apply patch");
    if (!isRecord(body)) throw badRequest("apply patch must be an object");
    const existing = registry.find(info, namespace, name);
    const applyOpts: WriteOptions = {
      ...opts,
      operation: "Apply",
      applied: body,
      force: req.query.force === "true",
    };
    const metaName = isRecord(body.metadata) ? body.metadata.name : undefined;
    if (metaName !== undefined && metaName !== name) {
      throw badRequest(
        `the name of the object (${String(metaName)}) does not match the name on the URL (${name})`,
      );
    }
    if (!existing) {
      const created = registry.create(
        info,
        namespace,
        { ...body, metadata: { ...(body.metadata as object), name } },
        applyOpts,
      );
      return { status: 201, body: created };
    }
    return single(req, registry.update(info, existing, strategicMerge(existing, body, info.kind), applyOpts));
  }
  const existing = registry.get(info, namespace, name);
  if (subresource === "scale") {
    const scaled = applyPatch(type, toScale(existing), body, "Scale");
    return single(
      req,
      registry.update(info, existing, withReplicas(existing, scaled), { ...opts, subresource: undefined }),
    );
  }
  return single(req, registry.update(info, existing, applyPatch(type, existing, body, info.kind), opts));
}

function deleted(req: ResourceRequest, obj: KubeObject): Reply {
  const { info } = req.target;
  const details: Record<string, unknown> = { name: stringAt(obj, "metadata", "name"), kind: info.resource };
  if (info.group) details.group = info.group;
  details.uid = stringAt(obj, "metadata", "uid");
  return {
    status: 200,
    body: { kind: "Status", apiVersion: "v1", metadata: {}, status: "Success", details },
  };
}

export function handleResource(registry: Registry, store: Store, req: ResourceRequest): Reply {
  const { info, name, subresource } = req.target;
  if (info.namespaced && req.target.namespace === undefined && (name !== undefined || req.method !== "GET")) {
    throw pathNotFound(req.path);
  }
  const namespace = info.namespaced ? (req.target.namespace ?? "") : "";
  const opts: WriteOptions = { dryRun: req.dryRun, manager: req.manager, subresource };
  if (name === undefined) {
    if (req.method === "GET") return list(store, req);
    if (req.method === "POST")
      return {
        ...single(req, registry.create(info, namespace, parseBody(req.body, req.contentType), opts)),
        status: 201,
      };
    if (req.method === "DELETE") {
      const matches = listPredicate(req);
      const gone = store.list(info.resource, namespace).filter(matches);
      for (const obj of gone)
        registry.delete(info, namespace, stringAt(obj, "metadata", "name") ?? "", req.dryRun);
      return {
        status: 200,
        body: {
          kind: `${info.kind}List`,
          apiVersion: apiVersionOf(info),
          metadata: { resourceVersion: String(store.currentRv()) },
          items: gone.map(asItem),
        },
      };
    }
    throw methodNotAllowed();
  }
  switch (req.method) {
    case "GET":
      return single(req, registry.get(info, namespace, name));
    case "PUT": {
      const body = parseBody(req.body, req.contentType);
      if (!isRecord(body)) throw badRequest("the body of the request must be a JSON object");
      const bodyName = isRecord(body.metadata) ? body.metadata.name : undefined;
      if (bodyName !== undefined && bodyName !== name) {
        throw badRequest(
          `the name of the object (${String(bodyName)}) does not match the name on the URL (${name})`,
        );
      }
      const existing = registry.get(info, namespace, name);
      const wanted = subresource === "scale" ? withReplicas(existing, body) : body;
      return single(
        req,
        registry.update(
          info,
          existing,
          wanted,
          subresource === "scale" ? { ...opts, subresource: undefined } : opts,
        ),
      );
    }
    case "PATCH":
      return patch(registry, req, namespace, name, opts);
    case "DELETE":
      return deleted(req, registry.delete(info, namespace, name, deleteDryRun(req.dryRun, req.body)));
    default:
      throw methodNotAllowed();
  }
}
