// Process lifecycle: close() lets the process exit; the CLI seeds, serves and stops on SIGTERM.
import { execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { readSeedFile } from "../../sim/seed-file.js";
import { findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const temp = makeTempDir("sim-lifecycle-");
afterAll(() => temp.cleanup());
const root = join(import.meta.dirname, "../..");

test("after close() nothing keeps the process alive, even mid-rollout with an open watch", async () => {
  const script = join(temp.dir, "close.mts");
  writeFileSync(
    script,
    `import { request } from "node:http";
import { startSimCluster } from ${JSON.stringify(join(root, "sim/index.ts"))};
const cluster = await startSimCluster({ rolloutStepMs: 1000 });
cluster.seed({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default" },
  spec: { replicas: 50, selector: { matchLabels: { app: "web" } },
    template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "a", image: "x" }] } } } });
const headers = { authorization: "Bearer " + cluster.token };
await new Promise((resolve) => request(cluster.url + "/apis/apps/v1/deployments?watch=1&allowWatchBookmarks=true", { headers }, resolve).on("error", () => {}).end());
await new Promise((resolve) => {
  const req = request(cluster.url + "/apis/apps/v1/namespaces/default/deployments/web", { method: "PATCH",
    headers: { ...headers, "content-type": "application/merge-patch+json" } }, (res) => { res.resume(); res.on("end", resolve); });
  req.end(JSON.stringify({ spec: { template: { metadata: { annotations: { r: "1" } } } } }));
});
await cluster.close();
console.log("closed");
`,
  );
  const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    execFile(process.execPath, ["--import", "tsx", script], { cwd: root, timeout: 20_000 }, (error, stdout) =>
      resolve({ code: error ? (error.code as number) : 0, stdout }),
    );
  });
  expect(result).toEqual({ code: 0, stdout: "closed\n" });
});

test("sim/cli.ts seeds YAML, writes a kubeconfig kubectl can use, prints the URL and stops on SIGTERM", async () => {
  const seed = join(temp.dir, "seed.yaml");
  writeFileSync(
    seed,
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: shop}\ndata: {k: v}\n---\n" +
      "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata: {name: s, namespace: shop}\n  stringData: {p: q}\n",
  );
  const kubeconfig = join(temp.dir, "cli-kubeconfig");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "sim/cli.ts", "--kubeconfig", kubeconfig, "--seed", seed],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", () => reject(new Error("cli exited before printing its URL")));
  });
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const kubectl = findKubectl();
  if (kubectl) {
    const result = await runKubectl(kubectl, ["get", "cm,secret", "-n", "shop", "-o", "name"], {
      home: temp.dir,
      kubeconfig,
    });
    expect(result.stdout.trim().split("\n")).toEqual(["configmap/a", "secret/s"]);
  }
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
});

test("a seed file that is not a Kubernetes object is reported with its file and line", () => {
  const bad = join(temp.dir, "bad.yaml");
  writeFileSync(bad, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n---\njust: a map\n");
  expect(() => readSeedFile(bad)).toThrow(`${bad}:4: not a Kubernetes object (no kind)`);
  writeFileSync(bad, "kind: ConfigMap\nmetadata: {name: [unclosed\n");
  expect(() => readSeedFile(bad)).toThrow(new RegExp(`^${bad}:\\d+: `));
});
