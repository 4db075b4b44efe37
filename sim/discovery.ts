// Discovery documents (legacy, un-aggregated form: kubectl falls back to it when the answer's
// Content-Type is plain application/json).
import { API_GROUPS, type ResourceInfo, resourcesOfGroup } from "./resources.js";

export const SERVER_VERSION = {
  major: "1",
  minor: "32",
  gitVersion: "v1.32.0-sim",
  gitCommit: "0000000000000000000000000000000000000000",
  gitTreeState: "clean",
  buildDate: "2025-01-01T00:00:00Z",
  goVersion: "go1.23.0",
  compiler: "gc",
  platform: "linux/amd64",
};

/** The APIResource entries of a resource and its subresources (exported for custom resources). */
export function apiResource(info: ResourceInfo) {
  const main: Record<string, unknown> = {
    name: info.resource,
    singularName: info.singular,
    namespaced: info.namespaced,
    kind: info.kind,
    verbs: info.verbs,
  };
  if (info.shortNames.length > 0) main.shortNames = info.shortNames;
  if (info.categories.length > 0) main.categories = info.categories;
  const subs = info.subresources.map((sub) => {
    const base = { name: `${info.resource}/${sub}`, singularName: "", namespaced: info.namespaced };
    return sub === "scale"
      ? { ...base, group: "autoscaling", version: "v1", kind: "Scale", verbs: ["get", "patch", "update"] }
      : { ...base, kind: info.kind, verbs: ["get", "patch", "update"] };
  });
  return [main, ...subs];
}

function groupVersion(group: string): string {
  return group === "" ? "v1" : `${group}/v1`;
}

/** The discovery document for a path, or undefined when the path is not a discovery path. */
export function discoveryDocument(path: string, serverAddress: string): unknown {
  if (path === "/version") return SERVER_VERSION;
  if (path === "/api") {
    return {
      kind: "APIVersions",
      versions: ["v1"],
      serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress }],
    };
  }
  if (path === "/apis") {
    return {
      kind: "APIGroupList",
      apiVersion: "v1",
      groups: API_GROUPS.map((name) => ({
        name,
        versions: [{ groupVersion: `${name}/v1`, version: "v1" }],
        preferredVersion: { groupVersion: `${name}/v1`, version: "v1" },
      })),
    };
  }
  const group = path === "/api/v1" ? "" : API_GROUPS.find((g) => path === `/apis/${g}/v1`);
  if (group !== undefined) {
    return {
      kind: "APIResourceList",
      apiVersion: "v1",
      groupVersion: groupVersion(group),
      resources: resourcesOfGroup(group).flatMap(apiResource),
    };
  }
  const groupOnly = API_GROUPS.find((g) => path === `/apis/${g}`);
  if (groupOnly) {
    return {
      kind: "APIGroup",
      apiVersion: "v1",
      name: groupOnly,
      versions: [{ groupVersion: `${groupOnly}/v1`, version: "v1" }],
      preferredVersion: { groupVersion: `${groupOnly}/v1`, version: "v1" },
    };
  }
  return undefined;
}
