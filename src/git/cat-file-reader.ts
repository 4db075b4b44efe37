// One `git cat-file --batch` for every object a run reads: the refs to resolve, the changed files
// at base and at head, each consumer as the search reports it. Each read would otherwise start its
// own git process, and starting a process from Node stalls the main thread (the fork copies the page
// tables of a large process) on the path to the search. Requests are answered in the order they
// were asked, each as git flushes it (no --buffer). The process holds the run open only while a
// request waits, and ends after a short idle time; the next read starts a new one.
//
// Each process owns the requests it was asked and the parser of its output: a process that was
// ended for being idle may exit after the next read has started its successor, and its exit must
// not touch what the successor was asked.

import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { trackGroup } from "../process/child-groups.js";
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
  /** The process new reads go to; undefined once it has ended (or been ended), until the next read. */
  private current?: CatFileProcess;

  constructor(
    private readonly root: string,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** The objects named (e.g. "<sha>:<path>", "<ref>^{commit}"; no newlines), one entry each, in order. */
  read(
    names: readonly string[],
    maxContentBytes = Number.POSITIVE_INFINITY,
    onEntry?: (entry: BatchEntry, name: string) => void,
  ): Promise<BatchEntry[]> {
    if (names.length === 0) return Promise.resolve([]);
    if (this.current === undefined) {
      const started = new CatFileProcess(this.root, this.idleMs, () => {
        if (this.current === started) this.current = undefined;
      });
      this.current = started;
    }
    return this.current.ask(names, maxContentBytes, onEntry);
  }
}

/** One `git cat-file --batch` and the requests asked of it, answered in order. */
class CatFileProcess {
  private readonly child: CatFile;
  private readonly queue: Request[] = [];
  private readonly parser: CatFileBatchParser;
  private readonly stderr: Buffer[] = [];
  private failed?: Error;
  private idle?: NodeJS.Timeout;

  /** `retire` is called once this process takes no more requests (ended for idling, failed or exited). */
  constructor(
    root: string,
    private readonly idleMs: number,
    private readonly retire: () => void,
  ) {
    this.child = spawn("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), "cat-file", "--batch"], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    // Tracked like every child (process/child-groups.ts): an interrupted run stops it. No group of
    // its own: like local git commands (spawn-git.ts), it starts no children.
    trackGroup(this.child, false);
    this.parser = new CatFileBatchParser(
      true,
      (entry) => this.answer(entry),
      () => this.queue[0]?.maxContentBytes ?? Number.POSITIVE_INFINITY,
    );
    const child = this.child;
    child.stdout.on("data", (chunk: Buffer) => {
      if (this.failed) return;
      try {
        this.parser.push(chunk);
      } catch (error) {
        this.fail(error as Error);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => this.stderr.push(chunk));
    // If git dies early, writing fails with EPIPE; the exit below reports the real problem.
    child.stdin.on("error", () => {});
    child.on("error", (error) => this.fail(error));
    child.on("close", (code) => {
      this.retire();
      if (this.queue.length === 0 && code === 0) return;
      const text = Buffer.concat(this.stderr).toString("utf8").trim();
      this.fail(missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`));
    });
  }

  ask(
    names: readonly string[],
    maxContentBytes: number,
    onEntry?: (entry: BatchEntry, name: string) => void,
  ): Promise<BatchEntry[]> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      clearTimeout(this.idle);
      this.queue.push({
        names,
        entries: [],
        maxContentBytes,
        ...(onEntry ? { onEntry } : {}),
        resolve,
        reject,
      });
      holdRun(this.child, true);
      this.child.stdin.write(`${names.join("\n")}\n`);
    });
  }

  private fail(error: Error): void {
    this.failed ??= error;
    this.retire();
    this.child.kill();
    for (const request of this.queue.splice(0)) request.reject(this.failed);
  }

  private answer(entry: BatchEntry): void {
    const request = this.queue[0];
    if (request === undefined) throw new Error("git cat-file answered a lookup nobody asked for");
    request.onEntry?.(entry, request.names[request.entries.length] ?? "");
    request.entries.push(entry);
    if (request.entries.length < request.names.length) return;
    this.queue.shift();
    request.resolve(request.entries);
    if (this.queue.length > 0) return;
    holdRun(this.child, false);
    this.idle = setTimeout(() => {
      if (this.queue.length > 0 || this.failed) return;
      // From now on new reads start another process; this one exits once git sees the end of its input.
      this.retire();
      this.child.stdin.end();
    }, this.idleMs);
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
