import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  isExpectedError
} from "./chunk-IUTW6PJ2.js";

// src/report/error-line.ts
function describeError(error, debug) {
  if (isExpectedError(error)) return `error: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof Error && error.name !== "Error" && error.name !== "TypeError";
  if (debug && error instanceof Error && error.stack) return `error: ${error.stack}`;
  return known ? `error: ${message}` : `error: ${message}
(this looks like a bug in config-rollout: rerun with --debug and report it with the output)`;
}

export {
  describeError
};
