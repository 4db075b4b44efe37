// restartWorkloads against the simulated API server: what gets patched, what is left alone.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { CONFIG_HASH_ANNOTATION } from "../../src/core/restart-patch.js";
import { type RestartOptions, restartWorkloads } from "../../src/rollout/restart.js";
import { annotationStep } from "../../src/rollout/strategy/annotation-strategy.js";
import { createEnvStrategy } from "../../src/rollout/strategy/env-strategy.js";
import { DEFAULTS } from "../helpers/settings.js";
import {
  deployment,
  id,
  podTemplate,
  type SimHarness,
  startHarness,
  statefulSet,
} from "../kube/sim-setup.js";
import { rollout } from "../sim/argo-fixtures.js";

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.sim.resetRequests());

const NOW = Date.parse("2025-03-01T12:00:00Z");
type Over = Partial<RestartOptions> & { hashFor?: () => string };
/** The annotation strategy with a fixed hash, unless a test says otherwise. */
const options = ({ hashFor = () => "sha256-aaa", ...over }: Over = {}): RestartOptions => ({
  strategy: { patchFor: annotationStep(hashFor) },
  now: () => NOW,
  dryRun: false,
  concurrency: DEFAULTS.concurrency,
  ...over,
});

type Container = { name: string; env?: Array<Record<string, unknown>> };
type Template = { metadata: { annotations?: Record<string, string> }; spec: unknown };
const templateOf = (name: string, kind = "Deployment") =>
  (h.sim.get(kind, "default", name) as { spec: { template: Template } }).spec.template;
const patches = () => h.sim.requests.filter((r) => r.verb === "patch");

describe("annotation strategy", () => {
  test("patches the hash annotation and reports the generation to wait for", async () => {
    h.sim.seed(deployment("web"));
    const [result] = await restartWorkloads([{ id: id("Deployment", "web") }], h.cluster, options());
    const live = h.sim.get("Deployment", "default", "web") as { metadata: { generation: number } };
    expect(result).toMatchObject({ result: "restarted", generation: live.metadata.generation });
    expect(templateOf("web").metadata.annotations?.[CONFIG_HASH_ANNOTATION]).toBe("sha256-aaa");
    expect(patches()).toHaveLength(1);
    expect(patches()[0]?.contentType).toBe("application/strategic-merge-patch+json");
  });

  test("a second run with the same hash patches nothing", async () => {
    const [result] = await restartWorkloads([{ id: id("Deployment", "web") }], h.cluster, options());
    expect(result).toMatchObject({ result: "unchanged" });
    expect(result?.message).toContain("sha256-aaa");
    expect(patches()).toHaveLength(0);
  });

  test("a listed live object saves the GET; a repository manifest does not replace it", async () => {
    h.sim.seed(deployment("listed"));
    const live = h.sim.get("Deployment", "default", "listed");
    await restartWorkloads([{ id: id("Deployment", "listed"), object: live }], h.cluster, options());
    expect(h.sim.requests.map((r) => r.verb)).toEqual(["patch"]);

    h.sim.resetRequests();
    const repoManifest = deployment("listed");
    const [again] = await restartWorkloads(
      [{ id: id("Deployment", "listed"), object: repoManifest }],
      h.cluster,
      options(),
    );
    expect(h.sim.requests.map((r) => r.verb)).toEqual(["get"]);
    expect(again?.result).toBe("unchanged");
  });

  test("a paused Deployment is reported and not patched", async () => {
    h.sim.seed(deployment("paused", "default", { paused: true }));
    const [result] = await restartWorkloads([{ id: id("Deployment", "paused") }], h.cluster, options());
    expect(result?.result).toBe("paused");
    expect(result?.message).toContain('deployment "paused" is paused');
    expect(patches()).toHaveLength(0);
  });

  test("only the listed workloads are written", async () => {
    h.sim.seed(deployment("one"));
    h.sim.seed(deployment("two"));
    h.sim.seed(statefulSet("three"));
    const results = await restartWorkloads(
      [{ id: id("Deployment", "one") }, { id: id("StatefulSet", "three") }],
      h.cluster,
      options(),
    );
    expect(results.map((r) => r.result)).toEqual(["restarted", "restarted"]);
    expect(patches().map((r) => r.name)).toEqual(["one", "three"]);
    expect(templateOf("two").metadata.annotations?.[CONFIG_HASH_ANNOTATION]).toBeUndefined();
  });

  test("server dry run: the patch is sent with dryRun and nothing changes", async () => {
    h.sim.seed(deployment("dry"));
    const [result] = await restartWorkloads(
      [{ id: id("Deployment", "dry") }],
      h.cluster,
      options({ dryRun: true }),
    );
    expect(result).toMatchObject({ result: "restarted" });
    expect(result?.message).toContain("server dry run");
    expect(patches()[0]?.dryRun).toBe(true);
    expect(templateOf("dry").metadata.annotations?.[CONFIG_HASH_ANNOTATION]).toBeUndefined();
  });

  test("a patch that leaves the pod template as it was (the generation does not move) is reported not applied, not restarted", async () => {
    h.sim.seed(deployment("noop"));
    // What a patch stripped of its directive amounts to: a field set to the value it has.
    const sameLabel = { spec: { template: { metadata: { labels: { app: "noop" } } } } };
    const [result] = await restartWorkloads(
      [{ id: id("Deployment", "noop") }],
      h.cluster,
      options({
        strategy: { patchFor: () => ({ patch: sameLabel, type: "strategic-merge", describe: "app=noop" }) },
      }),
    );
    expect(patches().map((r) => r.status)).toEqual([200]);
    expect(result).toMatchObject({
      result: "failed",
      message: "the patch (app=noop) left the pod template as it was (generation 1): not applied",
    });
  });

  test.each<[string, () => void, { kind: string; name: string; namespace: string }, Over, RegExp]>([
    ["missing workload", () => {}, id("Deployment", "ghost"), {}, /does not exist in the cluster/],
    ["kind that cannot be restarted", () => {}, id("CronJob", "nightly"), {}, /CronJob cannot be restarted/],
    [
      "no hash computed",
      () => h.sim.seed(deployment("nohash")),
      id("Deployment", "nohash"),
      { hashFor: () => "" },
      /no config hash/,
    ],
  ])("%s fails that workload only", async (_name, setup, target, over, message) => {
    setup();
    h.sim.resetRequests();
    const [result] = await restartWorkloads([{ id: target }], h.cluster, options(over));
    expect(result?.result).toBe("failed");
    expect(result?.message).toMatch(message);
    expect(patches()).toHaveLength(0);
  });
});

