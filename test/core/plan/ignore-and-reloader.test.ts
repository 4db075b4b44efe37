// Issue 13 item 4: a config annotated config-rollout.io/ignore restarts nothing, and a workload that
// Stakater Reloader manages is skipped with the reason unless the user asks to restart it too.
import { describe, expect, test } from "vitest";
import { findConfigChanges } from "../../../src/core/manifests/config-changes.js";
import type { Manifest } from "../../../src/core/model.js";
import { buildPlan } from "../../../src/core/plan/build-plan.js";

const NS = "prod";

function config(name: string, data: Record<string, string>, annotations?: Record<string, string>): Manifest {
  const metadata = { name, namespace: NS, ...(annotations ? { annotations } : {}) };
  return {
    id: { kind: "ConfigMap", namespace: NS, name },
    file: "config.yaml",
    line: 1,
    object: { apiVersion: "v1", kind: "ConfigMap", metadata, data },
  };
}

function deployment(name: string, configs: string[], annotations?: Record<string, string>): Manifest {
  const envFrom = configs.map((c) => ({ configMapRef: { name: c } }));
  const metadata = { name, namespace: NS, ...(annotations ? { annotations } : {}) };
  const object = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata,
    spec: { template: { spec: { containers: [{ name: "app", envFrom }] } } },
  };
  return { id: { kind: "Deployment", namespace: NS, name }, file: "deploy.yaml", line: 1, object };
}

const IGNORED = { "config-rollout.io/ignore": "true" };

function planFor(head: Manifest[], base: Manifest[], workloads: Manifest[], restartReloaderManaged = false) {
  const { changes } = findConfigChanges(base, head);
  const { workloads: planned } = buildPlan({
    changes,
    workloads,
    newWorkloadIds: new Set(),
    restartReloaderManaged,
  });
  return { changes, planned: planned.map((w) => [w.id.name, w.action, w.reason]) };
}

describe("config-rollout.io/ignore on a ConfigMap or Secret", () => {
  test("its change restarts nothing; its consumers are listed as skipped, with the reason", () => {
    const { changes, planned } = planFor(
      [config("flags", { A: "2" }, IGNORED)],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"])],
    );
    expect(changes[0]).toMatchObject({ status: "modified", ignored: true });
    expect(planned).toEqual([
      [
        "web",
        "skip",
        "consumes only changed configs annotated config-rollout.io/ignore: configmap/flags (keys: A) via envFrom",
      ],
    ]);
  });

  test("a workload that also reads a changed config that is not ignored restarts for that one only", () => {
    const { planned } = planFor(
      [config("flags", { A: "2" }, IGNORED), config("app", { B: "2" })],
      [config("flags", { A: "1" }), config("app", { B: "1" })],
      [deployment("web", ["flags", "app"])],
    );
    expect(planned).toEqual([["web", "restart", "consumes configmap/app (keys: B) via envFrom"]]);
  });

  test('only "true" ignores', () => {
    const { planned } = planFor(
      [config("flags", { A: "2" }, { "config-rollout.io/ignore": "false" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"])],
    );
    expect(planned[0]?.[1]).toBe("restart");
  });
});

describe("workloads managed by Stakater Reloader", () => {
  test.each([
    ["reloader.stakater.com/auto", "true"],
    ["reloader.stakater.com/search", "true"],
    ["configmap.reloader.stakater.com/reload", "flags"],
    ["secret.reloader.stakater.com/reload", "db"],
    ["secret.reloader.stakater.com/auto", "true"],
  ])("%s: %s is skipped, saying why and how to override", (annotation, value) => {
    const { planned } = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], { [annotation]: value })],
    );
    expect(planned).toEqual([
      [
        "web",
        "skip",
        `managed by Stakater Reloader (annotation ${annotation}: ${value}), which restarts it on config changes; pass --restart-reloader-managed to restart it here too`,
      ],
    ]);
  });

  test.each([
    ["reloader.stakater.com/auto", "false"],
    ["reloader.stakater.com/rollout-strategy", "restart"],
  ])("%s: %s does not hand the workload to Reloader", (annotation, value) => {
    const { planned } = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], { [annotation]: value })],
    );
    expect(planned[0]?.[1]).toBe("restart");
  });

  test("--restart-reloader-managed restarts it", () => {
    const { planned } = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], { "reloader.stakater.com/auto": "true" })],
      true,
    );
    expect(planned[0]?.[1]).toBe("restart");
  });
});
