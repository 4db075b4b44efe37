// Repointing a pod template from one config name to another, at every place a PodSpec names a
// ConfigMap or Secret: volumes, projected sources, envFrom and env.valueFrom of init, app and
// ephemeral containers. The result is one patch per workload that changes only those names.

import { UserError } from "../../core/errors.js";
import { arrayField, field, isRecord, stringField } from "../../core/json-shape.js";
import { atTemplate } from "../../core/kinds/pod-template.js";
import type { ConfigKind } from "../../core/model.js";

type Plain = Record<string, unknown>;

const CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"] as const;
type ContainerList = (typeof CONTAINER_LISTS)[number];

/** Where a PodSpec names a config, and which one. */
export interface ReferenceSite {
  /** Stable location, e.g. `volumes[cfg].configMap`, `containers[app].env[DB_PASSWORD].secretKeyRef`. */
  path: string;
  configKind: ConfigKind;
  name: string;
}

/** A site renamed: `name` before, `to` after. */
export interface SiteChange extends ReferenceSite {
  to: string;
}

/** Where a change lands in the patch: which list item (by its merge key) and which part of it. */
interface Placement {
  list: "volumes" | ContainerList;
  item: string;
  part: "configMap" | "secret" | "projected" | "envFrom" | "env";
  envName?: string;
}

interface Located extends SiteChange {
  placement: Placement;
}

export interface Repointed {
  /** The pod spec with the new names (a copy; the input is not modified). */
  spec: Plain;
  changes: SiteChange[];
  located: Located[];
}

/** Every site of a pod spec, in document order. */
export function referenceSites(podSpec: unknown): ReferenceSite[] {
  return repoint(podSpec, () => undefined, true).sites;
}

/**
 * The pod spec with each site renamed to what `rename` returns for it (undefined: left as is).
 * Sites whose name does not change are not reported.
 */
export function repointPodSpec(
  podSpec: unknown,
  rename: (site: ReferenceSite) => string | undefined,
): Repointed {
  const { spec, located } = repoint(podSpec, rename, false);
  return { spec, located, changes: located.map(({ placement: _p, ...change }) => change) };
}

function repoint(
  podSpec: unknown,
  rename: (site: ReferenceSite) => string | undefined,
  collect: boolean,
): { spec: Plain; located: Located[]; sites: ReferenceSite[] } {
  const spec = structuredClone(isRecord(podSpec) ? podSpec : {}) as Plain;
  const located: Located[] = [];
  const sites: ReferenceSite[] = [];
  /** Looks at `holder[key]` as a reference of `configKind`; renames it in place. */
  const visit = (
    holder: unknown,
    key: string,
    configKind: ConfigKind,
    path: string,
    placement: Placement,
  ) => {
    if (!isRecord(holder)) return;
    const name = stringField(holder, key);
    if (!name) return;
    const site = { path, configKind, name };
    if (collect) sites.push(site);
    const to = rename(site);
    if (to === undefined || to === name) return;
    holder[key] = to;
    located.push({ ...site, to, placement });
  };

  visitVolumes(spec, visit);
  visitContainers(spec, visit);
  return { spec, located, sites };
}

/**
 * The strategic merge patch that makes the live pod template at `templatePath` match `repointed`:
 * list items are named by their merge keys (volume, container and env var names), so nothing else
 * in the template changes. envFrom and projected sources have no merge key; they are sent whole.
 */
export function repointStrategicPatch(repointed: Repointed, templatePath: readonly string[]): Plain {
  const spec: Plain = {};
  const items = new Map<string, Plain>();
  const entry = (list: Placement["list"], name: string): Plain => {
    if (name === "")
      throw new UserError(`an entry of ${list} has no name: its references cannot be repointed`);
    const key = `${list}/${name}`;
    let item = items.get(key);
    if (!item) {
      item = { name };
      items.set(key, item);
      spec[list] = [...((spec[list] as Plain[] | undefined) ?? []), item];
    }
    return item;
  };
  for (const { placement, to } of repointed.located) {
    const item = entry(placement.list, placement.item);
    const source = findItem(repointed.spec, placement.list, placement.item);
    switch (placement.part) {
      case "configMap":
        item.configMap = { name: to };
        break;
      case "secret":
        item.secret = { secretName: to };
        break;
      case "projected":
        item.projected = { sources: arrayField(field(source, "projected"), "sources") };
        break;
      case "envFrom":
        item.envFrom = arrayField(source, "envFrom");
        break;
      case "env": {
        const env = arrayField(source, "env").find((e) => stringField(e, "name") === placement.envName);
        if (placement.envName === undefined || !env)
          throw new UserError(
            `an env var of ${placement.list}[${placement.item}] has no name: it cannot be repointed`,
          );
        const envList = ((item.env as Plain[] | undefined) ?? []).filter((e) => e.name !== placement.envName);
        item.env = [...envList, { name: placement.envName, valueFrom: field(env, "valueFrom") }];
        break;
      }
    }
  }
  return atTemplate(templatePath, { spec });
}

