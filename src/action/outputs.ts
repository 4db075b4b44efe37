// The action's outputs from a run report (names and meanings in action-metadata.ts), kept within
// GitHub's limit of 1 MiB per output: a larger value fails the step or is dropped by the runner.
// An output over the limit stays valid JSON of the same shape: a list keeps the items that fit, the
// plan becomes a stub with the outcome; the full value goes to a file whose path the stub names.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunReport, WorkloadResult } from "../core/run-result.js";
import { reportObject } from "../report/report-json.js";

/** GitHub's limit per output, less a margin for the delimiter lines of the output file. */
const OUTPUT_LIMIT_BYTES = 1024 * 1024 - 1024;

interface FittedOutputs {
  outputs: Record<string, string>;
  /** One line per output that had to be cut: what happened and where the full value is. */
  notes: string[];
}

export function actionOutputs(report: RunReport): Record<string, string> {
  const changed = report.plan.changes.map((c) => ({ ...c.id, status: c.status, keys: c.keys }));
  // A --contexts run: each cluster's restarts, with the context they were made in.
  const runs = report.clusters
    ? report.clusters.map((c) => ({ context: c.context, results: c.report?.results ?? [] }))
    : [{ context: undefined, results: report.results }];
  const workloads = (keep: (result: WorkloadResult) => boolean) =>
    runs.flatMap(({ context, results }) =>
      results.filter(keep).map((r) => ({
        ...(context ? { context } : {}),
        kind: r.id.kind,
        namespace: r.id.namespace,
        name: r.id.name,
      })),
    );
  return {
    result: report.outcome,
    "changed-configs": JSON.stringify(changed),
    restarted: JSON.stringify(workloads((r) => r.restart === "restarted")),
    "rolled-back": JSON.stringify(workloads((r) => r.rollout === "rolled-back")),
    plan: JSON.stringify(reportObject(report)),
  };
}

/**
 * Outputs that each fit in `limitBytes`. A value over it is written whole to `dir` (the runner's
 * RUNNER_TEMP; upload it as an artifact to keep it) and replaced as described at the top.
 */
export function fitOutputs(
  outputs: Record<string, string>,
  dir: string | undefined,
  limitBytes = OUTPUT_LIMIT_BYTES,
): FittedOutputs {
  const fitted: Record<string, string> = {};
  const notes: string[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    const size = Buffer.byteLength(value, "utf8");
    if (size <= limitBytes) {
      fitted[name] = value;
      continue;
    }
    const file = dir ? saveFullValue(dir, name, value) : undefined;
    fitted[name] = shrink(value, file, limitBytes);
    notes.push(
      `output ${name} is ${formatBytes(size)}, over GitHub's 1 MiB limit per output: it was shortened` +
        (file ? `; the full value is in ${file}` : " (no RUNNER_TEMP to keep the full value)"),
    );
  }
  return { outputs: fitted, notes };
}

function saveFullValue(dir: string, name: string, value: string): string | undefined {
  try {
    const folder = join(dir, "config-rollout");
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${name}.json`);
    writeFileSync(file, value);
    return file;
  } catch {
    return undefined;
  }
}

function shrink(value: string, file: string | undefined, limitBytes: number): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed)) return longestPrefix(parsed, limitBytes);
  if (parsed !== null && typeof parsed === "object") {
    const outcome = (parsed as { outcome?: unknown }).outcome;
    return JSON.stringify({ outcome, truncated: true, fullReportFile: file ?? null });
  }
  return "";
}

/** The JSON array of the first items that fit (binary search on the count). */
function longestPrefix(items: unknown[], limitBytes: number): string {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(JSON.stringify(items.slice(0, mid)), "utf8") <= limitBytes) low = mid;
    else high = mid - 1;
  }
  return JSON.stringify(items.slice(0, low));
}

function formatBytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
