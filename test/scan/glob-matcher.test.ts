import picomatch from "picomatch";
import { describe, expect, test } from "vitest";
import { globMatcher } from "../../src/scan/glob-matcher.js";

const PATHS = [
  "a.yaml",
  "deploy/app.yaml",
  "deploy/app.yml",
  "deploy/app.json",
  "deploy/app.yaml.bak",
  "deploy/app.YAML",
  "deploy/yaml",
  "deploy/.yaml",
  ".hidden/app.yaml",
  "deploy/.app.yaml",
  "a/b/c/d/e/f.yaml",
  "my configs/präferenzen ☸.yaml",
  "weird\nname.yaml",
  "dir.yaml/file.txt",
  "x.yamlx",
  "kustomization.yml",
  "",
];

describe("globMatcher", () => {
  test.each([[["**/*.yaml", "**/*.yml", "**/*.json"]], [["**/*.yaml"]], [["**/*.json", "**/*.yml"]]])(
    "the default kind of globs %j, without picomatch, matches exactly what picomatch matches",
    async (globs) => {
      const ours = await globMatcher(globs, { dot: true });
      const theirs = picomatch(globs, { dot: true });
      for (const path of PATHS) expect([path, ours(path)]).toEqual([path, theirs(path)]);
    },
  );

  test("other globs go to picomatch, with and without dot", async () => {
    for (const [globs, dot] of [
      [["deploy/**", "!**/*.json"], true],
      [["**/templates/**"], true],
      [["team-*"], false],
      [["**/*.yaml"], false],
    ] as const) {
      const ours = await globMatcher(globs, { dot });
      const theirs = picomatch([...globs], { dot });
      for (const value of [...PATHS, "team-a", "team-", "prod"]) {
        expect([globs, value, ours(value)]).toEqual([globs, value, theirs(value)]);
      }
    }
  });

  test("no globs match nothing", async () => {
    expect((await globMatcher([]))("anything")).toBe(false);
  });
});
