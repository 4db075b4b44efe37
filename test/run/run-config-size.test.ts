// A config the range grows over the API server's 1 MiB limit (ConfigMap data + binaryData, Secret
// data, decoded) can never be applied: --apply refuses the run before any request (exit 2, naming
// the config, its file, its size and the limit); without --apply the plan warns that the apply the
// user runs will be refused. A refusal the repository cannot show (annotations over 256 KiB) is
// reported with what was applied before it, and nothing restarts.
import { describe, expect, test } from "vitest";
import { configMap, deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import type { RunJson } from "../helpers/run-json.js";
import { patchedWorkloads } from "../helpers/sim-writes.js";
import { type SimRepo, useSimRepo } from "./cluster-scenario.js";

const open = useSimRepo();
const NS = "monitoring";
const MiB = 1024 * 1024;
type Json = Record<string, unknown>;

/** A dashboard of `bytes` bytes (ASCII), as Grafana's sidecar reads them from a ConfigMap. */
const dashboard = (bytes: number) => JSON.stringify({ title: "Big", panels: "x".repeat(bytes - 27) });

/**
 * v1 on the cluster, v2 committed: `dashboards` (read by grafana through a volume) and `app-config`
 * (read by web through envFrom) change; `head` says what they become, and adds a Secret.
 */
async function grownRepo(head: {
  dashboards: Json;
  appConfig?: Json;
  secret?: Json;
}): Promise<SimRepo & { run: Run }> {
  const s = await open();
  const grafana = deployment(
    "grafana",
    pod(
      { volumeMounts: [{ name: "dash", mountPath: "/dash" }] },
      { volumes: [{ name: "dash", configMap: { name: "dashboards" } }] },
    ),
    { namespace: NS, replicas: 1 },
  );
  const web = deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
    namespace: NS,
    replicas: 1,
  });
  const v1 = [
    { apiVersion: "v1", kind: "Namespace", metadata: { name: NS } },
    configMap("app-config", { LOG_LEVEL: "info" }, { namespace: NS }),
    configMap("dashboards", { "dash.json": dashboard(1000) }, { namespace: NS }),
    grafana,
    web,
  ];
  await s.repo.write("deploy/monitoring.yaml", yamlDocs(...v1));
  await s.repo.commit("v1");
  const v2 = [
    v1[0]!,
    head.appConfig ?? configMap("app-config", { LOG_LEVEL: "debug" }, { namespace: NS }),
    head.dashboards,
    ...(head.secret ? [head.secret] : []),
    grafana,
    web,
  ];
  await s.repo.write("deploy/monitoring.yaml", yamlDocs(...v2));
  await s.repo.commit("v2: a bigger dashboard");
  for (const object of v1) s.sim.seed(object);
  s.sim.resetRequests();
  return { ...s, run: (args) => runInProcess([...lastCommitArgs(s.repo.dir, s.kubeconfig), ...args]) };
}
type Run = (args: string[]) => ReturnType<typeof runInProcess>;

const liveData = (s: SimRepo, name: string) =>
  (s.sim.get("ConfigMap", NS, name) as { data: Record<string, string> }).data;

