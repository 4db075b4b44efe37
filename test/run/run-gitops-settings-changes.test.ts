// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flux variables, written as a manifest holds them
// A commit that changes only how a Flux Kustomization deploys a directory (its postBuild.substitute
// values, patches, components) changes what the cluster runs from it though no file in it changed:
// the directory is built at each commit with that commit's settings, and the readers of a config
// that comes out different are restarted. Real `kubectl kustomize`, real git, the CLI in-process.
import { describe, expect, test } from "vitest";
import { parse, stringify } from "yaml";
import { copyHash } from "../../src/rollout/versioned/config-copy.js";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { changesOf, dryRun, dryRunJson, type RunJson, restartsOf, usePlan } from "../helpers/run-json.js";

type Files = Record<string, string | null>;

const plan = usePlan();
const commitTwice = useCommitTwice();
const b64 = (text: string) => Buffer.from(text).toString("base64");
const yaml = (value: unknown) => stringify(value);
const rendered = (p: RunJson) => (p.sources ?? []).filter((s) => s.includes("rendered at both commits"));

const web = deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }));
const flux = (spec: Record<string, unknown>, path = "./app") =>
  yaml({
    apiVersion: "kustomize.toolkit.fluxcd.io/v1",
    kind: "Kustomization",
    metadata: { name: "web", namespace: "flux-system" },
    spec: { interval: "10m", path, prune: true, sourceRef: { kind: "GitRepository", name: "repo" }, ...spec },
  });
const substitute = (vars: Record<string, string>) => ({ postBuild: { substitute: vars } });

/** `app/` without a kustomization: Flux generates one listing its files. */
const plain: Files = {
  "app/config.yaml": yaml(configMap("web-config", { GREETING: "${GREETING}" })),
  "app/deploy.yaml": yaml(web),
};
/** `app/` as a kustomize root. */
const root: Files = {
  "app/kustomization.yaml": yaml({ resources: ["app.yaml"] }),
  "app/app.yaml": yamlDocs(configMap("web-config", { GREETING: "${GREETING}", LEVEL: "info" }), web),
};

