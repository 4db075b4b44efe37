import { describe, expect, test } from "vitest";
import { rolloutStatus } from "../../../src/core/kinds/workload-kinds.js";

type Obj = Record<string, unknown>;

function deployment(spec: Obj, status: Obj, generation = 2): Obj {
  return { kind: "Deployment", metadata: { name: "web", generation }, spec, status };
}

const progressDeadline = {
  type: "Progressing",
  status: "False",
  reason: "ProgressDeadlineExceeded",
};

describe("Deployment", () => {
  test.each<[string, Obj, boolean, string, string | undefined]>([
    [
      "spec update not yet observed",
      deployment({ replicas: 3 }, { observedGeneration: 1, updatedReplicas: 3, replicas: 3 }),
      false,
      "Waiting for deployment spec update to be observed...",
      undefined,
    ],
    [
      "no status at all",
      deployment({ replicas: 3 }, {}),
      false,
      "Waiting for deployment spec update to be observed...",
      undefined,
    ],
    [
      "progress deadline exceeded",
      deployment(
        { replicas: 3 },
        { observedGeneration: 2, updatedReplicas: 1, replicas: 3, conditions: [progressDeadline] },
      ),
      true,
      'deployment "web" exceeded its progress deadline',
      'deployment "web" exceeded its progress deadline',
    ],
    [
      "progress deadline is checked only once the generation is observed",
      deployment(
        { replicas: 3 },
        { observedGeneration: 1, updatedReplicas: 1, replicas: 3, conditions: [progressDeadline] },
      ),
      false,
      "Waiting for deployment spec update to be observed...",
      undefined,
    ],
    [
      "progressing normally (NewReplicaSetAvailable is not a failure)",
      deployment(
        { replicas: 2 },
        {
          observedGeneration: 2,
          updatedReplicas: 2,
          replicas: 2,
          availableReplicas: 2,
          conditions: [{ type: "Progressing", status: "True", reason: "NewReplicaSetAvailable" }],
        },
      ),
      true,
      'deployment "web" successfully rolled out',
      undefined,
    ],
    [
      "new replicas being updated",
      deployment({ replicas: 3 }, { observedGeneration: 2, updatedReplicas: 1, replicas: 4 }),
      false,
      'Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...',
      undefined,
    ],
    [
      "old replicas pending termination",
      deployment({ replicas: 3 }, { observedGeneration: 2, updatedReplicas: 3, replicas: 5 }),
      false,
      'Waiting for deployment "web" rollout to finish: 2 old replicas are pending termination...',
      undefined,
    ],
    [
      "updated replicas not yet available",
      deployment(
        { replicas: 3 },
        { observedGeneration: 2, updatedReplicas: 3, replicas: 3, availableReplicas: 1 },
      ),
      false,
      'Waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available...',
      undefined,
    ],
    [
      "complete",
      deployment(
        { replicas: 3 },
        { observedGeneration: 2, updatedReplicas: 3, replicas: 3, availableReplicas: 3 },
      ),
      true,
      'deployment "web" successfully rolled out',
      undefined,
    ],
    [
      "observed generation ahead of generation counts as observed",
      deployment(
        { replicas: 1 },
        { observedGeneration: 5, updatedReplicas: 1, replicas: 1, availableReplicas: 1 },
      ),
      true,
      'deployment "web" successfully rolled out',
      undefined,
    ],
    [
      "scaled to zero",
      deployment({ replicas: 0 }, { observedGeneration: 2 }),
      true,
      'deployment "web" successfully rolled out',
      undefined,
    ],
    [
      "spec.replicas unset skips the updated-replicas check (as kubectl)",
      deployment({}, { observedGeneration: 2, updatedReplicas: 1, replicas: 2, availableReplicas: 1 }),
      false,
      'Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...',
      undefined,
    ],
  ])("%s", (_name, obj, done, message, error) => {
    expect(rolloutStatus(obj)).toEqual(error ? { done, message, error } : { done, message });
  });
});

function daemonSet(strategy: string | undefined, status: Obj, generation = 3): Obj {
  return {
    kind: "DaemonSet",
    metadata: { name: "agent", generation },
    spec: strategy ? { updateStrategy: { type: strategy } } : {},
    status,
  };
}

describe("DaemonSet", () => {
  test.each<[string, Obj, boolean, string]>([
    [
      "spec update not yet observed",
      daemonSet("RollingUpdate", { observedGeneration: 2 }),
      false,
      "Waiting for daemon set spec update to be observed...",
    ],
    [
      "pods being updated",
      daemonSet("RollingUpdate", {
        observedGeneration: 3,
        desiredNumberScheduled: 5,
        updatedNumberScheduled: 2,
      }),
      false,
      'Waiting for daemon set "agent" rollout to finish: 2 out of 5 new pods have been updated...',
    ],
    [
      "updated pods not yet available",
      daemonSet("RollingUpdate", {
        observedGeneration: 3,
        desiredNumberScheduled: 5,
        updatedNumberScheduled: 5,
        numberAvailable: 4,
      }),
      false,
      'Waiting for daemon set "agent" rollout to finish: 4 of 5 updated pods are available...',
    ],
    [
      "complete",
      daemonSet("RollingUpdate", {
        observedGeneration: 3,
        desiredNumberScheduled: 5,
        updatedNumberScheduled: 5,
        numberAvailable: 5,
      }),
      true,
      'daemon set "agent" successfully rolled out',
    ],
    [
      "strategy unset means the server default RollingUpdate",
      daemonSet(undefined, {
        observedGeneration: 3,
        desiredNumberScheduled: 1,
        updatedNumberScheduled: 1,
        numberAvailable: 1,
      }),
      true,
      'daemon set "agent" successfully rolled out',
    ],
    [
      "no nodes to schedule on",
      daemonSet("RollingUpdate", { observedGeneration: 3, desiredNumberScheduled: 0 }),
      true,
      'daemon set "agent" successfully rolled out',
    ],
  ])("%s", (_name, obj, done, message) => {
    expect(rolloutStatus(obj)).toEqual({ done, message });
  });

  test("OnDelete cannot be waited on", () => {
    const status = rolloutStatus(daemonSet("OnDelete", { observedGeneration: 3 }));
    expect(status.done).toBe(true);
    expect(status.notWaitable).toBe(true);
    expect(status.error).toMatch(/^rollout status is only available for RollingUpdate strategy type/);
    expect(status.error).toContain('daemon set "agent" uses OnDelete');
  });
});

