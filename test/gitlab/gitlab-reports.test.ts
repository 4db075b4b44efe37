// The JSON report -> GitLab dotenv/JUnit conversion that the template embeds (scripts/gitlab-reports.mjs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  escapeXml,
  type GitLabReportInput,
  joinCapped,
  main,
  type ReportWorkload,
  readReport,
  renderDotenv,
  renderJunit,
  resultOf,
  workloadStatus,
} from "../../scripts/gitlab-reports.mjs";

function workload(over: Partial<ReportWorkload> = {}): ReportWorkload {
  return {
    kind: "Deployment",
    namespace: "shop",
    name: "web",
    action: "restart",
    reason: "consumes configmap/web-config (keys: LOG_LEVEL) via envFrom",
    file: "k8s/web.yaml",
    line: 10,
    references: [
      { config: { kind: "ConfigMap", name: "web-config" }, path: "volumes[config]", changedKeys: ["a"] },
    ],
    ...over,
  };
}

function report(over: Partial<GitLabReportInput> = {}): GitLabReportInput {
  return {
    outcome: "restarted",
    dryRun: "none",
    base: "a".repeat(40),
    head: "b".repeat(40),
    range: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA",
    changes: [{ kind: "ConfigMap", namespace: "shop", name: "web-config" }],
    workloads: [
      workload({
        result: { restart: "restarted", rollout: "done", message: "rolled out", durationMs: 1500 },
      }),
    ],
    problems: [],
    warnings: [],
    ...over,
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

describe("readReport", () => {
  test.each([
    ["", "the report is empty"],
    ["{", "the report is not JSON"],
    ['{"outcome":"restarted"}', "the report has no workloads list"],
    ['{"outcome":"maybe","workloads":[]}', 'unknown outcome "maybe"'],
  ])("%j: %s", (text, error) => {
    expect(readReport(text).error).toContain(error);
  });

  test("the CLI's error object (a run that exited 2) gives its message as the reason", () => {
    const text = JSON.stringify({
      outcome: "failed",
      error: { exitCode: 2, message: "--kustomize overlays/nope: no kustomization.yaml" },
    });
    const { report: r, error } = readReport(text);
    expect(r).toBeUndefined();
    expect(error).toBe("--kustomize overlays/nope: no kustomization.yaml");
    expect(renderJunit(r, 2, error)).toContain(
      "config-rollout exited with code 2 without a report (--kustomize overlays/nope: no kustomization.yaml)",
    );
  });

  test("accepts the CLI's JSON report", () => {
    expect(readReport(JSON.stringify(report())).report?.outcome).toBe("restarted");
    // Something the push touched was not read: the dotenv says so rather than "nothing-to-do".
    const incomplete = readReport(JSON.stringify(report({ outcome: "incomplete" })));
    expect(incomplete.error).toBeUndefined();
    expect(resultOf(incomplete.report, 0)).toBe("incomplete");
  });

  test("a --contexts report: each cluster's workloads, named by their context, in dotenv and JUnit", () => {
    const failed = { restart: "restarted", rollout: "timeout", message: "1/3 updated", durationMs: 5 };
    const fleet = {
      ...report({ outcome: "failed", workloads: [] }),
      clusters: [
        { context: "staging", outcome: "restarted", workloads: report().workloads },
        { context: "prod-eu", outcome: "failed", workloads: [workload({ result: failed })] },
        { context: "prod-us", outcome: "skipped", workloads: [] },
      ],
    };
    const { report: r } = readReport(JSON.stringify(fleet));
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
    const r = report({ outcome: "failed", workloads: [...report().workloads, failing] });
    expect(renderDotenv(r, 1)).toBe(
      [
        "CONFIG_ROLLOUT_RESULT=failed",
        "CONFIG_ROLLOUT_EXIT_CODE=1",
        "CONFIG_ROLLOUT_CHANGED_CONFIGS=ConfigMap/shop/web-config",
        "CONFIG_ROLLOUT_PLANNED=Deployment/shop/web,Deployment/shop/api",
        "CONFIG_ROLLOUT_RESTARTED=Deployment/shop/web,Deployment/shop/api",
        "CONFIG_ROLLOUT_FAILED=Deployment/shop/api",
        "",
      ].join("\n"),
    );
  });

  test("stays under GitLab's 5 KiB dotenv limit with thousands of workloads", () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      workload({
        name: `service-with-a-long-name-${i}`,
        result: { restart: "restarted", rollout: "done", message: "" },
      }),
    );
    const changes = many.map((w) => ({ kind: "ConfigMap", namespace: "shop", name: w.name }));
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

describe("main", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  function scratch(): string {
    const dir = mkdtempSync(join(tmpdir(), "gitlab-reports-"));
    dirs.push(dir);
    vi.spyOn(process.stdout, "write").mockReturnValue(true);
    vi.spyOn(process.stderr, "write").mockReturnValue(true);
    return dir;
  }

  test("writes both reports and exits 0, whatever the CLI's exit code (the job uses the CLI's)", () => {
    const dir = scratch();
    writeFileSync(join(dir, "plan.json"), JSON.stringify(report({ outcome: "failed" })));
    expect(main([join(dir, "plan.json"), "1", join(dir, "r.env"), join(dir, "r.xml")])).toBe(0);
    expect(readFileSync(join(dir, "r.env"), "utf8")).toContain("CONFIG_ROLLOUT_RESULT=failed\n");
    expect(readFileSync(join(dir, "r.xml"), "utf8")).toContain("<testsuites");
  });

  test("a missing report after a successful CLI run fails (exit 1) rather than passing silently", () => {
    const dir = scratch();
    expect(main([join(dir, "absent.json"), "0", join(dir, "r.env"), join(dir, "r.xml")])).toBe(1);
    expect(readFileSync(join(dir, "r.env"), "utf8")).toContain("CONFIG_ROLLOUT_RESULT=failed\n");
  });

  test("bad arguments print the usage and exit 2", () => {
    scratch();
    expect(main(["plan.json", "not-a-number"])).toBe(2);
    expect(process.stderr.write).toHaveBeenCalledWith(
      expect.stringContaining("usage: node gitlab-reports.mjs"),
    );
  });
});
