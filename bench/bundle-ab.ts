// A/B of the CLI's start-up: the bundle layout of a git ref (default `main`, built in a temporary
// worktree with this checkout's node_modules) against this checkout's dist/, in one run,
// interleaved (A, B, A, B, ...) so the machine's load falls on both alike. Times `--version` and a
// push that touches no manifest on a generated repository; prints medians and the difference.
//
//   npx tsx bench/bundle-ab.ts [--ref main] [--runs 30]

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { commitNoManifestChange, generateRepo } from "./generate-repo.js";
import { cleanEnv, median, run } from "./measure.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const ref = flag("--ref", "main");
const runs = Number(flag("--runs", "30"));

const work = mkdtempSync(join(tmpdir(), "config-rollout-bundle-ab-"));
const old = join(work, "old");
try {
  execFileSync("git", ["-C", root, "worktree", "add", "--detach", "-q", old, ref]);
  symlinkSync(join(root, "node_modules"), join(old, "node_modules"));
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: old, env: { ...process.env, VITEST: "1" } });
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, env: { ...process.env, VITEST: "1" } });

  const repo = generateRepo(join(work, "repo"), {
    namespaces: 2,
    appsPerNamespace: 10,
    changedPerNamespace: 1,
    includeUnreadKeyChanges: false,
  });
  const range = commitNoManifestChange(repo);
  const env = cleanEnv(work);
  const builds = { [ref]: join(old, "dist/cli.js"), "this checkout": join(root, "dist/cli.js") };
  const cases = {
    "--version": ["--version"],
    "no-manifest push": ["--base", range.base, "--head", range.head, "--output", "json"],
  };
  const load = loadavg().map((l) => l.toFixed(2));
  console.log(`bundle A/B, ${runs} runs each, interleaved; load average at start ${load.join(" ")}`);
  console.log("| command | %s median | this checkout median | difference |", ref);
  console.log("|---|---:|---:|---:|");
  for (const [label, args] of Object.entries(cases)) {
    const wall: Record<string, number[]> = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
    for (let i = 0; i <= runs; i++) {
      for (const [name, cli] of Object.entries(builds)) {
        const result = await run(process.execPath, [cli, ...args], { cwd: repo.dir, env });
        if (result.code !== 0) throw new Error(`${name} ${label}: exit ${result.code}: ${result.stderr}`);
        if (i > 0) wall[name]?.push(result.wallMs); // the first round warms the caches
      }
    }
    const [a, b] = Object.keys(builds).map((name) => median(wall[name] ?? []));
    console.log(
      `| ${label} | ${a?.toFixed(1)} ms | ${b?.toFixed(1)} ms | ${((b ?? 0) - (a ?? 0)).toFixed(1)} ms |`,
    );
  }
  console.log(
    `load average at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  execFileSync("git", ["-C", root, "worktree", "remove", "--force", old]);
  rmSync(work, { recursive: true, force: true });
}
