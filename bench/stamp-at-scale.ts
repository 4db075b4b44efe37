// `config-rollout stamp` on the 5,000-file generated repository (bench/generate-repo.ts, the shape
// of plan-at-scale.ts's "repo-5k"), as a ratio to the plan of the same repository. The stamp reads
// every manifest of the work tree (a formatter's job), the plan only what the push changed, so the
// ratio says what stamping a whole repository costs next to planning one push. Timed: `stamp
// --check` (reads, hashes and computes every edit, writes nothing, so each run sees the same tree),
// interleaved with the plan; then one real `stamp` and a `--check` that must pass after it.
//
//   npx tsx bench/stamp-at-scale.ts            build dist/ first (node scripts/build.mjs); 5 runs
//   npx tsx bench/stamp-at-scale.ts --runs 3

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateRepo } from "./generate-repo.js";
import { cleanEnv, formatMs, median, type RunResult, ratio, repeat, run } from "./measure.js";
import { planCommand } from "./plan-at-scale.js";

export interface StampFigures {
  files: number;
  workloads: number;
  planMs: number[];
  stampCheckMs: number[];
  stampWriteMs: number;
  stamped: number;
}

export async function benchStamp(workDir: string, cli: string, runs: number): Promise<StampFigures> {
  const repo = generateRepo(join(workDir, "repo-5k-stamp"), {
    namespaces: 50,
    appsPerNamespace: 25,
    changedPerNamespace: 2,
    includeUnreadKeyChanges: true,
  });
  const env = cleanEnv(workDir);
  const opts = { cwd: repo.dir, env };
  const planArgs = [...planCommand(cli), "--base", repo.base, "--head", repo.head];
  // Secret consumers are stamped only with a key (a plain hash of a Secret would be guessable).
  const checkArgs = [cli, "stamp", "--check", "--output", "json", "--hash-key", "bench-key"];
  const plans: RunResult[] = [];
  const checks: RunResult[] = [];
  await repeat(runs, 1, async () => {
    plans.push(await run(process.execPath, planArgs, opts));
    checks.push(await run(process.execPath, checkArgs, { ...opts, okCodes: [1] }));
  });
  plans.shift();
  checks.shift();
  // Every timed check must have found every consumer unstamped: a fast wrong answer fails the bench.
  for (const c of checks) {
    const report = JSON.parse(c.stdout) as { changes: unknown[] };
    if (report.changes.length !== repo.apps.length) {
      throw new Error(
        `stamp --check found ${report.changes.length} stale stamps, expected ${repo.apps.length}`,
      );
    }
  }
  const write = await run(
    process.execPath,
    [cli, "stamp", "--output", "json", "--hash-key", "bench-key"],
    opts,
  );
  const stamped = (JSON.parse(write.stdout) as { changes: unknown[] }).changes.length;
  const after = await run(process.execPath, checkArgs, opts);
  if ((JSON.parse(after.stdout) as { changes: unknown[] }).changes.length !== 0) {
    throw new Error("stamp --check after stamp still finds stale stamps");
  }
  const changedFiles = execFileSync("git", ["diff", "--name-only"], { cwd: repo.dir, encoding: "utf8" });
  if (changedFiles.trim().split("\n").length === 0) throw new Error("stamp wrote nothing");
  return {
    files: repo.files,
    workloads: repo.apps.length,
    planMs: plans.map((r) => r.wallMs),
    stampCheckMs: checks.map((r) => r.wallMs),
    stampWriteMs: write.wallMs,
    stamped,
  };
}

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const cli = join(here, "..", "dist", "cli.js");
  const runsAt = process.argv.indexOf("--runs");
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;
  const work = mkdtempSync(join(tmpdir(), "config-rollout-bench-stamp-"));
  try {
    const f = await benchStamp(work, cli, runs);
    const plan = median(f.planMs);
    const check = median(f.stampCheckMs);
    process.stdout.write(
      `${[
        `stamp at scale: ${f.files} files, ${f.workloads} consuming workloads`,
        `plan  (config-rollout --dry-run of one push):       median ${formatMs(plan)} of ${runs}`,
        `stamp --check (every file read, every edit computed): median ${formatMs(check)} of ${runs}`,
        `stamp (writing ${f.stamped} stamps):                   ${formatMs(f.stampWriteMs)} (one run)`,
        `ratio stamp --check / plan: ${ratio(check, plan)}; stamp (writing) / plan: ${ratio(f.stampWriteMs, plan)}`,
      ].join("\n")}\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
