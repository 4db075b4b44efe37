// Argo Rollouts controller simulator. Like the real controller it watches (here: subscribes to the
// store) Rollouts and Deployments: a new generation, a cleared canary pause or a new generation of
// the Deployment a `spec.workloadRef` names starts controller ticks, one every `stepMs`, each
// writing the Rollout's status (a MODIFIED watch event) until there is nothing left to do.

import {
  type ArgoState,
  advanceArgo,
  argoStatus,
  emptyArgoState,
  type ResolvedTemplate,
  ROLLOUT_REVISION_ANNOTATION,
  resumeFromPauseStep,
  settledArgoState,
  WORKLOAD_GENERATION_ANNOTATION,
} from "./argo-rollout-model.js";
import { ROLLOUTS } from "./argo-rollouts-crd.js";
import { childRecord, clone, deepEqual, isRecord, numberAt, recordAt, stringAt, valueAt } from "./json.js";
import type { Store, StoredEvent } from "./store.js";
import type { KubeObject, RolloutBehaviour } from "./types.js";

function idOf(obj: KubeObject): [string, string] {
  return [stringAt(obj, "metadata", "namespace") ?? "", stringAt(obj, "metadata", "name") ?? ""];
}

function keyOf(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

function referencesDeployment(rollout: KubeObject, name: string): boolean {
  const ref = recordAt(rollout, "spec", "workloadRef");
  return ref !== undefined && ref.kind === "Deployment" && ref.name === name;
}

export class ArgoRolloutController {
  private readonly states = new Map<string, ArgoState>();
  private readonly behaviours = new Map<string, RolloutBehaviour>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly stepMs: number,
  ) {
    this.unsubscribe = store.subscribe((event) => this.observe(event));
  }

  /** For seeding: the Rollout fully rolled out and Healthy (explicit status fields win). */
  settle(obj: KubeObject): KubeObject {
    const [namespace, name] = idOf(obj);
    const key = keyOf(namespace, name);
    this.cancel(key);
    const resolved = this.resolve(obj);
    const state = settledArgoState(obj, resolved);
    this.states.set(key, state);
    const settled = this.withControllerMetadata(obj, state, resolved);
    const given = settled.status;
    settled.status = { ...argoStatus(settled, state, resolved), ...(isRecord(given) ? given : {}) };
    return settled;
  }

  setBehaviour(namespace: string, name: string, behaviour: RolloutBehaviour): void {
    const key = keyOf(namespace, name);
    this.behaviours.set(key, behaviour);
    const state = this.states.get(key);
    // A stalled rollout resumes when told to complete.
    if (state?.progress || state?.restart) this.schedule(namespace, name);
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    for (const key of [...this.timers.keys()]) this.cancel(key);
  }

  /** The pod template the Rollout runs: its own, or the referenced Deployment's (Argo supports apps/v1 Deployment here). */
  private resolve(rollout: KubeObject): ResolvedTemplate {
    const ref = recordAt(rollout, "spec", "workloadRef");
    if (!ref) return { template: valueAt(rollout, "spec", "template") };
    const apiVersion = typeof ref.apiVersion === "string" ? ref.apiVersion : "";
    const kind = typeof ref.kind === "string" ? ref.kind : "";
    if (apiVersion !== "apps/v1" || kind !== "Deployment") {
      const group = apiVersion.includes("/") ? apiVersion.split("/")[0] : "";
      return { invalid: `workload of type ${group}/${kind} is not supported` };
    }
    const name = typeof ref.name === "string" ? ref.name : "";
    const deployment = this.store.get("deployments", idOf(rollout)[0], name);
    if (!deployment) return { invalid: `deployment.apps "${name}" not found` };
    return {
      template: valueAt(deployment, "spec", "template"),
      workloadGeneration: numberAt(deployment, "metadata", "generation") ?? 1,
    };
  }

  private withControllerMetadata(obj: KubeObject, state: ArgoState, resolved: ResolvedTemplate): KubeObject {
    const next = clone(obj);
    const annotations = childRecord(childRecord(next, "metadata"), "annotations");
    if (state.revision > 0) annotations[ROLLOUT_REVISION_ANNOTATION] = String(state.revision);
    if (resolved.workloadGeneration !== undefined)
      annotations[WORKLOAD_GENERATION_ANNOTATION] = String(resolved.workloadGeneration);
    return next;
  }

  private observe(event: StoredEvent): void {
    if (event.resource === ROLLOUTS.resource) this.observeRollout(event);
    else if (event.resource === "deployments") this.observeDeployment(event);
  }

  private observeRollout(event: StoredEvent): void {
    const [namespace, name] = idOf(event.object);
    const key = keyOf(namespace, name);
    if (event.type === "DELETED") {
      this.cancel(key);
      this.states.delete(key);
      this.behaviours.delete(key);
      return;
    }
    const state = this.states.get(key);
    if (!state) {
      this.states.set(key, emptyArgoState());
      this.schedule(namespace, name);
      return;
    }
    const pauseConditions = valueAt(event.object, "status", "pauseConditions");
    const pauseCleared = !Array.isArray(pauseConditions) || pauseConditions.length === 0;
    if (state.progress?.pausedSince && pauseCleared) {
      this.states.set(key, resumeFromPauseStep(state));
      this.schedule(namespace, name);
    } else if ((numberAt(event.object, "metadata", "generation") ?? 1) !== state.observedGeneration) {
      this.schedule(namespace, name);
    }
  }

  private observeDeployment(event: StoredEvent): void {
    const generation = (obj: KubeObject | undefined) => numberAt(obj, "metadata", "generation");
    // Status-only writes of the Deployment change nothing the Rollout uses.
    if (event.type === "MODIFIED" && generation(event.previous) === generation(event.object)) return;
    const [namespace, name] = idOf(event.object);
    for (const rollout of this.store.list(ROLLOUTS.resource, namespace)) {
      if (referencesDeployment(rollout, name)) this.schedule(namespace, idOf(rollout)[1]);
    }
  }

  private cancel(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  private schedule(namespace: string, name: string): void {
    const key = keyOf(namespace, name);
    if (this.closed || this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.step(namespace, name);
    }, this.stepMs);
    timer.unref();
    this.timers.set(key, timer);
  }

  private step(namespace: string, name: string): void {
    const key = keyOf(namespace, name);
    const obj = this.store.get(ROLLOUTS.resource, namespace, name);
    const previous = this.states.get(key) ?? emptyArgoState();
    if (!obj) return;
    const resolved = this.resolve(obj);
    const { state, done } = advanceArgo(obj, previous, resolved, this.behaviours.get(key) ?? "complete");
    this.states.set(key, state);
    const next = this.withControllerMetadata(obj, state, resolved);
    next.status = argoStatus(next, state, resolved);
    if (!deepEqual(next, obj)) this.store.write(ROLLOUTS.resource, next);
    if (!done) this.schedule(namespace, name);
  }
}
