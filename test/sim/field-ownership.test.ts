// Field ownership of server-side apply in the simulated server: leaf paths in the real server's
// notation, updates taking fields over, applies conflicting unless forced. (The kubectl side is
// proved in test/run/versioned-drift.test.ts: kubectl shows the 409 as a field conflict.)
import { describe, expect, test } from "vitest";
import { FieldOwnership, fieldValues } from "../../sim/field-ownership.js";
import { resourceFor } from "../../sim/resources.js";
import { StatusError } from "../../sim/status.js";

const DEPLOYMENTS = resourceFor("Deployment")!;

function deployment(envFrom: string, replicas = 2) {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", namespace: "shop", resourceVersion: "7", labels: { app: "web" } },
    spec: {
      replicas,
      template: {
        spec: {
          containers: [
            {
              name: "app",
              envFrom: [{ configMapRef: { name: envFrom } }],
              env: [{ name: "A", value: "1" }],
            },
          ],
          volumes: [{ name: "c", configMap: { name: envFrom } }],
        },
      },
    },
    status: { replicas: 2 },
  };
}

describe("fields", () => {
  test("associative lists by merge key, other lists atomic, identity and server metadata and status left out", () => {
    expect([...fieldValues(deployment("cfg"), "Deployment").keys()]).toEqual([
      ".metadata.labels.app",
      ".spec.replicas",
      '.spec.template.spec.containers[name="app"].name',
      '.spec.template.spec.containers[name="app"].envFrom',
      '.spec.template.spec.containers[name="app"].env[name="A"].name',
      '.spec.template.spec.containers[name="app"].env[name="A"].value',
      '.spec.template.spec.volumes[name="c"].name',
      '.spec.template.spec.volumes[name="c"].configMap.name',
    ]);
  });
});

describe("ownership", () => {
  const conflictOf = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error instanceof StatusError ? error.body : error;
    }
    return undefined;
  };

  test.each([
    { name: "the applier's own fields", updater: "kubectl", expected: undefined },
    { name: "a field another manager changed", updater: "config-rollout", expected: 409 },
  ])("an apply over $name: $expected", ({ updater, expected }) => {
    const owners = new FieldOwnership();
    const applied = deployment("cfg");
    owners.record(DEPLOYMENTS, undefined, applied, {
      manager: "kubectl",
      operation: "Apply",
      apiVersion: "apps/v1",
      applied,
    });
    const repointed = deployment("cfg-123");
    owners.record(DEPLOYMENTS, applied, repointed, {
      manager: updater,
      operation: updater === "kubectl" ? "Apply" : "Update",
      apiVersion: "apps/v1",
      ...(updater === "kubectl" ? { applied: repointed } : {}),
    });
    const body = conflictOf(() => owners.checkApply(DEPLOYMENTS, repointed, applied, "kubectl", false)) as
      | { code: number; message: string; details: { causes: Array<{ field: string }> } }
      | undefined;
    expect(body?.code).toBe(expected);
    if (expected) {
      expect(body?.message).toBe(
        'Apply failed with 2 conflicts: conflicts with "config-rollout" using apps/v1:\n- .spec.template.spec.containers[name="app"].envFrom\n- .spec.template.spec.volumes[name="c"].configMap.name',
      );
      expect(body?.details.causes.map((c) => c.field)).toHaveLength(2);
      // Forced, the apply goes through; re-applying an unchanged value never conflicts.
      expect(
        conflictOf(() => owners.checkApply(DEPLOYMENTS, repointed, applied, "kubectl", true)),
      ).toBeUndefined();
      expect(
        conflictOf(() => owners.checkApply(DEPLOYMENTS, repointed, deployment("cfg-123"), "kubectl", false)),
      ).toBeUndefined();
    }
  });
});
