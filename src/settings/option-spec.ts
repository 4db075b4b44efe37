// The shape of one row of the option table (options.ts), apart so the table can be split in files.

export type OptionType = "string" | "boolean" | "list" | "duration" | "integer";

export interface OptionSpec {
  /** Flag name without dashes; also the GitHub Action input name. */
  name: string;
  type: OptionType;
  /** Default as the user would write it; undefined means "not set". */
  default?: string;
  /** Environment variable that can supply it (CLI and GitLab). */
  env?: string;
  /** Allowed values for enumerations. */
  choices?: readonly string[];
  /** The value is a credential: never printed, masked in CI logs. */
  secret?: boolean;
  /** Single-letter alias. */
  short?: string;
  /** Shown as the value placeholder in --help. */
  placeholder?: string;
  description: string;
}
