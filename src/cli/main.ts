#!/usr/bin/env node
// The CLI entry point: the real process's arguments, environment and streams into runCli.
import { runCli } from "./run-cli.js";
import { keepWritingAfterReaderLeft, useColor } from "./stderr-log.js";

// `config-rollout … | head` closes the pipe early: the run still ends as it would have, and exits
// with its own code, instead of dying on EPIPE with a stack trace.
keepWritingAfterReaderLeft(process.stdout);
keepWritingAfterReaderLeft(process.stderr);

runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: useColor(process.stderr, process.env),
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
