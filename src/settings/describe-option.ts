// An option's text as a document spells it: descriptions and summaries in the option table name other
// options as {name} or {name=value}; the command line reads `--name value`, a workflow `name: value`.
import type { OptionNaming } from "../core/option-naming.js";

const REFERENCE = /\{([a-z][a-z-]*)(?:=([^{}\s]+))?\}/g;

export function spellOptions(text: string, naming: OptionNaming): string {
  return text.replace(REFERENCE, (_, name: string, value: string | undefined) =>
    value === undefined ? naming.option(name) : naming.set(name, value),
  );
}

/** The option names a text refers to, for the test that each is an option of the table. */
export function optionsNamedIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1]!);
}

/** Inputs as a description names them: `name`, `name: value` (a workflow's or a component's). */
export const INPUT_NAMES: OptionNaming = {
  entryPoint: "action",
  option: (name) => `\`${name}\``,
  set: (name, value) => `\`${name}: ${value}\``,
};
