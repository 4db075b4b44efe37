// The run's report -> GitLab dotenv/JUnit conversion (src/report/gitlab-reports.ts), and the CLI
// writing both files itself (--dotenv, --junit), whatever its exit code.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import type { ManifestProblem, ObjectId } from "../../src/core/model.js";
import type { ClusterReport, RunReport, WorkloadResult } from "../../src/core/run-result.js";
import {
  escapeXml,
  gitlabReports,
  joinCapped,
  type ReportedWorkload,
  renderDotenv,
  renderJunit,
  resultOf,
  workloadStatus,
} from "../../src/report/gitlab-reports.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

interface WorkloadOver {
  kind?: string;
  name?: string;
  action?: "restart" | "skip" | "baseline";
  reason?: string;
  result?: Omit<WorkloadResult, "id">;
}

function workload(over: WorkloadOver = {}): ReportedWorkload {
  const id = { kind: over.kind ?? "Deployment", namespace: "shop", name: over.name ?? "web" };
  const config = { kind: "ConfigMap", namespace: "shop", name: "web-config" };
  return {
    workload: {
      id,
      action: over.action ?? "restart",
      reason: over.reason ?? "consumes configmap/web-config (keys: LOG_LEVEL) via envFrom",
      source: "repo",
      file: "k8s/web.yaml",
      line: 10,
      references: [
        {
          configKind: "ConfigMap",
          configName: "web-config",
          config,
          via: "volume",
          keys: "all",
          path: "volumes[config]",
          changedKeys: ["a"],
        },
      ],
    },
    ...(over.result ? { result: { id, ...over.result } } : {}),
  };
}

interface ReportOver {
  outcome?: RunReport["outcome"];
  dryRun?: RunReport["dryRun"];
  workloads?: ReportedWorkload[];
  changes?: ObjectId[];
  problems?: ManifestProblem[];
  warnings?: string[];
  clusters?: ClusterReport[];
}

/** The default report's workload: restarted and rolled out. */
const rolledOut = () =>
  workload({ result: { restart: "restarted", rollout: "done", message: "rolled out", durationMs: 1500 } });

function report(over: ReportOver = {}): RunReport {
  const workloads = over.workloads ?? [rolledOut()];
  const changes = over.changes ?? [{ kind: "ConfigMap", namespace: "shop", name: "web-config" }];
  return {
    outcome: over.outcome ?? "restarted",
    dryRun: over.dryRun ?? "none",
    plan: {
      base: "a".repeat(40),
      head: "b".repeat(40),
      rangeNote: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA",
      changes: changes.map((id) => ({ id, status: "modified", file: "k8s/web.yaml", line: 1, keys: ["a"] })),
      workloads: workloads.map((w) => w.workload),
      problems: over.problems ?? [],
      warnings: over.warnings ?? [],
    },
    results: workloads.flatMap((w) => (w.result ? [w.result] : [])),
    ...(over.clusters ? { clusters: over.clusters } : {}),
  };
}

describe("workloadStatus", () => {
  test.each([
    [
      "a skipped workload",
      workload({ action: "skip", reason: "CronJob: next run" }),
      "none",
      "skipped",
      "skipped",
    ],
    ["a client dry run", workload(), "client", "passed", "would restart"],
    ["a restart without a result", workload(), "none", "skipped", "not run"],
    [
      "a completed rollout",
      workload({ result: { restart: "restarted", rollout: "done", message: "ok" } }),
      "none",
      "passed",
      "rolled out",
    ],
    [
      "a server dry run",
      workload({ result: { restart: "dry-run", message: "would patch" } }),
      "server",
      "passed",
      "dry-run",
    ],
    [
      "an already applied hash",
      workload({ result: { restart: "unchanged", message: "same hash" } }),
      "none",
      "passed",
      "unchanged",
    ],
    [
      "a paused Deployment",
      workload({ result: { restart: "paused", message: "paused" } }),
      "none",
      "skipped",
      "paused",
    ],
    [
      "a rejected patch",
      workload({ result: { restart: "failed", message: "403 Forbidden" } }),
      "none",
      "failed",
      "restart failed",
    ],
    [
      "a rollout that failed",
      workload({ result: { restart: "restarted", rollout: "failed", message: "progress deadline" } }),
      "none",
      "failed",
      "rollout failed",
    ],
    [
      "a rollout that timed out",
      workload({ result: { restart: "restarted", rollout: "timeout", message: "5m passed" } }),
      "none",
      "failed",
      "rollout timeout",
    ],
    [
      "a workload deleted while waiting",
      workload({ result: { restart: "restarted", rollout: "deleted", message: "gone" } }),
      "none",
      "failed",
      "rollout deleted",
    ],
    [
      "gitops: a commit the agent never applied",
      workload({
        result: { restart: "agent-not-applied", message: "the agent has not applied the commit yet" },
      }),
      "none",
      "failed",
      "agent not applied",
    ],
    [
      "gitops: a rollout the agent started",
      workload({ result: { restart: "agent-applied", rollout: "done", message: "rolled out" } }),
      "none",
      "passed",
      "rolled out",
    ],
    [
      "an OnDelete StatefulSet",
      workload({ result: { restart: "restarted", rollout: "not-waitable", message: "OnDelete" } }),
      "none",
      "passed",
      "not-waitable",
    ],
    [
      "sync --adopt, dry run: a baseline to record, no rollout",
      workload({ action: "baseline", reason: "adopted without a rollout: its pods are newer" }),
      "client",
      "passed",
      "would record a baseline",
    ],
  ])("%s", (_name, w, dryRun, state, label) => {
    expect(workloadStatus(w, dryRun)).toMatchObject({ state, label });
  });
});

