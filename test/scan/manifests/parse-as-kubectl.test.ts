// Issue 12, items 4 and 6: the parser reads files the way kubectl does (YAML 1.1 scalars), flags
// names the API server would reject where they are written, says when a namespace was assumed, and
// does not count a broken file that is no manifest at all as a manifest error.
import { describe, expect, test } from "vitest";
import { configContentOf } from "../../../src/core/config-content.js";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

const opts = { defaultNamespace: "default" };

describe("YAML 1.1 scalars, as kubectl reads them", () => {
  const text = `apiVersion: v1
kind: ConfigMap
metadata:
  name: flags
data:
  quoted: "yes"
  enabled: yes
  short: y
  switch: off
  octal: 017
  date: 2001-12-14
  clock: 1:20
`;

  test("yes/y/off are booleans and 017 is a number: kubectl would reject them as data values", () => {
    const [manifest] = parseManifests("flags.yaml", text, opts).manifests;
    const { content, problems } = configContentOf(manifest!);
    expect(Object.keys(content).sort()).toEqual(["clock", "date", "quoted"]);
    expect(Buffer.from(content.date!, "base64").toString()).toBe("2001-12-14");
    expect(Buffer.from(content.clock!, "base64").toString()).toBe("1:20");
    expect(problems.map((p) => p.message)).toEqual([
      'configmap/flags: data key "enabled" must be a string, found a boolean (quote it; kubectl would reject it)',
      'configmap/flags: data key "short" must be a string, found a boolean (quote it; kubectl would reject it)',
      'configmap/flags: data key "switch" must be a string, found a boolean (quote it; kubectl would reject it)',
      'configmap/flags: data key "octal" must be a string, found a number (quote it; kubectl would reject it)',
    ]);
  });
});

describe("names Kubernetes would reject are manifest problems at file:line", () => {
  const doc = (name: string, namespace?: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${JSON.stringify(name)}\n${namespace === undefined ? "" : `  namespace: ${JSON.stringify(namespace)}\n`}data: {}\n`;

  test.each([
    ["Bad_Name", undefined, /^cm\.yaml:4:\d+ configmap "Bad_Name": metadata\.name is not a valid name/],
    [
      "app",
      "Bad_NS!",
      /^cm\.yaml:5:\d+ configmap\/app: metadata\.namespace "Bad_NS!" is not a valid namespace name/,
    ],
    ["app", "..", /metadata\.namespace "\.\." is not a valid namespace name/],
    ["x\u001b[31m\n::error::y", undefined, /configmap "x\\u001b\[31m\\n::error::y": metadata\.name/],
  ])("%j in namespace %j", (name, namespace, message) => {
    const parsed = parseManifests("cm.yaml", doc(name, namespace), opts);
    expect(parsed.manifests).toEqual([]);
    const shown = parsed.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(message);
    expect([...shown[0]!].some((char) => char.charCodeAt(0) < 0x20)).toBe(false);
    expect(parsed.problems[0]!.severity).toBe("error");
  });

  test("names of kinds the tool does not act on are left to the API server (ClusterRole system:x)", () => {
    const text = "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: system:x\n";
    expect(parseManifests("r.yaml", text, opts).problems).toEqual([]);
  });
});

test("an object without metadata.namespace says that the namespace was assumed", () => {
  const text = `apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: b, namespace: shop}
`;
  const manifests = parseManifests("cm.yaml", text, { defaultNamespace: "team" }).manifests;
  expect(manifests.map((m) => [m.id.namespace, m.namespaceAssumed ?? false])).toEqual([
    ["team", true],
    ["shop", false],
  ]);
});

describe("a broken file that does not look like a manifest is a warning, not a manifest error", () => {
  test("a Helm values file with a syntax error", () => {
    const problems = parseManifests("values.yaml", "image:\n  tag: [1, 2\n", opts).problems;
    expect(problems.map((p) => p.severity)).toEqual(["warning"]);
    expect(problems[0]!.message).toMatch(/does not look like a Kubernetes manifest/);
  });

  test("a manifest with a syntax error stays an error", () => {
    const text = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: [x\n";
    expect(parseManifests("cm.yaml", text, opts).problems.map((p) => p.severity)).toEqual(["error"]);
  });
});
