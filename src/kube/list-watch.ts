// Following some objects of one kind in one namespace: a LIST, then a WATCH from its
// resourceVersion, kept open until nothing is followed any more (client-go's reflector, for a few
// named objects). What the objects' states mean is the caller's (rollout/wait.ts); this is
// the transport.
//
// A single followed object narrows every request with fieldSelector=metadata.name=<name>; more
// watch the kind in the namespace and ignore other objects' events.
//
// The first watch may start without a LIST when the caller knows every followed object already (its
// patch answers): opened without a resourceVersion ("start at the most recent"), the server first
// sends an ADDED event per existing object, then a BOOKMARK, then every change. It has no DELETED
// event for an object deleted before it opened, so a followed object its initial events did not
// show is gone; one that ended before its first bookmark is judged by a LIST instead.
//
// Recovery: a watch the server closes is reopened from the last resourceVersion seen (bookmarks
// included), after a backoff when the server keeps closing it at once; a 410 Gone (in-stream ERROR
// event or HTTP status) lists again at once; network and server errors list again after the
// backoff (retry.ts). 401, 403 and 404 will not change by retrying: they end the loop.

import { ClusterAccessError } from "../core/errors.js";
import { field } from "../core/json-shape.js";
import type { Cluster } from "./cluster.js";
import { backoffDelayMs } from "./retry.js";
import type { WatchHandle } from "./watch-stream.js";

type Plain = Record<string, unknown>;

export type WatchSource = Pick<Cluster, "listForWatch" | "watchWorkloads">;

interface ListWatchRequest {
  namespace: string;
  kind: string;
  /** The names of the followed objects. */
  names: readonly string[];
  /** Every followed object's state is known already: the first watch starts at the most recent state, without a LIST. */
  fromMostRecent: boolean;
  /** Whether an object is still followed; the loop ends when none is (or `signal` aborts). */
  following(name: string): boolean;
  /** A followed object's current state: listed, or an ADDED or MODIFIED event. */
  onObject(name: string, obj: Plain): void;
  /** A followed object is gone: "absent" from a list, or "deleted" (an event, or not shown by a most-recent watch). */
  onGone(name: string, how: "absent" | "deleted"): void;
  /** A list or watch failed and is tried again after the backoff. */
  onRetry(error: Error): void;
  /** Stops the loop: the open watch is closed and a backoff cut short. */
  signal: AbortSignal;
  /** First backoff step after a failed list or watch (default 250 ms). */
  retryDelayMs?: number;
  now?: () => number;
}

type SessionEnd = { how: "closed" | "gone" | "complete"; unseen: boolean };

/**
 * Resolves when nothing is followed any more or the signal aborted; rejects with the
 * ClusterAccessError of an answer retrying cannot change (401, 403, 404).
 */
export async function listAndWatch(source: WatchSource, req: ListWatchRequest): Promise<void> {
  const { names, signal } = req;
  const now = req.now ?? Date.now;
  const fieldSelector = names.length === 1 ? `metadata.name=${names[0]}` : undefined;
  const pending = () => !signal.aborted && names.some((name) => req.following(name));
  let resourceVersion: string | undefined;
  let fromMostRecent = req.fromMostRecent;
  let failures = 0;
  let quickCloses = 0;

  while (pending()) {
    try {
      if (resourceVersion === undefined && !fromMostRecent) {
        resourceVersion = await listOnce(source, req, fieldSelector);
        if (resourceVersion === undefined || !pending()) return;
      }
      const opened = now();
      const ending = await watchSession(
        source,
        req,
        { fromVersion: resourceVersion, fieldSelector, pending },
        (rv) => {
          resourceVersion = rv;
        },
      );
      failures = 0;
      // A most-recent watch that ended before its first bookmark may not have shown every object:
      // one it did not show is judged by a LIST.
      if (fromMostRecent && ending.unseen) resourceVersion = undefined;
      fromMostRecent = false;
      if (ending.how === "gone") resourceVersion = undefined;
      if (ending.how === "closed") {
        // A server that keeps closing watches at once must not make us spin.
        quickCloses = now() - opened < 1000 ? quickCloses + 1 : 0;
        if (quickCloses > 1)
          await sleep(backoffDelayMs(quickCloses, { baseDelayMs: 100, maxDelayMs: 2000 }), signal);
      }
    } catch (error) {
      fromMostRecent = false;
      resourceVersion = undefined;
      if (error instanceof ClusterAccessError && error.status === 410) continue;
      if (error instanceof ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) throw error;
      // Network trouble or server errors: list again after a backoff, until the caller stops.
      req.onRetry(error as Error);
      const backoff = { baseDelayMs: req.retryDelayMs ?? 250, maxDelayMs: 5000 };
      await sleep(backoffDelayMs(failures++, backoff), signal);
    }
  }
}

