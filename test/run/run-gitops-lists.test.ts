// --strategy gitops over workloads committed as the items of a List (YAML, or JSON as `kubectl get
// -o json` writes it): the real `config-rollout stamp` stamps each item, the real `kubectl apply
// --server-side` plays the agent, and the run waits for both rollouts and passes. Before, stamp left
// the items unstamped (exit 0) and the run stopped with exit 2 asking for the stamp it could not write.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { stringify } from "yaml";
import { configMap, deployment, pod, workload } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
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
