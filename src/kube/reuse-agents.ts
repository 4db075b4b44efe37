// One keep-alive connection pool per TLS identity for every request of the object API.
//
// client-node's KubeConfig makes a new undici dispatcher for each request it authenticates, so each
// request opened its own connection and built its own TLS context from the kubeconfig's CA, client
// certificate and key. At 1,000 restarts that is ~2,000 handshakes and ~2,000 TLS contexts held in
// native memory: a large part of the run's peak RSS and time. Here the dispatcher is kept per
// identity, so connections are reused (kubectl does the same: one transport per client config).
//
// The identity is the connection options client-node derives for this request
// (createDispatcherOptions), so a credential that changes during the run (an exec plugin issuing a
// new client certificate) gets its own pool. Proxy and SOCKS dispatchers are left as client-node
// makes them. Watches keep their own dispatcher per connection (watch-stream.ts destroys it to abort).

import type { AgentOptions } from "node:https";
import type { Cluster, KubeConfig } from "@kubernetes/client-node";

export type Dispatcher = { destroy(): Promise<void> | void };
type CreateDispatcher = (cluster: Cluster | null, agentOptions: AgentOptions) => Dispatcher | undefined;
type WithDispatchers = { createDispatcher: CreateDispatcher };

/** client-node's private dispatcher factory of `kc`, bound to it: the one place that reaches into it. */
export function dispatcherFactoryOf(kc: KubeConfig): CreateDispatcher {
  return (kc as unknown as WithDispatchers).createDispatcher.bind(kc);
}

/**
 * A view of `kc` whose request authentication hands out one dispatcher per TLS identity. (It
 * replaces client-node's private `createDispatcher` on the view only; tested against the installed
 * client-node in test/kube/reuse-agents.test.ts.)
 */
export function reuseAgents(kc: KubeConfig): KubeConfig {
  const made = dispatcherFactoryOf(kc);
  const pools = new Map<string, Dispatcher | undefined>();
  const view = Object.create(kc) as KubeConfig;
  const pooled: CreateDispatcher = (cluster, agentOptions) => {
    const options = kc.createDispatcherOptions(cluster, agentOptions);
    if (options.type !== "agent") return made(cluster, agentOptions);
    // PEM strings and buffers (Buffer.toJSON): kept in this map only, never logged.
    const key = JSON.stringify(options.connect);
    if (!pools.has(key)) pools.set(key, made(cluster, agentOptions));
    return pools.get(key);
  };
  (view as unknown as WithDispatchers).createDispatcher = pooled;
  return view;
}
