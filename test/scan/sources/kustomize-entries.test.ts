// Issue 22: what a kustomization may name before anything renders it (pure rules).
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { untrustedHead } from "../../../src/range/untrusted-head.js";
import {
  classifyEntry,
  namedValues,
  readKustomizationFile,
} from "../../../src/scan/sources/kustomization-file.js";
import { pathsOf, refusedEntries } from "../../../src/scan/sources/kustomize-entries.js";

const readDoc = (text: string): unknown => parse(text);
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
    const present = { ...untrusted, presentAtHead: new Set(["base"]) };
    expect(refusedEntries("x", [k("resources:\n- ../../base\n")], "head", present)).toBeUndefined();
  });
});

describe("remote entries", () => {
  const remotes = [
    "github.com/org/repo//deploy?ref=v1",
    "git::https://example.com/org/repo.git//deploy",
    "https://example.com/all.yaml",
    "ssh://git@example.com/org/repo.git",
    "git@github.com:org/repo.git//deploy",
    // kustomize takes these for git repositories too (its repospec.go: the GitHub host in any case,
    // with a slash or a colon; any scheme's case; `git::` in any case).
    "github.com:org/repo//deploy",
    "GitHub.com/org/repo//deploy",
    "GITHUB.COM/org/repo//deploy?ref=v1",
    "GitHub.com:org/repo//deploy",
    "HTTPS://example.com/org/repo//deploy",
    "Http:example.com/all.yaml",
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

// kustomize loads a resource, base, component, generator, transformer or validator from a git
// repository when no file is at its path and the entry parses as one: from an untrusted head, an
// entry naming no path of the head's tree is remote, whatever its spelling.
describe("entries naming no path of the head", () => {
  const loadable = ["resources", "bases", "components", "generators", "transformers", "validators"];
  test.each(loadable)("%s: refused from an untrusted head unless the path exists there", (field) => {
    const ks = [k(`${field}:\n- git@github.com/org/repo//deploy\n- ../../base\n- local.yaml\n`)];
    const present = new Set(["base", "overlays/prod/local.yaml"]);
    expect(
      refusedEntries("kustomize overlays/prod", ks, "head", { ...untrusted, presentAtHead: present }),
    ).toBe(
      'kustomize overlays/prod: overlays/prod/kustomization.yaml at the head commit names "git@github.com/org/repo//deploy", which is no file or directory of the head commit, so kustomize would fetch it as a remote resource, and the head is a pull request from a fork: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: name a path of the repository (vendor the resource into it), or pass --allow-remote-kustomize if you trust every pull request author',
    );
    present.add("overlays/prod/git@github.com/org/repo/deploy");
    expect(refusedEntries("x", ks, "head", { ...untrusted, presentAtHead: present })).toBeUndefined();
    // Not looked up (no untrusted head, or remote allowed), and never at base.
    expect(refusedEntries("x", ks, "head", trusted)).toBeUndefined();
    expect(refusedEntries("x", ks, "head", { ...untrusted, allowRemote: true })).toBeUndefined();
    expect(refusedEntries("x", ks, "base", untrusted)).toBeUndefined();
  });

  test("without the head's paths every local entry is refused (fail closed)", () => {
    expect(refusedEntries("x", [k("resources:\n- local.yaml\n")], "head", untrusted)).toContain(
      'names "local.yaml", which is no file or directory of the head commit',
    );
  });

  test("patch, generator and CRD files are read as files only: a missing one is no remote", () => {
    const ks = [k("patches:\n- path: gone.yaml\nconfigMapGenerator:\n- name: c\n  files:\n  - gone.env\n")];
    expect(refusedEntries("x", ks, "head", { ...untrusted, presentAtHead: new Set() })).toBeUndefined();
  });

  test("a kustomization that does not parse is refused from an untrusted head: its entries are unknown", () => {
    const ks = [k("resources:\n- a.yaml\nresources:\n- GitHub.com/org/repo\n")];
    expect(refusedEntries("x", ks, "head", untrusted)).toContain(
      "overlays/prod/kustomization.yaml at the head commit cannot be read (",
    );
    expect(refusedEntries("x", ks, "head", trusted)).toBeUndefined();
  });

  test("pathsOf: a listing's files and the directories above them", () => {
    expect([...pathsOf(["a/b/c.yaml", "a/d.yaml", "e"])].sort()).toEqual([
      "a",
      "a/b",
      "a/b/c.yaml",
      "a/d.yaml",
      "e",
    ]);
  });
});

// Issue 32: every field that can name a file or URL goes through the one check (classifyEntry, fed
// by namedValues), so a remote or outside value is caught in each of them.
describe("every naming field, one check", () => {
  const fields: Array<[string, (value: string) => string]> = [
    ["resources", (v) => `resources:\n- ${v}\n`],
    ["bases", (v) => `bases:\n- ${v}\n`],
    ["components", (v) => `components:\n- ${v}\n`],
    ["patches[].path", (v) => `patches:\n- path: ${v}\n`],
    ["patchesStrategicMerge", (v) => `patchesStrategicMerge:\n- ${v}\n`],
    [
      "patchesJson6902[].path",
      (v) => `patchesJson6902:\n- target: {kind: Deployment, name: x}\n  path: ${v}\n`,
    ],
    ["configMapGenerator files", (v) => `configMapGenerator:\n- name: c\n  files:\n  - k=${v}\n`],
    ["configMapGenerator envs", (v) => `configMapGenerator:\n- name: c\n  envs:\n  - ${v}\n`],
    ["secretGenerator env", (v) => `secretGenerator:\n- name: s\n  env: ${v}\n`],
    ["replacements[].path", (v) => `replacements:\n- path: ${v}\n`],
    ["openapi.path", (v) => `openapi:\n  path: ${v}\n`],
    ["crds", (v) => `crds:\n- ${v}\n`],
    ["configurations", (v) => `configurations:\n- ${v}\n`],
    ["transformers", (v) => `transformers:\n- ${v}\n`],
    ["generators", (v) => `generators:\n- ${v}\n`],
    ["validators", (v) => `validators:\n- ${v}\n`],
    ["helmCharts[].valuesFile", (v) => `helmCharts:\n- name: c\n  valuesFile: ${v}\n`],
  ];
  const url = "http://attacker.example/p.yaml";
  const fileUrl = "file:///path/outside//dir?ref=main";

  test.each(fields)("%s: a URL is remote (refused from an untrusted head)", (_field, yaml) => {
    const ks = [k(yaml(url))];
    expect(ks[0]!.remote).toEqual([url]);
    expect(refusedEntries("x", ks, "head", untrusted)).toContain(
      `names the remote resource ${JSON.stringify(url)}`,
    );
  });

  test.each(fields)("%s: file:// is outside the repository (refused even when trusted)", (_field, yaml) => {
    const ks = [k(yaml(fileUrl))];
    expect(ks[0]!.outside).toEqual([fileUrl]);
    for (const side of ["head", "base"] as const) {
      expect(refusedEntries("x", ks, side, trusted)).toContain(
        `names ${JSON.stringify(fileUrl)}, which is outside the repository`,
      );
    }
  });

  test.each(fields)("%s: a path past the repository's root is outside", (_field, yaml) => {
    expect(refusedEntries("x", [k(yaml("../../../x.yaml"))], "head", trusted)).toContain(
      "outside the repository",
    );
  });

  test("classifyEntry: inline YAML is no path; git::file:// is outside; a repository path is local", () => {
    const dir = "overlays/prod";
    expect(classifyEntry(dir, "apiVersion: v1\nkind: ConfigMap\n", "patchesStrategicMerge")).toEqual({
      kind: "inline",
    });
    expect(classifyEntry(dir, "{apiVersion: apps/v1, kind: Deployment}", "patchesStrategicMerge")).toEqual({
      kind: "inline",
    });
    expect(classifyEntry(dir, { inline: true }, "transformers")).toEqual({ kind: "inline" });
    expect(classifyEntry(dir, "git::file:///srv/repo//deploy", "resources")).toMatchObject({
      kind: "outside",
    });
    expect(classifyEntry(dir, "FILE:///srv/repo", "resources")).toMatchObject({ kind: "outside" });
    expect(classifyEntry(dir, "https://example.com/p.yaml", "patchesStrategicMerge")).toMatchObject({
      kind: "remote",
    });
    expect(classifyEntry(dir, "../../base", "resources")).toEqual({ kind: "local", path: "base" });
  });

  test("namedValues lists each field the table above covers", () => {
    // One document per field, each parsed on its own.
    const named = new Set(
      fields.flatMap(([, yaml]) => namedValues(readDoc(yaml("v.yaml"))).map((v) => v.field)),
    );
    for (const f of [
      "resources",
      "bases",
      "components",
      "patches[].path",
      "patchesStrategicMerge",
      "patchesJson6902[].path",
      "configMapGenerator",
      "secretGenerator",
      "replacements[].path",
      "openapi.path",
      "crds",
      "configurations",
      "transformers",
      "generators",
      "validators",
      "helmCharts[].valuesFile",
    ]) {
      expect(named).toContain(f);
    }
  });
});

describe("an untrusted head", () => {
  test("GitHub: fork pull requests and pull_request_target; a push is trusted", () => {
    const gh = (name: string) => ({ GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: name });
    expect(untrustedHead(gh("pull_request_target"), undefined)).toBe("a pull_request_target event");
    expect(untrustedHead(gh("pull_request"), undefined)).toBe(
      "a pull request whose event payload was not read (a fork cannot be ruled out)",
    );
    const fork = {
      pull_request: { head: { repo: { full_name: "f/r" } }, base: { repo: { full_name: "o/r" } } },
    };
    expect(untrustedHead(gh("pull_request"), fork)).toBe("a pull request from a fork");
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

  test("GitLab, fail closed: a merge request pipeline without both project ids is untrusted", () => {
    const gl = { GITLAB_CI: "true", CI_PIPELINE_SOURCE: "merge_request_event", CI_MERGE_REQUEST_IID: "7" };
    expect(untrustedHead(gl, undefined)).toMatch(/^a merge request whose source project is not known/);
    expect(untrustedHead({ ...gl, CI_MERGE_REQUEST_PROJECT_ID: "1" }, undefined)).toMatch(
      /^a merge request whose source project is not known/,
    );
    expect(untrustedHead({ GITLAB_CI: "true", CI_PIPELINE_SOURCE: "push" }, undefined)).toBeUndefined();
    const external = { GITLAB_CI: "true", CI_PIPELINE_SOURCE: "external_pull_request_event" };
    expect(untrustedHead(external, undefined)).toBe(
      "an external pull request whose source repository is not known",
    );
    expect(
      untrustedHead(
        {
          ...external,
          CI_EXTERNAL_PULL_REQUEST_SOURCE_REPOSITORY: "mallory/shop",
          CI_EXTERNAL_PULL_REQUEST_TARGET_REPOSITORY: "acme/shop",
        },
        undefined,
      ),
    ).toBe("an external pull request from a fork");
  });

  test("GitHub, fail closed: a run that names no event is untrusted", () => {
    expect(untrustedHead({ GITHUB_ACTIONS: "true" }, undefined)).toMatch(/names no event/);
  });
});
