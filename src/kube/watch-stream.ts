// One WATCH connection through client-node's Watch, made abortable at any moment. Watch.watch()
// hands out its AbortController only once the response headers arrive, so a watch still
// connecting could not be cancelled; we track the HTTP agent client-node creates for the request
// and destroy it on abort, which ends the connection in every state and lets the process exit.

import type { Agent } from "node:http";
import { type KubeConfig, Watch } from "@kubernetes/client-node";

export type WatchEventHandler = (type: string, object: Record<string, unknown>) => void;

export interface WatchHandle {
  /** Close the connection; no event or done callback is delivered afterwards. */
  abort(): void;
}

export interface WatchRequest {
  /** e.g. /apis/apps/v1/namespaces/prod/deployments */
  path: string;
  query: Record<string, string | boolean | undefined>;
  userAgent: string;
  onEvent: WatchEventHandler;
  /** Called once when the server closes the stream (undefined) or the request fails. */
  onDone: (error: unknown) => void;
}

export function openWatch(kc: KubeConfig, req: WatchRequest): WatchHandle {
  const agents: Agent[] = [];
  let controller: AbortController | undefined;
  let closed = false;

  const abort = () => {
    closed = true;
    controller?.abort();
    for (const agent of agents) agent.destroy();
  };

  // A view of kc whose fetch options also carry our User-Agent and report the agent they use.
  const config = Object.create(kc) as KubeConfig;
  config.applyToFetchOptions = async (options) => {
    const init = await kc.applyToFetchOptions(options);
    const headers = init.headers as
      | { set?: (k: string, v: string) => void }
      | Record<string, string>
      | undefined;
    if (headers && typeof headers.set === "function") headers.set("User-Agent", req.userAgent);
    else init.headers = { ...(headers as Record<string, string> | undefined), "User-Agent": req.userAgent };
    const agent = init.agent as Agent | undefined;
    if (agent && typeof agent.destroy === "function") {
      agents.push(agent);
      if (closed) agent.destroy();
    }
    return init;
  };

  const query = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== undefined && v !== ""));
  new Watch(config)
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
