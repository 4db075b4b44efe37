// The quick starts a reader copies are the files the tests run, not copies of them: a block marked
// `<!-- example: PATH -->` is byte for byte that file (test/gitlab/quick-starts.test.ts runs the GitLab
// ones in gitlab-ci-local, test/action/release-layout.test.ts the GitHub one's inputs).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const DOCUMENTS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Each marked block: the file it names and the block's text. */
function examplesIn(markdown: string): Array<{ file: string; block: string }> {
  return [...markdown.matchAll(/<!-- example: (\S+) -->\n```[a-z]*\n([\s\S]*?)```/g)].map((m) => ({
    file: m[1]!,
    block: m[2]!,
  }));
}

const BLOCKS = DOCUMENTS.flatMap((document) =>
  examplesIn(readFileSync(join(ROOT, document), "utf8")).map(
    ({ file, block }) => [document, file, block] as const,
  ),
);

test.each(BLOCKS)("%s shows %s as it is", (_document, file, block) => {
  expect(block).toBe(readFileSync(join(ROOT, file), "utf8"));
});

test("the README's quick starts are the tested example files", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  expect(examplesIn(readme).map((e) => e.file)).toEqual([
    "examples/github/quick-start.yml",
    "examples/gitlab/quick-start.gitlab-ci.yml",
    "examples/gitlab/component.gitlab-ci.yml",
  ]);
  // Every yaml block of the quick starts is one of them.
  const quickStarts = readme.slice(readme.indexOf("## Quick starts"), readme.indexOf("### CLI"));
  expect(quickStarts.match(/```yaml/g)).toHaveLength(3);
});

test("a marked block that differs from its file is caught", () => {
  const [example] = examplesIn("<!-- example: a.yml -->\n```yaml\nx: 1\n```\n");
  expect(example).toEqual({ file: "a.yml", block: "x: 1\n" });
});
