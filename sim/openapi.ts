// The least OpenAPI v3 that kubectl needs: a PATCH operation per kind that declares the
// fieldValidation parameter. kubectl then leaves validation to the server (which accepts the
// parameter) instead of downloading schemas, so `kubectl apply -f` works without --validate=false.
import { API_GROUPS, type ResourceInfo, resourcesOfGroup } from "./resources.js";

const HASH = "sim-1";

function gvPath(group: string): string {
  return group === "" ? "api/v1" : `apis/${group}/v1`;
}

/** The PATCH operation of a resource, declaring fieldValidation (exported for custom resources). */
export function patchOperation(info: ResourceInfo) {
  const query = (name: string) => ({ name, in: "query", schema: { type: "string", uniqueItems: true } });
  return {
    patch: {
      operationId: `patch${info.kind}`,
      "x-kubernetes-action": "patch",
      "x-kubernetes-group-version-kind": { group: info.group, version: info.version, kind: info.kind },
      parameters: ["dryRun", "fieldManager", "fieldValidation", "force"].map(query),
      responses: { "200": { description: "OK" } },
    },
  };
}

export function itemPath(info: ResourceInfo): string {
  const prefix = info.group === "" ? "/api/v1" : `/apis/${info.group}/${info.version}`;
  return info.namespaced
    ? `${prefix}/namespaces/{namespace}/${info.resource}/{name}`
    : `${prefix}/${info.resource}/{name}`;
}

/** The OpenAPI v3 document for a path under /openapi/v3, or undefined. */
export function openApiDocument(path: string): unknown {
  const groups = ["", ...API_GROUPS];
  if (path === "/openapi/v3") {
    return {
      paths: Object.fromEntries(
        groups.map((g) => [gvPath(g), { serverRelativeURL: `/openapi/v3/${gvPath(g)}?hash=${HASH}` }]),
      ),
    };
  }
  const group = groups.find((g) => path === `/openapi/v3/${gvPath(g)}`);
  if (group === undefined) return undefined;
  const resources = resourcesOfGroup(group);
  return {
    openapi: "3.0.0",
    info: { title: "Kubernetes", version: "v1.32.0-sim" },
    paths: Object.fromEntries(resources.map((r) => [itemPath(r), patchOperation(r)])),
    components: { schemas: {} },
  };
}
