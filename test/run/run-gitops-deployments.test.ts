// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flux variables, written as a manifest holds them
// What a Flux Kustomization or an Argo CD Application in the repository says about how it deploys
// a kustomization (namespace, name prefix and suffix, components, patches, postBuild substitution)
// is what the plan is made from: real `kubectl kustomize` on temp git repositories, the CLI run
// in-process as a user would (--dry-run --output json --discover repo).
import { describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { changesOf, type RunJson, restartsOf, usePlan } from "../helpers/run-json.js";

type Files = Record<string, string | null>;

const commitTwice = useCommitTwice();
const plan = usePlan();
const yaml = (value: unknown) => stringify(value);

const web = deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }));
/** `app/`: a ConfigMap and the Deployment reading it, no namespace. */
const app = (level: string, extra: Record<string, string> = {}): Files => ({
  "app/kustomization.yaml": yaml({ resources: ["app.yaml"] }),
  "app/app.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level, ...extra }), web),
});
const flux = (name: string, spec: Record<string, unknown>) =>
  yaml({
    apiVersion: "kustomize.toolkit.fluxcd.io/v1",
    kind: "Kustomization",
    metadata: { name, namespace: "flux-system" },
    spec: {
      interval: "10m",
      path: "./app",
      prune: true,
      sourceRef: { kind: "GitRepository", name: "repo" },
      ...spec,
    },
  });
const argo = (name: string, spec: Record<string, unknown>) =>
  yaml({
    apiVersion: "argoproj.io/v1alpha1",
    kind: "Application",
    metadata: { name, namespace: "argocd" },
    spec: { project: "default", ...spec },
  });

