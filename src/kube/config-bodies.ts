// The bodies the adapter reads and writes configs with: a live object as a LiveConfig, a manifest
// as a server-side apply body.
import { liveConfigContent } from "../core/config-content.js";
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
  const metadata = { ...((obj.metadata ?? {}) as Plain) };
  for (const key of [
    "resourceVersion",
    "uid",
    "managedFields",
    "creationTimestamp",
    "generation",
    "selfLink",
  ]) {
    delete metadata[key];
  }
  metadata.namespace ??= namespaceDefault;
  if (typeof metadata.name !== "string" || typeof metadata.namespace !== "string") {
    throw new Error("applyConfig: the manifest needs metadata.name and a namespace");
  }
  const { status: _status, ...rest } = obj;
  return { ...rest, apiVersion: "v1", kind, metadata };
}
