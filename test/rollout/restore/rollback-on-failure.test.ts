// --rollback-on-failure's decisions for the in-place strategies (rollout/restore/), without a
// cluster: which configs a failure puts back, which workloads go back with them, that each failure
// is acted on once, and what every result says afterwards.
import { describe, expect, test } from "vitest";
import { createMemoryLog } from "../../../src/core/log.js";
import type { ConfigChange, PlannedWorkload } from "../../../src/core/model.js";
import type { WorkloadResult } from "../../../src/core/run-result.js";
import { restorePlanOf } from "../../../src/rollout/restore/restore-plan.js";
import { withRollbackOnFailure } from "../../../src/rollout/restore/rollback-on-failure.js";
import type { PatchOutcome, RestartStrategy } from "../../../src/rollout/strategy/restart-strategy.js";

const NS = "shop";
const cm = (name: string) => ({ kind: "ConfigMap", namespace: NS, name });
const deploy = (name: string) => ({ kind: "Deployment", namespace: NS, name });
const reads = (name: string, ...configs: string[]): PlannedWorkload => ({
  id: deploy(name),
  action: "restart",
  reason: "",
  source: "repo",
  references: configs.map((c) => ({
    configKind: "ConfigMap",
    configName: c,
    via: "envFrom",
    keys: "all",
    path: "",
    config: cm(c),
    changedKeys: ["A"],
  })),
});
const change = (name: string, status: ConfigChange["status"]): ConfigChange => ({
  id: cm(name),
  status,
  file: "deploy/app.yaml",
  line: 1,
  keys: ["A"],
});
const manifest = (name: string) => ({
  id: cm(name),
  file: "deploy/app.yaml",
  line: 1,
  object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name }, data: { A: "1" } },
});

/** The first round restarts all but `late` (a later round); `outcomes` says how some patches ended otherwise. */
function layer(outcomes: PatchOutcome[] = []) {
  const workloads = [
    reads("web", "x"),
    reads("worker", "x"),
    reads("api", "y"),
    reads("job", "z"),
    reads("late", "x"),
  ];
  const plan = restorePlanOf({
    base: "b".repeat(40),
    changes: [change("x", "modified"), change("y", "modified"), change("z", "added")],
    baseConfigs: new Map([
      ["ConfigMap/shop/x", manifest("x")],
      ["ConfigMap/shop/y", manifest("y")],
    ]),
    headConfigs: new Map(),
    workloads,
  });
  const restoredSeen: string[][] = [];
  const inner: RestartStrategy = {
    name: "annotation",
    needsLiveConfigs: true,
    prepare: async () => ({ configWrites: [] }),
    patchFor: () => ({ patch: {}, type: "strategic-merge", describe: "new" }),
    rollbackStep: async (restored) => {
      restoredSeen.push([...restored.keys()]);
      return () => ({ patch: {}, type: "strategic-merge", describe: "old" });
    },
  };
  const strategy = withRollbackOnFailure(inner, plan);
  strategy.restarted!(
    ["web", "worker", "api", "job"].map(
      (name) => outcomes.find((o) => o.id.name === name) ?? { id: deploy(name), result: "restarted" },
    ),
  );
  return { strategy, restoredSeen };
}

const failed = (name: string): WorkloadResult => ({
  id: deploy(name),
  restart: "restarted",
  rollout: "failed",
  message: "pod web-1 container app: CrashLoopBackOff",
});
const context = { cluster: {} as never, log: createMemoryLog() };

