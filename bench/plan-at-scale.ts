// Benchmark 1: the plan on a monorepo-sized repository against the git work it cannot avoid.
// Floor = `git diff --name-status A B` + one `git grep -l -F -e <changed config names> B`, the
// issue's; beside it the same search with the names as one pattern (`-P -e 'a|b|…'`), as the plan
// itself searches: git tries -F patterns one after another, so that form is the faster git floor.

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { createMemoryLog } from "../src/core/log.js";
import { createGit } from "../src/git/create-git.js";
import type { Git } from "../src/git/git.js";
import { grepPatternLines } from "../src/git/grep-patterns.js";
import { grepThreads } from "../src/git/run-grep.js";
import { scanRepository } from "../src/scan/scan-repository.js";
import { runSettings } from "../src/settings/settings.js";
import {
  commitNoConfigChange,
  commitNoManifestChange,
  type GeneratedRepo,
  generateRepo,
  type RepoShape,
} from "./generate-repo.js";
import { cleanEnv, median, type RunResult, repeat, run } from "./measure.js";

export interface PlanRunFigures {
  wallMs: number[];
  maxRssKb: number[];
  cpuMs: number[];
}

export interface ScanTrace {
  changedFiles: number;
  readAtBase: number;
  readAtHead: number;
  grepCalls: number;
  grepNames: number;
  /** Files parsed in all (each read file is parsed once). */
  parsed: number;
}

export interface PlanSizeResult {
  files: number;
  changedConfigs: number;
  expectedRestarts: number;
  expectedSkips: number;
  floorDiff: PlanRunFigures;
  floorGrep: PlanRunFigures;
  /** The same search with the names as one alternation (`-P`): what the plan's own search costs git. */
  onePatternGrep: PlanRunFigures;
  grepHits: number;
  plan: PlanRunFigures;
  /** The same command on a commit that changes the README only: a push that touches no manifest. */
  noChange: PlanRunFigures;
  /** `git diff --name-status` of that commit: with bare node, the floor of the no-manifest push. */
  noChangeDiff: PlanRunFigures;
  /** The same command on a commit that changes one Service only: files read, no config to find. */
  serviceChange: PlanRunFigures;
  /** `node -e ""`, interleaved with the others: the runtime's own start-up. */
  bareNode: PlanRunFigures;
  /** bench/least-node-plan.cjs on the plan's commits: the git a plan cannot skip, driven from Node. */
  leastNode: PlanRunFigures;
  /** The same on the Service-only commit. */
  leastNodeNoChange: PlanRunFigures;
  /**
   * A Node program that does nothing but run the no-manifest push's `git diff --name-status` and
   * print it (ONE_GIT_DIFF): what any plan written for Node takes at least, its own code aside.
   */
  oneGitDiffNode: PlanRunFigures;
  /**
   * bench/least-node-plan.cjs --read-yaml: the same, plus loading the plan's YAML reader and parsing
   * every file read — the least a Node plan that reads what it compares can take.
   */
  leastNodeReadingYaml: PlanRunFigures;
  /** What the plan said: restarts and skips, checked against the generator's expectation. */
  planRestarts: number;
  planSkips: number;
  trace: ScanTrace;
  /** git alone searching for many names, both ways (the large repository only). */
  searchScaling?: SearchScaling;
}

export interface SearchScaling {
  names: number;
  patterns: number;
  fixedMs: number[];
  onePatternMs: number[];
}

export interface PlanCommands {
  floorDiff: string;
  floorGrep: string;
  onePatternGrep: string;
  plan: string;
  noChange: string;
  serviceChange: string;
}

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const LEAST_NODE_PLAN = join(BENCH_DIR, "least-node-plan.cjs");
/** `node -e` script: `git diff --name-status` of argv[1] and argv[2], its output printed (oneGitDiffNode). */
const ONE_GIT_DIFF =
  'require("node:child_process").spawn("git", ["diff", "--name-status", process.argv[1], process.argv[2]], { stdio: ["ignore", "inherit", "inherit"] })';

