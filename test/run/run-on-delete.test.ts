// A StatefulSet with the OnDelete update strategy takes the restart patch, but no pod rolls until
// someone deletes it: `kubectl rollout status` refuses to wait on it. The run says so in its last
// line instead of counting it with the workloads that rolled out.
import { expect, test } from "vitest";
import { configMap, deployment, pod, workload, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { useSimRepo } from "./cluster-scenario.js";

const open = useSimRepo();
const NS = "shop";

test("an OnDelete StatefulSet is patched, not counted as restarted: the last line says its pods read the old config until deleted", async () => {
  const s = await open();
  const reads = pod({ envFrom: [{ configMapRef: { name: "app-config" } }] });
  const db = workload("StatefulSet", "db", reads, { namespace: NS });
  (db.spec as Record<string, unknown>).updateStrategy = { type: "OnDelete" };
  const objects = (level: string) => [
    { apiVersion: "v1", kind: "Namespace", metadata: { name: NS } },
    configMap("app-config", { LOG_LEVEL: level }, { namespace: NS }),
    db,
    deployment("web", reads, { namespace: NS }),
  ];
  await s.repo.write("deploy/shop.yaml", yamlDocs(...objects("info")));
  await s.repo.commit("v1");
  await s.repo.write("deploy/shop.yaml", yamlDocs(...objects("debug")));
  await s.repo.commit("v2");
  for (const object of objects("debug")) s.sim.seed(object);

  const run = await runInProcess([...lastCommitArgs(s.repo.dir, s.kubeconfig), "--timeout", "30s"]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain(
    "Restarted 1 workload(s); patched 1 whose rollout cannot be followed (statefulset/db; see its line): with an OnDelete update strategy no pod rolls, and they read the old config until they are deleted.",
  );
  // Reported, not waited on, as kubectl rollout status does.
  expect(run.stdout).toMatch(/statefulset\/db +shop +not-waitable .*uses OnDelete/);
});
