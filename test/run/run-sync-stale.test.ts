// `config-rollout sync` never leaves a stale workload out: a config it may not read makes the run
// incomplete and names the workload, the config and the refused permission; an optional config
// that appears or changes later restarts its readers; garbled digests fall back to the hash; an
// impossible --config is exit 2; one workload's bad wave annotation fails that workload only.
import { describe, expect, test } from "vitest";
import { deployment, pod } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import type { RunJson } from "../helpers/run-json.js";
import { findKubectl } from "../sim/helpers.js";
import {
  NS,
  patchRequests as patched,
  type Scenario,
  runSync as sync,
  useScenario,
} from "./cluster-scenario.js";

const kubectlPath = findKubectl();

const start = useScenario();

const kubectl = async (s: Scenario, ...args: string[]) => {
  const result = await s.kubectl(...args);
  expect(result.code, result.stderr).toBe(0);
  return result;
};

/** An operator writes a config with kubectl: a write the API server records. */
async function applyLive(s: Scenario, yaml: string): Promise<void> {
  await kubectl(s, "apply", "-f", s.file("live.yaml", yaml));
}

const rotateDb = (s: Scenario, password: string) =>
  applyLive(
    s,
    `apiVersion: v1\nkind: Secret\nmetadata: { name: db, namespace: ${NS} }\nstringData:\n  password: ${password}\n`,
  );

const report = (stdout: string) => JSON.parse(stdout) as RunJson;

