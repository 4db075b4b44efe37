// The hash a rollback writes on a reader: the configs put back to the base commit are what the
// reader runs with again, also where raw files define a config once per folder (per-cluster
// folders), where the hash otherwise takes the head definition the reader's file reads.
import { expect, test } from "vitest";
import type { ConfigSnapshot, HeadConfig, Manifest, PlannedWorkload } from "../../../src/core/model.js";
import { idKey } from "../../../src/core/model.js";
import { computeRestartHashes } from "../../../src/rollout/strategy/restart-hash.js";

const NS = "shop";
const CONFIG = { kind: "ConfigMap" as const, namespace: NS, name: "app-config" };
const b64 = (s: string) => Buffer.from(s).toString("base64");

const workload: PlannedWorkload = {
  id: { kind: "Deployment", namespace: NS, name: "web" },
  action: "restart",
  reason: "",
  references: [],
  source: "repo",
};
const reader: Manifest = {
  id: workload.id,
  file: "clusters/eu/web.yaml",
  line: 1,
  object: {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", namespace: NS },
    spec: {
      template: {
        spec: { containers: [{ name: "app", envFrom: [{ configMapRef: { name: "app-config" } }] }] },
      },
    },
  },
};

const definition = (file: string, level: string): ConfigSnapshot => ({
  id: CONFIG,
  file,
  line: 1,
  content: { LEVEL: b64(level) },
});

function headConfig(definitions: ConfigSnapshot[]): HeadConfig {
  const [first] = definitions;
  return {
    snapshot: first!,
    manifest: { id: CONFIG, file: first!.file, line: 1, object: {} },
    ...(definitions.length > 1 ? { folders: { definitions, deployedDirs: [] } } : {}),
  };
}

const hashOf = async (head: HeadConfig, replaced = new Map<string, Record<string, string>>()) =>
  (
    await computeRestartHashes(
      [workload],
      new Map([[idKey(workload.id), reader]]),
      new Map([[idKey(CONFIG), head]]),
      "key",
      undefined,
      new Map(),
      replaced,
    )
  ).get(idKey(workload.id))?.hash;

test("a config put back by a rollback gives its readers the hash of the content put back, with one definition or one per folder", async () => {
  const putBack = new Map([[idKey(CONFIG), { LEVEL: b64("info") }]]);
  const backAtBase = await hashOf(headConfig([definition("clusters/eu/config.yaml", "info")]));
  // One definition, broken at head: the rollback's hash is the base content's.
  expect(await hashOf(headConfig([definition("clusters/eu/config.yaml", "broken")]), putBack)).toBe(
    backAtBase,
  );
  // One per folder: the reader's folder's head definition is what was put back, not what it reads now.
  const perFolder = headConfig([
    definition("clusters/eu/config.yaml", "broken"),
    definition("clusters/us/config.yaml", "broken"),
  ]);
  expect(await hashOf(perFolder)).not.toBe(backAtBase);
  expect(await hashOf(perFolder, putBack)).toBe(backAtBase);
});
