// Versioned configs next to the real kubectl: what `kubectl rollout undo` and a later plain
// `kubectl apply` of the unversioned manifests do to workloads config-rollout repointed (the
// README's "Versioned configs" section describes both).
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { yamlDocs } from "../helpers/manifests.js";
import { findKubectl } from "../sim/helpers.js";
import { manifestsAt, NS, type Scenario, useScenario } from "./cluster-scenario.js";

const kubectlPath = findKubectl();
const VERSIONED = ["--strategy", "versioned"];

const startScenario = useScenario();

/** A scenario, and kubectl in its namespace that must succeed. */
async function start(): Promise<{ s: Scenario; kubectl: (...args: string[]) => Promise<string> }> {
  const s = await startScenario();
  const kubectl = async (...args: string[]) => {
    const result = await s.kubectl("-n", NS, ...args);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };
  return { s, kubectl };
}

/** The ConfigMap name web's container reads its environment from. */
function webConfigMap(s: Scenario): string {
  const spec = s.template("Deployment", "web").spec as {
    containers: Array<{ envFrom: Array<{ configMapRef: { name: string } }> }>;
  };
  return spec.containers[0]!.envFrom[0]!.configMapRef.name;
}

describe.skipIf(!kubectlPath)("versioned configs and kubectl", () => {
  test("kubectl rollout undo returns the old config with the old template", async () => {
    const { s, kubectl } = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = webConfigMap(s);
    await s.repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(3, 2)));
    await s.repo.commit("v3");
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v3 = webConfigMap(s);
    expect(v3).not.toBe(v2);
    await kubectl("rollout", "undo", "deployment/web");
    // The old ReplicaSet's template names the v2 copy, which still exists and still holds v2.
    expect(webConfigMap(s)).toBe(v2);
    expect((s.sim.get("ConfigMap", NS, v2) as { data: Record<string, string> }).data.LOG_LEVEL).toBe("debug");
  });

  test("a later client-side kubectl apply of the unversioned manifest points web back at the source; a rerun repoints it", async () => {
    const { s, kubectl } = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const copy = webConfigMap(s);
    expect(copy).toMatch(/^app-config-/);
    // The manifest in git still says app-config: apply resets the repointed reference to it
    // (a template change, so the pods roll again, onto the in-place object).
    await kubectl("apply", "-f", join(s.repo.dir, "deploy/shop.yaml"));
    expect(webConfigMap(s)).toBe("app-config");
    // Running config-rollout again on the same range repoints to the same copy: nothing new is created.
    s.sim.resetRequests();
    const again = await s.run(VERSIONED);
    expect(again.code, again.stderr).toBe(0);
    expect(webConfigMap(s)).toBe(copy);
    expect(s.sim.requests.filter((r) => r.verb === "apply")).toEqual([]);
  });

  test("apply, then config-rollout (the documented pipeline): a bad change is rolled back to the last good copy, not to the in-place config the apply overwrote", async () => {
    const { s, kubectl } = await start();
    // c2: applied (the cluster holds its configs), then config-rollout repoints web to its copy.
    expect((await s.run(VERSIONED)).code).toBe(0);
    const good = webConfigMap(s);
    expect(good).toMatch(/^app-config-[0-9a-f]{10}$/);
    // c3 (LOG_LEVEL warn) breaks web: any pod that does not run the good copy cannot start.
    s.sim.setPodFailure("Deployment", NS, "web", "CreateContainerConfigError", {
      onlyFor: (owner) => !JSON.stringify(owner).includes(`"${good}"`),
      message: "couldn't find key LOG_LEVEL in ConfigMap shop/app-config",
    });
    await s.repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(3, 2)));
    await s.repo.commit("v3: warn logging");
    // The apply step writes c3 into the in-place app-config and points web back at it.
    await kubectl("apply", "-f", join(s.repo.dir, "deploy/shop.yaml"));
    expect(webConfigMap(s)).toBe("app-config");
    expect(
      (s.sim.get("ConfigMap", NS, "app-config") as { data: Record<string, string> }).data.LOG_LEVEL,
    ).toBe("warn");

    const run = await s.run([...VERSIONED, "--timeout", "2m", "--output", "json"]);
    expect(run.code, run.stderr).toBe(1);
    const web = (
      JSON.parse(run.stdout) as {
        workloads: Array<{ name: string; result?: { rollout?: string; message: string } }>;
      }
    ).workloads.find((w) => w.name === "web")?.result;
    // Failed by the pod watch (a pod-level cause), not by the timeout, then rolled back.
    expect(web?.rollout).toBe("rolled-back");
    expect(web?.message).toContain("CreateContainerConfigError");
    const bad = s.sim
      .list("ConfigMap", NS)
      .map((c) => (c.metadata as { name: string }).name)
      .find((name) => /^app-config-[0-9a-f]{10}$/.test(name) && name !== good);
    expect(bad).toBeDefined();
    expect(web?.message).toMatch(
      new RegExp(
        `rolled back \\(configmap ${bad} → ${good}, copied at [0-9a-f]{12}\\); the rollback rolled out`,
      ),
    );
    // web runs the last good copy again, and its rollout finished.
    expect(webConfigMap(s)).toBe(good);
    await kubectl("rollout", "status", "deployment/web", "--timeout=10s");
  });

  test("a later kubectl apply --server-side conflicts with config-rollout's repointed fields until forced", async () => {
    const { s, kubectl } = await start();
    const file = join(s.repo.dir, "deploy/shop.yaml");
    // The deploy step applies server-side, as field manager kubectl; then config-rollout repoints.
    await kubectl("apply", "--server-side", "-f", file);
    expect((await s.run(VERSIONED)).code).toBe(0);
    const copy = webConfigMap(s);
    const refused = await s.kubectl("-n", NS, "apply", "--server-side", "-f", file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'conflict with "config-rollout" using apps/v1: .spec.template.spec.containers[name="app"].envFrom',
    );
    expect(webConfigMap(s)).toBe(copy);
    // Forced, the manifest's name wins back, as with a client-side apply.
    await kubectl("apply", "--server-side", "--force-conflicts", "-f", file);
    expect(webConfigMap(s)).toBe("app-config");
  });
});
