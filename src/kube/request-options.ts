// Per-request client-node options: a User-Agent, an abort signal for the request timeout, and
// optionally a Content-Type. Passed per call (merge strategy "append") rather than baked into
// the API client, because the generated client reverses its middleware array in place on every
// response and would reorder shared middleware between calls.

import {
  type ConfigurationOptions,
  Observable,
  type ObservableMiddleware,
  type RequestContext,
  type ResponseContext,
  setHeaderOptions,
} from "@kubernetes/client-node";

/** Middleware must return client-node's Observable-like wrapper, not a Promise. */
export function requestMiddleware(userAgent: string, signal: AbortSignal): ObservableMiddleware {
  return {
    pre(context: RequestContext): Observable<RequestContext> {
      context.setHeaderParam("User-Agent", userAgent);
      context.setSignal(signal);
      return new Observable(Promise.resolve(context));
    },
    post(response: ResponseContext): Observable<ResponseContext> {
      return new Observable(Promise.resolve(response));
    },
  };
}

export function requestOptions(
  userAgent: string,
  signal: AbortSignal,
  contentType?: string,
): ConfigurationOptions<ObservableMiddleware> {
  const base: ConfigurationOptions<ObservableMiddleware> = {
    middleware: [requestMiddleware(userAgent, signal)],
    middlewareMergeStrategy: "append",
  };
  // 'Content-Type' exactly: client-node keys headers case-sensitively, a lowercase name is ignored.
  return contentType ? setHeaderOptions("Content-Type", contentType, base) : base;
}
