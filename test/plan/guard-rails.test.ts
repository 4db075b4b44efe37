import { expect, test } from "vitest";
import type { PlannedWorkload } from "../../src/core/model.js";
import { applyGuardRails } from "../../src/plan/guard-rails.js";

const restart = (namespace: string, name: string): PlannedWorkload => ({
  id: { kind: "Deployment", namespace, name },
  action: "restart",
  reason: "consumes configmap/x",
  references: [],
  source: "repo",
});

test.each([
  [{ namespaces: [], excludeNamespaces: ["kube-system"] }, ["shop/a", "team/b"], ["kube-system/c"]],
  [{ namespaces: ["shop"], excludeNamespaces: [] }, ["shop/a"], ["team/b", "kube-system/c"]],
  [
    { namespaces: ["shop", "kube-system"], excludeNamespaces: ["kube-system"] },
    ["shop/a"],
    ["team/b", "kube-system/c"],
  ],
])("%j", (rails, restarted, skipped) => {
  const result = applyGuardRails(
    [restart("shop", "a"), restart("team", "b"), restart("kube-system", "c")],
    rails,
  ).workloads;
  const names = (action: string) =>
    result.filter((w) => w.action === action).map((w) => `${w.id.namespace}/${w.id.name}`);
  expect(names("restart")).toEqual(restarted);
  expect(names("skip")).toEqual(skipped);
  for (const w of result.filter((w) => w.action === "skip")) expect(w.reason).toMatch(/namespace/);
});

test("--max-restarts counts only what is left to restart after the namespace rails", () => {
  const plan = [restart("shop", "a"), restart("kube-system", "b")];
  expect(
    applyGuardRails(plan, { namespaces: [], excludeNamespaces: ["kube-system"], maxRestarts: 1 }).workloads,
  ).toHaveLength(2);
  expect(() => applyGuardRails(plan, { namespaces: [], excludeNamespaces: [], maxRestarts: 1 })).toThrow(
    /restarts 2 workloads, more than --max-restarts 1; nothing was restarted/,
  );
});

test("a dry run over --max-restarts shows the plan and says a real run would refuse it", () => {
  const plan = [restart("shop", "a"), restart("shop", "b")];
  const shown = applyGuardRails(plan, {
    namespaces: [],
    excludeNamespaces: [],
    maxRestarts: 1,
    dryRun: "client",
  });
  expect(shown.workloads.map((w) => w.action)).toEqual(["restart", "restart"]);
  expect(shown.notes).toEqual([
    "the plan restarts 2 workloads, more than --max-restarts 1: a real run would refuse it and restart nothing",
  ]);
  expect(() =>
    applyGuardRails(plan, { namespaces: [], excludeNamespaces: [], maxRestarts: 1, dryRun: "none" }),
  ).toThrow(
    "the plan restarts 2 workloads, more than --max-restarts 1; nothing was restarted (run with --dry-run to see the plan)",
  );
});
