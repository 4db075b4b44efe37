// Stamp edits that must neither break a file nor loop: an annotation written as a block scalar,
// a pod template reached through a YAML merge key (checked with kubectl, which applies the merge
// as the API server receives it), --strict, and --check on a file that does not parse or a
// kustomize root that does not build (exit 2, naming it).
import { execFile } from "node:child_process";
import { readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { runInProcess } from "../helpers/run-cli.js";

const KEY = "config-rollout.io/config-hash";
const closing = useClosing();

const CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: app
  namespace: shop
data:
  LOG_LEVEL: info
`;

const deploymentWith = (annotations: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: {app: web}
      annotations:
${annotations}
    spec:
      containers:
        - name: app
          image: registry.example/app:1
          envFrom: [{configMapRef: {name: app}}]
`;

/** The objects of a file as kubectl reads them (YAML 1.1, merge keys applied); no cluster needed. */
interface KubeObject {
  kind: string;
  spec: {
    template: {
      metadata: { labels?: Record<string, string>; annotations: Record<string, string> };
      spec: { containers: Array<{ name: string }> };
    };
  };
}

async function asKubectlSends(file: string): Promise<KubeObject[]> {
  const args = ["patch", "--local", "--type", "merge", "-p", "{}", "-o", "json", "-f", file];
  const { stdout } = await promisify(execFile)("kubectl", args);
  const parsed = JSON.parse(stdout) as KubeObject & { items: KubeObject[] };
  return parsed.kind === "List" ? parsed.items : [parsed];
}

async function setUp(files: Record<string, string>): Promise<TempRepo> {
  const repo = closing(await createTempRepo());
  for (const [path, text] of Object.entries(files)) await repo.write(path, text);
  await repo.commit("manifests");
  return repo;
}

describe("stamp edits keep the file what it was", () => {
  for (const style of ["|", ">", "|-"]) {
    test(`an annotation written as a block scalar (${style}) is replaced, the next key kept on its line`, async () => {
      const r = await setUp({
        "config.yaml": CONFIG,
        "deploy.yaml": deploymentWith(
          `        ${KEY}: ${style}\n          old-value\n        team: payments`,
        ),
      });
      const run = await runInProcess(["stamp", "--repo", r.dir]);
      expect(run.code, run.stderr).toBe(0);
      const [web] = await asKubectlSends(join(r.dir, "deploy.yaml"));
      const annotations = web!.spec.template.metadata.annotations;
      expect(annotations.team).toBe("payments");
      expect(annotations[KEY]).toMatch(/^[0-9a-f]{64}$/);
      const again = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
      expect(again.code, again.stdout + again.stderr).toBe(0);
    });
  }

  test("--check on a workload file that does not parse: exit 2 naming the file and line", async () => {
    const r = await setUp({
      "config.yaml": CONFIG,
      // What the old edit left behind: the next key joined the value's line.
      "deploy.yaml": deploymentWith(`        ${KEY}: "abc"        team: payments\n        x: [`),
    });
    const run = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toMatch(/deploy\.yaml:\d+:\d+: /);
    expect(run.stdout).toContain("Not read as manifests");
  });

  test("--check on a workload file with a duplicate key: exit 2 naming it", async () => {
    const r = await setUp({
      "config.yaml": CONFIG,
      "deploy.yaml": deploymentWith(`        team: payments\n        team: billing`),
    });
    const run = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toMatch(/deploy\.yaml:13:\d+: duplicate key/);
    // Without --check or --strict it is a warning in the report; --strict stops, writing nothing.
    const strict = await runInProcess(["stamp", "--repo", r.dir, "--strict"]);
    expect(strict.code, strict.stdout).toBe(2);
    expect(strict.stderr).toContain("deploy.yaml:13");
    expect(await r.git(["status", "--porcelain"])).toBe("");
  });

  test("--strict stops on a workload that cannot be stamped, before writing any file", async () => {
    const r = await setUp({
      "config.yaml": CONFIG,
      "a-deploy.yaml": deploymentWith("        team: payments").replace("name: web", "name: api"),
      // It reads a Secret from the repository, and without --hash-key no value may be written.
      "b-deploy.yaml": `apiVersion: v1
kind: Secret
metadata: {name: db, namespace: shop}
stringData: {password: hunter2}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: registry.example/app:1, envFrom: [{secretRef: {name: db}}]}]
`,
    });
    const plain = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
    expect(plain.code, plain.stderr).toBe(1);
    const strict = await runInProcess(["stamp", "--repo", r.dir, "--strict"]);
    expect(strict.code, strict.stdout).toBe(2);
    expect(strict.stderr).toContain("deployment/web (b-deploy.yaml) cannot be stamped");
    expect(await r.git(["status", "--porcelain"])).toBe("");
  });
});

describe("a pod template reached through a YAML merge key", () => {
  const MERGED = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
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

  // Merged from a mapping used only here: stamped inside it (stamp-as-kubectl-patches.test.ts, with
  // the refusal of a shared one).
  test("with its own metadata beside the merge, it is stamped and kubectl still sees the labels", async () => {
    const own = `${MERGED}    metadata:\n      labels: {app: web, tier: front}\n`;
    const r = await setUp({ "config.yaml": CONFIG, "deploy.yaml": own });
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stderr).toBe(0);
    const web = (await asKubectlSends(join(r.dir, "deploy.yaml"))).find((o) => o.kind === "Deployment")!;
    expect(web.spec.template.metadata.labels).toEqual({ app: "web", tier: "front" });
    expect(web.spec.template.metadata.annotations[KEY]).toMatch(/^[0-9a-f]{64}$/);
    expect(web.spec.template.spec.containers[0]?.name).toBe("app");
  });
});

