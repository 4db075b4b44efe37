// What the kubelet would report for a pod that cannot start: container statuses
// (`state.waiting.reason/message`, `restartCount`, `lastState.terminated`), the pod's Ready
// condition, core/v1 Events about the pod (reason, message, type, count, first/lastTimestamp), and
// its containers' logs. The shapes and wordings are the kubelet's; timings are shortened: a
// crash-looping container restarts every `restartMs` instead of after 10 s, 20 s, 40 s, …
import { randomBytes, randomUUID } from "node:crypto";
import { clone, isRecord, recordAt, stringAt, valueAt } from "./json.js";
import { now } from "./owner-references.js";
import type { Store } from "./store.js";
import type { KubeObject } from "./types.js";

/** The pod states a control can put a template's pods into. */
export type PodFailure =
  | "CreateContainerConfigError"
  | "CreateContainerError"
  | "ErrImagePull"
  | "ImagePullBackOff"
  | "InvalidImageName"
  | "CrashLoopBackOff"
  | "OOMKilled"
  | "not-ready-then-ready"
  /** Ready (the rollout completes), then its first container crashes and crash-loops: what a bake catches. */
  | "ready-then-crash"
  /** Ready (the rollout completes), then not ready for good (a failing readiness probe). */
  | "ready-then-not-ready";

/** Failures that let the pod become ready first: a rollout of such pods completes. */
export const READY_FIRST: readonly PodFailure[] = [
  "not-ready-then-ready",
  "ready-then-crash",
  "ready-then-not-ready",
];

export interface PodFailureOptions {
  /** The waiting message (config/image errors) or the termination message (crashes). */
  message?: string;
  /** Lines each run of the container prints (served by pods/{name}/log). */
  log?: string[];
  /** Exit code of a crashing container (default 1; OOMKilled: 137). */
  exitCode?: number;
  /** ready-then-crash, ready-then-not-ready: how long the pod stays ready first (default 4 controller steps). */
  readyForMs?: number;
  /** Only pods of templates it accepts (called with the pod's owner: ReplicaSet, StatefulSet, DaemonSet). */
  onlyFor?: (owner: KubeObject) => boolean;
}

interface Running {
  failure: PodFailure;
  options: PodFailureOptions;
  restarts: number;
  timer?: NodeJS.Timeout;
}

/** A crash-looping container stops being restarted by the simulator after this many restarts. */
const MAX_RESTARTS = 20;

function containerNames(pod: KubeObject): string[] {
  const list = valueAt(pod, "spec", "containers");
  return Array.isArray(list) ? list.filter(isRecord).map((c) => String(c.name)) : [];
}

function imageOf(pod: KubeObject, container: string): string {
  const list = valueAt(pod, "spec", "containers");
  const found = Array.isArray(list) ? list.find((c) => isRecord(c) && c.name === container) : undefined;
  return isRecord(found) ? String(found.image ?? "") : "";
}

/** "couldn't find key K in ConfigMap ns/name", from the first configMapKeyRef of the pod, as the kubelet says it. */
function configErrorMessage(pod: KubeObject): string {
  const namespace = stringAt(pod, "metadata", "namespace") ?? "";
  for (const container of (valueAt(pod, "spec", "containers") as unknown[] | undefined) ?? []) {
    for (const env of (isRecord(container) && Array.isArray(container.env)
      ? container.env
      : []) as unknown[]) {
      const ref = recordAt(env, "valueFrom", "configMapKeyRef");
      if (ref) return `couldn't find key ${String(ref.key)} in ConfigMap ${namespace}/${String(ref.name)}`;
    }
  }
  return `configmap "app-config" not found`;
}

