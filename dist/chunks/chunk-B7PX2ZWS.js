import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  formatLocation
} from "./chunk-7KT5MVTH.js";
import {
  escapeForCiLog
} from "./chunk-7NDVFXIG.js";

// src/cli/stderr-log.ts
function useColor(stream, env) {
  return Boolean(stream.isTTY) && env.NO_COLOR === void 0 && env.TERM !== "dumb";
}
function createStderrLog(options) {
  const write = options.write ?? ((text) => process.stderr.write(text));
  const paint = (code, text) => options.color ? `\x1B[${code}m${text}\x1B[0m` : text;
  const safe = escapeForCiLog;
  return {
    info: (message) => write(`${safe(message)}
`),
    warn: (message, where) => write(`${paint("33", "warning:")} ${safe(`${where ? `${formatLocation(where)}: ` : ""}${message}`)}
`),
    debug: (message) => {
      if (options.debug) write(`${paint("2", `debug: ${safe(message)}`)}
`);
    },
    group: async (title, work) => {
      write(`${paint("1", `==> ${safe(title)}`)}
`);
      return work();
    }
  };
}
function keepWritingAfterReaderLeft(stream) {
  stream.on("error", (error) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
    throw error;
  });
}

export {
  useColor,
  createStderrLog,
  keepWritingAfterReaderLeft
};
