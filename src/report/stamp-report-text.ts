// `config-rollout stamp`'s report: text for people and CI logs (repository strings escaped), JSON
// for programs. With --check the text names each missing or stale stamp and the one command that
// writes them.

import { formatId, shortId } from "../core/model.js";
import type { StampReport } from "../stamp/stamp-report.js";
import { escapeForCiLog, escapeJsonForCiLog } from "./ci-log-text.js";

/** `argv`: the stamp's own command line (`stamp` and its flags), for the one command that fixes what --check found. */
export function renderStampReport(
  report: StampReport,
  format: "text" | "json" | "markdown",
  argv: readonly string[],
): string {
  const fix = fixCommand(argv);
  if (format === "json") return `${escapeJsonForCiLog(JSON.stringify(stampJson(report, fix), null, 2))}\n`;
  return `${escapeForCiLog(stampText(report, fix))}\n`;
}

function stampOutcome(report: StampReport): "current" | "stamped" | "stale" {
  if (report.changes.length === 0) return "current";
  return report.check ? "stale" : "stamped";
}

function stampJson(report: StampReport, fix: string): unknown {
  const id = (w: { kind: string; namespace: string; name: string }) => ({
    kind: w.kind,
    namespace: w.namespace,
    name: w.name,
  });
  return {
    outcome: stampOutcome(report),
    check: report.check,
    changes: report.changes.map((c) => ({
      ...id(c.workload),
      ...(c.namespaces ? { namespaces: c.namespaces } : {}),
      file: c.file,
      ...(c.origin ? { origin: c.origin } : {}),
      old: c.old ?? null,
      new: c.new,
    })),
    current: report.current,
    filesWritten: report.filesWritten,
    leftOut: report.leftOut.map((l) => ({
      ...id(l.workload),
      configs: l.configs.map(id),
      untouched: l.untouched,
    })),
    unstampable: report.unstampable,
    problems: report.problems,
    notes: report.notes,
    ...(report.check && report.changes.length > 0 ? { fix } : {}),
  };
}

function stampText(report: StampReport, fix: string): string {
  const lines: string[] = [];
  const n = report.changes.length;
  if (report.check) {
    lines.push(
      n === 0
        ? `Stamps current: ${report.current} workload(s) carry their config-rollout.io/config-hash.`
        : `Stamps missing or stale: ${n} workload(s) (${report.current} current).`,
    );
  } else {
    lines.push(
      n === 0
        ? `Nothing to stamp: ${report.current} workload(s) already carry their config-rollout.io/config-hash.`
        : `Stamped ${n} workload(s) in ${report.filesWritten.length} file(s) (${report.current} already current).`,
    );
  }
  for (const c of report.changes) {
    const where = c.origin ? `${oneLine(c.file)} (${oneLine(c.origin)})` : oneLine(c.file);
    const workload = c.namespaces
      ? `${shortId(c.workload)} (namespaces ${c.namespaces.join(", ")})`
      : formatId(c.workload);
    lines.push(`  ${workload} in ${where}: ${c.old === undefined ? "(none)" : oneLine(c.old)} -> ${c.new}`);
  }
  if (report.check && n > 0) lines.push("", `Fix: run \`${fix}\` and commit the result.`);
  if (!report.check && report.filesWritten.length > 0) {
    lines.push("", "Files written:", ...report.filesWritten.map((f) => `  ${f}`));
  }
  if (report.leftOut.length > 0) {
    lines.push("", "Configs not defined in the repository (left out of the hash):");
    for (const l of report.leftOut) {
      const configs = l.configs.map(shortId).join(", ");
      lines.push(
        `  ${formatId(l.workload)}: ${configs}${l.untouched ? " (consumes no repository config: not touched)" : ""}`,
      );
    }
  }
  if (report.unstampable.length > 0) {
    lines.push("", "Not stamped:");
    for (const u of report.unstampable) lines.push(`  ${u.what}: ${u.reason}`);
  }
  if (report.problems.length > 0) {
    lines.push("", "Not read as manifests (their workloads are neither stamped nor checked):");
    for (const p of report.problems) lines.push(`  ${p.file}:${p.line}:${p.col}: ${p.message}`);
  }
  if (report.notes.length > 0) lines.push("", "Notes:", ...report.notes.map((note) => `  ${note}`));
  return lines.join("\n");
}

/**
 * A value from the repository (a stale stamp written as a block scalar, a file name) on its report
 * line: JSON-quoted, its line breaks and control characters escaped, when it holds any.
 */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return /[\u0000-\u001f\u007f-\u009f]/.test(value) ? JSON.stringify(value) : value;
}

/** The one command that stamps what --check found missing. */
function fixCommand(argv: readonly string[]): string {
  const quoted = (a: string) => (/^[-\w./=:,@+]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`);
  // The HMAC key is a credential (a CI log outside GitHub masks nothing): named, never repeated.
  const key = '"$CONFIG_ROLLOUT_HASH_KEY"';
  const kept = argv.filter((a) => a !== "--check" && a !== "--check=true");
  const shown = kept.map((a, i) =>
    a.startsWith("--hash-key=") ? `--hash-key=${key}` : kept[i - 1] === "--hash-key" ? key : quoted(a),
  );
  return ["config-rollout", ...shown].join(" ");
}
