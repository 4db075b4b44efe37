// The items of a List (`kind: List`, or a `*List` kind as `kubectl get -o yaml` writes it) are
// workloads to the plan, so `stamp` stamps them as it stamps documents: a minimal edit in each
// item's pod template, in YAML block and flow style and in JSON alike, and the stamped file reads to
// kubectl exactly as `kubectl patch --local -f ORIGINAL -p PATCH` makes the original read. Stamping
// again changes nothing and `--check` agrees. Before, each item was "Not stamped: its document could
// not be found again in the file" (exit 0), `--check` said 0 stamps current (exit 0), and
// --strategy gitops asked for a stamp that could never come.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, workload } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { findKubectl } from "../sim/helpers.js";

type Json = Record<string, unknown>;
const KEY = "config-rollout.io/config-hash";
const closing = useClosing();
const kubectl = findKubectl();

const reads = pod({ envFrom: [{ configMapRef: { name: "app-config" } }] });
const items = [deployment("web", reads), workload("StatefulSet", "db", reads)];
const list = (kind = "List", apiVersion = "v1"): Json => ({ apiVersion, kind, metadata: {}, items });

/** The objects kubectl reads from a file, or makes of them with a merge patch (no cluster: --local). */
async function kubectlReads(file: string, patch = "{}"): Promise<unknown[]> {
  const args = ["patch", "--local", "--type", "merge", "-f", file, "-p", patch, "-o", "json"];
  const { stdout } = await promisify(execFile)(kubectl!, args, { env: { ...process.env, KUBECONFIG: "" } });
  // One object after the other, each opening at the start of a line (their fields are indented).
  return stdout.split(/\n(?=\{)/).map((object) => JSON.parse(object) as unknown);
}

/** Lines of `after` not in `before`, and lines of `before` gone from `after`. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
}

const FLOW = `apiVersion: v1
kind: List
items: [{apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: app, image: "registry.example/app:1", envFrom: [{configMapRef: {name: app-config}}]}]}}}}]
`;

/** Name, file, text, workloads in it, lines the stamp replaces. */
const shapes: Array<[string, string, string, number, number]> = [
  ["a YAML List (block style)", "deploy.yaml", stringify(list()), 2, 0],
  [
    "a JSON List, as kubectl get -o json writes it",
    "deploy.json",
    `${JSON.stringify(list(), null, 4)}\n`,
    2,
    0,
  ],
  ["a YAML List in flow style", "deploy.yaml", FLOW, 1, 1],
  [
    "a DeploymentList",
    "deploy.yaml",
    stringify({ ...list("DeploymentList", "apps/v1"), items: [items[0]] }),
    1,
    0,
  ],
];

describe.skipIf(!kubectl)("the items of a List are stamped", () => {
  test.each(shapes)(
    "%s: as kubectl patches them, a second stamp and --check agree",
    async (_, name, text, count, removed) => {
      const repo = closing(await createTempRepo());
      await repo.write("config.yaml", stringify(configMap("app-config", { LOG_LEVEL: "info" })));
      await repo.write(name, text);
      await repo.commit("manifests");

      const run = await runInProcess(["stamp", "--repo", repo.dir]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(`Stamped ${count} workload(s) in 1 file(s)`);
      expect(run.stdout).not.toContain("Not stamped");
      const file = join(repo.dir, name);
      const after = await readFile(file, "utf8");
      // Minimal: lines added in the pod templates; a one-line flow List is the one line replaced.
      expect(changedLines(text, after).removed).toHaveLength(removed);
      const hash = new RegExp(`${KEY}"?: "?([0-9a-f]{64})`).exec(after)?.[1];
      expect(hash).toBeDefined();
      if (name.endsWith(".json")) expect(() => JSON.parse(after)).not.toThrow();
      // kubectl reads the stamped file as the original plus the annotation on every item's template.
      const original = join(repo.dir, "original.input");
      await writeFile(original, text);
      const patch = JSON.stringify({ spec: { template: { metadata: { annotations: { [KEY]: hash } } } } });
      const stamped = await kubectlReads(file);
      expect(stamped).toHaveLength(count);
      expect(stamped).toEqual(await kubectlReads(original, patch));

      const again = await runInProcess(["stamp", "--repo", repo.dir]);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toContain(`Nothing to stamp: ${count} workload(s) already carry`);
      expect(await readFile(file, "utf8")).toBe(after);
      const check = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain(`Stamps current: ${count} workload(s)`);
      expect(check.stdout).not.toContain("Not stamped");
    },
  );
});

test("a List item written as a YAML alias is refused by stamp and --check (exit 2), naming the line, why and the fix", async () => {
  const repo = closing(await createTempRepo());
  await repo.write("config.yaml", stringify(configMap("app-config", { LOG_LEVEL: "info" })));
  const aliased = stringify({ apiVersion: "v1", kind: "List", shared: { web: items[0] } })
    .replace("  web:\n", "  web: &web\n")
    .concat("items:\n  - *web\n");
  await repo.write("deploy.yaml", aliased);
  await repo.commit("manifests");
  for (const args of [[], ["--check"]]) {
    const run = await runInProcess(["stamp", "--repo", repo.dir, ...args]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /deploy\.yaml cannot be stamped: line \d+: deployment\/web: the List item is the YAML alias \*web: .*Write the object out in the List, then stamp again\. Nothing was written/,
    );
  }
  expect(await readFile(join(repo.dir, "deploy.yaml"), "utf8")).toBe(aliased);
});
