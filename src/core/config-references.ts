// PodSpec -> every place that ties it to a ConfigMap or Secret, with the keys each one reads.
// Shapes the API server would reject (env not a list, a name that is not a string) are ignored:
// this reads; validation of workloads is the API server's job.

import { arrayField, field, isRecord, stringField } from "./json-shape.js";
import type { ConfigKind, ConfigReference } from "./model.js";
import { isObjectName } from "./names.js";

const CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"] as const;

export function findReferences(podSpec: unknown): ConfigReference[] {
  if (!isRecord(podSpec)) return [];
  const subPathVolumes = volumesMountedWithSubPath(podSpec);
  return [...volumeReferences(podSpec, subPathVolumes), ...containerReferences(podSpec)];
}

function volumeReferences(podSpec: unknown, subPathVolumes: Set<string>): ConfigReference[] {
  const refs: ConfigReference[] = [];
  arrayField(podSpec, "volumes").forEach((volume, index) => {
    if (!isRecord(volume)) return;
    const volumeName = stringField(volume, "name");
    const path = `volumes[${shown(volumeName) ?? index}]`;
    const subPath = volumeName !== undefined && subPathVolumes.has(volumeName) ? { subPath: true } : {};

    const configMap = field(volume, "configMap");
    const configMapName = configName(configMap, "name");
    if (configMapName) {
      refs.push({ ...source("ConfigMap", configMapName, "volume", configMap, path), ...subPath });
    }
    const secret = field(volume, "secret");
    const secretName = configName(secret, "secretName");
    if (secretName) refs.push({ ...source("Secret", secretName, "volume", secret, path), ...subPath });

    arrayField(field(volume, "projected"), "sources").forEach((projection, sourceIndex) => {
      const sourcePath = `${path}.sources[${sourceIndex}]`;
      const projectedConfigMap = field(projection, "configMap");
      const pcName = configName(projectedConfigMap, "name");
      if (pcName) {
        refs.push({
          ...source("ConfigMap", pcName, "projected", projectedConfigMap, sourcePath),
          ...subPath,
        });
      }
      const projectedSecret = field(projection, "secret");
      const psName = configName(projectedSecret, "name");
      if (psName)
        refs.push({ ...source("Secret", psName, "projected", projectedSecret, sourcePath), ...subPath });
    });
  });
  return refs;
}

/** A volume source: with `items` it reads only those keys, otherwise every key. */
function source(
  configKind: ConfigKind,
  configName: string,
  via: "volume" | "projected",
  volumeSource: unknown,
  path: string,
): ConfigReference {
  const items = field(volumeSource, "items");
  let keys: string[] | "all" = "all";
  if (Array.isArray(items)) {
    const named = unique(items.map((item) => stringField(item, "key")).filter((k): k is string => !!k));
    // Items without a usable key are malformed: assume every key rather than none.
    if (named.length > 0) keys = named;
  }
  return { configKind, configName, via, keys, path, ...optional(volumeSource) };
}

/** `optional: true` on a reference: pods start without the config (or key) and never see it appear. */
function optional(source: unknown): { optional?: true } {
  return field(source, "optional") === true ? { optional: true } : {};
}

function containerReferences(podSpec: unknown): ConfigReference[] {
  const refs: ConfigReference[] = [];
  for (const list of CONTAINER_LISTS) {
    const init = list === "initContainers" ? { init: true } : {};
    arrayField(podSpec, list).forEach((container, index) => {
      if (!isRecord(container)) return;
      const prefix = `${list}[${shown(stringField(container, "name")) ?? index}]`;

      arrayField(container, "envFrom").forEach((envFrom, envFromIndex) => {
        const path = `${prefix}.envFrom[${envFromIndex}]`;
        for (const [refField, configKind] of [
          ["configMapRef", "ConfigMap"],
          ["secretRef", "Secret"],
        ] as const) {
          const ref = field(envFrom, refField);
          const name = configName(ref, "name");
          if (name) {
            refs.push({
              configKind,
              configName: name,
              via: "envFrom",
              keys: "all",
              path,
              ...init,
              ...optional(ref),
            });
          }
        }
      });

      arrayField(container, "env").forEach((env, envIndex) => {
        const valueFrom = field(env, "valueFrom");
        const path = `${prefix}.env[${shown(stringField(env, "name")) ?? envIndex}]`;
        for (const [refField, configKind] of [
          ["configMapKeyRef", "ConfigMap"],
          ["secretKeyRef", "Secret"],
        ] as const) {
          const ref = field(valueFrom, refField);
          const name = configName(ref, "name");
          const key = stringField(ref, "key");
          if (name && key) {
            refs.push({
              configKind,
              configName: name,
              via: "env",
              keys: [key],
              path,
              ...init,
              ...optional(ref),
            });
          }
        }
      });
    });
  }
  return refs;
}

/** Volumes mounted with subPath/subPathExpr by any container: those files never update in place. */
function volumesMountedWithSubPath(podSpec: unknown): Set<string> {
  const names = new Set<string>();
  for (const list of CONTAINER_LISTS) {
    for (const container of arrayField(podSpec, list)) {
      for (const mount of arrayField(container, "volumeMounts")) {
        const name = stringField(mount, "name");
        if (name && (stringField(mount, "subPath") || stringField(mount, "subPathExpr"))) names.add(name);
      }
    }
  }
  return names;
}

/** A config name the API server would accept; any other name can never match a config. */
function configName(source: unknown, key: string): string | undefined {
  const name = stringField(source, key);
  return name !== undefined && isObjectName(name) ? name : undefined;
}

/** A name from the pod spec as shown in a reference path: quoted and escaped when it has control characters. */
function shown(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return JSON.stringify(name);
  }
  return name;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