function waitingMessage(failure: PodFailure, pod: KubeObject, container: string, options: PodFailureOptions) {
  const image = imageOf(pod, container);
  switch (failure) {
    case "CreateContainerConfigError":
      return options.message ?? configErrorMessage(pod);
    case "CreateContainerError":
      return (
        options.message ?? `failed to create containerd task: exec: "/app/start": no such file or directory`
      );
    case "ErrImagePull":
      return (
        options.message ??
        `rpc error: code = NotFound desc = failed to pull and unpack image "${image}": not found`
      );
    case "ImagePullBackOff":
      return options.message ?? `Back-off pulling image "${image}"`;
    case "InvalidImageName":
      return (
        options.message ??
        `Failed to apply default image tag "${image}": couldn't parse image name "${image}": invalid reference format`
      );
    default: {
      const name = stringAt(pod, "metadata", "name");
      const ns = stringAt(pod, "metadata", "namespace");
      const uid = stringAt(pod, "metadata", "uid");
      return `back-off 10s restarting failed container=${container} pod=${name}_${ns}(${uid})`;
    }
  }
}

/** The Warning events the kubelet records when a container enters this state. */
function eventsFor(failure: PodFailure, pod: KubeObject, container: string, message: string) {
  const image = imageOf(pod, container);
  switch (failure) {
    case "CreateContainerConfigError":
    case "CreateContainerError":
      return [{ reason: "Failed", message: `Error: ${message}` }];
    case "ErrImagePull":
      return [
        { reason: "Failed", message: `Failed to pull image "${image}": ${message}` },
        { reason: "Failed", message: "Error: ErrImagePull" },
      ];
    case "ImagePullBackOff":
      return [{ reason: "Failed", message: "Error: ImagePullBackOff" }];
    case "InvalidImageName":
      return [
        { reason: "InspectFailed", message },
        { reason: "Failed", message: "Error: InvalidImageName" },
      ];
    case "CrashLoopBackOff":
    case "OOMKilled": {
      const name = stringAt(pod, "metadata", "name");
      const ns = stringAt(pod, "metadata", "namespace");
      const uid = stringAt(pod, "metadata", "uid");
      return [
        {
          reason: "BackOff",
          message: `Back-off restarting failed container ${container} in pod ${name}_${ns}(${uid})`,
        },
      ];
    }
    default:
      return [];
  }
}

