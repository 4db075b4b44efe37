// Turning client-node failures (ApiException with a JSON Status body, node-fetch network errors,
// timeouts) into one line a user can act on. Messages name the context, the verb, the resource
// and the namespace, never credentials.

import { ApiException } from "@kubernetes/client-node";
import { formatDuration } from "../core/duration.js";
import { ClusterAccessError } from "../core/errors.js";
import { field, stringField } from "../core/json-shape.js";
import { networkErrorCode, RequestTimeoutError } from "./retry.js";

/** What a request was trying to do, for messages. */
export interface RequestDescription {
  /** RBAC verb: get, list, watch, patch. */
  verb: string;
  /** Plural resource with its group: "deployments.apps", "configmaps". */
  resource: string;
  namespace?: string;
  name?: string;
  context: string;
  server: string;
}

export function describeKubeError(error: unknown, req: RequestDescription, attempts = 1): ClusterAccessError {
  const where = req.namespace ? ` in namespace ${req.namespace}` : "";
  const target = `${req.resource}${req.name ? ` "${req.name}"` : ""}`;
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : "";
  if (error instanceof ApiException) {
    const status = parseStatus(error.body);
    const serverMessage = stringField(status, "message");
    const detail = serverMessage ? `: ${serverMessage}` : "";
    switch (error.code) {
      case 401:
        return new ClusterAccessError(
          `the server rejected the credentials of context ${req.context} (401 Unauthorized)`,
          401,
        );
      case 403: {
        // The Status details name the resource the server refused (kind is the plural resource).
        const details = field(status, "details");
        const kind = stringField(details, "kind");
        const group = stringField(details, "group");
        const resource = kind ? (group ? `${kind}.${group}` : kind) : req.resource;
        return new ClusterAccessError(
          `forbidden: context ${req.context} cannot ${req.verb} ${resource}${where}${detail}`,
          403,
        );
      }
      case 404:
        return new ClusterAccessError(`${target} not found${where} (context ${req.context})`, 404);
      default: {
        const reason = stringField(status, "reason");
        const code = `${error.code}${reason ? ` ${reason}` : ""}`;
        return new ClusterAccessError(
          `${req.verb} ${target}${where} failed${tries}: the API server answered ${code}${detail}`,
          error.code,
        );
      }
    }
  }
  if (error instanceof RequestTimeoutError && error.runTimeout) {
    return new ClusterAccessError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within the run's timeout of ${formatDuration(error.timeoutMs)}${tries}: given up`,
      undefined,
    );
  }
  if (error instanceof RequestTimeoutError) {
    return new ClusterAccessError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within ${formatDuration(error.timeoutMs)}${tries}`,
      undefined,
    );
  }
  const code = networkErrorCode(error);
  if (code) {
    return new ClusterAccessError(
      `cannot reach the Kubernetes API at ${req.server} (context ${req.context}): ${code}${tries}`,
      undefined,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ClusterAccessError(
    `${req.verb} ${target}${where} (context ${req.context}) failed: ${message}`,
    undefined,
  );
}

/** The Status object of an error body, which client-node keeps as a JSON string. */
function parseStatus(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
