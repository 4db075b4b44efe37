// What the report says about Helm charts. Chart templates are not YAML until rendered, so charts are
// never read as raw manifests; a chart the range changes would then go unnoticed ("Nothing
// changed"). Unless --render covers it, that is a warning naming the chart and the command that
// plans from it. Untouched charts are one line, however many the repository holds.
import type { OptionNaming } from "../../core/option-naming.js";
import type { SourceWarning } from "./source-warning.js";

export interface ChartReport {
  notes: string[];
  warnings: SourceWarning[];
}

interface ChartOptions {
  /** --render was given; `isRenderInput` says which files it covers (--render-paths). */
  render?: { isRenderInput(path: string): boolean };
  /** How the advice names --render and --render-paths: flags, or the action's inputs. */
  naming: OptionNaming;
}

const MAX_NAMED = 5;
/** Files in a chart that do not change what it renders. */
const NOT_RENDERED = /(^|\/)(README[^/]*|LICENSE[^/]*|[^/]*\.md|NOTES\.txt|\.helmignore)$/i;

/** `chartDirs`: the directories holding a Chart.yaml ("" for the repository root). */
export function chartReport(
  chartDirs: readonly string[],
  changedPaths: readonly string[],
  options: ChartOptions,
): ChartReport {
  const inside = (dir: string, path: string) => dir === "" || path.startsWith(`${dir}/`);
  // A subchart is part of the chart that holds it: that one is what `helm template` renders.
  const outermost = [...new Set(chartDirs)]
    .filter((dir) => !chartDirs.some((other) => other !== dir && inside(other, dir)))
    .sort();
  const warnings: SourceWarning[] = [];
  const untouched: string[] = [];
  const fixtures: string[] = [];
  for (const dir of outermost) {
    const changed = changedPaths.filter((path) => inside(dir, path) && !NOT_RENDERED.test(path));
    // A chart under .github, .gitlab, .circleci...: a CI job's test fixture, never a deployed one.
    if (HIDDEN_DIR.test(dir)) {
      if (changed.length > 0) fixtures.push(dir);
      continue;
    }
    if (changed.length === 0) {
      untouched.push(dir || ".");
      continue;
    }
    if (options.render && changed.some((path) => options.render!.isRenderInput(path))) continue;
    warnings.push({
      file: dir === "" ? "Chart.yaml" : `${dir}/Chart.yaml`,
      message: touchedChartWarning(dir, changed, options),
      unread: "Helm chart, not rendered",
    });
  }
  const fixtureNotes = fixtures.map(
    (dir) =>
      `Helm chart ${dir}: changed, not planned: a chart under a hidden directory is taken for a CI or test fixture, not a deployed chart (${options.naming.option("render")} plans it if it is deployed)`,
  );
  const notes = options.render ? [] : untouchedNote(untouched, options.naming);
  return { notes: [...notes, ...fixtureNotes], warnings };
}

/** A path with a directory whose name starts with a dot. */
const HIDDEN_DIR = /(^|\/)\.[^/]/;

function touchedChartWarning(dir: string, changed: string[], options: ChartOptions): string {
  const shown = dir || ".";
  const first = dir === "" ? changed[0]! : changed[0]!.slice(dir.length + 1);
  const files = changed.length === 1 ? first : `${first} and ${changed.length - 1} more file(s)`;
  const release = dir === "" ? "release" : dir.slice(dir.lastIndexOf("/") + 1);
  const { naming } = options;
  const paths = naming.set("render-paths", `'${dir === "" ? "**" : `${dir}/**`}'`);
  // One command line; in a workflow, two inputs.
  const recipe = `${naming.set("render", `'helm template ${release} ${shown}'`)}${naming.entryPoint === "cli" ? " " : " with "}${paths}`;
  const why = options.render
    ? `none of its changed files is among ${naming.option("render-paths")}, so ${naming.option("render")} does not run for it`
    : `Helm charts are planned only through ${naming.option("render")}`;
  return `Helm chart ${shown} changed (${files}) but was not rendered: ${why}. To plan from it: ${recipe} (with the -n and -f values your deploy step uses)`;
}

function untouchedNote(dirs: string[], naming: OptionNaming): string[] {
  if (dirs.length === 0) return [];
  const how = `charts are planned only through ${naming.set("render", "'helm template ...'")}`;
  if (dirs.length === 1)
    return [`Helm chart ${dirs[0]}: not read, the range touches none of its files; ${how}`];
  const more = dirs.length > MAX_NAMED ? ` and ${dirs.length - MAX_NAMED} more` : "";
  return [
    `${dirs.length} Helm charts not read, the range touches none of their files (${dirs.slice(0, MAX_NAMED).join(", ")}${more}); ${how}`,
  ];
}
