// `config-rollout sync --config`: the configs whose consumers a sync checks, `kind/name[:key]`. Read
// with the settings, where the place that set the value (flag, variable, input) is known, so an
// error names it as the user wrote it; sync/ reads the parsed values.

import { UserError } from "./errors.js";
import type { ConfigKind } from "./model.js";
import { CONFIG_KEY_CHARACTERS, isObjectName } from "./names.js";

/** One --config entry: a config kind and name, and optionally the one key its consumers must read. */
export interface NamedConfig {
  kind: ConfigKind;
  name: string;
  key?: string;
}

/** `kind/name[:key]`: the kind, then everything up to the first `:`, then the rest. */
const NAMED = /^(configmap|secret)\/([^:]*)(?::(.*))?$/i;
/** The longest name or key the API server accepts (a DNS subdomain's length). */
const MAX_NAME = 253;

/**
 * --config values: `secret/db-credentials` or `secret/db-credentials:password`, checked as the API
 * server checks a name and a key, so an impossible value is an error, never "in sync". `option`
 * names the option as the place that set it does (`--config`, `CONFIG_ROLLOUT_CONFIG`, an input).
 */
export function parseNamedConfigs(values: readonly string[], option = "--config"): NamedConfig[] {
  return values.map((value) => {
    const refuse = (why: string) =>
      new UserError(
        `${option} ${JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value)}: ${why}`,
      );
    const match = NAMED.exec(value.trim());
    if (!match)
      throw refuse(
        "expected configmap/NAME or secret/NAME, optionally :KEY (e.g. secret/db-credentials:password)",
      );
    const [, kindName, name = "", key] = match;
    if (!isObjectName(name))
      throw refuse(
        `${JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name)} is not a ConfigMap or Secret name (lowercase letters, digits, "-" and ".", starting and ending with a letter or digit, at most ${MAX_NAME} characters)`,
      );
    if (key !== undefined && !validKey(key))
      throw refuse(
        `${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key)} is not a ConfigMap or Secret key (letters, digits, "-", "_" and ".", not "." or "..", not starting with "..", at most ${MAX_NAME} characters)`,
      );
    const kind: ConfigKind = kindName!.toLowerCase() === "secret" ? "Secret" : "ConfigMap";
    return { kind, name, ...(key !== undefined ? { key } : {}) };
  });
}

/** A key the API server accepts in data, binaryData or stringData (IsConfigMapKey). */
function validKey(key: string): boolean {
  return key.length <= MAX_NAME && CONFIG_KEY_CHARACTERS.test(key) && key !== "." && !key.startsWith("..");
}
