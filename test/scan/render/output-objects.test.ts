import { describe, expect, test } from "vitest";
import {
  createDocumentParser,
  type DocumentCache,
  splitDocuments,
} from "../../../src/scan/render/output-objects.js";

const cm = (name: string, value: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  K: "${value}"\n`;

describe("splitDocuments", () => {
  test.each([
    ["kustomize's separators", `${cm("a", "1")}---\n${cm("b", "2")}`, 2],
    ["a leading marker and blank documents", `---\n${cm("a", "1")}---\n\n---\n${cm("b", "2")}`, 2],
    ["a JSON document", '{"apiVersion": "v1", "kind": "List", "items": []}', 1],
  ])("%s", (_label, text, count) => {
    expect(splitDocuments(text)).toHaveLength(count);
  });

  test.each([
    ["content on the marker line", `--- !!map\n${cm("a", "1")}`],
    ["an explicit document end", `${cm("a", "1")}...\n`],
    ["a directive", `%YAML 1.2\n---\n${cm("a", "1")}`],
  ])("%s falls back to parsing the stream whole", (_label, text) => {
    expect(splitDocuments(text)).toBeUndefined();
  });
});

/** Both commits' outputs of one source as the renders parse them (both-commits.ts): head first, then base. */
function parsePair(label: string, base: Buffer | undefined, head: Buffer | undefined, namespace: string) {
  const parser = createDocumentParser(label, namespace);
  const headObjects = parser.objectsOf(head);
  return parser.settle(parser.objectsOf(base), headObjects);
}

describe("one source at both commits", () => {
  test("identical documents give the same objects at both commits, changed ones their own", () => {
    const base = Buffer.from(`${cm("a", "1")}---\n${cm("b", "1")}`);
    const head = Buffer.from(`${cm("a", "1")}---\n${cm("b", "2")}`);
    const pair = parsePair("(x output)", base, head, "prod");
    expect(pair.head.map((m) => [m.id.namespace, m.id.name])).toEqual([
      ["prod", "a"],
      ["prod", "b"],
    ]);
    expect(pair.base[0]).toBe(pair.head[0]);
    expect(pair.base[1]?.object).toMatchObject({ data: { K: "1" } });
    expect(pair.head[1]?.object).toMatchObject({ data: { K: "2" } });
  });

  test("a missing side is no objects; a bad document is a problem labelled with the source", () => {
    const pair = parsePair("(render: x output)", undefined, Buffer.from("kind: [\n"), "default");
    expect(pair.base).toEqual([]);
    expect(pair.problems.map((p) => p.file)).toEqual(["(render: x output)"]);
  });

  test("a stream the split cannot follow is parsed whole", () => {
    const pair = parsePair(
      "(x output)",
      undefined,
      Buffer.from(`%YAML 1.2\n---\n${cm("a", "1")}`),
      "default",
    );
    expect(pair.head.map((m) => m.id.name)).toEqual(["a"]);
  });
});

describe("createDocumentParser with a shared cache", () => {
  test("a document several sources render alike is parsed once; each source reports a broken one under its own name", () => {
    const cache: DocumentCache = new Map();
    const a = createDocumentParser("(kustomize a output)", "default", cache);
    const b = createDocumentParser("(kustomize b output)", "default", cache);
    const output = Buffer.from(`${cm("shared", "1")}---\nkind: [\n`);
    const fromA = a.objectsOf(output);
    const fromB = b.objectsOf(output);
    expect(fromB.manifests[0]).toBe(fromA.manifests[0]);
    expect(fromA.problems.map((p) => p.file)).toEqual(["(kustomize a output)"]);
    expect(fromB.problems.map((p) => p.file)).toEqual(["(kustomize b output)"]);
    // Its other commit renders the same: reported once per source.
    expect(b.settle(b.objectsOf(output), fromB).problems).toHaveLength(1);
  });
});

describe("an output with a document that cannot be read", () => {
  const deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec: {}\n";
  const broken = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  K: [broken\n";
  const names = (list: Array<{ id: { name: string } }>) => list.map((m) => m.id.name).sort();

  test("at head: the plan is incomplete, and what base defined is carried over, not deleted", () => {
    const pair = parsePair(
      "(render: x output)",
      Buffer.from(`${cm("a", "1")}---\n${cm("b", "1")}---\n${deployment}`),
      Buffer.from(`${cm("a", "2")}---\n${broken}---\n${deployment}`),
      "default",
    );
    expect(names(pair.head)).toEqual(["a", "b", "web"]);
    // What head's readable documents say still counts: a changed, b unknown.
    expect(pair.head.find((m) => m.id.name === "a")?.object).toMatchObject({ data: { K: "2" } });
    expect(pair.head.find((m) => m.id.name === "b")).toBe(pair.base.find((m) => m.id.name === "b"));
    expect(pair.problems.filter((p) => p.unread).map((p) => [p.file, p.severity, p.unread])).toEqual([
      ["(render: x output)", "error", "has errors at the head commit"],
    ]);
    expect(pair.problems.map((p) => p.message)).toContain(
      "cannot tell whether configmap/b (namespace default) changed: the output has errors at the head commit",
    );
  });

  test("at base alone: a warning, the plan incomplete, and what head defines is carried over, not added", () => {
    const pair = parsePair(
      "(render: x output)",
      Buffer.from(`${cm("a", "1")}---\n${broken}`),
      Buffer.from(`${cm("a", "1")}---\n${cm("b", "2")}`),
      "default",
    );
    expect(names(pair.base)).toEqual(["a", "b"]);
    expect(pair.problems.filter((p) => p.unread).map((p) => [p.severity, p.unread])).toEqual([
      ["warning", "has errors at the base commit"],
    ]);
    expect(pair.problems.find((p) => p.unread)?.message).toMatch(/^at the base commit: invalid YAML/);
  });
});