describe("--rollback-on-failure, in place", () => {
  test("the access review asks to read and patch every config that could be put back, and only those", async () => {
    const { strategy } = layer();
    const prepared = await strategy.prepare({} as never);
    expect(prepared.reviews?.map((c) => `${c.verb} ${c.resource}/${c.name} ${c.namespace}`)).toEqual([
      "get configmaps/x shop",
      "patch configmaps/x shop",
      "get configmaps/y shop",
      "patch configmaps/y shop",
    ]);
  });

  test("a failure puts back the configs it reads and rolls back every restarted reader, once", async () => {
    const { strategy, restoredSeen } = layer();
    const rollback = await strategy.rollbackFor!([failed("web")], context);
    expect(rollback?.ids).toEqual([deploy("web"), deploy("worker")]);
    expect(rollback?.restores?.map((r) => [r.id.name, r.readers.map((w) => w.name)])).toEqual([
      ["x", ["web", "worker"]],
    ]);
    expect(restoredSeen).toEqual([["ConfigMap/shop/x"]]);
    // A reader's own later failure starts nothing more; a workload not started yet stays so.
    expect(await strategy.rollbackFor!([failed("worker")], context)).toBeUndefined();
    expect(strategy.heldBack?.(deploy("late"))).toMatch(
      /^not restarted: configmap\/x it reads was put back to the base commit's content after deployment\/web \(namespace shop\) failed$/,
    );
    expect(strategy.heldBack?.(deploy("api"))).toBeUndefined();
  });

  test("a later round's reader of a config whose restore was refused is held back, and not told the config was put back", async () => {
    const { strategy } = layer();
    const rollback = await strategy.rollbackFor!([failed("web")], context);
    rollback?.restored?.([
      {
        id: cm("x"),
        result: "refused",
        message: "not restored: forbidden: cannot patch configmaps",
        readers: [deploy("web"), deploy("worker")],
      },
    ]);
    expect(strategy.heldBack?.(deploy("late"))).toBe(
      "not restarted: configmap/x it reads could not be put back after deployment/web (namespace shop) failed (see the restored configs), and still holds the content that failed",
    );
  });

  test("every result says what happened: rolled back (its own rollout failed or not), or why not", async () => {
    const { strategy } = layer();
    const rollback = await strategy.rollbackFor!([failed("web"), failed("job")], context);
    rollback?.restored?.([
      {
        id: cm("x"),
        result: "restored",
        message: "restored to bbbbbbbbbbbb's content",
        readers: rollback.restores![0]!.readers,
      },
    ]);
    const results: WorkloadResult[] = [
      failed("web"),
      { id: deploy("worker"), restart: "restarted", rollout: "done", message: "successfully rolled out" },
      failed("job"),
      { id: deploy("api"), restart: "restarted", rollout: "done", message: "successfully rolled out" },
    ];
    const back: WorkloadResult[] = ["web", "worker"].map((name) => ({
      id: deploy(name),
      restart: "restarted",
      rollout: "done",
      message: "successfully rolled out",
    }));
    const after = await strategy.afterWait!(results, back, context);
    const byName = new Map(after.results.map((r) => [r.id.name, r]));
    expect(byName.get("web")).toMatchObject({
      rollout: "rolled-back",
      message:
        "pod web-1 container app: CrashLoopBackOff; rolled back to its pod template before the run (configmap/x restored): the rollback rolled out",
      rollback: { restart: "restarted", rollout: "done" },
    });
    expect(byName.get("worker")?.message).toBe(
      "its rollout finished, but configmap/x it reads was put back to the base commit's content; rolled back to its pod template before the run (configmap/x restored): the rollback rolled out",
    );
    expect(byName.get("job")).toMatchObject({
      rollout: "failed",
      message:
        "pod web-1 container app: CrashLoopBackOff; not rolled back: configmap/z cannot be restored (see the restored configs)",
    });
    expect(byName.get("api")?.rollout).toBe("done");
    expect(after.restores?.map((r) => [r.id.name, r.result])).toEqual([
      ["z", "not-restorable"],
      ["x", "restored"],
    ]);
    expect(after.restores?.[0]?.message).toMatch(/^not restored: the change adds it/);
  });

  /**
   * worker's patch got no answer (generation 4 before it); its rollback reads it at `liveGeneration`
   * and ends as `back` says.
   */
  async function unanswered(liveGeneration: number, back: Omit<WorkloadResult, "id">) {
    const { strategy } = layer([{ id: deploy("worker"), result: "failed", unanswered: { generation: 4 } }]);
    const rollback = await strategy.rollbackFor!([failed("web")], context);
    const step = rollback?.patchFor(
      deploy("worker"),
      { metadata: { generation: liveGeneration } },
      {} as never,
    );
    rollback?.restored?.([
      { id: cm("x"), result: "restored", message: "restored", readers: rollback.restores![0]!.readers },
    ]);
    const lost: WorkloadResult = {
      id: deploy("worker"),
      restart: "failed",
      message: "cannot reach the Kubernetes API: ECONNRESET",
    };
    const rolledOut = { restart: "restarted" as const, rollout: "done" as const, message: "rolled out" };
    const after = await strategy.afterWait!(
      [failed("web"), lost],
      [
        { id: deploy("web"), ...rolledOut },
        { id: deploy("worker"), ...back },
      ],
      context,
    );
    return { ids: rollback?.ids, step, worker: after.results[1], restores: after.restores };
  }

  test("a reader whose restart patch was refused or never sent is not rolled back: its template is as before the run", async () => {
    const { strategy } = layer([
      { id: deploy("worker"), result: "failed" },
      { id: deploy("api"), result: "not-started" },
    ]);
    expect((await strategy.rollbackFor!([failed("web")], context))?.ids).toEqual([deploy("web")]);
    expect((await strategy.rollbackFor!([failed("api")], context))?.ids).toEqual([]);
  });

  test("a reader whose restart patch got no answer and moved its generation was applied: it is rolled back, and said so", async () => {
    const run = await unanswered(5, { restart: "restarted", rollout: "done", message: "rolled out" });
    expect(run.ids).toEqual([deploy("web"), deploy("worker")]);
    expect(run.step).toEqual({ patch: {}, type: "strategic-merge", describe: "old" });
    expect(run.worker).toMatchObject({
      rollout: "rolled-back",
      message:
        "cannot reach the Kubernetes API: ECONNRESET; yet its pod template changed: the patch was applied; rolled back to its pod template before the run (configmap/x restored): the rollback rolled out",
    });
    expect(run.restores?.[0]?.readers).toEqual([deploy("web"), deploy("worker")]);
  });

  test("a reader whose restart patch got no answer and left its generation was not applied: nothing is sent, it keeps its failure, neither rolled back nor not", async () => {
    const nothing = "its pod template is as before the patch (generation 4): nothing to roll back";
    const run = await unanswered(4, { restart: "unchanged", message: nothing });
    expect(run.step).toEqual({ unchanged: nothing });
    expect(run.worker).toEqual({
      id: deploy("worker"),
      restart: "failed",
      message: `cannot reach the Kubernetes API: ECONNRESET; ${nothing}`,
    });
    expect(run.restores?.[0]).toEqual({
      id: cm("x"),
      result: "restored",
      message: "restored",
      readers: [deploy("web")],
    });
  });

  test("a rollback written whose rollout was not followed is told apart from one never sent", async () => {
    const { strategy } = layer();
    const rollback = await strategy.rollbackFor!([failed("web")], context);
    rollback?.restored?.([
      { id: cm("x"), result: "restored", message: "restored", readers: rollback.restores![0]!.readers },
    ]);
    const interrupted =
      "interrupted by SIGTERM while waiting for deployment/web: its rollout was not followed to the end";
    const after = await strategy.afterWait!(
      [failed("web"), { id: deploy("worker"), restart: "restarted", rollout: "done", message: "rolled out" }],
      [
        { id: deploy("web"), restart: "restarted", rollout: "timeout", message: interrupted },
        { id: deploy("worker"), restart: "not-started", message: "not restarted: interrupted by SIGTERM" },
      ],
      context,
    );
    expect(after.results[0]).toMatchObject({
      rollout: "timeout",
      message: `pod web-1 container app: CrashLoopBackOff; rolled back to its pod template before the run (configmap/x restored), but the rollback's rollout did not finish: ${interrupted}`,
      rollback: { restart: "restarted", rollout: "timeout" },
    });
    expect(after.restores?.[0]).toEqual({
      id: cm("x"),
      result: "restored",
      message: "restored",
      readers: [],
      rollbackNotRolledOut: [deploy("web")],
      notRolledBack: [deploy("worker")],
    });
  });
});
