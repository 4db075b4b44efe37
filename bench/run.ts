// `npm run bench`: the four benchmarks of issue 5, figures written into bench/RESULTS.md (between
// the bench:begin/end markers; the hand-written analysis around them is kept) and the raw numbers
// into bench/out/results.json.
//
//   npm run bench                          build dist/, then run everything (~2 minutes on 2 cores)
//   npm run bench -- --no-build            measure dist/ as it is
//   npm run bench -- --only plan,cold      a subset (plan, api, finish, pods, rollback, sync, cold, kustomize, stamp, fleet), printed; RESULTS.md untouched
//   npm run bench -- --runs 3              repetitions of each timed command (default 5)
//   npm run bench -- --cli ../ab/dist/cli.js   measure another build of the CLI with these benchmarks
//                                          (an A/B: the same repositories and commits); implies --no-build

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { requestFloor, runConfigRollout, runKubectlLoop } from "./api-economy.js";
import { benchColdStart } from "./cold-start.js";
import { runFinishLine } from "./finish-line.js";
import { benchFleet, fleetRepoDir } from "./fleet.js";
import { generateRepo } from "./generate-repo.js";
import { benchKustomize } from "./kustomize-overlays.js";
import { hasGnuTime, median } from "./measure.js";
import { benchPlanSize } from "./plan-at-scale.js";
import { benchPodWatch } from "./pod-watch.js";
import { type BenchResults, renderResults, replaceBetweenMarkers } from "./render-results.js";
import { benchRollback } from "./rollback.js";
import { benchStamp } from "./stamp-at-scale.js";
import { benchSync } from "./sync-at-scale.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");

const ALL_SECTIONS = [
  "plan",
  "api",
  "finish",
  "pods",
  "rollback",
  "sync",
  "cold",
  "kustomize",
  "stamp",
  "fleet",
];
/** Names git searches for in the many-names measurement: a shared base changed in every namespace. */
const SEARCH_SCALING_NAMES = 3000;
/** The plan's repositories spread their namespaces over these top folders (`apiVersion: apps/v1`...). */
const COMMON_VALUE_FOLDERS = ["apps", "v1", "base", "default", "config"];

interface Args {
  build: boolean;
  cli: string;
  only: Set<string>;
  runs: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { build: true, cli: join(root, "dist", "cli.js"), only: new Set(ALL_SECTIONS), runs: 5 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--no-build") args.build = false;
    else if (flag === "--only") args.only = new Set((argv[++i] ?? "").split(",").filter(Boolean));
    else if (flag === "--help") throw new Error("see the header of bench/run.ts for the flags");
    else if (flag === "--runs") args.runs = Number(argv[++i]);
    else if (flag === "--cli") {
      args.cli = resolve(argv[++i] ?? "");
      args.build = false;
    } else throw new Error(`unknown flag ${flag}; see the header of bench/run.ts`);
  }
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error("--runs needs a positive integer");
  const unknown = [...args.only].filter((section) => !ALL_SECTIONS.includes(section));
  if (unknown.length > 0 || args.only.size === 0) {
    throw new Error(`--only takes a comma-separated list of ${ALL_SECTIONS.join(", ")}`);
  }
  return args;
}

