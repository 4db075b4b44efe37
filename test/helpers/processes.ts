import { existsSync, readFileSync } from "node:fs";

/**
 * Whether the `sleep 800` a test started as `pid` still runs. A zombie waiting for a reaper counts
 * as gone, and so does another process that got the same pid: pids wrap at 32768 here, and a
 * busy test run can hand a killed sleep's pid to a new git within the test's settle time.
 */
export function sleepStillRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
  if (/^\d+ \(.*\) Z/.test(read(`/proc/${pid}/stat`))) return false;
  return read(`/proc/${pid}/cmdline`).split("\0").join(" ").trim() === "sleep 800";
}