describe("resultOf", () => {
  test.each([
    ["the report's outcome on success", report({ outcome: "nothing-to-do" }), 0, "nothing-to-do"],
    ["planned for a dry run", report({ outcome: "planned" }), 0, "planned"],
    ["failed when the CLI failed", report({ outcome: "restarted" }), 1, "failed"],
    ["failed without a report", undefined, 2, "failed"],
  ])("%s", (_name, r, code, expected) => {
    expect(resultOf(r, code)).toBe(expected);
  });
});

describe("from the report, or the error", () => {
  test("an error that ended the run (exit 2): its message is the reason", () => {
    const error = new UserError("--kustomize overlays/nope: no kustomization.yaml");
    const { junit, dotenv } = gitlabReports({ error, debug: false }, 2);
    expect(junit).toContain(
      "config-rollout exited with code 2 without a report (--kustomize overlays/nope: no kustomization.yaml)",
    );
    expect(dotenv).toContain("CONFIG_ROLLOUT_EXIT_CODE=2\n");
  });

  test("the run's report", () => {
    expect(gitlabReports({ report: report() }, 0).dotenv).toContain("CONFIG_ROLLOUT_RESULT=restarted\n");
    // Something the push touched was not read: the dotenv says so rather than "nothing-to-do".
    expect(resultOf(report({ outcome: "incomplete" }), 0)).toBe("incomplete");
  });

  test("a --contexts report: each cluster's workloads, named by their context, in dotenv and JUnit", () => {
    const failed = {
      restart: "restarted",
      rollout: "timeout",
      message: "1/3 updated",
      durationMs: 5,
    } as const;
    const cluster = (context: string, outcome: ClusterReport["outcome"], workloads: ReportedWorkload[]) => ({
      context,
      wave: 1,
      outcome,
      exitCode: outcome === "failed" ? 1 : 0,
      ...(outcome === "skipped" ? {} : { report: report({ workloads }) }),
    });
    const r = report({
      outcome: "failed",
      workloads: [],
      clusters: [
        cluster("staging", "restarted", [rolledOut()]),
        cluster("prod-eu", "failed", [workload({ result: failed })]),
        cluster("prod-us", "skipped", []),
      ],
    });
    const dotenv = renderDotenv(r, 1);
    expect(dotenv).toContain(
      "CONFIG_ROLLOUT_RESTARTED=staging:Deployment/shop/web,prod-eu:Deployment/shop/web\n",
    );
    expect(dotenv).toContain("CONFIG_ROLLOUT_FAILED=prod-eu:Deployment/shop/web\n");
    const junit = renderJunit(r, 1);
    expect(junit).toContain('classname="config-rollout.prod-eu.shop"');
    expect(junit).toContain('failures="1"');
  });
});

