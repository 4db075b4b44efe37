import { describe, expect, test } from "vitest";
import { isProbablyManifestText } from "../../../src/scan/manifests/manifest-reader.js";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

const opts = { defaultNamespace: "default" };

function ids(file: string, text: string | Uint8Array) {
  return parseManifests(file, text, opts).manifests.map(
    (m) => `${m.id.kind}/${m.id.namespace}/${m.id.name}@${m.line}`,
  );
}

function problems(file: string, text: string | Uint8Array) {
  return parseManifests(file, text, opts).problems.map(
    (p) => `${p.file}:${p.line}:${p.col} ${p.severity} ${p.message}`,
  );
}

describe("parseManifests: objects found", () => {
  test.each([
    {
      name: "multi-document file, empty documents and comments ignored",
      file: "app.yaml",
      text: `---
# leading comment
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
  namespace: prod
data: {A: "1"}
---
---
# only a comment
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
`,
      expected: ["ConfigMap/prod/app-config@3", "Deployment/default/web@13"],
    },
    {
      name: "kind: List items each get their own line",
      file: "list.yaml",
      text: `apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: ConfigMap
    metadata: {name: one}
  - apiVersion: v1
    kind: Secret
    metadata: {name: two, namespace: other}
`,
      expected: ["ConfigMap/default/one@4", "Secret/other/two@7"],
    },
    {
      name: "JSON List with correct positions",
      file: "list.json",
      text: `{
\t"apiVersion": "v1",
\t"kind": "List",
\t"items": [
\t\t{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}, "data": {"k": "v"}},
\t\t{
\t\t\t"apiVersion": "apps/v1",
\t\t\t"kind": "Deployment",
\t\t\t"metadata": {"name": "web", "namespace": "prod"}
\t\t}
\t]
}
`,
      expected: ["ConfigMap/default/a@5", "Deployment/prod/web@6"],
    },
    {
      name: "typed *List (ConfigMapList) is expanded too",
      file: "cml.yaml",
      text: `apiVersion: v1
kind: ConfigMapList
items:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: x}}
`,
      expected: ["ConfigMap/default/x@4"],
    },
    {
      name: "cluster-scoped kinds keep an empty namespace",
      file: "ns.yaml",
      text: `apiVersion: v1
kind: Namespace
metadata: {name: prod, namespace: ignored}
`,
      expected: ["Namespace//prod@1"],
    },
    {
      name: "non-Kubernetes YAML (values file, docker-compose, kubeconfig, kustomization) is not an object",
      file: "misc.yaml",
      text: `replicaCount: 2
image: {repository: nginx}
---
services:
  web: {image: nginx}
---
apiVersion: v1
kind: Config
clusters: []
---
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources: [app.yaml]
---
- just
- a list
---
plain scalar
`,
      expected: [],
    },
    {
      name: "generateName objects are valid but cannot be referenced: not listed",
      file: "job.yaml",
      text: `apiVersion: batch/v1
kind: Job
metadata: {generateName: migrate-}
`,
      expected: [],
    },
  ])("$name", ({ file, text, expected }) => {
    const result = parseManifests(file, text, opts);
    expect(result.problems).toEqual([]);
    expect(ids(file, text)).toEqual(expected);
    for (const m of result.manifests) expect(m.file).toBe(file);
  });

  test("merge keys (<<) are applied to the object", () => {
    const text = `apiVersion: v1
kind: ConfigMap
metadata: {name: merged}
defaults: &defaults
  LOG_LEVEL: info
  PORT: "80"
data:
  <<: *defaults
  PORT: "8080"
`;
    const [m] = parseManifests("m.yaml", text, opts).manifests;
    expect(m?.object.data).toEqual({ LOG_LEVEL: "info", PORT: "8080" });
  });

  test("a byte-order mark does not shift positions", () => {
    expect(ids("bom.yaml", "\uFEFFapiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n")).toEqual([
      "ConfigMap/default/a@1",
    ]);
  });

  test("bytes are accepted and decoded as UTF-8", () => {
    const bytes = new TextEncoder().encode(
      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cafe}\ndata: {a: café}\n",
    );
    const [manifest] = parseManifests("b.yaml", bytes, opts).manifests;
    expect(manifest?.object.data).toEqual({ a: "café" });
  });
});

