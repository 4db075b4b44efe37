// Simulated Kubernetes API server on 127.0.0.1 for tests, the demo and benchmarks: real REST
// paths and JSON shapes, watches with history, strategic merge patch, a rollout simulator and
// known CustomResourceDefinitions (Argo Rollouts) with their controller. Surface: docs/simulated-cluster.md.
import { randomBytes } from "node:crypto";
import { ArgoRolloutController } from "./argo-rollouts.js";
import { ROLLOUTS } from "./argo-rollouts-crd.js";
import { ControllerRevisions } from "./controller-revisions.js";
import { CustomResources, knownCrd } from "./custom-resources.js";
import { handleUpgrade } from "./exec.js";
import { Faults } from "./faults.js";
import { writeKubeconfig } from "./kubeconfig.js";
import { KubeletVolumes } from "./kubelet-volumes.js";
import { listenDual } from "./listener.js";
import { READY_FIRST } from "./pod-states.js";
import { SimulatedPods } from "./pods.js";
import { Registry } from "./registry.js";
import { ReplicaSetHistory, seededRevision } from "./replica-set-history.js";
import { type ResourceInfo, resourceFor } from "./resources.js";
import { RolloutSimulator } from "./rollout.js";
import { createRequestHandler } from "./server.js";
import { Store } from "./store.js";
import type { KubeObject, SimCluster, SimCrd, SimOptions, SimRequest } from "./types.js";
import type { OpenWatch } from "./watch.js";

export { kubeconfigYaml } from "./kubeconfig.js";
export type {
  FailMatch,
  FailStatus,
  KubeObject,
  PodFailure,
  PodFailureOptions,
  RandomFaultOptions,
  RolloutBehaviour,
  SimCluster,
  SimCrd,
  SimOptions,
  SimRequest,
} from "./types.js";

function lookupIn(custom: CustomResources) {
  return (kind: string): ResourceInfo => {
    const info = resourceFor(kind) ?? custom.resourceFor(kind);
    if (info) return info;
    if (custom.knownKind(kind))
      throw new Error(`simulated cluster: ${kind} is served only once its CRD is installed (installCrd)`);
    throw new Error(`simulated cluster: unknown kind ${JSON.stringify(kind)}`);
  };
}