describe("stamp --check and a kustomize root that does not build", () => {
  test("exit 2 naming the root, not 'Stamps current'", async () => {
    const r = await setUp({ "app/kustomization.yaml": "resources:\n  - missing.yaml\n" });
    const run = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain("kustomize app does not build");
  });
});

describe("the generated config-rollout-stamp.yaml", () => {
  const WORKLOAD = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: app
          image: registry.example/app:1
          envFrom: [{configMapRef: {name: settings}}]
`;
  const GENERATOR =
    "configMapGenerator:\n  - name: settings\n    namespace: shop\n    options: {disableNameSuffixHash: true}\n";

  test("a user's own file of that name is never overwritten (exit 2); its patch stays in the render", async () => {
    const own =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  replicas: 5\n";
    const r = await setUp({
      "app/workload.yaml": WORKLOAD,
      "app/settings.env": "LOG_LEVEL=info\n",
      "app/config-rollout-stamp.yaml": own,
      "app/kustomization.yaml": `resources:\n  - workload.yaml\n${GENERATOR}    envs: [settings.env]\npatches:\n  - path: config-rollout-stamp.yaml\n`,
    });
    for (const check of [[], ["--check"]]) {
      const run = await runInProcess(["stamp", "--repo", r.dir, ...check]);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toContain(
        "app/config-rollout-stamp.yaml exists and was not generated by config-rollout stamp",
      );
    }
    expect(await readFile(join(r.dir, "app/config-rollout-stamp.yaml"), "utf8")).toBe(own);
    const { stdout } = await promisify(execFile)("kubectl", ["kustomize", join(r.dir, "app")]);
    expect(stdout).toContain("replicas: 5");
  });

  test("a generator that reads it is refused: the stamp would change its own input on every run", async () => {
    const r = await setUp({
      "app/workload.yaml": WORKLOAD,
      "app/kustomization.yaml": `resources:\n  - workload.yaml\n${GENERATOR}    files: [config-rollout-stamp.yaml]\n`,
    });
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(
      "app/config-rollout-stamp.yaml is read by a generator (app/kustomization.yaml)",
    );
    expect(await r.git(["status", "--porcelain"])).toBe("");
  });

  test("read another way (a link inside the repository): the hash recomputed after writing differs, exit 2, files restored", async () => {
    const r = await setUp({
      "app/workload.yaml": WORKLOAD,
      "app/settings.env": "LOG_LEVEL=info\n",
      "app/kustomization.yaml": `resources:\n  - workload.yaml\n${GENERATOR}    envs: [settings.env]\n`,
    });
    expect((await runInProcess(["stamp", "--repo", r.dir])).code).toBe(0);
    // The generator now also reads the stamp, through a link that stays in the repository.
    await symlink("config-rollout-stamp.yaml", join(r.dir, "app/stamp-copy.txt"));
    const kustomization = await readFile(join(r.dir, "app/kustomization.yaml"), "utf8");
    await r.write(
      "app/kustomization.yaml",
      kustomization.replace("envs: [settings.env]", "envs: [settings.env]\n    files: [stamp-copy.txt]"),
    );
    await r.commit("the generator reads the stamp");
    const stamped = await readFile(join(r.dir, "app/config-rollout-stamp.yaml"), "utf8");
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain("changes with the stamp itself");
    expect(await readFile(join(r.dir, "app/config-rollout-stamp.yaml"), "utf8")).toBe(stamped);
    expect(await r.git(["status", "--porcelain"])).toBe("");
  });
});
