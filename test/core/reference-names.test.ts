// Issue 12, item 6: names in a pod spec that Kubernetes would reject neither crash the run (a config
// name with a newline cannot be searched for with git grep) nor reach a report unescaped.
import { expect, test } from "vitest";
import { findReferences } from "../../src/core/config-references.js";

test("a reference to a config name Kubernetes would reject is ignored", () => {
  const spec = {
    containers: [
      {
        name: "app",
        envFrom: [
          { configMapRef: { name: "ok" } },
          { configMapRef: { name: "a\nb" } },
          { secretRef: { name: "Bad_Name" } },
        ],
      },
    ],
    volumes: [{ name: "v", configMap: { name: "x y" } }],
  };
  expect(findReferences(spec).map((r) => r.configName)).toEqual(["ok"]);
});

test("container, env and volume names with control characters are escaped in the reference path", () => {
  const spec = {
    containers: [
      {
        name: "app\n::error::x",
        env: [{ name: "A\u001b[31m", valueFrom: { configMapKeyRef: { name: "cfg", key: "k" } } }],
      },
    ],
    volumes: [{ name: "v\r\n", configMap: { name: "cfg" } }],
  };
  const paths = findReferences(spec).map((r) => r.path);
  expect(paths).toEqual(['volumes["v\\r\\n"]', 'containers["app\\n::error::x"].env["A\\u001b[31m"]']);
  for (const path of paths) expect([...path].some((char) => char.charCodeAt(0) < 0x20)).toBe(false);
});
