// commit: true's git half, on real repositories: a clone of a bare "origin", a pull request
// branch, the files stamp wrote. Commits and pushes only what stamp changed, only when it changed,
// only from the pull request's head, and says why when it cannot.
import { describe, expect, test } from "vitest";
import { commitStamps } from "../../src/git/commit-stamps.js";
import { useClosing } from "../helpers/closing.js";
import { cloneTempRepo, pullRequestClone, runGit } from "../helpers/git-repo.js";
import { DEFAULTS } from "../helpers/settings.js";

const closing = useClosing();

/** origin (bare) with main and a pull request branch `feature`; a clone checked out on `feature`. */
const setup = async () =>
  closing(
    await pullRequestClone(
      { "deploy/app.yaml": "kind: Deployment\n", "README.md": "hello\n" },
      { "deploy/config.yaml": "kind: ConfigMap\ndata: {LEVEL: debug}\n" },
    ),
  );

const originHead = async (origin: string) => (await runGit(origin, ["rev-parse", "feature"])).trim();

describe("commitStamps", () => {
  test("commits exactly the stamped files to the pull request's branch, with the message, and pushes", async () => {
    const { origin, clone, head } = await setup();
    await clone.write("deploy/app.yaml", "kind: Deployment\n# stamped\n");
    await clone.write("README.md", "an unrelated edit the job made\n");
    const result = await commitStamps(
      clone.dir,
      {
        files: ["deploy/app.yaml"],
        message: "config-rollout: stamp the config hash for configmap/app\n",
        branch: "feature",
        expectedHead: head,
        token: "not-used-by-a-file-remote",
      },
      DEFAULTS.gitTimeoutMs,
    );
    expect(result.committed).toBe(true);
    const pushed = await originHead(origin);
    expect(result).toEqual({ committed: true, sha: pushed });
    expect(await runGit(origin, ["log", "-1", "--format=%s%n%an", "feature"])).toBe(
      "config-rollout: stamp the config hash for configmap/app\ngithub-actions[bot]\n",
    );
    expect(await runGit(origin, ["diff", "--name-only", `${head}..feature`])).toBe("deploy/app.yaml\n");
    // The unrelated edit is neither committed nor lost.
    expect(await clone.git(["status", "--porcelain"])).toBe(" M README.md\n");
  });

  test("nothing changed: no commit, no push (a rerun cannot loop)", async () => {
    const { origin, clone, head } = await setup();
    const result = await commitStamps(
      clone.dir,
      {
        files: ["deploy/app.yaml"],
        message: "config-rollout: stamp\n",
        branch: "feature",
        expectedHead: head,
      },
      DEFAULTS.gitTimeoutMs,
    );
    expect(result).toEqual({ committed: false });
    expect(await originHead(origin)).toBe(head);
    expect((await clone.git(["rev-parse", "HEAD"])).trim()).toBe(head);
  });

  test("a checkout that is not the pull request's head (the default merge commit) is refused before any commit", async () => {
    const { origin, clone, head } = await setup();
    await clone.write("deploy/app.yaml", "kind: Deployment\n# stamped\n");
    await expect(
      commitStamps(
        clone.dir,
        {
          files: ["deploy/app.yaml"],
          message: "m\n",
          branch: "feature",
          expectedHead: "0".repeat(40),
        },
        DEFAULTS.gitTimeoutMs,
      ),
    ).rejects.toThrow(/not the pull request's head 000000000000 .*ref: \$\{\{ github\.head_ref \}\}/);
    expect(await originHead(origin)).toBe(head);
    expect((await clone.git(["rev-parse", "HEAD"])).trim()).toBe(head);
  });

  test("a rejected push (the branch moved on) fails with a clear line", async () => {
    const { origin, clone, head } = await setup();
    // Someone pushed to the branch after the checkout.
    const other = await cloneTempRepo(`file://${origin}`, ["--branch", "feature"]);
    closing(other);
    await other.write("other.txt", "x\n");
    await other.commit("someone else");
    await other.git(["push", "--quiet", "origin", "HEAD:refs/heads/feature"]);
    await clone.write("deploy/app.yaml", "kind: Deployment\n# stamped\n");
    await expect(
      commitStamps(
        clone.dir,
        {
          files: ["deploy/app.yaml"],
          message: "m\n",
          branch: "feature",
          expectedHead: head,
        },
        DEFAULTS.gitTimeoutMs,
      ),
    ).rejects.toThrow(/commit: true: pushing the stamps to feature failed \(.*\); the job needs permissions/);
  });
});
