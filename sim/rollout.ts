// Rollout simulator: plays the Deployment/StatefulSet/DaemonSet controllers. After a spec change
// it rewrites the status one step every `stepMs` (each write a MODIFIED watch event) until the
// rollout completes, stalls or passes its progress deadline, per the workload's behaviour.
import { childRecord, clone, deepEqual, stringAt } from "./json.js";
import type { ResourceInfo } from "./resources.js";
import { advance, REVISION_ANNOTATION, settledState, type WorkloadState } from "./rollout-model.js";
import { generationOf, workloadStatus } from "./rollout-status.js";
import type { Store } from "./store.js";
import type { KubeObject, RolloutBehaviour } from "./types.js";

function keyOf(resource: string, namespace: string, name: string): string {
  return `${resource}/${namespace}/${name}`;
}

function idOf(obj: KubeObject): [string, string] {
  return [stringAt(obj, "metadata", "namespace") ?? "", stringAt(obj, "metadata", "name") ?? ""];
}

export class RolloutSimulator {
  private readonly states = new Map<string, WorkloadState>();
  private readonly behaviours = new Map<string, RolloutBehaviour>();
  /** Behaviours that hold only for some pod templates (pods of that template crash); others complete. */
  private readonly onlyFor = new Map<string, (obj: KubeObject) => boolean>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly stepMs: number,
    private readonly nodes: number,
  ) {}

  /** For seeding: the object with a fully rolled-out status (explicit status fields win). */
  settle(info: ResourceInfo, obj: KubeObject): KubeObject {
    const [namespace, name] = idOf(obj);
    const key = keyOf(info.resource, namespace, name);
    this.cancel(key);
    const state = settledState(info.kind, obj);
    this.states.set(key, state);
    const settled = clone(obj);
    const given = settled.status;
    settled.status = {
      ...workloadStatus(info.kind, settled, state, this.nodes),
      ...(typeof given === "object" ? given : {}),
    };
    if (info.kind === "Deployment") {
      childRecord(childRecord(settled, "metadata"), "annotations")[REVISION_ANNOTATION] = String(
        state.revision,
      );
    }
    return settled;
  }

  /** After a write through the API: start stepping when the controller has something to observe. */
  written(info: ResourceInfo, obj: KubeObject): void {
    const [namespace, name] = idOf(obj);
    const key = keyOf(info.resource, namespace, name);
    if (!this.states.has(key)) this.states.set(key, { rolledHash: "", revision: 0, observedGeneration: 0 });
    if (this.states.get(key)?.observedGeneration !== generationOf(obj)) this.schedule(info, namespace, name);
  }

  forget(info: ResourceInfo, namespace: string, name: string): void {
    const key = keyOf(info.resource, namespace, name);
    this.cancel(key);
    this.states.delete(key);
  }

  setBehaviour(
    info: ResourceInfo,
    namespace: string,
    name: string,
    behaviour: RolloutBehaviour,
    onlyFor?: (obj: KubeObject) => boolean,
  ): void {
    const key = keyOf(info.resource, namespace, name);
    this.behaviours.set(key, behaviour);
    if (onlyFor) this.onlyFor.set(key, onlyFor);
    else this.onlyFor.delete(key);
    // A stalled rollout resumes when told to complete.
    if (this.states.get(key)?.progress) this.schedule(info, namespace, name);
  }

  close(): void {
    this.closed = true;
    for (const key of [...this.timers.keys()]) this.cancel(key);
  }

  private cancel(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  private schedule(info: ResourceInfo, namespace: string, name: string): void {
    const key = keyOf(info.resource, namespace, name);
    if (this.closed || this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.step(info, namespace, name);
    }, this.stepMs);
    timer.unref();
    this.timers.set(key, timer);
  }

  private step(info: ResourceInfo, namespace: string, name: string): void {
    const key = keyOf(info.resource, namespace, name);
    const obj = this.store.get(info.resource, namespace, name);
    const previous = this.states.get(key);
    if (!obj || !previous) return;
    const applies = this.onlyFor.get(key)?.(obj) ?? true;
    const behaviour = applies ? (this.behaviours.get(key) ?? "complete") : "complete";
    const { state, done } = advance(info.kind, obj, previous, behaviour, this.nodes);
    this.states.set(key, state);
    const next = clone(obj);
    next.status = workloadStatus(info.kind, obj, state, this.nodes);
    if (info.kind === "Deployment" && state.revision > 0) {
      childRecord(childRecord(next, "metadata"), "annotations")[REVISION_ANNOTATION] = String(state.revision);
    }
    if (!deepEqual(next, obj)) this.store.write(info.resource, next);
    if (!done) this.schedule(info, namespace, name);
  }
}
