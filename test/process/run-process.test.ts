// Issue 22 / issue 23 item 5: the one process runner. Real processes: a shell that starts a
// background child, a process printing without end, one that goes quiet, one that escapes its group.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { liveGroups, onInterrupt } from "../../src/process/child-groups.js";
import { cleanUpInterrupted } from "../../src/process/interrupt.js";
import { runProcess } from "../../src/process/run-process.js";
import { sleepStillRunning } from "../helpers/processes.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "run-process-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const settle = () => new Promise((r) => setTimeout(r, 300));

describe("runProcess", () => {
  test("a timeout stops the whole process group, a background child included", async () => {
    const pids = join(dir, "timeout-pids");
    const started = Date.now();
    const result = await runProcess(
      "/bin/sh",
      ["-c", `sleep 800 & echo $! > ${pids}; echo a: b; sleep 800`],
      {
        timeoutMs: 500,
      },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.failure).toEqual({ kind: "timeout", message: "timed out after 500ms" });
    expect(result.stdout.toString()).toBe("a: b\n");
    await settle();
    expect(sleepStillRunning(Number(readFileSync(pids, "utf8")))).toBe(false);
  });

  test("output over the cap stops the group at once (`yes` would run forever)", async () => {
    const started = Date.now();
    const result = await runProcess("yes", ["a: b"], { maxOutputBytes: 1_000_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.failure?.kind).toBe("output");
    expect(result.stdout.length).toBeLessThanOrEqual(1_000_000);
  });

  test("a process that goes quiet is stopped after the idle time, one that keeps talking is not", async () => {
    const quiet = await runProcess("/bin/sh", ["-c", "echo start; sleep 800"], { idleTimeoutMs: 400 });
    expect(quiet.failure?.kind).toBe("idle");
    const talking = await runProcess("/bin/sh", ["-c", "for i in 1 2 3 4 5; do echo $i; sleep 0.2; done"], {
      idleTimeoutMs: 600,
    });
    expect(talking.failure).toBeUndefined();
    expect(talking.exitCode).toBe(0);
  });

  test("a process that exits is done, even when a child it left behind holds its pipes", async () => {
    const pids = join(dir, "left-pids");
    const started = Date.now();
    // The child in the group is stopped with the leader; the one in a session of its own cannot
    // be, and its pipe is cut after a short drain.
    const result = await runProcess(
      "/bin/sh",
      ["-c", `sleep 800 & echo $! > ${pids}; setsid sleep 30 & echo done`],
      {},
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.toString()).toBe("done\n");
    await settle();
    expect(sleepStillRunning(Number(readFileSync(pids, "utf8")))).toBe(false);
  });

  test("stderr comes back as a bounded tail without escape sequences or workflow commands", async () => {
    const result = await runProcess("/bin/sh", [
      "-c",
      `i=0; while [ $i -lt 5000 ]; do echo "line $i" >&2; i=$((i+1)); done; printf '\\033[31mred\\n::error::x\\n' >&2; exit 3`,
    ]);
    expect(result.exitCode).toBe(3);
    expect(result.stderrTail.split("\n")).toHaveLength(8);
    expect(result.stderrTail).not.toContain("\u001b");
    expect(result.stderrTail.endsWith(" ::error::x")).toBe(true);
    expect(result.stderrEnd.length).toBeLessThanOrEqual(16_384);
  });

  test("a process asked for after the run was stopped is never started", async () => {
    // A render queued behind the first failure: spawning it and signalling a group its child had
    // not made yet (spawn returns before setsid) let it run on past the run's end.
    const marker = join(dir, "started");
    const groupsBefore = liveGroups();
    const running = runProcess("/bin/sh", ["-c", `echo yes > ${marker}; sleep 800`], {
      signal: AbortSignal.abort(),
    });
    expect(liveGroups()).toBe(groupsBefore);
    const result = await running;
    expect(result.failure?.kind).toBe("aborted");
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(marker)).toBe(false);
  });

  test("a missing binary is a result naming it, not a throw", async () => {
    const result = await runProcess(join(dir, "no-such-binary"), []);
    expect(result.failure).toMatchObject({ kind: "start", code: "ENOENT" });
  });

  test("an interrupt stops every live group and runs the registered cleanups", async () => {
    const pids = join(dir, "interrupt-pids");
    let cleaned = false;
    onInterrupt(() => {
      cleaned = true;
    });
    const running = runProcess("/bin/sh", ["-c", `sleep 800 & echo $! > ${pids}; sleep 800`]);
    for (let i = 0; i < 100 && !existsSync(pids); i++) await new Promise((r) => setTimeout(r, 20));
    expect(liveGroups()).toBeGreaterThan(0);
    await cleanUpInterrupted(500);
    const result = await running;
    expect(result.signal).toBe("SIGTERM");
    expect(cleaned).toBe(true);
    await settle();
    expect(sleepStillRunning(Number(readFileSync(pids, "utf8")))).toBe(false);
    expect(liveGroups()).toBe(0);
  });
});