describe("a config over the API server's 1 MiB limit", () => {
  test("--apply refuses it before any request: exit 2, naming each config, its file, size and the limit", async () => {
    const big = configMap("dashboards", { "dash.json": dashboard(MiB + 1) }, { namespace: NS });
    // A Secret counts its decoded bytes: 800 KiB of data plus 300 KiB of stringData is over.
    const certs = secret(
      "certs",
      {
        data: { "ca.pem": Buffer.alloc(800 * 1024, 1).toString("base64") },
        stringData: { "extra.pem": "y".repeat(300 * 1024) },
      },
      NS,
    );
    const s = await grownRepo({ dashboards: big, secret: certs });
    const run = await s.run(["--apply", "--timeout", "30s"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      `error: deploy/monitoring.yaml:14: configmap/dashboards (namespace monitoring) holds ${MiB + 1} bytes of data, over the API server's limit of 1048576 bytes (1 MiB) for a ConfigMap; deploy/monitoring.yaml:22: secret/certs (namespace monitoring) holds ${1100 * 1024} bytes of data, over the API server's limit of 1048576 bytes (1 MiB) for a Secret: the API server would refuse them, so --apply wrote nothing and restarted nothing`,
    );
    // Found from the repository alone: not one request, so app-config (within the limit) is not applied.
    expect(s.sim.requests).toEqual([]);
    expect(liveData(s, "app-config")).toEqual({ LOG_LEVEL: "info" });
    expect(run.stderr).not.toContain("yyyy");
  });

  test("--strategy versioned, which writes a copy of each changed config, refuses it before any request too", async () => {
    const big = configMap("dashboards", { "dash.json": dashboard(MiB + 1) }, { namespace: NS });
    const s = await grownRepo({ dashboards: big });
    const run = await s.run(["--strategy", "versioned", "--timeout", "30s"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      "for a ConfigMap: the API server would refuse it, so --strategy versioned wrote nothing and restarted nothing",
    );
    expect(s.sim.requests).toEqual([]);
    // Its client dry run writes nothing: a warning, as without --apply.
    const dry = await s.run(["--strategy", "versioned", "--dry-run", "--output", "json"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect((JSON.parse(dry.stdout) as { warnings: string[] }).warnings.join("\n")).toContain(
      "the API server will refuse to apply it",
    );
  });

  test("without --apply the plan warns that the API server will refuse it (the user applies it)", async () => {
    const big = configMap("dashboards", { "dash.json": dashboard(MiB + 1) }, { namespace: NS });
    const s = await grownRepo({ dashboards: big });
    const run = await s.run(["--dry-run", "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as RunJson & { warnings: string[] };
    expect(report.warnings).toContain(
      `deploy/monitoring.yaml:14: configmap/dashboards (namespace monitoring) holds ${MiB + 1} bytes of data, over the API server's limit of 1048576 bytes (1 MiB) for a ConfigMap: the API server will refuse to apply it`,
    );
    // Exactly 1 MiB is within the limit: no warning.
    const fits = await grownRepo({
      dashboards: configMap("dashboards", { "dash.json": dashboard(MiB) }, { namespace: NS }),
    });
    const quiet = await fits.run(["--dry-run", "--output", "json"]);
    expect((JSON.parse(quiet.stdout) as { warnings: string[] }).warnings).toEqual([]);
  });

  test("a refusal the repository cannot show is reported with the configs applied before it; nothing restarts", async () => {
    // Annotations over 256 KiB: only the API server refuses those (a ConfigMap's data may hold 1 MiB).
    const annotated = {
      ...configMap("app-config", { LOG_LEVEL: "debug" }, { namespace: NS }),
      metadata: { name: "app-config", namespace: NS, annotations: { notes: "n".repeat(300 * 1024) } },
    };
    const grown = configMap("dashboards", { "dash.json": dashboard(2000) }, { namespace: NS });
    const s = await grownRepo({ dashboards: grown, appConfig: annotated });
    const run = await s.run(["--apply", "--timeout", "30s"]);
    // dashboards (grafana's) is applied first; app-config is refused: exit 1, not exit 2 (which
    // promises nothing was written), saying what the cluster now holds.
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'error: patch configmaps "app-config" in namespace monitoring failed: the API server answered 422 Invalid: ConfigMap "app-config" is invalid: metadata.annotations: Too long: must have at most 262144 bytes; already applied before it: configmap/dashboards (namespace monitoring) from deploy/monitoring.yaml',
    );
    expect(liveData(s, "dashboards")).toEqual({ "dash.json": dashboard(2000) });
    expect(liveData(s, "app-config")).toEqual({ LOG_LEVEL: "info" });
    expect(patchedWorkloads(s.sim)).toEqual([]);
  });
});
