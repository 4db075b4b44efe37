// One `git cat-file --batch` process for many objects: at 20,000 files, one process per file
// would take minutes. (Reads go through the long-lived one in cat-file-reader.ts; this serves sizes.)

import { spawn } from "node:child_process";
import { missingObjectError } from "./missing-object.js";
import { type BatchEntry, CatFileBatchParser } from "./parse-cat-file-batch.js";
import { GIT_CONFIG } from "./spawn-git.js";

/** Look up object names (e.g. "<sha>:<path>", no newlines) and return one entry per name, in order. */
export function catFileBatch(
  root: string,
  names: readonly string[],
  mode: "contents" | "sizes",
  maxContentBytes?: number,
): Promise<BatchEntry[]> {
  if (names.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const entries: BatchEntry[] = [];
    const parser = new CatFileBatchParser(
      mode === "contents",
      (entry) => entries.push(entry),
      maxContentBytes,
    );
    const args = [
      ...GIT_CONFIG.flatMap((c) => ["-c", c]),
      "cat-file",
      mode === "contents" ? "--batch" : "--batch-check",
      "--buffer",
    ];
    const child = spawn("git", args, { cwd: root, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
    const stderr: Buffer[] = [];
    let failed: Error | undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      if (failed) return;
      try {
        parser.push(chunk);
      } catch (error) {
        failed = error as Error;
        child.kill();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    // If git dies early, writing fails with EPIPE; the exit code below reports the real problem.
    child.stdin.on("error", () => {});
    child.on("error", (error) => {
      failed ??= error;
    });
    child.on("close", (code) => {
      if (!failed && code !== 0) {
        const text = Buffer.concat(stderr).toString("utf8").trim();
        failed = missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`);
      }
      if (!failed) {
        try {
          parser.end();
          if (entries.length !== names.length) {
            throw new Error(`git cat-file answered ${entries.length} of ${names.length} lookups`);
          }
        } catch (error) {
          failed = error as Error;
        }
      }
      if (failed) reject(failed);
      else resolve(entries);
    });
    child.stdin.end(`${names.join("\n")}\n`);
  });
}
