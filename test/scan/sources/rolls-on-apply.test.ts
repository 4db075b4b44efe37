import { describe, expect, test } from "vitest";
import type { ConfigChange, ConfigSnapshot, Manifest, PlannedWorkload } from "../../../src/core/model.js";
import { blameFile } from "../../../src/scan/sources/blame.js";
import {
  markRollsOnApply,
  nameWithoutHashSuffix,
  pairHashSuffixRenames,
} from "../../../src/scan/sources/rolls-on-apply.js";

describe("hash-suffix renames", () => {
  const change = (name: string, status: ConfigChange["status"], origin?: string): ConfigChange => ({
    id: { kind: "ConfigMap", namespace: "prod", name },
    status,
    file: "f",
    line: 1,
    keys: [],
    ...(origin ? { origin } : {}),
  });
  const snap = (name: string, content: Record<string, string>): [string, ConfigSnapshot] => [
    `ConfigMap/prod/${name}`,
    { id: { kind: "ConfigMap", namespace: "prod", name }, file: "f", line: 1, content },
  ];
  const snapshots = {
    base: new Map([snap("web-abcdefgh12", { a: "MQ==", b: "Mg==" })]),
    head: new Map([snap("web-zyxwvuts98", { a: "MQ==", b: "Mw==" })]),
  };

  test.each([
    ["web-config-5g2k7hk7b9", "web-config"],
    ["web-config", undefined],
    ["web-config-short", undefined],
  ])("stem of %s is %s", (name, stem) => {
    expect(nameWithoutHashSuffix(name)).toBe(stem);
  });

  test("a rendered deletion and addition of one stem become one modified change with the changed keys", () => {
    const paired = pairHashSuffixRenames(
      [change("web-abcdefgh12", "deleted", "k"), change("web-zyxwvuts98", "added", "k")],
      snapshots,
    );
    expect(paired).toEqual([
      { ...change("web-zyxwvuts98", "modified", "k"), keys: ["b"], previousName: "web-abcdefgh12" },
    ]);
  });

  test.each([
    ["raw files are never paired", [change("web-abcdefgh12", "deleted"), change("web-zyxwvuts98", "added")]],
    [
      "two additions of one stem are ambiguous",
      [
        change("web-abcdefgh12", "deleted", "k"),
        change("web-zyxwvuts98", "added", "k"),
        change("web-qqqqqqqqqq", "added", "k"),
      ],
    ],
    [
      "different stems stay apart",
      [change("web-abcdefgh12", "deleted", "k"), change("api-zyxwvuts98", "added", "k")],
    ],
  ])("%s", (_label, changes) => {
    expect(pairHashSuffixRenames(changes, snapshots)).toEqual(changes);
  });
});

describe("markRollsOnApply", () => {
  const deployment = (image: string): Manifest => ({
    id: { kind: "Deployment", namespace: "prod", name: "web" },
    file: "d.yaml",
    line: 1,
    object: {
      kind: "Deployment",
      spec: { replicas: 1, template: { spec: { containers: [{ name: "a", image }] } } },
    },
  });
  const planned: PlannedWorkload = {
    id: { kind: "Deployment", namespace: "prod", name: "web" },
    action: "restart",
    reason: "consumes configmap/web",
    references: [],
    source: "repo",
  };

  test.each([
    ["a changed pod template rolls on apply", [deployment("a:1")], [deployment("a:2")], "skip"],
    ["an unchanged pod template is restarted", [deployment("a:1")], [deployment("a:1")], "restart"],
    ["a workload not read at base is restarted", [], [deployment("a:2")], "restart"],
  ])("%s", (_label, base, head, action) => {
    const [result] = markRollsOnApply([planned], base, head, []);
    expect(result?.action).toBe(action);
    expect(result?.rollsOnApply === true).toBe(action === "skip");
  });
});

describe("blameFile", () => {
  const generators = [
    { kind: "ConfigMap" as const, name: "web-config", files: ["app/app.properties", "app/other.env"] },
  ];
  test.each([
    [
      "a changed generator input",
      { kind: "ConfigMap", name: "web-config-abc1234567" },
      ["app/app.properties", "app/deploy.yaml"],
      "app/app.properties",
    ],
    [
      "the one changed patch naming the object",
      { kind: "ConfigMap", name: "prod-db-config" },
      ["o/a.yaml", "o/b.yaml"],
      "o/b.yaml",
    ],
    ["the only changed input", { kind: "Deployment", name: "web" }, ["base/x.yaml"], "base/x.yaml"],
    [
      "nothing when several inputs could be to blame",
      { kind: "Deployment", name: "web" },
      ["o/a.yaml", "base/x.yaml"],
      undefined,
    ],
  ])("%s", (_label, object, changedInputs, blamed) => {
    const texts = new Map([
      ["o/a.yaml", "metadata:\n  name: cache\n"],
      ["o/b.yaml", "metadata:\n  name: db-config\n"],
    ]);
    expect(blameFile(object, { changedInputs, generators, texts })).toBe(blamed);
  });
});
