// What each simulated pod's containers see of the ConfigMaps and Secrets they read, as a kubelet
// gives it to them: environment variables (env valueFrom, envFrom) resolved once, when the pod
// starts; files of a whole-volume mount (volumes[].configMap, .secret, .projected sources) written
// at start and rewritten after every change of the config, `syncMs` later (a real kubelet takes up
// to its sync period plus its cache's delay, about a minute); a subPath mount pinned to the content
// at start. A deleted config leaves its files as they were. Read through `kubectl exec POD -- cat
// FILE` / `printenv` (sim/exec.ts) or the control method podFiles.
import { isRecord, stringAt, valueAt } from "./json.js";
import type { Store } from "./store.js";
import type { KubeObject } from "./types.js";

type ConfigRef = { resource: "configmaps" | "secrets"; name: string };

/** One file a container sees: where it comes from, whether it follows the config, its content now. */
interface MountedFile {
  from: ConfigRef;
  key: string;
  follows: boolean;
  content?: string;
}

interface PodView {
  namespace: string;
  /** container -> path -> file. */
  files: Map<string, Map<string, MountedFile>>;
  /** container -> name -> value. */
  env: Map<string, Map<string, string>>;
}

export class KubeletVolumes {
  private readonly pods = new Map<string, PodView>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: Store,
    private readonly syncMs: number,
  ) {
    this.unsubscribe = store.subscribe((event) => {
      const namespace = stringAt(event.object, "metadata", "namespace") ?? "";
      const name = stringAt(event.object, "metadata", "name") ?? "";
      if (event.resource === "pods") {
        if (event.type === "ADDED") this.pods.set(`${namespace}/${name}`, this.start(event.object));
        else if (event.type === "DELETED") this.pods.delete(`${namespace}/${name}`);
      } else if (
        (event.resource === "configmaps" || event.resource === "secrets") &&
        event.type !== "DELETED"
      ) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.sync(event.resource as ConfigRef["resource"], namespace, name);
        }, this.syncMs);
        timer.unref();
        this.timers.add(timer);
      }
    });
  }

  /** Every file a container of the pod sees (path -> content); undefined: no such pod or container. */
  files(namespace: string, pod: string, container?: string): Map<string, string> | undefined {
    const view = this.pods.get(`${namespace}/${pod}`);
    const files = view && (container ? view.files.get(container) : view.files.values().next().value);
    if (!files) return undefined;
    return new Map([...files].flatMap(([path, f]) => (f.content === undefined ? [] : [[path, f.content]])));
  }

  /** A container's environment as set from configs when the pod started (container: the first one). */
  env(namespace: string, pod: string, container?: string): Map<string, string> | undefined {
    const view = this.pods.get(`${namespace}/${pod}`);
    return view && (container ? view.env.get(container) : view.env.values().next().value);
  }

  close(): void {
    this.unsubscribe();
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** The files and environment a new pod starts with. */
  private start(pod: KubeObject): PodView {
    const namespace = stringAt(pod, "metadata", "namespace") ?? "";
    const volumes = new Map(list(valueAt(pod, "spec", "volumes")).map((v) => [String(v.name), v] as const));
    const view: PodView = { namespace, files: new Map(), env: new Map() };
    for (const container of [
      ...list(valueAt(pod, "spec", "initContainers")),
      ...list(valueAt(pod, "spec", "containers")),
    ]) {
      const files = new Map<string, MountedFile>();
      for (const mount of list(container.volumeMounts)) {
        const volume = volumes.get(String(mount.name));
        for (const source of volumeSources(volume)) {
          // Read once per source: a config of thousands of keys is one read, not one per key.
          const config = this.store.get(source.ref.resource, namespace, source.ref.name);
          for (const [key, relative] of keysOf(config, source)) {
            const path = `${String(mount.mountPath).replace(/\/+$/, "")}/${relative}`;
            const subPath = typeof mount.subPath === "string" ? mount.subPath : undefined;
            if (subPath !== undefined && subPath !== relative) continue;
            const at = subPath !== undefined ? String(mount.mountPath) : path;
            files.set(at, {
              from: source.ref,
              key,
              follows: subPath === undefined,
              content: contentOf(config, source.ref, key),
            });
          }
        }
      }
      view.files.set(String(container.name), files);
      view.env.set(String(container.name), this.environment(namespace, container));
    }
    return view;
  }

  /** After a change of the config: every pod mounting it as a whole volume sees the new content. */
  private sync(resource: ConfigRef["resource"], namespace: string, name: string): void {
    const config = this.store.get(resource, namespace, name);
    for (const view of this.pods.values()) {
      if (view.namespace !== namespace) continue;
      for (const files of view.files.values()) {
        for (const file of files.values()) {
          if (!file.follows || file.from.resource !== resource || file.from.name !== name) continue;
          const content = contentOf(config, file.from, file.key);
          if (content !== undefined) file.content = content;
        }
      }
    }
  }

  private environment(namespace: string, container: Record<string, unknown>): Map<string, string> {
    const env = new Map<string, string>();
    for (const from of list(container.envFrom)) {
      const ref = refOf(from);
      if (!ref) continue;
      const prefix = typeof from.prefix === "string" ? from.prefix : "";
      const config = this.store.get(ref.resource, namespace, ref.name);
      for (const key of Object.keys(recordOf(config, "data"))) {
        const value = contentOf(config, ref, key);
        if (value !== undefined) env.set(`${prefix}${key}`, value);
      }
    }
    for (const entry of list(container.env)) {
      if (typeof entry.value === "string") env.set(String(entry.name), entry.value);
      const cm = valueAt(entry, "valueFrom", "configMapKeyRef");
      const secret = valueAt(entry, "valueFrom", "secretKeyRef");
      const selector = isRecord(cm) ? cm : isRecord(secret) ? secret : undefined;
      if (!selector) continue;
      const ref: ConfigRef = {
        resource: isRecord(cm) ? "configmaps" : "secrets",
        name: String(selector.name),
      };
      const value = contentOf(this.store.get(ref.resource, namespace, ref.name), ref, String(selector.key));
      if (value !== undefined) env.set(String(entry.name), value);
    }
    return env;
  }
}

