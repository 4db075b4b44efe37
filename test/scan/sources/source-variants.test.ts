import { describe, expect, test } from "vitest";
import { configContentOf } from "../../../src/core/config-content.js";
import { idKey, type Manifest } from "../../../src/core/model.js";
import {
  checkVariants,
  describeVariantConflicts,
  type PlanInputs,
} from "../../../src/plan/variant-conflicts.js";
import { findConfigChanges } from "../../../src/scan/manifests/config-changes.js";
import {
  firstDifference,
  groupBySource,
  settleWorkloads,
} from "../../../src/scan/sources/source-variants.js";

const cm = (
  data: Record<string, string>,
  origin?: string,
  file = "raw.yaml",
  name = "web-config",
): Manifest => ({
  id: { kind: "ConfigMap", namespace: "prod", name },
  file,
  line: 1,
  object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "prod" }, data },
  ...(origin ? { origin } : {}),
});

const web = (options: {
  origin?: string;
  file?: string;
  image?: string;
  config?: string;
  key?: string;
}): Manifest => ({
  id: { kind: "Deployment", namespace: "prod", name: "web" },
  file: options.file ?? "web.yaml",
  line: 1,
  object: {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", namespace: "prod" },
    spec: {
      template: {
        spec: {
          containers: [
            {
              name: "app",
              image: options.image ?? "app:1",
              env: [
                {
                  name: "LEVEL",
                  valueFrom: {
                    configMapKeyRef: { name: options.config ?? "web-config", key: options.key ?? "LEVEL" },
                  },
                },
              ],
            },
          ],
        },
      },
    },
  },
  ...(options.origin ? { origin: options.origin } : {}),
});

const release = (origin: string, values: string): Manifest => ({
  id: { kind: "HelmRelease", namespace: "podinfo", name: "podinfo" },
  file: "k.yaml",
  line: 1,
  object: { kind: "HelmRelease", metadata: { name: "podinfo" }, spec: { values } },
  origin,
});

describe("groupBySource", () => {
  test("identical definitions from several sources are one object, no variant", () => {
    const grouped = groupBySource(
      [cm({ LEVEL: "a" }, "kustomize a"), cm({ LEVEL: "a" }, "kustomize b")],
      [cm({ LEVEL: "b" }, "kustomize a"), cm({ LEVEL: "b" }, "kustomize b")],
    );
    expect(grouped.head).toHaveLength(1);
    expect(grouped.base).toHaveLength(1);
    expect(grouped.variants.size).toBe(0);
  });

  test("sources that differ keep one definition per commit, from the same source, and the others as variants", () => {
    const grouped = groupBySource(
      [cm({ LEVEL: "a" }, "kustomize b"), cm({ LEVEL: "x" }, "kustomize a")],
      [cm({ LEVEL: "b" }, "kustomize b"), cm({ LEVEL: "x" }, "kustomize a")],
    );
    expect(grouped.base.map((m) => m.origin)).toEqual(["kustomize a"]);
    expect(grouped.head.map((m) => m.origin)).toEqual(["kustomize a"]);
    expect(grouped.variants.get("ConfigMap/prod/web-config")?.map((v) => v.source)).toEqual([
      "kustomize a",
      "kustomize b",
    ]);
  });

  test("a source that still defines the object at head is preferred to one that dropped it", () => {
    const grouped = groupBySource(
      [cm({ LEVEL: "a" }, "kustomize a"), cm({ LEVEL: "a" }, "kustomize b")],
      [cm({ LEVEL: "b" }, "kustomize b")],
    );
    expect(grouped.head.map((m) => m.origin)).toEqual(["kustomize b"]);
    expect(grouped.base.map((m) => m.origin)).toEqual(["kustomize b"]);
  });

  test("raw files are one source: their duplicates pass through for the duplicate warning", () => {
    const grouped = groupBySource(
      [],
      [cm({ LEVEL: "a" }, undefined, "a.yaml"), cm({ LEVEL: "b" }, undefined, "b.yaml")],
    );
    expect(grouped.head.map((m) => m.file)).toEqual(["a.yaml", "b.yaml"]);
    expect(grouped.variants.size).toBe(0);
  });
});

describe("settleWorkloads", () => {
  test("two raw files: the later path is used at both commits, and a warning names both", () => {
    const a = (image: string) => web({ file: "a.yaml", image });
    const b = web({ file: "b.yaml", image: "app:2" });
    // b.yaml is untouched: the same at both commits.
    const settled = settleWorkloads([a("app:1"), b], [a("app:1"), b]);
    expect(settled.head.map((m) => m.file)).toEqual(["b.yaml"]);
    expect(settled.base.map((m) => m.file)).toEqual(["b.yaml"]);
    expect(settled.problems.map((p) => [p.file, p.severity, p.message])).toEqual([
      [
        "b.yaml",
        "warning",
        "deployment/web (namespace prod) is also defined at a.yaml:1, with different content; `kubectl apply -R -f` applies files in path order, so this later definition (b.yaml:1) is what the cluster ends up with and what this plan reads",
      ],
    ]);
  });

  test("identical raw copies are no warning", () => {
    const settled = settleWorkloads([], [web({ file: "a.yaml" }), web({ file: "b.yaml" })]);
    expect(settled.problems).toEqual([]);
  });
});

test.each([
  [{ a: 1 }, { a: 1 }, undefined],
  [{ a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 3 }] } }, "a.b[1].c"],
  [{ a: 1 }, { a: 1, b: 2 }, "b"],
  [1, 2, "(the whole object)"],
])("firstDifference(%j, %j) = %s", (a, b, path) => {
  expect(firstDifference(a, b)).toBe(path);
});

