// Benchmark 7 (issue 25): a fleet. 10 simulated clusters, each running the same 200 workloads, of
// which the range restarts 100. One `--contexts` run (the plan made once, applied to the 10
// clusters) against 10 independent full runs, one per cluster (each re-reading git and re-planning),
// as CI jobs copied per cluster would do. The 10 runs go one after the other; the --contexts run
// is measured twice: all 10 clusters in one wave (parallel), and 10 waves of one (one after the
// other, like the independent runs). Wall and CPU time (the CLI and the git it runs, from GNU time)
// and the peak RSS of the --contexts run. Every measured run starts on freshly seeded clusters (a
// rerun would find the restarts made and patch nothing), and every run is checked: 100 restarts
// per cluster, all rolled out.

import { join } from "node:path";
import { type Fleet, startFleet } from "../test/helpers/fleet.js";
import type { GeneratedRepo } from "./generate-repo.js";
import { cleanEnv, type RunResult, run } from "./measure.js";

export interface FleetFigures {
  clusters: number;
  restartsPerCluster: number;
  workloadsPerCluster: number;
  rolloutStepMs: number;
  /** --contexts c0,...,c9: one wave. */
  oneWave: FleetRun;
  /** --contexts c0;...;c9: ten waves. */
  tenWaves: FleetRun;
  /** Ten runs with --context cI, one after the other: summed. */
  independent: FleetRun;
}

export interface FleetRun {
  wallMs: number;
  cpuMs: number;
  /** Peak RSS in KiB (the largest of the runs for the independent ones). */
  maxRssKb: number;
}

const contextName = (i: number) => `c${i}`;

export async function benchFleet(
  workDir: string,
  repo: GeneratedRepo,
  cli: string,
  opts: { clusters: number; rolloutStepMs: number },
): Promise<FleetFigures> {
  const contexts = Array.from({ length: opts.clusters }, (_, i) => contextName(i));
  const measure = async (flags: (fleet: Fleet) => string[][]): Promise<FleetRun> => {
    const fleet = await seededFleet(repo, contexts, opts.rolloutStepMs);
    try {
      const results: RunResult[] = [];
      for (const extra of flags(fleet)) {
        const args = [cli, "--base", repo.base, "--head", repo.head, "--kubeconfig", fleet.kubeconfig];
        results.push(
          await run(process.execPath, [...args, "--output", "json", ...extra], {
            cwd: repo.dir,
            env: cleanEnv(workDir),
            measureMemory: true,
          }),
        );
      }
      checkRestarts(results, repo, contexts.length);
      return {
        wallMs: results.reduce((sum, r) => sum + r.wallMs, 0),
        cpuMs: results.reduce((sum, r) => sum + (r.cpuMs ?? Number.NaN), 0),
        maxRssKb: Math.max(...results.map((r) => r.maxRssKb ?? Number.NaN)),
      };
    } finally {
      await fleet.close();
    }
  };
  const independent = await measure(() => contexts.map((context) => ["--context", context]));
  const oneWave = await measure(() => [["--context", contexts.join(",")]]);
  const tenWaves = await measure(() => [["--context", contexts.join(";")]]);
  return {
    clusters: contexts.length,
    restartsPerCluster: repo.expectedRestarts.length,
    workloadsPerCluster: repo.apps.length,
    rolloutStepMs: opts.rolloutStepMs,
    oneWave,
    tenWaves,
    independent,
  };
}

async function seededFleet(repo: GeneratedRepo, contexts: string[], rolloutStepMs: number): Promise<Fleet> {
  const fleet = await startFleet(contexts, { rolloutStepMs });
  for (const sim of fleet.sims.values()) {
    for (const namespace of new Set(repo.apps.map((a) => a.namespace))) {
      sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } });
    }
    for (const obj of repo.headObjects) sim.seed(obj);
    sim.resetRequests();
  }
  return fleet;
}

interface ReportJson {
  workloads: Array<{ result?: { restart?: string; rollout?: string } }>;
  clusters?: Array<{ context: string; workloads: ReportJson["workloads"] }>;
}

/** Every cluster restarted and rolled out exactly the planned workloads: the runs did the same work. */
function checkRestarts(results: RunResult[], repo: GeneratedRepo, clusters: number): void {
  const perCluster = results.flatMap((r) => {
    const report = JSON.parse(r.stdout) as ReportJson;
    return report.clusters ? report.clusters.map((c) => c.workloads) : [report.workloads];
  });
  if (perCluster.length !== clusters)
    throw new Error(`fleet: ${perCluster.length} cluster reports, not ${clusters}`);
  for (const workloads of perCluster) {
    const done = workloads.filter((w) => w.result?.restart === "restarted" && w.result.rollout === "done");
    if (done.length !== repo.expectedRestarts.length) {
      throw new Error(
        `fleet: a cluster rolled out ${done.length} of ${repo.expectedRestarts.length} restarts`,
      );
    }
  }
}

export function fleetRepoDir(workDir: string): string {
  return join(workDir, "repo-fleet");
}
