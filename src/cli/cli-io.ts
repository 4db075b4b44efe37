// Where the CLI writes, and what it knows of its terminal: passed in, so tests run the CLI in-process.

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Colour on stderr (a terminal without NO_COLOR). */
  color: boolean;
  /** Where a relative --repo is resolved. */
  cwd: string;
}
