// Every child process config-rollout starts runs in its own process group (spawned detached), so a
// renderer's or a plugin's own children can be stopped with it: a group is signalled as a whole
// (`kill(-pid)`), SIGTERM first and SIGKILL after a grace period. The groups still running are
// known here, so an interrupted run (SIGINT, SIGTERM) can stop all of them before it exits, and so
// can the tool's exit: a detached group is outside the one a terminal or a CI runner signals.
import type { ChildProcess } from "node:child_process";

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** How long a group gets after SIGTERM before SIGKILL. */
export const KILL_GRACE_MS = 2_000;

/** Count `child` (spawned detached) as a live group until it exits. */
export function trackGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", () => {
      for (const group of live) signalGroup(group, "SIGKILL");
    });
    installSignalStop();
  }
  live.add(child);
  child.once("exit", () => live.delete(child));
}

/** Send `signal` to the whole process group of `child` (the child included). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Stop `child`'s group: SIGTERM, then SIGKILL after `graceMs` (a process that ignores SIGTERM or
 * is stuck in it does not hold the run). Resolves once the SIGKILL is sent or the child exited.
 */
export function stopGroup(child: ChildProcess, graceMs = KILL_GRACE_MS): Promise<void> {
  signalGroup(child, "SIGTERM");
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      // The leader is gone; what it left in the group gets no grace.
      signalGroup(child, "SIGKILL");
      return resolve();
    }
    const timer = setTimeout(() => {
      signalGroup(child, "SIGKILL");
      resolve();
    }, graceMs);
    timer.unref();
    child.once("exit", () => {
      clearTimeout(timer);
      signalGroup(child, "SIGKILL");
      resolve();
    });
  });
}

/** The process groups still running. */
export function liveGroups(): number {
  return live.size;
}

/** Stop every live group (an interrupted run): SIGTERM now, SIGKILL to those left after the grace. */
export async function stopAllGroups(graceMs = KILL_GRACE_MS): Promise<void> {
  await Promise.all([...live].map((child) => stopGroup(child, graceMs)));
}

/**
 * Until an entry point takes over interrupts (process/interrupt.ts), a SIGINT, SIGTERM or SIGHUP
 * stops the live groups and then ends the tool as the signal would have.
 */
function installSignalStop(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      for (const group of live) signalGroup(group, "SIGKILL");
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}
