import { describe, expect, test } from "vitest";
import type { ChangeStatus, ConfigChange, Manifest } from "../../src/core/model.js";
import { buildPlan, type PlanInput } from "../../src/plan/build-plan.js";

function change(
  kind: string,
  name: string,
  keys: string[],
  status: ChangeStatus = "modified",
  namespace = "prod",
): ConfigChange {
  return { id: { kind, namespace, name }, status, file: "config.yaml", line: 1, keys };
}

interface WorkloadOptions {
  kind?: string;
  namespace?: string;
  annotations?: Record<string, string>;
  file?: string;
  line?: number;
}

function workload(name: string, podSpec: unknown, opts: WorkloadOptions = {}): Manifest {
  const kind = opts.kind ?? "Deployment";
  const namespace = opts.namespace ?? "prod";
  const template = { metadata: { labels: { app: name } }, spec: podSpec };
  const metadata = { name, namespace, ...(opts.annotations ? { annotations: opts.annotations } : {}) };
  const object: Record<string, unknown> =
    kind === "Pod"
      ? { apiVersion: "v1", kind, metadata, spec: podSpec }
      : kind === "CronJob"
        ? { apiVersion: "batch/v1", kind, metadata, spec: { jobTemplate: { spec: { template } } } }
        : { apiVersion: kind === "Job" ? "batch/v1" : "apps/v1", kind, metadata, spec: { template } };
  return { id: { kind, namespace, name }, file: opts.file ?? "deploy.yaml", line: opts.line ?? 1, object };
}

const envKey = (config: string, key: string, refField = "configMapKeyRef") => ({
  containers: [{ name: "app", env: [{ name: key, valueFrom: { [refField]: { name: config, key } } }] }],
});
const envFromAll = (config: string) => ({
  containers: [{ name: "app", envFrom: [{ configMapRef: { name: config } }] }],
});

function plan(partial: Partial<PlanInput>) {
  return buildPlan({ changes: [], workloads: [], newWorkloadIds: new Set(), ...partial });
}

describe("every reference kind restarts", () => {
  test.each([
    {
      name: "configMap volume",
      spec: {
        volumes: [{ name: "settings", configMap: { name: "app-config" } }],
        containers: [{ name: "app" }],
      },
      reason: "consumes configmap/app-config (keys: LOG_LEVEL) via volume",
    },
    {
      name: "projected volume",
      spec: { volumes: [{ name: "p", projected: { sources: [{ configMap: { name: "app-config" } }] } }] },
      reason: "consumes configmap/app-config (keys: LOG_LEVEL) via projected volume",
    },
    {
      name: "envFrom",
      spec: envFromAll("app-config"),
      reason: "consumes configmap/app-config (keys: LOG_LEVEL) via envFrom",
    },
    {
      name: "env configMapKeyRef",
      spec: envKey("app-config", "LOG_LEVEL"),
      reason: "consumes configmap/app-config (keys: LOG_LEVEL) via env",
    },
    {
      name: "init container",
      spec: { initContainers: [{ name: "migrate", envFrom: [{ configMapRef: { name: "app-config" } }] }] },
      reason: "consumes configmap/app-config (keys: LOG_LEVEL) via envFrom (init container)",
    },
    {
      name: "subPath mount",
      spec: {
        volumes: [
          { name: "conf", configMap: { name: "app-config", items: [{ key: "LOG_LEVEL", path: "level" }] } },
        ],
        containers: [
          { name: "app", volumeMounts: [{ name: "conf", mountPath: "/etc/level", subPath: "level" }] },
        ],
      },
      reason: "consumes configmap/app-config (keys: LOG_LEVEL) via volume (subPath)",
    },
  ])("$name", ({ spec, reason }) => {
    const result = plan({
      changes: [change("ConfigMap", "app-config", ["LOG_LEVEL"])],
      workloads: [workload("web", spec)],
    });
    expect(result.warnings).toEqual([]);
    expect(result.workloads).toHaveLength(1);
    expect(result.workloads[0]).toMatchObject({
      id: { kind: "Deployment", namespace: "prod", name: "web" },
      action: "restart",
      reason,
      source: "repo",
      file: "deploy.yaml",
      line: 1,
    });
    expect(result.workloads[0]?.references.map((r) => [r.config.name, r.changedKeys])).toEqual([
      ["app-config", ["LOG_LEVEL"]],
    ]);
  });

  test("secrets via secretKeyRef restart", () => {
    const result = plan({
      changes: [change("Secret", "db", ["password", "user"])],
      workloads: [workload("api", envKey("db", "password", "secretKeyRef"))],
    });
    expect(result.workloads.map((w) => [w.action, w.reason])).toEqual([
      ["restart", "consumes secret/db (keys: password) via env"],
    ]);
  });
});