describe("parseManifests: problems", () => {
  test.each([
    {
      name: "duplicate key names the key and its line",
      text: `apiVersion: v1
kind: ConfigMap
metadata: {name: dup}
data:
  A: "1"
  A: "2"
`,
      expected: [
        `f.yaml:6:3 warning duplicate key "A" (read as kubectl applies it, the last value winning whatever its --validate; kustomize rejects the file; --strict stops on it)`,
      ],
    },
    {
      name: "object with apiVersion and kind but no metadata.name",
      text: `apiVersion: apps/v1
kind: Deployment
metadata:
  namespace: prod
`,
      expected: ["f.yaml:4:3 error Deployment has no metadata.name"],
    },
    {
      name: "ConfigMap without metadata at all",
      text: `apiVersion: v1
kind: ConfigMap
data: {}
`,
      expected: ["f.yaml:1:1 error ConfigMap has no metadata.name"],
    },
    {
      name: "metadata.name that is not a string",
      text: `apiVersion: v1
kind: ConfigMap
metadata:
  name: [a, b]
`,
      expected: ["f.yaml:4:9 error ConfigMap: metadata.name must be a non-empty string, found a list"],
    },
    {
      name: "metadata.namespace that is not a string",
      text: `apiVersion: v1
kind: ConfigMap
metadata:
  name: a
  namespace: {x: 1}
`,
      expected: ["f.yaml:5:14 error configmap/a: metadata.namespace must be a string, found a mapping"],
    },
    {
      name: "List item that is not an object",
      text: `apiVersion: v1
kind: List
items:
  - 42
  - apiVersion: v1
    kind: ConfigMap
    metadata: {name: ok}
`,
      expected: ["f.yaml:4:5 error List item 0 is not a Kubernetes object (needs apiVersion and kind)"],
    },
  ])("$name", ({ text, expected }) => {
    expect(problems("f.yaml", text)).toEqual(expected);
  });

  test("malformed YAML: problem with file:line:col and the other documents still parse", () => {
    const text = `apiVersion: v1
kind: ConfigMap
metadata: {name: before}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: broken
  data: [
---
apiVersion: v1
kind: Secret
metadata: {name: after}
`;
    const result = parseManifests("bad.yaml", text, opts);
    expect(result.manifests.map((m) => m.id.name)).toEqual(["before", "after"]);
    // One problem for the broken document: the parser's follow-on errors are echoes of the first.
    expect(result.problems).toEqual([
      {
        file: "bad.yaml",
        line: 7,
        col: 18,
        // The file holds a Secret: the parser's words (which may quote its text) are not shown.
        message: "invalid YAML: a key spans more than one line; details not shown (the file holds a Secret)",
        severity: "error",
      },
    ]);
  });

  test("alias bomb (billion laughs) becomes a problem, not an exploded object", () => {
    const levels = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    const lines = ["apiVersion: v1", "kind: ConfigMap", "metadata: {name: lol}", 'lol: &lol "lol"'];
    let previous = "lol";
    for (const level of levels) {
      lines.push(`${level}: &${level} [${Array(10).fill(`*${previous}`).join(",")}]`);
      previous = level;
    }
    const result = parseManifests("bomb.yaml", `${lines.join("\n")}\n`, opts);
    expect(result.manifests).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.message).toMatch(/looks like an alias bomb/);
    expect(result.problems[0]?.line).toBe(1);
  });

  test.each([
    ["an anchor never defined", "data:\n  A: *undefined_anchor\n", "undefined_anchor", 6, 6],
    ["an anchor defined only after the alias", "data:\n  A: *later\n  B: &later x\n", "later", 6, 6],
    // The yaml package fails these as a merge of no mapping, once called an alias bomb.
    ["an anchor never defined, merged", "data:\n  <<: *undefined_anchor\n", "undefined_anchor", 6, 7],
    [
      "an anchor never defined, merged in a list",
      "data:\n  <<: [*undefined_anchor]\n",
      "undefined_anchor",
      6,
      8,
    ],
  ])(
    "an alias to %s is said to be one, on its line; not called an alias bomb",
    (_what, data, name, line, col) => {
      const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n${data}`;
      // In a Secret the name is left out: a value written unquoted after * is read as an alias.
      for (const [file, alias] of [
        [text, ` *${name}`],
        [text.replace("kind: ConfigMap", "kind: Secret"), ""],
      ] as const) {
        const result = parseManifests("cm.yaml", file, opts);
        expect(result.manifests).toEqual([]);
        expect(result.problems).toEqual([
          {
            file: "cm.yaml",
            line,
            col,
            severity: "error",
            message: `the alias${alias} names an anchor that does not exist (an anchor &name must be defined before, in the same document): document ignored`,
          },
        ]);
      }
    },
  );

  test.each([
    ["a scalar alias", "  labels: &value shop-1\ndata:\n  <<: *value\n", 7],
    ["a scalar", "data:\n  <<: shop-1\n", 6],
    ["a list holding a scalar alias", "  labels: &value shop-1\ndata:\n  <<: [*value]\n", 7],
  ])("a merge key naming %s: kubectl's reason, on its line, no value quoted", (_what, rest, line) => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n${rest}`;
    for (const file of [text, text.replace("kind: ConfigMap", "kind: Secret")]) {
      const result = parseManifests("cm.yaml", file, opts);
      expect(result.manifests).toEqual([]);
      expect(result.problems).toEqual([
        {
          file: "cm.yaml",
          line,
          col: 3,
          severity: "error",
          message:
            "the merge key << names no mapping (kubectl: map merge requires map or sequence of maps as the value): document ignored",
        },
      ]);
    }
  });

  test("absurdly deep nesting is a problem, not a crash", () => {
    const result = parseManifests(
      "deep.yaml",
      `kind: ConfigMap\napiVersion: v1\na: ${"[".repeat(20000)}${"]".repeat(20000)}\n`,
      opts,
    );
    expect(result.manifests).toEqual([]);
    expect(result.problems.map((p) => p.message)).toEqual(["invalid YAML: nested too deeply"]);
  });

  test("maxAliasCount is configurable", () => {
    const text = `apiVersion: v1
kind: ConfigMap
metadata: {name: a}
x: &x "1"
data: {A: *x, B: *x, C: *x}
`;
    expect(parseManifests("a.yaml", text, { ...opts, maxAliasCount: 1 }).problems).toHaveLength(1);
    expect(parseManifests("a.yaml", text, opts).manifests[0]?.object.data).toEqual({
      A: "1",
      B: "1",
      C: "1",
    });
  });

  test.each([
    { name: "NUL bytes", text: "apiVersion: v1\u0000kind: ConfigMap" as string | Uint8Array },
    { name: "invalid UTF-8 bytes", text: new Uint8Array([0x61, 0x3a, 0x20, 0xff, 0xfe, 0x0a]) },
    { name: "text decoded with replacement characters", text: "a: \uFFFD\n" },
  ])("binary content ($name) is one problem", ({ text }) => {
    expect(problems("logo.yaml", text)).toEqual([
      "logo.yaml:1:1 error not a text file (contains NUL bytes or invalid UTF-8)",
    ]);
  });

  test("several duplicate keys in one document are each reported", () => {
    expect(problems("d.yaml", "kind: ConfigMap\napiVersion: v1\na: 1\nb: 2\na: 3\nb: 4\n")).toEqual([
      `d.yaml:5:1 warning duplicate key "a" (read as kubectl applies it, the last value winning whatever its --validate; kustomize rejects the file; --strict stops on it)`,
      `d.yaml:6:1 warning duplicate key "b" (read as kubectl applies it, the last value winning whatever its --validate; kustomize rejects the file; --strict stops on it)`,
      "d.yaml:1:1 error ConfigMap has no metadata.name",
    ]);
  });

  test("a document with duplicate keys is read as kubectl applies it: the last value wins", () => {
    const text =
      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dup}\ndata:\n  level: debug\n  level: info\n";
    const parsed = parseManifests("d.yaml", text, opts);
    expect(parsed.manifests.map((m) => m.object.data)).toEqual([{ level: "info" }]);
    expect(parsed.problems.map((p) => [p.line, p.severity, p.message])).toEqual([
      [
        6,
        "warning",
        'duplicate key "level" (read as kubectl applies it, the last value winning whatever its --validate; kustomize rejects the file; --strict stops on it)',
      ],
    ]);
  });

  test("duplicate keys in a document that is broken otherwise stay errors: nothing is read", () => {
    const text = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dup}\ndata:\n  a: 1\n  a: 2\n  b: [x\n";
    const parsed = parseManifests("d.yaml", text, opts);
    expect(parsed.manifests).toEqual([]);
    expect(parsed.problems.every((p) => p.severity === "error")).toBe(true);
  });

  test("a file full of errors reports the first ten and a count", () => {
    const text = `kind: ConfigMap\napiVersion: v1\n${Array.from({ length: 30 }, (_, i) => `k${i % 2}: 1`).join("\n")}`;
    const result = parseManifests("many.yaml", text, opts);
    expect(result.problems).toHaveLength(11);
    // 28 duplicate keys (warnings: the document is read) and the missing metadata.name.
    expect(result.problems[10]?.message).toBe("19 more problems in this file not shown");
    expect(result.problems[10]?.severity).toBe("error");
  });
});

