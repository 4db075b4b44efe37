// Issue 22: what a kustomization may name before anything renders it (pure rules).
import { describe, expect, test } from "vitest";
import { readKustomizationFile } from "../../../src/core/sources/kustomization-file.js";
import { refusedEntries } from "../../../src/core/sources/kustomize-entries.js";
import { untrustedHead } from "../../../src/core/untrusted-head.js";

const k = (text: string) => readKustomizationFile("overlays/prod/kustomization.yaml", text);
const untrusted = { untrustedHead: "a pull request from a fork", allowRemote: false };
const trusted = { untrustedHead: undefined, allowRemote: false };

describe("entries outside the repository", () => {
  test.each([
    ["resources:\n- ../../../../etc/passwd\n", "../../../../etc/passwd"],
    ["resources:\n- /etc/passwd\n", "/etc/passwd"],
    ["configMapGenerator:\n- name: c\n  files:\n  - key=../../../x.env\n", "../../../x.env"],
    ["secretGenerator:\n- name: s\n  envs:\n  - ../../../../tmp/s.env\n", "../../../../tmp/s.env"],
    ["patches:\n- path: ../../../p.yaml\n", "../../../p.yaml"],
    ["replacements:\n- path: ../../../r.yaml\n", "../../../r.yaml"],
    ["components:\n- ../../../c\n", "../../../c"],
  ])("%j is refused at either commit, trusted or not", (text, entry) => {
    for (const side of ["head", "base"] as const) {
      expect(refusedEntries("kustomize overlays/prod", [k(text)], side, trusted)).toContain(
        `names ${JSON.stringify(entry)}, which is outside the repository`,
      );
    }
  });

  test("a path that climbs only to the repository's root is inside", () => {
    expect(refusedEntries("x", [k("resources:\n- ../../base\n")], "head", untrusted)).toBeUndefined();
  });
});

describe("remote entries", () => {
  const remotes = [
    "github.com/org/repo//deploy?ref=v1",
    "git::https://example.com/org/repo.git//deploy",
    "https://example.com/all.yaml",
    "ssh://git@example.com/org/repo.git",
    "git@github.com:org/repo.git//deploy",
  ];
  test.each(remotes)("%s is refused at an untrusted head only", (remote) => {
    const ks = [k(`resources:\n- ${remote}\n`)];
    expect(refusedEntries("x", ks, "head", untrusted)).toContain(
      `names the remote resource ${JSON.stringify(remote)}`,
    );
    expect(refusedEntries("x", ks, "base", untrusted)).toBeUndefined();
    expect(refusedEntries("x", ks, "head", trusted)).toBeUndefined();
    expect(refusedEntries("x", ks, "head", { ...untrusted, allowRemote: true })).toBeUndefined();
  });
});

describe("an untrusted head", () => {
  test("GitHub: fork pull requests and pull_request_target; a push is trusted", () => {
    const gh = (name: string) => ({ GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: name });
    expect(untrustedHead(gh("pull_request_target"), undefined)).toBe("a pull_request_target event");
    expect(untrustedHead(gh("pull_request"), undefined)).toBe("a pull request from a fork");
    const same = {
      pull_request: { head: { repo: { full_name: "o/r" } }, base: { repo: { full_name: "o/r" } } },
    };
    expect(untrustedHead(gh("pull_request"), same)).toBeUndefined();
    expect(untrustedHead(gh("push"), undefined)).toBeUndefined();
  });

  test("GitLab: a merge request from another project", () => {
    const mr = (source: string) => ({
      GITLAB_CI: "true",
      CI_MERGE_REQUEST_SOURCE_PROJECT_ID: source,
      CI_MERGE_REQUEST_PROJECT_ID: "1",
    });
    expect(untrustedHead(mr("2"), undefined)).toBe("a merge request from a fork");
    expect(untrustedHead(mr("1"), undefined)).toBeUndefined();
    expect(untrustedHead({}, undefined)).toBeUndefined();
  });
});
