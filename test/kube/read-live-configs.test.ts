import { afterAll, beforeAll, expect, test } from "vitest";
import { readLiveConfigs } from "../../src/kube/read-live-configs.js";
import { DEFAULTS } from "../helpers/settings.js";
import { type SimHarness, startHarness } from "./sim-setup.js";

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness();
  for (const name of ["a", "b", "c"]) {
    h.sim.seed({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name, namespace: "team" },
      data: { k: name },
    });
  }
  h.sim.seed({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "solo", namespace: "other" },
    data: { k: "s" },
  });
  h.sim.seed({
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "s1", namespace: "team" },
    stringData: { p: "x" },
  });
});
afterAll(() => h.close());

test("ConfigMaps of one namespace come from one LIST, a lone one from a GET, Secrets only by name", async () => {
  h.sim.resetRequests();
  const cm = (namespace: string, name: string) => ({ kind: "ConfigMap", namespace, name });
  const live = await readLiveConfigs(
    h.cluster,
    [
      cm("team", "a"),
      cm("team", "b"),
      cm("team", "missing"),
      cm("other", "solo"),
      { kind: "Secret", namespace: "team", name: "s1" },
    ],
    DEFAULTS.concurrency,
  );
  expect(live.get("ConfigMap/team/a")?.content).toEqual({ k: Buffer.from("a").toString("base64") });
  expect(live.get("ConfigMap/team/b")).toBeDefined();
  expect(live.get("ConfigMap/team/missing")).toBeUndefined();
  expect(live.get("ConfigMap/other/solo")).toBeDefined();
  expect(live.get("Secret/team/s1")?.content).toEqual({ p: Buffer.from("x").toString("base64") });
  const seen = h.sim.requests
    .map((r) => `${r.verb} ${r.resource} ${r.namespace}${r.name ? `/${r.name}` : ""}`)
    .sort();
  expect(seen).toEqual(["get configmaps other/solo", "get secrets team/s1", "list configmaps team"]);
});
