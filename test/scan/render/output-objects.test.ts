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
  return { head: headObjects, base: parser.objectsOf(base), problems: parser.problems };
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
    expect(fromB[0]).toBe(fromA[0]);
    expect(a.problems.map((p) => p.file)).toEqual(["(kustomize a output)"]);
    expect(b.problems.map((p) => p.file)).toEqual(["(kustomize b output)"]);
    // Its other commit renders the same: reported once per source.
    b.objectsOf(output);
    expect(b.problems).toHaveLength(1);
  });
});