describe("a Flux Kustomization's settings", () => {
  test("targetNamespace: the workload is planned in it, also over the kustomization's own namespace", async () => {
    const gitops = { "clusters/prod/web.yaml": flux("web", { targetNamespace: "prod" }) };
    const p = await plan({ ...app("info"), ...gitops }, app("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/prod/web"]);
    expect(changesOf(p)).toEqual(["ConfigMap/prod/web-config"]);
    expect(p.sources).toContain(
      "kustomize app (as Flux Kustomization flux-system/web deploys it: namespace prod): rendered at both commits",
    );
    const own = (level: string): Files => ({
      ...app(level),
      "app/kustomization.yaml": yaml({ namespace: "app", resources: ["app.yaml"] }),
    });
    expect(restartsOf(await plan({ ...own("info"), ...gitops }, own("debug")))).toEqual([
      "Deployment/prod/web",
    ]);
  });

  test("namePrefix and nameSuffix: on the names and on the workload's reference to its config", async () => {
    const gitops = { "clusters/prod/web.yaml": flux("web", { namePrefix: "eu-", nameSuffix: "-v2" }) };
    const p = await plan({ ...app("info"), ...gitops }, app("debug"));
    expect(changesOf(p)).toEqual(["ConfigMap/default/eu-web-config-v2"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/eu-web-v2"]);
  });

  test("components: a change in a component the Flux Kustomization adds is planned", async () => {
    const component = (level: string) => ({
      "components/verbose/kustomization.yaml": yaml({
        apiVersion: "kustomize.config.k8s.io/v1alpha1",
        kind: "Component",
        patches: [{ path: "level.yaml" }],
      }),
      "components/verbose/level.yaml": yaml(configMap("web-config", { LOG_LEVEL: level })),
    });
    const gitops = { "clusters/prod/web.yaml": flux("web", { components: ["../components/verbose"] }) };
    const p = await plan({ ...app("info"), ...component("debug"), ...gitops }, component("trace"));
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
  });

  test("components: one that names a file outside the repository is refused before anything renders", async () => {
    const component = (level: string) => ({
      "components/leak/kustomization.yaml": yaml({
        apiVersion: "kustomize.config.k8s.io/v1alpha1",
        kind: "Component",
        configMapGenerator: [{ name: "leak", files: ["../../../../../etc/hostname"] }],
        patches: [{ path: "level.yaml" }],
      }),
      "components/leak/level.yaml": yaml(configMap("web-config", { LOG_LEVEL: level })),
    });
    const repo = await commitTwice(
      {
        ...app("info"),
        ...component("debug"),
        "clusters/prod/web.yaml": flux("web", { components: ["../components/leak"] }),
      },
      component("trace"),
    );
    const result = await runInProcess(["--repo", repo.dir, "--dry-run", "--discover", "repo"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("which is outside the repository");
  });

  test("patches: a value the Flux Kustomization's patch sets does not change with the directory's", async () => {
    const patch = yaml({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "web-config" },
      data: { LOG_LEVEL: "warn" },
    });
    const gitops = {
      "clusters/prod/web.yaml": flux("web", {
        patches: [{ patch, target: { kind: "ConfigMap", name: "web-config" } }],
      }),
    };
    const p = await plan({ ...app("info", { PORT: "1" }), ...gitops }, app("debug", { PORT: "1" }));
    expect(changesOf(p)).toEqual([]);
    expect(restartsOf(p)).toEqual([]);
    const q = await plan({ ...app("info", { PORT: "1" }), ...gitops }, app("info", { PORT: "2" }));
    expect(restartsOf(q)).toEqual(["Deployment/default/web"]);
  });

  test("postBuild.substitute: ${VAR} and ${VAR:=default} are replaced before the objects are read", async () => {
    const templated = (extra: Record<string, string>): Files => ({
      "app/kustomization.yaml": yaml({ resources: ["app.yaml"] }),
      "app/app.yaml": yamlDocs(
        {
          ...configMap("web-config", { REGION: "${REGION}", LEVEL: "${LEVEL:=info}", ...extra }),
          metadata: { name: "web-config", namespace: "${NS}" },
        },
        { ...web, metadata: { name: "web", namespace: "${NS}" } },
      ),
    });
    const gitops = {
      "clusters/prod/web.yaml": flux("web", { postBuild: { substitute: { NS: "apps", REGION: "eu-1" } } }),
    };
    // Writing the value in place of the variable that gave it changes nothing the cluster sees.
    const same = await plan(
      { ...templated({}), ...gitops },
      {
        "app/app.yaml": templated({ REGION: "eu-1", LEVEL: "info" })["app/app.yaml"]!,
      },
    );
    expect(changesOf(same)).toEqual([]);
    // A new default is a change, in the namespace the variable names.
    const changed = await plan(
      { ...templated({}), ...gitops },
      {
        "app/app.yaml": templated({ LEVEL: "${LEVEL:=debug}" })["app/app.yaml"]!,
      },
    );
    expect(restartsOf(changed)).toEqual(["Deployment/apps/web"]);
  });
});

describe("an Argo CD Application's settings", () => {
  const source = (kustomize?: Record<string, unknown>) => ({
    repoURL: "https://git.example/repo.git",
    path: "app",
    targetRevision: "main",
    ...(kustomize ? { kustomize } : {}),
  });

  test("destination.namespace: objects that name none are planned in it", async () => {
    const gitops = {
      "argocd/web.yaml": argo("web", {
        source: source(),
        destination: { server: "https://kubernetes.default.svc", namespace: "staging" },
      }),
    };
    const p = await plan({ ...app("info"), ...gitops }, app("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/staging/web"]);
  });

  test("source.kustomize namespace, namePrefix, nameSuffix and images", async () => {
    const gitops = {
      "argocd/web.yaml": argo("web", {
        source: source({
          namespace: "shop",
          namePrefix: "a-",
          nameSuffix: "-b",
          images: ["registry.example/app:2"],
        }),
        destination: { server: "https://kubernetes.default.svc", namespace: "staging" },
      }),
    };
    const p = await plan({ ...app("info"), ...gitops }, app("debug"));
    expect(changesOf(p)).toEqual(["ConfigMap/shop/a-web-config-b"]);
    expect(restartsOf(p)).toEqual(["Deployment/shop/a-web-b"]);
  });

  test("two objects deploying one directory differently are two deployments, both planned", async () => {
    const gitops = {
      "argocd/web.yaml": argo("web", { source: source(), destination: { namespace: "staging" } }),
      "clusters/prod/web.yaml": flux("web", { targetNamespace: "prod" }),
    };
    const p = await plan({ ...app("info"), ...gitops }, app("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/prod/web", "Deployment/staging/web"]);
  });
});

describe("a plain directory (no kustomization.yaml) a GitOps object deploys", () => {
  /** `app/`: plain manifests, no namespace, no kustomization. */
  const plain = (level: string): Files => ({
    "app/app.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level }), web),
  });

  test("Argo CD destination.namespace: objects that name none are planned in it", async () => {
    const gitops = {
      "argocd/web.yaml": argo("web", {
        source: { repoURL: "https://example.invalid/repo.git", path: "app", directory: { recurse: true } },
        destination: { server: "https://kubernetes.default.svc", namespace: "prod" },
      }),
    };
    const p = await plan({ ...plain("info"), ...gitops }, plain("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/prod/web"]);
    expect(changesOf(p)).toEqual(["ConfigMap/prod/web-config"]);
  });

  test("Flux targetNamespace: every namespaced object is planned in it, also over its own namespace", async () => {
    const gitops = { "clusters/prod/web.yaml": flux("web", { targetNamespace: "prod" }) };
    const own = (level: string): Files => ({
      "app/app.yaml": yamlDocs(
        configMap("web-config", { LOG_LEVEL: level }, { namespace: "staging" }),
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] })),
      ),
    });
    const p = await plan({ ...own("info"), ...gitops }, own("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/prod/web"]);
    expect(changesOf(p)).toEqual(["ConfigMap/prod/web-config"]);
  });
});

