// Where a failed versioned workload goes back to: the newest earlier revision's config that still
// exists and holds other content than the failed copy — not the name the template held at the start.
import { describe, expect, test } from "vitest";
import { workloadKind } from "../../../src/core/kinds/workload-kinds.js";
import {
  type HistoryRevision,
  revisionHistory,
  rollbackTarget,
  type SourceFacts,
} from "../../../src/rollout/versioned/rollback-target.js";

const H1 = "app-config-1111111111";
const H2 = "app-config-2222222222";
const H3 = "app-config-3333333333";

const envFrom = (name: string) => ({ containers: [{ name: "app", envFrom: [{ configMapRef: { name } }] }] });
const revision = (n: number, name: string): HistoryRevision => ({ revision: n, podSpec: envFrom(name) });

function facts(overrides: Partial<SourceFacts> = {}): SourceFacts {
  return {
    kind: "ConfigMap",
    source: "app-config",
    failing: H3,
    copies: new Map([
      [H1, "a".repeat(40)],
      [H2, "b".repeat(40)],
    ]),
    inPlace: "same",
    ...overrides,
  };
}

describe("rollbackTarget", () => {
  test("after an apply overwrote the in-place config, the newest earlier copy is the target", () => {
    // 4: this run's copy; 3: the apply's revision (in-place, now holding the failed content); 2: the good copy.
    const history = [revision(4, H3), revision(3, "app-config"), revision(2, H2), revision(1, "app-config")];
    expect(rollbackTarget(facts(), history, ["app-config"])).toEqual({
      name: H2,
      commit: "b".repeat(40),
      found: "history",
    });
  });

  test("the in-place config is the target when it still holds other content (no apply before the run)", () => {
    const history = [revision(2, H3), revision(1, "app-config")];
    expect(rollbackTarget(facts({ inPlace: "differs" }), history, ["app-config"])).toMatchObject({
      name: "app-config",
      found: "history",
    });
  });

  test("a copy deleted since (pruned, or by hand) is passed over for an older one", () => {
    const history = [revision(3, H3), revision(2, H2), revision(1, H1)];
    const onlyH1 = facts({ copies: new Map([[H1, "a".repeat(40)]]) });
    expect(rollbackTarget(onlyH1, history, [H2])).toMatchObject({ name: H1, found: "history" });
  });

  test("with no readable history, the name held before the run, when it qualifies", () => {
    expect(rollbackTarget(facts(), undefined, [H2])).toMatchObject({ name: H2, found: "before" });
  });

  test("only the in-place config with the failed content: returned to as a last resort, and said so", () => {
    const history = [revision(2, H3), revision(1, "app-config")];
    expect(rollbackTarget(facts({ copies: new Map() }), history, ["app-config"])).toEqual({
      name: "app-config",
      found: "history",
      sameContent: true,
    });
  });

  test("nothing to return to: says what was found and why each was passed over", () => {
    const history = [revision(2, H3), revision(1, "app-config")];
    expect(rollbackTarget(facts({ copies: new Map(), inPlace: "gone" }), history, ["app-config"])).toEqual({
      none: "no earlier config of configmap/app-config to return to (configmap/app-config no longer exists)",
    });
    expect(rollbackTarget(facts({ copies: new Map() }), undefined, [])).toEqual({
      none: "no earlier config of configmap/app-config to return to (no earlier revision names configmap/app-config or a copy of it; its revision history could not be read)",
    });
  });

  test("names of other configs in a revision are not candidates", () => {
    const history = [revision(2, "other-config"), revision(1, "app-config-extra")];
    expect(rollbackTarget(facts({ copies: new Map() }), history, [])).toHaveProperty("none");
  });
});

describe("revisionHistory", () => {
  const owner = (uid: string) => ({
    ownerReferences: [{ uid, controller: true, kind: "Deployment", name: "web" }],
  });
  const replicaSet = (uid: string, revision: string, name: string) => ({
    apiVersion: "apps/v1",
    kind: "ReplicaSet",
    metadata: {
      name: `web-${revision}`,
      ...owner(uid),
      annotations: { "deployment.kubernetes.io/revision": revision },
    },
    spec: { template: { spec: envFrom(name) } },
  });

  test("a Deployment's ReplicaSets, its own only, newest revision first (10 after 9, not as strings)", () => {
    const { revisionOf } = workloadKind("Deployment")!.history!;
    const history = revisionHistory(
      [replicaSet("u1", "9", H1), replicaSet("u2", "11", H3), replicaSet("u1", "10", H2)],
      "u1",
      revisionOf,
    );
    expect(history.map((r) => r.revision)).toEqual([10, 9]);
    expect(history[0]?.podSpec).toEqual(envFrom(H2));
  });

  test("a StatefulSet's ControllerRevisions: the template stored in data", () => {
    const { revisionOf } = workloadKind("StatefulSet")!.history!;
    const controllerRevision = {
      apiVersion: "apps/v1",
      kind: "ControllerRevision",
      metadata: { name: "db-abc", ...owner("u1") },
      revision: 3,
      data: { spec: { template: { spec: envFrom(H2) } } },
    };
    expect(revisionHistory([controllerRevision], "u1", revisionOf)).toEqual([
      { revision: 3, podSpec: envFrom(H2) },
    ]);
  });
});
