// Duplicate mapping keys are found by the full parse itself (parse-manifests.ts), one Set per
// mapping, not by yaml's `uniqueKeys` (quadratic in a mapping's keys: bench/many-keys.ts). Each is
// still a warning at the key's own line and column, the same keys yaml's check reports, the last
// value winning as kubectl applies it.

import { describe, expect, test } from "vitest";
import { LineCounter, parseAllDocuments } from "yaml";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

const opts = { defaultNamespace: "default" };
const header = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\n";

/** `line:col` of each duplicate-key problem the plan reports. */
function reported(text: string): string[] {
  return parseManifests("c.yaml", text, opts)
    .problems.filter((p) => p.duplicateKey)
    .map((p) => `${p.line}:${p.col}`);
}

/** `line:col` of each duplicate key yaml's own check (`uniqueKeys: true`) finds, read as the plan reads YAML. */
function yamlsOwn(text: string): string[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: true, merge: true, version: "1.1" });
  return [...docs]
    .flatMap((doc) => doc.errors.filter((e) => e.code === "DUPLICATE_KEY"))
    .map((e) => lineCounter.linePos(e.pos[0]))
    .map(({ line, col }) => `${line}:${col}`);
}

describe("duplicate keys", () => {
  test("in a ConfigMap of 5,000 keys, each is reported at its line, the last value winning", () => {
    const keys = Array.from({ length: 5000 }, (_, i) => `  k${i}: "v${i}"`);
    // Lines 4 (data:) + 5,000 keys: the repeats come at lines 5005 and 5006.
    const text = `${header}data:\n${keys.join("\n")}\n  k17: "again"\n  k4999: "last"\n`;
    const parsed = parseManifests("c.yaml", text, opts);
    expect(parsed.problems.map((p) => [p.line, p.col, p.severity, p.message.split(" (")[0]])).toEqual([
      [5005, 3, "warning", 'duplicate key "k17"'],
      [5006, 3, "warning", 'duplicate key "k4999"'],
    ]);
    const data = parsed.manifests[0]?.object.data as Record<string, string>;
    expect([data.k17, data.k4999, Object.keys(data).length]).toEqual(["again", "last", 5000]);
  });

  test.each([
    ["nested block mappings", "data:\n  a: 1\n  a: 2\nspec:\n  x:\n    y: 1\n    y: 2\n"],
    ["a flow mapping, over two lines", "data: {a: 1, b: 2,\n  a: 3, b: 4}\n"],
    ["mappings in a list", "items:\n  - a: 1\n    a: 2\n  - {b: 1, b: 2}\n"],
    [
      "keys quoted, anchored, tagged or explicit",
      'data:\n  a: 1\n  "a": 2\n  &k a: 3\n  !!str a: 4\n  ? a\n  : 5\n',
    ],
    ["keys that resolve alike (1 and 1.0, ~ and null)", "data:\n  1: x\n  1.0: y\n  ~: a\n  null: b\n"],
    [
      "keys never alike (.nan, merge keys, collections)",
      "x:\n  .nan: 1\n  .nan: 2\n  <<: {a: 1}\n  <<: {b: 2}\n  [a]: 1\n  [a]: 2\n",
    ],
    ["one per document", "data:\n  a: 1\n  a: 2\n---\ndata:\n  a: 1\n"],
  ])("%s: the keys yaml's own check finds, at the same places", (_, body) => {
    const text = `${header}${body}`;
    expect(reported(text)).toEqual(yamlsOwn(text));
  });

  test("the places are those of each repeated key", () => {
    expect(reported(`${header}data: {a: 1, b: 2,\n  a: 3}\nspec:\n  x: 1\n  &k x: 2\n`)).toEqual([
      "5:3",
      "8:6",
    ]);
  });
});
