#!/usr/bin/env node
// The CLI entry point: the real process's arguments, environment and streams into runCli.
import { finalExitCode, handleInterrupts } from "../process/interrupt-run.js";
import { runCli } from "./run-cli.js";
import { useColor } from "./stderr-log.js";

// `config-rollout … | head` closes the pipe early: what the reader no longer wants is dropped, and
// the run ends as it would have, with its own exit code, instead of dying on EPIPE with a stack
// trace. Any other write error still ends the process as Node would.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
    throw error;
  });
}

const run = runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: useColor(process.stderr, process.env),
  cwd: process.cwd(),
});
handleInterrupts(run, (text) => process.stderr.write(text));
run.then((code) => {
  process.exitCode = finalExitCode(code);
});
