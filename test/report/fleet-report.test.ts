// The reports of a --contexts run: a section per cluster in text, JSON and Markdown (and so in the
// plan comment), skipped clusters saying why, and a single-cluster report exactly as before.
import { describe, expect, test } from "vitest";
import { buildCommentBody } from "../../src/comment/comment-body.js";
import type { Plan } from "../../src/core/model.js";
import { exitCodeOf, type RunReport } from "../../src/core/run-result.js";
import { renderJson } from "../../src/report/report-json.js";
import { markdownSections, renderMarkdown } from "../../src/report/report-markdown.js";
import { renderText } from "../../src/report/report-text.js";

const web = { kind: "Deployment", namespace: "shop", name: "web" };
const plan = (extra = false): Plan => ({
  base: "a".repeat(40),
  head: "b".repeat(40),
  rangeNote: "explicit --base/--head",
  changes: [
    {
      id: { kind: "ConfigMap", namespace: "shop", name: "app-config" },
      status: "modified",
      file: "deploy/shop.yaml",
      line: 1,
      keys: ["LOG_LEVEL"],
    },
  ],
  workloads: [
    { id: web, action: "restart", reason: "reads app-config", references: [], source: "repo" },
    ...(extra
      ? [
          {
            id: { kind: "Deployment", namespace: "shop", name: "eu-only" },
            action: "restart" as const,
            reason: "reads app-config",
            references: [],
            source: "cluster" as const,
          },
        ]
      : []),
  ],
  problems: [],
  warnings: [],
});
const staging: RunReport = {
  plan: plan(),
  results: [{ id: web, restart: "restarted", rollout: "done", message: "3/3 updated" }],
  outcome: "restarted",
  cluster: { context: "staging", server: "https://127.0.0.1:1" },
  dryRun: "none",
};
const prodEu: RunReport = {
  plan: plan(true),
  results: [
    { id: web, restart: "restarted", rollout: "timeout", message: "1/3 updated" },
    {
      id: { kind: "Deployment", namespace: "shop", name: "eu-only" },
      restart: "restarted",
      rollout: "done",
      message: "2/2 updated",
    },
  ],
  outcome: "failed",
  cluster: { context: "prod-eu", server: "https://127.0.0.1:2" },
  dryRun: "none",
};
const fleet: RunReport = {
  plan: plan(),
  results: [],
  outcome: "failed",
  dryRun: "none",
  clusters: [
    { context: "staging", wave: 1, outcome: "restarted", exitCode: 0, report: staging },
    { context: "prod-eu", wave: 2, outcome: "failed", exitCode: 1, report: prodEu },
    {
      context: "prod-us",
      wave: 3,
      outcome: "skipped",
      exitCode: 0,
      message: "skipped: wave 2 failed on prod-eu",
    },
  ],
};