describe("no restart", () => {
  test.each([
    {
      name: "a config of the same name in another namespace",
      changes: [change("ConfigMap", "app-config", ["LOG_LEVEL"], "modified", "staging")],
      spec: envFromAll("app-config"),
    },
    {
      name: "a Secret of the same name as the changed ConfigMap",
      changes: [change("ConfigMap", "app-config", ["LOG_LEVEL"])],
      spec: { containers: [{ name: "app", envFrom: [{ secretRef: { name: "app-config" } }] }] },
    },
    {
      name: "an unrelated config",
      changes: [change("ConfigMap", "other", ["LOG_LEVEL"])],
      spec: envFromAll("app-config"),
    },
  ])("$name: not in the plan", ({ changes, spec }) => {
    expect(plan({ changes, workloads: [workload("web", spec)] })).toEqual({ workloads: [], warnings: [] });
  });

  test("an added config with a required reference: skipped, its pods could not have started", () => {
    const changes = [change("ConfigMap", "app-config", ["LOG_LEVEL"], "added")];
    const result = plan({ changes, workloads: [workload("web", envFromAll("app-config"))] });
    expect(result.workloads.map((w) => [w.action, w.reason])).toEqual([
      [
        "skip",
        "references configmap/app-config, added in this diff and not optional: its pods could not have started without it and start once it exists",
      ],
    ]);
  });

  test.each([
    { name: "env key", spec: envKey("app-config", "PORT") },
    {
      name: "volume items",
      spec: {
        volumes: [{ name: "v", configMap: { name: "app-config", items: [{ key: "PORT", path: "p" }] } }],
      },
    },
  ])("a key the workload does not read ($name) is listed as skipped with why", ({ spec }) => {
    const result = plan({
      changes: [change("ConfigMap", "app-config", ["LOG_LEVEL"])],
      workloads: [workload("web", spec)],
    });
    expect(result.workloads).toHaveLength(1);
    expect(result.workloads[0]).toMatchObject({
      action: "skip",
      reason: "reads configmap/app-config (keys: PORT), none of which changed",
    });
    expect(result.workloads[0]?.references.map((r) => r.changedKeys)).toEqual([[]]);
  });

  test("a key-precise reference plus an all-keys reference to the same config restarts", () => {
    const spec = {
      volumes: [{ name: "v", configMap: { name: "app-config" } }],
      containers: [
        {
          name: "app",
          env: [{ name: "P", valueFrom: { configMapKeyRef: { name: "app-config", key: "PORT" } } }],
        },
      ],
    };
    const result = plan({
      changes: [change("ConfigMap", "app-config", ["LOG_LEVEL"])],
      workloads: [workload("web", spec)],
    });
    expect(result.workloads.map((w) => w.action)).toEqual(["restart"]);
    // Only the reference that reads a changed key explains the restart.
    expect(result.workloads[0]?.references.map((r) => r.path)).toEqual(["volumes[v]"]);
  });
});