/** The plan's own YAML reader as one CommonJS file, for `least-node-plan.cjs --read-yaml`. */
export async function buildYamlReader(workDir: string): Promise<string> {
  const outfile = join(workDir, "fast-yaml.cjs");
  await build({
    entryPoints: [join(BENCH_DIR, "../src/scan/manifests/fast-yaml.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile,
    logLevel: "error",
  });
  return outfile;
}

export const planCommand = (cli: string) => [cli, "--dry-run", "--output", "json", "--discover", "repo"];

export async function benchPlanSize(
  workDir: string,
  label: string,
  shape: RepoShape,
  cli: string,
  runs: number,
  /** Also time git searching for this many names both ways (only worth it on the large repository). */
  scalingNames?: number,
): Promise<{ result: PlanSizeResult; commands: PlanCommands }> {
  const repo = generateRepo(join(workDir, label), shape);
  const yamlReader = await buildYamlReader(workDir);
  // Commands name every commit explicitly, so commits C and D on top of B change nothing they see.
  const serviceRange = commitNoConfigChange(repo);
  const noChangeRange = commitNoManifestChange(repo);
  // As in a CI job (every runner sets CI): a plan run by hand adds a `git status` for uncommitted edits.
  const env = cleanEnv(workDir, { CI: "true" });
  const diffArgs = ["diff", "--name-status", repo.base, repo.head];
  const grepArgs = ["grep", "-l", "-F", ...repo.changedConfigNames.flatMap((n) => ["-e", n]), repo.head];
  const onePatternArgs = [
    "grep",
    "-l",
    `--threads=${grepThreads()}`,
    "-P",
    ...grepPatternLines(repo.changedConfigNames, "perl").flatMap((pattern) => ["-e", pattern]),
    repo.head,
  ];
  const planArgs = [...planCommand(cli), "--base", repo.base, "--head", repo.head];
  const noChangeArgs = [...planCommand(cli), "--base", noChangeRange.base, "--head", noChangeRange.head];
  const noChangeDiffArgs = ["diff", "--name-status", noChangeRange.base, noChangeRange.head];
  const serviceArgs = [...planCommand(cli), "--base", serviceRange.base, "--head", serviceRange.head];
  const opts = { cwd: repo.dir, env, measureMemory: true };

  // Interleave floor and plan runs so machine noise (other work on the host) hits both alike.
  const diffRuns: RunResult[] = [];
  const grepRuns: RunResult[] = [];
  const onePatternRuns: RunResult[] = [];
  const planRuns: RunResult[] = [];
  const noChangeRuns: RunResult[] = [];
  const noChangeDiffRuns: RunResult[] = [];
  const serviceRuns: RunResult[] = [];
  const bareNodeRuns: RunResult[] = [];
  const leastRuns: RunResult[] = [];
  const leastNoChangeRuns: RunResult[] = [];
  const oneGitDiffRuns: RunResult[] = [];
  const leastReadingRuns: RunResult[] = [];
  await repeat(runs, 1, async () => {
    bareNodeRuns.push(await run(process.execPath, ["-e", ""], opts));
    leastRuns.push(await run(process.execPath, [LEAST_NODE_PLAN, repo.base, repo.head], opts));
    leastReadingRuns.push(
      await run(process.execPath, [LEAST_NODE_PLAN, "--read-yaml", yamlReader, repo.base, repo.head], opts),
    );
    leastNoChangeRuns.push(
      await run(process.execPath, [LEAST_NODE_PLAN, serviceRange.base, serviceRange.head], opts),
    );
    diffRuns.push(await run("git", diffArgs, opts));
    grepRuns.push(await run("git", grepArgs, opts));
    onePatternRuns.push(await run("git", onePatternArgs, opts));
    planRuns.push(await run(process.execPath, planArgs, opts));
    noChangeDiffRuns.push(await run("git", noChangeDiffArgs, opts));
    oneGitDiffRuns.push(
      await run(process.execPath, ["-e", ONE_GIT_DIFF, noChangeRange.base, noChangeRange.head], opts),
    );
    noChangeRuns.push(await run(process.execPath, noChangeArgs, opts));
    serviceRuns.push(await run(process.execPath, serviceArgs, opts));
  });
  // The warm-up round is dropped.
  for (const list of [
    diffRuns,
    grepRuns,
    onePatternRuns,
    planRuns,
    noChangeRuns,
    noChangeDiffRuns,
    serviceRuns,
    bareNodeRuns,
    leastRuns,
    leastNoChangeRuns,
    leastReadingRuns,
    oneGitDiffRuns,
  ])
    list.shift();

  const grepHits = grepRuns[0]!.stdout.split("\n").filter(Boolean).length;
  if (onePatternRuns[0]!.stdout !== grepRuns[0]!.stdout)
    throw new Error("git grep with the names as one pattern finds other files than with -F per name");
  // Every timed plan is checked: a fast wrong answer must fail the benchmark.
  for (const planRun of planRuns) checkPlan(planRun.stdout, repo);
  const verdict = checkPlan(planRuns[planRuns.length - 1]!.stdout, repo);
  for (const [label, runs] of [
    ["no-manifest push", noChangeRuns],
    ["Service-only change", serviceRuns],
  ] as const) {
    for (const r of runs) {
      const outcome = (JSON.parse(r.stdout) as PlanJson).outcome;
      if (outcome !== "nothing-to-do") throw new Error(`${label}: outcome ${outcome}`);
    }
  }
  const trace = await traceScan(repo);
  // The floor that reads the YAML must parse what the plan parses, or it measures less work.
  for (const leastRun of leastReadingRuns) {
    if (leastRun.stdout.trim() !== `parsed ${trace.parsed}`)
      throw new Error(
        `least Node plan reading YAML: ${leastRun.stdout.trim()}, the plan parsed ${trace.parsed}`,
      );
  }
  const searchScaling = scalingNames ? await measureSearchScaling(repo, scalingNames, opts) : undefined;
  const figures = (list: RunResult[]): PlanRunFigures => ({
    wallMs: list.map((r) => r.wallMs),
    maxRssKb: list.map((r) => r.maxRssKb ?? Number.NaN),
    cpuMs: list.map((r) => r.cpuMs ?? Number.NaN),
  });
  return {
    result: {
      files: repo.files,
      changedConfigs: repo.changedConfigNames.length,
      expectedRestarts: repo.expectedRestarts.length,
      expectedSkips: repo.expectedSkips.length,
      floorDiff: figures(diffRuns),
      floorGrep: figures(grepRuns),
      onePatternGrep: figures(onePatternRuns),
      grepHits,
      plan: figures(planRuns),
      noChange: figures(noChangeRuns),
      noChangeDiff: figures(noChangeDiffRuns),
      serviceChange: figures(serviceRuns),
      bareNode: figures(bareNodeRuns),
      leastNode: figures(leastRuns),
      leastNodeNoChange: figures(leastNoChangeRuns),
      oneGitDiffNode: figures(oneGitDiffRuns),
      leastNodeReadingYaml: figures(leastReadingRuns),
      planRestarts: verdict.restarts,
      planSkips: verdict.skips,
      trace,
      ...(searchScaling ? { searchScaling } : {}),
    },
    commands: {
      floorDiff: `git ${diffArgs.join(" ")}`,
      floorGrep: `git grep -l -F -e ${repo.changedConfigNames[0]} -e ... (${repo.changedConfigNames.length} names) ${repo.head}`,
      onePatternGrep: `git grep -l --threads=${grepThreads()} -P -e '${repo.changedConfigNames[0]?.replace(/[^A-Za-z0-9]/g, "\\$&")}|...' (${repo.changedConfigNames.length} names) ${repo.head}`,
      plan: `node dist/cli.js ${planArgs.slice(1).join(" ")}`,
      noChange: `node dist/cli.js ${noChangeArgs.slice(1).join(" ")}`,
      serviceChange: `node dist/cli.js ${serviceArgs.slice(1).join(" ")}`,
    },
  };
}

/**
 * A push that touches thousands of configs (a shared base changed in every namespace): git searching
 * the head for `count` names — the changed ones plus names that appear nowhere — with one `-F`
 * pattern per name (tried one after another on every file) and as the plan searches, a few
 * alternations. Both must find the same files.
 */
async function measureSearchScaling(
  repo: GeneratedRepo,
  count: number,
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<SearchScaling> {
  const absent = Array.from(
    { length: count - repo.changedConfigNames.length },
    (_, i) => `absent-config-${i}`,
  );
  const names = [...repo.changedConfigNames, ...absent];
  const patterns = grepPatternLines(names, "perl");
  const fixed = ["grep", "-l", "-F", ...names.flatMap((n) => ["-e", n]), repo.head];
  const onePattern = ["grep", "-l", "-P", ...patterns.flatMap((p) => ["-e", p]), repo.head];
  const fixedRuns: RunResult[] = [];
  const onePatternRuns: RunResult[] = [];
  // The -F search takes seconds: three runs each, interleaved, no warm-up.
  await repeat(3, 0, async () => {
    fixedRuns.push(await run("git", fixed, opts));
    onePatternRuns.push(await run("git", onePattern, opts));
  });
  if (fixedRuns[0]!.stdout !== onePatternRuns[0]!.stdout)
    throw new Error(`searching for ${count} names: the alternations find other files than -F`);
  return {
    names: count,
    patterns: patterns.length,
    fixedMs: fixedRuns.map((r) => r.wallMs),
    onePatternMs: onePatternRuns.map((r) => r.wallMs),
  };
}

interface PlanJson {
  outcome: string;
  changes: Array<{ status: string }>;
  workloads: Array<{ kind: string; namespace: string; name: string; action: string }>;
  problems: unknown[];
}

/** The plan must restart exactly the expected workloads and skip the expected ones; else throw. */
export function checkPlan(stdout: string, repo: GeneratedRepo): { restarts: number; skips: number } {
  const plan = JSON.parse(stdout) as PlanJson;
  const ids = (action: string) =>
    plan.workloads
      .filter((w) => w.action === action)
      .map((w) => `${w.kind}/${w.namespace}/${w.name}`)
      .sort();
  const restarts = ids("restart");
  const skips = ids("skip");
  const problems: string[] = [];
  if (plan.changes.length !== repo.changedConfigNames.length)
    problems.push(`${plan.changes.length} changes, expected ${repo.changedConfigNames.length}`);
  if (JSON.stringify(restarts) !== JSON.stringify(repo.expectedRestarts))
    problems.push(`restarts ${restarts.length} differ from the ${repo.expectedRestarts.length} expected`);
  if (JSON.stringify(skips) !== JSON.stringify(repo.expectedSkips))
    problems.push(`skips ${skips.length} differ from the ${repo.expectedSkips.length} expected`);
  if (plan.problems.length > 0) problems.push(`${plan.problems.length} manifest problems`);
  if (problems.length > 0) throw new Error(`the plan is wrong: ${problems.join("; ")}`);
  return { restarts: restarts.length, skips: skips.length };
}

/** Run the scan stage in this process through a counting git adapter: what does it read? */
async function traceScan(repo: GeneratedRepo): Promise<ScanTrace> {
  const git = await createGit(repo.dir, { timeoutMs: runSettings({}).gitTimeoutMs });
  const trace: ScanTrace = {
    changedFiles: 0,
    readAtBase: 0,
    readAtHead: 0,
    grepCalls: 0,
    grepNames: 0,
    parsed: 0,
  };
  const counting: Git = Object.create(git) as Git;
  // The scan reads through readFilesUpTo (files over --max-file-size are only sized): count both.
  const count = (rev: string, read: number) => {
    if (rev === repo.base) trace.readAtBase += read;
    else trace.readAtHead += read;
    trace.parsed += read;
  };
  counting.readFiles = async (rev, paths) => {
    const files = await git.readFiles(rev, paths);
    count(rev, files.size);
    return files;
  };
  counting.readFilesUpTo = async (rev, paths, maxBytes) => {
    const read = await git.readFilesUpTo(rev, paths, maxBytes);
    count(rev, read.files.size);
    return read;
  };
  counting.grepFiles = async (rev, names, pathspecs) => {
    trace.grepCalls++;
    trace.grepNames += names.length;
    return git.grepFiles(rev, names, pathspecs);
  };
  // The consumers are read as the search finds them: count those reads too.
  counting.grepAndReadFiles = async (rev, names, pathspecs, options) => {
    trace.grepCalls++;
    trace.grepNames += names.length;
    return git.grepAndReadFiles(rev, names, pathspecs, {
      ...options,
      onFile(path, file) {
        count(rev, 1);
        options.onFile(path, file);
      },
    });
  };
  const scan = await scanRepository(
    counting,
    repo.base,
    repo.head,
    {
      paths: ["**/*.yaml", "**/*.yml", "**/*.json"],
      exclude: [],
      defaultNamespace: "default",
      maxFileSize: 1 << 20,
    },
    createMemoryLog(),
  );
  trace.changedFiles = scan.changedFiles.length;
  return trace;
}

export function floorMs(r: PlanSizeResult): number {
  return median(r.floorDiff.wallMs) + median(r.floorGrep.wallMs);
}
