// Issue 13 item 4: a config annotated config-rollout.io/ignore restarts nothing, and a workload that
// Stakater Reloader manages is skipped with the reason unless the user asks to restart it too.
import { beforeAll, describe, expect, test } from "vitest";
import type { Manifest } from "../../src/core/model.js";
import { buildPlan } from "../../src/plan/build-plan.js";
import { prepareReloaderLists } from "../../src/plan/reloader.js";
import { findConfigChanges } from "../../src/scan/manifests/config-changes.js";

const NS = "prod";

function config(name: string, data: Record<string, string>, annotations?: Record<string, string>): Manifest {
  const metadata = { name, namespace: NS, ...(annotations ? { annotations } : {}) };
  return {
    id: { kind: "ConfigMap", namespace: NS, name },
    file: "config.yaml",
    line: 1,
    object: { apiVersion: "v1", kind: "ConfigMap", metadata, data },
  };
}

function deployment(name: string, configs: string[], annotations?: Record<string, string>): Manifest {
  const envFrom = configs.map((c) => ({ configMapRef: { name: c } }));
  const metadata = { name, namespace: NS, ...(annotations ? { annotations } : {}) };
  const object = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata,
    spec: { template: { spec: { containers: [{ name: "app", envFrom }] } } },
  };
  return { id: { kind: "Deployment", namespace: NS, name }, file: "deploy.yaml", line: 1, object };
}

const IGNORED = { "config-rollout.io/ignore": "true" };

// The plan is pure: RE2 for reload lists is loaded first, as a run does (run/apply.ts).
beforeAll(() =>
  prepareReloaderLists([deployment("web", [], { "configmap.reloader.stakater.com/reload": "a" }).object]),
);

function planFor(head: Manifest[], base: Manifest[], workloads: Manifest[], restartReloaderManaged = false) {
  const { changes } = findConfigChanges(base, head);
  const { workloads: planned } = buildPlan({
    changes,
    workloads,
    newWorkloadIds: new Set(),
    restartReloaderManaged,
  });
  return { changes, planned: planned.map((w) => [w.id.name, w.action, w.reason]) };
}