export class PodStates {
  private readonly running = new Map<string, Running>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly restartMs: number,
  ) {}

  /** A new pod in `failure`: its first status, its events, and (crashes, not-ready) the timer that moves it on. */
  start(pod: KubeObject, failure: PodFailure, options: PodFailureOptions): KubeObject {
    const state: Running = { failure, options, restarts: 0 };
    this.running.set(this.keyOf(pod), state);
    // Ready first: the pod as it is (running and ready) until its timer turns it.
    const shown = failure.startsWith("ready-then-") ? pod : this.statusOf(pod, state);
    this.schedule(shown);
    return shown;
  }

  /** A pod that is gone: no more restarts. */
  forget(pod: KubeObject): void {
    const key = this.keyOf(pod);
    clearTimeout(this.running.get(key)?.timer);
    this.running.delete(key);
  }

  close(): void {
    this.closed = true;
    for (const state of this.running.values()) clearTimeout(state.timer);
    this.running.clear();
  }

  /**
   * GET pods/{name}/log: the text, or the error the real server answers (400 for a container that
   * never started, or `previous` without a terminated container).
   */
  log(pod: KubeObject, query: Record<string, string>): { status: number; text: string } {
    const names = containerNames(pod);
    const podName = stringAt(pod, "metadata", "name") ?? "";
    const container = query.container || names[0] || "";
    if (!names.includes(container))
      return { status: 400, text: `container ${container} is not valid for pod ${podName}` };
    const state = this.running.get(this.keyOf(pod));
    const lines = state?.options.log ?? [];
    const previous = query.previous === "true";
    const crashes = state?.failure === "CrashLoopBackOff" || state?.failure === "OOMKilled";
    if (state && !crashes && !READY_FIRST.includes(state.failure))
      return {
        status: 400,
        text: `container "${container}" in pod "${podName}" is waiting to start: ${state.failure}`,
      };
    if (previous && !(crashes && (state?.restarts ?? 0) > 0))
      return {
        status: 400,
        text: `previous terminated container "${container}" in pod "${podName}" not found`,
      };
    const tail = Number(query.tailLines ?? "");
    const shown = Number.isInteger(tail) && tail >= 0 ? lines.slice(Math.max(0, lines.length - tail)) : lines;
    return { status: 200, text: shown.map((l) => `${l}\n`).join("") };
  }

  private keyOf(pod: KubeObject): string {
    return `${stringAt(pod, "metadata", "namespace")}/${stringAt(pod, "metadata", "name")}/${stringAt(pod, "metadata", "uid")}`;
  }

  private schedule(pod: KubeObject): void {
    const state = this.running.get(this.keyOf(pod));
    if (!state || this.closed) return;
    const crashes = state.failure === "CrashLoopBackOff" || state.failure === "OOMKilled";
    if (!crashes && !READY_FIRST.includes(state.failure)) return;
    const ready = state.failure.startsWith("ready-then-") ? state.options.readyForMs : undefined;
    state.timer = setTimeout(() => this.tick(pod), ready ?? this.restartMs);
    state.timer.unref();
  }

  /** One restart of a crashing container, or the not-ready pod turning ready. */
  private tick(created: KubeObject): void {
    const key = this.keyOf(created);
    const state = this.running.get(key);
    const namespace = stringAt(created, "metadata", "namespace") ?? "";
    const name = stringAt(created, "metadata", "name") ?? "";
    const pod = this.store.get("pods", namespace, name);
    if (!state || !pod || stringAt(pod, "metadata", "uid") !== stringAt(created, "metadata", "uid")) {
      this.running.delete(key);
      return;
    }
    if (state.failure === "not-ready-then-ready") {
      this.running.delete(key);
      this.store.write("pods", readyPod(pod));
      return;
    }
    if (state.failure === "ready-then-not-ready") {
      this.running.delete(key);
      this.store.write("pods", this.statusOf(pod, { ...state, failure: "not-ready-then-ready" }));
      return;
    }
    // Ready, then crashing: from now on a crash loop like any other.
    if (state.failure === "ready-then-crash") state.failure = "CrashLoopBackOff";
    state.restarts++;
    this.store.write("pods", this.statusOf(pod, state));
    if (state.restarts < MAX_RESTARTS) this.schedule(pod);
  }

  /** The pod with the status of `state`, after recording its events. */
  private statusOf(pod: KubeObject, state: Running): KubeObject {
    const { failure, options } = state;
    const next = clone(pod);
    const started = now();
    const crashes = failure === "CrashLoopBackOff" || failure === "OOMKilled";
    // The first container is the one that cannot start; the others (sidecars) run.
    const statuses = containerNames(pod).map((container, index) => {
      if (index > 0) return runningStatus(pod, container, started);
      const status: Record<string, unknown> = {
        name: container,
        image: imageOf(pod, container),
        imageID: "",
        ready: false,
        started: failure === "not-ready-then-ready",
        restartCount: state.restarts,
      };
      if (failure === "not-ready-then-ready") {
        status.state = { running: { startedAt: started } };
        status.lastState = {};
      } else if (crashes && state.restarts === 0) {
        // The first run has started and not crashed yet.
        status.state = { running: { startedAt: started } };
        status.lastState = {};
        status.started = true;
      } else {
        const message = waitingMessage(crashes ? "CrashLoopBackOff" : failure, pod, container, options);
        status.state = { waiting: { reason: crashes ? "CrashLoopBackOff" : failure, message } };
        status.lastState = crashes ? { terminated: this.terminated(state, started) } : {};
        for (const event of eventsFor(failure, pod, container, message)) this.record(pod, container, event);
      }
      return status;
    });
    const unready = `containers with unready status: [${containerNames(pod)[0] ?? ""}]`;
    next.status = {
      ...(recordAt(pod, "status") ?? {}),
      phase: crashes || failure === "not-ready-then-ready" ? "Running" : "Pending",
      conditions: [
        { type: "Initialized", status: "True", lastTransitionTime: started },
        {
          type: "Ready",
          status: "False",
          lastTransitionTime: started,
          reason: "ContainersNotReady",
          message: unready,
        },
        {
          type: "ContainersReady",
          status: "False",
          lastTransitionTime: started,
          reason: "ContainersNotReady",
          message: unready,
        },
        { type: "PodScheduled", status: "True", lastTransitionTime: started },
      ],
      containerStatuses: statuses,
    };
    return next;
  }

  private terminated(state: Running, at: string): Record<string, unknown> {
    const oom = state.failure === "OOMKilled";
    const terminated: Record<string, unknown> = {
      exitCode: state.options.exitCode ?? (oom ? 137 : 1),
      reason: oom ? "OOMKilled" : "Error",
      startedAt: at,
      finishedAt: at,
      containerID: `containerd://${randomBytes(32).toString("hex")}`,
    };
    if (state.options.message) terminated.message = state.options.message;
    return terminated;
  }

  /** A Warning event about the pod: a repeat of the same reason and message counts up, as the kubelet's recorder does. */
  private record(pod: KubeObject, container: string, event: { reason: string; message: string }): void {
    const namespace = stringAt(pod, "metadata", "namespace") ?? "";
    const podName = stringAt(pod, "metadata", "name") ?? "";
    const uid = stringAt(pod, "metadata", "uid");
    const at = now();
    const same = this.store
      .list("events", namespace)
      .find(
        (e) =>
          stringAt(e, "involvedObject", "uid") === uid &&
          stringAt(e, "reason") === event.reason &&
          stringAt(e, "message") === event.message,
      );
    if (same) {
      this.store.write("events", { ...same, count: Number(same.count ?? 1) + 1, lastTimestamp: at });
      return;
    }
    const node = stringAt(pod, "spec", "nodeName") ?? "sim-node-0";
    this.store.write("events", {
      apiVersion: "v1",
      kind: "Event",
      metadata: {
        name: `${podName}.${randomBytes(8).toString("hex")}`,
        namespace,
        uid: randomUUID(),
        creationTimestamp: at,
      },
      involvedObject: {
        apiVersion: "v1",
        kind: "Pod",
        namespace,
        name: podName,
        uid,
        fieldPath: `spec.containers{${container}}`,
      },
      reason: event.reason,
      message: event.message,
      source: { component: "kubelet", host: node },
      firstTimestamp: at,
      lastTimestamp: at,
      count: 1,
      type: "Warning",
      eventTime: null,
      reportingComponent: "kubelet",
      reportingInstance: node,
    });
  }
}

function runningStatus(pod: KubeObject, container: string, at: string): Record<string, unknown> {
  return {
    name: container,
    image: imageOf(pod, container),
    imageID: "",
    ready: true,
    started: true,
    restartCount: 0,
    state: { running: { startedAt: at } },
    lastState: {},
  };
}

/** A pod whose containers all became ready. */
function readyPod(pod: KubeObject): KubeObject {
  const next = clone(pod);
  const at = now();
  const statuses = (valueAt(pod, "status", "containerStatuses") as unknown[] | undefined) ?? [];
  next.status = {
    ...(recordAt(pod, "status") ?? {}),
    phase: "Running",
    conditions: ["Initialized", "Ready", "ContainersReady", "PodScheduled"].map((type) => ({
      type,
      status: "True",
      lastTransitionTime: at,
    })),
    containerStatuses: statuses.filter(isRecord).map((s) => ({ ...s, ready: true, started: true })),
  };
  return next;
}
