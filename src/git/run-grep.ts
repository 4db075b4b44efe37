// `git grep` spawned directly (argument array), not through simple-git: the search is the longest
// git command of a plan and is started while the process is busy reading and parsing; simple-git's
// task queue delayed its start and, when nothing matched (no output), added a fixed 50 ms wait.

import { spawn } from "node:child_process";
import { missingObjectError } from "./missing-object.js";
import { GIT_CONFIG } from "./run-git.js";

/** Run `git grep` with `args` (after "grep") in `root`; its stdout, or "" when nothing matched (exit 1). */
export function runGrep(root: string, args: readonly string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), "grep", ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      ...(signal ? { signal } : {}),
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let failed: Error | undefined;
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error) => {
      failed ??= error;
    });
    child.on("close", (code) => {
      if (failed) return reject(failed);
      if (code === 0) return resolve(Buffer.concat(stdout).toString("utf8"));
      if (code === 1) return resolve("");
      const text = Buffer.concat(stderr).toString("utf8").trim();
      reject(missingObjectError(text) ?? new Error(`git grep failed (exit ${code}): ${text}`));
    });
  });
}
