import { describe, expect, test } from "vitest";
import { blobPathsOfLsTree, parseLsTree } from "../../src/git/parse-ls-tree.js";

const OID = "0123456789abcdef0123456789abcdef01234567";
const record = (type: string, path: string) =>
  `${type === "commit" ? "160000" : type === "tree" ? "040000" : "100644"} ${type} ${OID}\t${path}\0`;
const listing = [
  record("blob", "kustomization.yaml"),
  record("blob", "apps/web/kustomization.yaml"),
  record("blob", "apps/web/deployment.yaml"),
  record("blob", "charts/api/Chart.yaml"),
  record("blob", "charts/api/templates/deployment.yaml"),
  // A directory so named, a file whose name only ends with the name, a tab inside a name, a submodule.
  record("blob", "kustomization.yaml/notes.txt"),
  record("blob", "apps/old-kustomization.yaml"),
  record("blob", "apps/a\tkustomization.yaml"),
  record("commit", "vendor/Chart.yaml"),
  record("blob", "overlays/prod/Kustomization"),
].join("");

describe("blobPathsOfLsTree", () => {
  test("without names: every blob, in listing order, submodules left out", () => {
    const all = blobPathsOfLsTree(listing);
    expect(all).toHaveLength(9);
    expect(all).not.toContain("vendor/Chart.yaml");
    expect(all).toEqual(
      parseLsTree(listing)
        .filter((e) => e.type === "blob")
        .map((e) => e.path),
    );
  });

  test("with base names: exactly the blobs so named, at any depth, in listing order", () => {
    const names = ["kustomization.yaml", "kustomization.yml", "Kustomization", "Chart.yaml", "Chart.yml"];
    expect(blobPathsOfLsTree(listing, names)).toEqual([
      "kustomization.yaml",
      "apps/web/kustomization.yaml",
      "charts/api/Chart.yaml",
      "overlays/prod/Kustomization",
    ]);
  });

  test("names are matched literally and output without a final NUL still counts its last entry", () => {
    const text = `${record("blob", "a/x.y")}${record("blob", "b/xzy")}`.slice(0, -1);
    expect(blobPathsOfLsTree(text, ["x.y"])).toEqual(["a/x.y"]);
    expect(blobPathsOfLsTree(text, ["xzy"])).toEqual(["b/xzy"]);
    expect(blobPathsOfLsTree(text, [])).toEqual([]);
  });

  test("unexpected output is an error, not a silent skip", () => {
    expect(() => blobPathsOfLsTree("garbage\0")).toThrow(/unexpected git ls-tree output/);
    expect(() => blobPathsOfLsTree("garbage/Chart.yaml\0", ["Chart.yaml"])).toThrow(
      /unexpected git ls-tree output/,
    );
  });
});
