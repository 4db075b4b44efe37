// Watch streams: chunked `{"type":...,"object":...}\n` lines, replayed from the event history
// after the requested resourceVersion; a too-old resourceVersion gets an in-stream 410 ERROR.
import type { ServerResponse } from "node:http";
import { stringAt } from "./json.js";
import { apiVersionOf, type ResourceInfo } from "./resources.js";
import type { Predicate } from "./selectors.js";
import { badRequest, expired } from "./status.js";
import type { Store, StoredEvent } from "./store.js";
import { type IncludeObject, toTable } from "./table.js";
import type { KubeObject } from "./types.js";

export interface WatchRequest {
  info: ResourceInfo;
  /** Namespace to watch; undefined for all namespaces. */
  namespace?: string;
  matches: Predicate;
  query: Record<string, string>;
  /** Answer each object as a one-row Table (kubectl get --watch). */
  table?: IncludeObject;
  bookmarkIntervalMs: number;
}

export interface OpenWatch {
  /** End the stream: normally, or by destroying the connection. */
  close(abrupt?: boolean): void;
}

type WatchEventType = "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" | "ERROR";

/** What a watcher with a selector sees of a change: an object entering or leaving its view. */
function translate(
  event: StoredEvent,
  inView: (o: KubeObject | undefined) => boolean,
): WatchEventType | undefined {
  const now = event.type !== "DELETED" && inView(event.object);
  const before = event.type !== "ADDED" && inView(event.type === "DELETED" ? event.object : event.previous);
  if (now && before) return "MODIFIED";
  if (now) return "ADDED";
  if (before) return "DELETED";
  return undefined;
}

export function startWatch(
  res: ServerResponse,
  store: Store,
  request: WatchRequest,
  onEnd: () => void,
): OpenWatch {
  const { info, namespace, query } = request;
  const rvParam = query.resourceVersion ?? "";
  const fromRv = rvParam === "" || rvParam === "0" ? undefined : Number(rvParam);
  if (fromRv !== undefined && !Number.isInteger(fromRv))
    throw badRequest(`invalid resource version: ${rvParam}`);
  const inView = (obj: KubeObject | undefined): boolean =>
    obj !== undefined &&
    (namespace === undefined || stringAt(obj, "metadata", "namespace") === namespace) &&
    request.matches(obj);

  res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-cache, private" });
  res.flushHeaders();
  const send = (type: WatchEventType, object: unknown) => {
    const payload =
      request.table && type !== "ERROR" && type !== "BOOKMARK"
        ? toTable(
            info,
            [object as KubeObject],
            stringAt(object, "metadata", "resourceVersion") ?? "",
            request.table,
          )
        : object;
    res.write(`${JSON.stringify({ type, object: payload })}\n`);
  };
  const bookmark = (annotations?: Record<string, string>) =>
    send("BOOKMARK", {
      kind: info.kind,
      apiVersion: apiVersionOf(info),
      metadata: { resourceVersion: String(store.currentRv()), ...(annotations ? { annotations } : {}) },
    });

  let ended = false;
  let unsubscribe = () => {};
  const timers: NodeJS.Timeout[] = [];
  const finish = (abrupt = false) => {
    if (ended) return;
    ended = true;
    unsubscribe();
    for (const t of timers) clearTimeout(t);
    if (abrupt) res.destroy();
    else res.end();
    onEnd();
  };
  res.on("close", () => finish());

  if (fromRv === undefined) {
    for (const obj of store.list(info.resource, namespace).filter(inView)) send("ADDED", obj);
    if (query.sendInitialEvents === "true" && query.allowWatchBookmarks === "true") {
      bookmark({ "k8s.io/initial-events-end": "true" });
    }
  } else {
    const history = store.eventsSince(fromRv);
    if (history === "expired") {
      send("ERROR", expired(`too old resource version: ${fromRv} (${store.currentRv()})`));
      finish();
      return { close: finish };
    }
    for (const event of history) {
      if (event.resource !== info.resource) continue;
      const type = translate(event, inView);
      if (type) send(type, event.object);
    }
  }
  unsubscribe = store.subscribe((event) => {
    if (event.resource !== info.resource) return;
    const type = translate(event, inView);
    if (type) send(type, event.object);
  });
  const timeout = Number(query.timeoutSeconds ?? "0");
  if (timeout > 0) timers.push(setTimeout(() => finish(), timeout * 1000).unref());
  if (query.allowWatchBookmarks === "true") {
    timers.push(setInterval(() => bookmark(), request.bookmarkIntervalMs).unref());
  }
  return { close: finish };
}
