// The bundled action on a push that edits a Helm chart's values.yaml (charts are planned only
// through --render): the `result` output is `incomplete`, not `nothing-to-do`, the `plan` output
// names the chart in `unread`, and the log carries the headline as a warning, not a quiet success.
import { afterEach, expect, test } from "vitest";
import { stringify } from "yaml";
import { commitTwice, type TempRepo } from "../helpers/git-repo.js";
import { runAction } from "./run-action.js";

const repos: TempRepo[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
});

const chart = (replicas: number) => ({
  "charts/web/Chart.yaml": stringify({ apiVersion: "v2", name: "web", version: "0.1.0" }),
  "charts/web/values.yaml": `replicas: ${replicas}\n`,
  "charts/web/templates/configmap.yaml":
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  replicas: '{{ .Values.replicas }}'\n",
});

test("a push whose chart nothing rendered: result incomplete, the chart in the plan's unread, a warning", async () => {
  const repo = await commitTwice(chart(1), chart(2));
  repos.push(repo);
  const [base, head] = (await repo.git(["rev-parse", "HEAD~1", "HEAD"])).trim().split("\n");
  const run = await runAction({
    workspace: repo.dir,
    eventName: "push",
    event: { ref: "refs/heads/main", before: base, after: head, forced: false },
    inputs: { "dry-run": "client" },
  });
  expect(run.code, run.stdout).toBe(0);
  expect(run.outputs.result).toBe("incomplete");
  const plan = JSON.parse(run.outputs.plan!) as { outcome: string; unread: unknown };
  expect(plan.outcome).toBe("incomplete");
  expect(plan.unread).toEqual([{ file: "charts/web/Chart.yaml", why: "Helm chart, not rendered" }]);
  expect(run.stdout).toContain(
    "::warning::Incomplete plan: 1 touched source(s) not read: charts/web/Chart.yaml (Helm chart, not rendered).",
  );
  expect(run.summary).toContain("Incomplete plan");
});

test("a failing render names the `render` input the way the workflow sets it, not the CLI's flags", async () => {
  const render = (level: string) => ({
    "render.sh": `#!/bin/sh\n[ "${level}" = broken ] && exit 3\necho '{}'\n`,
  });
  const repo = await commitTwice(render("info"), render("broken"));
  repos.push(repo);
  const [base, head] = (await repo.git(["rev-parse", "HEAD~1", "HEAD"])).trim().split("\n");
  const run = await runAction({
    workspace: repo.dir,
    eventName: "push",
    event: { ref: "refs/heads/main", before: base, after: head, forced: false },
    inputs: { "dry-run": "client", render: "sh render.sh", "render-paths": "render.sh" },
  });
  // An action's step fails with 1 (GitHub has no other failure code).
  expect(run.code, run.stdout).toBe(1);
  expect(run.stdout).toContain(
    `::error::\`render: "sh render.sh"\` failed at commit ${head!.slice(0, 12)} (exit 3)`,
  );
  expect(run.stdout).not.toContain("--render");
});
