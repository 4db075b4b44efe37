// Issue 22 item 8: every git command has a bound a flag changes (--git-timeout): one that prints
// nothing for that long (here a fetch whose transport never answers) is stopped with its group.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { spawnGit } from "../../src/git/spawn-git.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";

let repo: TempRepo;
beforeAll(async () => {
  repo = await createTempRepo();
});
/** The transport's `sleep` outlives git (local git has no process group of its own): ended by its pid. */
const MARKER = "800.0417";
function stopTransport(): void {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(MARKER)) process.kill(Number(pid), "SIGKILL");
    } catch {}
  }
}

afterAll(async () => {
  stopTransport();
  await repo.cleanup();
});

test("a git command silent for --git-timeout is stopped, naming the flag (exit 2, not a bug of ours)", async () => {
  const started = Date.now();
  const fetching = spawnGit(
    repo.dir,
    ["-c", `core.sshCommand=sleep ${MARKER} #`, "fetch", "ssh://example.invalid/r"],
    { idleTimeoutMs: 500 },
  );
  await expect(fetching).rejects.toThrow(
    /git fetch printed nothing for 500ms and was stopped \(raise --git-timeout/,
  );
  await expect(fetching).rejects.toBeInstanceOf(UserError);
  expect(Date.now() - started).toBeLessThan(5_000);
});
