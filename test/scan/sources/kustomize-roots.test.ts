import { describe, expect, test } from "vitest";
import { deployedDirsOf } from "../../../src/scan/gitops/deployed-dirs.js";
import { readKustomizationFile } from "../../../src/scan/sources/kustomization-file.js";
import { buildKustomizeGraph } from "../../../src/scan/sources/kustomize-graph.js";
import { chooseRoots, type RootRules, rootsWithout } from "../../../src/scan/sources/kustomize-roots.js";

function choose(files: Record<string, string>, rules: Partial<RootRules> = {}) {
  const ks = Object.entries(files).map(([path, text]) => readKustomizationFile(path, text));
  return chooseRoots(ks, buildKustomizeGraph(ks), { deployedDirs: new Set(), ...rules });
}

describe("chooseRoots", () => {
  test("kustomizations under test, example and docs directories are left out and listed", () => {
    const choice = choose({
      "overlays/prod/kustomization.yaml": "resources: [../../base]\n",
      "base/kustomization.yaml": "resources: [a.yaml]\n",
      "examples/demo/kustomization.yaml": "resources: [../../base]\n",
      "pkg/testdata/app/kustomization.yaml": "resources: [a.yaml]\n",
      "kustomize/tests/all/kustomization.yaml": "resources: [../../../base]\n",
      "docs/site/kustomization.yaml": "resources: [a.yaml]\n",
      "hack/dev/kustomization.yaml": "resources: [a.yaml]\n",
      "e2e/kustomization.yaml": "resources: [a.yaml]\n",
      "contest/kustomization.yaml": "resources: [a.yaml]\n",
    });
    expect(choice.roots).toEqual(["contest", "overlays/prod"]);
    expect(choice.notDeployed).toEqual([
      "docs/site",
      "e2e",
      "examples/demo",
      "hack/dev",
      "kustomize/tests/all",
      "pkg/testdata/app",
    ]);
  });

  test("an explicit --paths discovers only what it matches; a glob naming a test directory brings it in", () => {
    const files = {
      "k8s/prod/kustomization.yaml": "resources: [a.yaml]\n",
      "k8s/tests/smoke/kustomization.yaml": "resources: [a.yaml]\n",
      "other/dev/kustomization.yaml": "resources: [a.yaml]\n",
    };
    const under = (prefix: string) => (path: string) => path.startsWith(prefix);
    expect(choose(files, { paths: { matches: under("k8s/"), globs: ["k8s/**"] } })).toEqual({
      roots: ["k8s/prod"],
      notDeployed: ["k8s/tests/smoke"],
    });
    expect(
      choose(files, { paths: { matches: under("k8s/"), globs: ["k8s/tests/**", "k8s/prod/**"] } }),
    ).toEqual({
      roots: ["k8s/prod", "k8s/tests/smoke"],
      notDeployed: [],
    });
  });

  test("an included kustomization is a root only when it is visibly deployed on its own", () => {
    const files = {
      // Its own namespace, replaced by every includer: deployed on its own too.
      "app/kustomization.yaml": "namespace: app\nresources: [a.yaml]\n",
      "preview/kustomization.yaml": "namespace: preview\nresources: [../app]\n",
      // Its includer keeps the namespace: the two are alternatives.
      "svc/kustomization.yaml": "namespace: svc\nresources: [a.yaml]\n",
      "svc-prod/kustomization.yaml": "resources: [../svc]\n",
      // A shared base, whatever its namespace.
      "apps/base/podinfo/kustomization.yaml": "namespace: podinfo\nresources: [a.yaml]\n",
      "apps/prod/kustomization.yaml": "namespace: prod\nresources: [../base/podinfo]\n",
      // No namespace of its own, but a GitOps object deploys it.
      "apps/web/kustomization.yaml": "resources: [a.yaml]\n",
      "apps/all/kustomization.yaml": "namespace: all\nresources: [../web]\n",
    };
    expect(choose(files).roots).toEqual(["app", "apps/all", "apps/prod", "preview", "svc-prod"]);
    expect(choose(files, { deployedDirs: new Set(["apps/web"]) }).roots).toContain("apps/web");
  });

  test("what only test or example kustomizations include is planned on its own, once", () => {
    const files = {
      // The documented install entry includes every component; it is not planned itself.
      "example/kustomization.yaml": "resources: [../apps/web, ../common/dex/overlays/ldap, ../common/cm]\n",
      "apps/web/kustomization.yaml": "resources: [a.yaml]\n",
      "common/dex/base/kustomization.yaml": "resources: [a.yaml]\n",
      "common/dex/overlays/ldap/kustomization.yaml": "resources: [../../base]\n",
      "common/cm/kustomization.yaml": "resources: [a.yaml]\n",
      // Included by a test and by a planned overlay: planned through the overlay only.
      "common/cm-prod/kustomization.yaml": "resources: [../cm]\n",
      "tests/e2e/kustomization.yaml": "resources: [../../example, ../../common/cm]\n",
    };
    expect(choose(files)).toEqual({
      roots: ["apps/web", "common/cm-prod", "common/dex/overlays/ldap"],
      notDeployed: ["tests/e2e"],
    });
    // A glob naming the example plans it, and then what it includes is planned through it.
    expect(
      choose(files, { paths: { matches: () => true, globs: ["example/**", "apps/**", "common/**"] } }),
    ).toEqual({ roots: ["common/cm-prod", "example"], notDeployed: ["tests/e2e"] });
  });

  test("with --paths, an includer it leaves out does not hide a kustomization it matches", () => {
    const files = {
      "base/kustomization.yaml": "resources: [a.yaml]\n",
      "overlays/prod/kustomization.yaml": "resources: [../../base]\n",
    };
    const matches = (path: string) => path.startsWith("base/");
    expect(choose(files, { paths: { matches, globs: ["base/**"] } }).roots).toEqual(["base"]);
  });
});

