import type { Log } from "../core/log.js";
import { formatLocation } from "../core/log.js";

export interface StderrLogOptions {
  debug: boolean;
  /** Colour only on a terminal and never when NO_COLOR is set. */
  color: boolean;
  write?: (text: string) => void;
}

export function useColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return Boolean(stream.isTTY) && env.NO_COLOR === undefined && env.TERM !== "dumb";
}

/** The CLI's log: everything to stderr, so stdout carries only the report. */
export function createStderrLog(options: StderrLogOptions): Log {
  const write = options.write ?? ((text: string) => process.stderr.write(text));
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    info: (message) => write(`${message}\n`),
    warn: (message, where) =>
      write(`${paint("33", "warning:")} ${where ? `${formatLocation(where)}: ` : ""}${message}\n`),
    debug: (message) => {
      if (options.debug) write(`${paint("2", `debug: ${message}`)}\n`);
    },
    group: async (title, work) => {
      write(`${paint("1", `==> ${title}`)}\n`);
      return work();
    },
  };
}
