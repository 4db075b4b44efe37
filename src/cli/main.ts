#!/usr/bin/env node
// The CLI entry point: the real process's arguments, environment and streams into runCli.
import { interruptedSignal } from "../process/interrupt.js";
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
  // The report is out. A --contexts cluster that --timeout gave up on may still hold a socket to an
  // API server that never answers (its requests have their own, longer, time limit): it must not hold
  // the job too. Unref'd, this timer never keeps the process alive when nothing else does. An
  // interrupted run is ended by handleInterrupts, once its checkouts are removed and it has said so.
  if (interruptedSignal() === undefined) setTimeout(() => process.exit(finalExitCode(code)), 2_000).unref();
});
