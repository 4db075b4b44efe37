// A plan of nothing (no config changed, no workload read: the push that touches no manifest) is
// reported by applyPlanToCluster without completing it. That report must be the one the
// whole second phase (completeAndRollOut) gives for the same plan, whatever the settings:
// checked by running both on the same plans.
import { describe, expect, test } from "vitest";
import { createMemoryLog } from "../../src/core/log.js";
import type { Manifest, Plan } from "../../src/core/model.js";
import type { ApplyContext, RepoPlan } from "../../src/plan/repo-plan.js";
import { applyPlanToCluster, completeAndRollOut, plansNothing } from "../../src/run/apply.js";
import { nothingRead } from "../../src/scan/scan-model.js";
import { runSettings } from "../../src/settings/settings.js";

const BASE = "1".repeat(40);
const HEAD = "2".repeat(40);

function repoPlanOf(scan = nothingRead([]), scanWarnings: string[] = []): RepoPlan {
  return {
    base: BASE,
    head: HEAD,
    rangeNote: "flags: --base..--head",
    scan,
    scanWarnings,
    readHeadConfigs: async () => new Map(),
    commitOrder: async () => ({ order: "same" }),
  };
}

/** Both paths on one plan: the report, the plan handed to --plan-out, the log, and whether a cluster was asked for. */
async function bothPaths(repoPlan: RepoPlan, flags: Record<string, string>) {
  const run = async (apply: typeof applyPlanToCluster) => {
    const log = createMemoryLog();
    const planned: Array<[Plan, Manifest[]]> = [];
    let connected = false;
    const context: ApplyContext = {
      settings: runSettings({}, flags),
      log,
      now: () => 0,
      onPlan: async (plan, workloads) => {
        planned.push([plan, workloads]);
      },
    };
    const connect = async () => {
      connected = true;
      return undefined;
    };
    const report = await apply(repoPlan, { connect, configured: true }, context);
    return { report, planned, lines: log.lines, connected };
  };
  return { shortcut: await run(applyPlanToCluster), whole: await run(completeAndRollOut) };
}

describe("a plan of nothing", () => {
  const settingsTried: Array<Record<string, string>> = [
    { "dry-run": "client" },
    { "dry-run": "server" },
    {},
    { strategy: "env" },
    { strategy: "versioned" },
    { strategy: "gitops" },
    { "max-restarts": "0", namespaces: "shop" },
  ];

  test.each(settingsTried)("is reported as the whole second phase reports it (%o)", async (flags) => {
    const repoPlan = repoPlanOf(
      nothingRead(["render: make: not run, the range touches none of --render-paths"]),
      ["vendor/charts: submodule moved from 111111111111 to 222222222222: its files are not read"],
    );
    expect(plansNothing(repoPlan.scan)).toBe(true);
    const { shortcut, whole } = await bothPaths(repoPlan, flags);
    expect(shortcut.report).toEqual(whole.report);
    expect(shortcut.planned).toEqual(whole.planned);
    expect(shortcut.lines).toEqual(whole.lines);
    expect(shortcut.connected).toBe(false);
    expect(whole.connected).toBe(false);
    expect(shortcut.report.outcome).toBe("nothing-to-do");
    expect(shortcut.report.plan.sources).toEqual([
      "render: make: not run, the range touches none of --render-paths",
    ]);
    expect(shortcut.report.plan.warnings).toHaveLength(1);
  });

  test("a scan that read a workload or a changed config is not one", () => {
    const workload = { id: { kind: "Deployment", namespace: "shop", name: "web" } } as Manifest;
    expect(plansNothing({ ...nothingRead([]), workloads: [workload] })).toBe(false);
    expect(plansNothing({ ...nothingRead([]), baseWorkloads: [workload] })).toBe(false);
    expect(plansNothing({ ...nothingRead([]), variants: new Map([["x", []]]) })).toBe(false);
    const change = { id: { kind: "ConfigMap", namespace: "shop", name: "app" }, status: "modified" };
    expect(plansNothing({ ...nothingRead([]), changes: [change as never] })).toBe(false);
  });
});
