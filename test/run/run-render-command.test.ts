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

  // QA: a --render naming a program not installed said only "(exit 127)": the shell's "not found"
  // is on stderr, which is not shown when the other commit's render did not complete.
  test.each([
    [
      "not installed",
      "config-rollout-no-such-renderer template .",
      'exit 127, command not found: "config-rollout-no-such-renderer" or a command it runs is not installed, or not on PATH',
    ],
    [
      "not executable",
      "RENDER_MODE=x ./render.sh",
      'exit 126, command not executable: "./render.sh" or a command it runs is not an executable file',
    ],
  ])("a renderer %s: the shell's exit code is explained, without its stderr", async (_, render, why) => {
    const repo = await commitTwice(
      { "render.sh": script, "settings.env": "LEVEL=info\n" },
      { "settings.env": "LEVEL=debug\n" },
    );
    const result = await run(repo, ["--render", render, "--kustomize", "none"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`(${why}); nothing was applied. Its stderr is not shown`);
  });

  // A failing render's stderr can quote the Secrets it renders (a template error shows the text
  // around it): values the run never read, so it cannot mask them. Quoted only when the command is
  // known to render no Secret.
  describe("a failing render of a command that renders Secrets: its stderr is not shown", () => {
    const BASE_VALUE = "RenderBase-Passw0rd-1234";
    const HEAD_VALUE = "RenderHead-Passw0rd-5678";
    const secretYaml = (value: string) =>
      `apiVersion: v1\nkind: Secret\nmetadata: {name: db, namespace: shop}\nstringData: {password: ${value}}\n`;
    const complaint = `echo "template failed: value ${BASE_VALUE} and ${HEAD_VALUE} invalid" >&2; exit 1`;
    const expectNoValue = (result: { stdout: string; stderr: string }) => {
      for (const value of [BASE_VALUE, HEAD_VALUE])
        expect(result.stdout + result.stderr).not.toContain(value);
    };

    test.each([
      ["has rendered", "cat secret.yaml"],
      ["is still rendering", "sleep 1; cat secret.yaml"],
    ])("the other commit's output defines one (when the failure comes, it %s)", async (_, render) => {
      const repo = await commitTwice(
        { "render.sh": `#!/bin/sh\n${render}\n`, "secret.yaml": secretYaml(BASE_VALUE) },
        { "render.sh": `#!/bin/sh\n${complaint}\n`, "secret.yaml": secretYaml(HEAD_VALUE) },
      );
      const [head, base] = (await repo.git(["rev-parse", "HEAD", "HEAD~1"])).trim().split("\n");
      const result = await run(repo, ["--render", "sh render.sh", "--kustomize", "none"]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `--render "sh render.sh" failed at commit ${head!.slice(0, 12)} (exit 1); nothing was applied. Its stderr is not shown: its output at commit ${base!.slice(0, 12)} defines a Secret, whose values it may quote (run the command in a checkout of ${head!.slice(0, 12)} to see it)`,
      );
      expectNoValue(result);
    });

    test("what the failing run printed defines one", async () => {
      const repo = await commitTwice(
        { "render.sh": "#!/bin/sh\ncat secret.yaml\n", "secret.yaml": secretYaml(BASE_VALUE) },
        { "render.sh": `#!/bin/sh\ncat secret.yaml\n${complaint}\n`, "secret.yaml": secretYaml(HEAD_VALUE) },
      );
      const result = await run(repo, ["--render", "sh render.sh", "--kustomize", "none"]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /Its stderr is not shown: its output defines a Secret, whose values it may quote/,
      );
      expectNoValue(result);
    });

    test("the other commit's render does not end within seconds: not known, not shown", async () => {
      const repo = await commitTwice(
        { "render.sh": "#!/bin/sh\nsleep 30\n", "secret.yaml": secretYaml(BASE_VALUE) },
        { "render.sh": `#!/bin/sh\n${complaint}\n`, "secret.yaml": secretYaml(HEAD_VALUE) },
      );
      const started = Date.now();
      const result = await run(repo, ["--render", "sh render.sh", "--kustomize", "none"]);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /Its stderr is not shown: the render at the other commit did not complete, so whether the command renders a Secret is not known/,
      );
      expectNoValue(result);
    });
  });

  test("a failing render's quoted stderr masks the values of the Secrets the run has read (raw files)", async () => {
    const raw = (value: string) =>
      `apiVersion: v1\nkind: Secret\nmetadata: {name: raw, namespace: shop}\nstringData: {password: ${value}}\n`;
    const configMap =
      'echo "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\ndata: {a: b}"';
    const repo = await commitTwice(
      { "render.sh": `#!/bin/sh\n${configMap}\n`, "k8s/secret.yaml": raw("RawBase-Passw0rd-11") },
      {
        "render.sh": '#!/bin/sh\necho "bad: RawBase-Passw0rd-11 then RawHead-Passw0rd-22" >&2; exit 1\n',
        "k8s/secret.yaml": raw("RawHead-Passw0rd-22"),
      },
    );
    const result = await run(repo, [
      "--render",
      "sh render.sh",
      "--render-paths",
      "render.sh",
      "--paths",
      "k8s/**",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Its stderr ends with:\nbad: *** then ***");
    expect(result.stdout + result.stderr).not.toMatch(/Raw(Base|Head)-Passw0rd/);
  });

  test("a value past the 300th character of a stderr line is masked before the line is cut: no part of it", async () => {
    const raw = (value: string) =>
      `apiVersion: v1\nkind: Secret\nmetadata: {name: raw, namespace: shop}\nstringData: {password: ${value}}\n`;
    const configMap =
      'echo "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\ndata: {a: b}"';
    const repo = await commitTwice(
      { "render.sh": `#!/bin/sh\n${configMap}\n`, "k8s/secret.yaml": raw("RawBase-Passw0rd-11") },
      {
        // The value starts at the 297th character: a cut at 300 would keep "RawH".
        "render.sh": `#!/bin/sh\necho "template error: ${"x".repeat(273)} value=RawHead-Passw0rd-22" >&2; exit 1\n`,
        "k8s/secret.yaml": raw("RawHead-Passw0rd-22"),
      },
    );
    const result = await run(repo, [
      "--render",
      "sh render.sh",
      "--render-paths",
      "render.sh",
      "--paths",
      "k8s/**",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Its stderr ends with:\ntemplate error: ${"x".repeat(273)} value=***`);
    expect(result.stdout + result.stderr).not.toMatch(/RawH|Passw0rd/);
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

// A template mistake that makes the output invalid YAML (a mis-indented `helm template`): what the
// output defined at head cannot be told, so nothing it defined at base is planned as deleted, and the
// plan is incomplete, as for a raw file with the same mistake.
describe("--render whose output at head holds a document that cannot be read", () => {
  const renderer = `#!/bin/sh
. ./settings.env
cat <<YAML
apiVersion: v1
kind: ConfigMap
metadata: {name: rcfg, namespace: shop}
data:
  LOG_LEVEL: $LEVEL
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: rweb, namespace: shop}
spec:
  selector: {matchLabels: {app: rweb}}
  template:
    metadata: {labels: {app: rweb}}
    spec:
      containers: [{name: app, image: app:1, envFrom: [{configMapRef: {name: rcfg}}]}]
YAML
`;
  // The same config written in a raw file too (another environment's copy of it).
  const raw =
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: rcfg, namespace: shop}\ndata: {LOG_LEVEL: warn}\n";

  test.each([
    ["defined by the render alone", {}],
    ["also defined in a raw file", { "k8s/rcfg.yaml": raw }],
  ])("a config %s is not planned as deleted: the plan is incomplete", async (_, more) => {
    const repo = await commitTwice(
      { "render.sh": renderer, "settings.env": "LEVEL=info\n", ...more },
      { "settings.env": "LEVEL='[broken'\n" },
    );
    const result = await run(repo, ["--render", "sh render.sh", "--kustomize", "none"]);
    const p = parsed(result);
    expect(p.outcome).toBe("incomplete");
    expect(p.changes).toEqual([]);
    expect(restarts(p)).toEqual([]);
    expect(p.unread).toEqual([
      { file: "(render: sh render.sh output)", why: "has errors at the head commit" },
    ]);
    expect(result.stderr).toContain(
      "cannot tell whether configmap/rcfg (namespace shop) changed: the output has errors at the head commit",
    );
  });

  test("kustomize's output is read the same way (a name kustomize passes and kubectl refuses)", async () => {
    const cm = (name: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, namespace: shop}\ndata: {a: b}\n`;
    const repo = await commitTwice(
      { "app/kustomization.yaml": "resources: [cm.yaml]\n", "app/cm.yaml": cm("web-config") },
      { "app/cm.yaml": cm("Web_Config") },
    );
    const p = parsed(await run(repo, ["--kustomize", "app"]));
    expect(p.outcome).toBe("incomplete");
    expect(p.changes).toEqual([]);
    expect(p.unread).toEqual([{ file: "(kustomize app output)", why: "has errors at the head commit" }]);
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