/** One LIST: each followed object's state, or that it is absent; the list's resourceVersion (undefined once stopped). */
async function listOnce(
  source: WatchSource,
  req: ListWatchRequest,
  fieldSelector: string | undefined,
): Promise<string | undefined> {
  const list = await source.listForWatch(req.namespace, req.kind, fieldSelector);
  if (req.signal.aborted) return undefined;
  const followed = new Set(req.names);
  const present = new Set<string>();
  for (const item of list.items) {
    const name = String(field(field(item, "metadata"), "name") ?? "");
    present.add(name);
    if (followed.has(name)) req.onObject(name, item);
  }
  for (const name of req.names) if (!present.has(name)) req.onGone(name, "absent");
  return list.resourceVersion;
}

/** A backoff that ends early when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}

/**
 * One WATCH connection (from `fromVersion`, or from the most recent state when undefined);
 * resolves when it ends, saying whether to list again ("gone") and, for a most-recent watch that
 * ended before its first bookmark, whether a followed object was not shown.
 */
function watchSession(
  source: WatchSource,
  req: ListWatchRequest,
  at: { fromVersion: string | undefined; fieldSelector: string | undefined; pending: () => boolean },
  seen: (rv: string) => void,
): Promise<SessionEnd> {
  const { names, signal } = req;
  const followed = new Set(names);
  return new Promise((resolve, reject) => {
    let handle: WatchHandle | undefined;
    // A most-recent watch: the objects its initial events showed, until its first bookmark.
    let shown = at.fromVersion === undefined ? new Set<string>() : undefined;
    const unseen = () =>
      shown !== undefined && names.some((name) => req.following(name) && !shown?.has(name));
    const detach = () => signal.removeEventListener("abort", stop);
    const end = (how: SessionEnd["how"]) => {
      detach();
      handle?.abort();
      resolve({ how, unseen: unseen() });
    };
    const stop = () => end("complete");
    signal.addEventListener("abort", stop);
    handle = source.watchWorkloads(
      req.namespace,
      req.kind,
      { resourceVersion: at.fromVersion, fieldSelector: at.fieldSelector },
      (type, obj) => {
        if (type === "ERROR") {
          // 410 Gone: the history we asked for was compacted; list again at once. Any other
          // in-stream error is retried with backoff like a failed request.
          const code = field(obj, "code");
          if (code === 410) return end("gone");
          detach();
          handle?.abort();
          const message = String(field(obj, "message") ?? "watch error");
          return reject(new ClusterAccessError(message, typeof code === "number" ? code : undefined));
        }
        const rv = field(field(obj, "metadata"), "resourceVersion");
        if (typeof rv === "string" && rv !== "") seen(rv);
        if (type === "BOOKMARK") {
          // The server sends bookmarks after the initial events: an object those did not show
          // was deleted before the watch opened.
          for (const name of names) if (shown && !shown.has(name)) req.onGone(name, "deleted");
          shown = undefined;
        } else {
          const name = String(field(field(obj, "metadata"), "name") ?? "");
          if (!followed.has(name)) return;
          shown?.add(name);
          if (type === "DELETED") req.onGone(name, "deleted");
          else req.onObject(name, obj);
        }
        if (!at.pending()) end("complete");
      },
      (error) => {
        detach();
        if (error) reject(error);
        else resolve({ how: "closed", unseen: unseen() });
      },
    );
    if (signal.aborted) end("complete");
  });
}
