// REST paths and HTTP methods -> the resource addressed and the API verb.
import { findResource, type ResourceInfo } from "./resources.js";
import { pathNotFound } from "./status.js";

export interface Target {
  info: ResourceInfo;
  /** Namespace from the path; undefined for cluster-scoped resources and all-namespace lists. */
  namespace?: string;
  name?: string;
  subresource?: string;
}

/**
 * Parse /api/v1/... and /apis/GROUP/VERSION/... paths. Returns undefined for paths outside the
 * resource API (discovery, /openapi), throws 404 for an unknown resource.
 */
export function parseResourcePath(
  path: string,
  /** Resources served beyond the built-in table (installed CustomResourceDefinitions). */
  findExtra?: (group: string, version: string, resource: string) => ResourceInfo | undefined,
): Target | undefined {
  const parts = path
    .split("/")
    .filter((p) => p !== "")
    .map(decodeURIComponent);
  let group: string;
  let version: string;
  let rest: string[];
  if (parts[0] === "api" && parts.length >= 3) {
    group = "";
    version = parts[1] ?? "";
    rest = parts.slice(2);
  } else if (parts[0] === "apis" && parts.length >= 4) {
    group = parts[1] ?? "";
    version = parts[2] ?? "";
    rest = parts.slice(3);
  } else {
    return undefined;
  }
  const lookup = (resource: string | undefined) => {
    const info =
      resource === undefined
        ? undefined
        : (findResource(group, version, resource) ?? findExtra?.(group, version, resource));
    if (!info) throw pathNotFound(path);
    return info;
  };
  // namespaces/NS/RESOURCE[/NAME[/SUB]] unless it is the namespace's own subresource.
  if (rest[0] === "namespaces" && rest.length >= 3 && !["status", "finalize"].includes(rest[2] ?? "")) {
    const info = lookup(rest[2]);
    if (!info.namespaced || rest.length > 5) throw pathNotFound(path);
    return withSub({ info, namespace: rest[1], name: rest[3] }, rest[4], path);
  }
  const info = lookup(rest[0]);
  if (rest.length > 3) throw pathNotFound(path);
  return withSub({ info, name: rest[1] }, rest[2], path);
}

function withSub(target: Target, sub: string | undefined, path: string): Target {
  if (sub === undefined) return target;
  if (!target.info.subresources.includes(sub)) throw pathNotFound(path);
  return { ...target, subresource: sub };
}

export function isWatch(query: Record<string, string>): boolean {
  return query.watch === "1" || query.watch === "true";
}

/** The API verb as audit logs name it, plus "apply" for server-side apply patches. */
export function classifyVerb(
  method: string,
  target: Target | undefined,
  query: Record<string, string>,
  patchType: string,
) {
  switch (method) {
    case "GET":
      if (!target) return "get";
      if (isWatch(query)) return "watch";
      return target.name === undefined ? "list" : "get";
    case "POST":
      return "create";
    case "PUT":
      return "update";
    case "PATCH":
      return patchType === "application/apply-patch+yaml" ? "apply" : "patch";
    case "DELETE":
      return target?.name === undefined ? "deletecollection" : "delete";
    default:
      return method.toLowerCase();
  }
}

/** RBAC verb a request needs (server-side apply needs "patch"). */
export function rbacVerb(verb: string): string {
  return verb === "apply" ? "patch" : verb;
}
