// A wait that sees nothing change still says so: a CI log silent for minutes looks hung and gets
// cancelled. Every wait (rollouts, the GitOps agent, config propagation) prints a progress line
// when it has printed nothing for `everyMs` (30 s, on the dot), never more often than every 10 s: what it waits
// for, how far it is, how long it has waited and how long it will still wait. The lines go to the
// log only (CI log, stderr), never to the job summary.

/** Silence after which a wait prints a progress line. */
const HEARTBEAT_MS = 30_000;

import { formatDuration } from "../core/duration.js";

/** The fewest milliseconds between two progress lines of one wait. */
const MIN_HEARTBEAT_MS = 10_000;

export interface HeartbeatOptions {
  /** Silence before a progress line (default HEARTBEAT_MS; tests pass a few ms). */
  everyMs?: number;
  now?: () => number;
}

export interface Heartbeat {
  /** The wait printed a line of its own: the silence starts again. */
  printed(): void;
  stop(): void;
}

/**
 * Calls `print` with `line(waitedMs, leftMs)` after each `everyMs` without a line. `timeoutMs` is the
 * wait's own bound, for the "left" part.
 */
export function startHeartbeat(
  timeoutMs: number,
  line: (waited: string, left: string) => string | undefined,
  print: (line: string) => void,
  opts: HeartbeatOptions = {},
): Heartbeat {
  const now = opts.now ?? Date.now;
  const everyMs = Math.max(opts.everyMs ?? HEARTBEAT_MS, 1);
  // The 10 s floor holds for the real interval; a test's short interval keeps its own pace.
  const floorMs = Math.min(everyMs, MIN_HEARTBEAT_MS);
  const started = now();
  let last = started;
  const every = Math.max(everyMs, floorMs);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Due exactly `every` after the last line (a polling interval would let the first one slip).
  const schedule = (inMs: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, Math.max(1, inMs));
    timer.unref();
  };
  function tick(): void {
    const at = now();
    if (at - last < every) {
      schedule(last + every - at);
      return;
    }
    const text = line(formatDuration(at - started, 1000), formatDuration(timeoutMs - (at - started), 1000));
    if (text !== undefined) {
      last = at;
      print(text);
    }
    schedule(every);
  }
  schedule(every);
  return {
    printed: () => {
      last = now();
      schedule(every);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