describe("skipped workloads", () => {
  const changes = [change("ConfigMap", "app-config", ["LOG_LEVEL"])];
  test.each([
    {
      name: "ignore annotation",
      w: workload("web", envFromAll("app-config"), { annotations: { "config-rollout.io/ignore": "true" } }),
      newIds: [] as string[],
      reason: "annotated config-rollout.io/ignore",
    },
    {
      name: "new workload in this diff",
      w: workload("web", envFromAll("app-config")),
      newIds: ["Deployment/prod/web"],
      reason: "new in this diff: starts with the new config",
    },
    {
      name: "CronJob",
      w: workload("nightly", envFromAll("app-config"), { kind: "CronJob" }),
      newIds: [],
      reason: "CronJob: picks up the change on its next run",
    },
    {
      name: "Pod",
      w: workload("one-off", envFromAll("app-config"), { kind: "Pod" }),
      newIds: [],
      reason: "Pod: a bare pod must be recreated",
    },
    {
      name: "Job",
      w: workload("migrate", envFromAll("app-config"), { kind: "Job" }),
      newIds: [],
      reason: expect.stringMatching(/^Job: /),
    },
    {
      name: "ReplicaSet",
      w: workload("rs", envFromAll("app-config"), { kind: "ReplicaSet" }),
      newIds: [],
      reason: expect.stringMatching(/^ReplicaSet: /),
    },
  ])("$name", ({ w, newIds, reason }) => {
    const result = plan({ changes, workloads: [w], newWorkloadIds: new Set(newIds) });
    expect(result.workloads).toHaveLength(1);
    expect(result.workloads[0]).toMatchObject({ id: w.id, action: "skip", reason });
    expect(result.workloads[0]?.references.map((r) => r.changedKeys)).toEqual([["LOG_LEVEL"]]);
  });

  test("an ignore annotation with another value does not skip", () => {
    const w = workload("web", envFromAll("app-config"), {
      annotations: { "config-rollout.io/ignore": "false" },
    });
    expect(plan({ changes, workloads: [w] }).workloads.map((p) => p.action)).toEqual(["restart"]);
  });

  test("workloads that are not workload kinds are ignored", () => {
    const service: Manifest = {
      ...workload("svc", envFromAll("app-config")),
      id: { kind: "Service", namespace: "prod", name: "svc" },
    };
    service.object.kind = "Service";
    expect(plan({ changes, workloads: [service] }).workloads).toEqual([]);
  });
});

test("a deleted config: no restart, a warning naming every workload that still references it", () => {
  const result = plan({
    changes: [change("ConfigMap", "x", ["A"], "deleted", "y")],
    workloads: [
      workload("b", envFromAll("x"), { namespace: "y" }),
      workload("a", envKey("x", "A"), { namespace: "y" }),
      workload("other-ns", envFromAll("x"), { namespace: "z" }),
      workload("c", envFromAll("x"), { namespace: "y", kind: "CronJob" }),
    ],
  });
  expect(result.workloads).toEqual([]);
  expect(result.warnings).toEqual([
    {
      message:
        "configmap/x (namespace y) was deleted but cronjob/c, deployment/a, deployment/b still reference it",
      file: "config.yaml",
      line: 1,
    },
  ]);
});

test("a deleted config referenced by one workload uses the singular", () => {
  const result = plan({
    changes: [change("Secret", "x", ["A"], "deleted")],
    workloads: [workload("a", envKey("x", "A", "secretKeyRef"))],
  });
  expect(result.warnings.map((w) => w.message)).toEqual([
    "secret/x (namespace prod) was deleted but deployment/a still references it",
  ]);
});

