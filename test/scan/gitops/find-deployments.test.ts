// The search for GitOps objects that deploy the touched folders: it must never read the repository
// because a folder is named like a common value (`apps` is in every `apiVersion: apps/v1`,
// `default` in every `namespace: default`), and a repository without a GitOps object pays one
// search per run, whatever is asked.
import { afterEach, describe, expect, test } from "vitest";
import { createMemoryLog } from "../../../src/core/log.js";
import { createGit } from "../../../src/git/create-git.js";
import type { Git } from "../../../src/git/git.js";
import { ANY_PATH, findDeployments, namedPaths } from "../../../src/scan/gitops/find-deployments.js";
import type { ScanOptions } from "../../../src/scan/scan-model.js";
import { scanRepository } from "../../../src/scan/scan-repository.js";
import { commitTwice, type TempRepo } from "../../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../../helpers/manifests.js";
import { DEFAULTS, GIT_OPTIONS } from "../../helpers/settings.js";

const repos: TempRepo[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
});

const options: ScanOptions = {
  paths: DEFAULTS.paths,
  exclude: DEFAULTS.exclude,
  defaultNamespace: DEFAULTS.namespace,
  maxFileSize: DEFAULTS.maxFileSize,
};

const app = (name: string, level: string) =>
  yamlDocs(
    configMap(`${name}-config`, { LEVEL: level }),
    deployment(name, pod({ envFrom: [{ configMapRef: { name: `${name}-config` } }] })),
  );
