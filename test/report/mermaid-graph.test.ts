import { describe, expect, test } from "vitest";
import type { ConfigChange, Plan, PlannedWorkload } from "../../src/core/model.js";
import type { RunReport } from "../../src/core/run-result.js";
import { MAX_NODES, mermaidGraph } from "../../src/report/mermaid-graph.js";
import { renderMarkdown } from "../../src/report/report-markdown.js";
import { renderText } from "../../src/report/report-text.js";

const change = (namespace: string, name: string, origin?: string): ConfigChange => ({
  id: { kind: "ConfigMap", namespace, name },
  status: "modified",
  file: "k/kustomization.yaml",
  line: 1,
  keys: ["A"],
  ...(origin ? { origin } : {}),
});
const workload = (
  c: ConfigChange,
  name: string,
  action: "restart" | "skip",
  extra: Partial<PlannedWorkload> = {},
): PlannedWorkload => ({
  id: { kind: "Deployment", namespace: c.id.namespace, name },
  action,
  reason: action === "restart" ? "consumes" : "reads none",
  references: [
    {
      configKind: "ConfigMap",
      configName: c.id.name,
      via: "envFrom",
      keys: "all",
      path: "containers[app].envFrom",
      config: c.id,
      changedKeys: ["A"],
    },
  ],
  source: "repo",
  ...extra,
});
const plan = (changes: ConfigChange[], workloads: PlannedWorkload[], sources?: string[]): Plan => ({
  base: "a".repeat(40),
  head: "b".repeat(40),
  rangeNote: "test",
  changes,
  workloads,
  problems: [],
  warnings: [],
  ...(sources ? { sources } : {}),
});
const report = (p: Plan): RunReport => ({ plan: p, results: [], outcome: "planned", dryRun: "client" });

describe("the Mermaid graph of the markdown report", () => {
  test("draws each changed config to its consumers, labelled with namespace and source, actions told apart", () => {
    const c = change("prod", "web-config", "kustomize overlays/prod");
    const graph = mermaidGraph(
      plan(
        [c, change("prod", "unused")],
        [
          workload(c, "web", "restart", { origin: "kustomize overlays/prod" }),
          workload(c, "worker", "skip", { rollsOnApply: true }),
        ],
      ),
    ).join("\n");
    expect(graph).toContain("```mermaid\nflowchart LR");
    expect(graph).toContain(
      'c0["configmap/web-config<br/><small>ns prod · kustomize overlays/prod</small>"]:::config',
    );
    expect(graph).toContain(
      'w0["deployment/web<br/><small>ns prod · kustomize overlays/prod · restart</small>"]:::restart',
    );
    expect(graph).toContain(":::rolls");
    expect(graph).toContain("c0 --> w0");
    expect(graph).toContain("c0 --> w1");
    expect(graph).not.toContain("unused");
  });

  test("text from the repository cannot break out of a label", () => {
    const c = change("prod", "x", 'render: sh -c "echo <b>`x`</b>"');
    const graph = mermaidGraph(plan([c], [workload(c, "web", "restart")])).join("\n");
    expect(graph).toContain("#quot;echo #lt;b#gt;#96;x#96;#lt;/b#gt;#quot;");
  });

  test(`past ${MAX_NODES} nodes it folds by namespace and says how many it folded`, () => {
    const changes = Array.from({ length: 30 }, (_, i) => change(i % 2 ? "a" : "b", `c${i}`));
    const workloads = changes.map((c, i) => workload(c, `w${i}`, i % 3 ? "restart" : "skip"));
    const graph = mermaidGraph(plan(changes, workloads)).join("\n");
    expect(graph).toContain("60 configs and workloads folded by namespace");
    expect(graph).toContain("15 changed config(s)<br/><small>ns a</small>");
    expect(graph).not.toContain("deployment/w1");
    expect(graph.split("\n").length).toBeLessThan(30);
  });

  test("no workloads, no graph; the text report never has one", () => {
    expect(mermaidGraph(plan([change("a", "b")], []))).toEqual([]);
    const c = change("prod", "web-config");
    expect(renderText(report(plan([c], [workload(c, "web", "restart")])))).not.toContain("mermaid");
  });

  test("the markdown and text reports list the sources and where each change comes from", () => {
    // As the render stage locates them: the generated config at its blamed input, the workload
    // where it is written (its blamed file beside it).
    const c = {
      ...change("prod", "web-config-abc1234567", "kustomize overlays/prod"),
      file: "overlays/prod/app.env",
      blamedFile: "overlays/prod/app.env",
      previousName: "web-config-zzz1234567",
    };
    const p = plan(
      [c],
      [
        workload(c, "web", "skip", {
          rollsOnApply: true,
          origin: "kustomize overlays/prod",
          file: "base/deployment.yaml",
          line: 3,
          blamedFile: "overlays/prod/app.env",
        }),
      ],
      ["kustomize overlays/prod: rendered at both commits"],
    );
    const markdown = renderMarkdown(report(p));
    expect(markdown).toContain("#### Sources\n\n- kustomize overlays/prod: rendered at both commits");
    expect(markdown).toContain(
      "| configmap/web-config-abc1234567 | prod | modified (was web-config-zzz1234567) | kustomize overlays/prod (overlays/prod/app.env) | A |",
    );
    // One config feeding one workload: the table row says it; no picture.
    expect(markdown).not.toContain("```mermaid");
    const text = renderText(report(p));
    expect(text).toContain("Sources:\n  kustomize overlays/prod: rendered at both commits");
    expect(text).toContain("kustomize overlays/prod (overlays/prod/app.env)");
    expect(text).toContain(
      "from kustomize overlays/prod (base/deployment.yaml:3, changed in overlays/prod/app.env)",
    );
    expect(markdown).toContain(
      "from kustomize overlays/prod (base/deployment.yaml:3, changed in overlays/prod/app.env)",
    );
  });
});

