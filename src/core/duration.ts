// How every message, log line and report writes a duration: as the options take one (docs/reference.md,
// "Values"), so a limit reads as it was given (`--timeout 5m` times out "after 5m") and can be given back.

/**
 * `850ms`, `1.5s`, `45s`, `5m`, `2m30s`, `1h30m`, `596h`: milliseconds under a second, above it hours,
 * minutes and seconds with the zero parts left out, the seconds to a tenth. `step` rounds first
 * (1000: whole seconds, for a progress line).
 */
export function formatDuration(ms: number, step = 1): string {
  const rounded = Math.round(ms / step) * step;
  if (rounded < 1000) return rounded <= 0 ? "0s" : `${rounded}ms`;
  const tenths = Math.round(rounded / 100);
  const hours = Math.floor(tenths / 36_000);
  const minutes = Math.floor(tenths / 600) % 60;
  const seconds = (tenths % 600) / 10;
  return `${hours ? `${hours}h` : ""}${minutes ? `${minutes}m` : ""}${seconds ? `${seconds}s` : ""}`;
}