/**
 * The same change as a JSON merge patch, for custom resources (no strategic merge): a merge patch
 * replaces lists whole, so it carries every list it touches, and the live resourceVersion, so the
 * API server refuses it (409) if the object changed since it was read.
 */
export function repointMergePatch(
  repointed: Repointed,
  live: unknown,
  templatePath: readonly string[],
): Plain {
  const lists = new Set(repointed.located.map((l) => l.placement.list));
  const spec: Plain = {};
  for (const list of lists) spec[list] = repointed.spec[list];
  const resourceVersion = stringField(field(live, "metadata"), "resourceVersion");
  return {
    ...(resourceVersion ? { metadata: { resourceVersion } } : {}),
    ...atTemplate(templatePath, { spec }),
  };
}

function findItem(spec: Plain, list: string, name: string): unknown {
  return arrayField(spec, list).find((item) => stringField(item, "name") === name);
}

/** Looks at `holder[key]` as a reference of `configKind` at `path`, placed in the patch at `placement`. */
type Visit = (
  holder: unknown,
  key: string,
  configKind: ConfigKind,
  path: string,
  placement: Placement,
) => void;

/** The references of the pod spec's volumes: configMap, secret and projected sources. */
function visitVolumes(spec: Plain, visit: Visit): void {
  arrayField(spec, "volumes").forEach((volume, index) => {
    const volumeName = stringField(volume, "name");
    const at = `volumes[${volumeName ?? index}]`;
    const place = (part: Placement["part"]): Placement => ({ list: "volumes", item: volumeName ?? "", part });
    visit(field(volume, "configMap"), "name", "ConfigMap", `${at}.configMap`, place("configMap"));
    visit(field(volume, "secret"), "secretName", "Secret", `${at}.secret`, place("secret"));
    arrayField(field(volume, "projected"), "sources").forEach((source, i) => {
      const sourceAt = `${at}.sources[${i}]`;
      visit(field(source, "configMap"), "name", "ConfigMap", `${sourceAt}.configMap`, place("projected"));
      visit(field(source, "secret"), "name", "Secret", `${sourceAt}.secret`, place("projected"));
    });
  });
}

/** The references of every container list: envFrom and env valueFrom. */
function visitContainers(spec: Plain, visit: Visit): void {
  for (const list of CONTAINER_LISTS) {
    arrayField(spec, list).forEach((container, index) => {
      const containerName = stringField(container, "name");
      const at = `${list}[${containerName ?? index}]`;
      const place = (part: Placement["part"], envName?: string): Placement => ({
        list,
        item: containerName ?? "",
        part,
        ...(envName === undefined ? {} : { envName }),
      });
      arrayField(container, "envFrom").forEach((envFrom, i) => {
        visit(
          field(envFrom, "configMapRef"),
          "name",
          "ConfigMap",
          `${at}.envFrom[${i}].configMapRef`,
          place("envFrom"),
        );
        visit(
          field(envFrom, "secretRef"),
          "name",
          "Secret",
          `${at}.envFrom[${i}].secretRef`,
          place("envFrom"),
        );
      });
      arrayField(container, "env").forEach((env, i) => {
        const envName = stringField(env, "name");
        const envAt = `${at}.env[${envName ?? i}]`;
        const valueFrom = field(env, "valueFrom");
        visit(
          field(valueFrom, "configMapKeyRef"),
          "name",
          "ConfigMap",
          `${envAt}.configMapKeyRef`,
          place("env", envName),
        );
        visit(
          field(valueFrom, "secretKeyRef"),
          "name",
          "Secret",
          `${envAt}.secretKeyRef`,
          place("env", envName),
        );
      });
    });
  }
}
