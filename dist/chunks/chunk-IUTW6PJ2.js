import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);

// src/core/errors.ts
var EXIT_OK = 0;
var EXIT_FAILED = 1;
var EXIT_USAGE = 2;
var UserError = class extends Error {
  name = "UserError";
  exitCode = EXIT_USAGE;
};
var ClusterAccessError = class extends UserError {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
  status;
  name = "ClusterAccessError";
};
var RolloutFailure = class extends Error {
  name = "RolloutFailure";
  exitCode = EXIT_FAILED;
};
function exitCodeFor(error) {
  if (error instanceof UserError || error instanceof RolloutFailure) return error.exitCode;
  return EXIT_FAILED;
}
function isExpectedError(error) {
  return error instanceof UserError || error instanceof RolloutFailure;
}

export {
  EXIT_OK,
  EXIT_FAILED,
  UserError,
  ClusterAccessError,
  RolloutFailure,
  exitCodeFor,
  isExpectedError
};