test("a workload consuming several changed configs appears once with all references", () => {
  const spec = {
    volumes: [{ name: "tls", secret: { secretName: "certs" } }],
    containers: [
      {
        name: "app",
        envFrom: [{ configMapRef: { name: "app-config" } }],
        env: [{ name: "PW", valueFrom: { secretKeyRef: { name: "db", key: "password" } } }],
      },
    ],
  };
  const result = plan({
    changes: [
      change("ConfigMap", "app-config", ["LOG_LEVEL", "PORT"]),
      change("Secret", "db", ["password"]),
      change("Secret", "certs", ["tls.crt"]),
    ],
    workloads: [workload("web", spec)],
  });
  expect(result.workloads).toHaveLength(1);
  expect(result.workloads[0]?.action).toBe("restart");
  expect(result.workloads[0]?.reason).toBe(
    "consumes configmap/app-config (keys: LOG_LEVEL, PORT) via envFrom; secret/certs (keys: tls.crt) via volume; secret/db (keys: password) via env",
  );
  expect(
    result.workloads[0]?.references.map(
      (r) => `${r.config.kind}/${r.config.name} ${r.path} ${r.changedKeys.join(",")}`,
    ),
  ).toEqual([
    "Secret/certs volumes[tls] tls.crt",
    "ConfigMap/app-config containers[app].envFrom[0] LOG_LEVEL,PORT",
    "Secret/db containers[app].env[PW] password",
  ]);
});

test("repo and cluster copies of one workload merge; repo wins for file/line; cluster-only has no file", () => {
  const changes = [change("ConfigMap", "app-config", ["LOG_LEVEL"])];
  const repoCopy = workload("web", envFromAll("app-config"), { file: "apps/web.yaml", line: 12 });
  const clusterCopy = workload("web", envFromAll("app-config"), { file: "", line: 0 });
  const clusterOnly = workload("legacy", envKey("app-config", "LOG_LEVEL"), {
    file: "",
    line: 0,
    kind: "StatefulSet",
  });
  const result = plan({ changes, workloads: [repoCopy], clusterWorkloads: [clusterCopy, clusterOnly] });
  expect(
    result.workloads.map(({ id, source, file, line, references }) => ({
      name: id.name,
      source,
      file,
      line,
      refs: references.length,
    })),
  ).toEqual([
    { name: "web", source: "repo", file: "apps/web.yaml", line: 12, refs: 1 },
    { name: "legacy", source: "cluster", file: undefined, line: undefined, refs: 1 },
  ]);
});

test("a reference only the cluster copy has still counts (the repo copy may not be applied yet)", () => {
  const result = plan({
    changes: [change("ConfigMap", "app-config", ["LOG_LEVEL"])],
    workloads: [workload("web", { containers: [{ name: "app" }] })],
    clusterWorkloads: [workload("web", envFromAll("app-config"), { file: "", line: 0 })],
  });
  expect(result.workloads.map((w) => [w.action, w.source])).toEqual([["restart", "repo"]]);
});

test("order is namespace, kind, name whatever the input order", () => {
  const changes = [
    change("ConfigMap", "c", ["K"], "modified", "a"),
    change("ConfigMap", "c", ["K"], "modified", "b"),
  ];
  const w = (name: string, namespace: string, kind = "Deployment") =>
    workload(name, envFromAll("c"), { namespace, kind });
  const result = plan({
    changes,
    workloads: [w("z", "b"), w("b", "a", "StatefulSet"), w("a", "b", "DaemonSet"), w("a", "a")],
  });
  expect(result.workloads.map((p) => `${p.id.namespace}/${p.id.kind}/${p.id.name}`)).toEqual([
    "a/Deployment/a",
    "a/StatefulSet/b",
    "b/DaemonSet/a",
    "b/Deployment/z",
  ]);
});

test("many changed keys are summarised in the reason", () => {
  const keys = ["A", "B", "C", "D", "E", "F", "G"];
  const result = plan({
    changes: [change("ConfigMap", "app-config", keys)],
    workloads: [workload("web", envFromAll("app-config"))],
  });
  expect(result.workloads[0]?.reason).toBe(
    "consumes configmap/app-config (keys: A, B, C, D, E and 2 more) via envFrom",
  );
  expect(result.workloads[0]?.references[0]?.changedKeys).toEqual(keys);
});
