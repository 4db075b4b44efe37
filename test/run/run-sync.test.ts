// `config-rollout sync` against the simulated API server: restart exactly the workloads whose pods
// run config the cluster no longer holds, from the live state — key-precise, idempotent, and in
// agreement with the git-driven run (neither undoes the other).
import { describe, expect, test } from "vitest";
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

/** An operator rotates a Secret (or edits a ConfigMap) with kubectl: a write the API server records. */
async function applyLive(s: Scenario, yaml: string): Promise<void> {
  const result = await s.kubectl("apply", "-f", s.file("live.yaml", yaml));
  expect(result.code, result.stderr).toBe(0);
}

const dbSecret = (password: string, extra = "") =>
  `apiVersion: v1\nkind: Secret\nmetadata: { name: db, namespace: ${NS} }\nstringData:\n  password: ${password}\n${extra}`;

/** Every request that changed something (access reviews are POSTs too, but write nothing). */
const writes = (s: Scenario) =>
  s.sim.requests
    .filter(
      (r) =>
        ["apply", "patch", "create", "update", "delete"].includes(r.verb) &&
        !r.path.endsWith("/selfsubjectaccessreviews"),
    )
    .map((r) => `${r.verb} ${r.resource}/${r.name}`);

/** `verb resource` of each access review the run asked, sorted. */
const accessReviews = (s: Scenario) =>
  s.sim.requests
    .filter((r) => r.path.endsWith("/selfsubjectaccessreviews"))
    .map((r) => {
      const { verb, resource } = (
        JSON.parse(r.body ?? "{}") as { spec: { resourceAttributes: Record<string, string> } }
      ).spec.resourceAttributes;
      return `${verb} ${resource}`;
    })
    .sort();

/**
 * No baseline anywhere; for --adopt, api's pods started after its Secret was last written (a
 * baseline, no rollout), while web and worker read a ConfigMap with no managedFields time (restart).
 */
async function adoptingBaselineAndRestarts(): Promise<Scenario> {
  const s = await start();
  await applyLive(s, dbSecret("rotated-password"));
  // api's new pods start after that write (times in whole seconds: the same second counts as after).
  for (const args of [["restart"], ["status", "--timeout=30s"]]) {
    const result = await s.kubectl("rollout", ...args, "deployment/api", "-n", NS);
    expect(result.code, result.stderr).toBe(0);
  }
  const plan = JSON.parse((await sync(s, "--adopt", "--dry-run")).stdout) as RunJson;
  expect(plan.workloads.map((w) => `${w.action} ${w.name}: ${w.reason}`).sort()).toEqual([
    expect.stringMatching(/^baseline api: adopted without a rollout/),
    expect.stringMatching(/^restart web: adopted with a restart/),
    expect.stringMatching(/^restart worker: adopted with a restart/),
  ]);
  return s;
}

