// How many git processes of one command a piece of work started: git itself logs each command it
// runs to GIT_TRACE, which the processes inherit from this one.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Runs `work` with GIT_TRACE set and counts the `git <command>` processes it started. A process
 * may outlive `work` (started beside it): with `expected`, the count is awaited (up to 5 s).
 */
export async function countGitCommands(
  command: string,
  work: () => Promise<void>,
  expected?: number,
): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "config-rollout-trace-"));
  const trace = join(dir, "trace");
  process.env.GIT_TRACE = trace;
  try {
    await work();
    const count = async () =>
      (await readFile(trace, "utf8").catch(() => ""))
        .split("\n")
        .filter((line) => line.includes(`trace: built-in: git ${command}`)).length;
    for (let waited = 0; expected !== undefined && waited < 5000; waited += 50) {
      if ((await count()) >= expected) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return count();
  } finally {
    delete process.env.GIT_TRACE;
    await rm(dir, { recursive: true, force: true });
  }
}
