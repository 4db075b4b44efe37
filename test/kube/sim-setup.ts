// Shared setup for the kube integration tests: a simulated API server, a kubeconfig file it writes,
// loaded through our connect.ts and client-node, and workload builders.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import type { ObjectId } from "../../src/core/model.js";
import type { Cluster } from "../../src/kube/cluster.js";
import { loadKubeConfig } from "../../src/kube/connect.js";
import { type ClusterOptions, createCluster } from "../../src/kube/kube-client.js";
import { restartWorkloads } from "../../src/rollout/restart.js";
import { annotationStep } from "../../src/rollout/strategy/annotation-strategy.js";
import { DEFAULTS } from "../helpers/settings.js";

export const USER_AGENT = "config-rollout/test";

export interface SimHarness {
  sim: SimCluster;
  cluster: Cluster;
  kubeconfigPath: string;
  connect(over?: Partial<ClusterOptions>, kubeconfigPath?: string): Cluster;
  close(): Promise<void>;
}

export async function startHarness(
  simOpts: { rolloutStepMs?: number; bookmarkIntervalMs?: number } = {},
): Promise<SimHarness> {
  const sim = await startSimCluster({
    rolloutStepMs: simOpts.rolloutStepMs ?? 5,
    bookmarkIntervalMs: simOpts.bookmarkIntervalMs,
  });
  const dir = mkdtempSync(join(tmpdir(), "kube-sim-"));
  const kubeconfigPath = join(dir, "config");
  sim.writeKubeconfig(kubeconfigPath, { context: "sim-ctx" });
  const connect = (over: Partial<ClusterOptions> = {}, path = kubeconfigPath) => {
    const conn = loadKubeConfig({
      kubeconfigPath: path,
      env: {},
      execPluginTimeoutMs: DEFAULTS.execPluginTimeoutMs,
    });
    if (!conn) throw new Error("no cluster");
    return createCluster(conn.kc, {
      requestTimeoutMs: 5000,
      userAgent: USER_AGENT,
      fieldManager: "config-rollout",
      retries: 4,
      retryBaseDelayMs: 10,
      ...over,
    });
  };
  return {
    sim,
    kubeconfigPath,
    cluster: connect(),
    connect,
    close: async () => {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Restarts `ids` through the restart step, the annotation strategy writing `hash`: each must restart. */
export async function restartWithHash(harness: SimHarness, ids: ObjectId[], hash: string) {
  const results = await restartWorkloads(
    ids.map((i) => ({ id: i })),
    harness.cluster,
    {
      strategy: { patchFor: annotationStep(() => hash) },
      now: Date.now,
      dryRun: false,
      concurrency: DEFAULTS.concurrency,
    },
  );
  for (const r of results) expect(r.result, r.message).toBe("restarted");
  harness.sim.resetRequests();
  return results;
}

type Obj = Record<string, unknown>;

export function podTemplate(name: string, env: Array<Record<string, unknown>> = []): Obj {
  return {
    metadata: { labels: { app: name } },
    spec: {
      containers: [
        { name: "app", image: "registry.example/app:1", env },
        { name: "sidecar", image: "registry.example/proxy:1" },
      ],
    },
  };
}

export function deployment(name: string, namespace = "default", spec: Obj = {}): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name, namespace },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: podTemplate(name),
      ...spec,
    },
  };
}

export function statefulSet(name: string, namespace = "default", spec: Obj = {}): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: { name, namespace },
    spec: {
      replicas: 2,
      serviceName: name,
      selector: { matchLabels: { app: name } },
      template: podTemplate(name),
      ...spec,
    },
  };
}

export function daemonSet(name: string, namespace = "default", spec: Obj = {}): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "DaemonSet",
    metadata: { name, namespace },
    spec: { selector: { matchLabels: { app: name } }, template: podTemplate(name), ...spec },
  };
}

export function namespace(name: string): Obj {
  return { apiVersion: "v1", kind: "Namespace", metadata: { name } };
}

export const id = (kind: string, name: string, ns = "default") => ({ kind, namespace: ns, name });
