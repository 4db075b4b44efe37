// The documentation holds together: every relative link of the README, the top-level documents and
// docs/ points at a file that exists, and every #anchor at a heading of its target (GitHub's slugs);
// the README stays a front page (what and why, the quick starts, links), not a manual.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, test } from "vitest";
import { anchorsOf, linksOf } from "../helpers/markdown-links.js";

const ROOT = resolve(import.meta.dirname, "../..");
const DOCUMENTS = [
  "README.md",
  "CONTRIBUTING.md",
  "CHANGELOG.md",
  "SECURITY.md",
  ...readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Every (document, link) pair: one test each, so a document without links adds none. */
const LINKS = DOCUMENTS.flatMap((document) =>
  linksOf(readFileSync(join(ROOT, document), "utf8")).map((link) => [document, link] as const),
);

test.each(LINKS)("%s links to %s, which exists", (document, link) => {
  const [path, anchor] = link.split("#") as [string, string | undefined];
  const target = path === "" ? join(ROOT, document) : resolve(dirname(join(ROOT, document)), path);
  expect(
    existsSync(target),
    `${document}: ${link} names ${relative(ROOT, target)}, which does not exist`,
  ).toBe(true);
  if (anchor !== undefined && target.endsWith(".md")) {
    const anchors = anchorsOf(readFileSync(target, "utf8"));
    expect(anchors.has(anchor), `${document}: #${anchor} is no heading of ${relative(ROOT, target)}`).toBe(
      true,
    );
  }
});

test("the checker sees a broken link and a missing anchor", () => {
  expect(linksOf("see [x](docs/none.md) and `[y](z.md)`\n```\n[w](v.md)\n```")).toEqual(["docs/none.md"]);
  // A link whose text wraps onto the next line is still a link.
  expect(linksOf("as [Plan once,\napply many](docs/fleets.md#plan) says")).toEqual(["docs/fleets.md#plan"]);
  expect(anchorsOf("# A `b` title\n## Plan once, apply many\n## Plan once, apply many")).toEqual(
    new Set(["a-b-title", "plan-once-apply-many", "plan-once-apply-many-1"]),
  );
});

test("the docs pages that messages, templates and examples send a reader to exist", () => {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
    );
  const named = [
    ...walk("src"),
    ...walk("examples"),
    ...walk("templates"),
    "action.yml",
    ".gitlab-ci-template.yml",
  ]
    .flatMap((file) => [
      ...readFileSync(join(ROOT, file), "utf8").matchAll(/(?<![\w/.-])docs\/[\w-]+\.md\b/g),
    ])
    .map((match) => match[0]);
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((page) => !existsSync(join(ROOT, page)))).toEqual([]);
});

test("the README is a front page: at most 300 lines", () => {
  const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length;
  expect(lines).toBeLessThanOrEqual(300);
});

test("SECURITY.md is the policy and how to report, at most 120 lines; the threat model is in docs/security.md", () => {
  const policy = readFileSync(join(ROOT, "SECURITY.md"), "utf8");
  expect(policy.split("\n").length).toBeLessThanOrEqual(120);
  expect(policy).toContain("## Reporting a vulnerability");
  expect(policy).toContain("(docs/security.md#threat-model)");
  expect(anchorsOf(readFileSync(join(ROOT, "docs/security.md"), "utf8")).has("threat-model")).toBe(true);
});
