// The HTTP front: bearer-token auth, request log, injected faults, then discovery, watch or
// resource handlers. Errors leave as Kubernetes Status JSON.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ACCESS_REVIEW_PATH, reviewAccess } from "./access-review.js";
import type { CustomResources } from "./custom-resources.js";
import { discoveryDocument } from "./discovery.js";
import type { Faults } from "./faults.js";
import { handleResource, includeObjectOf } from "./handlers.js";
import { openApiDocument } from "./openapi.js";
import { mediaType } from "./patch.js";
import { decodeProtobuf, PROTOBUF_MEDIA_TYPE } from "./protobuf.js";
import type { Registry } from "./registry.js";
import { classifyVerb, parseResourcePath, type Target } from "./routing.js";
import { parseFieldSelector, parseLabelSelector } from "./selectors.js";
import {
  badRequest,
  failure,
  forbidden,
  notFound,
  requestEntityTooLarge,
  StatusError,
  unauthorized,
} from "./status.js";
import type { Store } from "./store.js";
import { wantsTable } from "./table.js";
import type { SimRequest } from "./types.js";
import { type OpenWatch, startWatch } from "./watch.js";

export interface ServerState {
  store: Store;
  registry: Registry;
  faults: Faults;
  token: () => string;
  requests: () => SimRequest[];
  watches: Set<OpenWatch>;
  bookmarkIntervalMs: number;
  /** host:port, for /api serverAddressByClientCIDRs. */
  address: () => string;
  /** Installed CustomResourceDefinitions: extra resources and discovery entries. */
  customResources?: CustomResources;
  /** GET pods/{name}/log: the text or the error text (undefined: no such pod). */
  podLog?: (
    namespace: string,
    name: string,
    query: Record<string, string>,
  ) => { status: number; text: string } | undefined;
}

/** The API server's MaxRequestBodyBytes default: 3 MiB (twice etcd's request limit, for JSON). */
const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Protobuf bodies become JSON here, so every handler below sees JSON. */
function bodyText(raw: Buffer, contentType: string | undefined): { body: string; contentType?: string } {
  if (mediaType(contentType) !== PROTOBUF_MEDIA_TYPE || raw.length === 0)
    return { body: raw.toString("utf8"), contentType };
  return { body: JSON.stringify(decodeProtobuf(raw)), contentType: "application/json" };
}

function managerOf(query: Record<string, string>, userAgent: string | undefined): string {
  if (query.fieldManager) return query.fieldManager;
  const prefix = userAgent?.split("/")[0]?.trim();
  return prefix || "unknown";
}

function dryRunOf(query: Record<string, string>): boolean {
  const value = query.dryRun;
  if (value === undefined || value === "") return false;
  if (value === "All") return true;
  throw badRequest(`Unsupported value: "${value}": supported values: "All"`);
}

export function createRequestHandler(
  state: ServerState,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(state, req, res);
  };
}