describe.skipIf(!kubectlPath)("config-rollout sync", () => {
  test("git-driven, then sync, then git-driven on the same commit: one restart in all, none after", async () => {
    const s = await start();
    expect((await s.run()).code).toBe(0);
    const restartedByGit = patched(s).sort();
    expect(restartedByGit).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    s.sim.resetRequests();
    const first = await sync(s);
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as RunJson).outcome).toBe("nothing-to-do");
    expect(first.stdout).not.toContain("password");
    const again = await s.run();
    expect(again.code).toBe(0);
    expect(patched(s)).toEqual([]);
  });

  test("a Secret rotated outside git: sync restarts exactly its consumers, and a second sync nothing", async () => {
    const s = await start();
    expect((await s.run()).code).toBe(0);
    await applyLive(s, dbSecret("rotated-password"));
    s.sim.resetRequests();
    const dry = await sync(s, "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout) as RunJson;
    expect(plan.workloads.map((w) => `${w.action} ${w.name}`)).toEqual(["restart api"]);
    expect(plan.workloads[0]?.reason).toContain("secret/db (reads key password)");
    expect(patched(s)).toEqual([]);
    const real = await sync(s);
    expect(real.code, real.stderr).toBe(0);
    expect(patched(s)).toEqual(["Deployment/api"]);
    expect(real.stdout).not.toContain("rotated-password");
    s.sim.resetRequests();
    const second = await sync(s);
    expect((JSON.parse(second.stdout) as RunJson).outcome).toBe("nothing-to-do");
    expect(patched(s)).toEqual([]);
  });

  test("key precision: a key nobody reads changed restarts nothing; --config narrows to a key's readers", async () => {
    const s = await start();
    expect((await s.run()).code).toBe(0);
    await applyLive(s, dbSecret("new-password", "  unread: something\n"));
    s.sim.resetRequests();
    const unread = await sync(s);
    expect((JSON.parse(unread.stdout) as RunJson).outcome).toBe("nothing-to-do");
    await applyLive(s, dbSecret("rotated", "  unread: something\n"));
    const other = await sync(s, "--dry-run", "--config", "configmap/app-config");
    expect((JSON.parse(other.stdout) as RunJson).workloads).toEqual([]);
    const named = await sync(s, "--dry-run", "--config", "secret/db:password");
    expect((JSON.parse(named.stdout) as RunJson).workloads.map((w) => w.name)).toEqual(["api"]);
    const bad = await sync(s, "--config", "deployment/web");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--config "deployment/web": expected configmap/NAME or secret/NAME');
  });

  test("no baseline: reported and exit 0; --adopt records one without a rollout when the pods are newer than the configs", async () => {
    const s = await start();
    s.sim.resetRequests();
    const plain = await sync(s);
    expect(plain.code, plain.stderr).toBe(0);
    const report = JSON.parse(plain.stdout) as RunJson;
    expect(report.workloads.map((w) => `${w.action} ${w.name}`).sort()).toEqual([
      "skip api",
      "skip web",
      "skip worker",
    ]);
    expect(report.workloads[0]?.reason).toContain("no baseline");
    expect(patched(s)).toEqual([]);
    // The configs were last written before the pods started? The seeded objects carry no
    // managedFields time: nothing to judge by, so --adopt restarts (the safe side).
    const adopt = await sync(s, "--adopt");
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(patched(s).sort()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    expect(adopt.stdout).toContain("no managedFields time says when");
    s.sim.resetRequests();
    const after = await sync(s);
    expect((JSON.parse(after.stdout) as RunJson).outcome).toBe("nothing-to-do");
    expect(patched(s)).toEqual([]);
  });

  test("--adopt with a baseline to record and a restart the Role may not make: exit 2 and nothing written, the baseline included", async () => {
    const s = await adoptingBaselineAndRestarts();
    s.sim.forbid("patch", "statefulsets");
    s.sim.resetRequests();
    const run = await sync(s, "--adopt");
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toContain(
      "forbidden: context ci may not patch statefulsets.apps worker in namespace shop (checked before any change: nothing was written)",
    );
    expect(writes(s)).toEqual([]);
    // No baseline (config-baseline) and no hash (config-hash) reached api.
    expect(JSON.stringify(s.sim.get("Deployment", NS, "api"))).not.toContain("config-rollout.io/config-");
  });

  test("--adopt: a workload that only gets a baseline is listed as `baseline` in every report, never as a restart", async () => {
    const s = await adoptingBaselineAndRestarts();
    // Only api's readers in scope: its baseline is all there is to do.
    const only = ["--adopt", "--config", "secret/db"];
    const json = JSON.parse((await sync(s, ...only, "--dry-run")).stdout) as RunJson;
    expect(json.workloads.map((w) => `${w.action} ${w.name}`)).toEqual(["baseline api"]);
    expect(json.outcome).toBe("nothing-to-do");
    const text = await sync(s, ...only, "--dry-run", "-o", "text");
    expect(text.stdout).toMatch(
      /^ {2}baseline deployment\/api \(namespace shop\): adopted without a rollout/m,
    );
    expect(text.stdout).not.toMatch(/restart deployment\/api|would restart/);
    expect(text.stdout).toContain("(1 to adopt with a baseline, no rollout: see Workloads)");
    const markdown = await sync(s, ...only, "--dry-run", "-o", "markdown");
    expect(markdown.stdout).toMatch(/^\| deployment\/api \| shop \| baseline \| adopted without a rollout/m);
    expect(markdown.stdout).not.toContain("would restart");
    s.sim.resetRequests();
    const real = await sync(s, ...only, "-o", "text");
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toMatch(/^ {2}baseline deployment\/api /m);
    expect(real.stdout).toContain("(1 adopted with a baseline, no rollout: see Workloads)");
    expect(writes(s)).toEqual(["patch deployments/api"]);
  });

  test("--adopt allowed: the baseline recorded, the others restarted, one access review per permission", async () => {
    const s = await adoptingBaselineAndRestarts();
    s.sim.resetRequests();
    const run = await sync(s, "--adopt");
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as RunJson;
    expect(report.workloads.find((w) => w.name === "api")).toMatchObject({
      action: "baseline",
      reason: expect.stringContaining("adopted without a rollout"),
    });
    expect(s.sim.get("Deployment", NS, "api")).toHaveProperty([
      "metadata",
      "annotations",
      "config-rollout.io/config-baseline",
    ]);
    expect(writes(s).sort()).toEqual([
      "patch deployments/api",
      "patch deployments/web",
      "patch statefulsets/worker",
    ]);
    // The baseline and the restarts share one review: patch deployments is asked once, not twice.
    expect(accessReviews(s)).toEqual([
      "list events",
      "list pods",
      "patch deployments",
      "patch statefulsets",
      "watch pods",
    ]);
  });

  test("a config-hash a GitOps agent applies (server-side apply by its field manager) is left to it", async () => {
    const s = await start();
    expect((await s.run()).code).toBe(0);
    // The agent applies the stamped manifest: it now owns the annotation (kubectl shows it in managedFields).
    const hash = s.template("Deployment", "api").annotations["config-rollout.io/config-hash"];
    const stamped = `apiVersion: apps/v1
kind: Deployment
metadata: { name: api, namespace: ${NS} }
spec:
  template:
    metadata:
      annotations: { config-rollout.io/config-hash: "${hash}" }
`;
    const applied = await s.kubectl(
      "apply",
      "--server-side",
      "--force-conflicts",
      "--field-manager=argocd-controller",
      "-f",
      s.file("stamped.yaml", stamped),
    );
    expect(applied.code, applied.stderr).toBe(0);
    const shown = await s.kubectl(
      "get",
      "deployment",
      "api",
      "-n",
      NS,
      "-o",
      "json",
      "--show-managed-fields",
    );
    const entries = (
      JSON.parse(shown.stdout) as {
        metadata: { managedFields: Array<{ manager: string; fieldsV1: unknown }> };
      }
    ).metadata.managedFields;
    expect(JSON.stringify(entries.find((e) => e.manager === "argocd-controller")?.fieldsV1)).toContain(
      '"f:spec":{"f:template":{"f:metadata":{"f:annotations":{"f:config-rollout.io/config-hash":{}}}}}',
    );
    await applyLive(s, dbSecret("rotated"));
    s.sim.resetRequests();
    const run = await sync(s);
    expect(run.code, run.stderr).toBe(0);
    const api = (JSON.parse(run.stdout) as RunJson).workloads.find((w) => w.name === "api");
    expect(api?.action).toBe("skip");
    expect(api?.reason).toContain("applied by argocd-controller");
    // Stale, and said so: the reason, a warning in the report and on stderr name the manager.
    expect(api?.reason).toContain("stale: its pods started with older content of secret/db");
    const warning =
      "deployment/api (namespace shop) is stale (secret/db (reads key password) changed since its pods started), and its config-hash is owned by argocd-controller";
    expect((JSON.parse(run.stdout) as RunJson).warnings.join("\n")).toContain(warning);
    expect(run.stderr).toContain(warning);
    expect(patched(s)).toEqual([]);
  });

  test("flags of the git-driven run are refused with the reason; --help lists sync's own flags", async () => {
    const s = await start();
    const refused = await sync(s, "--base", "HEAD~1");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--base is not a flag of `config-rollout sync`");
    const help = await runInProcess(["sync", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--adopt");
    expect(help.stdout).not.toContain("--base");
  });
});
