// The patches that make a workload controller roll out new pods: a change to the pod template,
// confined to one annotation or one env var, sent as strategic merge patches so nothing else in
// the template (other annotations, env vars, containers) is touched.

import { UserError } from "./errors.js";
import { arrayField, field, stringField } from "./json-shape.js";
import { atTemplate, podSpecAt, templateAt } from "./kinds/pod-template.js";

/** Pod-template annotation holding the hash of the config content the pods were started with. */
export const CONFIG_HASH_ANNOTATION = "config-rollout.io/config-hash";
/**
 * Pod-template annotation beside the hash: which configs it covers, each with a short digest of what
 * the pods read of it (`ConfigMap/app-config=1a2b3c4d5e,Secret/db=…`), so `config-rollout sync` can
 * say which config changed since the pods started. Written by the live runs, not by `stamp`.
 */
export const CONFIG_DIGESTS_ANNOTATION = "config-rollout.io/config-digests";

const SPEC_TEMPLATE = ["spec", "template"] as const;

/** Sets the config-hash annotation (and the digests beside it, when given) on the pod template at `templatePath`. */
export function annotationPatch(
  hash: string,
  templatePath: readonly string[] = SPEC_TEMPLATE,
  digests?: string,
): Record<string, unknown> {
  const annotations = {
    [CONFIG_HASH_ANNOTATION]: hash,
    ...(digests !== undefined ? { [CONFIG_DIGESTS_ANNOTATION]: digests } : {}),
  };
  return atTemplate(templatePath, { metadata: { annotations } });
}

const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

/**
 * Adds or updates env var `varName` in every container of the pod spec. Each list entry names
 * only its merge key plus the one env var, so a strategic merge keeps every other env var and
 * container as they are (a JSON merge patch would replace the whole lists).
 *
 * Containers only, not init containers: every new pod runs its init containers again anyway,
 * and changing the app containers' template is already enough to start the rollout.
 */
export function envPatch(
  podSpec: unknown,
  varName: string,
  value: string,
  templatePath: readonly string[] = SPEC_TEMPLATE,
): Record<string, unknown> {
  if (!ENV_NAME.test(varName)) {
    throw new UserError(
      `env var name "${varName}" is not valid: use letters, digits, '_', '-' or '.', not starting with a digit`,
    );
  }
  const containers = arrayField(podSpec, "containers");
  if (containers.length === 0) throw new UserError("the pod template has no containers to set an env var on");
  const entries = containers.map((container) => {
    const name = stringField(container, "name");
    if (!name) throw new UserError("a container of the pod template has no name");
    const existing = arrayField(container, "env").find((e) => field(e, "name") === varName);
    if (existing !== undefined && field(existing, "valueFrom") !== undefined) {
      // Merging {name, value} into an entry with valueFrom would produce an invalid env var.
      throw new UserError(
        `container "${name}" already takes env var ${varName} from valueFrom: choose another --env-name`,
      );
    }
    return { name, env: [{ name: varName, value }] };
  });
  return atTemplate(templatePath, { spec: { containers: entries } });
}

/**
 * The env change as a JSON merge patch, for kinds that accept no strategic merge patch (custom
 * resources): a merge patch replaces whole lists, so it carries every container with its env
 * updated, and the live resourceVersion, so the API server refuses it (409) if the object changed
 * since it was read instead of dropping someone else's change.
 */
export function envMergePatch(
  live: unknown,
  templatePath: readonly string[],
  varName: string,
  value: string,
): Record<string, unknown> {
  // The same checks as the strategic merge patch (a valid name, named containers, no valueFrom).
  envPatch(podSpecAt(live, templatePath), varName, value, []);
  return envListMergePatch(live, templatePath, varName, () => value);
}

/**
 * A JSON merge patch of the whole container list with env var `varName` set in each container to
 * `valueFor` its name (left out where undefined), guarded by the live resourceVersion.
 */
function envListMergePatch(
  live: unknown,
  templatePath: readonly string[],
  varName: string,
  valueFor: (container: string) => string | undefined,
): Record<string, unknown> {
  const containers = arrayField(podSpecAt(live, templatePath), "containers").map((container) => {
    const value = valueFor(stringField(container, "name") ?? "");
    const env = arrayField(container, "env").filter((e) => field(e, "name") !== varName);
    return {
      ...(container as Record<string, unknown>),
      env: value === undefined ? env : [...env, { name: varName, value }],
    };
  });
  const resourceVersion = stringField(field(live, "metadata"), "resourceVersion");
  return {
    ...(resourceVersion ? { metadata: { resourceVersion } } : {}),
    ...atTemplate(templatePath, { spec: { containers } }),
  };
}

/** Each container's value of env var `varName` in a pod spec (undefined: not set), by container name. */
export function envValues(podSpec: unknown, varName: string): Map<string, string | undefined> {
  return new Map(
    arrayField(podSpec, "containers").map((container) => [
      stringField(container, "name") ?? "",
      stringField(
        arrayField(container, "env").find((e) => field(e, "name") === varName),
        "value",
      ),
    ]),
  );
}

/**
 * The patch that sets env var `varName` of each container back to `previous` (removing it where it
 * was not set), or undefined when the template holds those values already. Strategic merge for
 * built-in kinds; a JSON merge patch of the whole container list, guarded by the resourceVersion,
 * for custom resources (as envMergePatch).
 */
export function envRestorePatch(
  live: unknown,
  templatePath: readonly string[],
  varName: string,
  previous: ReadonlyMap<string, string | undefined>,
  type: "strategic-merge" | "merge",
): Record<string, unknown> | undefined {
  const current = envValues(podSpecAt(live, templatePath), varName);
  const changed = [...previous].filter(([name, value]) => current.has(name) && current.get(name) !== value);
  if (changed.length === 0) return undefined;
  if (type === "strategic-merge") {
    const containers = changed.map(([name, value]) => ({
      name,
      env: [value === undefined ? { name: varName, $patch: "delete" } : { name: varName, value }],
    }));
    return atTemplate(templatePath, { spec: { containers } });
  }
  return envListMergePatch(live, templatePath, varName, (name) => previous.get(name));
}

/** The config hash the workload's pod template carries, if any. */
export function currentHash(
  obj: unknown,
  templatePath: readonly string[] = SPEC_TEMPLATE,
): string | undefined {
  return templateAnnotation(obj, templatePath, CONFIG_HASH_ANNOTATION);
}

/** The config digests the workload's pod template carries, if any. */
export function currentDigests(
  obj: unknown,
  templatePath: readonly string[] = SPEC_TEMPLATE,
): string | undefined {
  return templateAnnotation(obj, templatePath, CONFIG_DIGESTS_ANNOTATION);
}

function templateAnnotation(obj: unknown, templatePath: readonly string[], name: string): string | undefined {
  return stringField(field(field(templateAt(obj, templatePath), "metadata"), "annotations"), name);
}
