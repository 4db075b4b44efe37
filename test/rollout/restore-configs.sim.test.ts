// A restore against the simulated API server and the real kubectl: the config written back to the
// base commit's content is left exactly as `kubectl apply` of the base commit would leave it —
// the same content, labels and annotations (kubectl's last-applied-configuration byte for byte) and
// the same field ownership (managedFields: manager, operation, fields) — whether the deploy step
// applies client-side or server-side; so a later `kubectl apply` or `kubectl apply --server-side`
// of a fixed commit converges: the live object equals that commit, no key left behind, no conflict.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { configContentOf } from "../../src/core/config-content.js";
import { createMemoryLog } from "../../src/core/log.js";
import type { ConfigKind } from "../../src/core/model.js";
import type { ConfigRestore } from "../../src/rollout/restore/restore-source.js";
import { restoreConfigs } from "../../src/rollout/restore-configs.js";
import { type SimHarness, startHarness } from "../kube/sim-setup.js";
import { findKubectl, makeTempDir, runKubectl } from "../sim/helpers.js";

const kubectlPath = findKubectl();
type Json = Record<string, unknown>;

/** Three commits of one config: c2 drops B, adds C and a label, and breaks A; c3 fixes it. */
const COMMITS = {
  c1: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  A: "1 <&> ok"\n  B: "kept"\n',
  c2: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n  labels:\n    tier: "web"\ndata:\n  A: "broken"\n  C: "new"\n',
  c3: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n  annotations:\n    team: "shop"\ndata:\n  A: "3"\n  D: "fixed"\n',
  /** Keys that are numbers: Go sorts them as strings ("10" before "9"). */
  numbered:
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  "9": "nine"\n  "10": "ten"\n  A: "1"\n',
};
type Commit = keyof typeof COMMITS;

const harnesses: SimHarness[] = [];
const dirs: Array<ReturnType<typeof makeTempDir>> = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const d of dirs.splice(0)) d.cleanup();
});

/** A simulated cluster and kubectl pointed at it, in namespace shop. */
async function cluster() {
  const h = await startHarness();
  harnesses.push(h);
  const home = makeTempDir("restore-kubectl-");
  dirs.push(home);
  h.sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
  const kubectl = async (...args: string[]) => {
    const result = await runKubectl(kubectlPath!, ["-n", "shop", ...args], {
      home: home.dir,
      kubeconfig: h.kubeconfigPath,
    });
    return result;
  };
  const apply = async (commit: Commit, serverSide: boolean) => {
    const file = join(home.dir, `${commit}.yaml`);
    writeFileSync(file, COMMITS[commit]);
    const result = await kubectl("apply", ...(serverSide ? ["--server-side"] : []), "-f", file);
    expect(result.code, result.stderr).toBe(0);
    return result;
  };
  const live = () => h.sim.get("ConfigMap", "shop", "app") as Json;
  return { h, kubectl, apply, live };
}

function restoreOf(commit: Commit): ConfigRestore {
  const manifest = parse(COMMITS[commit]) as Json;
  const id = { kind: "ConfigMap" as ConfigKind, namespace: "shop", name: "app" };
  const content = configContentOf({ id, file: "app.yaml", line: 1, object: manifest }).content!;
  return {
    id,
    base: { manifest, content },
    head: parse(COMMITS.c2) as Json,
    source: { commit: "a".repeat(40), file: "app.yaml" },
    readers: [],
  };
}

/** What `kubectl apply` decides by: content, labels, annotations, and who owns which field how. */
function state(obj: Json) {
  const metadata = obj.metadata as Json;
  return {
    data: obj.data,
    labels: metadata.labels,
    annotations: metadata.annotations,
    managedFields: (metadata.managedFields as Json[]).map(({ time: _time, ...entry }) => entry),
  };
}

/** The history c1, c2 applied on a fresh cluster, then c1 again: by a restore, or by kubectl apply. */
async function afterRollback(serverSide: boolean, by: "restore" | "kubectl") {
  const c = await cluster();
  await c.apply("c1", serverSide);
  await c.apply("c2", serverSide);
  c.h.sim.resetRequests();
  if (by === "kubectl") await c.apply("c1", serverSide);
  else {
    const [outcome] = await restoreConfigs(c.h.cluster, [restoreOf("c1")], {
      dryRun: false,
      concurrency: 4,
      log: createMemoryLog(),
    });
    expect(outcome?.result, outcome?.message).toBe("restored");
  }
  return c;
}