describe("env strategy", () => {
  test("sets the env var in every container and keeps the other env vars, containers and init containers", async () => {
    const template = podTemplate("envy", [
      { name: "A", value: "1" },
      { name: "DB_HOST", valueFrom: { configMapKeyRef: { name: "db", key: "host" } } },
    ]);
    (template.spec as Record<string, unknown>).initContainers = [
      { name: "migrate", image: "registry.example/migrate:1", env: [{ name: "MODE", value: "up" }] },
    ];
    h.sim.seed(deployment("envy", "default", { template }));
    const [result] = await restartWorkloads(
      [{ id: id("Deployment", "envy") }],
      h.cluster,
      options({ strategy: createEnvStrategy("RESTART_TIME", () => NOW) }),
    );
    expect(result?.result).toBe("restarted");
    const spec = templateOf("envy").spec as { containers: Container[]; initContainers: Container[] };
    // Unix seconds of the fixed clock: 2025-03-01T12:00:00Z.
    const stamp = { name: "RESTART_TIME", value: "1740830400" };
    expect(spec.containers.map((c) => c.name)).toEqual(["app", "sidecar"]);
    expect(spec.containers[0]?.env).toHaveLength(3);
    expect(spec.containers[0]?.env).toEqual(
      expect.arrayContaining([
        { name: "A", value: "1" },
        { name: "DB_HOST", valueFrom: { configMapKeyRef: { name: "db", key: "host" } } },
        stamp,
      ]),
    );
    expect(spec.containers[1]?.env).toEqual([stamp]);
    expect(spec.initContainers).toEqual([
      { name: "migrate", image: "registry.example/migrate:1", env: [{ name: "MODE", value: "up" }] },
    ]);
  });
});

test("one refused workload does not stop the others", async () => {
  const harness = await startHarness();
  try {
    harness.sim.seed(deployment("ok"));
    harness.sim.seed(statefulSet("locked"));
    harness.sim.forbid("patch", "statefulsets");
    const results = await restartWorkloads(
      [{ id: id("StatefulSet", "locked") }, { id: id("Deployment", "ok") }],
      harness.cluster,
      options(),
    );
    expect(results.map((r) => r.result)).toEqual(["failed", "restarted"]);
    expect(results[0]?.message).toMatch(
      /^forbidden: context sim-ctx cannot patch statefulsets\.apps in namespace default/,
    );
  } finally {
    await harness.close();
  }
});

test("a conflict re-reads the workload and recomputes its patch, keeping what another writer changed", async () => {
  const harness = await startHarness();
  try {
    harness.sim.installCrd("argo-rollouts");
    harness.sim.seed(rollout("web", "default"));
    harness.sim.resetRequests();
    // Between our read and our patch, another writer changes the pod template: the env strategy's
    // merge patch of a Rollout carries the whole container list, guarded by the resourceVersion it
    // was computed from, so the server refuses it.
    const otherWriter = async () => {
      const changed = rollout("web", "default");
      const spec = changed.spec as { template: { spec: { containers: Array<{ image: string }> } } };
      spec.template.spec.containers[0]!.image = "nginx:1.28";
      harness.sim.seed(changed);
    };
    const [result] = await restartWorkloads([{ id: id("Rollout", "web") }], harness.cluster, {
      strategy: createEnvStrategy("RESTART_TIME", () => NOW),
      now: () => NOW,
      dryRun: false,
      concurrency: DEFAULTS.concurrency,
      beforeWrites: otherWriter,
    });
    expect(result?.result, result?.message).toBe("restarted");
    const sent = harness.sim.requests.filter((r) => r.kind === "Rollout").map((r) => `${r.verb} ${r.status}`);
    expect(sent).toEqual(["get 200", "patch 409", "get 200", "patch 200"]);
    const live = harness.sim.get("Rollout", "default", "web") as {
      spec: { template: { spec: { containers: Array<{ image: string; env: unknown[] }> } } };
    };
    const [app] = live.spec.template.spec.containers;
    expect(app?.image).toBe("nginx:1.28");
    expect(app?.env).toEqual([
      { name: "A", value: "1" },
      { name: "RESTART_TIME", value: "1740830400" },
    ]);
  } finally {
    await harness.close();
  }
});