describe("config-rollout.io/ignore on a ConfigMap or Secret", () => {
  test("its change restarts nothing; its consumers are listed as skipped, with the reason", () => {
    const { changes, planned } = planFor(
      [config("flags", { A: "2" }, IGNORED)],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"])],
    );
    expect(changes[0]).toMatchObject({ status: "modified", ignored: true });
    expect(planned).toEqual([
      [
        "web",
        "skip",
        "consumes only changed configs annotated config-rollout.io/ignore: configmap/flags (keys: A) via envFrom",
      ],
    ]);
  });

  test("a workload that also reads a changed config that is not ignored restarts for that one only", () => {
    const { planned } = planFor(
      [config("flags", { A: "2" }, IGNORED), config("app", { B: "2" })],
      [config("flags", { A: "1" }), config("app", { B: "1" })],
      [deployment("web", ["flags", "app"])],
    );
    expect(planned).toEqual([["web", "restart", "consumes configmap/app (keys: B) via envFrom"]]);
  });

  test('only "true" ignores', () => {
    const { planned } = planFor(
      [config("flags", { A: "2" }, { "config-rollout.io/ignore": "false" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"])],
    );
    expect(planned[0]?.[1]).toBe("restart");
  });
});

describe("workloads managed by Stakater Reloader", () => {
  const skipped = (why: string) =>
    `managed by Stakater Reloader, which restarts it for every changed config it reads (${why}); pass --reloader none to restart it here too`;

  test.each([
    ["reloader.stakater.com/auto", "true"],
    ["reloader.stakater.com/auto", "True"],
    ["configmap.reloader.stakater.com/auto", "true"],
    ["configmap.reloader.stakater.com/reload", "flags"],
    ["configmap.reloader.stakater.com/reload", "other, flags"],
    ["configmap.reloader.stakater.com/reload", "fl.*"],
  ])("%s: %s covers configmap/flags: skipped, saying why and how to override", (annotation, value) => {
    const { planned } = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], { [annotation]: value })],
    );
    expect(planned).toEqual([["web", "skip", skipped(`${annotation}: ${JSON.stringify(value)}`)]]);
  });

  test.each([
    ["reloader.stakater.com/auto", "false"],
    ["reloader.stakater.com/rollout-strategy", "restart"],
    ["secret.reloader.stakater.com/auto", "true"],
    ["secret.reloader.stakater.com/reload", "flags"],
    ["configmap.reloader.stakater.com/reload", "other,flag"],
    ["configmap.reloader.stakater.com/reload", ""],
    ["reloader.stakater.com/search", "true"],
  ])("%s: %s does not cover configmap/flags: restarted", (annotation, value) => {
    const { planned } = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], { [annotation]: value })],
    );
    expect(planned[0]?.[1]).toBe("restart");
  });

  // Issue 39 item 4: Reloader compiles each entry with Go's RE2 as `"^" + entry + "$"` and skips one
  // that does not compile (its ShouldReload); JavaScript's regular expressions differ both ways.
  const covers = (list: string, name = "app-config") =>
    planFor(
      [config(name, { A: "2" })],
      [config(name, { A: "1" })],
      [deployment("web", [name], { "configmap.reloader.stakater.com/reload": list })],
    ).planned[0]?.[1] === "skip";

  test.each([
    // No lookahead in RE2: Reloader skips the entry, so it restarts nothing and we must.
    ["app-(?!canary).*", false],
    // Valid RE2 that JavaScript rejects or reads otherwise: Reloader restarts it, so we must not.
    ["(?i)APP-CONFIG", true],
    ["[[:alpha:]-]+", true],
    ["(?P<n>app)-config", true],
    ["\\Qapp-config\\E", true],
    // An entry that does not compile is skipped, the others still count.
    ["app-(?!canary).*, app-.*", true],
    ["(?<!x)app-config", false], // nor lookbehind
  ])("reload list %j covers configmap/app-config: %s", (list, covered) => {
    expect(covers(list)).toBe(covered);
  });

  test("entries are anchored as Reloader anchors them: `a|ab` is `^a|ab$`, not `^(?:a|ab)$`", () => {
    expect(covers("app|x", "app-config")).toBe(true); // ^app matches the start
    expect(covers("x|config", "app-config")).toBe(true); // config$ matches the end
    expect(covers("app-conf|ig", "app-config")).toBe(true);
    expect(covers("x|y", "app-config")).toBe(false);
  });

  test("an empty entry matches no name; entries are trimmed as Go trims them", () => {
    expect(covers("")).toBe(false);
    expect(covers(",,")).toBe(false);
    expect(covers(" other ,\tapp-config\n")).toBe(true);
    expect(covers("\u0085app-config\u00a0")).toBe(true); // Go's TrimSpace strips NEL and NBSP
    expect(covers("\ufeffapp-config")).toBe(false); // and keeps U+FEFF, which JavaScript's trim() strips
  });

  test("the issue's case: Reloader watches only db-secret, the ConfigMap app-config changed: restarted, saying why", () => {
    const { planned } = planFor(
      [config("app-config", { A: "2" })],
      [config("app-config", { A: "1" })],
      [deployment("web", ["app-config"], { "secret.reloader.stakater.com/reload": "db-secret" })],
    );
    expect(planned).toEqual([
      [
        "web",
        "restart",
        'consumes configmap/app-config (keys: A) via envFrom; its Stakater Reloader annotations (secret.reloader.stakater.com/reload: "db-secret") do not cover configmap/app-config',
      ],
    ]);
  });

  test("one covered config and one not: restarted, naming the one Reloader does not cover", () => {
    const { planned } = planFor(
      [config("flags", { A: "2" }), config("app", { B: "2" })],
      [config("flags", { A: "1" }), config("app", { B: "1" })],
      [deployment("web", ["flags", "app"], { "configmap.reloader.stakater.com/reload": "flags" })],
    );
    expect(planned).toEqual([
      [
        "web",
        "restart",
        'consumes configmap/app (keys: B) via envFrom; configmap/flags (keys: A) via envFrom; Stakater Reloader restarts it for configmap/flags (configmap.reloader.stakater.com/reload: "flags") but not for configmap/app',
      ],
    ]);
  });

  test("search covers only configs annotated reloader.stakater.com/match", () => {
    const search = { "reloader.stakater.com/search": "true" };
    const matched = planFor(
      [config("flags", { A: "2" }, { "reloader.stakater.com/match": "true" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], search)],
    );
    expect(matched.planned[0]?.[1]).toBe("skip");
    const unmatched = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" }, { "reloader.stakater.com/match": "true" })],
      [deployment("web", ["flags"], search)],
    );
    expect(unmatched.planned[0]?.[1]).toBe("restart");
  });

  test("a config annotated reloader.stakater.com/ignore, or excluded by the workload, is never Reloader's", () => {
    const ignored = planFor(
      [config("flags", { A: "2" }, { "reloader.stakater.com/ignore": "true" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], { "reloader.stakater.com/auto": "true" })],
    );
    expect(ignored.planned[0]?.[1]).toBe("restart");
    const excluded = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" })],
      [
        deployment("web", ["flags"], {
          "reloader.stakater.com/auto": "true",
          "configmaps.exclude.reloader.stakater.com/reload": "other, flags",
        }),
      ],
    );
    expect(excluded.planned[0]?.[1]).toBe("restart");
  });

  test("annotations on the pod template count when the workload itself has none", () => {
    const workload = deployment("web", ["flags"]);
    const template = (workload.object as { spec: { template: Record<string, unknown> } }).spec.template;
    template.metadata = { annotations: { "reloader.stakater.com/auto": "true" } };
    const { planned } = planFor([config("flags", { A: "2" })], [config("flags", { A: "1" })], [workload]);
    expect(planned[0]?.[1]).toBe("skip");
  });

  test("--reloader all: every workload not opted out is Reloader's", () => {
    const plan = (annotations?: Record<string, string>) => {
      const { changes } = findConfigChanges([config("flags", { A: "1" })], [config("flags", { A: "2" })]);
      return buildPlan({
        changes,
        workloads: [deployment("web", ["flags"], annotations)],
        newWorkloadIds: new Set(),
        reloaderAutoReloadAll: true,
      }).workloads.map((w) => [w.action, w.reason]);
    };
    expect(plan()).toEqual([["skip", skipped("Reloader runs with --auto-reload-all")]]);
    expect(plan({ "reloader.stakater.com/auto": "false" })[0]?.[0]).toBe("restart");
  });

  test("--reloader none restarts it", () => {
    const { planned } = planFor(
      [config("flags", { A: "2" })],
      [config("flags", { A: "1" })],
      [deployment("web", ["flags"], { "reloader.stakater.com/auto": "true" })],
      true,
    );
    expect(planned[0]?.[1]).toBe("restart");
  });
});
