// How the adapter uses connections and what it hands back, against the simulated API server over
// HTTPS: requests share keep-alive connections instead of a TLS handshake each, and objects come back
// as the server sent them.

import { afterAll, beforeAll, expect, test } from "vitest";
import { deployment, id, type SimHarness, startHarness } from "./sim-setup.js";

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness();
  for (let i = 0; i < 12; i++) h.sim.seed(deployment(`conn-${i}`));
});
afterAll(() => h.close());

test("one after another, requests reuse one connection", async () => {
  const cluster = h.connect();
  const before = h.sim.connectionsAccepted();
  for (let i = 0; i < 12; i++) await cluster.readWorkload(id("Deployment", `conn-${i}`));
  await cluster.listWorkloads("default", "Deployment");
  // client-node alone makes a dispatcher, so a connection and a TLS handshake, per request: 13 here.
  // undici hands a connection back to its pool a tick after the response ends, so a request sent at
  // once after the previous one may open a second connection; from then on the two are reused.
  expect(h.sim.connectionsAccepted() - before).toBeLessThanOrEqual(2);
});

test("requests in flight at once open a connection each, and those are reused afterwards", async () => {
  const cluster = h.connect();
  const before = h.sim.connectionsAccepted();
  const readAll = () =>
    Promise.all(Array.from({ length: 4 }, (_, i) => cluster.readWorkload(id("Deployment", `conn-${i}`))));
  await readAll();
  const opened = h.sim.connectionsAccepted() - before;
  expect(opened).toBeGreaterThan(0);
  expect(opened).toBeLessThanOrEqual(4);
  await readAll();
  // At most one more (the pool's hand-back tick, as above); client-node alone would open 4 more.
  expect(h.sim.connectionsAccepted() - before).toBeLessThanOrEqual(opened + 1);
});

test("objects keep fields as the server sent them (timestamps as strings, fields client-node's model lacks)", async () => {
  h.sim.seed({
    ...deployment("conn-extra"),
    status: { replicas: 2, fieldFromANewerServer: { kept: true } },
  });
  const live = (await h.cluster.readWorkload(id("Deployment", "conn-extra"))) as {
    metadata: Record<string, unknown>;
    status: Record<string, unknown>;
  };
  expect(live.status.fieldFromANewerServer).toEqual({ kept: true });
  expect(live.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
});
