// --render 'CMD' end to end: a plain shell script and Debian's jsonnet as real renderers, run by the
// bundled CLI on temp git repositories (--dry-run --output json).
import { execFileSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { runInProcess } from "../helpers/run-cli.js";
import { parseRunJson, type RunJson } from "../helpers/run-json.js";

const commitTwice = useCommitTwice();

const run = (repo: TempRepo, args: string[], env: Record<string, string> = {}) =>
  runInProcess(["--repo", repo.dir, "--dry-run", "--output", "json", "--discover", "repo", ...args], env);

function parsed(result: { code: number; stdout: string; stderr: string }): RunJson {
  expect(result.code, result.stderr).toBe(0);
  return parseRunJson(result.stdout);
}

const restarts = (p: RunJson) =>
  p.workloads.filter((w) => w.action === "restart").map((w) => `${w.kind}/${w.namespace}/${w.name}`);

// A renderer written as a plain script: the level comes from an env file, the output is a JSON List.
const script = `#!/bin/sh
set -eu
. ./settings.env
if [ -n "\${RENDER_LOG:-}" ]; then echo "rendered $(pwd)" >> "$RENDER_LOG"; fi
cat <<JSON
{"apiVersion": "v1", "kind": "List", "items": [
  {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "web-config", "namespace": "shop"}, "data": {"LOG_LEVEL": "$LEVEL"}},
  {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "shop"}, "spec": {"selector": {"matchLabels": {"app": "web"}}, "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "app", "image": "app:1", "envFrom": [{"configMapRef": {"name": "web-config"}}]}]}}}}
]}
JSON
`;

describe("--render with a plain shell script", () => {
  test("plans from the command's output at both commits, rendering each commit once, and names the source", async () => {
    const repo = await commitTwice(
      { "render.sh": script, "settings.env": "LEVEL=info\n" },
      { "settings.env": "LEVEL=debug\n" },
    );
    const logDir = await mkdtemp(join(tmpdir(), "render-log-"));
    try {
      const p = parsed(
        await run(repo, ["--render", "sh render.sh", "--kustomize", "none", "--render-env", "RENDER_LOG"], {
          RENDER_LOG: join(logDir, "log"),
        }),
      );
      expect(p.changes.map((c) => [c.namespace, c.name, c.status, c.keys, c.origin])).toEqual([
        ["shop", "web-config", "modified", ["LOG_LEVEL"], "render: sh render.sh"],
      ]);
      expect(p.changes[0]?.blamedFile).toBe("settings.env");
      expect(restarts(p)).toEqual(["Deployment/shop/web"]);
      const lines = (await readFile(join(logDir, "log"), "utf8")).trim().split("\n");
      expect(lines).toHaveLength(2);
      // Each commit in its own temporary checkout, never the repository's work tree; removed afterwards.
      for (const line of lines) expect(line).not.toContain(repo.dir);
      for (const line of lines)
        expect(() => execFileSync("test", ["-e", line.slice("rendered ".length)])).toThrow();
    } finally {
      await rm(logDir, { recursive: true, force: true });
    }
  });

  test("a range that touches none of --render-paths does not run the command", async () => {
    const repo = await commitTwice(
      { "render.sh": script, "settings.env": "LEVEL=info\n", "README.md": "a" },
      { "README.md": "b" },
    );
    const logDir = await mkdtemp(join(tmpdir(), "render-log-"));
    try {
      const p = parsed(
        await run(repo, ["--render", "sh render.sh", "--render-paths", "settings.env,render.sh"], {
          RENDER_LOG: join(logDir, "log"),
        }),
      );
      expect(p.changes).toEqual([]);
      expect(p.sources).toContain("render: sh render.sh: not run, the range touches none of --render-paths");
      await expect(readFile(join(logDir, "log"), "utf8")).rejects.toThrow();
    } finally {
      await rm(logDir, { recursive: true, force: true });
    }
  });

  test("a failing render is exit 2 naming the command, the commit and the end of its stderr", async () => {
    const failing = `#!/bin/sh\n. ./settings.env\nif [ "$LEVEL" = broken ]; then echo "values.yaml: line 3: bad indentation" >&2; exit 3; fi\n${script.split("\n").slice(4).join("\n")}`;
    const repo = await commitTwice(
      { "render.sh": failing, "settings.env": "LEVEL=info\n" },
      { "settings.env": "LEVEL=broken\n" },
    );
    const head = (await repo.git(["rev-parse", "HEAD"])).trim();
    const result = await run(repo, ["--render", "sh render.sh"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--render "sh render.sh" failed at commit');
    expect(result.stderr).toContain(head.slice(0, 12));
    expect(result.stderr).toContain("exit 3");
    expect(result.stderr).toContain("values.yaml: line 3: bad indentation");
    // --output json: no report, the error object in its place.
    expect(JSON.parse(result.stdout)).toMatchObject({ outcome: "failed", error: { exitCode: 2 } });
  });

  test("a file in the repository cannot stand in for the renderer, even with . on PATH", async () => {
    const fake =
      "#!/bin/sh\necho 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: planted}\ndata: {a: b}'\n";
    const repo = await commitTwice(
      { "render.sh": script, "settings.env": "LEVEL=info\n", sh: fake },
      { "settings.env": "LEVEL=debug\n", sh: `${fake}# changed\n` },
    );
    await chmod(join(repo.dir, "sh"), 0o755);
    await repo.commit("make the planted sh executable");
    const result = await run(repo, ["--base", "HEAD~2", "--render", "sh render.sh"], {
      PATH: `.:${process.env.PATH}`,
    });
    const p = parsed(result);
    expect(p.changes.map((c) => c.name)).toEqual(["web-config"]);
  });
});

const hasJsonnet = (() => {
  try {
    execFileSync("jsonnet", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasJsonnet)(
  "--render with jsonnet (skipped: jsonnet is not on PATH; .ci/run installs Debian's jsonnet)",
  () => {
    const main = (replicas: number) => `local env = import 'env.libsonnet';
[
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'api-config', namespace: env.namespace }, data: env.config },
  {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: env.namespace },
    spec: { replicas: ${replicas}, selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: {
      containers: [{ name: 'api', image: 'api:1', env: [{ name: 'DB', valueFrom: { configMapKeyRef: { name: 'api-config', key: 'DB_HOST' } } }] }],
    } } },
  },
]
`;
    const env = (db: string, flag: string) =>
      `{ namespace: 'backend', config: { DB_HOST: '${db}', FEATURE: '${flag}' } }\n`;

    test("a change to a key the workload reads restarts it in the rendered namespace", async () => {
      const repo = await commitTwice(
        { "main.jsonnet": main(2), "env.libsonnet": env("db-1", "off") },
        { "env.libsonnet": env("db-2", "off") },
      );
      const p = parsed(await run(repo, ["--render", "jsonnet -y main.jsonnet"]));
      expect(p.changes.map((c) => [c.namespace, c.name, c.keys, c.blamedFile])).toEqual([
        ["backend", "api-config", ["DB_HOST"], "env.libsonnet"],
      ]);
      expect(restarts(p)).toEqual(["Deployment/backend/api"]);
      expect(p.workloads[0]?.origin).toBe("render: jsonnet -y main.jsonnet");
    });

    test("a change to a key it does not read is a skip, and a replicas change alone changes no config", async () => {
      const repo = await commitTwice(
        { "main.jsonnet": main(2), "env.libsonnet": env("db-1", "off") },
        { "env.libsonnet": env("db-1", "on"), "main.jsonnet": main(3) },
      );
      const p = parsed(await run(repo, ["--render", "jsonnet -y main.jsonnet"]));
      expect(p.changes.map((c) => c.keys)).toEqual([["FEATURE"]]);
      expect(p.workloads.map((w) => w.action)).toEqual(["skip"]);
    });

    test("a jsonnet error is exit 2 with jsonnet's message", async () => {
      const repo = await commitTwice(
        { "main.jsonnet": main(2), "env.libsonnet": env("db-1", "off") },
        { "env.libsonnet": "{ namespace: " },
      );
      const result = await run(repo, ["--render", "jsonnet -y main.jsonnet"]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("jsonnet -y main.jsonnet");
      expect(result.stderr).toMatch(/env\.libsonnet/);
    });
  },
);
