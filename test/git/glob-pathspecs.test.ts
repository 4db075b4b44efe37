import { expect, test } from "vitest";
import { createGit } from "../../src/git/create-git.js";
import { globsToPathspecs } from "../../src/git/glob-pathspecs.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { GIT_OPTIONS } from "../helpers/settings.js";

test.each([
  [
    ["**/*.yaml", "**/*.yml"],
    [":(glob)**/*.yaml", ":(glob)**/*.yml"],
  ],
  [["k8s/**/*.yaml"], [":(glob)k8s/**/*.yaml"]],
  [["**/*.{yaml,yml}"], undefined],
  [["!**/templates/**"], undefined],
  [[], undefined],
])("%j", (globs, pathspecs) => {
  expect(globsToPathspecs(globs)).toEqual(pathspecs);
});

test("git grep with those pathspecs finds what picomatch's reading of the globs finds, at the root too", async () => {
  const repo = await createTempRepo();
  try {
    for (const path of ["a.yaml", "deep/dir/b.yaml", "src/app.ts", "k8s/c.yml", "notes.txt"]) {
      await repo.write(path, "name: app-config\n");
    }
    const head = await repo.commit("files");
    const git = await createGit(repo.dir, GIT_OPTIONS);
    const found = await git.grepFiles(head, ["app-config"], globsToPathspecs(["**/*.yaml", "**/*.yml"]));
    expect(found.sort()).toEqual(["a.yaml", "deep/dir/b.yaml", "k8s/c.yml"]);
  } finally {
    await repo.cleanup();
  }
});
