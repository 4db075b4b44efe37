// Strategic merge patch against the oracle: `kubectl patch --local --type strategic -o json`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { strategicMerge } from "../../sim/strategic-merge.js";
import { deployment, findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();
const temp = makeTempDir("sim-smp-");
afterAll(() => temp.cleanup());

const base = deployment("web", "default") as Record<string, unknown>;
const richer = {
  ...base,
  metadata: { name: "web", namespace: "default", finalizers: ["a", "b"], labels: { app: "web", tier: "x" } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: "web" } },
    strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: 1 } },
    template: {
      metadata: { labels: { app: "web" }, annotations: { keep: "me", drop: "me" } },
      spec: {
        imagePullSecrets: [{ name: "reg1" }],
        tolerations: [{ key: "a", operator: "Exists" }],
        volumes: [
          { name: "cfg", configMap: { name: "cfg" } },
          { name: "data", emptyDir: {} },
        ],
        containers: [
          {
            name: "app",
            image: "nginx:1.27",
            args: ["--one", "--two"],
            ports: [{ containerPort: 80, name: "http" }],
            env: [
              { name: "A", value: "1" },
              { name: "B", value: "2" },
              { name: "C", valueFrom: { configMapKeyRef: { name: "cfg", key: "c" } } },
            ],
            volumeMounts: [
              { name: "cfg", mountPath: "/etc/cfg" },
              { name: "data", mountPath: "/data" },
            ],
          },
          { name: "sidecar", image: "busybox", env: [{ name: "S", value: "1" }] },
        ],
      },
    },
  },
};

const cases: { name: string; patch: unknown; original?: Record<string, unknown> }[] = [
  {
    name: "adds a pod template annotation (kubectl rollout restart)",
    patch: {
      spec: {
        template: {
          metadata: { annotations: { "kubectl.kubernetes.io/restartedAt": "2025-01-01T00:00:00Z" } },
        },
      },
    },
  },
  {
    name: "adds and updates env by name, keeping the other variables",
    patch: {
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: "app",
                env: [
                  { name: "B", value: "3" },
                  { name: "NEW", value: "x" },
                ],
              },
            ],
          },
        },
      },
    },
    original: richer,
  },
  {
    name: "leaves containers absent from the patch untouched",
    patch: { spec: { template: { spec: { containers: [{ name: "sidecar", image: "busybox:2" }] } } } },
    original: richer,
  },
  {
    name: "deletes keys set to null at any depth",
    patch: {
      metadata: { labels: { tier: null } },
      spec: {
        template: {
          metadata: { annotations: { drop: null } },
          spec: { containers: [{ name: "app", env: [{ name: "C", valueFrom: null, value: "lit" }] }] },
        },
      },
    },
    original: richer,
  },
  {
    name: "deletes a list item with $patch: delete",
    patch: {
      spec: { template: { spec: { containers: [{ name: "app", env: [{ name: "A", $patch: "delete" }] }] } } },
    },
    original: richer,
  },
  {
    name: "replaces a list with a $patch: replace item",
    patch: {
      spec: {
        template: {
          spec: { containers: [{ name: "app", env: [{ $patch: "replace" }, { name: "ONLY", value: "1" }] }] },
        },
      },
    },
    original: richer,
  },
  {
    name: "replaces a map with $patch: replace",
    patch: { spec: { template: { metadata: { annotations: { $patch: "replace", fresh: "1" } } } } },
    original: richer,
  },
  {
    name: "puts a new container before the existing ones, as the real algorithm orders it",
    patch: { spec: { template: { spec: { containers: [{ name: "new", image: "x" }] } } } },
    original: richer,
  },
  {
    name: "orders patch items first when the patch reorders existing ones",
    patch: {
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: "app",
                env: [
                  { name: "C", value: "9" },
                  { name: "X", value: "1" },
                  { name: "A", value: "0" },
                ],
              },
            ],
          },
        },
      },
    },
    original: richer,
  },
  {
    name: "merges volumes by name and volumeMounts by mountPath",
    patch: {
      spec: {
        template: {
          spec: {
            volumes: [
              { name: "cfg", configMap: { name: "cfg-v2" } },
              { name: "extra", emptyDir: {} },
            ],
            containers: [
              {
                name: "app",
                volumeMounts: [
                  { mountPath: "/data", readOnly: true },
                  { name: "extra", mountPath: "/extra" },
                ],
              },
            ],
          },
        },
      },
    },
    original: richer,
  },
  {
    name: "merges ports by containerPort",
    patch: {
      spec: {
        template: {
          spec: {
            containers: [
              { name: "app", ports: [{ containerPort: 80, protocol: "TCP" }, { containerPort: 443 }] },
            ],
          },
        },
      },
    },
    original: richer,
  },
  {
    name: "replaces lists without a merge strategy (args, tolerations)",
    patch: {
      spec: {
        template: {
          spec: {
            tolerations: [{ key: "b", operator: "Exists" }],
            containers: [{ name: "app", args: ["--three"] }],
          },
        },
      },
    },
    original: richer,
  },
  {
    name: "merges imagePullSecrets by name and finalizers as a set",
    patch: {
      metadata: { finalizers: ["b", "c"] },
      spec: { template: { spec: { imagePullSecrets: [{ name: "reg2" }] } } },
    },
    original: richer,
  },
  {
    name: "drops keys not listed in $retainKeys",
    patch: { spec: { strategy: { $retainKeys: ["type"], type: "Recreate" } } },
    original: richer,
  },
  {
    name: "orders a list by $setElementOrder",
    patch: {
      spec: {
        template: {
          spec: {
            containers: [
              { name: "app", "$setElementOrder/env": [{ name: "C" }, { name: "B" }, { name: "A" }] },
            ],
          },
        },
      },
    },
    original: richer,
  },
  {
    name: "removes values with $deleteFromPrimitiveList",
    patch: { metadata: { "$deleteFromPrimitiveList/finalizers": ["a"] } },
    original: richer,
  },
];

