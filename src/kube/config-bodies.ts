// The bodies the adapter reads and writes configs with: a live object as a LiveConfig, a manifest
// as a server-side apply body.
import { liveConfigContent } from "../core/config-content.js";
import { withoutServerFields } from "../core/json-shape.js";
import type { LiveConfig } from "./cluster.js";

type Plain = Record<string, unknown>;

export function liveConfig(obj: Plain): LiveConfig {
  const metadata = (obj.metadata ?? {}) as { uid?: string; resourceVersion?: string };
  return {
    uid: metadata.uid ?? "",
    resourceVersion: metadata.resourceVersion ?? "",
    content: liveConfigContent(obj),
  };
}

/** A ConfigMap/Secret manifest as an apply body: server-owned metadata dropped, namespace set. */
export function applyBody(obj: Plain, namespaceDefault: string | undefined): Plain {
  const kind = obj.kind;
  if (kind !== "ConfigMap" && kind !== "Secret")
    throw new Error(`applyConfig: kind ${String(kind)} is not a config`);
  const body = withoutServerFields(obj);
  const metadata = body.metadata as Plain;
  metadata.namespace ??= namespaceDefault;
  if (typeof metadata.name !== "string" || typeof metadata.namespace !== "string") {
    throw new Error("applyConfig: the manifest needs metadata.name and a namespace");
  }
  return { ...body, apiVersion: "v1", kind, metadata };
}
