// A kustomization whose changed inputs only changed in form (a formatter's push: every YAML input
// parses to the same data at both commits) renders the same objects at both commits: it is not
// rendered, and the plan says how many renders it skipped. Real `kubectl kustomize`, the CLI
// function in-process, as a user runs it.
import { describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { dryRun, parseRunJson, type RunJson } from "../helpers/run-json.js";

type Files = Record<string, string | null>;

const commitTwice = useCommitTwice();

async function plan(before: Files, after: Files, output = "json") {
  const repo = await commitTwice(before, after);
  const result = await dryRun(repo.dir, [], output);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}
const planJson = async (before: Files, after: Files) => parseRunJson(await plan(before, after));

const web = (config: string) => deployment("web", pod({ envFrom: [{ configMapRef: { name: config } }] }));
/** YAML without anchors (a reader may resolve those its own way: never taken as the same data). */
const plain = (...objects: unknown[]) =>
  objects.map((o) => stringify(o, { aliasDuplicateObjects: false })).join("---\n");
const app = (level: string) => plain(configMap("web-config", { LOG_LEVEL: level }), web("web-config"));
/** The same data written another way: flow style, other quotes, comments, a trailing `---`. */
const reformatted = (level: string) =>
  [
    "# the web app",
    "apiVersion: v1",
    "kind: ConfigMap",
    'metadata: {name: "web-config"}',
    `data: {LOG_LEVEL: '${level}'}   # a comment`,
    "---",
    stringify(web("web-config"), { indent: 4, aliasDuplicateObjects: false }),
    "---",
    "",
  ].join("\n");
const tree = (appYaml: string, kustomization = "resources:\n- app.yaml\n"): Files => ({
  "app/kustomization.yaml": kustomization,
  "app/app.yaml": appYaml,
});
const restarts = (p: RunJson) =>
  p.workloads.filter((w) => w.action === "restart").map((w) => `${w.kind}/${w.namespace}/${w.name}`);
const NOT_RENDERED =
  "kustomize app: not rendered, its changed inputs parse to the same data at both commits (only their formatting changed) and no config or workload elsewhere";

describe("a kustomization whose inputs changed only in form", () => {
  test("is not rendered; the plan says so and counts the renders skipped (JSON and text)", async () => {
    const before = tree(app("info"));
    const after = tree(reformatted("info"), "resources:   [app.yaml]   # formatted\n");
    const p = await planJson(before, after);
    expect(p.outcome).toBe("nothing-to-do");
    expect(p.sources).toEqual([NOT_RENDERED]);
    expect(p.skippedRenders).toBe(2);
    const text = await plan(before, after, "text");
    expect(text).toContain(`  ${NOT_RENDERED}\n  2 render(s) skipped:`);
  });

  test("is rendered when a value changed, even one written alike as a string (1.0 is not 1)", async () => {
    const p = await planJson(tree(app("info")), tree(reformatted("debug")));
    expect(p.sources).toEqual(["kustomize app: rendered at both commits"]);
    expect(p.skippedRenders).toBeUndefined();
    expect(restarts(p)).toEqual(["Deployment/default/web"]);
    const numbers = (v: string) => tree(plain(web("web-config")).replace("replicas: 2", `replicas: ${v}`));
    expect((await planJson(numbers("2"), numbers("2.0"))).sources).toEqual([
      "kustomize app: rendered at both commits",
    ]);
  });

  test("is rendered when a generator reads the changed file: its bytes are the config's content", async () => {
    const kustomization =
      "resources:\n- app.yaml\nconfigMapGenerator:\n- name: settings\n  files:\n  - settings.yaml\n";
    const files = (settings: string) => ({
      ...tree(app("info"), kustomization),
      "app/settings.yaml": settings,
    });
    const p = await planJson(files("a: 1\n"), files("a:   1   # reformatted\n"));
    expect(p.sources).toEqual(["kustomize app: rendered at both commits"]);
    expect(p.changes.map((c) => c.name)).toEqual([expect.stringMatching(/^settings-/)]);
  });

  test("is rendered after all when the range changes a config elsewhere that its workload reads", async () => {
    const shared = (a: string) => yamlDocs(configMap("shared", { A: a }));
    const reader = (style: string) =>
      style === "block" ? plain(web("shared")) : `${JSON.stringify(web("shared"), null, 1)}\n`;
    const p = await planJson(
      { ...tree(reader("block")), "raw/shared.yaml": shared("1") },
      { ...tree(reader("json")), "raw/shared.yaml": shared("2") },
    );
    expect(p.sources).toEqual(["kustomize app: rendered at both commits"]);
    expect(p.skippedRenders).toBeUndefined();
    expect(restarts(p)).toEqual(["Deployment/default/web"]);
  });
});
