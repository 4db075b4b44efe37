// One keep-alive HTTPS agent per TLS identity for every request of the object API.
//
// client-node's KubeConfig makes a new https.Agent for each request it authenticates, so each
// request opened its own connection and built its own TLS context from the kubeconfig's CA, client
// certificate and key. At 1,000 restarts that is ~2,000 handshakes, and ~2,000 TLS contexts held in
// native memory (invisible to V8's heap accounting, so nothing hurried their collection): about a
// third of the run's peak RSS, and much of its time. Here the agent client-node made is swapped for
// one kept per identity, so connections are reused (kubectl does the same: one transport per
// client config).
//
// The identity is the agent's TLS options as client-node derived them for this request, so a
// credential that changes during the run (an exec plugin issuing a new client certificate) gets its
// own agent. Agents of any other class (a proxy agent from the kubeconfig's proxy-url) are left as
// they are. Watches keep their own agent per connection (watch-stream.ts destroys it to abort).

import { Agent as HttpAgent } from "node:http";
import { type AgentOptions, Agent as HttpsAgent } from "node:https";
import type { KubeConfig, RequestContext } from "@kubernetes/client-node";

/** The options client-node sets on the agents it creates (KubeConfig.applySecurityAuthentication). */
const TLS_OPTIONS = [
  "ca",
  "cert",
  "key",
  "pfx",
  "passphrase",
  "rejectUnauthorized",
  "servername",
] as const satisfies ReadonlyArray<keyof AgentOptions>;

export interface AgentReusingAuthentication {
  getName(): string;
  applySecurityAuthentication(context: RequestContext): Promise<void>;
}

export function reuseAgents(kc: KubeConfig): AgentReusingAuthentication {
  const agents = new Map<string, HttpAgent>();
  return {
    getName: () => "kubeconfig (one keep-alive agent per TLS identity)",
    async applySecurityAuthentication(context) {
      await kc.applySecurityAuthentication(context);
      const made = context.getAgent();
      if (made === undefined) return;
      const plain = made.constructor === HttpsAgent || made.constructor === HttpAgent;
      if (!plain) return;
      const options = (made as HttpAgent & { options: AgentOptions }).options;
      const picked: AgentOptions = {};
      for (const name of TLS_OPTIONS) {
        if (options[name] !== undefined) (picked as Record<string, unknown>)[name] = options[name];
      }
      // PEM strings and buffers (Buffer.toJSON): kept in this map only, never logged.
      const key = `${made.constructor === HttpsAgent ? "https" : "http"} ${JSON.stringify(picked)}`;
      let agent = agents.get(key);
      if (!agent) {
        // Idle keep-alive sockets are unreferenced by Node: they never keep the process alive.
        agent =
          made.constructor === HttpsAgent
            ? new HttpsAgent({ ...picked, keepAlive: true })
            : new HttpAgent({ keepAlive: true });
        agents.set(key, agent);
      }
      context.setAgent(agent);
    },
  };
}