/** The keys a volume source projects, each with its file name (items: only those, at their path). */
function keysOf(
  config: KubeObject | undefined,
  source: { items?: Array<{ key: string; path: string }> },
): ReadonlyArray<readonly [string, string]> {
  if (source.items) return source.items.map((i) => [i.key, i.path] as const);
  const keys = [...Object.keys(recordOf(config, "data")), ...Object.keys(recordOf(config, "binaryData"))];
  return keys.map((key) => [key, key] as const);
}

/** A key's content as a file holds it (Secret data and binaryData decoded). */
function contentOf(config: KubeObject | undefined, ref: ConfigRef, key: string): string | undefined {
  const data = recordOf(config, "data")[key];
  if (typeof data === "string") return ref.resource === "secrets" ? decode(data) : data;
  const binary = recordOf(config, "binaryData")[key];
  return typeof binary === "string" ? decode(binary) : undefined;
}

function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function recordOf(obj: unknown, key: string): Record<string, unknown> {
  const value = isRecord(obj) ? obj[key] : undefined;
  return isRecord(value) ? value : {};
}

function refOf(source: unknown): ConfigRef | undefined {
  const cm = valueAt(source, "configMapRef") ?? valueAt(source, "configMap");
  if (isRecord(cm) && typeof cm.name === "string") return { resource: "configmaps", name: cm.name };
  const secret = valueAt(source, "secretRef") ?? valueAt(source, "secret");
  if (isRecord(secret)) {
    const name = secret.name ?? secret.secretName;
    if (typeof name === "string") return { resource: "secrets", name };
  }
  return undefined;
}

/** The config sources of a volume: configMap, secret, or each of a projected volume's. */
function volumeSources(
  volume: unknown,
): Array<{ ref: ConfigRef; items?: Array<{ key: string; path: string }> }> {
  const sources = isRecord(volume) && isRecord(volume.projected) ? list(volume.projected.sources) : [volume];
  return sources.flatMap((source) => {
    const ref = refOf(source);
    if (!ref) return [];
    const inner = valueAt(source, ref.resource === "configmaps" ? "configMap" : "secret");
    const items = list(valueAt(inner, "items")).map((i) => ({ key: String(i.key), path: String(i.path) }));
    return [{ ref, ...(items.length > 0 ? { items } : {}) }];
  });
}

function decode(base64: string): string {
  return Buffer.from(base64, "base64").toString("utf8");
}
