#!/usr/bin/env node
// The CLI entry point: the real process's arguments, environment and streams into runCli.
import { runCli } from "./run-cli.js";
import { useColor } from "./stderr-log.js";

runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: useColor(process.stderr, process.env),
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