function statefulSet(spec: Obj, status: Obj, generation = 4): Obj {
  return { kind: "StatefulSet", metadata: { name: "db", generation }, spec, status };
}

const rolling = (partition?: number) => ({
  type: "RollingUpdate",
  rollingUpdate: partition === undefined ? {} : { partition },
});

describe("StatefulSet", () => {
  test.each<[string, Obj, boolean, string]>([
    [
      "never observed (observedGeneration 0)",
      statefulSet({ replicas: 3, updateStrategy: rolling(0) }, { observedGeneration: 0 }, 0),
      false,
      "Waiting for statefulset spec update to be observed...",
    ],
    [
      "spec update not yet observed",
      statefulSet({ replicas: 3, updateStrategy: rolling(0) }, { observedGeneration: 3, readyReplicas: 3 }),
      false,
      "Waiting for statefulset spec update to be observed...",
    ],
    [
      "pods not ready",
      statefulSet({ replicas: 3, updateStrategy: rolling(0) }, { observedGeneration: 4, readyReplicas: 1 }),
      false,
      "Waiting for 2 pods to be ready...",
    ],
    [
      "partition 0: pods still being updated",
      statefulSet(
        { replicas: 3, updateStrategy: rolling(0) },
        { observedGeneration: 4, readyReplicas: 3, updatedReplicas: 1 },
      ),
      false,
      "Waiting for partitioned roll out to finish: 1 out of 3 new pods have been updated...",
    ],
    [
      "partition 0: complete",
      statefulSet(
        { replicas: 3, updateStrategy: rolling(0) },
        { observedGeneration: 4, readyReplicas: 3, updatedReplicas: 3 },
      ),
      true,
      "partitioned roll out complete: 3 new pods have been updated...",
    ],
    [
      "partition 2 of 3: one updated pod is enough",
      statefulSet(
        { replicas: 3, updateStrategy: rolling(2) },
        { observedGeneration: 4, readyReplicas: 3, updatedReplicas: 1 },
      ),
      true,
      "partitioned roll out complete: 1 new pods have been updated...",
    ],
    [
      "partition 1 of 3: still waiting for the second pod",
      statefulSet(
        { replicas: 3, updateStrategy: rolling(1) },
        { observedGeneration: 4, readyReplicas: 3, updatedReplicas: 1 },
      ),
      false,
      "Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...",
    ],
    [
      "rollingUpdate without partition counts as partition 0 (the server default)",
      statefulSet(
        { replicas: 2, updateStrategy: rolling() },
        { observedGeneration: 4, readyReplicas: 2, updatedReplicas: 1 },
      ),
      false,
      "Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...",
    ],
    [
      "no rollingUpdate block: revisions differ",
      statefulSet(
        { replicas: 2 },
        {
          observedGeneration: 4,
          readyReplicas: 2,
          updatedReplicas: 1,
          currentRevision: "db-1",
          updateRevision: "db-2",
        },
      ),
      false,
      "waiting for statefulset rolling update to complete 1 pods at revision db-2...",
    ],
    [
      "no rollingUpdate block: revisions equal",
      statefulSet(
        { replicas: 2, updateStrategy: { type: "RollingUpdate" } },
        {
          observedGeneration: 4,
          readyReplicas: 2,
          updatedReplicas: 2,
          currentReplicas: 2,
          currentRevision: "db-2",
          updateRevision: "db-2",
        },
      ),
      true,
      "statefulset rolling update complete 2 pods at revision db-2...",
    ],
  ])("%s", (_name, obj, done, message) => {
    expect(rolloutStatus(obj)).toEqual({ done, message });
  });

  test("OnDelete cannot be waited on", () => {
    const status = rolloutStatus(statefulSet({ replicas: 1, updateStrategy: { type: "OnDelete" } }, {}));
    expect(status).toMatchObject({ done: true, notWaitable: true });
    expect(status.error).toContain('statefulset "db" uses OnDelete');
  });
});

test.each(["CronJob", "Job", undefined])("kind %s has no rollout to wait for", (kind) => {
  const status = rolloutStatus({ kind, metadata: { name: "x" } });
  expect(status).toMatchObject({ done: true, notWaitable: true });
  expect(status.error).toContain("rollout status is not available for kind");
});
