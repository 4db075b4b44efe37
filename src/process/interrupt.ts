// An interrupted run (SIGINT, SIGTERM): what it must still do before it exits, and what it can say.
// - whoever creates something to undo registers it (onInterrupt: temporary checkouts);
// - the stages say where the run is and what it has written (noteStage, noteDone), so the entry
//   point can print what was and was not done;
// - a stage that can end early and well (the wait: a versioned run then rolls back) follows
//   `interruptSignal`.
// The entry point (run/interrupts.ts) calls interrupt() and then cleanUpInterrupted().
import type { Log } from "../core/log.js";
import { processWide, runCleanups, stopAllGroups } from "./child-groups.js";

const state = processWide("interrupt", () => ({
  controller: new AbortController(),
  interruptedBy: undefined as NodeJS.Signals | undefined,
  journal: { stage: "starting", done: [] as Array<{ line: string; cluster: string }> },
}));
const { controller, journal } = state;
/** Aborted once the run is interrupted. */
export const interruptSignal: AbortSignal = controller.signal;

/** Where the run is now ("rendering", "waiting for 3 rollouts"). */
function noteStage(stage: string): void {
  journal.stage = stage;
}

/** `log`, each of its sections (log.group) noted as the stage an interrupted run names. */
export function withStagesNoted<L extends Log>(log: L): L {
  return {
    ...log,
    group: <T>(title: string, run: () => Promise<T>) => {
      noteStage(`in "${title}"`);
      return log.group(title, run);
    },
  };
}

/**
 * A log whose sections are plain lines: a rollback that starts while the wait's group is still open
 * (CI logs do not nest groups) prints its sections inside it. Each is noted as the stage while it
 * runs, then the enclosing one again, unless another was noted meanwhile or the run was interrupted
 * (the stage it was in is the one to name).
 */
export function inlineSections<L extends Log>(log: L): L {
  return {
    ...log,
    group: async <T>(title: string, run: () => Promise<T>) => {
      log.info(`${title}:`);
      const outer = journal.stage;
      const stage = `in "${title}"`;
      noteStage(stage);
      try {
        return await run();
      } finally {
        if (journal.stage === stage && !controller.signal.aborted) noteStage(outer);
      }
    },
  };
}

/** Something the run has written to the cluster (its kubeconfig context: a fleet writes to several). */
export function noteDone(line: string, cluster: string): void {
  journal.done.push({ line, cluster });
}

/** Why `signal` aborted, as a clause: "interrupted by SIGTERM", "prod-eu did not finish within --timeout 5s". */
export function stopReason(signal: AbortSignal): string {
  return signal.reason instanceof Error ? signal.reason.message : "interrupted";
}

/** Mark the run interrupted by `signal`: stages following interruptSignal end early. */
export function interrupt(signal: NodeJS.Signals): void {
  state.interruptedBy ??= signal;
  controller.abort(new Error(`interrupted by ${signal}`));
}

/** The signal that interrupted the run, if one did. */
export function interruptedSignal(): NodeJS.Signals | undefined {
  return state.interruptedBy;
}

/** Stop every child process group (SIGTERM, SIGKILL after `graceMs`), then run every cleanup. */
export async function cleanUpInterrupted(graceMs?: number): Promise<void> {
  await stopAllGroups(graceMs);
  await runCleanups();
}

/** What was and was not done, for the line an interrupted run ends with. */
export function interruptSummary(signal: NodeJS.Signals): string {
  // One cluster: its writes as they are; several (a fleet): each write names its cluster.
  const fleet = new Set(journal.done.map((d) => d.cluster)).size > 1;
  const lines = journal.done.map((d) => (fleet ? `${d.cluster}: ${d.line}` : d.line));
  const done =
    lines.length === 0
      ? "nothing was written to the cluster"
      : `written to the ${fleet ? "clusters" : "cluster"}: ${lines.slice(0, 10).join("; ")}${lines.length > 10 ? `; and ${lines.length - 10} more` : ""}`;
  return `interrupted by ${signal} while ${journal.stage}: child processes stopped, temporary checkouts removed; ${done}; the rest of the run was not done`;
}
