// `npm run demo`: a real detect -> restart -> wait cycle with no cluster of your own.
// It commits demo/sample/v1 and then demo/sample/v2 into a fresh git repository, starts the
// simulated Kubernetes API server on 127.0.0.1 holding the v1 objects, and runs the bundled CLI
// (dist/cli.js) exactly as CI would: --apply pushes the changed configs, then it restarts and waits.
// Extra arguments go to the CLI: `npm run demo -- --strategy versioned` shows a versioned rollout
// (immutable copies, workloads repointed to them) and lists the copies it left on the cluster.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";
import { startSimCluster } from "../sim/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), "config-rollout-demo-"));
const repo = join(work, "repo");

function git(...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=demo", "-c", "user.email=demo@example.invalid", ...args], {
    cwd: repo,
    encoding: "utf8",
  });
}

function commitVersion(version: string, message: string): void {
  rmSync(join(repo, "shop"), { recursive: true, force: true });
  cpSync(join(here, "sample", version), repo, { recursive: true });
  git("add", "-A");
  git("commit", "-q", "-m", message);
}

const cluster = await startSimCluster({ rolloutStepMs: 150 });
try {
  execFileSync("git", ["init", "-q", "-b", "main", repo]);
  commitVersion("v1", "shop: initial manifests");
  commitVersion("v2", "shop: debug logging, 5 retries, rotate the db password, tidy log-agent");
  for (const file of readdirSync(join(here, "sample", "v1", "shop"))) {
    const text = readFileSync(join(here, "sample", "v1", "shop", file), "utf8");
    for (const doc of parseAllDocuments(text)) cluster.seed(doc.toJS() as Record<string, unknown>);
  }
  const kubeconfig = join(work, "kubeconfig");
  cluster.writeKubeconfig(kubeconfig, { context: "demo" });
  writeFileSync(join(work, "README"), "scratch space of npm run demo\n");

  const args = [
    "--repo",
    repo,
    "--base",
    "HEAD~1",
    "--head",
    "HEAD",
    "--kubeconfig",
    kubeconfig,
    "--apply",
    ...process.argv.slice(2),
  ];
  console.error(`$ config-rollout ${args.join(" ").replaceAll(work, "$DEMO")}\n`);
  // Spawn asynchronously: the simulated server lives in this process and must keep answering.
  const child = spawn(process.execPath, [join(here, "..", "dist", "cli.js"), ...args], {
    stdio: "inherit",
    env: { ...process.env, HOME: work, KUBECONFIG: "" },
  });
  const status = await new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
  console.error(
    `\nThe simulated API server saw ${cluster.requests.length} requests: ${summarise(cluster.requests.map((r) => r.verb))}.`,
  );
  const copies = ["ConfigMap", "Secret"].flatMap((kind) =>
    cluster
      .list(kind)
      .filter(
        (obj) => (obj.metadata as { labels?: Record<string, string> }).labels?.["config-rollout.io/managed"],
      )
      .map((obj) => `${kind.toLowerCase()}/${(obj.metadata as { name: string }).name}`),
  );
  if (copies.length > 0) console.error(`Versioned copies on the cluster: ${copies.join(", ")}.`);
  process.exitCode = status;
} finally {
  await cluster.close();
  rmSync(work, { recursive: true, force: true });
}

function summarise(verbs: string[]): string {
  const counts = new Map<string, number>();
  for (const verb of verbs) counts.set(verb, (counts.get(verb) ?? 0) + 1);
  return [...counts].map(([verb, count]) => `${count} ${verb}`).join(", ");
}
