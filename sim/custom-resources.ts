// CustomResourceDefinitions of one simulated cluster. The CRD API (apiextensions.k8s.io/v1) is
// always served, as on every real cluster; a known custom resource is served exactly while its
// CRD object is stored, so "installed" is one fact whichever way it was written (installCrd, seed,
// kubectl apply) and deleting the CRD deletes its objects, as the real server does.
import { ROLLOUTS, rolloutsCrdObject } from "./argo-rollouts-crd.js";
import { apiResource } from "./discovery.js";
import { isRecord, stringAt, valueAt } from "./json.js";
import { itemPath, patchOperation } from "./openapi.js";
import type { ResourceInfo } from "./resources.js";
import type { Store } from "./store.js";
import type { KubeObject } from "./types.js";

export const CUSTOM_RESOURCE_DEFINITIONS: ResourceInfo = {
  group: "apiextensions.k8s.io",
  version: "v1",
  resource: "customresourcedefinitions",
  singular: "customresourcedefinition",
  kind: "CustomResourceDefinition",
  namespaced: false,
  shortNames: ["crd", "crds"],
  verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
  subresources: ["status"],
  hasGeneration: true,
  workload: false,
  categories: ["api-extensions"],
};

interface KnownCrd {
  info: ResourceInfo;
  object: () => KubeObject;
}

/** "io.argoproj.v1alpha1.Rollout": how the real server names a CRD's schema in OpenAPI v3. */
function schemaName(info: ResourceInfo): string {
  return `${info.group.split(".").reverse().join(".")}.${info.version}.${info.kind}`;
}

/** The CRDs the simulator knows how to serve, by the name SimOptions.crds and installCrd use. */
export const KNOWN_CRDS = {
  "argo-rollouts": { info: ROLLOUTS, object: rolloutsCrdObject },
} satisfies Record<string, KnownCrd>;

export type SimCrd = keyof typeof KNOWN_CRDS;

function crdName(info: ResourceInfo): string {
  return `${info.resource}.${info.group}`;
}

export function knownCrd(name: string): KnownCrd {
  const crd = (KNOWN_CRDS as Record<string, KnownCrd>)[name];
  if (!crd) {
    throw new Error(
      `simulated cluster: unknown CRD ${JSON.stringify(name)} (known: ${Object.keys(KNOWN_CRDS).join(", ")})`,
    );
  }
  return crd;
}

function groupVersionEntry(info: ResourceInfo) {
  const gv = { groupVersion: `${info.group}/${info.version}`, version: info.version };
  return { name: info.group, versions: [gv], preferredVersion: gv };
}

export class CustomResources {
  constructor(private readonly store: Store) {
    store.subscribe((event) => {
      if (event.type !== "DELETED" || event.resource !== CUSTOM_RESOURCE_DEFINITIONS.resource) return;
      const name = stringAt(event.object, "metadata", "name");
      const info = Object.values(KNOWN_CRDS).find((crd) => crdName(crd.info) === name)?.info;
      // Synchronously, inside the CRD's event: events of one resource stay in order (a watch
      // follows one resource), and a CRD installed again right after starts empty.
      if (info) this.removeAll(info);
    });
  }

  /** Resources served beyond the built-in table, right now. */
  served(): ResourceInfo[] {
    const installed = Object.values(KNOWN_CRDS)
      .map((crd) => crd.info)
      .filter((info) => this.store.get(CUSTOM_RESOURCE_DEFINITIONS.resource, "", crdName(info)));
    return [CUSTOM_RESOURCE_DEFINITIONS, ...installed];
  }

  find = (group: string, version: string, resource: string): ResourceInfo | undefined =>
    this.served().find((r) => r.group === group && r.version === version && r.resource === resource);

  /** By kind, plural, singular or short name (case-insensitive), among served resources. */
  resourceFor(kindOrResource: string): ResourceInfo | undefined {
    const wanted = kindOrResource.toLowerCase();
    return this.served().find(
      (r) =>
        r.kind.toLowerCase() === wanted ||
        r.resource === wanted ||
        r.singular === wanted ||
        r.shortNames.includes(wanted),
    );
  }

  /** A known custom resource by kind whether installed or not (for clear errors). */
  knownKind(kind: string): ResourceInfo | undefined {
    return Object.values(KNOWN_CRDS).find((crd) => crd.info.kind === kind)?.info;
  }

  /** The discovery or OpenAPI v3 document for `path`, with the served custom groups added to `base`. */
  document(path: string, base: unknown): unknown {
    const served = this.served();
    const openApi = this.openApiDocument(path, base, served);
    if (openApi !== undefined) return openApi;
    if (path === "/apis" && isRecord(base) && Array.isArray(base.groups)) {
      const groups = [...new Set(served.map((r) => r.group))].map((group) =>
        groupVersionEntry(served.find((r) => r.group === group) as ResourceInfo),
      );
      return { ...base, groups: [...base.groups, ...groups] };
    }
    for (const info of served) {
      if (path === `/apis/${info.group}`) {
        return { kind: "APIGroup", apiVersion: "v1", ...groupVersionEntry(info) };
      }
      if (path === `/apis/${info.group}/${info.version}`) {
        return {
          kind: "APIResourceList",
          apiVersion: "v1",
          groupVersion: `${info.group}/${info.version}`,
          resources: served
            .filter((r) => r.group === info.group && r.version === info.version)
            .flatMap(apiResource),
        };
      }
    }
    return base;
  }

  /**
   * OpenAPI v3 for the custom groups: the PATCH operation that tells kubectl the server validates
   * fields, and the CRD's schema (what `kubectl explain rollout` prints).
   */
  private openApiDocument(path: string, base: unknown, served: ResourceInfo[]): unknown {
    const gvPath = (info: ResourceInfo) => `apis/${info.group}/${info.version}`;
    if (path === "/openapi/v3" && isRecord(base) && isRecord(base.paths)) {
      const extra = served.map((info) => [
        gvPath(info),
        { serverRelativeURL: `/openapi/v3/${gvPath(info)}?hash=sim-1` },
      ]);
      return { ...base, paths: { ...base.paths, ...Object.fromEntries(extra) } };
    }
    const inGroup = served.filter((info) => path === `/openapi/v3/${gvPath(info)}`);
    if (inGroup.length === 0) return undefined;
    const schemas: Record<string, unknown> = {};
    for (const info of inGroup) {
      const crd = Object.values(KNOWN_CRDS).find((known) => known.info === info);
      const versions = valueAt(crd?.object(), "spec", "versions");
      const schema = Array.isArray(versions) ? valueAt(versions[0], "schema", "openAPIV3Schema") : undefined;
      schemas[schemaName(info)] = {
        ...(isRecord(schema) ? schema : { type: "object" }),
        "x-kubernetes-group-version-kind": [{ group: info.group, kind: info.kind, version: info.version }],
      };
    }
    return {
      openapi: "3.0.0",
      info: { title: "Kubernetes CRD Swagger", version: "v0.1.0" },
      paths: Object.fromEntries(inGroup.map((info) => [itemPath(info), patchOperation(info)])),
      components: { schemas },
    };
  }

  private removeAll(info: ResourceInfo): void {
    for (const obj of this.store.list(info.resource)) {
      const [namespace, name] = [stringAt(obj, "metadata", "namespace"), stringAt(obj, "metadata", "name")];
      this.store.remove(info.resource, namespace ?? "", name ?? "");
    }
  }
}
