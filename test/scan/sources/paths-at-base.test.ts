import { expect, test } from "vitest";
import { type PathChange, pathsAtBase } from "../../../src/scan/sources/paths-at-base.js";

const relevant = (p: string) => p.endsWith("kustomization.yaml");

test.each<[string, string[], PathChange[], string[], string[]]>([
  [
    "unchanged files are at base as they are at head",
    ["a/kustomization.yaml"],
    [],
    ["a/kustomization.yaml"],
    [],
  ],
  [
    "an added file is not at base",
    ["a/kustomization.yaml", "b/kustomization.yaml"],
    [{ status: "A", path: "b/kustomization.yaml" }],
    ["a/kustomization.yaml"],
    [],
  ],
  [
    "a deleted file is at base only, and read there",
    [],
    [{ status: "D", path: "old/kustomization.yaml" }],
    ["old/kustomization.yaml"],
    ["old/kustomization.yaml"],
  ],
  [
    "a modified file is read at base",
    ["a/kustomization.yaml"],
    [{ status: "M", path: "a/kustomization.yaml" }],
    ["a/kustomization.yaml"],
    ["a/kustomization.yaml"],
  ],
  [
    "a rename is the old path at base",
    ["new/kustomization.yaml"],
    [{ status: "R", path: "new/kustomization.yaml", oldPath: "old/kustomization.yaml" }],
    ["old/kustomization.yaml"],
    ["old/kustomization.yaml"],
  ],
  [
    "a copy leaves the source at both commits",
    ["a/kustomization.yaml", "b/kustomization.yaml"],
    [{ status: "C", path: "b/kustomization.yaml", oldPath: "a/kustomization.yaml" }],
    ["a/kustomization.yaml"],
    [],
  ],
  [
    "other files are left out",
    ["a/kustomization.yaml"],
    [{ status: "D", path: "a/cm.yaml" }],
    ["a/kustomization.yaml"],
    [],
  ],
])("%s", (_label, head, changes, paths, differ) => {
  const base = pathsAtBase(head, changes, relevant);
  expect(base.paths).toEqual(paths);
  expect([...base.differ]).toEqual(differ);
});
