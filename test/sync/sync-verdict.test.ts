// The sync verdict, pure: the live hash against the pod template's, per-config digests naming what
// changed, and the git-driven run's hash agreeing with sync's over a config no repository holds.
import { describe, expect, test } from "vitest";
import { restartableKind } from "../../src/core/kinds/workload-kinds.js";
import type { ConfigContent, Manifest, PlannedWorkload } from "../../src/core/model.js";
import { idKey } from "../../src/core/model.js";
import { annotationPatch } from "../../src/core/restart-patch.js";
import { computeRestartHashes } from "../../src/rollout/strategy/restart-hash.js";
import { judgeAdoption } from "../../src/sync/adopt.js";
import { hashOwners, syncVerdict } from "../../src/sync/sync-verdict.js";

const NS = "shop";
const DEPLOYMENT = restartableKind("Deployment")!;
const b64 = (s: string) => Buffer.from(s).toString("base64");

function web(annotations: Record<string, string> = {}): Record<string, unknown> {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", namespace: NS },
    spec: {
      template: {
        metadata: { annotations },
        spec: {
          containers: [
            {
              name: "app",
              envFrom: [{ configMapRef: { name: "app-config" } }],
              env: [{ name: "TOKEN", valueFrom: { secretKeyRef: { name: "ext-token", key: "token" } } }],
            },
          ],
        },
      },
    },
  };
}

const live = (token: string, level = "info") => ({
  contents: new Map<string, ConfigContent>([
    [idKey({ kind: "ConfigMap", namespace: NS, name: "app-config" }), { LOG_LEVEL: b64(level) }],
    [idKey({ kind: "Secret", namespace: NS, name: "ext-token" }), { token: b64(token), other: b64("x") }],
  ]),
  uids: new Map([[idKey({ kind: "Secret", namespace: NS, name: "ext-token" }), "uid-1"]]),
});

/** The annotations the git-driven run writes for `web` when the repository defines only app-config. */
async function gitDrivenAnnotations(token: string): Promise<Record<string, string>> {
  const workload: PlannedWorkload = {
    id: { kind: "Deployment", namespace: NS, name: "web" },
    action: "restart",
    reason: "",
    references: [],
    source: "repo",
  };
  const manifest: Manifest = { id: workload.id, file: "web.yaml", line: 1, object: web() };
  const headConfigs = new Map([
    [
      idKey({ kind: "ConfigMap", namespace: NS, name: "app-config" }),
      {
        snapshot: {
          id: { kind: "ConfigMap", namespace: NS, name: "app-config" },
          file: "c.yaml",
          line: 1,
          content: { LOG_LEVEL: b64("info") },
        },
        manifest: {
          id: { kind: "ConfigMap", namespace: NS, name: "app-config" },
          file: "c.yaml",
          line: 1,
          object: {},
        },
      },
    ],
  ]);
  const secretKey = idKey({ kind: "Secret", namespace: NS, name: "ext-token" });
  const hashes = await computeRestartHashes(
    [workload],
    new Map([[idKey(workload.id), manifest]]),
    headConfigs,
    undefined,
    (id) => (idKey(id) === secretKey ? "uid-1" : undefined),
    new Map([[secretKey, { token: b64(token), other: b64("x") }]]),
  );
  const { hash, digests } = hashes.get(idKey(workload.id))!;
  const patch = annotationPatch(hash, DEPLOYMENT.templatePath, digests) as {
    spec: { template: { metadata: { annotations: Record<string, string> } } };
  };
  return patch.spec.template.metadata.annotations;
}