export async function startSimCluster(opts: SimOptions = {}): Promise<SimCluster> {
  const token = opts.token ?? randomBytes(16).toString("hex");
  const nodes = opts.nodes ?? 3;
  const store = new Store();
  const simulator = new RolloutSimulator(store, opts.rolloutStepMs ?? 20, nodes);
  const customResources = new CustomResources(store);
  const argoRollouts = new ArgoRolloutController(store, opts.rolloutStepMs ?? 20);
  const infoFor = lookupIn(customResources);
  const registry = new Registry(store, simulator, {
    resourceFor: (kind) => customResources.resourceFor(kind),
    served: () => customResources.served(),
    settle: (info, obj) => (info === ROLLOUTS ? argoRollouts.settle(obj) : obj),
  });
  const installCrd = (name: SimCrd) => {
    const { object } = knownCrd(name);
    const crd = object();
    const crdName = String((crd.metadata as { name: string }).name);
    if (!store.get("customresourcedefinitions", "", crdName)) registry.seed(crd);
  };
  // Controllers that follow workload writes: ReplicaSet history and ControllerRevisions.
  const replicaSets = new ReplicaSetHistory(store);
  const revisions = new ControllerRevisions(store);
  // A crash-looping container restarts every 4 controller steps (the kubelet's back-off is 10 s, 20 s, …).
  const pods = new SimulatedPods(store, nodes, 4 * (opts.rolloutStepMs ?? 20));
  // What the pods' containers see of their configs: mounted files follow a change `kubeletSyncMs` later.
  const kubelet = new KubeletVolumes(store, opts.kubeletSyncMs ?? 10 * (opts.rolloutStepMs ?? 20));
  /** Run the controllers now instead of on the next microtask (seed and remove are synchronous). */
  const settleControllers = () => {
    replicaSets.flush();
    revisions.flush();
    pods.flush();
  };
  const faults = new Faults();
  const watches = new Set<OpenWatch>();
  const requests: SimRequest[] = [];
  let address = "127.0.0.1:0";
  for (const name of ["default", "kube-system", "kube-public"]) {
    registry.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name } });
  }
  for (const crd of opts.crds ?? []) installCrd(crd);
  const listener = await listenDual(
    opts.port ?? 0,
    createRequestHandler({
      store,
      registry,
      faults,
      token: () => token,
      requests: () => requests,
      watches,
      bookmarkIntervalMs: opts.bookmarkIntervalMs ?? 10_000,
      address: () => address,
      customResources,
      podLog: (namespace, name, query) => pods.log(namespace, name, query),
    }),
    (req, socket) =>
      handleUpgrade({ store, kubelet, token: () => token, requests: () => requests }, req, socket),
  );
  address = `127.0.0.1:${listener.port}`;
  const url = `http://${address}`;
  const httpsUrl = `https://${address}`;

  const dropWatches = (abrupt = false) => {
    for (const watch of [...watches]) watch.close(abrupt);
  };

  return {
    url,
    token,
    requests,
    httpsUrl,
    caCert: listener.caCert,
    connectionsAccepted: () => listener.connectionsAccepted(),
    writeKubeconfig: (path, kubeconfigOpts = {}) =>
      writeKubeconfig(path, kubeconfigOpts.insecureHttp ? url : httpsUrl, token, {
        ...kubeconfigOpts,
        caCert: kubeconfigOpts.insecureHttp ? undefined : listener.caCert,
      }),
    seed: (obj: KubeObject) => {
      if (typeof obj.kind === "string") infoFor(obj.kind); // a clear error for a CRD not installed
      registry.seed(seededRevision(store, obj));
      // A seeded workload has its ReplicaSet / ControllerRevision / Pods as soon as seed returns.
      settleControllers();
    },
    get: (kind, namespace, name) => {
      const info = infoFor(kind);
      return store.get(info.resource, info.namespaced ? namespace : "", name);
    },
    list: (kind, namespace) => store.list(infoFor(kind).resource, namespace),
    remove: (kind, namespace, name) => {
      const info = infoFor(kind);
      const ns = info.namespaced ? namespace : "";
      if (!store.get(info.resource, ns, name)) return false;
      registry.delete(info, ns, name, false);
      settleControllers();
      return true;
    },
    resetRequests: () => {
      // In place, so callers holding `cluster.requests` see the reset.
      requests.length = 0;
    },
    setRolloutBehaviour: (kind, namespace, name, behaviour, onlyFor) => {
      const info = infoFor(kind);
      if (info === ROLLOUTS) {
        if (onlyFor) throw new Error("setRolloutBehaviour: onlyFor is not simulated for Argo Rollouts");
        return argoRollouts.setBehaviour(namespace, name, behaviour);
      }
      if (!info.workload) throw new Error(`setRolloutBehaviour: ${kind} is not rolled out by the simulator`);
      simulator.setBehaviour(info, namespace, name, behaviour, onlyFor);
    },
    setPodFailure: (kind, namespace, name, failure, options = {}) => {
      const info = infoFor(kind);
      if (!info.workload) throw new Error(`setPodFailure: ${kind} has no simulated pods`);
      pods.setFailure(`${info.resource}/${namespace}/${name}`, failure, options);
      // Pods that cannot start hold the rollout after its first new pod, as a real controller's
      // maxUnavailable does; a pod that is only slow to be ready does not.
      const stalls = failure !== undefined && !READY_FIRST.includes(failure);
      simulator.setBehaviour(
        info,
        namespace,
        name,
        stalls ? "stall" : "complete",
        stalls ? options.onlyFor : undefined,
      );
    },
    podFiles: (namespace, pod, container) => {
      const files = kubelet.files(namespace, pod, container);
      return files && Object.fromEntries(files);
    },
    failNext: (match, status, times, retryAfterSeconds) =>
      faults.failNext(match, status, times, retryAfterSeconds),
    forbid: (verb, resource, resourceNames) => faults.forbid(verb, resource, resourceNames),
    hang: (match = {}) => faults.hang(match),
    randomFaults: (options) => faults.randomFaults(options),
    dropWatches,
    installCrd,
    expireResourceVersions: () => store.compact(),
    resourceVersion: () => String(store.currentRv()),
    close: async () => {
      simulator.close();
      argoRollouts.close();
      replicaSets.close();
      revisions.close();
      pods.close();
      kubelet.close();
      dropWatches(true);
      await listener.close();
    },
  };
}
