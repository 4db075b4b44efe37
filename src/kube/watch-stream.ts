// One WATCH connection through client-node's Watch, made abortable at any moment. Watch.watch()
// hands out its AbortController only once the response headers arrive, so a watch still
// connecting could not be cancelled; we keep the dispatcher (connection pool) of the request and
// destroy it on abort, which ends the connection in every state and lets the process exit.

import { type KubeConfig, Watch } from "@kubernetes/client-node";
import { type Dispatcher, dispatcherFactoryOf } from "./reuse-agents.js";

/** The longest a timer can wait (2^31 - 1 ms, about 24 days): in effect, no idle limit. */
const WATCH_IDLE_LIMIT_MS = 2 ** 31 - 1;

export type WatchEventHandler = (type: string, object: Record<string, unknown>) => void;

export interface WatchHandle {
  /** Close the connection; no event or done callback is delivered afterwards. */
  abort(): void;
}

interface WatchRequest {
  /** e.g. /apis/apps/v1/namespaces/prod/deployments */
  path: string;
  query: Record<string, string | boolean | undefined>;
  userAgent: string;
  onEvent: WatchEventHandler;
  /** Called once when the server closes the stream (undefined) or the request fails. */
  onDone: (error: unknown) => void;
}

export function openWatch(kc: KubeConfig, req: WatchRequest): WatchHandle {
  const dispatchers: Dispatcher[] = [];
  let controller: AbortController | undefined;
  let closed = false;

  const abort = () => {
    closed = true;
    controller?.abort();
    for (const dispatcher of dispatchers) void dispatcher.destroy();
  };

  // A view of kc whose request authentication also sets our User-Agent and gives the request a
  // dispatcher of its own, kept here so that abort() can close the connection in every state.
  const config = Object.create(kc) as KubeConfig;
  config.applySecurityAuthentication = async (context) => {
    await kc.applySecurityAuthentication(context);
    context.setHeaderParam("User-Agent", req.userAgent);
    let dispatcher = context.getDispatcher() as Dispatcher | undefined;
    if (dispatcher === undefined) {
      // No TLS option in the kubeconfig: client-node leaves the request to the process-wide pool,
      // which abort() must not close. Verification as fetch would do it by default.
      dispatcher = dispatcherFactoryOf(kc)(kc.getCurrentCluster(), {
        rejectUnauthorized: process.env.NODE_TLS_REJECT_UNAUTHORIZED !== "0",
      });
      if (dispatcher) context.setDispatcher(dispatcher as never);
    }
    if (dispatcher) {
      dispatchers.push(dispatcher);
      if (closed) void dispatcher.destroy();
    }
  };

  const query = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== undefined && v !== ""));
  const watch = new Watch(config);
  // client-node aborts a watch after 30 s without a byte; a quiet watch is normal (bookmarks come
  // about once a minute), and the reopen loop in list-watch.ts decides when to start over.
  (watch as unknown as { requestTimeoutMs: number }).requestTimeoutMs = WATCH_IDLE_LIMIT_MS;
  watch
    .watch(
      req.path,
      query,
      (type, object) => {
        if (!closed) req.onEvent(type, object as Record<string, unknown>);
      },
      (error) => {
        if (closed) return;
        closed = true;
        req.onDone(error ?? undefined);
      },
    )
    .then(
      (c) => {
        controller = c;
        if (closed) c.abort();
      },
      (error) => {
        if (!closed) {
          closed = true;
          req.onDone(error);
        }
      },
    );
  return { abort };
}
