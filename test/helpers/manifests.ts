// Tiny builders for Kubernetes manifests in tests: YAML text a user would commit.
import { stringify } from "yaml";

type Json = Record<string, unknown>;

export function configMap(
  name: string,
  data: Record<string, string>,
  extra: { namespace?: string } = {},
): Json {
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, ...extra }, data };
}

export function secret(
  name: string,
  fields: { data?: Record<string, string>; stringData?: Record<string, string> },
  namespace?: string,
): Json {
  return {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name, ...(namespace ? { namespace } : {}) },
    type: "Opaque",
    ...fields,
  };
}

export function workload(
  kind: "Deployment" | "StatefulSet" | "DaemonSet",
  name: string,
  podSpec: Json,
  options: { namespace?: string; annotations?: Record<string, string>; replicas?: number } = {},
): Json {
  const labels = { app: name };
  return {
    apiVersion: "apps/v1",
    kind,
    metadata: {
      name,
      ...(options.namespace ? { namespace: options.namespace } : {}),
      ...(options.annotations ? { annotations: options.annotations } : {}),
    },
    spec: {
      ...(kind === "DaemonSet" ? {} : { replicas: options.replicas ?? 2 }),
      ...(kind === "StatefulSet" ? { serviceName: name } : {}),
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: podSpec },
    },
  };
}

export function deployment(name: string, podSpec: Json, options: Parameters<typeof workload>[3] = {}): Json {
  return workload("Deployment", name, podSpec, options);
}

/** A pod spec with one container `app` and the given container fields / pod fields. */
export function pod(container: Json = {}, podFields: Json = {}): Json {
  return { containers: [{ name: "app", image: "registry.example/app:1", ...container }], ...podFields };
}

export function yamlDocs(...objects: Json[]): string {
  return objects.map((o) => stringify(o)).join("---\n");
}

/**
 * The smallest consumer a pipeline test needs, as a user commits it: ConfigMap `web-config` (one
 * key, LOG_LEVEL) and Deployment `web` reading it with envFrom, in namespace shop.
 */
export function webWithConfigYaml(logLevel: string, options: { replicas?: number } = {}): string {
  const replicas = options.replicas === undefined ? "" : `\n  replicas: ${options.replicas}`;
  return `apiVersion: v1
kind: ConfigMap
metadata: { name: web-config, namespace: shop }
data:
  LOG_LEVEL: ${logLevel}
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:${replicas}
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          image: registry.example/web:1
          envFrom: [{ configMapRef: { name: web-config } }]
`;
}

/**
 * A Flux `Kustomization` `web` in flux-system deploying `./apps/web`, its further `spec` lines as
 * written (`  targetNamespace: prod`, `  postBuild:` …), as a cluster folder commits it.
 */
export function fluxWebKustomization(specLines: string[] = []): string {
  return [
    "apiVersion: kustomize.toolkit.fluxcd.io/v1",
    "kind: Kustomization",
    "metadata: {name: web, namespace: flux-system}",
    "spec:",
    "  interval: 5m",
    "  path: ./apps/web",
    "  prune: true",
    ...specLines,
    "  sourceRef: {kind: GitRepository, name: flux-system}",
    "",
  ].join("\n");
}

/** `apps/web/`'s app: ConfigMap `web-config` (MODE) and Deployment `web` reading it, naming no namespace. */
export function webApp(mode: string): string {
  return yamlDocs(
    configMap("web-config", { MODE: mode }),
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] })),
  );
}
