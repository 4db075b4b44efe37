// Copies scripts/gitlab-reports.mjs into the heredoc of the GitLab template and component, so the
// job needs nothing but node and git: `node scripts/embed-gitlab-reports.mjs` (or `--check`, which
// exits 1 when a file is out of date; test/gitlab/templates.test.ts checks the same).

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const TEMPLATE_FILES = [".gitlab-ci-template.yml", "templates/config-rollout.yml"];
const MARKER = "CONFIG_ROLLOUT_REPORTS_JS";

/** The YAML text with the heredoc between `<<'MARKER'` and `MARKER` holding `js`, indented like the heredoc. */
export function embedReportsScript(yaml, js) {
  const lines = yaml.split("\n");
  const start = lines.findIndex((line) => line.trimEnd().endsWith(`<<'${MARKER}'`));
  if (start < 0) throw new Error(`no <<'${MARKER}' heredoc found`);
  const indent = /^\s*/.exec(lines[start])[0];
  const end = lines.findIndex((line, index) => index > start && line === `${indent}${MARKER}`);
  if (end < 0) throw new Error(`the <<'${MARKER}' heredoc has no closing ${MARKER} line`);
  const body = js
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => (line === "" ? "" : `${indent}${line}`));
  return [...lines.slice(0, start + 1), ...body, ...lines.slice(end)].join("\n");
}

function run(check) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const js = readFileSync(`${root}scripts/gitlab-reports.mjs`, "utf8");
  let stale = 0;
  for (const file of TEMPLATE_FILES) {
    const yaml = readFileSync(`${root}${file}`, "utf8");
    const updated = embedReportsScript(yaml, js);
    if (updated === yaml) continue;
    stale++;
    if (check)
      process.stderr.write(`${file}: the embedded reports script differs from scripts/gitlab-reports.mjs\n`);
    else writeFileSync(`${root}${file}`, updated);
  }
  return check && stale > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = run(process.argv.includes("--check"));
}
