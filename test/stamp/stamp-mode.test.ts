// command: stamp in the action: when commit: true may push, and when it falls back to the check.
import { describe, expect, test } from "vitest";
import { decideStampMode, stampCommitMessage } from "../../src/stamp/stamp-mode.js";

const pr = (head: string, base = "acme/shop", ref = "feature", sha = "a".repeat(40)) => ({
  pull_request: { head: { ref, sha, repo: { full_name: head } }, base: { repo: { full_name: base } } },
});

describe("decideStampMode", () => {
  test("a same-repository pull request commits to its head branch, at its head commit", () => {
    expect(
      decideStampMode({ check: false, commit: true, eventName: "pull_request", event: pr("acme/shop") }),
    ).toEqual({ kind: "commit", branch: "feature", headSha: "a".repeat(40) });
  });

  test("a fork's pull request never pushes: it falls back to the check and says why", () => {
    const mode = decideStampMode({
      check: false,
      commit: true,
      eventName: "pull_request",
      event: pr("someone/shop"),
    });
    expect(mode).toEqual({
      kind: "check",
      note: "commit: true, but this is a pull request from a fork (its branch is not this repository's to push to): nothing is pushed; checking the stamps instead",
    });
  });

  test("a missing payload counts as a fork (fail closed)", () => {
    expect(
      decideStampMode({ check: false, commit: true, eventName: "pull_request", event: undefined }).kind,
    ).toBe("check");
  });

  test.each(["pull_request_target", "push", "workflow_dispatch", ""])(
    "%s: no pull request branch to push to, so the check",
    (eventName) => {
      const mode = decideStampMode({ check: false, commit: true, eventName, event: pr("acme/shop") });
      expect(mode.kind).toBe("check");
      expect("note" in mode && mode.note).toMatch(
        /^commit: true, but .*: nothing is pushed; checking the stamps instead$/,
      );
    },
  );

  test("check: true wins; neither check nor commit writes the work tree only", () => {
    expect(
      decideStampMode({ check: true, commit: true, eventName: "pull_request", event: pr("acme/shop") }),
    ).toEqual({
      kind: "check",
    });
    expect(decideStampMode({ check: false, commit: false, eventName: "push", event: {} })).toEqual({
      kind: "write",
    });
  });
});

test("the commit message names config-rollout and the configs", () => {
  const message = stampCommitMessage(["configmap/app-config (namespace shop)", "secret/db (namespace shop)"]);
  expect(message.split("\n")[0]).toBe(
    "config-rollout: stamp the config hash for configmap/app-config (namespace shop), secret/db (namespace shop)",
  );
  const many = stampCommitMessage(Array.from({ length: 12 }, (_, i) => `configmap/c${i}`));
  expect(many.split("\n")[0]).toMatch(/configmap\/c9 and 2 more$/);
});