describe("renderDotenv", () => {
  test("one KEY=value line per variable, lists as kind/namespace/name", () => {
    const failing = workload({
      name: "api",
      result: { restart: "restarted", rollout: "timeout", message: "timed out" },
    });
    const rolledBack = workload({
      name: "worker",
      result: { restart: "restarted", rollout: "rolled-back", message: "rolled back" },
    });
    const r = report({ outcome: "failed", workloads: [rolledOut(), failing, rolledBack] });
    expect(renderDotenv(r, 1)).toBe(
      [
        "CONFIG_ROLLOUT_RESULT=failed",
        "CONFIG_ROLLOUT_EXIT_CODE=1",
        "CONFIG_ROLLOUT_CHANGED_CONFIGS=ConfigMap/shop/web-config",
        "CONFIG_ROLLOUT_PLANNED=Deployment/shop/web,Deployment/shop/api,Deployment/shop/worker",
        "CONFIG_ROLLOUT_RESTARTED=Deployment/shop/web,Deployment/shop/api,Deployment/shop/worker",
        "CONFIG_ROLLOUT_FAILED=Deployment/shop/api,Deployment/shop/worker",
        "CONFIG_ROLLOUT_ROLLED_BACK=Deployment/shop/worker",
        "",
      ].join("\n"),
    );
    // JUnit: a rolled-back workload is a failed test case, labelled so.
    expect(workloadStatus(rolledBack, "none")).toMatchObject({ state: "failed", label: "rolled back" });
  });

  test("stays under GitLab's 5 KiB dotenv limit with thousands of workloads", () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      workload({
        name: `service-with-a-long-name-${i}`,
        // Rolled back: every list of the file is full at once (planned, restarted, failed, rolled back).
        result: { restart: "restarted", rollout: "rolled-back", message: "" },
      }),
    );
    const changes = many.map((w) => ({ kind: "ConfigMap", namespace: "shop", name: w.workload.id.name }));
    const text = renderDotenv(report({ workloads: many, changes }), 0);
    expect(Buffer.byteLength(text)).toBeLessThan(5 * 1024);
    expect(text).toMatch(
      /^CONFIG_ROLLOUT_RESTARTED=Deployment\/shop\/service-with-a-long-name-0,.*,\.\.\.\+\d+ more$/m,
    );
    expect(text.split("\n").every((line) => line === "" || /^[A-Z_]+=[^\n]*$/.test(line))).toBe(true);
  });
});

describe("joinCapped", () => {
  test.each([
    [["a", "b"], 10, "a,b"],
    [[], 10, ""],
    [["aaaa", "bbbb", "cccc"], 14, "aaaa,bbbb,cccc"],
    [["aaaa", "bbbb", "cccc"], 13, "...+3 more"],
    [["aaaa", "bbbb", "cccc", "dddd", "eeee"], 15, "aaaa,...+4 more"],
    [["aaaa", "bbbb", "cccc", "dddd", "eeee"], 20, "aaaa,bbbb,...+3 more"],
  ])("%j within %i characters: %s", (items, max, expected) => {
    expect(joinCapped(items, max)).toBe(expected);
    expect(joinCapped(items, max).length).toBeLessThanOrEqual(max);
  });
});

describe("renderJunit", () => {
  test("one test case per workload: failures, skips and passes counted", () => {
    const r = report({
      outcome: "failed",
      workloads: [
        workload({
          result: { restart: "restarted", rollout: "done", message: "rolled out", durationMs: 1500 },
        }),
        workload({
          name: "db",
          kind: "StatefulSet",
          result: { restart: "restarted", rollout: "timeout", message: 'waited 5m for "db"' },
        }),
        workload({
          name: "report",
          kind: "CronJob",
          action: "skip",
          reason: "CronJob: picks up the change on its next run",
        }),
      ],
    });
    const xml = renderJunit(r, 1);
    expect(xml).toContain('<testsuite name="config-rollout" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain(
      '<testcase classname="config-rollout.shop" name="deployment/web" file="k8s/web.yaml" time="1.500">',
    );
    expect(xml).toContain('<failure type="timeout" message="waited 5m for &quot;db&quot;"/>');
    expect(xml).toContain('<skipped message="CronJob: picks up the change on its next run"/>');
    expect(xml).not.toContain("config-rollout run");
  });

  test("a failed run without failed workloads still shows one failed test case", () => {
    const xml = renderJunit(undefined, 2, "the report is empty");
    expect(xml).toContain('tests="1" failures="0" errors="1" skipped="0"');
    expect(xml).toContain(
      '<error type="exit-code-2" message="config-rollout exited with code 2 without a report (the report is empty): see the job log"/>',
    );
  });

  test("an empty plan gives an empty, valid suite", () => {
    expect(renderJunit(report({ outcome: "nothing-to-do", workloads: [] }), 0)).toContain(
      '<testsuite name="config-rollout" tests="0" failures="0" errors="0" skipped="0" time="0.000">',
    );
  });

  test("warnings and manifest problems go to the suite's output", () => {
    const r = report({
      warnings: ["deleted secret/db is still referenced"],
      problems: [{ file: "k8s/bad.yaml", line: 3, col: 1, message: "bad indentation", severity: "warning" }],
    });
    expect(renderJunit(r, 0)).toContain(
      "<system-out>deleted secret/db is still referenced\nwarning: k8s/bad.yaml:3:1: bad indentation</system-out>",
    );
  });
});

test.each([
  ['<a href="x">&\'', "&lt;a href=&quot;x&quot;&gt;&amp;&apos;"],
  ["bell\u0007 and nul\u0000 are dropped, tab\tstays", "bell and nul are dropped, tab\tstays"],
])("escapeXml(%j)", (input, expected) => {
  expect(escapeXml(input)).toBe(expected);
});