const configMap = {
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name: "cfg", namespace: "default" },
  data: { a: "1", b: "2" },
};

const configCases = [
  { name: "merges ConfigMap data and deletes a key with null", patch: { data: { b: null, c: "3" } } },
  { name: "replaces a ConfigMap value", patch: { data: { a: "changed" } } },
];

async function oracle(original: Record<string, unknown>, patch: unknown): Promise<unknown> {
  const file = join(temp.dir, `obj-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(original));
  const result = await runKubectl(
    kubectl as string,
    ["patch", "--local", "-f", file, "-p", JSON.stringify(patch), "--type", "strategic", "-o", "json"],
    { home: temp.dir },
  );
  if (result.code !== 0) throw new Error(`kubectl patch --local failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

describe.skipIf(!kubectl)("strategic merge patch matches kubectl patch --local", () => {
  test.each(cases)("$name", async ({ patch, original }) => {
    const obj = original ?? base;
    expect(strategicMerge(obj, patch, "Deployment")).toEqual(await oracle(obj, patch));
  });

  test.each(configCases)("$name", async ({ patch }) => {
    expect(strategicMerge(configMap, patch, "ConfigMap")).toEqual(await oracle(configMap, patch));
  });
});

describe("strategic merge patch errors", () => {
  test.each([
    {
      name: "list item without its merge key",
      patch: { spec: { template: { spec: { containers: [{ image: "x" }] } } } },
    },
    { name: "unknown $patch directive", patch: { spec: { template: { $patch: "explode" } } } },
    { name: "a patch that is not an object", patch: ["nope"] },
  ])("rejects $name", ({ patch }) => {
    expect(() => strategicMerge(base, patch, "Deployment")).toThrow();
  });

  test("does not modify its inputs", () => {
    const original = structuredClone(richer);
    const patch = {
      spec: { template: { spec: { containers: [{ name: "app", env: [{ name: "A", $patch: "delete" }] }] } } },
    };
    const patchCopy = structuredClone(patch);
    strategicMerge(original, patch, "Deployment");
    expect(original).toEqual(richer);
    expect(patch).toEqual(patchCopy);
  });
});
