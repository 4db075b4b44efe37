import { expect, test } from "vitest";
import { configNamesInText } from "../../../src/scan/manifests/config-names-in-text.js";

test.each([
  [
    "a ConfigMap",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\n  namespace: shop\ndata:\n  a: b\n",
    ["app-config"],
  ],
  [
    "name after labels that hold a deeper name",
    "kind: Secret\nmetadata:\n  labels:\n    name: not-this\n  name: db # the real one\n",
    ["db"],
  ],
  ["quoted name", "kind: 'ConfigMap'\nmetadata:\n  name: \"quoted\"\n", ["quoted"]],
  [
    "several documents, workloads ignored",
    "kind: ConfigMap\nmetadata:\n  name: one\n---\nkind: Deployment\nmetadata:\n  name: web\n---  # two\nkind: Secret\nmetadata:\n  name: two\n",
    ["one", "two"],
  ],
  ["flow-style metadata is not guessed (the parser decides)", "kind: ConfigMap\nmetadata: {name: app}\n", []],
  ["a JSON file is not guessed", '{"kind": "ConfigMap", "metadata": {"name": "app"}}', []],
])("%s", (_label, text, names) => {
  expect(configNamesInText(text)).toEqual(names);
});
