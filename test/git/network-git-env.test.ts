// A CI job gives git its credentials and transport through git's own variables (GIT_ASKPASS,
// GIT_SSH_COMMAND, GIT_CONFIG_COUNT/KEY/VALUE, which actions and runners set for `insteadOf` and
// auth headers). simple-git 4 drops inherited GIT_* variables unless told to keep them: a fetch that
// deepens a shallow clone must still see them.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createNetworkGitRunner } from "../../src/git/run-git.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";

let origin: TempRepo;
let clone: TempRepo;
beforeAll(async () => {
  origin = await createTempRepo();
  await origin.write("a.yaml", "a: 1\n");
  await origin.commit("one");
  clone = await createTempRepo();
});
afterAll(async () => {
  await origin.cleanup();
  await clone.cleanup();
});

test("a fetch through simple-git sees the job's GIT_CONFIG_* variables (a URL rewritten by insteadOf)", async () => {
  const unreachable = "file:///nonexistent-config-rollout/team/repo.git"; // fails locally unless rewritten
  const env = {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `url.${origin.dir}.insteadOf`,
    GIT_CONFIG_VALUE_0: unreachable,
  };
  Object.assign(process.env, env);
  try {
    const git = createNetworkGitRunner(clone.dir, 20_000);
    await git.run(["fetch", unreachable, "main"]);
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
  }
  const fetched = await clone.git(["rev-parse", "FETCH_HEAD"]);
  expect(fetched.trim()).toBe((await origin.git(["rev-parse", "main"])).trim());
});
