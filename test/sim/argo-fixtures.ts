// Rollout objects for the Argo Rollouts tests of the simulated cluster.
import type { KubeObject } from "../../sim/index.js";

export interface RolloutFixture {
  replicas?: number;
  /** Canary steps (default: none). */
  steps?: unknown[];
  /** Name of a Deployment to take the pod template from, instead of spec.template. */
  workloadRef?: string;
  labels?: Record<string, string>;
}

export function rollout(name: string, namespace: string, fixture: RolloutFixture = {}): KubeObject {
  const spec: Record<string, unknown> = {
    replicas: fixture.replicas ?? 3,
    selector: { matchLabels: { app: name } },
    strategy: { canary: fixture.steps ? { steps: fixture.steps } : {} },
  };
  if (fixture.workloadRef) {
    spec.workloadRef = { apiVersion: "apps/v1", kind: "Deployment", name: fixture.workloadRef };
  } else {
    spec.template = {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: "app", image: "nginx:1.27", env: [{ name: "A", value: "1" }] }] },
    };
  }
  return {
    apiVersion: "argoproj.io/v1alpha1",
    kind: "Rollout",
    metadata: { name, namespace, labels: { app: name, ...fixture.labels } },
    spec,
  };
}

/** A merge patch that changes the pod template (what a restart through the template does). */
export function templateAnnotationPatch(value: string): Record<string, unknown> {
  return { spec: { template: { metadata: { annotations: { "example.com/restartedAt": value } } } } };
}
