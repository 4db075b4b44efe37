// Which connection pool a request gets, through the installed client-node: one kept per TLS
// identity, a new one when the identity changes (an exec plugin issuing a new client certificate),
// and proxy dispatchers left to client-node.
import { KubeConfig, RequestContext } from "@kubernetes/client-node";
import { expect, test } from "vitest";
import { reuseAgents } from "../../src/kube/reuse-agents.js";

function kubeconfig(cluster: { proxyUrl?: string } = {}): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      { name: "c", server: "https://127.0.0.1:6443", caData: "Q0E=", skipTLSVerify: false, ...cluster },
    ],
    users: [{ name: "u", certData: "QzE=", keyData: "SzE=" }],
    contexts: [{ name: "ctx", cluster: "c", user: "u" }],
    currentContext: "ctx",
  });
  return kc;
}

async function dispatcherFor(auth: KubeConfig) {
  const context = new RequestContext("https://127.0.0.1:6443/api/v1/namespaces", "GET" as never);
  await auth.applySecurityAuthentication(context);
  return context.getDispatcher();
}

test("requests with the same TLS identity share one keep-alive pool", async () => {
  const kc = kubeconfig();
  const auth = reuseAgents(kc);
  const first = await dispatcherFor(auth);
  expect(first).toBeDefined();
  expect(await dispatcherFor(auth)).toBe(first);
  // client-node itself makes a new one per request: the reuse is ours.
  expect(await dispatcherFor(kc)).not.toBe(await dispatcherFor(kc));
});

test("a new client certificate gets its own pool, so no connection made with the old one is reused", async () => {
  const kc = kubeconfig();
  const auth = reuseAgents(kc);
  const before = await dispatcherFor(auth);
  const user = kc.getCurrentUser();
  if (!user) throw new Error("no user");
  (user as { certData?: string }).certData = "QzI=";
  const after = await dispatcherFor(auth);
  expect(after).not.toBe(before);
  expect(await dispatcherFor(auth)).toBe(after);
});

test("a proxy from the kubeconfig's proxy-url is left as client-node makes it", async () => {
  const auth = reuseAgents(kubeconfig({ proxyUrl: "http://127.0.0.1:3128" }));
  const first = await dispatcherFor(auth);
  expect(first).toBeDefined();
  expect(await dispatcherFor(auth)).not.toBe(first);
});
