import { expect, test } from "vitest";
import type { Manifest } from "../../../src/core/model.js";
import { findConfigChanges } from "../../../src/scan/manifests/config-changes.js";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

/** Files of one revision -> their manifests, as the caller would parse them. */
function revision(files: Record<string, string>): Manifest[] {
  return Object.entries(files).flatMap(([file, text]) => {
    const { manifests, problems } = parseManifests(file, text, { defaultNamespace: "default" });
    expect(problems).toEqual([]);
    return manifests;
  });
}

const appConfig = `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
  namespace: prod
  labels: {team: a}
data:
  LOG_LEVEL: info
  PORT: "8080"
`;

const unrelatedDeployment = `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: prod}
`;

test.each<{ name: string; head: Record<string, string> }>([
  {
    name: "formatting, comments, quoting and key order only",
    head: {
      "app.yaml": `# the app's settings
apiVersion: v1
kind: ConfigMap
metadata: {namespace: prod, name: "app-config", labels: {team: a}}
data: {PORT: '8080', LOG_LEVEL: "info"}   # same values
`,
    },
  },
  {
    name: "labels and annotations only",
    head: {
      "app.yaml": appConfig.replace("labels: {team: a}", "labels: {team: b}\n  annotations: {note: x}"),
    },
  },
  {
    name: "immutable flag only",
    head: { "app.yaml": `${appConfig}immutable: true\n` },
  },
  {
    name: "moved to another file",
    head: { "app.yaml": unrelatedDeployment, "config/app.yaml": appConfig },
  },
  {
    name: "moved into a List in another file",
    head: {
      "list.yaml": `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: app-config, namespace: prod}
  data: {PORT: "8080", LOG_LEVEL: info}
`,
    },
  },
])("no change: $name", ({ head }) => {
  const result = findConfigChanges(revision({ "app.yaml": appConfig }), revision(head));
  expect(result.changes).toEqual([]);
  expect(result.problems).toEqual([]);
  expect(result.snapshots.head.get("ConfigMap/prod/app-config")?.content).toEqual(
    result.snapshots.base.get("ConfigMap/prod/app-config")?.content,
  );
});

test("a modified value is a change naming only the changed keys, at its head location", () => {
  const head = `${unrelatedDeployment}---\n${appConfig.replace("LOG_LEVEL: info", "LOG_LEVEL: debug")}`;
  const result = findConfigChanges(revision({ "app.yaml": appConfig }), revision({ "app.yaml": head }));
  expect(result.changes).toEqual([
    {
      id: { kind: "ConfigMap", namespace: "prod", name: "app-config" },
      status: "modified",
      file: "app.yaml",
      line: 6,
      keys: ["LOG_LEVEL"],
    },
  ]);
});

test("a Secret switched from data to the same value in stringData is not a change", () => {
  const base = "apiVersion: v1\nkind: Secret\nmetadata: {name: db}\ndata: {password: c2VjcmV0}\n";
  const head = "apiVersion: v1\nkind: Secret\nmetadata: {name: db}\nstringData: {password: secret}\n";
  expect(findConfigChanges(revision({ "s.yaml": base }), revision({ "s.yaml": head })).changes).toEqual([]);
});

test("a Secret whose stringData overrides data with a new value is modified", () => {
  const base = "apiVersion: v1\nkind: Secret\nmetadata: {name: db}\ndata: {password: c2VjcmV0, user: YQ==}\n";
  const head = `${base}stringData: {password: rotated}\n`;
  const result = findConfigChanges(revision({ "s.yaml": base }), revision({ "s.yaml": head }));
  expect(result.changes.map((c) => [c.status, c.keys])).toEqual([["modified", ["password"]]]);
});

test("added and deleted configs are reported with all their keys, in namespace/kind/name order", () => {
  const base = revision({
    "old.yaml":
      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: old, namespace: a}\ndata: {X: '1', Z: '2'}\n",
  });
  const head = revision({
    "new.yaml":
      "apiVersion: v1\nkind: Secret\nmetadata: {name: new, namespace: b}\nstringData: {K: v}\n---\n" +
      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: new, namespace: b}\n",
  });
  const result = findConfigChanges(base, head);
  expect(result.changes).toEqual([
    {
      id: { kind: "ConfigMap", namespace: "a", name: "old" },
      status: "deleted",
      file: "old.yaml",
      line: 1,
      keys: ["X", "Z"],
    },
    {
      id: { kind: "ConfigMap", namespace: "b", name: "new" },
      status: "added",
      file: "new.yaml",
      line: 6,
      keys: [],
    },
    {
      id: { kind: "Secret", namespace: "b", name: "new" },
      status: "added",
      file: "new.yaml",
      line: 1,
      keys: ["K"],
    },
  ]);
});

test("the same name in another namespace is another config", () => {
  const result = findConfigChanges(
    revision({ "a.yaml": appConfig }),
    revision({ "a.yaml": appConfig.replace("namespace: prod", "namespace: staging") }),
  );
  expect(result.changes.map((c) => `${c.status} ${c.id.namespace}`)).toEqual([
    "deleted prod",
    "added staging",
  ]);
});

test("the same config defined twice at one revision is a warning naming both files", () => {
  const result = findConfigChanges([], revision({ "a.yaml": appConfig, "b.yaml": `---\n${appConfig}` }));
  expect(result.problems).toEqual([
    {
      file: "b.yaml",
      line: 2,
      col: 1,
      message:
        "configmap/app-config (namespace prod) is defined twice at head: a.yaml:1 and b.yaml:2; the last one is used",
      severity: "warning",
    },
  ]);
});

test("content problems at head are reported, base ones are old news", () => {
  const bad = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {PORT: 80}\n";
  const result = findConfigChanges(revision({ "c.yaml": bad }), revision({ "c.yaml": bad }));
  expect(result.problems.map((p) => `${p.file}:${p.line} ${p.message}`)).toEqual([
    'c.yaml:1 configmap/c: data key "PORT" must be a string, found a number (quote it; kubectl would reject it)',
  ]);
});