describe.skipIf(!kubectlPath)("sync leaves no stale workload out", () => {
  test("Secrets it may not read: the workload is reported with the config and the refused permission; the run is incomplete", async () => {
    const s = await start();
    expect((await s.run()).code).toBe(0);
    await rotateDb(s, "rotated-password");
    s.sim.forbid("list", "secrets");
    s.sim.forbid("get", "secrets");
    s.sim.resetRequests();
    const run = await sync(s);
    expect(run.code, run.stderr).toBe(0);
    const json = report(run.stdout);
    expect(json.outcome).toBe("incomplete");
    expect(json.unread).toEqual([
      {
        file: "secret/db (namespace shop)",
        why: expect.stringContaining("forbidden: context ci cannot get secrets in namespace shop"),
      },
    ]);
    const api = json.workloads.find((w) => w.name === "api");
    expect(api?.action).toBe("skip");
    expect(api?.reason).toMatch(/^not verified: secret\/db cannot be read \(forbidden: .*cannot get secrets/);
    expect(patched(s)).toEqual([]);
    const text = await sync(s, "--output", "text");
    expect(text.stdout).toContain(
      "Incomplete plan: 1 config(s) could not be read: secret/db (namespace shop)",
    );
  });

  test("an optional config created after the baseline restarts its readers, and so does its next change", async () => {
    const s = await start();
    const envFrom = [
      { configMapRef: { name: "app-config" } },
      { configMapRef: { name: "extra", optional: true } },
    ];
    s.sim.seed(deployment("opt", pod({ envFrom }), { namespace: NS }));
    // The baseline: adopted with a restart (no managedFields times to judge by), when `extra` did not exist.
    const adopted = await sync(s, "--adopt");
    expect(adopted.code, adopted.stderr).toBe(0);
    expect(patched(s)).toContain("Deployment/opt");
    const extra = (value: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: extra, namespace: ${NS} }\ndata:\n  FEATURE: "${value}"\n`;
    await applyLive(s, extra("on"));
    s.sim.resetRequests();
    const created = await sync(s);
    expect(created.code, created.stderr).toBe(0);
    expect(patched(s)).toEqual(["Deployment/opt"]);
    expect(report(created.stdout).workloads.find((w) => w.name === "opt")?.reason).toContain(
      "configmap/extra (reads all keys)",
    );
    await applyLive(s, extra("off"));
    s.sim.resetRequests();
    expect((await sync(s)).code).toBe(0);
    expect(patched(s)).toEqual(["Deployment/opt"]);
    s.sim.resetRequests();
    expect(report((await sync(s)).stdout).outcome).toBe("nothing-to-do");
    expect(patched(s)).toEqual([]);
  });

  test.each([
    ["a digest that is not hex", "Secret/db=zzzzzzzzzz"],
    ["thousands of entries", Array.from({ length: 2000 }, (_, i) => `ConfigMap/c-${i}=0123456789`).join(",")],
    ["a JSON string", '{"Secret/db":"0123456789"}'],
  ])(
    "config-digests that do not parse (%s): the hash decides, with a warning naming the workload",
    async (_, digests) => {
      const s = await start();
      expect((await s.run()).code).toBe(0);
      const patch = {
        spec: { template: { metadata: { annotations: { "config-rollout.io/config-digests": digests } } } },
      };
      await kubectl(
        s,
        "patch",
        "deployment",
        "api",
        "-n",
        NS,
        "--type",
        "merge",
        "-p",
        JSON.stringify(patch),
      );
      await rotateDb(s, "rotated-password");
      s.sim.resetRequests();
      const run = await sync(s);
      expect(run.code, run.stderr).toBe(0);
      expect(patched(s)).toEqual(["Deployment/api"]);
      const warning =
        "deployment/api (namespace shop): its config-rollout.io/config-digests annotation does not parse: treated as no digests, its config-hash decides";
      expect(report(run.stdout).warnings.join("\n")).toContain(warning);
      expect(run.stderr).toContain(warning);
      // The restart wrote digests that parse: the next sync finds it current.
      s.sim.resetRequests();
      expect(report((await sync(s)).stdout).outcome).toBe("nothing-to-do");
    },
  );

  test.each([
    ["two keys", "secret/db:password:extra"],
    ["a key with a space", "secret/db:pass word"],
    ["a name of 10,000 characters", `secret/${"a".repeat(10_000)}`],
    ["a key that is a path", "configmap/app-config:A/../B"],
    ["the key ..", "configmap/app-config:.."],
    ["an empty key", "secret/db:"],
    ["an upper-case name", "secret/DB"],
    ["a path", "secret/db/password"],
  ])("--config with %s is refused with exit 2 naming it", async (_, value) => {
    const s = await start();
    const run = await sync(s, "--config", value);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toContain(`--config ${JSON.stringify(value).slice(0, 60)}`);
    expect(run.stdout).not.toContain("In sync");
    expect(s.sim.requests).toEqual([]);
  });

  test("a bad CONFIG_ROLLOUT_CONFIG is refused with exit 2 naming the variable the user set, not --config", async () => {
    const s = await start();
    const args = ["sync", "--kubeconfig", s.kubeconfig, "--namespaces", NS];
    const run = await runInProcess(args, { CONFIG_ROLLOUT_CONFIG: "deployment/web" });
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toContain(
      'CONFIG_ROLLOUT_CONFIG "deployment/web": expected configmap/NAME or secret/NAME',
    );
    expect(run.stderr).not.toContain("--config");
    expect(s.sim.requests).toEqual([]);
  });

  test("an invalid wave annotation fails that workload (exit 1); the other stale workloads are restarted", async () => {
    const s = await start();
    expect((await s.run()).code).toBe(0);
    await kubectl(s, "annotate", "deployment", "web", "-n", NS, "config-rollout.io/wave=first");
    await applyLive(
      s,
      `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: app-config, namespace: ${NS} }\ndata: { LOG_LEVEL: error, PORT: "8080" }\n`,
    );
    s.sim.resetRequests();
    const run = await sync(s);
    expect(run.code, run.stderr).toBe(1);
    expect(patched(s)).toEqual(["StatefulSet/worker"]);
    const web = report(run.stdout).workloads.find((w) => w.name === "web");
    expect(web?.result?.restart).toBe("failed");
    expect(web?.result?.message).toContain('annotation config-rollout.io/wave: "first" is not an integer');
    expect(report(run.stdout).workloads.find((w) => w.name === "worker")?.result?.rollout).toBe("done");
  });
});
