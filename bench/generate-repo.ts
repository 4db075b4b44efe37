// Generates a monorepo of Kubernetes manifests in two commits (A: everything, B: some configs
// changed) and says exactly which workloads a correct plan restarts, so a benchmark cannot pass
// by doing nothing. Deterministic: the same options always give the same files.
//
// Layout: <top>/<namespace>/<app>/{workload,config,service,extra}.yaml, one object per file, four
// files per app; <top> is clusters/prod, or with `topFolders` one of those names by namespace in
// turn (folders named like common YAML values: `apps`, `v1`, `default`). Every app has one workload (mostly Deployments, some StatefulSets and
// DaemonSets) consuming its own config (3 in 4 ConfigMaps, 1 in 4 Secrets) through envFrom, a
// volume, or env keys; "extra" is a ServiceAccount, HorizontalPodAutoscaler,
// PodDisruptionBudget or NetworkPolicy.

import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { stringify } from "yaml";

type Obj = Record<string, unknown>;

export interface RepoShape {
  namespaces: number;
  appsPerNamespace: number;
  /** Configs changed by commit B in each namespace. */
  changedPerNamespace: number;
  /**
   * When true, some changes touch only a key their consumer does not read (a correct plan skips
   * those workloads). When false every changed config makes its consumer restart.
   */
  includeUnreadKeyChanges: boolean;
  /**
   * The top folders the namespaces are spread over, in turn (default: all under clusters/prod).
   * Named like common values (`apps`, `v1`, `base`, `default`, `config`), they are what a search for
   * folder names must not find in every manifest (`apiVersion: apps/v1`, `namespace: default`).
   */
  topFolders?: readonly string[];
}

export interface AppIds {
  namespace: string;
  workload: { kind: string; name: string };
  config: { kind: "ConfigMap" | "Secret"; name: string };
}

export interface GeneratedRepo {
  dir: string;
  shape: RepoShape;
  base: string;
  head: string;
  files: number;
  apps: AppIds[];
  /** Names of the configs commit B changed (what the git grep floor searches for). */
  changedConfigNames: string[];
  /** `Kind/namespace/name` of every workload a correct plan restarts. */
  expectedRestarts: string[];
  /** Workloads the plan must list as skipped (changed config, but no key they read changed). */
  expectedSkips: string[];
  /** Objects as committed at head, for seeding a simulated cluster. */
  headObjects: Obj[];
}

type RefStyle = "envFrom" | "volume" | "envKeys";

const pad = (n: number, width: number) => String(n).padStart(width, "0");

export function namespaceName(n: number): string {
  return `team-${pad(n, 2)}`;
}

function appName(n: number, i: number): string {
  return `t${pad(n, 2)}-svc${pad(i, 3)}`;
}

/** The folder of app `i` of namespace `n`. */
function appFolder(shape: Pick<RepoShape, "topFolders">, n: number, i: number): string {
  const tops = shape.topFolders ?? ["clusters/prod"];
  return `${tops[n % tops.length]}/${namespaceName(n)}/${appName(n, i)}`;
}

function workloadKind(i: number): string {
  if (i % 20 === 7) return "StatefulSet";
  if (i % 20 === 13) return "DaemonSet";
  return "Deployment";
}

function configKind(i: number): "ConfigMap" | "Secret" {
  return i % 4 === 3 ? "Secret" : "ConfigMap";
}

function refStyle(i: number): RefStyle {
  return (["envFrom", "volume", "envKeys", "volume"] as const)[i % 4]!;
}

/**
 * Which apps of a namespace commit B changes: spread over the first 25 apps, so a smaller
 * repository of the same namespaces changes exactly the same configs.
 */
export function changedApps(n: number, shape: RepoShape): number[] {
  const window = Math.min(shape.appsPerNamespace, 25);
  const count = Math.min(shape.changedPerNamespace, window);
  const stride = Math.max(1, Math.floor(window / count));
  const picked = new Set<number>();
  for (let k = 0; picked.size < count; k++) {
    let i = (n * 3 + k * stride) % window;
    while (picked.has(i)) i = (i + 1) % window;
    picked.add(i);
  }
  return [...picked].sort((a, b) => a - b);
}

function configData(n: number, i: number, version: number, unreadOnly: boolean): Record<string, string> {
  const level = version > 0 && !unreadOnly ? "debug" : "info";
  return {
    LOG_LEVEL: level,
    TIMEOUT: "30s",
    UPSTREAM_URL: `http://${appName(n, (i + 1) % 1000)}.${namespaceName(n)}.svc.cluster.local:8080`,
    FEATURE_FLAGS: "search,checkout,recommendations",
    NOTES: version > 0 && unreadOnly ? "rotated by the benchmark" : "initial",
    "app.properties": [
      `server.port=8080`,
      `pool.size=${8 + (i % 8)}`,
      `cache.ttl=${60 + (i % 30)}s`,
      `tracing.sample=0.${i % 10}`,
    ].join("\n"),
  };
}

