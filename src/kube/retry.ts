// Every retry config-rollout makes of the Kubernetes API, with one backoff (backoffDelayMs):
// - one request (withRetries): conflicts (409), throttling (429, honouring Retry-After), server
//   errors (5xx), timeouts and network errors are retried; every other answer (401, 403, 404,
//   422...) is final. A conflict is retried with the same body only when that body can succeed
//   against a newer object: a write guarded by a resourceVersion cannot, so its 409 is final here;
// - a read, a recompute and a write (retryOnConflict, client-go's RetryOnConflict): after a 409
//   the object is read again and the write computed afresh;
// - a watch that fails or keeps closing (list-watch.ts) waits the same backoff before it reopens.

import type { ApiException } from "@kubernetes/client-node";
import { formatDuration } from "../core/duration.js";

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
  /** No retry starts at or after this time (epoch ms; see `now`): the last error is final then. */
  deadlineAt?: number;
  now?: () => number;
}

/**
 * Thrown (and retried) when a request exceeds its timeout. `runTimeout`: the attempt was cut by the
 * run's time limit (`timeoutMs` is then that limit), not by its own request timeout.
 */
export class RequestTimeoutError extends Error {
  override name = "RequestTimeoutError";
  constructor(
    readonly timeoutMs: number,
    readonly runTimeout = false,
  ) {
    super(`no answer within ${formatDuration(timeoutMs)}`);
  }
}

/**
 * An answer of the API server as client-node reports it (an ApiException: a numeric HTTP code and
 * the response headers). Recognised by its shape, not `instanceof`: stages load this module on runs
 * that never talk to a cluster (the wait's backoff, the restart's conflict check), and importing
 * client-node's class would load all of client-node (~1.8 MB) on every run.
 */
function isApiException(error: unknown): error is ApiException<unknown> {
  return (
    error instanceof Error && typeof (error as { code?: unknown }).code === "number" && "headers" in error
  );
}

export function isRetryable(error: unknown): boolean {
  if (isApiException(error)) {
    return error.code === 409 || error.code === 429 || error.code >= 500;
  }
  return error instanceof RequestTimeoutError || networkErrorCode(error) !== undefined;
}

/** The errno-style code of a network failure (ECONNREFUSED, ECONNRESET...), if it is one. */
export function networkErrorCode(error: unknown): string | undefined {
  const e = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown } | null;
  if (e === null || typeof e !== "object") return undefined;
  // undici's fetch (client-node 2) fails with TypeError "fetch failed", the socket error its cause.
  if (e.name === "TypeError" && e.message === "fetch failed")
    return networkErrorCode(e.cause) ?? "network error";
  // A socket's errno (ECONNREFUSED, ECONNRESET...), or undici's own (UND_ERR_SOCKET: the server closed it).
  if (typeof e.code === "string" && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(e.code)) return e.code;
  return undefined;
}

/** Seconds the server asked us to wait (Retry-After as seconds; HTTP dates are ignored). */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!isApiException(error)) return undefined;
  const headers = (error.headers ?? {}) as Record<string, string | undefined>;
  const value = headers["retry-after"] ?? headers["Retry-After"];
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

type Backoff = Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "random">;

/** The one backoff: delay before retry number `attempt` (0-based), exponential with jitter in [d/2, d], capped. */
export function backoffDelayMs(attempt: number, backoff: Backoff): number {
  const base = backoff.baseDelayMs ?? 200;
  const cap = backoff.maxDelayMs ?? 5_000;
  const step = Math.min(cap, base * 2 ** attempt);
  return step / 2 + (backoff.random ?? Math.random)() * (step / 2);
}

/**
 * Delay before retry number `attempt` (0-based): the backoff, never shorter than what Retry-After
 * asks for (itself capped).
 */
export function retryDelayMs(attempt: number, retryAfter: number | undefined, policy: RetryPolicy): number {
  const jittered = backoffDelayMs(attempt, policy);
  const requested =
    retryAfter === undefined ? 0 : Math.min(retryAfter * 1000, policy.maxRetryAfterMs ?? 30_000);
  return Math.round(Math.max(jittered, requested));
}

/**
 * Run `call` until it succeeds, fails with a final error, or the retries are used up. `retryable`
 * narrows isRetryable (a guarded write's conflict is final: see the top of the file).
 */
export async function withRetries<T>(
  call: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  retryable: (error: unknown) => boolean = isRetryable,
): Promise<T> {
  const sleep = policy.sleep ?? defaultSleep;
  const now = policy.now ?? Date.now;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= policy.retries || !retryable(error)) throw error;
      const delay = retryDelayMs(attempt, retryAfterSeconds(error), policy);
      if (policy.deadlineAt !== undefined && now() + delay >= policy.deadlineAt) throw error;
      await sleep(delay);
    }
  }
}

/** A 409 Conflict, as the API answered it or as the adapter reports it (a ClusterAccessError with status 409). */
export function isConflict(error: unknown): boolean {
  if (isApiException(error)) return error.code === 409;
  return (error as { status?: unknown } | null)?.status === 409 && error instanceof Error;
}

/**
 * client-go's RetryOnConflict: run `update` (read the object, compute the write from it, send it)
 * again after a conflict, with the backoff, until it succeeds, fails otherwise, or the retries are
 * used up. `attempt` is 0 the first time: the caller may reuse what it read before.
 */
export async function retryOnConflict<T>(
  update: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
): Promise<T> {
  return withRetries(update, policy, isConflict);
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
