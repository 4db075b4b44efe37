import { describe, expect, test } from "vitest";
import {
  referenceSites,
  repointMergePatch,
  repointPodSpec,
  repointStrategicPatch,
} from "../../../src/rollout/versioned/repoint.js";

const TEMPLATE = ["spec", "template"];

/** A pod spec naming `cm` and `sec` at every kind of site. */
function podSpec(cm = "cfg", sec = "sec") {
  return {
    volumes: [
      { name: "files", configMap: { name: cm, items: [{ key: "a", path: "a" }], defaultMode: 420 } },
      { name: "creds", secret: { secretName: sec } },
      {
        name: "both",
        projected: {
          sources: [{ configMap: { name: cm } }, { secret: { name: sec } }, { downwardAPI: { items: [] } }],
        },
      },
      { name: "scratch", emptyDir: {} },
    ],
    initContainers: [{ name: "init", image: "i", envFrom: [{ configMapRef: { name: cm } }] }],
    containers: [
      {
        name: "app",
        image: "a",
        envFrom: [{ secretRef: { name: sec } }, { configMapRef: { name: "unrelated" } }],
        env: [
          { name: "PLAIN", value: "1" },
          { name: "LEVEL", valueFrom: { configMapKeyRef: { name: cm, key: "level", optional: true } } },
          { name: "PASSWORD", valueFrom: { secretKeyRef: { name: sec, key: "password" } } },
        ],
      },
    ],
    ephemeralContainers: [{ name: "debug", image: "d", envFrom: [{ configMapRef: { name: cm } }] }],
  };
}

const rename = (site: { configKind: string; name: string }) =>
  site.configKind === "ConfigMap" && site.name === "cfg"
    ? "cfg-1111111111"
    : site.configKind === "Secret" && site.name === "sec"
      ? "sec-2222222222"
      : undefined;

describe("reference sites", () => {
  test("every place a pod spec names a config, init and ephemeral containers included", () => {
    expect(referenceSites(podSpec()).map((s) => `${s.path} ${s.configKind}/${s.name}`)).toEqual([
      "volumes[files].configMap ConfigMap/cfg",
      "volumes[creds].secret Secret/sec",
      "volumes[both].sources[0].configMap ConfigMap/cfg",
      "volumes[both].sources[1].secret Secret/sec",
      "initContainers[init].envFrom[0].configMapRef ConfigMap/cfg",
      "containers[app].envFrom[0].secretRef Secret/sec",
      "containers[app].envFrom[1].configMapRef ConfigMap/unrelated",
      "containers[app].env[LEVEL].configMapKeyRef ConfigMap/cfg",
      "containers[app].env[PASSWORD].secretKeyRef Secret/sec",
      "ephemeralContainers[debug].envFrom[0].configMapRef ConfigMap/cfg",
    ]);
  });

  test.each([[undefined], [null], ["text"], [{ volumes: "x", containers: [null, { name: "c", env: 3 }] }]])(
    "a malformed pod spec (%j) has no sites",
    (spec) => {
      expect(referenceSites(spec)).toEqual([]);
    },
  );

  test("a ConfigMap and a Secret of the same name are told apart", () => {
    const spec = podSpec("same", "same");
    const changed = repointPodSpec(spec, (s) => (s.configKind === "Secret" ? "same-copy" : undefined));
    expect(changed.changes.every((c) => c.configKind === "Secret")).toBe(true);
    expect(changed.changes).toHaveLength(4);
  });
});

describe("repointing", () => {
  test("renames every site of the changed configs and nothing else; the input is left alone", () => {
    const original = podSpec();
    const before = JSON.stringify(original);
    const result = repointPodSpec(original, rename);
    expect(JSON.stringify(original)).toBe(before);
    expect(result.changes).toHaveLength(9);
    expect(result.spec).toEqual(podSpec("cfg-1111111111", "sec-2222222222"));
  });

  test("a site already on the copy is not a change", () => {
    expect(repointPodSpec(podSpec("cfg-1111111111", "sec-2222222222"), rename).changes).toEqual([]);
  });

  test("the strategic merge patch names items by merge key and keeps their other fields out", () => {
    const patch = repointStrategicPatch(repointPodSpec(podSpec(), rename), TEMPLATE);
    expect(patch).toEqual({
      spec: {
        template: {
          spec: {
            volumes: [
              { name: "files", configMap: { name: "cfg-1111111111" } },
              { name: "creds", secret: { secretName: "sec-2222222222" } },
              // No merge key in projected sources: the list goes whole, the downward API source with it.
              {
                name: "both",
                projected: {
                  sources: [
                    { configMap: { name: "cfg-1111111111" } },
                    { secret: { name: "sec-2222222222" } },
                    { downwardAPI: { items: [] } },
                  ],
                },
              },
            ],
            initContainers: [{ name: "init", envFrom: [{ configMapRef: { name: "cfg-1111111111" } }] }],
            containers: [
              {
                name: "app",
                // envFrom is atomic too: sent whole, the unrelated entry kept.
                envFrom: [{ secretRef: { name: "sec-2222222222" } }, { configMapRef: { name: "unrelated" } }],
                env: [
                  {
                    name: "LEVEL",
                    valueFrom: { configMapKeyRef: { name: "cfg-1111111111", key: "level", optional: true } },
                  },
                  {
                    name: "PASSWORD",
                    valueFrom: { secretKeyRef: { name: "sec-2222222222", key: "password" } },
                  },
                ],
              },
            ],
            ephemeralContainers: [{ name: "debug", envFrom: [{ configMapRef: { name: "cfg-1111111111" } }] }],
          },
        },
      },
    });
  });

  test("the merge patch (custom resources) carries whole lists and the resourceVersion", () => {
    const live = { metadata: { resourceVersion: "42" }, spec: { template: { spec: podSpec() } } };
    const repointed = repointPodSpec(podSpec(), (s) =>
      s.path.startsWith("volumes[files]") ? "cfg-1" : undefined,
    );
    expect(repointMergePatch(repointed, live, TEMPLATE)).toEqual({
      metadata: { resourceVersion: "42" },
      spec: { template: { spec: { volumes: repointed.spec.volumes } } },
    });
    expect((repointed.spec.volumes as unknown[]).length).toBe(4);
  });

  test("an unnamed container cannot be patched by merge key: a clear error", () => {
    const spec = { containers: [{ image: "x", envFrom: [{ configMapRef: { name: "cfg" } }] }] };
    expect(() => repointStrategicPatch(repointPodSpec(spec, rename), TEMPLATE)).toThrow(/has no name/);
  });
});
