import { describe, expect, test } from "vitest";
import {
  documentsOf,
  type ParsedDocuments,
  parseManifestDocuments,
} from "../../../src/scan/manifests/parse-documents.js";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

const cm = (name: string, value: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  K: "${value}"\n`;
// A CRD-like document the fast path gives up on (a plain scalar over two lines), padded to bundle size.
const crd = (n: number) =>
  `# generated\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: things${n}.example.com\nspec:\n  description: a long description that the generator\n    wrapped onto a second line\n  padding: "${"x".repeat(70_000)}"\n`;
const bundle = (...docs: string[]) => docs.join("---\n");
const opts = { defaultNamespace: "default" };
// A CRD's schema is never read a document at a time (crd-schema.ts): compared without its spec.
const withoutCrdSpec = (object: Record<string, unknown>) => {
  if (object.kind !== "CustomResourceDefinition") return object;
  const { spec: _schema, ...rest } = object;
  return rest;
};
const view = (r: {
  manifests: Array<{ id: unknown; file: string; line: number; object: Record<string, unknown> }>;
  problems: unknown[];
}) => ({
  manifests: r.manifests.map((m) => [m.id, m.file, m.line, withoutCrdSpec(m.object)]),
  problems: r.problems,
});

describe("parseManifestDocuments", () => {
  test("a large bundle gives what the whole-file parse gives, lines included, at any position", async () => {
    const documents: ParsedDocuments = new Map();
    const first = bundle(cm("a", "1"), crd(1), cm("b", "1"), "\n# only a comment\n", cm("c", "1"));
    const second = bundle("---\n", cm("z", "0"), cm("a", "1"), crd(1), cm("b", "2"));
    for (const [file, text] of [
      ["install.yaml", first],
      ["ha/install.yaml", second],
    ] as const) {
      const split = await parseManifestDocuments(file, Buffer.from(text), opts, documents);
      expect(view(split)).toEqual(view(parseManifests(file, text, { ...opts, fast: false })));
    }
    // Each distinct document was parsed once, for both files: a, the CRD, b, the comment, c, z, b at 2.
    expect(documents.size).toBe(7);
  });

  test("a bundle with a problem is parsed whole: the problem keeps its wording and place", async () => {
    const text = bundle(
      cm("a", "1"),
      crd(2),
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\n  name: twice\n",
    );
    const split = await parseManifestDocuments("broken.yaml", text, opts, new Map());
    expect(split.problems.length).toBeGreaterThan(0);
    expect(view(split)).toEqual(view(parseManifests("broken.yaml", text, { ...opts, fast: false })));
  });

  test("documentsOf gives each document's first line; forms it cannot follow are undefined", () => {
    expect(documentsOf(`${cm("a", "1")}---\n\n---\n${cm("b", "1")}`)?.map((d) => d.line)).toEqual([1, 10]);
    expect(documentsOf(`--- !!map\n${cm("a", "1")}`)).toBeUndefined();
    expect(documentsOf(`%YAML 1.1\n---\n${cm("a", "1")}`)).toBeUndefined();
  });
});
