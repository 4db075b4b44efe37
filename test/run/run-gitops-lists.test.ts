// --strategy gitops over workloads committed as the items of a List (YAML, or JSON as `kubectl get
// -o json` writes it): the real `config-rollout stamp` stamps each item, the real `kubectl apply
// --server-side` plays the agent, and the run waits for both rollouts and passes. Before, stamp left
// the items unstamped (exit 0) and the run stopped with exit 2 asking for the stamp it could not write.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { stringify } from "yaml";
import { configMap, deployment, pod, workload } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { findKubectl } from "../sim/helpers.js";
import { runWithAgent, useSimRepo } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
const NS = "shop";
const HASH = "config-rollout.io/config-hash";
const kubectl = findKubectl();
const open = useSimRepo();

const reads = pod({ envFrom: [{ configMapRef: { name: "app-config" } }] });
const items = [
  deployment("web", reads, { namespace: NS }),
  workload("StatefulSet", "db", reads, { namespace: NS }),
];
const list: Json = { apiVersion: "v1", kind: "List", metadata: {}, items };
const config = (level: string) => stringify(configMap("app-config", { LOG_LEVEL: level }, { namespace: NS }));

test.skipIf(!kubectl).each([
  ["YAML", "deploy/list.yaml", stringify(list)],
  ["JSON", "deploy/list.json", `${JSON.stringify(list, null, 4)}\n`],
])(
  "a %s List's items, stamped by `stamp`: the agent applies them and the run passes",
  async (_, file, text) => {
    const s = await open();
    await s.repo.write("deploy/config.yaml", config("info"));
    await s.repo.write(file, text);
    await s.repo.commit("v1");
    s.sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
    s.sim.seed(configMap("app-config", { LOG_LEVEL: "info" }, { namespace: NS }));
    for (const item of items) s.sim.seed(item);
    await s.repo.write("deploy/config.yaml", config("debug"));
    const stamped = await runInProcess(["stamp", "--repo", s.repo.dir]);
    expect(stamped.code, stamped.stdout + stamped.stderr).toBe(0);
    expect(stamped.stdout).toContain("Stamped 2 workload(s) in 1 file(s)");
    await s.repo.commit("v2: debug logging");
    const hash = new RegExp(`${HASH}"?: "?([0-9a-f]{64})`).exec(
      await readFile(join(s.repo.dir, file), "utf8"),
    )?.[1];
    expect(hash).toBeDefined();

    // kubectl validates a List against the OpenAPI v2 document, which the sim does not serve (only
    // v3): the agent skips that client-side check; the objects are applied as they are written.
    const files = ["-f", join(s.repo.dir, "deploy/config.yaml"), "-f", join(s.repo.dir, file)];
    const agent = () => s.kubectl("apply", "--server-side", "--validate=false", ...files);
    const run = await runWithAgent(s, agent);
    for (const name of ["deployment/web", "statefulset/db"]) {
      expect(run.stderr).toContain(
        `${name} (namespace shop): the agent applied the commit (${HASH}=${hash})`,
      );
    }
    const live = s.sim.get("StatefulSet", NS, "db") as {
      spec: { template: { metadata: { annotations: Json } } };
    };
    expect(live.spec.template.metadata.annotations[HASH]).toBe(hash);
  },
);

// Two items sharing one pod template (`template: &pod`, then `template: *pod`): `stamp` refuses to
// stamp it (exit 2), so the run must say why no stamp can come, not ask for one. Before, it said
// "Run `config-rollout stamp`", which changed nothing: a loop.
test("items whose pod template is a YAML alias: exit 2 before any wait, saying stamp cannot write it and what to write out", async () => {
  const s = await open();
  const item = (name: string, template: string) =>
    `  - apiVersion: apps/v1\n    kind: Deployment\n    metadata: {name: ${name}, namespace: ${NS}}\n    spec:\n      selector: {matchLabels: {app: shop}}\n      template: ${template}\n`;
  const pod =
    "&pod\n        metadata: {labels: {app: shop}}\n        spec:\n          containers: [{name: app, image: registry.example/app:1, envFrom: [{configMapRef: {name: app-config}}]}]";
  await s.repo.write("deploy/config.yaml", config("info"));
  await s.repo.write(
    "deploy/list.yaml",
    `apiVersion: v1\nkind: List\nitems:\n${item("web", pod)}${item("worker", "*pod")}`,
  );
  await s.repo.commit("v1");
  await s.repo.write("deploy/config.yaml", config("debug"));
  await s.repo.commit("v2: debug logging");
  s.sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
  s.sim.seed(configMap("app-config", { LOG_LEVEL: "info" }, { namespace: NS }));
  for (const name of ["web", "worker"]) s.sim.seed(deployment(name, reads, { namespace: NS }));
  s.sim.resetRequests();
  const run = await runInProcess([...lastCommitArgs(s.repo.dir, s.kubeconfig), "--strategy", "gitops"]);
  expect(run.code, run.stderr).toBe(2);
  for (const name of ["web", "worker"]) {
    expect(run.stderr).toMatch(
      new RegExp(
        `deployment/${name} \\(namespace shop\\) \\(deploy/list\\.yaml:\\d+\\): spec\\.template is a YAML alias \\(an anchor used in more than one place\\), so config-rollout stamp cannot write its stamp there: write spec\\.template out in the object \\(no alias\\), then stamp it \\(expected [0-9a-f]{64}\\)`,
      ),
    );
  }
  expect(run.stderr).toContain("Running `config-rollout stamp` alone does not change that");
  expect(run.stderr).not.toContain("Run `config-rollout stamp`");
  expect(s.sim.requests.filter((r) => r.verb === "watch")).toEqual([]);
});