describe("a plain directory a Flux Kustomization deploys with settings kustomize applies", () => {
  // Flux generates a kustomization listing the directory's files and builds it with the settings.
  const plain = (level: string): Files => ({
    "app/config.yaml": yaml(configMap("web-config", { LOG_LEVEL: level })),
    "app/deploy.yaml": yaml(web),
  });

  test("namePrefix: the plan names the objects the cluster runs", async () => {
    const gitops = { "clusters/prod/web.yaml": flux("web", { namePrefix: "prod-" }) };
    const p = await plan({ ...plain("info"), ...gitops }, plain("debug"));
    expect(changesOf(p)).toEqual(["ConfigMap/default/prod-web-config"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/prod-web"]);
    expect(p.sources).toContain(
      "kustomize app (no kustomization.yaml: generated as Flux Kustomization flux-system/web deploys it: namePrefix prod-): rendered at both commits",
    );
  });

  test("postBuild.substitute: the consumer of a config named through ${VAR} is found", async () => {
    const templated = (level: string): Files => ({
      "app/config.yaml": yaml(configMap("web-config-prod", { LOG_LEVEL: level })),
      "app/deploy.yaml": yaml(
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config-${ENV}" } }] })),
      ),
    });
    const gitops = {
      "clusters/prod/web.yaml": flux("web", {
        targetNamespace: "prod",
        postBuild: { substitute: { ENV: "prod" } },
      }),
    };
    const p = await plan(
      { ...templated("info"), ...gitops },
      { "app/config.yaml": templated("debug")["app/config.yaml"]! },
    );
    expect(changesOf(p)).toEqual(["ConfigMap/prod/web-config-prod"]);
    expect(restartsOf(p)).toEqual(["Deployment/prod/web"]);
  });

  test("patches: a value the Flux Kustomization's patch sets does not change with the file's", async () => {
    const patch = yaml({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "web-config" },
      data: { LOG_LEVEL: "warn" },
    });
    const gitops = {
      "clusters/prod/web.yaml": flux("web", { patches: [{ patch, target: { kind: "ConfigMap" } }] }),
    };
    const p = await plan({ ...plain("info"), ...gitops }, plain("debug"));
    expect(changesOf(p)).toEqual([]);
    expect(restartsOf(p)).toEqual([]);
  });
  // A Service beside the workload: what a Flux build adds (prefix, substitution) makes no config of it.
  const service = (port: number, extra: Record<string, string> = {}) =>
    yaml({
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "web", ...extra },
      spec: { selector: { app: "web" }, ports: [{ name: "http", port }] },
    });
  const rendered = (p: RunJson) => (p.sources ?? []).filter((s) => s.includes("rendered at both commits"));

  test("a change holding no config or workload is not built: nothing in it can change one", async () => {
    const gitops = { "clusters/prod/web.yaml": flux("web", { namePrefix: "prod-" }) };
    const p = await plan(
      { ...plain("info"), "app/svc.yaml": service(80), ...gitops },
      { "app/svc.yaml": service(8080) },
    );
    expect(rendered(p)).toEqual([]);
    expect(changesOf(p)).toEqual([]);
    expect(restartsOf(p)).toEqual([]);
  });

  test("a Component that copies the Service's port into the config: the same change is built and planned", async () => {
    const copiesPort = {
      "components/port/kustomization.yaml": yaml({
        apiVersion: "kustomize.config.k8s.io/v1alpha1",
        kind: "Component",
        replacements: [
          {
            source: { kind: "Service", name: "web", fieldPath: "spec.ports.0.port" },
            targets: [{ select: { kind: "ConfigMap", name: "web-config" }, fieldPaths: ["data.PORT"] }],
          },
        ],
      }),
    };
    const gitops = { "clusters/prod/web.yaml": flux("web", { components: ["../components/port"] }) };
    const config = { "app/config.yaml": yaml(configMap("web-config", { LOG_LEVEL: "info", PORT: "80" })) };
    const before = { ...plain("info"), ...config, "app/svc.yaml": service(80), ...copiesPort, ...gitops };
    const p = await plan(before, { "app/svc.yaml": service(8080) });
    expect(changesOf(p)).toEqual(["ConfigMap/default/web-config"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
  });

  test("postBuild.substitute over a Service that holds a ${VAR}: built, as the variable may write any field", async () => {
    const gitops = { "clusters/prod/web.yaml": flux("web", { postBuild: { substitute: { PORT: "80" } } }) };
    const templated = (name: string) => service(80, { name: "web", labels: { tier: name } } as never);
    const p = await plan(
      { ...plain("info"), "app/svc.yaml": templated("${TIER}"), ...gitops },
      { "app/svc.yaml": templated("${TIER}-2") },
    );
    expect(rendered(p)).toEqual([
      "kustomize app (no kustomization.yaml: generated as Flux Kustomization flux-system/web deploys it: postBuild substitution): rendered at both commits",
    ]);
    expect(restartsOf(p)).toEqual([]);
  });
});
