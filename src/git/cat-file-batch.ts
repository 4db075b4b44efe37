// One `git cat-file --batch` process for many objects: at 20,000 files, one process per file
// would take minutes. Names go to its stdin, as they become known if need be (a search still
// running), and its answers are parsed from stdout as they arrive.

import { spawn } from "node:child_process";
import { missingObjectError } from "./missing-object.js";
import { type BatchEntry, CatFileBatchParser } from "./parse-cat-file-batch.js";
import { GIT_CONFIG } from "./spawn-git.js";

export interface CatFileSession {
  /** Ask for more objects (e.g. "<sha>:<path>", no newline); their entries come in order. */
  lookup(names: readonly string[]): void;
  /** No more names: resolves once every lookup is answered, rejects when git failed. */
  end(): Promise<void>;
}

/**
 * Start one cat-file process; `onEntry` is called once per lookup, in lookup order, as git answers.
 * `streaming`: each answer is flushed at once (the caller is still finding the next names); else
 * git buffers its output, which is faster when every name is asked at once.
 */
export function startCatFileBatch(
  root: string,
  mode: "contents" | "sizes",
  onEntry: (entry: BatchEntry, name: string) => void,
  options: { maxContentBytes?: number; streaming?: boolean } = {},
): CatFileSession {
  const asked: string[] = [];
  let answered = 0;
  const parser = new CatFileBatchParser(
    mode === "contents",
    (entry) => onEntry(entry, asked[answered++] ?? ""),
    options.maxContentBytes,
  );
  const args = [
    ...GIT_CONFIG.flatMap((c) => ["-c", c]),
    "cat-file",
    mode === "contents" ? "--batch" : "--batch-check",
    ...(options.streaming ? [] : ["--buffer"]),
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
  const closed = new Promise<void>((resolve, reject) => {
    child.on("close", (code) => {
      if (!failed && code !== 0) {
        const text = Buffer.concat(stderr).toString("utf8").trim();
        failed = missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`);
      }
      if (!failed) {
        try {
          parser.end();
          if (answered !== asked.length) {
            throw new Error(`git cat-file answered ${answered} of ${asked.length} lookups`);
          }
        } catch (error) {
          failed = error as Error;
        }
      }
      if (failed) reject(failed);
      else resolve();
    });
  });
  closed.catch(() => {});
  return {
    lookup(names) {
      if (names.length === 0) return;
      asked.push(...names);
      child.stdin.write(`${names.join("\n")}\n`);
    },
    end() {
      child.stdin.end();
      return closed;
    },
  };
}

/** Look up object names (e.g. "<sha>:<path>", no newlines) and return one entry per name, in order. */
export async function catFileBatch(
  root: string,
  names: readonly string[],
  mode: "contents" | "sizes",
  maxContentBytes?: number,
): Promise<BatchEntry[]> {
  if (names.length === 0) return [];
  const entries: BatchEntry[] = [];
  const session = startCatFileBatch(root, mode, (entry) => entries.push(entry), {
    ...(maxContentBytes !== undefined ? { maxContentBytes } : {}),
  });
  session.lookup(names);
  await session.end();
  return entries;
}