async function serve(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sim");
  const path = url.pathname;
  const query = Object.fromEntries(url.searchParams);
  const method = req.method ?? "GET";
  const userAgent = req.headers["user-agent"];
  const rawBody = await readBody(req);
  let contentType = req.headers["content-type"];
  // Protobuf bodies are decoded (and recorded) once the request is authenticated.
  let body = mediaType(contentType) === PROTOBUF_MEDIA_TYPE ? "" : rawBody.toString("utf8");
  let target: Target | undefined;
  let routeError: unknown;
  try {
    target = parseResourcePath(path, state.customResources?.find);
  } catch (error) {
    routeError = error;
  }
  const record: SimRequest = {
    method,
    path,
    query,
    verb: classifyVerb(method, target, query, mediaType(contentType)),
    status: 0,
  };
  if (target) {
    record.kind = target.info.kind;
    record.resource = target.info.resource;
    if (target.namespace !== undefined) record.namespace = target.namespace;
    if (target.name !== undefined) record.name = target.name;
    if (target.subresource) record.subresource = target.subresource;
  }
  if (contentType) record.contentType = contentType;
  if (userAgent) record.userAgent = userAgent;
  if (query.fieldManager) record.fieldManager = query.fieldManager;
  record.dryRun = query.dryRun === "All";
  if (body) record.body = body;
  state.requests().push(record);

  const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
    record.status = status;
    const text = typeof payload === "string" ? payload : JSON.stringify(payload);
    res.writeHead(status, {
      "Content-Type": typeof payload === "string" ? "text/plain; charset=utf-8" : "application/json",
      "Content-Length": Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

  // Read, recorded, never answered: the client's own timeout (or the server's close) ends it.
  if (state.faults.hangs(record, target)) {
    record.fault = "hang";
    return;
  }
  try {
    if (req.headers.authorization !== `Bearer ${state.token()}`) throw unauthorized();
    if (mediaType(contentType) === PROTOBUF_MEDIA_TYPE) {
      ({ body, contentType } = bodyText(rawBody, contentType));
      if (body) record.body = body;
    }
    if (method === "POST" && path === ACCESS_REVIEW_PATH) {
      record.verb = "create";
      const review = reviewAccess(body, state.faults);
      return send(review.status, review.payload);
    }
    if (routeError) throw routeError;
    if (!target) {
      const builtIn =
        method === "GET" ? (discoveryDocument(path, state.address()) ?? openApiDocument(path)) : undefined;
      const doc =
        method === "GET" && state.customResources ? state.customResources.document(path, builtIn) : builtIn;
      if (doc !== undefined) return send(200, doc);
      if (["/healthz", "/livez", "/readyz"].includes(path)) return send(200, "ok");
      return send(404, "404 page not found\n");
    }
    const injected = state.faults.check(record, target);
    if (injected) throw injected;
    // A server-side apply that creates the object is authorized as a create too (the real server
    // asks the authorizer again once it finds no object): patch alone does not create.
    if (
      record.verb === "apply" &&
      target.name !== undefined &&
      state.faults.denies("create", target.info.resource, target.name) &&
      state.registry.find(target.info, target.namespace ?? "", target.name) === undefined
    )
      throw forbidden("create", target.info, target.namespace, target.name);
    const fault = state.faults.pickRandom(record, target);
    if (fault) record.fault = fault.type === "error" ? String(fault.error.code) : fault.type;
    if (fault?.type === "error") throw fault.error;
    if (fault?.type === "slow") await new Promise((r) => setTimeout(r, fault.delayMs));
    // The real handlers read a create, update or patch body through a limit and refuse a longer one.
    if (["POST", "PUT", "PATCH"].includes(method) && rawBody.length > MAX_REQUEST_BODY_BYTES)
      throw requestEntityTooLarge(MAX_REQUEST_BODY_BYTES);
    const dryRun = dryRunOf(query);
    if (record.verb === "watch") {
      const labels = parseLabelSelector(query.labelSelector);
      const fields = parseFieldSelector(query.fieldSelector, target.info.resource);
      record.status = 200;
      let watch: OpenWatch | undefined;
      let ended = false;
      watch = startWatch(
        res,
        state.store,
        {
          info: target.info,
          namespace: target.info.namespaced ? target.namespace : undefined,
          matches: (o) => labels(o) && fields(o),
          query,
          table: wantsTable(req.headers.accept) ? includeObjectOf(query) : undefined,
          bookmarkIntervalMs: state.bookmarkIntervalMs,
        },
        () => {
          ended = true;
          if (watch) state.watches.delete(watch);
        },
      );
      if (!ended) state.watches.add(watch);
      if (fault?.type === "drop-watch") {
        const dropped = watch;
        setTimeout(() => dropped.close(fault.abrupt), fault.afterMs);
      }
      return;
    }
    if (target.subresource === "log" && target.name && method === "GET") {
      const log = state.podLog?.(target.namespace ?? "", target.name, query);
      if (!log) throw notFound(target.info, target.name);
      if (log.status === 200) return send(200, log.text);
      return send(log.status, failure(log.status, "BadRequest", log.text));
    }
    const reply = handleResource(state.registry, state.store, {
      method,
      path,
      target,
      query,
      body,
      contentType,
      accept: req.headers.accept,
      manager: managerOf(query, userAgent),
      dryRun,
    });
    send(reply.status, reply.body);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof StatusError) return send(error.code, error.body, error.headers);
    const message = error instanceof Error ? error.message : String(error);
    send(500, failure(500, "InternalError", `Internal error occurred: ${message}`));
  }
}
