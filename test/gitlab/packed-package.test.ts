// The package as `npm pack` builds it, installed the way a user or the GitLab template's default command
// installs it: from the tarball alone, with no npm registry (the bundle in dist/ carries every runtime
// dependency, so the package declares none). Then the installed CLI runs: --version, --help, a plan.
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { createTempRepo } from "../helpers/git-repo.js";
import { webWithConfigYaml } from "../helpers/manifests.js";
import { anchorsOf, linksOf } from "../helpers/markdown-links.js";
import { ROOT } from "./run-gitlab-ci-local.js";

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

interface Job {
  variables: Record<string, string>;
}

const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
const scratch = mkdtempSync(join(tmpdir(), "config-rollout-pack-"));

/**
 * npm with its own empty cache and a registry nothing listens on: whatever would need the registry
 * fails at once instead of quietly downloading.
 */
const npmEnv = {
  PATH: process.env.PATH ?? "",
  HOME: scratch,
  NO_COLOR: "1",
  npm_config_cache: join(scratch, "npm-cache"),
  npm_config_registry: "http://127.0.0.1:9/",
  npm_config_fetch_retries: "0",
  npm_config_update_notifier: "false",
  npm_config_audit: "false",
  npm_config_fund: "false",
};

function run(command: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: npmEnv, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** `npx config-rollout ARGS` in the project, offline: the installed bin, never a download. */
function npx(args: string[]): Promise<Ran> {
  return run("npx", ["--offline", "--no-install", "config-rollout", ...args], project);
}

let tarball = "";
let packedFiles: string[] = [];
const project = join(scratch, "project");

beforeAll(async () => {
  // dist/ is fresh: the global setup has just built it.
  const packed = await run(
    "npm",
    ["pack", "--json", "--loglevel=error", "--pack-destination", scratch],
    ROOT,
  );
  expect(packed.code, packed.stderr).toBe(0);
  const [entry] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(scratch, entry!.filename);
  packedFiles = entry!.files.map((file) => file.path).sort();
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "uses-config-rollout", private: true })}\n`,
  );
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("the packed package", () => {
  test("holds the bundle, the templates, the licence and the README, and no sources or tests", () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining(["LICENSE", "README.md", "package.json", "dist/cli.js"]),
    );
    expect(packedFiles).toEqual(
      expect.arrayContaining([".gitlab-ci-template.yml", "templates/config-rollout.yml"]),
    );
    expect(packedFiles).toEqual(
      expect.arrayContaining(["docs/reference.md", "examples/github/quick-start.yml"]),
    );
    expect(packedFiles.filter((path) => /^(src|test|sim|scripts|demo|bench)\//.test(path))).toEqual([]);
    expect(tarball.endsWith(`config-rollout-${version}.tgz`)).toBe(true);
  });

  test("installs from the tarball offline and brings no other package", async () => {
    const installed = await run("npm", ["install", "--offline", "--loglevel=error", tarball], project);
    expect(installed.code, installed.stderr).toBe(0);
    const modules = readdirSync(join(project, "node_modules")).filter((name) => !name.startsWith("."));
    expect(modules).toEqual(["config-rollout"]);
    const manifest = JSON.parse(
      readFileSync(join(project, "node_modules/config-rollout/package.json"), "utf8"),
    );
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.license).toBe("MIT");
  });

  test("every link of the installed README resolves inside the package (the docs it names are packed)", () => {
    const installed = join(project, "node_modules", "config-rollout");
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const links = linksOf(readme);
    expect(links.length).toBeGreaterThan(20);
    const broken = links.filter((link) => {
      const [path, anchor] = link.split("#") as [string, string | undefined];
      const target =
        path === "" ? join(installed, "README.md") : resolve(dirname(join(installed, "README.md")), path);
      if (!target.startsWith(installed) || !existsSync(target)) return true;
      return (
        anchor !== undefined && target.endsWith(".md") && !anchorsOf(readFileSync(target, "utf8")).has(anchor)
      );
    });
    expect(broken).toEqual([]);
  });

  test("npx config-rollout, offline in the project, prints its version and its help", async () => {
    const versionRun = await npx(["--version"]);
    expect(versionRun).toMatchObject({ code: 0, stdout: `config-rollout ${version}\n` });
    const help = await npx(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^config-rollout — /);
    expect(help.stdout).toContain("--dry-run");
    const runHelp = await npx(["run", "--help", "all"]);
    expect(runHelp.code).toBe(0);
    expect(runHelp.stdout).toContain("--kubeconfig PATH");
  });

  test("the installed config-rollout plans the restart a changed ConfigMap needs", async () => {
    const repo = await createTempRepo();
    try {
      await repo.write("k8s/web.yaml", webWithConfigYaml("info"));
      await repo.commit("web");
      await repo.write("k8s/web.yaml", webWithConfigYaml("debug"));
      await repo.commit("web logs at debug");
      const plan = await npx(["--repo", repo.dir, "--dry-run", "--discover", "repo", "--output", "json"]);
      expect(plan.code, plan.stderr).toBe(0);
      const report = JSON.parse(plan.stdout) as {
        workloads: Array<{ kind: string; namespace: string; name: string; action: string }>;
      };
      expect(report.workloads.map((w) => `${w.action} ${w.kind}/${w.namespace}/${w.name}`)).toEqual([
        "restart Deployment/shop/web",
      ]);
    } finally {
      await repo.cleanup();
    }
  });
});

describe("the GitLab template's default command", () => {
  const job = (parse(readFileSync(join(ROOT, ".gitlab-ci-template.yml"), "utf8")) as Record<string, Job>)[
    ".config-rollout"
  ]!;
  const command = job.variables.CONFIG_ROLLOUT_COMMAND!.replaceAll(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitLab's variable reference, as the job expands it
    "${CONFIG_ROLLOUT_VERSION}",
    job.variables.CONFIG_ROLLOUT_VERSION!,
  );
  const url = /--package=(\S+)/.exec(command)?.[1] ?? "";

  test("downloads the tarball the release workflow attaches to the version's GitHub release", () => {
    const tarballName = `config-rollout-${version}.tgz`;
    expect(url).toBe(
      `https://github.com/<owner>/config-rollout/releases/download/v${version}/${tarballName}`,
    );
    const workflow = readFileSync(join(ROOT, ".github/workflows/release.yml"), "utf8");
    expect(workflow).toContain('gh release create "$GITHUB_REF_NAME" "config-rollout-$VERSION.tgz"');
    // Third-party code in a job that holds the release and npm credentials: pinned by commit.
    const uses = [...workflow.matchAll(/uses:\s*(\S+)/g)].map((m) => m[1]!);
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((action) => !/@[0-9a-f]{40}$/.test(action))).toEqual([]);
  });

  test("runs the CLI from that URL with npx and no npm registry", async () => {
    const path = new URL(url).pathname;
    const served: string[] = [];
    const server: Server = createServer((request, response) => {
      served.push(request.url ?? "");
      if (request.url !== path) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(readFileSync(tarball));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The same command, with GitHub's host swapped for the local server that plays the release.
      const local = command.replace("https://github.com", `http://127.0.0.1:${port}`).split(/\s+/);
      const empty = mkdtempSync(join(scratch, "job-"));
      const ran = await run(local[0]!, [...local.slice(1), "--version"], empty);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toBe(`config-rollout ${version}\n`);
      // npx asked the "release" for the tarball (more than once: manifest, then install) and nothing else.
      expect(served.length).toBeGreaterThan(0);
      expect(new Set(served)).toEqual(new Set([path]));
    } finally {
      server.close();
    }
  });
});
