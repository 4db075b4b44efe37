// Where progress and warnings go. The CLI writes to stderr; the GitHub Action maps these onto
// log groups and annotations. Stdout is reserved for the report.

export interface Location {
  file: string;
  line?: number;
  col?: number;
}

export interface Log {
  info(message: string): void;
  warn(message: string, where?: Location): void;
  debug(message: string): void;
  /** Run `work` as one named stage (a collapsible group in CI logs). */
  group<T>(title: string, work: () => Promise<T>): Promise<T>;
}

/** A log that keeps everything in memory: for tests and for callers that report elsewhere. */
export function createMemoryLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(message),
    warn: (message, where) => lines.push(`warning: ${where ? `${formatLocation(where)}: ` : ""}${message}`),
    debug: () => {},
    group: (_title, work) => work(),
  };
}

export function formatLocation(where: Location): string {
  return [where.file, where.line, where.col].filter((part) => part !== undefined).join(":");
}
