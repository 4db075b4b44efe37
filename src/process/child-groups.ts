// Every child process config-rollout starts runs in its own process group (spawned detached), so a
// renderer's or a plugin's own children can be stopped with it: a group is signalled as a whole
// (`kill(-pid)`), SIGTERM first and SIGKILL after a grace period. The groups still running are
// known here, so an interrupted run (SIGINT, SIGTERM) can stop all of them before it exits, and so
// can the tool's exit: a detached group is outside the one a terminal or a CI runner signals.
import type { ChildProcess } from "node:child_process";

/**
 * One state per process, whichever copy of this module holds it. Each of dist/'s bundles holds one
 * copy; the state is kept process-wide all the same, so code that ever carries a copy of its own
 * (a new entry point) cannot lose track of a child or an interrupt.
 */
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`config-rollout.${name}`);
  const global = globalThis as unknown as Record<symbol, T | undefined>;
  global[key] ??= create();
  return global[key] as T;
}

const state = processWide("child-groups", () => ({
  live: new Set<ChildProcess>(),
  cleanups: new Set<() => Promise<unknown> | unknown>(),
  exitHookInstalled: false,
  signalStopInstalled: false,
}));
const live = state.live;

/** How long a group gets after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2_000;

/** Children spawned without a group of their own (see RunProcessOptions.ownGroup): signalled alone. */
const alone = new WeakSet<ChildProcess>();

/**
 * Count `child` as a live group until it exits. `ownGroup`: it was spawned detached (a group of
 * its own); otherwise it is signalled alone.
 */
export function trackGroup(child: ChildProcess, ownGroup = true): void {
  if (!ownGroup) alone.add(child);
  if (child.pid === undefined) return;
  if (!state.exitHookInstalled) {
    state.exitHookInstalled = true;
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
    process.kill(alone.has(child) ? child.pid : -child.pid, signal);
  } catch {
    // No such group: it is gone already, or the child has not made it yet (spawn returns before
    // the child's setsid). Then the child has started nothing of its own: signal it alone, or it
    // would go on to start (and leave behind) what the group signal was meant to stop.
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, signal);
    } catch {
      // Gone as well.
    }
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

const cleanups = state.cleanups;

/** Run `cleanup` if the run is interrupted; the returned function forgets it (the work is done). */
export function onInterrupt(cleanup: () => Promise<unknown> | unknown): () => void {
  cleanups.add(cleanup);
  installSignalStop();
  return () => cleanups.delete(cleanup);
}

/** Run every registered cleanup once (failures ignored: the run is ending either way). */
export async function runCleanups(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
}

/**
 * Until an entry point takes over interrupts (run/interrupts.ts), a SIGINT, SIGTERM or SIGHUP
 * stops the live groups, runs the cleanups (temporary checkouts) and then ends the tool as the
 * signal would have.
 */
function installSignalStop(): void {
  if (state.signalStopInstalled) return;
  state.signalStopInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      for (const group of live) signalGroup(group, "SIGKILL");
      if (process.listenerCount(signal) > 0) return;
      void runCleanups().finally(() => process.kill(process.pid, signal));
    });
  }
}
