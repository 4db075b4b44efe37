// Simulated Kubernetes API server on 127.0.0.1 for tests, the demo and benchmarks: real REST
// paths and JSON shapes, watches with history, strategic merge patch and a rollout simulator.
import { randomBytes } from "node:crypto";
import { Faults } from "./faults.js";
import { writeKubeconfig } from "./kubeconfig.js";
import { listenDual } from "./listener.js";
import { Registry } from "./registry.js";
import { type ResourceInfo, resourceFor } from "./resources.js";
import { RolloutSimulator } from "./rollout.js";
import { createRequestHandler } from "./server.js";
import { Store } from "./store.js";
import type { KubeObject, SimCluster, SimOptions, SimRequest } from "./types.js";
import type { OpenWatch } from "./watch.js";

export { kubeconfigYaml } from "./kubeconfig.js";
export type {
  FailMatch,
  FailStatus,
  KubeObject,
  RandomFaultOptions,
  RolloutBehaviour,
  SimCluster,
  SimOptions,
  SimRequest,
} from "./types.js";

function infoFor(kind: string): ResourceInfo {
  const info = resourceFor(kind);
  if (!info) throw new Error(`simulated cluster: unknown kind ${JSON.stringify(kind)}`);
  return info;
}

export async function startSimCluster(opts: SimOptions = {}): Promise<SimCluster> {
  const token = opts.token ?? randomBytes(16).toString("hex");
  const nodes = opts.nodes ?? 3;
  const store = new Store();
  const simulator = new RolloutSimulator(store, opts.rolloutStepMs ?? 20, nodes);
  const registry = new Registry(store, simulator);
  const faults = new Faults();
  const watches = new Set<OpenWatch>();
  const requests: SimRequest[] = [];
  let address = "127.0.0.1:0";
  for (const name of ["default", "kube-system", "kube-public"]) {
    registry.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name } });
  }
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
    }),
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
    writeKubeconfig: (path, kubeconfigOpts = {}) =>
      writeKubeconfig(path, kubeconfigOpts.insecureHttp ? url : httpsUrl, token, {
        ...kubeconfigOpts,
        caCert: kubeconfigOpts.insecureHttp ? undefined : listener.caCert,
      }),
    seed: (obj: KubeObject) => {
      registry.seed(obj);
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
      return true;
    },
    resetRequests: () => {
      // In place, so callers holding `cluster.requests` see the reset.
      requests.length = 0;
    },
    setRolloutBehaviour: (kind, namespace, name, behaviour) => {
      const info = infoFor(kind);
      if (!info.workload) throw new Error(`setRolloutBehaviour: ${kind} is not rolled out by the simulator`);
      simulator.setBehaviour(info, namespace, name, behaviour);
    },
    failNext: (match, status, times, retryAfterSeconds) =>
      faults.failNext(match, status, times, retryAfterSeconds),
    forbid: (verb, resource) => faults.forbid(verb, resource),
    randomFaults: (options) => faults.randomFaults(options),
    dropWatches,
    expireResourceVersions: () => store.compact(),
    resourceVersion: () => String(store.currentRv()),
    close: async () => {
      simulator.close();
      dropWatches(true);
      await listener.close();
    },
  };
}
