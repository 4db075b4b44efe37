// Action inputs -> the raw values the settings parser takes (the same names as the CLI flags).
// GitHub passes an input as INPUT_<NAME> (uppercased, dashes kept) and fills unset ones with their
// action.yml default; an empty input counts as not given, so the option's env var or default applies.
import { UserError } from "../core/errors.js";
import { ACTION_INPUTS } from "../core/option-naming.js";
import { ACCEPTED_OPTIONS } from "../settings/deprecated-options.js";
import { appliesTo, type Command, type RawValues } from "../settings/option-spec.js";
import { namedAs } from "../settings/settings.js";
import { parseBoolean } from "../settings/value-spellings.js";
import {
  ALLOW_UNTRUSTED_INPUT,
  actionInputs,
  COMMAND_INPUT,
  COMMIT_INPUT,
  GITHUB_TOKEN_INPUT,
} from "./action-metadata.js";

interface ActionInputValues {
  /** Raw values by option name, for settingsFor (highest precedence). */
  values: RawValues;
  /** Whether the workflow set `dry-run` itself (otherwise pull requests default to a dry run). */
  dryRunExplicit: boolean;
  allowUntrusted: boolean;
  /** The `github-token` input ("" when unset): for the pull request comment, never a setting. */
  githubToken: string;
  /** `command`: run (detect, restart, wait), stamp, or sync (from the live configs). */
  command: "run" | "stamp" | "sync";
  /** `commit` (command: stamp): push the stamps to the pull request's branch. */
  commit: boolean;
}

/** Inputs that are no setting of the CLI's: read apart. */
const ACTION_ONLY = new Set(
  [ALLOW_UNTRUSTED_INPUT, GITHUB_TOKEN_INPUT, COMMAND_INPUT, COMMIT_INPUT].map((i) => i.name),
);

/** `getInput` is @actions/core's (trimmed, "" when unset); tests pass a plain function. */
export function readActionInputs(getInput: (name: string) => string): ActionInputValues {
  // An error about one of them names the input as the workflow wrote it, not the CLI's flag.
  const values: RawValues = namedAs({}, ACTION_INPUTS);
  const command = commandValue(getInput(COMMAND_INPUT.name) || COMMAND_INPUT.default);
  for (const input of actionInputs()) {
    if (ACTION_ONLY.has(input.name)) continue;
    const value = getInput(input.name);
    if (value === "") continue;
    refuseOtherCommands(input, value, command);
    values[input.name] = value;
  }
  return {
    values,
    dryRunExplicit: values["dry-run"] !== undefined,
    allowUntrusted: parseBoolean(
      `input ${ALLOW_UNTRUSTED_INPUT.name}`,
      getInput(ALLOW_UNTRUSTED_INPUT.name) || "false",
    ),
    githubToken: getInput(GITHUB_TOKEN_INPUT.name),
    command,
    commit: parseBoolean(`input ${COMMIT_INPUT.name}`, getInput(COMMIT_INPUT.name) || "false"),
  };
}

/**
 * An input only another command reads, set to other than its default (GitHub fills in defaults), is
 * refused, as the CLI refuses another command's flag: `check: true` on a run step restarted what a
 * stamp check was meant to look at.
 */
function refuseOtherCommands(
  input: { name: string; default: string },
  value: string,
  command: Command,
): void {
  const option = ACCEPTED_OPTIONS.find((o) => o.name === input.name);
  if (option === undefined || appliesTo(option, command) || value === input.default) return;
  const readers = (["run", "stamp", "sync"] as const).filter((c) => appliesTo(option, c));
  throw new UserError(
    `input ${input.name} is read by \`command: ${readers.join("` and `command: ")}\`, not by this step's \`command: ${command}\`: set \`command\`, or remove the input`,
  );
}

function commandValue(value: string): "run" | "stamp" | "sync" {
  if (value === "run" || value === "stamp" || value === "sync") return value;
  throw new UserError(`input command: expected run, stamp or sync, got "${value}"`);
}
