// How a message names an option: the CLI reads flags (`--dry-run`), the GitHub Action reads inputs
// (`dry-run: client`). A hint that tells the user what to set must name it the way the entry point
// in use takes it; the entry point hands its naming to the pipeline.

export interface OptionNaming {
  entryPoint: "cli" | "action";
  /** The option alone: `--kubeconfig`, or the `kubeconfig` input. */
  option(name: string): string;
  /** The option set to a value: `--dry-run client`, or `dry-run: client`. */
  set(name: string, value: string): string;
}

export const CLI_FLAGS: OptionNaming = {
  entryPoint: "cli",
  option: (name) => `--${name}`,
  // A bare --dry-run means client: the shortest thing to type.
  set: (name, value) => (name === "dry-run" && value === "client" ? "--dry-run" : `--${name} ${value}`),
};

export const ACTION_INPUTS: OptionNaming = {
  entryPoint: "action",
  option: (name) => `the \`${name}\` input`,
  set: (name, value) => `\`${name}: ${value}\``,
};
