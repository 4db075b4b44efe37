// The action's outputs from a run report (names and meanings in action-metadata.ts).

import type { RunReport } from "../core/run-result.js";
import { reportObject } from "../report/report-json.js";

export function actionOutputs(report: RunReport): Record<string, string> {
  const changed = report.plan.changes.map((c) => ({ ...c.id, status: c.status, keys: c.keys }));
  const restarted = report.results
    .filter((r) => r.restart === "restarted")
    .map((r) => ({ kind: r.id.kind, namespace: r.id.namespace, name: r.id.name }));
  return {
    result: report.outcome,
    "changed-configs": JSON.stringify(changed),
    restarted: JSON.stringify(restarted),
    plan: JSON.stringify(reportObject(report)),
  };
}
