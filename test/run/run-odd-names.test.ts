// File and folder names are data: any character, a newline included. A name with a newline, a
// quote, a colon, a backslash or a glob character is planned like any other, wherever it reaches git
// (cat-file, ls-tree, pathspecs, grep), a search pattern, a renderer or a report; never an internal
// error. The CLI function in-process on real repositories, real `kubectl kustomize`.
import { describe, expect, test } from "vitest";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { dryRun, parseRunJson, type RunJson } from "../helpers/run-json.js";

const commitTwice = useCommitTwice();
const ODD = [
  "new\nline",
  'quo"te',
  "sin'gle",
  "co:lon",
  "gl*ob",
  "br[a]ck",
  "back\\slash",
  "-dash",
  "sp ace",
];

async function plan(
  before: Record<string, string | null>,
  after: Record<string, string | null>,
  output = "json",
) {
  const repo = await commitTwice(before, after);
  const result = await dryRun(repo.dir, [], output);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).not.toMatch(/looks like a bug/);
  return result;
}
const planJson = async (before: Record<string, string | null>, after: Record<string, string | null>) =>
  parseRunJson((await plan(before, after)).stdout);

const config = (name: string, level: string) => yamlDocs(configMap(name, { LEVEL: level }));
const reader = (name: string, config: string) =>
  yamlDocs(deployment(name, pod({ envFrom: [{ configMapRef: { name: config } }] })));
const restarts = (p: RunJson) =>
  p.workloads
    .filter((w) => w.action === "restart")
    .map((w) => w.name)
    .sort();

describe("odd file and folder names", () => {
  test("raw files: read at both commits (cat-file, ls-tree) and found as consumers (grep)", async () => {
    const files = (level: string) =>
      Object.fromEntries(
        ODD.flatMap((name, i) => [
          [`apps/${name}/config.yaml`, config(`cfg-${i}`, level)],
          // The consumer in another odd folder: found by the search, read by its name.
          [`readers/${name}:${i}.yaml`, reader(`web-${i}`, `cfg-${i}`)],
        ]),
      );
    const p = await planJson(files("info"), files("debug"));
    expect(p.changes.map((c) => c.file).sort()).toEqual(ODD.map((name) => `apps/${name}/config.yaml`).sort());
    expect(restarts(p)).toEqual(ODD.map((_, i) => `web-${i}`).sort());
    expect(p.workloads.map((w) => w.file).sort()).toEqual(
      ODD.map((name, i) => `readers/${name}:${i}.yaml`).sort(),
    );
  });

  test("kustomizations: discovered, checked out (checkout-index) and rendered in odd folders", async () => {
    const files = (level: string) => ({
      ...Object.fromEntries(
        ODD.flatMap((name, i) => [
          [`kz/${name}/kustomization.yaml`, "resources:\n- app.yaml\n"],
          [`kz/${name}/app.yaml`, `${config(`k-${i}`, level)}---\n${reader(`kw-${i}`, `k-${i}`)}`],
        ]),
      ),
      // What `kz/gl*ob` would match as a glob: never read in its place.
      "kz/glXob/kustomization.yaml": "resources: [missing.yaml]\n",
    });
    const p = await planJson(files("info"), files("debug"));
    expect(p.changes.map((c) => c.origin).sort()).toEqual(ODD.map((name) => `kustomize kz/${name}`).sort());
    expect(restarts(p)).toEqual(ODD.map((_, i) => `kw-${i}`).sort());
  });

  test("a GitOps object naming an odd folder: found by the search (its path value decoded)", async () => {
    const flux = (path: string, namespace: string) =>
      `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: ${namespace}\n  namespace: flux-system\nspec:\n  path: ${JSON.stringify(path)}\n  targetNamespace: ${namespace}\n`;
    const files = (level: string) =>
      Object.fromEntries(
        ODD.flatMap((name, i) => [
          [`apps/${name}/app.yaml`, `${config(`cfg-${i}`, level)}---\n${reader(`web-${i}`, `cfg-${i}`)}`],
          [`clusters/prod/${i}.yaml`, flux(`./apps/${name}`, `team-${i}`)],
        ]),
      );
    const p = await planJson(files("info"), files("debug"));
    expect(p.changes.map((c) => `${c.namespace}/${c.name}`).sort()).toEqual(
      ODD.map((_, i) => `team-${i}/cfg-${i}`).sort(),
    );
  });

  test("a plain folder Flux builds: its odd file names listed in the generated kustomization", async () => {
    const flux =
      "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: web\n  namespace: flux-system\nspec:\n  path: ./plain\n  namePrefix: prod-\n";
    const files = (level: string) => ({
      "clusters/prod/web.yaml": flux,
      ...Object.fromEntries(ODD.map((name, i) => [`plain/${name}/config.yaml`, config(`cfg-${i}`, level)])),
      "plain/web.yaml": reader("web", "cfg-0"),
    });
    const p = await planJson(files("info"), files("debug"));
    expect(p.changes.map((c) => c.name).sort()).toEqual(ODD.map((_, i) => `prod-cfg-${i}`).sort());
    expect(restarts(p)).toEqual(["prod-web"]);
  });

  test("pathspecs: an unread file with glob characters in its name is searched by that exact name", async () => {
    // cfg-0 leaves a.yaml; the changed file that may still define it is broken at head. Searched
    // with `[a]` as a glob, its name would match `lists/brack.yaml`, not itself.
    const broken = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg-0\ndata: [oops\n";
    const p = await planJson(
      {
        "a.yaml": config("cfg-0", "info"),
        "lists/br[a]ck\n.yaml": config("other", "x"),
        "lists/brack\n.yaml": "x: 1\n",
      },
      { "a.yaml": config("cfg-1", "info"), "lists/br[a]ck\n.yaml": broken },
    );
    expect(p.changes.map((c) => `${c.name} ${c.status}`)).not.toContain("cfg-0 deleted");
    expect(p.problems.map((x) => x.message)).toContain(
      "cannot tell whether configmap/cfg-0 (namespace default) changed: the file has errors at the head commit",
    );
  });

  test("reports: a name cannot forge a line a CI log reads as a command", async () => {
    const folder = "x\n::error file=a.yaml::forged\n##[warning]forged";
    const p = await plan(
      { [`${folder}/config.yaml`]: config("cfg", "info") },
      { [`${folder}/config.yaml`]: config("cfg", "debug") },
      "text",
    );
    for (const line of `${p.stdout}\n${p.stderr}`.split("\n")) {
      expect(line).not.toMatch(/^\s*::/);
      expect(line).not.toContain("##[");
    }
    expect(p.stdout).toContain("forged");
  });
});
