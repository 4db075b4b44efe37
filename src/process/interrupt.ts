// What an interrupted run (SIGINT, SIGTERM) must still do before it exits: remove its temporary
// checkouts, stop its child process groups. Whoever creates something to undo registers it here;
// the entry point's signal handler runs them all (cli/interrupt-run.ts).
import { stopAllGroups } from "./child-groups.js";

const cleanups = new Set<() => Promise<unknown> | unknown>();

/** Run `cleanup` if the run is interrupted; the returned function forgets it (the work is done). */
export function onInterrupt(cleanup: () => Promise<unknown> | unknown): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Stop every child process group (SIGTERM, SIGKILL after `graceMs`), then run every cleanup
 * (each at most once, failures ignored: the run is ending either way).
 */
export async function cleanUpInterrupted(graceMs?: number): Promise<void> {
  await stopAllGroups(graceMs);
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
}
