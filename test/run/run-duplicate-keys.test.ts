// Issue 39 item 5: a manifest with a duplicate key. What kubectl really does with it is proven here
// with the real kubectl against the simulated cluster (which, like every API server since 1.27,
// declares server-side field validation, so kubectl's default --validate=strict leaves validation
// to the server): kubectl turns the YAML into JSON first, the last value winning, and sends that, so
// neither its validation nor the server's strict decoding ever sees the duplicate. kustomize
// rejects the file. The plan reads it as kubectl applies it, with a warning that says so; --strict
// stops on it (exit 2), for the plan as for `stamp --check`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { useCommitTwice } from "../helpers/git-repo.js";
import { deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { findKubectl, makeTempDir, runKubectl } from "../sim/helpers.js";

const kubectl = findKubectl();
const commitTwice = useCommitTwice();

const config = (data: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
data:
${data}`;
const DUPLICATE = config("  LEVEL: debug\n  LEVEL: warn\n");

describe.skipIf(!kubectl)("what the real kubectl does with a duplicate key", () => {
  let cluster: SimCluster;
  let temp: ReturnType<typeof makeTempDir>;
  let file: string;
  const run = (...args: string[]) =>
    runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig: join(temp.dir, "kubeconfig") });

  beforeAll(async () => {
    cluster = await startSimCluster();
    temp = makeTempDir("duplicate-keys-");
    cluster.writeKubeconfig(join(temp.dir, "kubeconfig"), { namespace: "default" });
    file = join(temp.dir, "config.yaml");
    writeFileSync(file, DUPLICATE);
  });
  afterAll(async () => {
    await cluster.close();
    temp.cleanup();
  });

  test.each([[[]], [["--validate=strict"]], [["--validate=warn"]], [["--validate=false"]]])(
    "kubectl apply %j takes the last value and sends no duplicate to the server",
    async (validate) => {
      const applied = await run("apply", "--dry-run=server", "-f", file, "-o", "json", "-v=8", ...validate);
      expect(applied.code, applied.stderr).toBe(0);
      expect(JSON.parse(applied.stdout).data).toEqual({ LEVEL: "warn" });
      // The request body kubectl logs: the object as JSON, one LEVEL only.
      expect(applied.stderr).toContain('"data":{"LEVEL":"warn"}');
      expect(applied.stderr).not.toContain("debug");
    },
  );

  test("kubectl kustomize rejects the file", async () => {
    writeFileSync(join(temp.dir, "kustomization.yaml"), "resources: [config.yaml]\n");
    const built = await run("kustomize", temp.dir);
    expect(built.code).not.toBe(0);
    expect(built.stderr).toContain('mapping key "LEVEL" already defined');
  });
});

describe("config-rollout on a manifest with a duplicate key", () => {
  const files = (configText: string) => ({
    "deploy/config.yaml": configText,
    "deploy/app.yaml": yamlDocs(
      deployment("app", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
    ),
  });

  test("the plan reads it as kubectl applies it, saying so; --strict stops with exit 2 naming the line", async () => {
    const repo = await commitTwice(files(config("  LEVEL: info\n")), files(DUPLICATE));
    const plan = await runInProcess([
      "--repo",
      repo.dir,
      "--dry-run",
      "--discover",
      "repo",
      "--output",
      "json",
    ]);
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { workloads: Array<{ name: string; action: string }> };
    expect(json.workloads.map((w) => [w.name, w.action])).toEqual([["app", "restart"]]);
    expect(plan.stderr).toContain(
      'deploy/config.yaml:7:3: duplicate key "LEVEL" (read as kubectl applies it, the last value winning whatever its --validate; kustomize rejects the file; --strict stops on it)',
    );

    const strict = await runInProcess(["--repo", repo.dir, "--dry-run", "--discover", "repo", "--strict"]);
    expect(strict.code, strict.stdout).toBe(2);
    expect(strict.stderr).toContain('deploy/config.yaml:7:3: duplicate key "LEVEL"');

    // stamp --check (and stamp --strict) stop on the same file.
    const check = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(check.code, check.stdout).toBe(2);
    expect(check.stderr).toContain(
      'deploy/config.yaml:7:3: duplicate key "LEVEL" (kustomize, which Argo CD and Flux build with, rejects it)',
    );
  });
});
