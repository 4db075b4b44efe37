// The request wrapper every API call goes through: the object API built once for the cluster, and
// `request`, which runs one logical call retried (retry.ts), each attempt under its own timeout, its
// failure translated into one line (api-errors.ts).

import { AsyncLocalStorage } from "node:async_hooks";
import {
  ApiException,
  createConfiguration,
  type KubeConfig,
  type RequestContext,
  type ResponseContext,
  ServerConfiguration,
} from "@kubernetes/client-node";
import { ClusterAccessError, UserError } from "../core/errors.js";
import { describeKubeError, type RequestDescription } from "./api-errors.js";
import { ObjectApi } from "./object-api.js";
import { isConflict, isRetryable, RequestTimeoutError, type RetryPolicy, withRetries } from "./retry.js";
import { reuseAgents } from "./reuse-agents.js";

export interface RequestOptions {
  /** Timeout of one HTTP request (each retry gets a new one). */
  requestTimeoutMs: number;
  /** e.g. USER_AGENT from core/version.ts: config-rollout/<version>. */
  userAgent: string;
  /** Retries after the first attempt for 409, 429, 5xx, timeouts and network errors. */
  retries: number;
  /** First backoff step (default 200 ms); tests shorten it. */
  retryBaseDelayMs?: number;
  /**
   * The run's time limit (--timeout): one call with all its attempts and backoff ends within it,
   * and once a call got no answer at all within it, the server counts as not answering: every later
   * call fails at once instead of waiting again. Unset: only the retries bound a call.
   */
  runTimeoutMs?: number;
}

/** What a request does, for messages (the context and server are added here). */
export type RequestWhat = Omit<RequestDescription, "context" | "server">;

export interface Requester {
  api: ObjectApi;
  context: string;
  server: string;
  /** The retry policy of every request, for callers that retry a read-compute-write (retryOnConflict). */
  policy: RetryPolicy;
  /**
   * One logical call: retried, each attempt under its own timeout, errors translated. `guarded`: the
   * body carries a resourceVersion precondition, so a 409 is final (sending it again cannot succeed).
   */
  request<T>(what: RequestWhat, call: () => Promise<T>, guarded?: boolean): Promise<T>;
}

export function createRequester(kc: KubeConfig, opts: RequestOptions): Requester {
  const context = kc.getCurrentContext();
  const server = kc.getCurrentCluster()?.server ?? "(no server)";
  const policy: RetryPolicy = { retries: opts.retries, baseDelayMs: opts.retryBaseDelayMs };
  // Each attempt's abort signal reaches the shared client through the async context: the object
  // API applies only the middleware of its own configuration, never per-call options.
  const attemptSignal = new AsyncLocalStorage<AbortSignal>();
  const api = new ObjectApi(
    createConfiguration({
      baseServer: new ServerConfiguration(server, {}),
      authMethods: { default: reuseAgents(kc) },
      promiseMiddleware: [
        {
          pre: async (request: RequestContext) => {
            request.setHeaderParam("User-Agent", opts.userAgent);
            const signal = attemptSignal.getStore();
            if (signal) request.setSignal(signal);
            return request;
          },
          post: async (response: ResponseContext) => response,
        },
      ],
    }),
  );
  const unguardedRetryable = isRetryable;
  const guardedRetryable = (error: unknown) => isRetryable(error) && !isConflict(error);

  // Set once a call got no answer within the run's time limit: the server is not answering.
  let notAnswering: Error | undefined;

  async function request<T>(what: RequestWhat, call: () => Promise<T>, guarded = false): Promise<T> {
    if (notAnswering) throw new ClusterAccessError(notAnswering.message);
    const runTimeoutMs = opts.runTimeoutMs;
    const deadlineAt = runTimeoutMs === undefined ? undefined : Date.now() + runTimeoutMs;
    let attempts = 0;
    try {
      return await withRetries(
        async () => {
          attempts++;
          const left = deadlineAt === undefined ? Number.POSITIVE_INFINITY : deadlineAt - Date.now();
          const cut = left < opts.requestTimeoutMs;
          const signal = AbortSignal.timeout(Math.max(1, Math.min(opts.requestTimeoutMs, left)));
          try {
            return await attemptSignal.run(signal, call);
          } catch (error) {
            if (signal.aborted && !(error instanceof ApiException))
              throw cut
                ? new RequestTimeoutError(runTimeoutMs as number, true)
                : new RequestTimeoutError(opts.requestTimeoutMs);
            throw error;
          }
        },
        deadlineAt === undefined ? policy : { ...policy, deadlineAt },
        guarded ? guardedRetryable : unguardedRetryable,
      );
    } catch (error) {
      // Raised before any request left (an exec credential plugin missing or hanging): already one line.
      if (error instanceof UserError) throw error;
      const described = describeKubeError(error, { ...what, context, server }, attempts);
      if (error instanceof RequestTimeoutError && error.runTimeout) notAnswering = described;
      throw described;
    }
  }

  return { api, context, server, policy, request };
}