describe("deployedDirsOf", () => {
  test("Flux Kustomizations and Argo CD Applications and ApplicationSets name the directories they deploy", () => {
    const dirs = deployedDirsOf([
      {
        apiVersion: "kustomize.toolkit.fluxcd.io/v1",
        kind: "Kustomization",
        spec: { path: "./apps/prod/" },
      },
      { apiVersion: "argoproj.io/v1alpha1", kind: "Application", spec: { source: { path: "guestbook" } } },
      {
        apiVersion: "argoproj.io/v1alpha1",
        kind: "Application",
        spec: { sources: [{ path: "a/one" }, { chart: "x" }, { path: "../out" }] },
      },
      {
        apiVersion: "argoproj.io/v1alpha1",
        kind: "ApplicationSet",
        spec: { template: { spec: { source: { path: "{{path}}" } } } },
      },
      {
        apiVersion: "argoproj.io/v1alpha1",
        kind: "ApplicationSet",
        spec: { template: { spec: { source: { path: "sets/fixed" } } } },
      },
      // A kustomize.config.k8s.io Kustomization is not a GitOps object.
      { apiVersion: "kustomize.config.k8s.io/v1beta1", kind: "Kustomization", spec: { path: "nope" } },
      { apiVersion: "argoproj.io/v1alpha1", kind: "Rollout", spec: { source: { path: "nope2" } } },
    ]);
    expect(dirs).toEqual(["a/one", "apps/prod", "guestbook", "sets/fixed"]);
  });
});

describe("rootsWithout: what only broken kustomizations include, planned on its own", () => {
  const ks = new Map(
    Object.entries({
      "overlays/prod/kustomization.yaml": "resources: [../../mid]\n",
      "overlays/dev/kustomization.yaml": "resources: [../../mid]\n",
      "mid/kustomization.yaml": "resources: [../base]\n",
      "base/kustomization.yaml": "resources: [a.yaml]\n",
      "other/kustomization.yaml": "resources: [../base]\n",
    }).map(([path, text]) => {
      const k = readKustomizationFile(path, text);
      return [k.dir, k] as const;
    }),
  );
  const rules = { deployedDirs: new Set<string>() };
  const planned = new Set(["other", "overlays/dev", "overlays/prod"]);

  test("one includer broken, another builds: nothing new", () => {
    expect(rootsWithout(new Set(["overlays/prod"]), [ks], rules, planned)).toEqual([]);
  });

  test("every includer broken: the next level down, not what it includes in turn", () => {
    expect(rootsWithout(new Set(["overlays/dev", "overlays/prod"]), [ks], rules, planned)).toEqual([
      { dir: "mid", brokenIncluders: ["overlays/dev", "overlays/prod"] },
    ]);
  });
});
