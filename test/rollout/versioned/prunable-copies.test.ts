import { describe, expect, test } from "vitest";
import { choosePrunable, referencedConfigs } from "../../../src/rollout/versioned/prunable-copies.js";

const MANAGED = { "config-rollout.io/source": "web", "config-rollout.io/managed": "true" };

const COMMIT = { "config-rollout.io/source-commit": "0123456789abcdef0123456789abcdef01234567" };

function copy(name: string, created: string, labels: Record<string, string> = MANAGED, annotations = COMMIT) {
  return {
    kind: "ConfigMap",
    metadata: { name, labels, annotations, creationTimestamp: `2026-01-0${created}T00:00:00Z` },
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
    copy("web-0000000001", "1"),
    copy("web-0000000002", "2"),
    copy("web-0000000003", "3"),
    copy("web-0000000004", "4"),
    copy("web-0000000005", "5"),
  ];

  test.each([
    { keep: 3, referenced: [], removed: ["web-0000000002", "web-0000000001"] },
    {
      keep: 0,
      referenced: [],
      removed: ["web-0000000005", "web-0000000004", "web-0000000003", "web-0000000002", "web-0000000001"],
    },
    {
      keep: 0,
      referenced: ["ConfigMap/web-0000000001"],
      removed: ["web-0000000005", "web-0000000004", "web-0000000003", "web-0000000002"],
    },
    { keep: 3, referenced: ["ConfigMap/web-0000000001", "ConfigMap/web-0000000002"], removed: [] },
    // A Secret of the same name does not keep a ConfigMap copy.
    { keep: 4, referenced: ["Secret/web-0000000001"], removed: ["web-0000000001"] },
    { keep: 10, referenced: [], removed: [] },
  ])("keep $keep, referenced $referenced: removes $removed", ({ keep, referenced, removed }) => {
    const decision = choosePrunable(copies, "ConfigMap", new Set(referenced), keep);
    expect(decision.remove.map((c) => (c.metadata as { name: string }).name)).toEqual(removed);
    expect(decision.kept.length + decision.remove.length).toBe(copies.length);
  });

  test("an object that is not a copy is never chosen, whatever the list held", () => {
    const listed = [
      copy("web-00000000aa", "1", { "config-rollout.io/source": "web" }),
      copy("web-00000000bb", "1", {}),
      // The labels of a copy, but not its name or its commit: a config a repository defines so.
      copy("web-legacy", "1"),
      copy("web-00000000cc", "1", MANAGED, {} as typeof COMMIT),
    ];
    expect(choosePrunable(listed, "ConfigMap", new Set(), 0).remove).toEqual([]);
  });
});
