// `npm run bench:kustomize`: the cost of planning from kustomize (issue 10). A repository with a
// shared base and 10 overlays of 200 objects each (100 Deployments, each consuming its own
// ConfigMap); commit B changes one overlay's patch. The floor is what any correct plan must do at
// least: `kubectl kustomize` (or `kustomize build`) of that overlay, once per commit, run one
// after the other. The measured plan is the bundled CLI's dry run with its defaults (discovering
// every root kustomization, rendering only the touched one). Prints the medians and the ratio.
// A second repository's commit B changes the base instead (issue 21): all 10 overlays render at
// both commits; its floor is those 20 renders run one per CPU core, each from its own work tree.
//
//   npm run bench:kustomize                 build dist/, then 7 runs of each after 2 warm-ups
//   npm run bench:kustomize -- --runs 3     fewer runs

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { cleanEnv, formatMs, median, ratio, repeat, run } from "./measure.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const cli = join(root, "dist", "cli.js");

export const OVERLAYS = 10;
export const APPS = 100; // a Deployment and a ConfigMap each: 200 objects per overlay
const CHANGED_OVERLAY = "overlays/env-03";

function write(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

function git(dir: string, args: string[]): string {
  return execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.com", ...args], {
    cwd: dir,
    encoding: "utf8",
  }).trim();
}

/**
 * The repository in two commits; returns the workload a correct plan restarts. With `baseChange`,
 * commit B changes the base's config instead of one overlay's patch: every overlay restarts it.
 */
export function generateOverlayRepo(dir: string, baseChange = false): { expected: string } {
  git(dir, ["init", "-q", "-b", "main"]);
  const app = (i: number) => `app-${String(i).padStart(3, "0")}`;
  const resources: string[] = [];
  for (let i = 0; i < APPS; i++) {
    const name = app(i);
    resources.push(`${name}.yaml`);
    write(
      dir,
      `base/${name}.yaml`,
      [
        stringify({
          apiVersion: "v1",
          kind: "ConfigMap",
          metadata: { name: `${name}-config` },
          data: { LOG_LEVEL: "info", PORT: "8080" },
        }),
        stringify({
          apiVersion: "apps/v1",
          kind: "Deployment",
          metadata: { name },
          spec: {
            replicas: 2,
            selector: { matchLabels: { app: name } },
            template: {
              metadata: { labels: { app: name } },
              spec: {
                containers: [
                  {
                    name: "app",
                    image: "registry.example/app:1",
                    envFrom: [{ configMapRef: { name: `${name}-config` } }],
                  },
                ],
              },
            },
          },
        }),
      ].join("---\n"),
    );
  }
  write(dir, "base/kustomization.yaml", stringify({ resources }));
  const patch = (level: string) =>
    stringify({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: `${app(7)}-config` },
      data: { LOG_LEVEL: level },
    });
  for (let o = 0; o < OVERLAYS; o++) {
    const overlay = `overlays/env-${String(o).padStart(2, "0")}`;
    write(
      dir,
      `${overlay}/kustomization.yaml`,
      stringify({
        namespace: `env-${String(o).padStart(2, "0")}`,
        resources: ["../../base"],
        labels: [{ pairs: { env: `env-${o}` } }],
        patches: [{ path: "log-level.yaml" }],
      }),
    );
    write(dir, `${overlay}/log-level.yaml`, patch("warn"));
  }
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "A"]);
  if (baseChange) {
    const changed = app(7);
    const text = execFileSync("git", ["show", `HEAD:base/${changed}.yaml`], { cwd: dir, encoding: "utf8" });
    write(dir, `base/${changed}.yaml`, text.replace('PORT: "8080"', 'PORT: "9090"'));
    git(dir, ["commit", "-q", "-am", "B: another port for one app in every overlay"]);
    return {
      expected: Array.from(
        { length: OVERLAYS },
        (_, o) => `Deployment/env-${String(o).padStart(2, "0")}/${changed}`,
      ).join(),
    };
  }
  write(dir, `${CHANGED_OVERLAY}/log-level.yaml`, patch("debug"));
  git(dir, ["commit", "-q", "-am", "B: debug logging for one app in env-03"]);
  return { expected: `Deployment/env-03/${app(7)}` };
}

function kustomizeCommand(): [string, string[]] {
  try {
    execFileSync("kustomize", ["version"], { stdio: "ignore" });
    return ["kustomize", ["build"]];
  } catch {
    return ["kubectl", ["kustomize"]];
  }
}

export interface KustomizeFigures {
  command: string;
  floorMs: number[];
  planMs: number[];
}

