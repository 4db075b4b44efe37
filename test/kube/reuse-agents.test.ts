// Which agent a request gets: one kept per TLS identity, a new one when the identity changes (an
// exec plugin issuing a new client certificate), and proxy agents left to client-node.
import { Agent as HttpsAgent } from "node:https";
import { type KubeConfig, RequestContext } from "@kubernetes/client-node";
import { expect, test } from "vitest";
import { reuseAgents } from "../../src/kube/reuse-agents.js";

/** A kubeconfig stand-in that authenticates each request as client-node does: a new agent each time. */
function kubeconfigIssuing(makeAgent: () => HttpsAgent): KubeConfig {
  return {
    applySecurityAuthentication: async (context: RequestContext) => context.setAgent(makeAgent()),
  } as unknown as KubeConfig;
}

async function agentFor(auth: ReturnType<typeof reuseAgents>) {
  const context = new RequestContext("https://127.0.0.1:6443/api/v1/namespaces", "GET" as never);
  await auth.applySecurityAuthentication(context);
  return context.getAgent();
}

test("requests with the same TLS identity share one keep-alive agent", async () => {
  const auth = reuseAgents(kubeconfigIssuing(() => new HttpsAgent({ ca: "CA", cert: "C1", key: "K1" })));
  const first = await agentFor(auth);
  expect(await agentFor(auth)).toBe(first);
  expect((first as HttpsAgent & { keepAlive: boolean }).keepAlive).toBe(true);
  expect((first as HttpsAgent & { options: Record<string, unknown> }).options).toMatchObject({
    ca: "CA",
    cert: "C1",
    key: "K1",
  });
});

test("a new client certificate gets its own agent, so no connection made with the old one is reused", async () => {
  let cert = "C1";
  const auth = reuseAgents(
    kubeconfigIssuing(() => new HttpsAgent({ ca: "CA", cert, key: `key-of-${cert}` })),
  );
  const before = await agentFor(auth);
  cert = "C2";
  const after = await agentFor(auth);
  expect(after).not.toBe(before);
  expect((after as HttpsAgent & { options: Record<string, unknown> }).options).toMatchObject({ cert: "C2" });
});

test("an agent of another class (a proxy from the kubeconfig's proxy-url) is left as client-node made it", async () => {
  class ProxyAgent extends HttpsAgent {}
  const made: HttpsAgent[] = [];
  const auth = reuseAgents(
    kubeconfigIssuing(() => {
      const agent = new ProxyAgent({ ca: "CA" });
      made.push(agent);
      return agent;
    }),
  );
  expect(await agentFor(auth)).toBe(made[0]);
  expect(await agentFor(auth)).toBe(made[1]);
});
