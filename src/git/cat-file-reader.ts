// One `git cat-file --batch` for every object a run reads: the refs to resolve, the changed files
// at base and at head, each consumer as the search reports it. Each read would otherwise start its
// own git process, and starting a process from Node stalls the main thread (the fork copies the page
// tables of a large process) on the path to the search. Requests are answered in the order they
// were asked, each as git flushes it (no --buffer). The process holds the run open only while a
// request waits, and ends after a short idle time; the next read starts a new one.

import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { missingObjectError } from "./missing-object.js";
import { type BatchEntry, CatFileBatchParser } from "./parse-cat-file-batch.js";
import { GIT_CONFIG } from "./spawn-git.js";

interface Request {
  names: readonly string[];
  entries: BatchEntry[];
  /** Content over this many bytes is read past, never held: the entry comes with its size only. */
  maxContentBytes: number;
  onEntry?: (entry: BatchEntry, name: string) => void;
  resolve(entries: BatchEntry[]): void;
  reject(error: Error): void;
}

type CatFile = ChildProcessByStdio<Writable, Readable, Readable>;

/** Idle this long, the process is ended: a run reads in bursts a few milliseconds apart. */
const IDLE_MS = 200;

export class CatFileReader {
  private child?: CatFile;
  private readonly queue: Request[] = [];
  private idle?: NodeJS.Timeout;

  constructor(private readonly root: string) {}

  /** The objects named (e.g. "<sha>:<path>", "<ref>^{commit}"; no newlines), one entry each, in order. */
  read(
    names: readonly string[],
    maxContentBytes = Number.POSITIVE_INFINITY,
    onEntry?: (entry: BatchEntry, name: string) => void,
  ): Promise<BatchEntry[]> {
    if (names.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      clearTimeout(this.idle);
      const child = this.child ?? this.start();
      this.queue.push({
        names,
        entries: [],
        maxContentBytes,
        ...(onEntry ? { onEntry } : {}),
        resolve,
        reject,
      });
      holdRun(child, true);
      child.stdin.write(`${names.join("\n")}\n`);
    });
  }

  private start(): CatFile {
    const child = spawn("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), "cat-file", "--batch"], {
      cwd: this.root,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    this.child = child;
    const parser = new CatFileBatchParser(
      true,
      (entry) => this.answer(entry),
      () => this.queue[0]?.maxContentBytes ?? Number.POSITIVE_INFINITY,
    );
    const stderr: Buffer[] = [];
    let failed: Error | undefined;
    const fail = (error: Error) => {
      failed ??= error;
      if (this.child === child) this.child = undefined;
      child.kill();
      for (const request of this.queue.splice(0)) request.reject(failed);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      if (failed) return;
      try {
        parser.push(chunk);
      } catch (error) {
        fail(error as Error);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    // If git dies early, writing fails with EPIPE; the exit below reports the real problem.
    child.stdin.on("error", () => {});
    child.on("error", (error) => fail(error));
    child.on("close", (code) => {
      if (this.child === child) this.child = undefined;
      if (this.queue.length === 0 && code === 0) return;
      const text = Buffer.concat(stderr).toString("utf8").trim();
      fail(missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`));
    });
    return child;
  }

  private answer(entry: BatchEntry): void {
    const request = this.queue[0];
    if (request === undefined) throw new Error("git cat-file answered a lookup nobody asked for");
    request.onEntry?.(entry, request.names[request.entries.length] ?? "");
    request.entries.push(entry);
    if (request.entries.length < request.names.length) return;
    this.queue.shift();
    request.resolve(request.entries);
    if (this.queue.length > 0 || this.child === undefined) return;
    const child = this.child;
    holdRun(child, false);
    this.idle = setTimeout(() => {
      if (this.child === child && this.queue.length === 0) {
        this.child = undefined;
        child.stdin.end();
      }
    }, IDLE_MS);
    this.idle.unref();
  }
}

/** Whether the child (and its pipes) keeps Node's event loop, hence the run, alive. */
function holdRun(child: CatFile, hold: boolean): void {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as Array<{
    ref(): unknown;
    unref(): unknown;
  }>) {
    if (hold) handle.ref();
    else handle.unref();
  }
}
