import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);

// src/report/ci-log-text.ts
var ZERO_WIDTH_SPACE = "\u200B";
var CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
function escapeForCiLog(text) {
  const visible = text.replace(/\r\n/g, "\n").replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return visible.split("\n").map((line) => line.replace(/^(\s*):(?=:)/, `$1:${ZERO_WIDTH_SPACE}`)).join("\n").replaceAll("##[", `#${ZERO_WIDTH_SPACE}#[`);
}
function escapeJsonForCiLog(json) {
  return json.replaceAll("##[", "#\\u0023[");
}

export {
  escapeForCiLog,
  escapeJsonForCiLog
};
