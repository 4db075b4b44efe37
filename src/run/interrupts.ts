// SIGINT (Ctrl-C) and SIGTERM (a cancelled CI job) during a run: every child process group is
// stopped (renderers, git, exec plugins run in groups of their own, which no terminal or runner
// signals), temporary checkouts are removed, a wait ends at once (a versioned run then rolls back
// what it repointed, through the one restart-and-wait path), and the run ends within a few
// seconds, saying what was and was not done, with exit code 130 (SIGINT) or 143 (SIGTERM).
// A second signal ends it at once.
import { cleanUpInterrupted, interrupt, interruptedSignal, interruptSummary } from "../process/interrupt.js";

/** How long the run gets, once interrupted, to finish what it can (a versioned rollback's writes). */
const INTERRUPT_GRACE_MS = 5_000;
/** How long a child process group gets after SIGTERM before SIGKILL. */
const CHILD_GRACE_MS = 1_500;

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;

/** The exit code of a run ended by `signal`, as a shell reports it (128 + the signal's number). */
function exitCodeForSignal(signal: NodeJS.Signals): number {
  return 128 + (SIGNAL_NUMBERS[signal as keyof typeof SIGNAL_NUMBERS] ?? 15);
}

/** The exit code of a run that settled with `code`: a signal's when it was interrupted. */
function finalExitCode(code: number): number {
  const signal = interruptedSignal();
  return signal ? exitCodeForSignal(signal) : code;
}

/** The CLI's process: interrupts handled, and its exit code once `run` settles. */
export function exitWhenDone(run: Promise<number>, write: (text: string) => void): void {
  handleInterrupts(run, write);
  run.then((code) => {
    process.exitCode = finalExitCode(code);
    // The report is out. A --contexts cluster that --timeout gave up on may still hold a socket to an
    // API server that never answers (its requests have their own, longer, time limit): it must not hold
    // the job too. Unref'd, this timer never keeps the process alive when nothing else does. An
    // interrupted run is ended by handleInterrupts, once its checkouts are removed and it has said so.
    if (interruptedSignal() === undefined) setTimeout(() => process.exit(finalExitCode(code)), 2_000).unref();
  });
}

export function handleInterrupts(run: Promise<unknown>, write: (text: string) => void): void {
  let handling = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (handling) process.exit(exitCodeForSignal(signal));
      handling = true;
      write(`config-rollout: ${signal} received: stopping\n`);
      interrupt(signal);
      void (async () => {
        await cleanUpInterrupted(CHILD_GRACE_MS);
        const grace = new Promise((resolve) => setTimeout(resolve, INTERRUPT_GRACE_MS).unref());
        await Promise.race([run.catch(() => undefined), grace]);
        // What the run started meanwhile (a rollback's renders: none; its checkouts) goes too.
        await cleanUpInterrupted(0);
        write(`error: ${interruptSummary(signal)}\n`);
        process.exit(exitCodeForSignal(signal));
      })();
    });
  }
}
