// examples/gitlab/sync.gitlab-ci.yml run by gitlab-ci-local as a scheduled pipeline: the report job
// (a dry run) changes nothing, the fix job restarts exactly the workload whose config changed on the
// cluster, and a push pipeline runs neither.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { configDigests, configHash, formatDigests } from "../../src/core/config-hash.js";
import { restartableKind } from "../../src/core/kinds/workload-kinds.js";
import { annotationPatch } from "../../src/core/restart-patch.js";
import { consumedOf } from "../../src/sync/sync-verdict.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { webWithConfigYaml } from "../helpers/manifests.js";
import { CLI_COMMAND as command, ROOT, runPipeline } from "./run-gitlab-ci-local.js";

type Plain = Record<string, unknown>;
const b64 = (s: string) => Buffer.from(s).toString("base64");

let repo: TempRepo;
let sim: SimCluster;
let kubeconfig: string;
let scratch: string;

beforeAll(async () => {
  repo = await createTempRepo();
  await repo.write(".gitlab-ci.yml", readFileSync(join(ROOT, "examples/gitlab/sync.gitlab-ci.yml"), "utf8"));
  await repo.commit("scheduled sync");
  sim = await startSimCluster({ rolloutStepMs: 5 });
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
  const [config, web] = parseAllDocuments(webWithConfigYaml("info")).map((d) => d.toJS() as Plain);
  sim.seed(config!);
  // web was restarted for LOG_LEVEL=info: its template carries that hash and digests.
  const kind = restartableKind("Deployment")!;
  const contents = new Map([["ConfigMap/shop/web-config", { LOG_LEVEL: b64("info") }]]);
  const consumed = consumedOf(web!, kind, "shop");
  const patch = annotationPatch(
    configHash(consumed, contents)!,
    kind.templatePath,
    formatDigests(configDigests(consumed, contents)!),
  ) as { spec: { template: { metadata: Plain } } };
  const template = (web!.spec as Plain).template as Plain;
  template.metadata = { ...(template.metadata as Plain), ...patch.spec.template.metadata };
  sim.seed(web!);
  // Someone changed the ConfigMap on the cluster, outside git.
  sim.seed({ ...config!, data: { LOG_LEVEL: "debug" } });
  scratch = mkdtempSync(join(tmpdir(), "config-rollout-sync-gcl-"));
  const path = join(scratch, "kubeconfig");
  sim.writeKubeconfig(path, { context: "my-group/k8s-agents:production" });
  const text = readFileSync(path, "utf8");
  // The read-only context is the same cluster here.
  const doc = parse(text) as { contexts: Array<{ name: string; context: unknown }> };
  doc.contexts.push({ ...doc.contexts[0]!, name: "my-group/k8s-agents:production-readonly" });
  kubeconfig = JSON.stringify(doc);
});

afterAll(async () => {
  await sim?.close();
  await repo?.cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const variables = (source: string) => ({
  GITLAB_CI: "true",
  CI_PIPELINE_SOURCE: source,
  SYNC: "true",
  CONFIG_ROLLOUT_KUBECONFIG: b64(kubeconfig),
  // This checkout's CLI instead of npx (a pipeline variable wins over the job's).
  CONFIG_ROLLOUT_COMMAND: command,
});

describe("examples/gitlab/sync.gitlab-ci.yml", { timeout: 300_000 }, () => {
  test("a push pipeline runs neither job", async () => {
    const run = await runPipeline(repo.dir, variables("push"));
    expect(run.output).not.toMatch(/sync-report|sync-fix/);
  });

  test("scheduled: the report changes nothing, the fix restarts exactly web and waits", async () => {
    sim.resetRequests();
    const run = await runPipeline(repo.dir, variables("schedule"));
    if (run.code !== 0) console.log(run.output);
    expect(run.code).toBe(0);
    expect(run.jobLog("sync-report")).toMatch(
      /restart +deployment\/web \(namespace shop\): its pods started with older content of configmap\/web-config/,
    );
    expect(run.jobLog("sync-report")).toContain("Dry run: 1 workload(s) would restart.");
    expect(run.jobLog("sync-fix")).toContain("Restarted 1 workload(s).");
    expect(sim.requests.filter((r) => r.verb === "patch").map((r) => r.name)).toEqual(["web"]);
  });
});
