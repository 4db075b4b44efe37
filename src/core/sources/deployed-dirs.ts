// The directories a GitOps controller deploys, as the repository's own objects say: a Flux
// `Kustomization` (kustomize.toolkit.fluxcd.io) builds `spec.path`; an Argo CD `Application` builds
// `spec.source.path` (or each `spec.sources[].path`), an `ApplicationSet` the same fields of its
// template. A kustomization named there is deployed on its own even when another one includes it.
// Paths are taken as repository-relative (a path into another repository names nothing here, or a
// directory that is then planned once more: harmless); templated paths (`{{...}}`) are skipped.
import { field, isRecord } from "../manifests/json-shape.js";

export function deployedDirsOf(objects: readonly Record<string, unknown>[]): string[] {
  const dirs = new Set<string>();
  for (const object of objects) {
    for (const path of pathsNamedBy(object)) {
      const dir = normalizedDir(path);
      if (dir !== undefined) dirs.add(dir);
    }
  }
  return [...dirs].sort();
}

function pathsNamedBy(object: Record<string, unknown>): unknown[] {
  const apiVersion = field(object, "apiVersion");
  const kind = field(object, "kind");
  if (typeof apiVersion !== "string") return [];
  const group = apiVersion.split("/")[0];
  const spec = field(object, "spec");
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") return [field(spec, "path")];
  if (group !== "argoproj.io") return [];
  if (kind === "Application") return sourcePaths(spec);
  if (kind === "ApplicationSet") return sourcePaths(field(field(spec, "template"), "spec"));
  return [];
}

function sourcePaths(appSpec: unknown): unknown[] {
  const sources = field(appSpec, "sources");
  return [
    field(field(appSpec, "source"), "path"),
    ...(Array.isArray(sources) ? sources.filter(isRecord).map((s) => field(s, "path")) : []),
  ];
}

/** `./apps/prod/` -> `apps/prod`; the repository root is ""; undefined for what names no directory here. */
function normalizedDir(path: unknown): string | undefined {
  if (typeof path !== "string" || path.includes("{{") || path.includes("$")) return undefined;
  const parts: string[] = [];
  for (const part of path.trim().split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") return undefined;
    parts.push(part);
  }
  return parts.join("/");
}
