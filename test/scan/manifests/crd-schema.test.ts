import { describe, expect, test } from "vitest";
import { withoutCrdSchema } from "../../../src/scan/manifests/crd-schema.js";
import { parseManifestFile } from "../../../src/scan/manifests/parse-manifest-file.js";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

const crd = (schema: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
  labels: {app: widgets}
spec:
  group: example.com
  versions:
    - name: v1
      schema:
        openAPIV3Schema:
          description: "${schema}"
status:
  acceptedNames: {kind: ""}
`;

describe("a CRD's schema is not read", () => {
  test("the spec block becomes empty lines: identity, labels and line numbers stay", async () => {
    const text = crd("A widget.\\n  It has parts.");
    const trimmed = withoutCrdSchema(text);
    expect(trimmed.split("\n")).toHaveLength(text.split("\n").length);
    expect(trimmed).not.toContain("openAPIV3Schema");
    expect(trimmed).toContain("status:");
    const parsed = await parseManifestFile("crd.yaml", text, { defaultNamespace: "default" });
    expect(parsed.problems).toEqual([]);
    expect(parsed.manifests.map((m) => [m.id.kind, m.id.name, m.line])).toEqual([
      ["CustomResourceDefinition", "widgets.example.com", 1],
    ]);
    expect(parsed.manifests[0]!.object).toMatchObject({ metadata: { labels: { app: "widgets" } } });
  });

  test("a bundle of documents is trimmed document by document", async () => {
    const configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nspec:\n  kept: true\n";
    const bundle = `${crd("x")}---\n${configMap}---\n${crd("y").replaceAll("widgets", "gadgets")}`;
    const trimmed = withoutCrdSchema(bundle);
    expect(trimmed.split("\n")).toHaveLength(bundle.split("\n").length);
    expect(trimmed).not.toContain("openAPIV3Schema");
    expect(trimmed).toContain(`---\n${configMap}---\n`);
    const parsed = await parseManifestFile("crds.yaml", bundle, { defaultNamespace: "default" });
    expect(parsed.problems).toEqual([]);
    // The same objects at the same lines as the whole text parsed, schemas and all.
    const whole = parseManifests("crds.yaml", bundle, { defaultNamespace: "default" });
    expect(parsed.manifests.map((m) => [m.id.kind, m.id.name, m.line])).toEqual(
      whole.manifests.map((m) => [m.id.kind, m.id.name, m.line]),
    );
    expect(parsed.manifests.map((m) => m.id.name)).toEqual([
      "widgets.example.com",
      "a",
      "gadgets.example.com",
    ]);
  });

  test("anything else is read as it is: other kinds, JSON", () => {
    const deployment = crd("x").replace("kind: CustomResourceDefinition", "kind: Deployment");
    expect(withoutCrdSchema(deployment)).toBe(deployment);
    const two = `${deployment}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n`;
    expect(withoutCrdSchema(two)).toBe(two);
    const json = JSON.stringify({ apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition" });
    expect(withoutCrdSchema(json)).toBe(json);
    expect(withoutCrdSchema(`---\n${crd("x")}`)).not.toContain("openAPIV3Schema");
  });

  test("a schema the trim would misread is parsed whole, with the file's own problems", async () => {
    // A quoted scalar continued at column 0 (kubectl reads it): the trim stops there, the rest of
    // the schema would not parse, so the whole text is read instead.
    const text = crd("first line\ncontinued at column zero");
    const parsed = await parseManifestFile("crd.yaml", text, { defaultNamespace: "default" });
    expect(parsed.problems).toEqual([]);
    expect(parsed.manifests.map((m) => m.id.name)).toEqual(["widgets.example.com"]);
  });
});