function configObject(n: number, i: number, version: number, unreadOnly: boolean): Obj {
  const kind = configKind(i);
  const data = configData(n, i, version, unreadOnly);
  const metadata = {
    name: `${appName(n, i)}-${kind === "Secret" ? "secret" : "config"}`,
    namespace: namespaceName(n),
    labels: { app: appName(n, i), team: namespaceName(n) },
  };
  if (kind === "ConfigMap") return { apiVersion: "v1", kind, metadata, data };
  const encoded = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, Buffer.from(v, "utf8").toString("base64")]),
  );
  return { apiVersion: "v1", kind, metadata, type: "Opaque", data: encoded };
}

function consumption(i: number, configName: string): { container: Obj; volumes: Obj[] } {
  const kind = configKind(i);
  const style = refStyle(i);
  const ref = kind === "Secret" ? "secretKeyRef" : "configMapKeyRef";
  if (style === "envFrom") {
    const from =
      kind === "Secret" ? { secretRef: { name: configName } } : { configMapRef: { name: configName } };
    return { container: { envFrom: [from] }, volumes: [] };
  }
  if (style === "envKeys") {
    return {
      container: {
        env: ["LOG_LEVEL", "TIMEOUT"].map((key) => ({
          name: key,
          valueFrom: { [ref]: { name: configName, key } },
        })),
      },
      volumes: [],
    };
  }
  const volume =
    kind === "Secret" ? { secret: { secretName: configName } } : { configMap: { name: configName } };
  return {
    container: { volumeMounts: [{ name: "config", mountPath: "/etc/app", readOnly: true }] },
    volumes: [{ name: "config", ...volume }],
  };
}

function workloadObject(n: number, i: number, configName: string): Obj {
  const kind = workloadKind(i);
  const name = appName(n, i);
  const labels = { app: name, team: namespaceName(n) };
  const { container, volumes } = consumption(i, configName);
  const podSpec: Obj = {
    serviceAccountName: name,
    containers: [
      {
        name: "app",
        image: `registry.example.com/${namespaceName(n)}/${name}:1.${i % 17}.${n % 9}`,
        ports: [{ name: "http", containerPort: 8080 }],
        ...container,
        resources: { requests: { cpu: "100m", memory: "128Mi" }, limits: { memory: "256Mi" } },
        readinessProbe: { httpGet: { path: "/healthz", port: "http" }, periodSeconds: 5 },
      },
    ],
    ...(volumes.length > 0 ? { volumes } : {}),
  };
  const template = { metadata: { labels }, spec: podSpec };
  const spec: Obj =
    kind === "DaemonSet"
      ? { selector: { matchLabels: labels }, template }
      : kind === "StatefulSet"
        ? { replicas: 2, serviceName: name, selector: { matchLabels: labels }, template }
        : { replicas: 2, selector: { matchLabels: labels }, template };
  return { apiVersion: "apps/v1", kind, metadata: { name, namespace: namespaceName(n), labels }, spec };
}

function serviceObject(n: number, i: number): Obj {
  const name = appName(n, i);
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: { name, namespace: namespaceName(n), labels: { app: name } },
    spec: { selector: { app: name }, ports: [{ name: "http", port: 80, targetPort: "http" }] },
  };
}

function extraObject(n: number, i: number): Obj {
  const name = appName(n, i);
  const metadata = { name, namespace: namespaceName(n), labels: { app: name } };
  switch (i % 4) {
    case 0:
      return { apiVersion: "v1", kind: "ServiceAccount", metadata };
    case 1:
      return {
        apiVersion: "autoscaling/v2",
        kind: "HorizontalPodAutoscaler",
        metadata,
        spec: {
          scaleTargetRef: { apiVersion: "apps/v1", kind: workloadKind(i), name },
          minReplicas: 2,
          maxReplicas: 6,
          metrics: [
            {
              type: "Resource",
              resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } },
            },
          ],
        },
      };
    case 2:
      return {
        apiVersion: "policy/v1",
        kind: "PodDisruptionBudget",
        metadata,
        spec: { minAvailable: 1, selector: { matchLabels: { app: name } } },
      };
    default:
      return {
        apiVersion: "networking.k8s.io/v1",
        kind: "NetworkPolicy",
        metadata,
        spec: {
          podSelector: { matchLabels: { app: name } },
          ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: namespaceName(n) } } }] }],
        },
      };
  }
}