describe("checkVariants", () => {
  /** The plan inputs a scan would hand over for these definitions. */
  const inputs = (base: Manifest[], head: Manifest[]) => {
    const configs = groupBySource(base, head);
    const found = findConfigChanges(configs.base, configs.head);
    const isWorkload = (m: Manifest) => m.id.kind === "Deployment";
    const workloads = settleWorkloads(base.filter(isWorkload), head.filter(isWorkload));
    const variants = new Map([...configs.variants].filter(([key]) => !key.startsWith("Deployment/")));
    for (const [key, list] of workloads.variants) variants.set(key, list);
    const planInputs: PlanInputs = {
      changes: found.changes,
      headContent: new Map(configs.head.map((m) => [idKey(m.id), configContentOf(m).content])),
      workloads: workloads.head,
      baseWorkloads: workloads.base,
      newWorkloadIds: new Set(),
      clusterWorkloads: [],
      restartReloaderManaged: false,
    };
    return checkVariants(planInputs, variants);
  };

  test("objects that are neither configs nor workloads never conflict: one note", () => {
    const check = inputs(
      [release("kustomize apps/staging", "a"), release("kustomize apps/production", "b")],
      [release("kustomize apps/staging", "a2"), release("kustomize apps/production", "b")],
    );
    expect(check.conflicts).toEqual([]);
    expect(check.notes).toEqual([
      "1 object(s) defined differently by several sources play no part in this plan: helmrelease/podinfo (namespace podinfo) (kustomize apps/production, kustomize apps/staging)",
    ]);
  });

  test("workloads that differ in their image but read the changed config alike: same plan, a note", () => {
    const check = inputs(
      [
        cm({ LEVEL: "a" }, "kustomize k"),
        web({ origin: "kustomize k" }),
        web({ file: "all.yaml", image: "app:9" }),
      ],
      [
        cm({ LEVEL: "b" }, "kustomize k"),
        web({ origin: "kustomize k" }),
        web({ file: "all.yaml", image: "app:9" }),
      ],
    );
    expect(check.conflicts).toEqual([]);
    expect(check.notes[0]).toContain(
      "with the same plan whichever is deployed: deployment/web (namespace prod)",
    );
  });

  test("a workload that reads the changed key in one source and another key in the other: a conflict", () => {
    const check = inputs(
      [
        cm({ LEVEL: "a", OTHER: "1" }, "kustomize k"),
        web({ origin: "kustomize k" }),
        web({ origin: "kustomize j", key: "OTHER" }),
      ],
      [
        cm({ LEVEL: "b", OTHER: "1" }, "kustomize k"),
        web({ origin: "kustomize k" }),
        web({ origin: "kustomize j", key: "OTHER" }),
      ],
    );
    expect(check.conflicts.map((c) => [c.first, c.second, c.field])).toEqual([
      ["kustomize j", "kustomize k", "spec.template.spec.containers[0].env[0].valueFrom.configMapKeyRef.key"],
    ]);
    expect(describeVariantConflicts(check.conflicts)).toBe(
      "kustomize j and kustomize k both define deployment/web (namespace prod) with different content " +
        "(spec.template.spec.containers[0].env[0].valueFrom.configMapKeyRef.key), and the plan depends on which one this cluster runs: " +
        "deployment/web restarts with kustomize k's definition and not with kustomize j's. " +
        "Say which to plan from: --kustomize DIR (render only that kustomization), --kustomize none (read raw files only) or --paths GLOBS (read only those files)",
    );
  });

  test("a changed config with other content in each source, consumed: the restart's content differs, a conflict", () => {
    const check = inputs(
      [
        cm({ LEVEL: "a" }, "kustomize overlays/prod"),
        cm({ LEVEL: "a" }, "kustomize overlays/staging"),
        web({}),
      ],
      [
        cm({ LEVEL: "b" }, "kustomize overlays/prod"),
        cm({ LEVEL: "c" }, "kustomize overlays/staging"),
        web({}),
      ],
    );
    expect(check.conflicts.map((c) => [c.first, c.second, c.field, c.effect])).toEqual([
      [
        "kustomize overlays/prod",
        "kustomize overlays/staging",
        "data.LEVEL",
        "deployment/web restarts onto different config content with each",
      ],
    ]);
  });

  test("a changed config that differs between sources but that nothing consumes: a note, not a conflict", () => {
    const check = inputs(
      [cm({ LEVEL: "a" }, "kustomize overlays/prod"), cm({ LEVEL: "a" }, "kustomize overlays/staging")],
      [cm({ LEVEL: "b" }, "kustomize overlays/prod"), cm({ LEVEL: "c" }, "kustomize overlays/staging")],
    );
    expect(check.conflicts).toEqual([]);
    expect(check.notes[0]).toContain("configmap/web-config (namespace prod)");
  });

  test("a workload whose template changed in one source and not in the other: one restarts it, a conflict", () => {
    const check = inputs(
      [
        cm({ LEVEL: "a" }, "kustomize k"),
        web({ origin: "kustomize k" }),
        web({ origin: "kustomize j", image: "app:1" }),
      ],
      [
        cm({ LEVEL: "b" }, "kustomize k"),
        web({ origin: "kustomize k" }),
        web({ origin: "kustomize j", image: "app:2" }),
      ],
    );
    expect(check.conflicts[0]?.effect).toBe(
      "deployment/web restarts with kustomize k's definition and not with kustomize j's",
    );
    expect(check.conflicts[0]?.field).toBe("spec.template.spec.containers[0].image");
  });
});
