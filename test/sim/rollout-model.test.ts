// The pure controller model: which status each step shows, per kind and behaviour.
import { describe, expect, test } from "vitest";
import { advance, settledState, type WorkloadState } from "../../sim/rollout-model.js";
import { workloadStatus } from "../../sim/rollout-status.js";
import type { RolloutBehaviour } from "../../sim/types.js";
import { deployment, type Loose, workload } from "./helpers.js";

type Obj = Record<string, Loose>;

/** Run the controller from a template change until it is idle (or 40 steps); one status per step. */
function simulate(kind: string, obj: Obj, behaviour: RolloutBehaviour, nodes = 3): Obj[] {
  let state: WorkloadState = settledState(kind, obj);
  const changed = structuredClone(obj);
  changed.status = workloadStatus(kind, obj, state, nodes);
  changed.metadata.generation = 2;
  changed.spec.template.metadata.annotations = { restartedAt: "now" };
  const statuses: Obj[] = [];
  for (let i = 0; i < 40; i++) {
    const { state: next, done } = advance(kind, changed, state, behaviour, nodes);
    state = next;
    changed.status = workloadStatus(kind, changed, state, nodes);
    statuses.push(changed.status);
    if (done) break;
  }
  return statuses;
}

const deploy = {
  ...deployment("web", "shop", 2),
  metadata: { name: "web", namespace: "shop", generation: 1 },
} as Obj;

describe("Deployment", () => {
  test("complete: surge one new pod, make it available, retire an old one, until all are new", () => {
    const steps = simulate("Deployment", deploy, "complete").map((s) => [
      s.observedGeneration,
      s.replicas,
      s.updatedReplicas ?? 0,
      s.availableReplicas,
    ]);
    expect(steps).toEqual([
      [2, 2, 0, 2],
      [2, 3, 1, 2],
      [2, 2, 1, 2],
      [2, 3, 2, 2],
      [2, 2, 2, 2],
    ]);
    const last = simulate("Deployment", deploy, "complete").at(-1) as Obj;
    expect(last.conditions.map((c: Obj) => [c.type, c.status, c.reason])).toEqual([
      ["Available", "True", "MinimumReplicasAvailable"],
      ["Progressing", "True", "NewReplicaSetAvailable"],
    ]);
  });

  test("stall: one new pod never becomes available and the controller goes idle", () => {
    const last = simulate("Deployment", deploy, "stall").at(-1) as Obj;
    expect(last).toMatchObject({
      observedGeneration: 2,
      replicas: 3,
      updatedReplicas: 1,
      availableReplicas: 2,
    });
    expect(last.conditions[1].reason).toBe("ReplicaSetUpdated");
  });

  test("progress-deadline: Progressing turns False with ProgressDeadlineExceeded", () => {
    const last = simulate("Deployment", deploy, "progress-deadline").at(-1) as Obj;
    expect(last.conditions[1]).toMatchObject({
      type: "Progressing",
      status: "False",
      reason: "ProgressDeadlineExceeded",
    });
  });

  test("a paused deployment observes the generation but does not roll", () => {
    const paused = structuredClone(deploy);
    paused.spec.paused = true;
    const steps = simulate("Deployment", paused, "complete");
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ observedGeneration: 2, updatedReplicas: 2 });
    expect(steps[0]?.conditions[1]).toMatchObject({ status: "Unknown", reason: "DeploymentPaused" });
  });
});

describe("StatefulSet", () => {
  const sts = {
    ...workload("StatefulSet", "db", "shop"),
    metadata: { name: "db", namespace: "shop", generation: 1 },
  } as Obj;

  test("complete: pods replaced one at a time, then currentRevision catches up", () => {
    const statuses = simulate("StatefulSet", sts, "complete");
    const ready = statuses.map((s) => s.readyReplicas ?? 0);
    expect(Math.min(...ready)).toBe(1);
    const last = statuses.at(-1) as Obj;
    expect(last).toMatchObject({ replicas: 2, readyReplicas: 2, updatedReplicas: 2 });
    expect(last.currentRevision).toBe(last.updateRevision);
  });

  test("a partition keeps the lowest ordinals on the old revision", () => {
    const partitioned = structuredClone(sts);
    partitioned.spec.replicas = 3;
    partitioned.spec.updateStrategy = { type: "RollingUpdate", rollingUpdate: { partition: 1 } };
    const last = simulate("StatefulSet", partitioned, "complete").at(-1) as Obj;
    expect(last).toMatchObject({ replicas: 3, readyReplicas: 3, updatedReplicas: 2, currentReplicas: 1 });
    expect(last.currentRevision).not.toBe(last.updateRevision);
  });
});

test("DaemonSet: one pod per node, replaced one at a time", () => {
  const ds = {
    ...workload("DaemonSet", "agent", "shop"),
    metadata: { name: "agent", namespace: "shop", generation: 1 },
  } as Obj;
  const statuses = simulate("DaemonSet", ds, "complete", 4);
  expect(statuses.at(-1)).toMatchObject({
    desiredNumberScheduled: 4,
    updatedNumberScheduled: 4,
    numberAvailable: 4,
    observedGeneration: 2,
  });
  expect(Math.min(...statuses.map((s) => s.numberAvailable))).toBe(3);
});
