// The order of restarts within a cluster: waves by config-rollout.io/wave (lower first, unannotated
// last), batches of at most --max-parallel-rollouts, an invalid wave refused naming the workload.
import { describe, expect, test } from "vitest";
import type { ObjectId } from "../../src/core/model.js";
import { rolloutRounds, waveOrderNote } from "../../src/rollout/waves.js";

const id = (name: string): ObjectId => ({ kind: "Deployment", namespace: "shop", name });
const objects: Record<string, unknown> = {
  canary: { metadata: { annotations: { "config-rollout.io/wave": "-1" } } },
  a: { metadata: { annotations: { "config-rollout.io/wave": "10" } } },
  b: { metadata: { annotations: { "config-rollout.io/wave": "2" } } },
  c: { metadata: { annotations: { "config-rollout.io/wave": "2" } } },
  plain: { metadata: {} },
  other: {},
};
const objectOf = (workload: ObjectId) => objects[workload.name];
const names = (rounds: ReturnType<typeof rolloutRounds<{ id: ObjectId }>>) =>
  rounds.map((r) => `${r.label.trim()}: ${r.requests.map((q) => q.id.name).join(",")}`);

describe("rolloutRounds", () => {
  test("numeric order, lower first (10 after 2), unannotated last", () => {
    const requests = ["plain", "a", "b", "canary", "c", "other"].map((n) => ({ id: id(n) }));
    expect(names(rolloutRounds(requests, objectOf, undefined))).toEqual([
      "(wave -1): canary",
      "(wave 2): b,c",
      "(wave 10): a",
      "(unannotated): plain,other",
    ]);
  });

  test("--max-parallel-rollouts: batches within each wave; only the last batch ends its wave", () => {
    const requests = ["b", "c", "plain", "other", "a"].map((n) => ({ id: id(n) }));
    const rounds = rolloutRounds(requests, objectOf, 1);
    expect(names(rounds)).toEqual([
      "(wave 2, batch 1 of 2): b",
      "(wave 2, batch 2 of 2): c",
      "(wave 10): a",
      "(unannotated, batch 1 of 2): plain",
      "(unannotated, batch 2 of 2): other",
    ]);
    expect(rounds.map((r) => r.endsWave)).toEqual([false, true, true, false, true]);
  });

  test("no wave and no limit: one round, as before", () => {
    const rounds = rolloutRounds([{ id: id("plain") }, { id: id("other") }], objectOf, undefined);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]?.label).toBe("");
  });

  test("a wave that is not an integer is refused, naming the workload and the value", () => {
    expect(() =>
      rolloutRounds(
        [{ id: id("bad") }],
        () => ({ metadata: { annotations: { "config-rollout.io/wave": "first" } } }),
        undefined,
      ),
    ).toThrow(
      'deployment/bad (namespace shop): annotation config-rollout.io/wave: "first" is not an integer',
    );
  });

  test("the plan's note names the order, and only when a wave is set", () => {
    expect(waveOrderNote([id("plain"), id("canary")], objectOf)).toBe(
      "rollout order (config-rollout.io/wave; a failed wave stops the later ones): wave -1: deployment/canary; then: deployment/plain",
    );
    expect(waveOrderNote([id("plain")], objectOf)).toBeUndefined();
  });
});
