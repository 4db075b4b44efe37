import { formatLocation, type Log } from "../core/log.js";
import { escapeForCiLog } from "../report/ci-log-text.js";

interface StderrLogOptions {
  debug: boolean;
  /** Colour only on a terminal and never when NO_COLOR is set. */
  color: boolean;
  write?: (text: string) => void;
}

export function useColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return Boolean(stream.isTTY) && env.NO_COLOR === undefined && env.TERM !== "dumb";
}

/**
 * The CLI's log: everything to stderr, so stdout carries only the report. Messages carry repository
 * and cluster text, so each is escaped for CI logs before our own colours are added.
 */
export function createStderrLog(options: StderrLogOptions): Log {
  const write = options.write ?? ((text: string) => process.stderr.write(text));
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const safe = escapeForCiLog;
  return {
    info: (message) => write(`${safe(message)}\n`),
    warn: (message, where) =>
      write(`${paint("33", "warning:")} ${safe(`${where ? `${formatLocation(where)}: ` : ""}${message}`)}\n`),
    debug: (message) => {
      if (options.debug) write(`${paint("2", `debug: ${safe(message)}`)}\n`);
    },
    group: async (title, work) => {
      write(`${paint("1", `==> ${safe(title)}`)}\n`);
      return work();
    },
  };
}
