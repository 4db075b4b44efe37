// Issue 39 item 6: files the docs say stamp handles are stamped with a minimal edit, and the stamped
// file reads (to kubectl) exactly as `kubectl patch --local -f ORIGINAL -p PATCH` makes the original
// read: `annotations: null` and `annotations: {}` in YAML and in JSON, and a pod template reached
// through a YAML merge key. Where a minimal edit is impossible (the merged mapping is shared), the
// refusal names the field, the merge key's line, why, and what to change.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { runInProcess } from "../helpers/run-cli.js";

const KEY = "config-rollout.io/config-hash";
const closing = useClosing();

const CONFIG = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\ndata: {LOG_LEVEL: info}\n";

/** What kubectl reads from a file, or makes of it with a patch (no cluster: --local). */
async function kubectlReads(file: string, patch = "{}"): Promise<Record<string, unknown>> {
  const args = ["patch", "--local", "-f", file, "-p", patch, "-o", "json"];
  const { stdout } = await promisify(execFile)("kubectl", args, { env: { ...process.env, KUBECONFIG: "" } });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** Stamps `text` as deploy.EXT; returns the stamped text and whether kubectl reads it as its patch of the original. */
async function stamped(text: string, ext = "yaml") {
  const repo = closing(await createTempRepo());
  await repo.write("config.yaml", CONFIG);
  await repo.write(`deploy.${ext}`, text);
  await repo.commit("manifests");
  const run = await runInProcess(["stamp", "--repo", repo.dir]);
  const file = join(repo.dir, `deploy.${ext}`);
  const after = await readFile(file, "utf8");
  return { run, after, file, dir: repo.dir };
}

async function expectKubectlPatchOf(original: string, stampedFile: string, dir: string) {
  const object = await kubectlReads(stampedFile);
  const hash = (object as { spec: { template: { metadata: { annotations: Record<string, string> } } } }).spec
    .template.metadata.annotations[KEY];
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const originalFile = join(dir, "original.input");
  await writeFile(originalFile, original);
  const patch = JSON.stringify({ spec: { template: { metadata: { annotations: { [KEY]: hash } } } } });
  expect(object).toEqual(await kubectlReads(originalFile, patch));
}

/** Lines of `after` not in `before` (every line of `before` must survive, in order, but the replaced ones). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
}

const yamlDeployment = (metadata: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: {app: web}
${metadata}
    spec:
      containers:
        - name: app
          image: registry.example/app:1
          envFrom: [{configMapRef: {name: app}}]
`;

const jsonDeployment = (annotations: string) => `{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {"name": "web"},
  "spec": {
    "selector": {"matchLabels": {"app": "web"}},
    "template": {
      "metadata": {"labels": {"app": "web"}, "annotations": ${annotations}},
      "spec": {"containers": [{"name": "app", "image": "registry.example/app:1", "envFrom": [{"configMapRef": {"name": "app"}}]}]}
    }
  }
}
`;

describe("empty annotations are stamped as kubectl patches them", () => {
  test.each([
    ["YAML annotations: null", yamlDeployment("      annotations: null"), "yaml", 1],
    ["YAML annotations: {}", yamlDeployment("      annotations: {}"), "yaml", 1],
    ["YAML annotations: (no value)", yamlDeployment("      annotations:"), "yaml", 0],
    ["JSON annotations null", jsonDeployment("null"), "json", 1],
    ["JSON annotations {}", jsonDeployment("{}"), "json", 1],
  ])("%s", async (_, original, ext, lines) => {
    const { run, after, file, dir } = await stamped(original, ext);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The minimal edit: the line that held the empty annotations is the only one replaced (if any).
    expect(changedLines(original, after).removed).toHaveLength(lines);
    await expectKubectlPatchOf(original, file, dir);
    const again = await runInProcess(["stamp", "--repo", dir, "--check"]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });
});

describe("a pod template reached through a YAML merge key", () => {
  // The template's mapping is written right at the merge key and used nowhere else: it is this
  // object's alone, and the stamp goes into it.
  const INLINE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchLabels: {app: web}}
  template:
    <<: &pod
      metadata:
        labels: {app: web}
      spec:
        containers:
          - name: app
            image: registry.example/app:1
            envFrom: [{configMapRef: {name: app}}]
`;

  test("a merged mapping used only here is stamped in place, as kubectl patches it", async () => {
    const { run, after, file, dir } = await stamped(INLINE);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(changedLines(INLINE, after)).toEqual({
      removed: [],
      added: ["        annotations:", expect.stringMatching(new RegExp(`^ {10}${KEY}: [0-9a-f]{64}$`))],
    });
    await expectKubectlPatchOf(INLINE, file, dir);
  });

  // The template's metadata comes from the object's own, through an alias: an edit there would
  // annotate the Deployment itself too; one beside `<<` would drop the merged labels.
  const SHARED = `apiVersion: apps/v1
kind: Deployment
metadata: &meta
  name: web
  labels: {app: web}
  annotations: {team: payments}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      <<: *meta
    spec:
      containers:
        - name: app
          image: registry.example/app:1
          envFrom: [{configMapRef: {name: app}}]
`;

  test("a shared one is refused, naming the field, the merge key's line, why and what to change", async () => {
    const { run, after } = await stamped(SHARED);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(
      "deploy.yaml cannot be stamped: line 11: deployment/web: spec.template.metadata.annotations comes from the YAML anchor &meta (line 3) through the merge key (<<): stamping it there would change every place that uses the anchor. Write spec.template.metadata.annotations out in this object beside the merge key (what is written there replaces the merged annotations whole: copy what it holds), then stamp again",
    );
    expect(after).toBe(SHARED);
  });
});

// A template written once and used again through an alias can take no stamp of its own: stamping
// the anchor stamps every use. Before, `stamp` said "Not stamped: template is a YAML alias" and
// exited 0, `--check` said the stamps were current (exit 0), and --strategy gitops asked for the
// stamp that could never be written.
describe("a pod template written as a YAML alias", () => {
  const workload = (name: string, template: string) => `  - apiVersion: apps/v1
    kind: Deployment
    metadata: {name: ${name}}
    spec:
      selector: {matchLabels: {app: shop}}
      template: ${template}
`;
  const POD = `
        metadata: {labels: {app: shop}}
        spec:
          containers: [{name: app, image: registry.example/app:1, envFrom: [{configMapRef: {name: app}}]}]`;
  const cases: Array<[string, string, RegExp]> = [
    [
      "an object's template: *tpl, its anchor elsewhere in the document",
      `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
x-pod: &tpl
  metadata: {labels: {app: web}}
  spec:
    containers: [{name: app, image: registry.example/app:1, envFrom: [{configMapRef: {name: app}}]}]
spec:
  selector: {matchLabels: {app: web}}
  template: *tpl
`,
      /deploy\.yaml cannot be stamped: line 10: deployment\/web: spec\.template is the YAML alias \*tpl of the anchor &tpl \(line 4\): stamping it there would change every place that uses the anchor\. Write spec\.template out in this object \(no alias\), then stamp again\. Nothing was written/,
    ],
    [
      "a List item's spec.template: *pod, the other item's template its anchor",
      `apiVersion: v1\nkind: List\nitems:\n${workload("web", `&pod${POD}`)}${workload("worker", "*pod")}`,
      /deploy\.yaml cannot be stamped: line 9: deployment\/web: spec\.template is the YAML anchor &pod, used again at line 18: stamping it would change those too\. Write it out in full where it is used again \(no alias\), then stamp again\. Nothing was written/,
    ],
  ];
  test.each(cases)(
    "%s: stamp and --check stop with exit 2, naming the line and the fix; nothing written",
    async (_, text, message) => {
      const { run, after, dir } = await stamped(text);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(after).toBe(text);
      const check = await runInProcess(["stamp", "--repo", dir, "--check"]);
      expect(check.code, check.stdout + check.stderr).toBe(2);
      expect(check.stderr).toMatch(message);
      expect(check.stdout).not.toContain("Stamps current");
    },
  );
});