describe.skipIf(!kubectlPath)("a restored config and the deploy step's next kubectl apply", () => {
  test.each([
    { mode: "client-side", serverSide: false, manager: "kubectl-client-side-apply", verb: "patch" },
    { mode: "server-side", serverSide: true, manager: "kubectl", verb: "apply" },
  ])(
    "deployed $mode: the restore writes once, as $manager, and leaves what kubectl apply of the base commit leaves",
    async ({ serverSide, manager, verb }) => {
      const restored = await afterRollback(serverSide, "restore");
      const applied = await afterRollback(serverSide, "kubectl");
      expect(state(restored.live())).toEqual(state(applied.live()));
      expect(restored.live().data).toEqual({ A: "1 <&> ok", B: "kept" });
      const writes = restored.h.sim.requests.filter(
        (r) => r.method === "PATCH" && r.resource === "configmaps",
      );
      expect(writes.map((r) => [r.verb, r.fieldManager])).toEqual([[verb, manager]]);
    },
  );

  test.each([
    { deployed: "client-side", fix: "client-side", serverSide: false, fixServerSide: false },
    { deployed: "client-side", fix: "server-side", serverSide: false, fixServerSide: true },
    { deployed: "server-side", fix: "server-side", serverSide: true, fixServerSide: true },
    { deployed: "server-side", fix: "client-side", serverSide: true, fixServerSide: false },
  ])(
    "deployed $deployed, the fix applied $fix: no conflict, and the same object as after kubectl apply of the base commit",
    async ({ serverSide, fixServerSide }) => {
      const restored = await afterRollback(serverSide, "restore");
      const applied = await afterRollback(serverSide, "kubectl");
      for (const c of [restored, applied]) {
        const result = await c.apply("c3", fixServerSide);
        expect(result.stderr).not.toContain("conflict");
      }
      expect(state(restored.live())).toEqual(state(applied.live()));
      const live = restored.live();
      const metadata = live.metadata as { labels?: Json; annotations: Json };
      expect(metadata.annotations.team).toBe("shop");
      expect(metadata.labels).toBeUndefined();
      // kubectl's own limit, restored or not: a client-side apply after server-side applies finds no
      // last-applied annotation, so it deletes nothing (kubectl warns that the annotation is missing).
      expect(live.data).toEqual(
        serverSide && !fixServerSide ? { A: "3", B: "kept", D: "fixed" } : { A: "3", D: "fixed" },
      );
    },
  );

  test.each(["c1", "numbered"] as const)(
    "the annotation carries the base manifest %s byte for byte as kubectl writes it (sorted keys, Go's HTML escapes, a final newline)",
    async (base) => {
      const { h, apply, live } = await cluster();
      await apply(base, false);
      const written = (live().metadata as { annotations: Json }).annotations[
        "kubectl.kubernetes.io/last-applied-configuration"
      ];
      await apply("c2", false);
      await restoreConfigs(h.cluster, [restoreOf(base)], {
        dryRun: false,
        concurrency: 4,
        log: createMemoryLog(),
      });
      expect(
        (live().metadata as { annotations: Json }).annotations[
          "kubectl.kubernetes.io/last-applied-configuration"
        ],
      ).toBe(written);
      expect(written).toContain(base === "c1" ? "\\u003c\\u0026\\u003e" : '{"10":"ten","9":"nine","A":"1"}');
    },
  );

  test.each([
    { refusal: "RBAC (403)", status: 403 as const, times: 1, why: /^not restored: .*forbidden/i },
    {
      refusal: "a conflict that persists (409)",
      status: 409 as const,
      times: 50,
      why: /^not restored: .*conflict/i,
    },
  ])(
    "a write refused by $refusal is named with what to run by hand, and the config is left as it was",
    async ({ status, times, why }) => {
      const c = await cluster();
      await c.apply("c1", false);
      await c.apply("c2", false);
      c.h.sim.failNext({ verb: "patch", kind: "configmaps" }, status, times);
      const [outcome] = await restoreConfigs(c.h.cluster, [restoreOf("c1")], {
        dryRun: false,
        concurrency: 4,
        log: createMemoryLog(),
      });
      expect(outcome?.result).toBe("refused");
      expect(outcome?.message).toMatch(why);
      expect(outcome?.message).toContain(
        "restore it by hand: git show aaaaaaaaaaaa:app.yaml | kubectl apply -n shop -f - (the file's other objects at aaaaaaaaaaaa too)",
      );
      expect(c.live().data).toEqual({ A: "broken", C: "new" });
    },
  );
});
