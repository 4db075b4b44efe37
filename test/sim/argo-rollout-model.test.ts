// The pure Argo Rollouts model: what phase and message each controller tick shows.
import { describe, expect, test } from "vitest";
import {
  type ArgoState,
  advanceArgo,
  argoStatus,
  emptyArgoState,
  type ResolvedTemplate,
  resumeFromPauseStep,
  settledArgoState,
} from "../../sim/argo-rollout-model.js";
import type { KubeObject, RolloutBehaviour } from "../../sim/index.js";
import { rollout } from "./argo-fixtures.js";
import type { Loose } from "./helpers.js";

function withGeneration(obj: KubeObject, generation: number): Loose {
  const copy = structuredClone(obj) as Loose;
  copy.metadata.generation = generation;
  return copy;
}

function ownTemplate(obj: Loose): ResolvedTemplate {
  return { template: obj.spec.template };
}

/** Ticks until the controller is done; the (phase, message) shown after each tick. */
function run(obj: Loose, start: ArgoState, behaviour: RolloutBehaviour = "complete") {
  let state = start;
  const seen: string[] = [];
  for (let i = 0; i < 50; i++) {
    const tick = advanceArgo(obj, state, ownTemplate(obj), behaviour);
    state = tick.state;
    const status = argoStatus(obj, state, ownTemplate(obj)) as Loose;
    const shown = `${status.phase}: ${status.message ?? ""}`;
    if (seen[seen.length - 1] !== shown) seen.push(shown);
    if (tick.done) return { state, seen, status };
  }
  throw new Error("the controller never finished");
}

describe("Argo Rollouts model", () => {
  test("a seeded rollout is Healthy with a string observedGeneration and stable == current hash", () => {
    const obj = withGeneration(rollout("web", "shop"), 4);
    const state = settledArgoState(obj, ownTemplate(obj));
    const status = argoStatus(obj, state, ownTemplate(obj)) as Loose;
    expect(status).toMatchObject({
      phase: "Healthy",
      observedGeneration: "4",
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      selector: "app=web",
    });
    expect(status.message).toBeUndefined();
    expect(status.currentPodHash).toBe(status.stableRS);
  });

  test("the first rollout of a new object skips the canary steps (no stable ReplicaSet yet)", () => {
    const obj = withGeneration(rollout("web", "shop", { steps: [{ setWeight: 20 }, { pause: {} }] }), 1);
    const { seen, status } = run(obj, emptyArgoState());
    expect(seen[seen.length - 1]).toBe("Healthy: ");
    expect(status.currentStepIndex).toBe(2);
  });

  test("a template change walks the canary steps and stops Paused at `pause: {}` until resumed", () => {
    const before = withGeneration(rollout("web", "shop", { steps: [{ setWeight: 34 }, { pause: {} }] }), 1);
    const settled = settledArgoState(before, ownTemplate(before));
    const after = withGeneration(before, 2);
    after.spec.template.metadata.annotations = { restarted: "now" };
    const paused = run(after, settled);
    // Argo checks "updated < desired" first: that message holds through the 34% step.
    expect(paused.seen).toEqual(["Progressing: more replicas need to be updated", "Paused: CanaryPauseStep"]);
    expect(paused.status).toMatchObject({
      observedGeneration: "2",
      updatedReplicas: 2,
      availableReplicas: 3,
      currentStepIndex: 1,
      controllerPause: true,
      pauseConditions: [{ reason: "CanaryPauseStep" }],
    });
    expect(paused.status.currentPodHash).not.toBe(paused.status.stableRS);
    // Nothing moves while paused...
    expect(advanceArgo(after, paused.state, ownTemplate(after), "complete").done).toBe(true);
    // ...until the pause condition is cleared.
    const resumed = run(after, resumeFromPauseStep(paused.state));
    expect(resumed.seen[resumed.seen.length - 1]).toBe("Healthy: ");
    expect(resumed.status.stableRS).toBe(paused.status.currentPodHash);
    expect(resumed.status.pauseConditions).toBeUndefined();
  });

  test("spec.paused shows Paused (manually paused) and holds the rollout", () => {
    const before = withGeneration(rollout("web", "shop"), 1);
    const after = withGeneration(before, 2);
    after.spec.paused = true;
    after.spec.template.metadata.annotations = { restarted: "now" };
    const { seen, status } = run(after, settledArgoState(before, ownTemplate(before)));
    expect(seen[seen.length - 1]).toBe("Paused: manually paused");
    expect(status.updatedReplicas).toBeUndefined();
  });

  test("spec.restartAt restarts the pods without a new pod hash and records status.restartedAt", () => {
    const before = withGeneration(rollout("web", "shop"), 1);
    const after = withGeneration(before, 2);
    after.spec.restartAt = "2026-01-01T00:00:00Z";
    const settled = settledArgoState(before, ownTemplate(before));
    const { seen, status } = run(after, settled);
    expect(seen).toEqual(["Progressing: rollout is restarting", "Healthy: "]);
    expect(status.restartedAt).toBe("2026-01-01T00:00:00Z");
    expect(status.currentPodHash).toBe(status.stableRS);
  });

  test("a progress deadline makes the rollout Degraded with Argo's message", () => {
    const before = withGeneration(rollout("web", "shop"), 1);
    const after = withGeneration(before, 2);
    after.spec.template.metadata.annotations = { restarted: "now" };
    const { seen, status } = run(after, settledArgoState(before, ownTemplate(before)), "progress-deadline");
    expect(seen[seen.length - 1]).toMatch(
      /^Degraded: ProgressDeadlineExceeded: ReplicaSet "web-[0-9a-f]+" has timed out progressing\.$/,
    );
    expect(status.conditions.find((c: Loose) => c.type === "Progressing")).toMatchObject({
      status: "False",
      reason: "ProgressDeadlineExceeded",
    });
  });

  test("a restart that timed out stays Degraded until a newer restartAt, which starts afresh", () => {
    const before = withGeneration(rollout("web", "shop"), 1);
    const first = withGeneration(before, 2);
    first.spec.restartAt = "2026-01-01T00:00:00Z";
    const settled = settledArgoState(before, ownTemplate(before));
    const timedOut = run(first, settled, "progress-deadline");
    expect(timedOut.status.phase).toBe("Degraded");
    expect(timedOut.status.message).toBe(
      'ProgressDeadlineExceeded: Rollout "web" has timed out progressing.',
    );
    expect(run(first, timedOut.state).status.phase).toBe("Degraded");
    const second = withGeneration(first, 3);
    second.spec.restartAt = "2026-01-02T00:00:00Z";
    const retried = run(second, timedOut.state);
    expect(retried.status.phase).toBe("Healthy");
    expect(retried.status.restartedAt).toBe("2026-01-02T00:00:00Z");
  });

  test("a workloadRef that names no Deployment is Degraded (InvalidSpec)", () => {
    const obj = withGeneration(rollout("web", "shop", { workloadRef: "gone" }), 1);
    const resolved: ResolvedTemplate = { invalid: 'deployment.apps "gone" not found' };
    const tick = advanceArgo(obj, emptyArgoState(), resolved, "complete");
    const status = argoStatus(obj, tick.state, resolved) as Loose;
    expect(status.phase).toBe("Degraded");
    expect(status.message).toBe('InvalidSpec: deployment.apps "gone" not found');
  });
});