describe("a Flux Kustomization whose settings change, nothing else", () => {
  test("postBuild.substitute on a plain directory: the config's reader is restarted", async () => {
    const p = await plan(
      { ...plain, "clusters/prod/web.yaml": flux(substitute({ GREETING: "hello" })) },
      { "clusters/prod/web.yaml": flux(substitute({ GREETING: "bye" })) },
    );
    expect(changesOf(p)).toEqual(["ConfigMap/default/web-config"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
    expect(rendered(p)).toEqual([
      "kustomize app (no kustomization.yaml: generated as Flux Kustomization flux-system/web deploys it: postBuild substitution; settings changed in clusters/prod/web.yaml): rendered at both commits",
    ]);
  });

  test("postBuild.substitute on a kustomize root, the object moved to another file: still the same deployment", async () => {
    const p = await plan(
      { ...root, "clusters/prod/web.yaml": flux(substitute({ GREETING: "hello" })) },
      {
        "clusters/prod/web.yaml": null,
        "clusters/prod/apps/web.yaml": flux(substitute({ GREETING: "bye" })),
      },
    );
    expect(changesOf(p)).toEqual(["ConfigMap/default/web-config"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
    expect(rendered(p)).toEqual([
      "kustomize app (as Flux Kustomization flux-system/web deploys it: postBuild substitution; settings changed in clusters/prod/apps/web.yaml): rendered at both commits",
    ]);
  });

  test("a patch's value on a kustomize root: planned; a substitution no config reads: built, nothing restarts", async () => {
    const patched = (level: string) =>
      flux({
        patches: [
          {
            patch: yaml({
              apiVersion: "v1",
              kind: "ConfigMap",
              metadata: { name: "web-config" },
              data: { LEVEL: level },
            }),
          },
        ],
        ...substitute({ GREETING: "hello", UNUSED: level }),
      });
    const p = await plan(
      { ...root, "clusters/prod/web.yaml": patched("warn") },
      { "clusters/prod/web.yaml": patched("debug") },
    );
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
    const unused = (value: string) => flux(substitute({ GREETING: "hello", UNUSED: value }));
    const q = await plan(
      { ...root, "clusters/prod/web.yaml": unused("a") },
      { "clusters/prod/web.yaml": unused("b") },
    );
    expect(rendered(q)).toHaveLength(1);
    expect(changesOf(q)).toEqual([]);
    expect(restartsOf(q)).toEqual([]);
  });

  test("a component added at head, in a folder new at head: the base builds without it, as it was deployed", async () => {
    const component: Files = {
      "components/debug/kustomization.yaml": yaml({
        apiVersion: "kustomize.config.k8s.io/v1alpha1",
        kind: "Component",
        patches: [{ path: "level.yaml" }],
      }),
      "components/debug/level.yaml": yaml(configMap("web-config", { LEVEL: "debug" })),
    };
    const p = await plan(
      { ...root, "clusters/prod/web.yaml": flux(substitute({ GREETING: "hello" })) },
      {
        ...component,
        "clusters/prod/web.yaml": flux({
          components: ["../components/debug"],
          ...substitute({ GREETING: "hello" }),
        }),
      },
    );
    expect(p.outcome).toBe("planned");
    expect(changesOf(p)).toEqual(["ConfigMap/default/web-config"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
  });

  test("two clusters' Kustomizations deploy one plain directory with their own values: each is built", async () => {
    const cluster = (name: string) =>
      yaml({ ...parse(flux(substitute({ GREETING: name }))), metadata: { name, namespace: "flux-system" } });
    const repo = await commitTwice(
      {
        ...plain,
        "clusters/prod/web.yaml": cluster("prod"),
        "clusters/staging/web.yaml": cluster("staging"),
      },
      { "app/config.yaml": yaml(configMap("web-config", { GREETING: "${GREETING}", LEVEL: "x" })) },
    );
    // Both built (the second no longer lists the first's generated kustomization): which one this
    // cluster runs decides the config's content, and the plan asks.
    const both = await dryRun(repo.dir);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      "generated as Flux Kustomization flux-system/staging deploys it: postBuild substitution) both define configmap/web-config (namespace default) with different content (data.GREETING)",
    );
    const prod = await dryRunJson(repo.dir, ["--paths", "app/**,clusters/prod/**"]);
    expect(restartsOf(prod)).toEqual(["Deployment/default/web"]);
    expect(rendered(prod)).toEqual([
      "kustomize app (no kustomization.yaml: generated as Flux Kustomization flux-system/prod deploys it: postBuild substitution): rendered at both commits",
    ]);
  });

  test("only targetNamespace: no build (the objects are new ones in the other namespace)", async () => {
    const p = await plan(
      {
        ...plain,
        "clusters/prod/web.yaml": flux({ targetNamespace: "a", ...substitute({ GREETING: "hi" }) }),
      },
      { "clusters/prod/web.yaml": flux({ targetNamespace: "b", ...substitute({ GREETING: "hi" }) }) },
    );
    expect(rendered(p)).toEqual([]);
    expect(restartsOf(p)).toEqual([]);
  });
});

describe("a ConfigMap a Flux Kustomization substitutes from (postBuild.substituteFrom)", () => {
  const settings = (data: Record<string, string>, namespace = "flux-system") =>
    yaml(configMap("cluster-settings", data, { namespace }));
  const from = (extra: Record<string, unknown> = {}) =>
    flux({ postBuild: { substituteFrom: [{ kind: "ConfigMap", name: "cluster-settings" }], ...extra } });

  test("a value changes: each directory substituting from it is built with the map of each commit", async () => {
    const p = await plan(
      {
        ...plain,
        "clusters/prod/web.yaml": from(),
        "clusters/prod/settings.yaml": settings({ GREETING: "hi" }),
      },
      { "clusters/prod/settings.yaml": settings({ GREETING: "bye" }) },
    );
    expect(changesOf(p)).toEqual(["ConfigMap/default/web-config", "ConfigMap/flux-system/cluster-settings"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
    expect(rendered(p)).toEqual([
      "kustomize app (no kustomization.yaml: generated as Flux Kustomization flux-system/web deploys it: postBuild substitution; settings changed in clusters/prod/settings.yaml): rendered at both commits",
    ]);
  });

  test("the Kustomization's own postBuild.substitute wins over the map; a map of that name elsewhere is not read", async () => {
    const own = from({ substitute: { GREETING: "fixed" } });
    const p = await plan(
      { ...root, "clusters/prod/web.yaml": own, "clusters/prod/settings.yaml": settings({ GREETING: "hi" }) },
      { "clusters/prod/settings.yaml": settings({ GREETING: "bye" }) },
    );
    expect(restartsOf(p)).toEqual([]);
    const q = await plan(
      {
        ...root,
        "clusters/prod/web.yaml": from(),
        "clusters/prod/settings.yaml": settings({ GREETING: "hi" }, "apps"),
      },
      { "clusters/prod/settings.yaml": settings({ GREETING: "bye" }, "apps") },
    );
    expect(rendered(q)).toEqual([]);
    expect(restartsOf(q)).toEqual([]);
  });

  test("with --strategy gitops the map is read as well (stamp reads it too): the reader is planned, no warning", async () => {
    const p = await plan(
      {
        ...plain,
        "clusters/prod/web.yaml": from(),
        "clusters/prod/settings.yaml": settings({ GREETING: "hi" }),
      },
      { "clusters/prod/settings.yaml": settings({ GREETING: "bye" }) },
      ["--strategy", "gitops"],
    );
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
    expect(JSON.stringify(p.warnings ?? [])).not.toContain("cluster-settings");
  });

  test("the map unchanged: a directory rendered for another change gets the map's values, not `${VAR}` as written", async () => {
    const before = {
      ...plain,
      "clusters/prod/web.yaml": from(),
      "clusters/prod/settings.yaml": settings({ GREETING: "hi", SALUTE: "hi" }),
    };
    // Two variables holding the same value: what the cluster gets does not change.
    const same = await plan(before, {
      "app/config.yaml": yaml(configMap("web-config", { GREETING: "${SALUTE}" })),
    });
    expect(changesOf(same)).toEqual([]);
    expect(restartsOf(same)).toEqual([]);
    // A versioned copy holds the value the workload reads, named by it.
    const added = {
      "app/config.yaml": yaml(configMap("web-config", { GREETING: "${GREETING}", LEVEL: "x" })),
    };
    const copy = await plan(before, added, ["--strategy", "versioned"]);
    expect(restartsOf(copy)).toEqual(["Deployment/default/web"]);
    const name = `web-config-${copyHash("ConfigMap", { GREETING: b64("hi"), LEVEL: b64("x") })}`;
    expect(copy.notes).toContainEqual(expect.stringContaining(`to ${name} (namespace default)`));
  });

  test("a variable from a Secret stays as written: a versioned copy of a config holding it is refused (exit 2)", async () => {
    const both = flux({
      postBuild: {
        substituteFrom: [
          { kind: "ConfigMap", name: "cluster-settings" },
          { kind: "Secret", name: "cluster-secrets" },
        ],
      },
    });
    const before = {
      ...plain,
      "clusters/prod/web.yaml": both,
      "clusters/prod/settings.yaml": settings({ GREETING: "hi" }),
    };
    // `$${HOME}` is Flux's escape for a literal `${HOME}`: no variable of the cluster's.
    const escaped = { GREETING: "${GREETING}", SCRIPT: "echo $${HOME}" };
    const fine = await plan(before, { "app/config.yaml": yaml(configMap("web-config", escaped)) }, [
      "--strategy",
      "versioned",
    ]);
    expect(restartsOf(fine)).toEqual(["Deployment/default/web"]);
    const name = `web-config-${copyHash("ConfigMap", { GREETING: b64("hi"), SCRIPT: b64("echo ${HOME}") })}`;
    expect(fine.notes).toContainEqual(expect.stringContaining(`to ${name} (namespace default)`));

    const secretVar = {
      "app/config.yaml": yaml(configMap("web-config", { GREETING: "${GREETING}", AUTH: "${TOKEN}" })),
    };
    const repo = await commitTwice(before, secretVar);
    const refused = await dryRun(repo.dir, ["--strategy", "versioned"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "configmap/web-config (namespace default, kustomize app (no kustomization.yaml: generated as Flux Kustomization flux-system/web deploys it: postBuild substitution)) holds ${TOKEN} as written: Flux fills it in on the cluster from postBuild.substituteFrom",
    );
    // The in-place strategies restart the reader of what Flux applied, substituted on the cluster.
    const inPlace = await dryRunJson(repo.dir, ["--strategy", "annotation"]);
    expect(restartsOf(inPlace)).toEqual(["Deployment/default/web"]);
  });

  test("a Secret it substitutes from changes: not read (nothing built), and a warning says so", async () => {
    const sealed = (token: string) =>
      yaml(secret("cluster-secrets", { stringData: { TOKEN: token } }, "flux-system"));
    const fromSecret = flux({ postBuild: { substituteFrom: [{ kind: "Secret", name: "cluster-secrets" }] } });
    const p = await plan(
      { ...plain, "clusters/prod/web.yaml": fromSecret, "clusters/prod/secrets.yaml": sealed("ENC[one]") },
      { "clusters/prod/secrets.yaml": sealed("ENC[two]") },
    );
    expect(rendered(p)).toEqual([]);
    expect(restartsOf(p)).toEqual([]);
    expect(p.warnings).toContainEqual(
      expect.stringContaining(
        "secret/cluster-secrets (namespace flux-system) changed and Flux Kustomization flux-system/web substitutes from it (postBuild.substituteFrom) into app",
      ),
    );
  });
});
