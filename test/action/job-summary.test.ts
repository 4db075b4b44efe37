import { expect, test } from "vitest";
import { cutToBytes, fitSummary, SUMMARY_LIMIT_BYTES } from "../../src/action/job-summary.js";
import type { ConfigChange, PlannedWorkload } from "../../src/core/model.js";
import type { RunReport } from "../../src/core/run-result.js";

function reportWith(workloads: number, messageBytes = 0): RunReport {
  const change: ConfigChange = {
    id: { kind: "ConfigMap", namespace: "shop", name: "app-config" },
    status: "modified",
    file: "k8s/app.yaml",
    line: 1,
    keys: ["LOG_LEVEL"],
  };
  const planned: PlannedWorkload[] = Array.from({ length: workloads }, (_, i) => ({
    id: { kind: "Deployment", namespace: "shop", name: `app-${i}` },
    action: "restart",
    reason: "consumes configmap/app-config (keys: LOG_LEVEL) via envFrom",
    references: [],
    source: "repo",
  }));
  return {
    plan: {
      base: "a".repeat(40),
      head: "b".repeat(40),
      rangeNote: "GitHub push: before..after",
      changes: [change],
      workloads: planned,
      problems: [],
      warnings: [],
    },
    results: planned.map((w) => ({
      id: w.id,
      restart: "restarted",
      rollout: "failed",
      message: `Pod crashed: ${"é".repeat(messageBytes / 2)}`,
    })),
    outcome: "failed",
    dryRun: "none",
  };
}

test("a small report is the whole markdown report", () => {
  const summary = fitSummary(reportWith(3));
  expect(summary).toContain("| deployment/app-2 | shop | restart |");
  expect(summary).not.toContain("truncated");
});

test("a report too large for one MiB keeps under the limit and says where the rest is", () => {
  const summary = fitSummary(reportWith(2000, 2000));
  expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
  expect(summary).toContain("| deployment/app-0 |");
  expect(summary).toMatch(/more workloads|truncated/);
  expect(summary).not.toContain("\uFFFD");
});

test("a few huge rows are cut at a line boundary with a note", () => {
  const summary = fitSummary(reportWith(20, 200_000), 100_000);
  expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(100_000);
  expect(summary).toMatch(/Summary truncated to stay under GitHub's 1 MiB limit/);
  expect(summary).not.toContain("\uFFFD");
});

test.each([
  ["abc\ndef\nghi", 9, "abc\ndef"],
  ["abc\ndef", 100, "abc\ndef"],
  ["ééé\nx", 3, ""],
])("cutToBytes(%j, %i)", (text, limit, expected) => {
  expect(cutToBytes(text, limit)).toBe(expected);
});
