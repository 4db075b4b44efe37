// Retrying Kubernetes API calls: conflicts (409), throttling (429, honouring Retry-After),
// server errors (5xx), timeouts and network errors are retried with jittered exponential
// backoff; every other answer (401, 403, 404, 422...) is final.

import { ApiException } from "@kubernetes/client-node";

export interface RetryPolicy {
  /** Retries after the first attempt (0: try once). */
  retries: number;
  /** First backoff step (default 200 ms); doubles each attempt. */
  baseDelayMs?: number;
  /** Cap on one backoff step (default 5 s). */
  maxDelayMs?: number;
  /** Cap on a server-requested Retry-After (default 30 s). */
  maxRetryAfterMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Thrown (and retried) when a request exceeds its timeout. */
export class RequestTimeoutError extends Error {
  override name = "RequestTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiException) {
    return error.code === 409 || error.code === 429 || error.code >= 500;
  }
  return error instanceof RequestTimeoutError || networkErrorCode(error) !== undefined;
}

/** The errno-style code of a network failure (ECONNREFUSED, ECONNRESET...), if it is one. */
export function networkErrorCode(error: unknown): string | undefined {
  const e = error as { name?: unknown; type?: unknown; code?: unknown; errno?: unknown } | null;
  if (e === null || typeof e !== "object") return undefined;
  // node-fetch wraps socket errors as FetchError with type "system" and the errno code.
  if (e.name === "FetchError" && e.type === "system") return String(e.code ?? e.errno ?? "network error");
  if (typeof e.code === "string" && /^E[A-Z]+$/.test(e.code)) return e.code;
  return undefined;
}

/** Seconds the server asked us to wait (Retry-After as seconds; HTTP dates are ignored). */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiException)) return undefined;
  const headers = (error.headers ?? {}) as Record<string, string | undefined>;
  const value = headers["retry-after"] ?? headers["Retry-After"];
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * Delay before retry number `attempt` (0-based): exponential with jitter in [d/2, d], capped;
 * never shorter than what Retry-After asks for (itself capped).
 */
export function retryDelayMs(attempt: number, retryAfter: number | undefined, policy: RetryPolicy): number {
  const base = policy.baseDelayMs ?? 200;
  const cap = policy.maxDelayMs ?? 5_000;
  const step = Math.min(cap, base * 2 ** attempt);
  const jittered = step / 2 + (policy.random ?? Math.random)() * (step / 2);
  const requested =
    retryAfter === undefined ? 0 : Math.min(retryAfter * 1000, policy.maxRetryAfterMs ?? 30_000);
  return Math.round(Math.max(jittered, requested));
}

/** Run `call` until it succeeds, fails with a final error, or the retries are used up. */
export async function withRetries<T>(call: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const sleep = policy.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= policy.retries || !isRetryable(error)) throw error;
      await sleep(retryDelayMs(attempt, retryAfterSeconds(error), policy));
    }
  }
}
