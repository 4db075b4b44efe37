// What every output says after --rollback-on-failure: a rolled-back workload's result, the configs
// put back (or not) per config, a headline that names both the failure and the rollback, exit 1.
import { describe, expect, test } from "vitest";
import { actionOutputs } from "../../src/action/outputs.js";
import type { Plan } from "../../src/core/model.js";
import { exitCodeOf, type RunReport } from "../../src/core/run-result.js";
import { renderJson } from "../../src/report/report-json.js";
import { renderMarkdown } from "../../src/report/report-markdown.js";
import { renderText } from "../../src/report/report-text.js";

const web = { kind: "Deployment", namespace: "shop", name: "web" };
const worker = { kind: "StatefulSet", namespace: "shop", name: "worker" };
const config = { kind: "ConfigMap", namespace: "shop", name: "app-config" };
const plan: Plan = {
  base: "a".repeat(40),
  head: "b".repeat(40),
  rangeNote: "explicit --base/--head",
  changes: [{ id: config, status: "modified", file: "deploy/shop.yaml", line: 1, keys: ["LOG_LEVEL"] }],
  workloads: [web, worker].map((id) => ({
    id,
    action: "restart" as const,
    reason: "reads app-config",
    references: [],
    source: "repo" as const,
  })),
  problems: [],
  warnings: [],
};
const report: RunReport = {
  plan,
  results: [
    {
      id: web,
      restart: "restarted",
      rollout: "rolled-back",
      message: "pod web-1 container app: CrashLoopBackOff; rolled back to its pod template before the run",
      rollback: {
        restart: "restarted",
        rollout: "done",
        message: 'deployment "web" successfully rolled out',
      },
    },
    { id: worker, restart: "restarted", rollout: "rolled-back", message: "its rollout finished, but …" },
  ],
  restores: [
    {
      id: config,
      result: "restored",
      message: "restored to aaaaaaaaaaaa's content (deploy/shop.yaml) (server-side apply as kubectl)",
      readers: [web, worker],
    },
  ],
  outcome: "failed",
  dryRun: "none",
};

describe("a rolled-back run", () => {
  test("exits 1: the change failed even though the rollback succeeded", () => {
    expect(exitCodeOf(report)).toBe(1);
  });

  test("text: each workload rolled back, each config restored with its readers, the headline says both", () => {
    const text = renderText(report);
    expect(text).toMatch(/deployment\/web\s+shop\s+rolled back\s+-\s+pod web-1/);
    expect(text).toContain("Restored configs (--rollback-on-failure):");
    expect(text).toMatch(
      /configmap\/app-config\s+shop\s+restored\s+restored to aaaaaaaaaaaa's content .*; rolled back: deployment\/web, statefulset\/worker/,
    );
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "Failed: rolled back to what ran before: deployment/web, statefulset/worker.",
    );
  });

  test("JSON, markdown and the action's outputs carry the same", () => {
    const json = JSON.parse(renderJson(report));
    expect(json.workloads[0].result).toMatchObject({ rollout: "rolled-back", rollback: { rollout: "done" } });
    expect(json.restores).toEqual([
      { ...config, result: "restored", message: report.restores![0]!.message, readers: [web, worker] },
    ]);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain("#### Restored configs");
    expect(markdown).toMatch(
      /\| configmap\/app-config \| shop \| restored \| restored to aaaaaaaaaaaa's content/,
    );
    expect(JSON.parse(actionOutputs(report)["rolled-back"]!)).toEqual([web, worker]);
  });

  test("a rollback written whose rollout did not finish is named apart from one never sent, in text and JSON", () => {
    const api = { kind: "Deployment", namespace: "shop", name: "api" };
    const restores = [
      { ...report.restores![0]!, readers: [], rollbackNotRolledOut: [web, worker], notRolledBack: [api] },
    ];
    const text = renderText({ ...report, restores });
    expect(text).toMatch(
      /restored to aaaaaaaaaaaa's content .*\(server-side apply as kubectl\); rollback written, its rollout not finished: deployment\/web, statefulset\/worker \(see their results\); not rolled back: deployment\/api \(see its result\)$/m,
    );
    expect(JSON.parse(renderJson({ ...report, restores })).restores[0]).toMatchObject({
      readers: [],
      rollbackNotRolledOut: [web, worker],
      notRolledBack: [api],
    });
  });
});
