// Kubernetes `Status` objects for error answers, shaped like the real API server's.
import { qualifiedKind, qualifiedResource, type ResourceInfo } from "./resources.js";

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: { reason?: string; message: string; field?: string }[];
  retryAfterSeconds?: number;
}

export interface StatusBody {
  kind: "Status";
  apiVersion: "v1";
  metadata: Record<string, never>;
  status: "Failure" | "Success";
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

/** Thrown by handlers; the server turns it into an HTTP answer with a Status body. */
export class StatusError extends Error {
  constructor(
    readonly body: StatusBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
  get code(): number {
    return this.body.code;
  }
}

export function failure(code: number, reason: string, message: string, details?: StatusDetails): StatusBody {
  const body: StatusBody = {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason,
    code,
  };
  if (details) body.details = details;
  return body;
}

function detailsFor(info: ResourceInfo, name?: string): StatusDetails {
  const details: StatusDetails = {};
  if (name) details.name = name;
  if (info.group) details.group = info.group;
  details.kind = info.resource;
  return details;
}

export function notFound(info: ResourceInfo, name: string): StatusError {
  return new StatusError(
    failure(404, "NotFound", `${qualifiedResource(info)} "${name}" not found`, detailsFor(info, name)),
  );
}

export function namespaceNotFound(namespace: string): StatusError {
  return new StatusError(
    failure(404, "NotFound", `namespaces "${namespace}" not found`, { name: namespace, kind: "namespaces" }),
  );
}

export function alreadyExists(info: ResourceInfo, name: string): StatusError {
  return new StatusError(
    failure(
      409,
      "AlreadyExists",
      `${qualifiedResource(info)} "${name}" already exists`,
      detailsFor(info, name),
    ),
  );
}

export function conflict(info: ResourceInfo, name: string, why?: string): StatusError {
  const reason =
    why ?? "the object has been modified; please apply your changes to the latest version and try again";
  return new StatusError(
    failure(
      409,
      "Conflict",
      `Operation cannot be fulfilled on ${qualifiedResource(info)} "${name}": ${reason}`,
      detailsFor(info, name),
    ),
  );
}

export const SIM_USER = "system:serviceaccount:default:sim";

export function forbidden(verb: string, info: ResourceInfo, namespace?: string, name?: string): StatusError {
  const subject = name ? `${qualifiedResource(info)} "${name}"` : qualifiedResource(info);
  const scope = namespace ? `in the namespace "${namespace}"` : "at the cluster scope";
  const message = `${subject} is forbidden: User "${SIM_USER}" cannot ${verb} resource "${info.resource}" in API group "${info.group}" ${scope}`;
  return new StatusError(failure(403, "Forbidden", message, detailsFor(info, name)));
}

export function forbiddenPath(verb: string, path: string): StatusError {
  return new StatusError(
    failure(403, "Forbidden", `forbidden: User "${SIM_USER}" cannot ${verb} path "${path}"`, {}),
  );
}

export function invalid(
  info: ResourceInfo,
  name: string,
  causes: { field: string; message: string; reason?: string }[],
): StatusError {
  const list = causes.map((c) => `${c.field}: ${c.message}`);
  const summary = list.length === 1 ? list[0] : `[${list.join(", ")}]`;
  return new StatusError(
    failure(422, "Invalid", `${qualifiedKind(info)} "${name}" is invalid: ${summary}`, {
      ...detailsFor(info, name),
      kind: info.kind,
      causes: causes.map((c) => ({
        reason: c.reason ?? "FieldValueInvalid",
        message: c.message,
        field: c.field,
      })),
    }),
  );
}

export function badRequest(message: string): StatusError {
  return new StatusError(failure(400, "BadRequest", message));
}

/** The answer to a write whose body is over the server's MaxRequestBodyBytes (limitedReadBody). */
export function requestEntityTooLarge(limit: number): StatusError {
  return new StatusError(
    failure(413, "RequestEntityTooLarge", `Request entity too large: limit is ${limit}`),
  );
}

export function unauthorized(): StatusError {
  return new StatusError(failure(401, "Unauthorized", "Unauthorized"));
}

export function methodNotAllowed(
  message = "the server does not allow this method on the requested resource",
) {
  return new StatusError(failure(405, "MethodNotAllowed", message));
}

export function pathNotFound(path: string): StatusError {
  return new StatusError(failure(404, "NotFound", "the server could not find the requested resource", {}), {
    "x-sim-path": path,
  });
}

export function unsupportedMediaType(accepted: readonly string[]): StatusError {
  return new StatusError(
    failure(
      415,
      "UnsupportedMediaType",
      `the body of the request was in an unknown format - accepted media types include: ${accepted.join(", ")}`,
    ),
  );
}

export function expired(message: string): StatusBody {
  return failure(410, "Expired", message);
}

/** The answer injected by failNext(). */
export function injectedFailure(
  code: 409 | 429 | 500 | 403,
  info: ResourceInfo | undefined,
  verb: string,
  namespace: string | undefined,
  name: string | undefined,
  retryAfterSeconds: number,
): StatusError {
  switch (code) {
    case 409:
      if (info) return conflict(info, name ?? "");
      return new StatusError(failure(409, "Conflict", "simulated conflict"));
    case 403:
      if (info) return forbidden(verb, info, namespace, name);
      return new StatusError(failure(403, "Forbidden", "simulated forbidden"));
    case 429:
      return new StatusError(
        failure(429, "TooManyRequests", "Too many requests, please try again later.", { retryAfterSeconds }),
        { "retry-after": String(retryAfterSeconds) },
      );
    case 500:
      return new StatusError(
        failure(500, "InternalError", "Internal error occurred: simulated failure", {
          causes: [{ message: "simulated failure" }],
        }),
      );
  }
}