function version(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: "utf8" }).trim().split("\n")[0] ?? "";
  } catch {
    return "(not found)";
  }
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!hasGnuTime() && args.only.has("plan")) {
    throw new Error("/usr/bin/time is missing: install Debian's `time` package to measure peak memory");
  }
  if (args.build) {
    log("building dist/ (node scripts/build.mjs)");
    execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
  }
  const cli = args.cli;
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run node scripts/build.mjs`);

  const work = mkdtempSync(join(tmpdir(), "config-rollout-bench-"));
  const started = Date.now();
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: {
      cpu: `${cpus()[0]?.model ?? "unknown"} (${cpus().length} logical CPUs)`,
      nproc: version("nproc", []),
      memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(freemem() / 2 ** 30).toFixed(1)} GiB free at start`,
      node: process.version,
      git: version("git", ["--version"]),
      kubectl: version("kubectl", ["version", "--client"]),
      loadBefore: loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
      loadAfter: "",
    },
    runs: args.runs,
  };
  try {
    if (args.only.has("plan")) {
      // Top folders named like common values: what a search by folder name must not find everywhere.
      const shape = {
        namespaces: 50,
        changedPerNamespace: 2,
        includeUnreadKeyChanges: true,
        topFolders: COMMON_VALUE_FOLDERS,
      };
      log("plan at scale: generating and measuring 20,000 files");
      const large = await benchPlanSize(
        work,
        "repo-20k",
        { ...shape, appsPerNamespace: 100 },
        cli,
        args.runs,
        SEARCH_SCALING_NAMES,
      );
      log("plan at scale: generating and measuring 5,000 files");
      const small = await benchPlanSize(work, "repo-5k", { ...shape, appsPerNamespace: 25 }, cli, args.runs);
      results.plan = { large: large.result, small: small.result, commands: large.commands };
      rmSync(join(work, "repo-20k"), { recursive: true, force: true });
      rmSync(join(work, "repo-5k"), { recursive: true, force: true });
    }
    if (args.only.has("api")) {
      const rolloutStepMs = 50;
      const repo = generateRepo(join(work, "repo-api"), {
        namespaces: 10,
        appsPerNamespace: 20,
        changedPerNamespace: 10,
        includeUnreadKeyChanges: false,
      });
      log("API economy: config-rollout");
      const ours = await runConfigRollout(work, repo, cli, { rolloutStepMs, measureMemory: true });
      log("API economy: config-rollout, 5 patches answered 429 with Retry-After: 1");
      const throttled = await runConfigRollout(work, repo, cli, {
        rolloutStepMs,
        throttle: { patches: 5, retryAfterSeconds: 1 },
      });
      log("API economy: config-rollout --strategy versioned (copies, repointing, pruning)");
      const versioned = await runConfigRollout(work, repo, cli, {
        rolloutStepMs,
        measureMemory: true,
        flags: ["--strategy", "versioned"],
      });
      log("API economy: kubectl rollout restart + status loop (about a minute)");
      const loop = await runKubectlLoop(work, repo, { rolloutStepMs });
      log("API economy: 1,000 restarts over 100 namespaces (seeding takes a while; not measured)");
      const bigRepo = generateRepo(join(work, "repo-api-1000"), {
        namespaces: 100,
        appsPerNamespace: 20,
        changedPerNamespace: 10,
        includeUnreadKeyChanges: false,
      });
      const big = await runConfigRollout(work, bigRepo, cli, { rolloutStepMs, measureMemory: true });
      rmSync(bigRepo.dir, { recursive: true, force: true });
      results.api = {
        restarts: repo.expectedRestarts.length,
        namespaces: new Set(repo.expectedRestarts.map((id) => id.split("/")[1])).size,
        workloadsOnCluster: repo.apps.length,
        rolloutStepMs,
        ours,
        loop,
        floor: requestFloor(repo),
        throttled,
        versioned,
        large: {
          restarts: bigRepo.expectedRestarts.length,
          namespaces: new Set(bigRepo.expectedRestarts.map((id) => id.split("/")[1])).size,
          workloadsOnCluster: bigRepo.apps.length,
          run: big,
          floor: requestFloor(bigRepo),
        },
      };
    }
    if (args.only.has("finish")) {
      const rolloutStepMs = 100;
      const repo = generateRepo(join(work, "repo-finish"), {
        namespaces: 2,
        appsPerNamespace: 10,
        changedPerNamespace: 5,
        includeUnreadKeyChanges: false,
      });
      log("finish line");
      const runs = [];
      for (let i = 0; i < args.runs; i++) runs.push(await runFinishLine(work, repo, cli, rolloutStepMs));
      results.finish = {
        restarts: repo.expectedRestarts.length,
        rolloutStepMs,
        latencyMs: runs.map((r) => r.latencyMs),
        wallMs: runs.map((r) => r.wallMs),
      };
    }
    if (args.only.has("pods")) {
      log("pod watching: a crash-looping config to exit 1, and the requests it costs");
      results.pods = await benchPodWatch(work, cli, args.runs);
    }
    if (args.only.has("rollback")) {
      log("rollback on failure: crash-looping new pods, back to the base state");
      results.rollback = await benchRollback(work, cli, args.runs);
    }
    if (args.only.has("sync")) {
      log("sync: 1,000 workloads, 2,000 configs, 100 namespaces; 10% of the Secrets changed");
      results.sync = await benchSync(join(work, "sync"), cli);
    }
    if (args.only.has("cold")) {
      const repo = generateRepo(join(work, "repo-cold"), {
        namespaces: 2,
        appsPerNamespace: 10,
        changedPerNamespace: 1,
        includeUnreadKeyChanges: false,
      });
      log("cold start");
      const runs = Math.max(10, args.runs * 4);
      results.cold = { runs, ...(await benchColdStart(work, repo, cli, runs)) };
    }
    if (args.only.has("kustomize")) {
      log("kustomize overlays (rendered sources)");
      results.kustomize = await benchKustomize(work, cli, Math.max(5, args.runs));
    }
    if (args.only.has("stamp")) {
      log("stamp of a 5,000-file repository, against the plan of it");
      results.stamp = await benchStamp(work, cli, args.runs);
    }
    if (args.only.has("fleet")) {
      const repo = generateRepo(fleetRepoDir(work), {
        namespaces: 10,
        appsPerNamespace: 20,
        changedPerNamespace: 10,
        includeUnreadKeyChanges: false,
      });
      log("fleet: 10 clusters x 100 restarts, one --contexts run against 10 independent runs");
      results.fleet = await benchFleet(work, repo, cli, { clusters: 10, rolloutStepMs: 20 });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  results.machine.loadAfter = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  results.totalSeconds = Math.round((Date.now() - started) / 1000);

  mkdirSync(join(here, "out"), { recursive: true });
  // RESULTS.md holds this build's full run only: another CLI's figures (--cli) are printed.
  const complete = args.only.size === ALL_SECTIONS.length && args.cli === join(root, "dist", "cli.js");
  const json = join(here, "out", complete ? "results.json" : "results-partial.json");
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  if (!complete) {
    // A subset would leave RESULTS.md with figures from two different runs: print it instead.
    process.stdout.write(`${renderResults(results)}\n`);
    log(`done in ${results.totalSeconds}s: ${json} (bench/RESULTS.md is only rewritten by a full run)`);
    return;
  }
  const file = join(here, "RESULTS.md");
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  writeFileSync(file, replaceBetweenMarkers(previous, renderResults(results)));
  log(`done in ${results.totalSeconds}s: bench/RESULTS.md, bench/out/results.json`);
  if (results.finish) log(`finish line median ${median(results.finish.latencyMs).toFixed(1)} ms`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
