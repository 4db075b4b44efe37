import { describe, expect, test } from "vitest";
import { ACTION_INPUTS, CLI_FLAGS } from "../../../src/core/option-naming.js";
import { chartReport } from "../../../src/scan/sources/helm-charts.js";

describe("chartReport", () => {
  const charts = ["charts/web", "charts/web/charts/redis", "charts/api", "deploy/chart"];

  test("a changed chart is a warning at its Chart.yaml with the --render recipe; a subchart's change is its parent's", () => {
    const report = chartReport(
      charts,
      ["charts/web/charts/redis/templates/cm.yaml", "charts/web/values.yaml"],
      { naming: CLI_FLAGS },
    );
    expect(report.warnings).toEqual([
      {
        file: "charts/web/Chart.yaml",
        message:
          "Helm chart charts/web changed (charts/redis/templates/cm.yaml and 1 more file(s)) but was not rendered: Helm charts are planned only through --render. To plan from it: --render 'helm template web charts/web' --render-paths 'charts/web/**' (with the -n and -f values your deploy step uses)",
        unread: "Helm chart, not rendered",
      },
    ]);
    expect(report.notes).toEqual([
      "2 Helm charts not read, the range touches none of their files (charts/api, deploy/chart); charts are planned only through --render 'helm template ...'",
    ]);
  });

  test("documentation in a chart changes nothing it renders", () => {
    expect(
      chartReport(["c"], ["c/README.md", "c/templates/NOTES.txt"], { naming: CLI_FLAGS }).warnings,
    ).toEqual([]);
  });

  test("with --render, a chart its --render-paths cover is not warned about, one they miss is", () => {
    const isRenderInput = (path: string) => path.startsWith("charts/web/");
    const report = chartReport(charts, ["charts/web/values.yaml", "charts/api/values.yaml"], {
      render: { isRenderInput },
      naming: CLI_FLAGS,
    });
    expect(report.warnings.map((w) => w.file)).toEqual(["charts/api/Chart.yaml"]);
    expect(report.warnings[0]?.message).toContain("none of its changed files is among --render-paths");
    expect(report.notes).toEqual([]);
  });

  test("in the action, the recipe and the notes name the inputs the workflow sets, not the CLI's flags", () => {
    const report = chartReport(charts, ["charts/web/values.yaml"], { naming: ACTION_INPUTS });
    expect(report.warnings[0]?.message).toContain(
      "Helm charts are planned only through the `render` input. To plan from it: `render: 'helm template web charts/web'` with `render-paths: 'charts/web/**'`",
    );
    expect(report.notes.join("\n")).toContain(
      "charts are planned only through `render: 'helm template ...'`",
    );
    expect(JSON.stringify(report)).not.toContain("--render");
  });
});
