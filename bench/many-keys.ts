// A/B of planning a ConfigMap of many keys (one key changed): a git ref (default `main`, built in a
// temporary worktree with this checkout's node_modules) against this checkout's dist/, interleaved
// (A, B, A, B, ...) so the machine's load falls on both alike. The ConfigMap's `metadata` is a flow
// mapping, so the fast path hands the file to the `yaml` package, whose own duplicate-key check
// (`uniqueKeys`) compared each key with every earlier one: planning time grew with the square of the
// key count. The largest size (900 KB, under the API's 1 MiB object limit) runs on this checkout
// only unless --all: quadratic, it took minutes. Prints medians, peak memory, the ratio of the two
// builds and how each grows with the key count (linear: 16x the keys, about 16x the time).
//
//   npx tsx bench/many-keys.ts [--ref main] [--runs 3] [--all]

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cleanEnv, formatMb, formatMs, median, ratio, run } from "./measure.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const ref = flag("--ref", "main");
const runs = Number(flag("--runs", "3"));
const all = process.argv.includes("--all");
/** Key counts; the last is about 900 KB of YAML. */
const SIZES = [4000, 16000, 64000];
/** Above this the ref is measured only with --all (it took 173 s at 66,000 keys before the fix). */
const REF_MAX_KEYS = 16000;

/** A repository whose two commits differ in the first key of one ConfigMap of `keys` keys. */
function configMapRepo(dir: string, keys: number): { bytes: number } {
  mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { stdio: "pipe" });
  git("init", "-q");
  git("config", "user.email", "bench@example.com");
  git("config", "user.name", "bench");
  const text = (first: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big, namespace: default}\ndata:\n  k0: "${first}"\n${Array.from(
      { length: keys - 1 },
      (_, i) => `  k${i + 1}: "v"\n`,
    ).join("")}`;
  for (const value of ["a", "b"]) {
    writeFileSync(join(dir, "config.yaml"), text(value));
    git("add", "-A");
    git("commit", "-q", "-m", value);
  }
  return { bytes: Buffer.byteLength(text("a")) };
}

const work = mkdtempSync(join(tmpdir(), "config-rollout-many-keys-"));
const old = join(work, "old");
try {
  execFileSync("git", ["-C", root, "worktree", "add", "--detach", "-q", old, ref]);
  symlinkSync(join(root, "node_modules"), join(old, "node_modules"));
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: old, env: { ...process.env, VITEST: "1" } });
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, env: { ...process.env, VITEST: "1" } });
  const builds = { [ref]: join(old, "dist/cli.js"), "this checkout": join(root, "dist/cli.js") };
  const env = cleanEnv(work);
  const args = ["--base", "HEAD~1", "--head", "HEAD", "--dry-run", "--discover", "repo", "--output", "json"];

  const load = loadavg().map((l) => l.toFixed(2));
  console.log(`many keys A/B, ${runs} runs each, interleaved; load average at start ${load.join(" ")}`);
  console.log(`| keys | bytes | ${ref} | this checkout | ${ref} / this checkout |`);
  console.log("|---:|---:|---:|---:|---:|");
  const medians: Record<string, Map<number, number>> = { [ref]: new Map(), "this checkout": new Map() };
  for (const keys of SIZES) {
    const dir = join(work, `repo-${keys}`);
    const { bytes } = configMapRepo(dir, keys);
    const measured = Object.entries(builds).filter(([name]) => all || name !== ref || keys <= REF_MAX_KEYS);
    const wall = new Map<string, number[]>(measured.map(([name]) => [name, []]));
    const rss = new Map<string, number[]>(measured.map(([name]) => [name, []]));
    for (let i = 0; i < runs; i++) {
      for (const [name, cli] of measured) {
        const result = await run(process.execPath, [cli, ...args], { cwd: dir, env, measureMemory: true });
        const plan = JSON.parse(result.stdout) as { changes: Array<{ name: string; keys: string[] }> };
        const change = plan.changes.map((c) => `${c.name}:${c.keys.join(",")}`).join(" ");
        if (change !== "big:k0") throw new Error(`${name}, ${keys} keys: planned ${change}, not big:k0`);
        wall.get(name)?.push(result.wallMs);
        rss.get(name)?.push(result.maxRssKb ?? Number.NaN);
      }
    }
    const cell = (name: string) => {
      const ms = median(wall.get(name) ?? []);
      if (Number.isFinite(ms)) medians[name]?.set(keys, ms);
      return Number.isFinite(ms) ? `${formatMs(ms)}, ${formatMb(median(rss.get(name) ?? []))}` : "not run";
    };
    const [a, b] = [cell(ref), cell("this checkout")];
    const both = ratio(
      medians[ref]?.get(keys) ?? Number.NaN,
      medians["this checkout"]?.get(keys) ?? Number.NaN,
    );
    console.log(`| ${keys} | ${bytes} | ${a} | ${b} | ${both} |`);
  }
  for (const [name, byKeys] of Object.entries(medians)) {
    const sizes = [...byKeys.keys()];
    const [first, last] = [sizes[0], sizes.at(-1)];
    if (first === undefined || last === undefined || first === last) continue;
    console.log(
      `${name}: ${last / first}x the keys (${first} to ${last}) took ${ratio(byKeys.get(last) ?? 0, byKeys.get(first) ?? 0)} the time`,
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