describe("syncVerdict", () => {
  test("the git-driven hash (repository content + a live-only Secret) is what sync finds on an unchanged cluster", async () => {
    const annotations = await gitDrivenAnnotations("t1");
    expect(annotations["config-rollout.io/config-digests"]).toMatch(
      /^ConfigMap\/app-config=[0-9a-f]{10},Secret\/ext-token=[0-9a-f]{10}$/,
    );
    expect(
      syncVerdict(web(annotations), DEPLOYMENT, live("t1"), { fieldManager: "config-rollout" }),
    ).toMatchObject({
      state: "current",
    });
  });

  test("a rotated Secret: stale, naming that config and the key the workload reads", async () => {
    const verdict = syncVerdict(web(await gitDrivenAnnotations("t1")), DEPLOYMENT, live("t2"), {
      fieldManager: "config-rollout",
    });
    expect(verdict.state).toBe("stale");
    expect(verdict.state === "stale" && verdict.stale.map((c) => [c.id.name, c.keys])).toEqual([
      ["ext-token", ["token"]],
    ]);
  });

  test("a key the workload does not read changed: current", async () => {
    const changedOther = live("t1");
    changedOther.contents.set(idKey({ kind: "Secret", namespace: NS, name: "ext-token" }), {
      token: b64("t1"),
      other: b64("y"),
    });
    expect(
      syncVerdict(web(await gitDrivenAnnotations("t1")), DEPLOYMENT, changedOther, {
        fieldManager: "config-rollout",
      }).state,
    ).toBe("current");
  });

  test("no hash: no baseline; a hash without digests that differs: unknown coverage, never a restart by itself", () => {
    expect(syncVerdict(web(), DEPLOYMENT, live("t1"), { fieldManager: "config-rollout" }).state).toBe(
      "no-baseline",
    );
    const stamped = web({ "config-rollout.io/config-hash": "0".repeat(64) });
    expect(syncVerdict(stamped, DEPLOYMENT, live("t1"), { fieldManager: "config-rollout" }).state).toBe(
      "unknown-coverage",
    );
  });

  test("a hash another field manager applies (a GitOps agent) is left to it", async () => {
    const object = web(await gitDrivenAnnotations("t1"));
    (object.metadata as Record<string, unknown>).managedFields = [
      {
        manager: "argocd-controller",
        operation: "Apply",
        time: "2026-11-01T00:00:00Z",
        fieldsV1: {
          "f:spec": {
            "f:template": { "f:metadata": { "f:annotations": { "f:config-rollout.io/config-hash": {} } } },
          },
        },
      },
    ];
    expect(hashOwners(object, DEPLOYMENT.templatePath)).toEqual(["argocd-controller"]);
    expect(syncVerdict(object, DEPLOYMENT, live("t2"), { fieldManager: "config-rollout" })).toEqual({
      state: "managed-elsewhere",
      manager: "argocd-controller",
      // Stale all the same (its digests say which config changed): reported, not silenced.
      stale: [{ id: { kind: "Secret", namespace: NS, name: "ext-token" }, keys: ["token"] }],
    });
  });
});

describe("judgeAdoption", () => {
  const pod = (name: string, startTime: string) => ({
    metadata: { name },
    status: { phase: "Running", startTime },
  });
  test("pods newer than every config's last write run the current content; an older one may not", () => {
    const configs = [{ name: "secret/db", lastWrite: "2026-11-02T00:00:00Z" }];
    expect(judgeAdoption(configs, [pod("a", "2026-11-03T00:00:00Z")]).pods).toBe("current");
    expect(
      judgeAdoption(configs, [pod("a", "2026-11-03T00:00:00Z"), pod("b", "2026-11-01T00:00:00Z")]),
    ).toEqual({
      pods: "stale",
      why: "pod b started at 2026-11-01T00:00:00Z, before secret/db last changed (2026-11-02T00:00:00Z)",
    });
  });
  test("nothing to judge by: unknown (no managedFields time, pods unreadable, none running)", () => {
    expect(
      judgeAdoption([{ name: "secret/db", lastWrite: undefined }], [pod("a", "2026-11-03T00:00:00Z")]).pods,
    ).toBe("unknown");
    expect(judgeAdoption([], undefined).pods).toBe("unknown");
    expect(judgeAdoption([], []).pods).toBe("unknown");
  });
});
