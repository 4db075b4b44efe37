import { describe, expect, test } from "vitest";
import { joinPath, readKustomizationFile } from "../../../src/scan/sources/kustomization-file.js";
import { kustomizationDirOf } from "../../../src/scan/sources/kustomization-names.js";
import { buildKustomizeGraph, kustomizationsUnder } from "../../../src/scan/sources/kustomize-graph.js";

describe("readKustomizationFile", () => {
  test("collects every local input and leaves remote ones out", () => {
    const k = readKustomizationFile(
      "overlays/prod/kustomization.yaml",
      `
resources:
  - ../../base
  - extra.yaml
  - https://github.com/org/repo//deploy?ref=v1
  - github.com/org/repo/deploy
  - /etc/passwd
components: [../../components/tls]
patches:
  - path: patch.yaml
  - patch: |-
      - op: add
patchesStrategicMerge:
  - smp.yaml
  - |-
    apiVersion: v1
patchesJson6902:
  - path: json.yaml
configMapGenerator:
  - name: web-config
    files: [app.properties, key=conf/other.txt]
    envs: [app.env]
secretGenerator:
  - name: db
    env: db.env
replacements:
  - path: repl.yaml
crds: [crd.yaml]
`,
    );
    expect(k.dir).toBe("overlays/prod");
    expect(k.entries).toEqual(["base", "overlays/prod/extra.yaml", "components/tls"]);
    expect(k.patchFiles).toEqual([
      "overlays/prod/smp.yaml",
      "overlays/prod/json.yaml",
      "overlays/prod/patch.yaml",
    ]);
    expect(k.files).toEqual(
      expect.arrayContaining([
        "overlays/prod/app.properties",
        "overlays/prod/conf/other.txt",
        "overlays/prod/app.env",
        "overlays/prod/db.env",
        "overlays/prod/repl.yaml",
        "overlays/prod/crd.yaml",
      ]),
    );
    expect(k.generators).toEqual([
      {
        kind: "ConfigMap",
        name: "web-config",
        files: ["overlays/prod/app.properties", "overlays/prod/conf/other.txt", "overlays/prod/app.env"],
      },
      { kind: "Secret", name: "db", files: ["overlays/prod/db.env"] },
    ]);
  });

  test.each([
    ["kustomization.yaml", ""],
    ["a/b/kustomization.yml", "a/b"],
    ["a/Kustomization", "a"],
    ["a/kustomization.json", undefined],
    ["a/my-kustomization.yaml", undefined],
  ])("%s is a kustomization in %s", (path, dir) => {
    expect(kustomizationDirOf(path)).toBe(dir);
  });

  test.each([
    ["a/b", "../c", "a/c"],
    ["a", "./x/../y.yaml", "a/y.yaml"],
    ["", "../../outside", "../../outside"],
  ])("joinPath(%s, %s) = %s", (dir, rel, joined) => {
    expect(joinPath(dir, rel)).toBe(joined);
  });

  test("a file that does not parse is still a kustomization, with its problem", () => {
    const k = readKustomizationFile("x/kustomization.yaml", "resources: [a\n");
    expect(k.problem).toBeDefined();
    expect(k.entries).toEqual([]);
  });
});

describe("buildKustomizeGraph", () => {
  const files = {
    "base/kustomization.yaml": "resources: [deployment.yaml, cm.yaml]\n",
    "components/tls/kustomization.yaml": "kind: Component\npatches: [{path: tls.yaml}]\n",
    "overlays/prod/kustomization.yaml":
      "resources: [../../base]\ncomponents: [../../components/tls]\npatches: [{path: p.yaml}]\n",
    "overlays/staging/kustomization.yaml": "resources: [../../base]\n",
    "loop/a/kustomization.yaml": "resources: [../b]\n",
    "loop/b/kustomization.yaml": "resources: [../a]\n",
  };
  const ks = Object.entries(files).map(([path, text]) => readKustomizationFile(path, text));
  const graph = buildKustomizeGraph(ks);

  test("roots are the kustomizations nobody includes, components excluded", () => {
    expect(graph.roots).toEqual(["overlays/prod", "overlays/staging"]);
  });

  test.each([
    [
      "overlays/prod",
      [
        "overlays/prod/kustomization.yaml",
        "overlays/prod/p.yaml",
        "base/kustomization.yaml",
        "base/deployment.yaml",
        "base/cm.yaml",
        "components/tls/kustomization.yaml",
        "components/tls/tls.yaml",
      ],
    ],
    [
      "overlays/staging",
      [
        "overlays/staging/kustomization.yaml",
        "base/kustomization.yaml",
        "base/deployment.yaml",
        "base/cm.yaml",
      ],
    ],
    ["loop/a", ["loop/a/kustomization.yaml", "loop/b/kustomization.yaml"]],
  ])("inputs of %s, transitively", (dir, inputs) => {
    expect([...graph.inputsOf(dir)].sort()).toEqual([...inputs].sort());
  });

  test("owned files cover every tree; a file outside is not owned", () => {
    expect(graph.ownedFiles.has("base/cm.yaml")).toBe(true);
    expect(graph.ownedFiles.has("components/tls/tls.yaml")).toBe(true);
    expect(graph.ownedFiles.has("raw/app.yaml")).toBe(false);
  });

  test("kustomizationsUnder walks the includes, the root first", () => {
    expect(kustomizationsUnder("overlays/prod", ks).map((k) => k.dir)).toEqual([
      "overlays/prod",
      "base",
      "components/tls",
    ]);
  });
});