describe("a --contexts report", () => {
  test("text: a table of the clusters, then each cluster's own results; skipped ones say why", () => {
    const text = renderText(fleet);
    expect(text.match(/^Comparing /gm)).toHaveLength(1);
    // The repository's changes once, above the clusters; each cluster shows what it ran.
    expect(text.match(/configmap\/app-config/g)).toHaveLength(1);
    expect(text.indexOf("Changed configs (1):")).toBeLessThan(text.indexOf("Clusters (3):"));
    expect(text).toMatch(/prod-us +3 +skipped +skipped: wave 2 failed on prod-eu/);
    expect(text).toContain("== staging (wave 1): restarted ==");
    expect(text).toContain("== prod-eu (wave 2): failed ==");
    const euSection = text.slice(text.indexOf("== prod-eu"), text.indexOf("== prod-us"));
    expect(euSection).toContain("deployment/eu-only");
    expect(euSection).toContain("timeout");
    const stagingSection = text.slice(text.indexOf("== staging"), text.indexOf("== prod-eu"));
    expect(stagingSection).not.toContain("eu-only");
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "Failed on prod-eu (staging restarted, prod-eu failed, prod-us skipped).",
    );
    expect(exitCodeOf(fleet)).toBe(1);
  });

  test("JSON: clusters [{context, outcome, workloads}], a workload only in one cluster listed there only", () => {
    const json = JSON.parse(renderJson(fleet));
    expect(json.clusters.map((c: { context: string; outcome: string }) => [c.context, c.outcome])).toEqual([
      ["staging", "restarted"],
      ["prod-eu", "failed"],
      ["prod-us", "skipped"],
    ]);
    expect(json.clusters[0].workloads.map((w: { name: string }) => w.name)).toEqual(["web"]);
    expect(
      json.clusters[1].workloads.map((w: { name: string; result: { rollout: string } }) => [
        w.name,
        w.result.rollout,
      ]),
    ).toEqual([
      ["web", "timeout"],
      ["eu-only", "done"],
    ]);
    expect(json.clusters[2]).toMatchObject({ workloads: [], message: "skipped: wave 2 failed on prod-eu" });
  });

  test("Markdown and the plan comment: a summary, then a section per cluster", () => {
    const markdown = renderMarkdown(fleet);
    expect(markdown).toContain("| prod-us | 3 | skipped | skipped: wave 2 failed on prod-eu |");
    expect(markdown).toContain("### staging (wave 1): restarted");
    expect(markdown).toContain("### prod-eu (wave 2): failed");
    expect(markdown.match(/#### Changed configs/g)).toHaveLength(1);
    expect(markdown.indexOf("#### Changed configs")).toBeLessThan(markdown.indexOf("### staging"));
    const comment = buildCommentBody({
      id: "x",
      sections: markdownSections(fleet),
      footer: "footer",
      limit: 65_000,
      cutNote: "cut",
    }).body;
    expect(comment).toContain("## prod-eu (wave 2): failed");
    expect(comment).toContain("## prod-us (wave 3): skipped");
    expect(comment.indexOf("eu-only")).toBeGreaterThan(comment.indexOf("## prod-eu"));
  });

  test("a single-cluster report is unchanged: no clusters key, one section, no cluster table", () => {
    expect(JSON.parse(renderJson(staging)).clusters).toBeUndefined();
    expect(markdownSections(staging)).toHaveLength(1);
    expect(markdownSections(staging)[0]!.render(500)).toBe(renderMarkdown(staging));
    expect(renderText(staging)).not.toContain("Clusters (");
    expect(renderText(staging).startsWith("Comparing aaaaaaaaaaaa..bbbbbbbbbbbb")).toBe(true);
  });
});

test("the action's restarted output names each cluster's restarts with their context", async () => {
  const { actionOutputs } = await import("../../src/action/outputs.js");
  expect(JSON.parse(actionOutputs(fleet).restarted!)).toEqual([
    { context: "staging", kind: "Deployment", namespace: "shop", name: "web" },
    { context: "prod-eu", kind: "Deployment", namespace: "shop", name: "web" },
    { context: "prod-eu", kind: "Deployment", namespace: "shop", name: "eu-only" },
  ]);
  expect(JSON.parse(actionOutputs(staging).restarted!)).toEqual([
    { kind: "Deployment", namespace: "shop", name: "web" },
  ]);
});

describe("a --contexts run whose plan is incomplete", () => {
  test("each cluster and the last line say so, with what was not read; exit 0", async () => {
    const { fleetOutcome } = await import("../../src/run/fleet.js");
    const unread = [{ file: "charts/web/Chart.yaml", why: "Helm chart, not rendered" }];
    const cluster: RunReport = { ...staging, plan: { ...plan(), unread }, outcome: "incomplete" };
    const clusters = [
      { context: "staging", wave: 1, outcome: "incomplete" as const, exitCode: 0, report: cluster },
      { context: "prod", wave: 2, outcome: "incomplete" as const, exitCode: 0, report: cluster },
    ];
    const report: RunReport = {
      plan: { ...plan(), unread },
      results: [],
      outcome: fleetOutcome(clusters),
      dryRun: "none",
      clusters,
    };
    expect(report.outcome).toBe("incomplete");
    expect(exitCodeOf(report)).toBe(0);
    expect(renderText(report).trimEnd().split("\n").at(-1)).toBe(
      "Incomplete plan: 1 touched source(s) not read: charts/web/Chart.yaml (Helm chart, not rendered). 2 cluster(s): staging incomplete (not everything was read), prod incomplete (not everything was read).",
    );
  });
});