const service = (port: number) =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: default\nspec:\n  ports:\n  - port: ${port}\n`;

/** A git adapter that records the searches and the reads of whole files (paths, by call). */
function counting(git: Git) {
  const greps: string[][] = [];
  const reads: string[][] = [];
  const adapter = Object.create(git) as Git;
  adapter.grepFiles = (rev, needles, pathspecs, signal) => {
    greps.push([...needles]);
    return git.grepFiles(rev, needles, pathspecs, signal);
  };
  adapter.grepAndReadFiles = (rev, needles, pathspecs, opts) => {
    greps.push([...needles]);
    return git.grepAndReadFiles(rev, needles, pathspecs, opts);
  };
  adapter.readFilesUpTo = (rev, paths, max) => {
    if (max > 0) reads.push([...paths]);
    return git.readFilesUpTo(rev, paths, max);
  };
  return { adapter, greps, reads };
}

async function repoOf(before: Record<string, string>, after: Record<string, string>) {
  const repo = await commitTwice(before, after);
  repos.push(repo);
  const git = await createGit(repo.dir, GIT_OPTIONS);
  return { repo, git, base: await git.resolveCommit("HEAD~1"), head: await git.resolveCommit("HEAD") };
}

describe("folders named like common values", () => {
  // Twenty workloads under apps/, v1/ and default/: each file holds `apps/v1`, `v1` and `default`.
  const tree = (level: string) => {
    const files: Record<string, string> = {};
    for (const top of ["apps", "v1", "default"]) {
      for (let i = 0; i < 7; i++) files[`${top}/team/app${i}/app.yaml`] = app(`${top}-app${i}`, "info");
    }
    files["apps/team/app0/app.yaml"] = app("apps-app0", level);
    files["default/team/web/service.yaml"] = service(80);
    return files;
  };

  test("a config change reads its file, nothing because of a folder's name, in one search", async () => {
    const { git, base, head } = await repoOf(tree("info"), tree("debug"));
    const { adapter, greps, reads } = counting(git);
    const scan = await scanRepository(adapter, base, head, options, createMemoryLog());
    expect(scan.changes.map((c) => c.id.name)).toEqual(["apps-app0-config"]);
    expect(scan.workloads.map((w) => w.id.name)).toContain("apps-app0");
    // The files read: the changed one at both commits, nothing for the GitOps search (no object).
    expect(new Set(reads.flat())).toEqual(new Set(["apps/team/app0/app.yaml"]));
    // One pass over the tree: the consumers' names and the GitOps apiVersions together, no spelling
    // of a folder's name.
    expect(greps).toHaveLength(1);
    expect(greps[0]).toEqual(expect.arrayContaining(["apps-app0-config", "kustomize.toolkit.fluxcd.io/v"]));
    expect(greps.flat().some((n) => /apps|default|\bv1\b/.test(n) && !n.includes("config"))).toBe(false);
  });

  test("the one search also finds the GitOps objects: the namespace one sets applies", async () => {
    const flux =
      "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps\nspec:\n  path: ./apps/team\n  targetNamespace: team\n";
    const { git, base, head } = await repoOf(
      { ...tree("info"), "clusters/apps.yaml": flux },
      { ...tree("debug"), "clusters/apps.yaml": flux },
    );
    const { adapter, greps } = counting(git);
    const scan = await scanRepository(adapter, base, head, options, createMemoryLog());
    expect(scan.changes.map((c) => `${c.id.namespace}/${c.id.name}`)).toEqual(["team/apps-app0-config"]);
    expect(scan.workloads.map((w) => `${w.id.namespace}/${w.id.name}`)).toContain("team/apps-app0");
    expect(greps).toHaveLength(1);
  });

  test("a change to a Service alone asks nothing about GitOps objects", async () => {
    const before = tree("info");
    const after = { ...tree("info"), "default/team/web/service.yaml": service(8080) };
    const { git, base, head } = await repoOf(before, after);
    const { adapter, greps, reads } = counting(git);
    const scan = await scanRepository(adapter, base, head, options, createMemoryLog());
    expect(scan.changes).toEqual([]);
    expect(greps).toEqual([]);
    expect(reads.flat()).toEqual(["default/team/web/service.yaml", "default/team/web/service.yaml"]);
  });
});

describe("the GitOps objects of a repository", () => {
  const flux = (name: string, path: string) =>
    `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: ${name}\n  namespace: flux-system\nspec:\n  path: ${path}\n  targetNamespace: ${name}\n`;
  const argo = JSON.stringify({
    apiVersion: "argoproj.io/v1alpha1",
    kind: "Application",
    metadata: { name: "base", namespace: "argocd" },
    spec: { source: { path: "base/" }, destination: { namespace: "shop" } },
  });

  test("are searched for once per run; a directory is found by its whole path value", async () => {
    const files = {
      "clusters/prod/apps.yaml": `${flux("web", "./apps/web")}---\n${flux("api", '"apps/api"')}`,
      "clusters/prod/base.json": argo,
      "apps/web/app.yaml": app("web", "info"),
      "apps/api/app.yaml": app("api", "info"),
      "base/app.yaml": app("shop", "info"),
      // Names the folders in other fields: not a deployment of them.
      "apps/web/notes.yaml":
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  path: apps\n",
    };
    const { git, head } = await repoOf(files, { "README.md": "b\n" });
    const { adapter, greps, reads } = counting(git);
    const dirsOf = async (dirs: string[]) =>
      (await findDeployments(adapter, { head }, dirs)).map((d) => `${d.dir} by ${d.by}`);
    expect(await dirsOf(["apps", "apps/web"])).toEqual(["apps/web by Flux Kustomization flux-system/web"]);
    expect(await dirsOf(["apps/api", "base"])).toEqual([
      "apps/api by Flux Kustomization flux-system/api",
      "base by Argo CD Application argocd/base",
    ]);
    expect(await dirsOf(["apps", "default", "v1"])).toEqual([]);
    expect(greps).toHaveLength(1);
    // Only the files holding a GitOps object were read, once.
    expect(reads).toEqual([["clusters/prod/apps.yaml", "clusters/prod/base.json"]]);
  });

  test("a path value is taken whole: quotes, ./ and a trailing slash aside", () => {
    const text = [
      "spec:",
      "  path: ./apps/web/ # the web app",
      '  "path": "platform"',
      "  sources: [{path: 'v1', repoURL: x}]",
      "apiVersion: apps/v1",
      "  namespace: default",
      "  mountPath: /config",
      "  path: apps/web/base",
      "  path: '{{path}}'",
      "  path: $CLUSTER/apps",
      // Folder names are data: any character, a newline included.
      '  path: "odd/new\\nline, \\"quoted\\": *"',
      "  path: 'odd/it''s'",
    ].join("\n");
    expect(namedPaths(text).sort()).toEqual([
      "apps/web",
      "apps/web/base",
      "odd/it's",
      'odd/new\nline, "quoted": *',
      "platform",
      "v1",
    ]);
    // A value not on its key's line (or an alias, a block scalar): the file is read for any folder.
    expect(namedPaths("spec:\n  path:\n    ./apps\n")).toEqual([ANY_PATH]);
    expect(namedPaths("spec:\n  path: *dir\n")).toEqual([ANY_PATH]);
  });
});
