import { describe, expect, test } from "vitest";
import { choosePrunable, referencedConfigs } from "../../../src/core/versioned/prunable-copies.js";

const MANAGED = { "config-rollout.io/source": "web", "config-rollout.io/managed": "true" };

function copy(name: string, created: string, labels: Record<string, string> = MANAGED) {
  return {
    kind: "ConfigMap",
    metadata: { name, labels, creationTimestamp: `2026-01-0${created}T00:00:00Z` },
  };
}

const envFrom = (name: string) => ({ containers: [{ name: "c", envFrom: [{ configMapRef: { name } }] }] });

describe("what still names a config", () => {
  test("workload templates, Pods, ReplicaSets and ControllerRevisions all count", () => {
    const holders = [
      { apiVersion: "apps/v1", kind: "Deployment", spec: { template: { spec: envFrom("in-deployment") } } },
      {
        apiVersion: "apps/v1",
        kind: "ReplicaSet",
        spec: { replicas: 0, template: { spec: envFrom("in-old-rs") } },
      },
      { apiVersion: "v1", kind: "Pod", spec: envFrom("in-pod") },
      {
        apiVersion: "batch/v1",
        kind: "CronJob",
        spec: { jobTemplate: { spec: { template: { spec: envFrom("in-cron") } } } },
      },
      {
        apiVersion: "apps/v1",
        kind: "ControllerRevision",
        data: { spec: { template: { spec: envFrom("in-revision") } } },
      },
    ];
    expect([...referencedConfigs(holders)].sort()).toEqual([
      "ConfigMap/in-cron",
      "ConfigMap/in-deployment",
      "ConfigMap/in-old-rs",
      "ConfigMap/in-pod",
      "ConfigMap/in-revision",
    ]);
  });
});

describe("which copies go", () => {
  const copies = [
    copy("web-1", "1"),
    copy("web-2", "2"),
    copy("web-3", "3"),
    copy("web-4", "4"),
    copy("web-5", "5"),
  ];

  test.each([
    { keep: 3, referenced: [], removed: ["web-2", "web-1"] },
    { keep: 0, referenced: [], removed: ["web-5", "web-4", "web-3", "web-2", "web-1"] },
    { keep: 0, referenced: ["ConfigMap/web-1"], removed: ["web-5", "web-4", "web-3", "web-2"] },
    { keep: 3, referenced: ["ConfigMap/web-1", "ConfigMap/web-2"], removed: [] },
    // A Secret of the same name does not keep a ConfigMap copy.
    { keep: 4, referenced: ["Secret/web-1"], removed: ["web-1"] },
    { keep: 10, referenced: [], removed: [] },
  ])("keep $keep, referenced $referenced: removes $removed", ({ keep, referenced, removed }) => {
    const decision = choosePrunable(copies, "ConfigMap", new Set(referenced), keep);
    expect(decision.remove.map((c) => (c.metadata as { name: string }).name)).toEqual(removed);
    expect(decision.kept.length + decision.remove.length).toBe(copies.length);
  });

  test("an object without the managed label is never chosen, whatever the list held", () => {
    const listed = [copy("web-x", "1", { "config-rollout.io/source": "web" }), copy("web-y", "1", {})];
    expect(choosePrunable(listed, "ConfigMap", new Set(), 0).remove).toEqual([]);
  });
});
