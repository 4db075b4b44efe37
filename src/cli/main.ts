#!/usr/bin/env node
// The CLI entry point: the real process's arguments, environment and streams into runCli.
import { createRequire } from "node:module";
import { exitWhenDone } from "../run/interrupts.js";
import { descriptorWriter } from "./fd-output.js";
import { unsupportedNode } from "./node-version.js";
import { runCli } from "./run-cli.js";
import { useColor } from "./stderr-log.js";

// Written straight to the descriptors (fd-output.ts says why and what happens on EPIPE and
// EAGAIN); the streams are used only once a descriptor refuses a write. A stream's EPIPE, from then
// on, is dropped as well; any other write error still ends the process as Node would.
const streamOf = (stream: () => NodeJS.WriteStream) => () => {
  const opened = stream();
  opened.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
    throw error;
  });
  return opened;
};
const stdout = descriptorWriter(
  1,
  streamOf(() => process.stdout),
);
const stderr = descriptorWriter(
  2,
  streamOf(() => process.stderr),
);
// node:tty is required when colour is first asked about (a run that logs), not by --version.
const require = createRequire(import.meta.url);

const unsupported = unsupportedNode(process.versions.node);
if (unsupported !== undefined) {
  stderr(`error: ${unsupported}\n`);
  process.exit(2);
}

const run = runCli(process.argv.slice(2), process.env, {
  stdout,
  stderr,
  get color() {
    const { isatty } = require("node:tty") as typeof import("node:tty");
    return useColor({ isTTY: isatty(2) }, process.env);
  },
  cwd: process.cwd(),
});
// SIGINT and SIGTERM handled; the exit code once the run settles.
exitWhenDone(run, stderr);