describe("the markdown report", () => {
  test("shows text from the repository literally: no HTML, link, emphasis or extra table cell", () => {
    const hostile = "evil/<img src=x onerror=alert(1)>[click](https://example.com)|*bold*_`x`.yaml";
    const c: ConfigChange = { ...change("prod", "web-config"), file: hostile };
    const p = {
      ...plan([c], [workload(c, "web", "restart"), workload(c, "api", "restart")]),
      problems: [{ file: hostile, line: 3, col: 1, message: "duplicate key", severity: "error" as const }],
      warnings: ["line one\nline two"],
    };
    const whole = renderMarkdown(report(p));
    // Inside the Mermaid block Markdown is not rendered (its labels have their own escaping, above).
    const markdown = whole.replace(/```mermaid[\s\S]*?```/, "");
    expect(whole).toContain("```mermaid");
    expect(markdown).not.toContain("<img");
    expect(markdown).not.toContain("[click]");
    const escaped =
      "evil/&lt;img src=x onerror=alert(1)&gt;\\[click\\](https:&#8203;//example.com)\\|\\*bold\\*\\_\\`x\\`.yaml";
    expect(markdown).toContain(`- ${escaped}:3:1: duplicate key`);
    // The table row keeps its four cells (a dry run: no result columns); the "why" cell keeps its line breaks.
    const row = markdown.split("\n").find((l) => l.startsWith("| deployment/web"))!;
    expect(row.split(/(?<!\\)\|/).length - 2).toBe(4);
    expect(row).toContain("<br>");
    expect(markdown).toContain("- line one line two");
  });
});

describe("the markdown report's layout", () => {
  const c = change("shop", "app-config");
  const two = plan([c], [workload(c, "web", "restart"), workload(c, "api", "restart")]);

  test("the picture comes after the tables, and only when it shows more than one arrow", () => {
    const markdown = renderMarkdown(report(two));
    expect(markdown.indexOf("#### Workloads")).toBeGreaterThan(-1);
    expect(markdown.indexOf("```mermaid")).toBeGreaterThan(markdown.indexOf("#### Workloads"));
    expect(markdown.indexOf("```mermaid")).toBeGreaterThan(markdown.indexOf("#### Changed configs"));
    expect(renderMarkdown(report(plan([c], [workload(c, "web", "restart")])))).not.toContain("mermaid");
  });

  test("a dry run shows no empty Result and Duration columns; a run with results does", () => {
    const dry = renderMarkdown(report(two));
    expect(dry).toContain("| Workload | Namespace | Action | Why |\n|---|---|---|---|\n");
    expect(dry).not.toContain("| Result |");
    const ran = renderMarkdown({
      ...report(two),
      dryRun: "none",
      results: [
        { id: two.workloads[0]!.id, restart: "restarted", rollout: "done", message: "", durationMs: 12_000 },
      ],
    });
    expect(ran).toContain("| Workload | Namespace | Action | Why | Result | Duration |");
    expect(ran.split("\n").find((l) => l.startsWith("| deployment/api"))).toMatch(/\| \\- \| \\- \|$/);
  });
});
