import { idKey } from "../core/model.js";
import { type RunReport, resultsByWorkload } from "../core/run-result.js";

/** The machine-readable report: one JSON object (the action's `plan` output, `--output json`). */
export function reportObject(report: RunReport) {
  const { plan } = report;
  return {
    outcome: report.outcome,
    dryRun: report.dryRun,
    base: plan.base,
    head: plan.head,
    range: plan.rangeNote,
    ...(report.cluster ? { cluster: report.cluster } : {}),
    changes: plan.changes.map((c) => ({
      ...c.id,
      status: c.status,
      file: c.file,
      line: c.line,
      keys: c.keys,
      ...(c.origin ? { origin: c.origin } : {}),
      ...(c.blamedFile ? { blamedFile: c.blamedFile } : {}),
      ...(c.previousName ? { previousName: c.previousName } : {}),
    })),
    workloads: workloadObjects(report),
    problems: plan.problems,
    warnings: plan.warnings,
    ...(plan.sources ? { sources: plan.sources } : {}),
    ...(plan.skippedRenders ? { skippedRenders: plan.skippedRenders } : {}),
    ...(plan.unread ? { unread: plan.unread } : {}),
    ...(report.notes ? { notes: report.notes } : {}),
    ...(report.restores ? { restores: restoreObjects(report) } : {}),
    ...(report.clusters
      ? {
          clusters: report.clusters.map((c) => ({
            context: c.context,
            wave: c.wave,
            outcome: c.outcome,
            exitCode: c.exitCode,
            ...(c.message ? { message: c.message } : {}),
            ...(c.report?.cluster ? { server: c.report.cluster.server } : {}),
            workloads: c.report ? workloadObjects(c.report) : [],
            ...(c.report?.notes ? { notes: c.report.notes } : {}),
            ...(c.report?.restores ? { restores: restoreObjects(c.report) } : {}),
            ...(c.report && c.report.plan.warnings.length > 0 ? { warnings: c.report.plan.warnings } : {}),
          })),
        }
      : {}),
  };
}

/** Each planned workload with its result, when it has one. */
function workloadObjects(report: RunReport) {
  const { plan } = report;
  const results = resultsByWorkload(report);
  return plan.workloads.map((w) => {
    const result = results.get(idKey(w.id));
    return {
      ...w.id,
      action: w.action,
      reason: w.reason,
      source: w.source,
      ...(w.file ? { file: w.file, line: w.line } : {}),
      ...(w.origin ? { origin: w.origin } : {}),
      ...(w.blamedFile ? { blamedFile: w.blamedFile } : {}),
      ...(w.rollsOnApply ? { rollsOnApply: true } : {}),
      references: w.references.map((r) => ({
        config: r.config,
        via: r.via,
        path: r.path,
        keys: r.keys,
        changedKeys: r.changedKeys,
        ...(r.init ? { init: true } : {}),
        ...(r.subPath ? { subPath: true } : {}),
      })),
      ...(result
        ? {
            result: {
              restart: result.restart,
              rollout: result.rollout,
              message: result.message,
              durationMs: result.durationMs,
              ...(result.cause ? { cause: result.cause } : {}),
              ...(result.rollback ? { rollback: result.rollback } : {}),
            },
          }
        : {}),
    };
  });
}

/** --rollback-on-failure: each changed config a failed workload reads, what became of it, its rolled-back readers. */
function restoreObjects(report: RunReport) {
  return (report.restores ?? []).map((r) => ({
    ...r.id,
    result: r.result,
    message: r.message,
    readers: r.readers,
    ...(r.rollbackNotRolledOut ? { rollbackNotRolledOut: r.rollbackNotRolledOut } : {}),
    ...(r.notRolledBack ? { notRolledBack: r.notRolledBack } : {}),
  }));
}

export function renderJson(report: RunReport): string {
  return `${JSON.stringify(reportObject(report), null, 2)}\n`;
}