function git(dir: string, args: string[]): string {
  return execFileSync(
    "git",
    [
      "-c",
      "user.name=bench",
      "-c",
      "user.email=bench@example.invalid",
      "-c",
      "commit.gpgsign=false",
      ...args,
    ],
    { cwd: dir, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
}

function write(dir: string, path: string, obj: Obj): void {
  const full = join(dir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, stringify(obj, { lineWidth: 0 }));
}

/** Write the repository into `dir` (created), commit A and B, pack it like a cloned repository. */
export function generateRepo(dir: string, shape: RepoShape): GeneratedRepo {
  mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  git(dir, ["config", "gc.auto", "0"]);
  const apps: AppIds[] = [];
  const changed: Array<{ n: number; i: number; unreadOnly: boolean }> = [];
  const headObjects: Obj[] = [];
  let files = 0;

  for (let n = 0; n < shape.namespaces; n++) {
    const picks = new Set(changedApps(n, shape));
    for (let i = 0; i < shape.appsPerNamespace; i++) {
      const folder = appFolder(shape, n, i);
      const config = configObject(n, i, 0, false);
      const configName = (config.metadata as { name: string }).name;
      const workload = workloadObject(n, i, configName);
      write(dir, `${folder}/config.yaml`, config);
      write(dir, `${folder}/workload.yaml`, workload);
      write(dir, `${folder}/service.yaml`, serviceObject(n, i));
      write(dir, `${folder}/extra.yaml`, extraObject(n, i));
      files += 4;
      apps.push({
        namespace: namespaceName(n),
        workload: { kind: workloadKind(i), name: appName(n, i) },
        config: { kind: configKind(i), name: configName },
      });
      headObjects.push(workload);
      if (picks.has(i)) {
        // Some env-key consumers get a change to a key they do not read: the plan must skip them.
        const unreadOnly = shape.includeUnreadKeyChanges && refStyle(i) === "envKeys" && n % 2 === 0;
        changed.push({ n, i, unreadOnly });
      } else {
        headObjects.push(config);
      }
    }
  }
  // A repository of manifests has a README too: the common push changes it, or code, and no manifest.
  writeFileSync(join(dir, "README.md"), "# Cluster manifests\n");
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "A: every manifest"]);
  const base = git(dir, ["rev-parse", "HEAD"]).trim();

  const changedConfigNames: string[] = [];
  const expectedRestarts: string[] = [];
  const expectedSkips: string[] = [];
  for (const { n, i, unreadOnly } of changed) {
    const config = configObject(n, i, 1, unreadOnly);
    write(dir, `${appFolder(shape, n, i)}/config.yaml`, config);
    headObjects.push(config);
    changedConfigNames.push((config.metadata as { name: string }).name);
    const id = `${workloadKind(i)}/${namespaceName(n)}/${appName(n, i)}`;
    (unreadOnly ? expectedSkips : expectedRestarts).push(id);
  }
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", `B: change ${changed.length} configs`]);
  const head = git(dir, ["rev-parse", "HEAD"]).trim();
  // A clone arrives packed; 40,000 loose objects would make every git command slower than in CI.
  git(dir, ["gc", "-q", "--prune=now"]);
  return {
    dir,
    shape,
    base,
    head,
    files,
    apps,
    changedConfigNames,
    expectedRestarts: expectedRestarts.sort(),
    expectedSkips: expectedSkips.sort(),
    headObjects,
  };
}

/** Commit a change to one Service on top of head: config-rollout must find nothing to restart. */
export function commitNoConfigChange(repo: GeneratedRepo): { base: string; head: string } {
  const service = serviceObject(0, 0);
  (service.spec as { ports: Array<{ port: number }> }).ports[0]!.port = 8080;
  write(repo.dir, `${appFolder(repo.shape, 0, 0)}/service.yaml`, service);
  git(repo.dir, ["commit", "-q", "-am", "C: change a Service port"]);
  return { base: repo.head, head: git(repo.dir, ["rev-parse", "HEAD"]).trim() };
}

/** Commit an edit of the README on top of head: a push that touches no manifest at all. */
export function commitNoManifestChange(repo: GeneratedRepo): { base: string; head: string } {
  const base = git(repo.dir, ["rev-parse", "HEAD"]).trim();
  appendFileSync(join(repo.dir, "README.md"), "\nOne directory per namespace and app.\n");
  git(repo.dir, ["commit", "-q", "-am", "D: README only"]);
  return { base, head: git(repo.dir, ["rev-parse", "HEAD"]).trim() };
}
