// Action inputs -> the raw values the settings parser takes (the same names as the CLI flags).
// GitHub passes an input as INPUT_<NAME> (uppercased, dashes kept) and fills unset ones with their
// action.yml default; an empty input counts as not given, so the option's env var or default applies.
import { UserError } from "../core/errors.js";
import type { RawValues } from "../settings/settings.js";
import { ALLOW_UNTRUSTED_INPUT, actionInputs, GITHUB_TOKEN_INPUT } from "./action-metadata.js";

export interface ActionInputValues {
  /** Raw values by option name, for toSettings (highest precedence). */
  values: RawValues;
  /** Whether the workflow set `dry-run` itself (otherwise pull requests default to a dry run). */
  dryRunExplicit: boolean;
  allowUntrusted: boolean;
  /** The `github-token` input ("" when unset): for the pull request comment, never a setting. */
  githubToken: string;
}

/** `getInput` is @actions/core's (trimmed, "" when unset); tests pass a plain function. */
export function readActionInputs(getInput: (name: string) => string): ActionInputValues {
  const values: RawValues = {};
  for (const input of actionInputs()) {
    if (input.name === ALLOW_UNTRUSTED_INPUT.name || input.name === GITHUB_TOKEN_INPUT.name) continue;
    const value = getInput(input.name);
    if (value === "") continue;
    values[input.name] = input.name === "dry-run" ? dryRunValue(value) : value;
  }
  return {
    values,
    dryRunExplicit: values["dry-run"] !== undefined,
    allowUntrusted: parseBoolean(ALLOW_UNTRUSTED_INPUT.name, getInput(ALLOW_UNTRUSTED_INPUT.name) || "false"),
    githubToken: getInput(GITHUB_TOKEN_INPUT.name),
  };
}

/** A workflow author writes `dry-run: true` as often as `dry-run: client`; accept both. */
function dryRunValue(value: string): string {
  const lower = value.toLowerCase();
  if (lower === "true") return "client";
  if (lower === "false") return "none";
  return value;
}

function parseBoolean(name: string, value: string): boolean {
  const lower = value.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  throw new UserError(`input ${name}: expected true or false, got "${value}"`);
}
