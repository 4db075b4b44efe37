import { describe, expect, test } from "vitest";
import { changedKeys, configContentOf, isConfigManifest } from "../../src/core/config-content.js";
import type { ConfigContent, Manifest } from "../../src/core/model.js";
import { parseManifests } from "../../src/scan/manifests/parse-manifests.js";

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

function manifest(text: string): Manifest {
  const { manifests, problems } = parseManifests("cfg.yaml", text, { defaultNamespace: "default" });
  expect(problems).toEqual([]);
  expect(manifests).toHaveLength(1);
  return manifests[0]!;
}

describe("configContentOf", () => {
  test.each([
    {
      name: "ConfigMap data is UTF-8 as base64, binaryData normalised",
      text: `apiVersion: v1
kind: ConfigMap
metadata: {name: c}
data: {B: "é", A: "x"}
binaryData:
  logo: |
    aGVs
    bG8=
`,
      expected: { A: b64("x"), B: b64("é"), logo: b64("hello") },
    },
    {
      name: "Secret via data (decoded, re-encoded canonically)",
      text: `apiVersion: v1
kind: Secret
metadata: {name: s}
data: {password: "c2VjcmV0"}
`,
      expected: { password: b64("secret") },
    },
    {
      name: "Secret data with non-zero padding bits means the same bytes",
      text: `apiVersion: v1
kind: Secret
metadata: {name: s}
data: {greeting: "aGVsbG9="}
`,
      expected: { greeting: b64("hello") },
    },
    {
      name: "Secret via stringData",
      text: `apiVersion: v1
kind: Secret
metadata: {name: s}
stringData: {password: secret}
`,
      expected: { password: b64("secret") },
    },
    {
      name: "Secret stringData overrides data for the same key",
      text: `apiVersion: v1
kind: Secret
metadata: {name: s}
type: Opaque
data: {password: "b2xk", user: "YWRtaW4="}
stringData: {password: new}
`,
      expected: { password: b64("new"), user: b64("admin") },
    },
    {
      name: "empty ConfigMap",
      text: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: e}\n",
      expected: {},
    },
  ])("$name", ({ text, expected }) => {
    const result = configContentOf(manifest(text));
    expect(result.problems).toEqual([]);
    expect(result.content).toEqual(expected);
  });

  test("a Secret value that is not base64 is a problem naming file:line and key, never the value", () => {
    const m = manifest(`apiVersion: v1
kind: Secret
metadata: {name: db}
data:
  password: "hunter2!"
  user: "YWRtaW4="
`);
    const result = configContentOf(m);
    expect(result.content).toEqual({ user: b64("admin") });
    expect(result.problems).toEqual([
      {
        file: "cfg.yaml",
        line: 1,
        col: 1,
        message: 'secret/db: data key "password" is not valid base64',
        severity: "error",
      },
    ]);
    expect(JSON.stringify(result.problems)).not.toContain("hunter2");
  });

  test.each([
    { value: "8080", type: "a number" },
    { value: "true", type: "a boolean" },
    { value: "{a: 1}", type: "a mapping" },
  ])("a ConfigMap value that is $type is a problem (kubectl would reject it)", ({ value, type }) => {
    const result = configContentOf(
      manifest(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  PORT: ${value}\n  OK: "1"\n`),
    );
    expect(result.content).toEqual({ OK: b64("1") });
    expect(result.problems.map((p) => p.message)).toEqual([
      `configmap/c: data key "PORT" must be a string, found ${type} (quote it; kubectl would reject it)`,
    ]);
  });

  test("a key present in both data and binaryData is a problem", () => {
    const result = configContentOf(
      manifest(
        `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: a}\nbinaryData: {k: "Yg=="}\n`,
      ),
    );
    expect(result.content).toEqual({ k: b64("a") });
    expect(result.problems.map((p) => p.message)).toEqual([
      'configmap/c: key "k" is in both data and binaryData',
    ]);
  });

  test("a key named __proto__ is kept like any other", () => {
    const result = configContentOf(
      manifest(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {__proto__: x}\n`),
    );
    expect(Object.keys(result.content)).toEqual(["__proto__"]);
  });
});

test.each([
  { kind: "ConfigMap", apiVersion: "v1", expected: true },
  { kind: "Secret", apiVersion: "v1", expected: true },
  { kind: "ConfigMap", apiVersion: "example.com/v1", expected: false },
  { kind: "Deployment", apiVersion: "apps/v1", expected: false },
])("isConfigManifest($kind, $apiVersion) is $expected", ({ kind, apiVersion, expected }) => {
  expect(isConfigManifest(manifest(`apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: {name: x}\n`))).toBe(
    expected,
  );
});

test.each<{ name: string; a: ConfigContent | undefined; b: ConfigContent | undefined; expected: string[] }>([
  { name: "same content", a: { A: "1" }, b: { A: "1" }, expected: [] },
  {
    name: "modified, added and removed keys, sorted",
    a: { Z: "1", A: "1", M: "1" },
    b: { A: "2", M: "1", B: "1" },
    expected: ["A", "B", "Z"],
  },
  { name: "config added", a: undefined, b: { B: "1", A: "1" }, expected: ["A", "B"] },
  { name: "config deleted", a: { A: "1" }, b: undefined, expected: ["A"] },
  { name: "empty value vs missing key", a: { A: "" }, b: {}, expected: ["A"] },
])("changedKeys: $name", ({ a, b, expected }) => {
  expect(changedKeys(a, b)).toEqual(expected);
});