test.each([
  { text: "apiVersion: v1\nkind: ConfigMap\n", expected: true },
  { text: '{"apiVersion":"v1","kind":"Secret"}', expected: true },
  { text: "replicaCount: 2\n", expected: false },
  { text: "kind: only\n", expected: false },
])("isProbablyManifestText($text) is $expected", ({ text, expected }) => {
  expect(isProbablyManifestText(text)).toBe(expected);
});

test("a JSON file that holds no Kubernetes object reads as nothing, without a problem", () => {
  const lock = JSON.stringify({
    name: "site",
    lockfileVersion: 3,
    packages: { "": { dependencies: { a: "1" } } },
  });
  // Duplicate keys and tabs: JSON.parse takes them (the YAML reading falls back to JSON values there).
  for (const text of ['{"a": 1, "a": 2}', '{\n\t"a": [1, {"b": null}]\n}', lock]) {
    expect(parseManifests("x.json", text, { defaultNamespace: "default" })).toEqual({
      manifests: [],
      problems: [],
    });
  }
  // An object that names a kind is read the whole way (here: one manifest).
  const cm = JSON.stringify(
    { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "a" }, data: { k: "v" } },
    null,
    "\t",
  );
  expect(
    parseManifests("cm.json", cm, { defaultNamespace: "default" }).manifests.map((m) => m.id.name),
  ).toEqual(["a"]);
});
