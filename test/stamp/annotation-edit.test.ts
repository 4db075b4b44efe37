// Minimal byte edits: after stamping, the file differs from the original only by the annotation
// (one replaced value, or one inserted line plus an `annotations:` line), every other byte kept.
import { describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { annotationEdits, applyEdits } from "../../src/stamp/annotation-edit.js";

const KEY = "config-rollout.io/config-hash";
const V = "3f5a0c9e";

function stamp(source: string, value = V): string {
  const docs = parseAllDocuments(source);
  const edits = docs.flatMap((doc) => {
    const kind = (doc.toJS() as { kind?: string } | null)?.kind;
    return kind === "Deployment" ? annotationEdits(source, doc, ["spec", "template"], KEY, value) : [];
  });
  return applyEdits(source, edits);
}

function annotationsOf(text: string): unknown[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as { kind?: string; spec?: { template?: { metadata?: { annotations?: unknown } } } })
    .filter((o) => o?.kind === "Deployment")
    .map((o) => o.spec?.template?.metadata?.annotations);
}

/** Lines of `after` that are not in `before`, and whether every line of `before` survives in order. */
function addedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  const added: string[] = [];
  let i = 0;
  for (const line of b) {
    if (i < a.length && a[i] === line) i++;
    else added.push(line);
  }
  expect(i, "every original line kept, in order").toBe(a.length);
  return added;
}

const deployment = (template: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n${template}`;

describe("annotationEdits", () => {
  test("inserts one line among existing annotations, with their indentation; comments and quoting kept", () => {
    const src = deployment(
      "    metadata:\n      # why\n      annotations:\n        prometheus.io/scrape: 'true' # scrape\n    spec:\n      containers: []\n",
    );
    const out = stamp(src);
    expect(addedLines(src, out)).toEqual([`        ${KEY}: 3f5a0c9e`]);
    expect(annotationsOf(out)).toEqual([{ "prometheus.io/scrape": "true", [KEY]: V }]);
  });

  test("adds the annotations line when there was none (4-space indentation follows the file)", () => {
    const src =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n    name: web\nspec:\n    template:\n        metadata:\n            labels: {app: web}\n        spec: {}\n";
    const out = stamp(src);
    expect(addedLines(src, out)).toEqual(["            annotations:", `                ${KEY}: 3f5a0c9e`]);
    expect(annotationsOf(out)).toEqual([{ [KEY]: V }]);
  });

  test("replaces only the value's bytes of a stale stamp, keeping its quoting; current is no edit", () => {
    const src = deployment(
      `    metadata:\n      annotations:\n        ${KEY}: "old"  # note\n    spec: {}\n`,
    );
    const out = stamp(src);
    expect(out).toBe(src.replace('"old"', `"${V}"`));
    expect(stamp(out)).toBe(out);
  });

  test("a digest YAML would read as a number is quoted", () => {
    const src = deployment("    metadata:\n      labels: {a: b}\n    spec: {}\n");
    const out = stamp(src, "12345e67");
    expect(out).toContain(`${KEY}: "12345e67"`);
    expect(annotationsOf(out)).toEqual([{ [KEY]: "12345e67" }]);
  });

  test.each([
    ["annotations: {}", `annotations: {"${KEY}": "${V}"}`],
    ["annotations: {a: b}", `annotations: {${KEY}: "${V}", a: b}`],
  ])("flow maps: %s", (before, after) => {
    const src = deployment(`    metadata:\n      ${before}\n    spec: {}\n`);
    expect(stamp(src)).toBe(src.replace(before, after));
  });

  test.each(["annotations: null", "annotations: ~", "annotations:"])(
    "%s gets the annotation below it",
    (line) => {
      const src = deployment(`    metadata:\n      ${line}\n      labels:\n        a: b\n    spec: {}\n`);
      const out = stamp(src);
      expect(out).toBe(src.replace(`${line}\n`, `annotations:\n        ${KEY}: ${V}\n`));
      expect(annotationsOf(out)).toEqual([{ [KEY]: V }]);
    },
  );

  test("a template without metadata gets metadata and annotations lines", () => {
    const src = deployment("    spec:\n      containers: []\n");
    const out = stamp(src);
    expect(addedLines(src, out)).toEqual(["    metadata:", "      annotations:", `        ${KEY}: ${V}`]);
  });

  test("CRLF line endings stay CRLF; other documents are untouched", () => {
    const other = "# keep me\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  A: '1'\n";
    const src =
      `${other}---\n${deployment("    metadata:\n      labels:\n        app: web\n    spec: {}\n")}`.replaceAll(
        "\n",
        "\r\n",
      );
    const out = stamp(src);
    expect(out.replaceAll("\r\n", "")).not.toContain("\n");
    expect(out.startsWith(other.replaceAll("\n", "\r\n"))).toBe(true);
    expect(annotationsOf(out)).toEqual([{ [KEY]: V }]);
    expect(stamp(out)).toBe(out);
  });

  test("JSON manifests keep their indentation and stay JSON", () => {
    const object = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "web" },
      spec: { template: { metadata: { labels: { app: "web" } }, spec: { containers: [] } } },
    };
    const src = `${JSON.stringify(object, null, 2)}\n`;
    const out = stamp(src);
    const added = addedLines(src, out);
    expect(added).toEqual([`        "annotations": {"${KEY}": "${V}"},`]);
    expect(JSON.parse(out).spec.template.metadata.annotations).toEqual({ [KEY]: V });
    const withAnnotations = JSON.stringify(
      { ...object, spec: { template: { metadata: { annotations: { a: "b" } }, spec: {} } } },
      null,
      4,
    );
    const out2 = stamp(withAnnotations);
    expect(addedLines(withAnnotations, out2)).toEqual([`                    "${KEY}": "${V}",`]);
    expect(JSON.parse(out2).spec.template.metadata.annotations).toEqual({ [KEY]: V, a: "b" });
    expect(stamp(out2)).toBe(out2);
  });

  test("a one-line JSON object gets an inline entry", () => {
    const src =
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w"},"spec":{"template":{"metadata":{"labels":{"a":"b"}},"spec":{}}}}';
    const out = stamp(src);
    expect(JSON.parse(out).spec.template.metadata).toEqual({ annotations: { [KEY]: V }, labels: { a: "b" } });
  });
});

describe("annotationEdits through YAML merge keys", () => {
  const read11 = (text: string) =>
    (
      parseAllDocuments(text, { version: "1.1", merge: true })[0]!.toJS() as {
        spec: { template: { metadata: { annotations: Record<string, string> } } };
      }
    ).spec.template.metadata.annotations;

  test("a key no merged mapping holds goes beside the merge key, the merged ones kept", () => {
    const src = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  annotations: &team {team: payments}\nspec:\n  template:\n    metadata:\n      annotations:\n        <<: *team\n    spec: {}\n`;
    const out = stamp(src);
    expect(addedLines(src, out)).toEqual([`        ${KEY}: ${V}`]);
    expect(read11(out)).toEqual({ team: "payments", [KEY]: V });
  });

  test("a mapping written at the merge key but merged again elsewhere is refused, naming that line", () => {
    const src = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    <<: &pod\n      metadata: {labels: {app: web}}\n      spec: {}\n  x-copy:\n    <<: *pod\n`;
    expect(() => stamp(src)).toThrow(
      "spec.template.metadata comes from the mapping &pod that the merge key (<<) holds, which is used again at line 11: stamping it would change those too.",
    );
  });
});
