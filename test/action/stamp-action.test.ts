// command: stamp's policy end to end with a real git origin: check fails on stale stamps and never
// writes or pushes; commit: true commits what stamp wrote to the pull request's branch once, and a
// second run (nothing changed) pushes nothing; a fork's pull request is checked, with a notice.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { commitStamps } from "../../src/git/commit-stamps.js";
import { type StampRunResult, stampByMode } from "../../src/run/stamp-in-ci.js";
import { decideStampMode } from "../../src/stamp/stamp-mode.js";
import { useClosing } from "../helpers/closing.js";
import { pullRequestClone, runGit } from "../helpers/git-repo.js";
import { DEFAULTS } from "../helpers/settings.js";

const closing = useClosing();

const pullRequest = async () =>
  closing(
    await pullRequestClone(
      { "deploy/app.yaml": "kind: Deployment\n" },
      { "deploy/config.yaml": "kind: ConfigMap\n" },
    ),
  );

const event = (headRepo: string, sha: string) => ({
  pull_request: {
    head: { ref: "feature", sha, repo: { full_name: headRepo } },
    base: { repo: { full_name: "acme/shop" } },
  },
});

/** A stand-in for `stamp` that writes one stamp the first time and finds everything current after. */
function fakeStamp(dir: string) {
  let stamped = false;
  const calls: boolean[] = [];
  return {
    calls,
    async stamp(check: boolean): Promise<StampRunResult> {
      calls.push(check);
      if (stamped) return { filesWritten: [], changes: [], configs: [] };
      const change = ["deployment/app (deploy/app.yaml): none -> 1234abcd"];
      if (check) return { filesWritten: [], changes: change, configs: ["configmap/app"] };
      await writeFile(join(dir, "deploy/app.yaml"), "kind: Deployment\n# config-hash 1234abcd\n");
      stamped = true;
      return { filesWritten: ["deploy/app.yaml"], changes: change, configs: ["configmap/app"] };
    },
  };
}

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (m: string) => lines.push(`info ${m}`), notice: (m: string) => lines.push(`notice ${m}`) },
  };
}

describe("stampByMode", () => {
  test("commit: true on a same-repository pull request commits once; a second run pushes nothing", async () => {
    const { origin, clone, head } = await pullRequest();
    const fake = fakeStamp(clone.dir);
    const mode = decideStampMode({
      check: false,
      commit: true,
      eventName: "pull_request",
      event: event("acme/shop", head),
    });
    const { log } = recorder();
    const commit = (request: Parameters<typeof commitStamps>[1]) =>
      commitStamps(clone.dir, request, DEFAULTS.gitTimeoutMs);
    const first = await stampByMode({ mode, stamp: fake.stamp, commit, log });
    expect(first.result).toBe("stamped");
    expect(first.headline).toMatch(/^Committed 1 stamp\(s\) to feature \([0-9a-f]{12}\)\.$/);
    const pushed = (await runGit(origin, ["rev-parse", "feature"])).trim();
    expect(pushed).not.toBe(head);
    expect(await runGit(origin, ["log", "-1", "--format=%s", "feature"])).toBe(
      "config-rollout: stamp the config hash for configmap/app\n",
    );
    // The rerun (same tree): stamp writes nothing, so nothing is committed or pushed. The checkout is
    // now at the pushed commit, which a rerun's event would name as the head.
    const again = await stampByMode({
      mode: { ...mode, ...(mode.kind === "commit" ? { headSha: pushed } : {}) },
      stamp: fake.stamp,
      commit,
      log,
    });
    expect(again).toEqual({
      result: "nothing-to-do",
      headline: "Every config-hash stamp is current: nothing written.",
    });
    expect((await runGit(origin, ["rev-parse", "feature"])).trim()).toBe(pushed);
  });

  test("check: stale stamps fail the step with the fix, and nothing is written or pushed", async () => {
    const { origin, clone, head } = await pullRequest();
    const fake = fakeStamp(clone.dir);
    const { lines, log } = recorder();
    const outcome = await stampByMode({
      mode: { kind: "check" },
      stamp: fake.stamp,
      commit: () => Promise.reject(new Error("check must not commit")),
      log,
    });
    expect(outcome.result).toBe("failed");
    expect(outcome.headline).toBe(
      "1 config-hash stamp(s) missing or stale: run `config-rollout stamp` and commit the result (or set commit: true on a same-repository pull request).",
    );
    expect(lines).toEqual(["info deployment/app (deploy/app.yaml): none -> 1234abcd"]);
    expect(fake.calls).toEqual([true]);
    expect(await clone.git(["status", "--porcelain"])).toBe("");
    expect((await runGit(origin, ["rev-parse", "feature"])).trim()).toBe(head);
  });

  test("a fork's pull request with commit: true is checked instead, with a notice, and never pushes", async () => {
    const { origin, clone, head } = await pullRequest();
    const fake = fakeStamp(clone.dir);
    const { lines, log } = recorder();
    const mode = decideStampMode({
      check: false,
      commit: true,
      eventName: "pull_request",
      event: event("someone/shop", head),
    });
    const outcome = await stampByMode({
      mode,
      stamp: fake.stamp,
      commit: () => Promise.reject(new Error("a fork must not be pushed to")),
      log,
    });
    expect(outcome.result).toBe("failed");
    expect(lines[0]).toMatch(
      /^notice commit: true, but this is a pull request from a fork .*checking the stamps instead$/,
    );
    expect(fake.calls).toEqual([true]);
    expect((await runGit(origin, ["rev-parse", "feature"])).trim()).toBe(head);
  });
});