describe("the CLI writes the reports (--junit, --dotenv)", () => {
  const dirs: string[] = [];
  const repos: TempRepo[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    for (const repo of repos.splice(0)) await repo.cleanup();
  });

  function scratch(): string {
    const dir = mkdtempSync(join(tmpdir(), "gitlab-reports-"));
    dirs.push(dir);
    return dir;
  }

  /** A repository whose last commit changes a ConfigMap the Deployment web reads. */
  async function changedRepo(): Promise<TempRepo> {
    const repo = await createTempRepo();
    repos.push(repo);
    const files = (mode: string) =>
      yamlDocs(
        configMap("web-config", { mode }, { namespace: "shop" }),
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }), {
          namespace: "shop",
        }),
      );
    await repo.write("app.yaml", files("a"));
    await repo.commit("one");
    await repo.write("app.yaml", files("b"));
    await repo.commit("two");
    return repo;
  }

  test("a dry run: both files, the JSON report on stdout, a readable summary on stderr", async () => {
    const repo = await changedRepo();
    const dir = scratch();
    const run = await runInProcess(
      ["--repo", repo.dir, "--dry-run", "-o", "json", "--junit", "r.xml", "--dotenv", "r.env"],
      {},
      dir,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).outcome).toBe("planned");
    const dotenv = readFileSync(join(dir, "r.env"), "utf8");
    expect(dotenv).toContain("CONFIG_ROLLOUT_RESULT=planned\n");
    expect(dotenv).toContain("CONFIG_ROLLOUT_EXIT_CODE=0\n");
    expect(dotenv).toContain("CONFIG_ROLLOUT_PLANNED=Deployment/shop/web\n");
    const junit = readFileSync(join(dir, "r.xml"), "utf8");
    expect(junit).toContain(
      '<testcase classname="config-rollout.shop" name="deployment/web" file="app.yaml"',
    );
    expect(run.stderr).toMatch(/config-rollout: result planned \(dry run: client\), exit code 0/);
    expect(run.stderr).toMatch(/would restart +Deployment\/shop\/web/);
  });

  test("text output: the report is on stdout already, no summary; the files all the same", async () => {
    const repo = await changedRepo();
    const dir = scratch();
    const run = await runInProcess(["--repo", repo.dir, "--dry-run", "--dotenv", "r.env"], {}, dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain("config-rollout: result");
    expect(readFileSync(join(dir, "r.env"), "utf8")).toContain("CONFIG_ROLLOUT_RESULT=planned\n");
  });

  test.each([
    ["a value that does not parse", ["--timeout", "forever"], /--timeout: expected a duration/],
    ["an unknown flag", ["--frobnicate"], /unknown flag --frobnicate/],
  ])("%s: exit 2, and both files say why", async (_case, flags, reason) => {
    const dir = scratch();
    const run = await runInProcess(
      ["-o", "json", "--junit", "r.xml", "--dotenv", "r.env", ...flags],
      {},
      dir,
    );
    expect(run.code).toBe(2);
    const dotenv = readFileSync(join(dir, "r.env"), "utf8");
    expect(dotenv).toContain("CONFIG_ROLLOUT_RESULT=failed\n");
    expect(dotenv).toContain("CONFIG_ROLLOUT_EXIT_CODE=2\n");
    const junit = readFileSync(join(dir, "r.xml"), "utf8");
    expect(junit).toContain('<error type="exit-code-2"');
    expect(junit).toMatch(reason);
  });

  test("the files can come from the environment (CONFIG_ROLLOUT_JUNIT, CONFIG_ROLLOUT_DOTENV)", async () => {
    const dir = scratch();
    const run = await runInProcess(
      ["--timeout", "forever"],
      { CONFIG_ROLLOUT_JUNIT: "e.xml", CONFIG_ROLLOUT_DOTENV: "e.env" },
      dir,
    );
    expect(run.code).toBe(2);
    expect(readFileSync(join(dir, "e.env"), "utf8")).toContain("CONFIG_ROLLOUT_EXIT_CODE=2\n");
    expect(readFileSync(join(dir, "e.xml"), "utf8")).toContain("<testsuites");
  });

  test("a report that cannot be written fails the run before it starts (exit 2), naming the flag", async () => {
    const repo = await changedRepo();
    const dir = scratch();
    const run = await runInProcess(
      ["--repo", repo.dir, "--dry-run", "--junit", "missing/dir/r.xml"],
      {},
      dir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /error: --junit missing\/dir\/r.xml: the file cannot be written \(its directory .*missing\/dir: does not exist\); checked before anything was written/,
    );
    expect(run.stderr).not.toMatch(/==> Resolve commits/);
  });

  test("stamp writes no GitLab reports and does not take the flags", async () => {
    const dir = scratch();
    const run = await runInProcess(["stamp", "--junit", "r.xml"], {}, dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--junit applies to the main run only/);
    expect(existsSync(join(dir, "r.xml"))).toBe(false);
  });
});
