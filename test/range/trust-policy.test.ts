import { describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import type { DryRun } from "../../src/core/setting-choices.js";
import { decideTrust, untrustedSource } from "../../src/range/untrusted-head.js";

function prEvent(headRepo: string | null, baseRepo = "acme/shop", fork = headRepo !== baseRepo) {
  return {
    pull_request: {
      base: { repo: { full_name: baseRepo, fork: false } },
      head: { repo: headRepo === null ? null : { full_name: headRepo, fork } },
    },
  };
}

function workflowRunEvent(trigger: string, headRepo: string) {
  return {
    workflow_run: {
      event: trigger,
      head_repository: { full_name: headRepo },
      repository: { full_name: "acme/shop" },
    },
  };
}

describe("untrustedSource", () => {
  test.each([
    ["push", {}, undefined],
    ["pull_request", prEvent("acme/shop"), undefined],
    ["pull_request", prEvent("mallory/shop"), "a pull request from a fork"],
    ["pull_request", prEvent("ACME/Shop"), undefined],
    // A pull request between two branches of a repository that is itself a fork is not from a fork.
    ["pull_request", prEvent("acme/shop", "acme/shop", true), undefined],
    // The fork was deleted: GitHub sends head.repo null. Fail closed.
    ["pull_request", prEvent(null), "a pull request whose head repository is not known (a deleted fork?)"],
    [
      "pull_request",
      undefined,
      "a pull request whose event payload was not read (a fork cannot be ruled out)",
    ],
    ["pull_request_target", prEvent("acme/shop"), "a pull_request_target event"],
    [
      "workflow_run",
      workflowRunEvent("pull_request", "mallory/shop"),
      "a workflow_run triggered by a pull request from a fork",
    ],
    ["workflow_run", workflowRunEvent("pull_request", "acme/shop"), undefined],
    ["workflow_run", workflowRunEvent("push", "mallory/shop"), undefined],
    // Issue 32: without the facts, a workflow_run is untrusted (fail closed).
    [
      "workflow_run",
      undefined,
      "a workflow_run event whose payload was not read (a fork's pull request may have triggered it)",
    ],
    ["workflow_run", { workflow_run: {} }, "a workflow_run event whose payload names no triggering event"],
    [
      "workflow_run",
      { workflow_run: { event: "pull_request", repository: { full_name: "acme/shop" } } },
      "a workflow_run triggered by a pull request whose head repository is not known",
    ],
  ])("%s %j -> %s", (eventName, event, expected) => {
    expect(untrustedSource(eventName, event)).toBe(expected);
  });
});

describe("decideTrust", () => {
  const base = { allowUntrusted: false, dryRunExplicit: false, dryRun: "none" as DryRun };

  test.each([
    // event, payload, explicit dry-run input (undefined: not set), expected mode
    ["push", {}, undefined, "none"],
    ["push", {}, "client", "client"],
    ["pull_request", prEvent("acme/shop"), undefined, "client"],
    ["pull_request", prEvent("acme/shop"), "none", "none"],
    ["pull_request", prEvent("acme/shop"), "server", "server"],
    ["pull_request", prEvent("mallory/shop"), undefined, "client"],
    ["pull_request_target", prEvent("mallory/shop"), "client", "client"],
    ["pull_request_target", prEvent("acme/shop"), "server", "server"],
  ] as const)("%s with dry-run %s -> %s", (eventName, event, dryRunInput, expected) => {
    const decision = decideTrust({
      ...base,
      eventName,
      event,
      dryRun: dryRunInput ?? "none",
      dryRunExplicit: dryRunInput !== undefined,
    });
    expect(decision.dryRun).toBe(expected);
  });

  test("a pull_request dry run by default says why and how to change it", () => {
    const decision = decideTrust({ ...base, eventName: "pull_request", event: prEvent("acme/shop") });
    expect(decision.note).toMatch(/pull_request event: dry run by default.*dry-run input/);
  });

  test.each([
    ["pull_request_target", prEvent("acme/shop"), false, /pull_request_target event/],
    ["pull_request", prEvent("mallory/shop"), true, /pull request from a fork/],
  ])("%s refuses a real run without allow-untrusted", (eventName, event, explicit, reason) => {
    const decide = () => decideTrust({ ...base, eventName, event, dryRun: "none", dryRunExplicit: explicit });
    expect(decide).toThrow(UserError);
    expect(decide).toThrow(reason);
    expect(decide).toThrow(/dry-run: client.*allow-untrusted: true/);
  });

  test("a run that names no event is refused a real run (fail closed), a dry run goes on", () => {
    const decide = () => decideTrust({ ...base, eventName: "", event: undefined, dryRun: "none" });
    expect(decide).toThrow(/names no event \(GITHUB_EVENT_NAME is not set\)/);
    expect(decideTrust({ ...base, eventName: "", event: undefined, dryRun: "client" }).dryRun).toBe("client");
  });

  test("allow-untrusted lets the real run through and says so", () => {
    const decision = decideTrust({
      ...base,
      eventName: "pull_request_target",
      event: prEvent("mallory/shop"),
      allowUntrusted: true,
    });
    expect(decision).toEqual({
      dryRun: "none",
      note: "allow-untrusted: true: changing the cluster from a pull_request_target event",
    });
  });
});
