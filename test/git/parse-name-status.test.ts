import { expect, test } from "vitest";
import type { FileChange } from "../../src/git/git.js";
import { parseNameStatus } from "../../src/git/parse-name-status.js";

test.each<[string, string, FileChange[]]>([
  ["no changes", "", []],
  [
    "added, modified, deleted, type change",
    "A\0new.yaml\0M\0deploy/app.yaml\0D\0old.yaml\0T\0link.yaml\0",
    [
      { status: "A", path: "new.yaml" },
      { status: "M", path: "deploy/app.yaml" },
      { status: "D", path: "old.yaml" },
      { status: "T", path: "link.yaml" },
    ],
  ],
  [
    "a rename with its similarity score",
    "R087\0base/config.yaml\0overlays/prod/config.yaml\0",
    [{ status: "R", oldPath: "base/config.yaml", path: "overlays/prod/config.yaml" }],
  ],
  ["a copy", "C100\0a.yaml\0b.yaml\0", [{ status: "C", oldPath: "a.yaml", path: "b.yaml" }]],
  [
    "spaces and unicode come through unquoted",
    "M\0my configs/präferenzen ☸.yaml\0R100\0alt name.yaml\0neu name.yaml\0",
    [
      { status: "M", path: "my configs/präferenzen ☸.yaml" },
      { status: "R", oldPath: "alt name.yaml", path: "neu name.yaml" },
    ],
  ],
  [
    "newlines and tabs in names",
    "A\0line\nbreak.yaml\0M\0tab\there.yaml\0",
    [
      { status: "A", path: "line\nbreak.yaml" },
      { status: "M", path: "tab\there.yaml" },
    ],
  ],
  [
    "a file named like a status letter",
    "M\0M\0A\0R100\0",
    [
      { status: "M", path: "M" },
      { status: "A", path: "R100" },
    ],
  ],
  [
    "--raw: the same entries, with modes and object ids in the status field",
    `:100644 100644 ${"a".repeat(40)} ${"b".repeat(40)} M\0deploy/app.yaml\0:100644 100644 ${"a".repeat(40)} ${"a".repeat(40)} R100\0old.yaml\0new.yaml\0`,
    [
      { status: "M", path: "deploy/app.yaml" },
      { status: "R", oldPath: "old.yaml", path: "new.yaml" },
    ],
  ],
  [
    "--raw: a submodule bumped, added, removed, and a file that became one",
    [
      `:160000 160000 ${"1".repeat(40)} ${"2".repeat(40)} M\0vendor/manifests\0`,
      `:000000 160000 ${"0".repeat(40)} ${"3".repeat(40)} A\0libs/new\0`,
      `:160000 000000 ${"4".repeat(40)} ${"0".repeat(40)} D\0libs/old\0`,
      `:100644 160000 ${"5".repeat(40)} ${"6".repeat(40)} T\0deploy/shared\0`,
    ].join(""),
    [
      { status: "M", path: "vendor/manifests", submodule: { from: "1".repeat(40), to: "2".repeat(40) } },
      { status: "A", path: "libs/new", submodule: { to: "3".repeat(40) } },
      { status: "D", path: "libs/old", submodule: { from: "4".repeat(40) } },
      { status: "T", path: "deploy/shared", submodule: { to: "6".repeat(40) } },
    ],
  ],
])("%s", (_name, output, expected) => {
  expect(parseNameStatus(output)).toEqual(expected);
});

test.each([
  ["an unmerged entry", "U\0conflict.yaml\0", /unexpected status "U"/],
  ["a truncated rename", "R100\0only-old.yaml\0", /ends after status "R100"/],
])("rejects %s", (_name, output, message) => {
  expect(() => parseNameStatus(output)).toThrow(message);
});