/** Floor and plan runs, interleaved; throws when a plan restarts anything but the expected workload. */
export async function benchKustomize(work: string, cliPath: string, runs: number): Promise<KustomizeFigures> {
  const repo = join(work, "repo-kustomize");
  mkdirSync(repo);
  const { expected } = generateOverlayRepo(repo);
  const home = join(work, "home-kustomize");
  mkdirSync(home);
  const env = cleanEnv(home);
  const [command, args] = kustomizeCommand();

  // The floor: the changed overlay rendered at each commit (two work trees, one after the other).
  const trees = ["HEAD~1", "HEAD"].map((rev, i) => {
    const tree = join(work, `kustomize-tree-${i}`);
    git(repo, ["worktree", "add", "-q", "--detach", tree, rev]);
    return tree;
  });
  const floorOnce = async () => {
    let total = 0;
    for (const tree of trees)
      total += (await run(command, [...args, join(tree, CHANGED_OVERLAY)], { env })).wallMs;
    return total;
  };
  const planOnce = async () => {
    const result = await run(
      process.execPath,
      [cliPath, "--repo", repo, "--dry-run", "--output", "json", "--discover", "repo"],
      { env },
    );
    const report = JSON.parse(result.stdout) as {
      workloads: Array<{ kind: string; namespace: string; name: string; action: string }>;
    };
    const restarts = report.workloads
      .filter((w) => w.action === "restart")
      .map((w) => `${w.kind}/${w.namespace}/${w.name}`);
    if (restarts.join() !== expected)
      throw new Error(`wrong plan: ${restarts.join(", ")} (expected ${expected})`);
    return result.wallMs;
  };
  // Interleaved, so load from other work on the machine hits both alike.
  const pairs = await repeat(runs, 2, async () => [await floorOnce(), await planOnce()] as const);
  return {
    command: `${command} ${args.join(" ")}`,
    floorMs: pairs.map(([f]) => f),
    planMs: pairs.map(([, p]) => p),
  };
}

/**
 * A base change every overlay sees: floor (all overlays at both commits, one render per core, each
 * commit from its own work tree) and plan runs, interleaved.
 */
export async function benchKustomizeBaseChange(
  work: string,
  cliPath: string,
  runs: number,
): Promise<KustomizeFigures> {
  const repo = join(work, "repo-kustomize-base");
  mkdirSync(repo);
  const { expected } = generateOverlayRepo(repo, true);
  const home = join(work, "home-kustomize-base");
  mkdirSync(home);
  const env = cleanEnv(home);
  const [command, args] = kustomizeCommand();
  const renders = ["HEAD~1", "HEAD"].flatMap((rev, i) => {
    const tree = join(work, `kustomize-base-tree-${i}`);
    git(repo, ["worktree", "add", "-q", "--detach", tree, rev]);
    return Array.from({ length: OVERLAYS }, (_, o) =>
      join(tree, `overlays/env-${String(o).padStart(2, "0")}`),
    );
  });
  const floorOnce = async () => {
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < renders.length) await run(command, [...args, renders[next++]!], { env });
    };
    await Promise.all(Array.from({ length: availableParallelism() }, worker));
    return performance.now() - started;
  };
  const planOnce = async () => {
    const result = await run(
      process.execPath,
      [cliPath, "--repo", repo, "--dry-run", "--output", "json", "--discover", "repo"],
      { env },
    );
    const report = JSON.parse(result.stdout) as {
      workloads: Array<{ kind: string; namespace: string; name: string; action: string }>;
    };
    const restarts = report.workloads
      .filter((w) => w.action === "restart")
      .map((w) => `${w.kind}/${w.namespace}/${w.name}`)
      .sort();
    if (restarts.join() !== expected)
      throw new Error(`wrong plan: ${restarts.join(", ")} (expected ${expected})`);
    return result.wallMs;
  };
  const pairs = await repeat(runs, 1, async () => [await floorOnce(), await planOnce()] as const);
  return {
    command: `${command} ${args.join(" ")}`,
    floorMs: pairs.map(([f]) => f),
    planMs: pairs.map(([, p]) => p),
  };
}

async function main(): Promise<void> {
  const runsIndex = process.argv.indexOf("--runs");
  const runs = runsIndex === -1 ? 7 : Number(process.argv[runsIndex + 1]);
  if (!process.argv.includes("--no-build")) {
    execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
  }
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run node scripts/build.mjs`);
  const work = mkdtempSync(join(tmpdir(), "config-rollout-bench-kustomize-"));
  try {
    const figures = await benchKustomize(work, cli, runs);
    const floorMs = median(figures.floorMs);
    const planMs = median(figures.planMs);
    const all = await benchKustomizeBaseChange(work, cli, runs);
    const allFloorMs = median(all.floorMs);
    const allPlanMs = median(all.planMs);
    const lines = [
      `kustomize overlays: ${OVERLAYS} overlays x ${APPS * 2} objects over one base; ${CHANGED_OVERLAY}'s patch changed`,
      `floor (${figures.command} of that overlay, at base then head): median ${formatMs(floorMs)} of ${runs}`,
      `plan  (config-rollout --dry-run, kustomize discovered):        median ${formatMs(planMs)} of ${runs}`,
      `ratio: ${ratio(planMs, floorMs)} (goal <= 1.5x); of the fastest runs: ${ratio(Math.min(...figures.planMs), Math.min(...figures.floorMs))}`,
      `the base changed instead: all ${OVERLAYS} overlays at both commits`,
      `floor (${all.command} of each, ${availableParallelism()} at a time): median ${formatMs(allFloorMs)} of ${runs}`,
      `plan  (config-rollout --dry-run, kustomize discovered):  median ${formatMs(allPlanMs)} of ${runs}`,
      `ratio: ${ratio(allPlanMs, allFloorMs)} (goal <= 1.5x); of the fastest runs: ${ratio(Math.min(...all.planMs), Math.min(...all.floorMs))}`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
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
