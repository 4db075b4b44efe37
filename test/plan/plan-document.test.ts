// The plan file's schema, pure: what parses, and that every refusal names the file and the field.
import { describe, expect, test } from "vitest";
import {
  configDigest,
  type PlanDocument,
  parsePlanDocument,
  sealPlan,
} from "../../src/plan/plan-document.js";

const SHA = "a".repeat(40);
const id = { kind: "ConfigMap", namespace: "shop", name: "web-config" };

function plan(): PlanDocument {
  return sealPlan({
    apiVersion: "config-rollout.io/v1",
    kind: "Plan",
    base: SHA,
    head: "b".repeat(40),
    strategy: "annotation",
    configs: [
      {
        id,
        status: "modified",
        file: "k8s/web.yaml",
        line: 1,
        keys: ["LOG_LEVEL"],
        digest: configDigest(id, { LOG_LEVEL: "ZGVidWc=" }),
      },
    ],
    workloads: [
      {
        id: { kind: "Deployment", namespace: "shop", name: "web" },
        source: "repo",
        reason: "consumes configmap/web-config",
        references: [],
        change: { annotation: "config-rollout.io/config-hash", hash: "c".repeat(64) },
      },
    ],
  });
}

/** A plan edited, then sealed again: only the field check can refuse it. */
function resealed(edit: (p: Record<string, unknown>) => void): string {
  const { digest: _digest, ...body } = plan();
  const value = structuredClone(body) as unknown as Record<string, unknown>;
  edit(value);
  return JSON.stringify(sealPlan(value as unknown as Omit<PlanDocument, "digest">));
}

test("a sealed plan parses back to itself", () => {
  expect(parsePlanDocument(JSON.stringify(plan()), "plan.json")).toEqual(plan());
});

test("the digest covers every field: any edit is refused", () => {
  const edited = plan();
  edited.workloads[0]!.reason = "edited";
  expect(() => parsePlanDocument(JSON.stringify(edited), "plan.json")).toThrow(
    "plan.json: the plan does not match its digest",
  );
});

test("a config's digest depends on its content, and is keyed for a Secret", () => {
  expect(configDigest(id, { K: "YQ==" })).not.toBe(configDigest(id, { K: "Yg==" }));
  const key = Buffer.from("k");
  expect(configDigest(id, { K: "YQ==" }, key)).toMatch(/^hmac-sha256:/);
  expect(configDigest(id, { K: "YQ==" }, key)).not.toBe(
    configDigest(id, { K: "YQ==" }, Buffer.from("other")),
  );
});

describe("refusals name the field", () => {
  test.each([
    [
      "apiVersion",
      (p: Record<string, unknown>) => void Object.assign(p, { apiVersion: "v9" }),
      'unknown plan apiVersion "v9"',
    ],
    ["kind", (p: Record<string, unknown>) => void Object.assign(p, { kind: "Report" }), "kind must be"],
    [
      "head",
      (p: Record<string, unknown>) => void Object.assign(p, { head: "main" }),
      "head must be a full commit SHA",
    ],
    [
      "strategy",
      (p: Record<string, unknown>) => void Object.assign(p, { strategy: "magic" }),
      "strategy must be",
    ],
    [
      "a config's id",
      (p: Record<string, unknown>) =>
        void Object.assign((p.configs as object[])[0]!, { id: { kind: "ConfigMap" } }),
      "configs[0].id.namespace",
    ],
    [
      "a digest",
      (p: Record<string, unknown>) => void Object.assign((p.configs as object[])[0]!, { digest: "md5:1" }),
      "configs[0].digest",
    ],
    [
      "a workload's change",
      (p: Record<string, unknown>) => void Object.assign((p.workloads as object[])[0]!, { change: {} }),
      "workloads[0].change",
    ],
  ])("%s", (_name, edit, message) => {
    expect(() => parsePlanDocument(resealed(edit), "plan.json")).toThrow(message);
  });
});

// Issue 32: 100,000 nested arrays parse, then the checks or the digest's walk overflow the stack.
describe("nesting depth", () => {
  const nested = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  const withExtra = (extra: string) => JSON.stringify(plan()).replace(/}$/, `,"extra":${extra}}`);

  test("100,000 nested arrays: a refusal naming the file and the limit, not a stack overflow", () => {
    expect(() => parsePlanDocument(withExtra(nested(100_000)), "plan.json")).toThrow(
      /^plan\.json: not a plan file: nested more than 64 levels deep/,
    );
  });

  test("brackets inside strings do not count; a plan config-rollout writes parses", () => {
    const text = JSON.stringify(plan()).replace('"k8s/web.yaml"', `"${"[{".repeat(100)}\\"]"`);
    expect(() => parsePlanDocument(text, "plan.json")).not.toThrow(/nested/);
    expect(parsePlanDocument(JSON.stringify(plan()), "plan.json").kind).toBe("Plan");
  });
});
