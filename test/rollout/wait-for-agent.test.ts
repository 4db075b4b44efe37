// waitForAgent (--strategy gitops) over a scripted fake cluster: an interrupted run ends the wait
// for the agent at once, as it ends the rollout wait.
import { expect, test } from "vitest";
import type { WatchSource } from "../../src/kube/list-watch.js";
import { waitForAgent } from "../../src/rollout/wait-for-agent.js";

const unstamped = {
  kind: "Deployment",
  metadata: { name: "web", namespace: "ns", generation: 1, resourceVersion: "5" },
  spec: { template: { metadata: { annotations: {} } } },
};

function fakeCluster() {
  const watches: Array<{ aborted: boolean }> = [];
  const cluster: WatchSource = {
    async listForWatch() {
      return { items: [unstamped], resourceVersion: "10" };
    },
    watchWorkloads() {
      const watch = { aborted: false };
      watches.push(watch);
      return {
        abort: () => {
          watch.aborted = true;
        },
      };
    },
  };
  return { cluster, watches };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 2));
  if (!condition()) throw new Error("condition not reached");
}

const id = { kind: "Deployment", namespace: "ns", name: "web" };
const quiet = { info: () => {} };

test("an interrupt ends the wait for the agent at once, the workload named as not followed to the end", async () => {
  const fake = fakeCluster();
  const interrupt = new AbortController();
  const started = Date.now();
  const waiting = waitForAgent(fake.cluster, [id], {
    hashFor: () => "sha256:abc",
    generatedFor: () => [],
    // Far beyond the test's own timeout: only the interrupt can end this wait in time.
    timeoutMs: 600_000,
    log: quiet,
    interrupt: interrupt.signal,
  });
  await until(() => fake.watches.length === 1);
  interrupt.abort(new Error("interrupted by SIGTERM"));
  const result = await waiting;
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(result.applied).toEqual([]);
  expect(result.notApplied).toHaveLength(1);
  expect(result.notApplied[0]?.restart).toBe("failed");
  expect(result.notApplied[0]?.message).toContain(
    "interrupted by SIGTERM while waiting for the agent to apply the commit to",
  );
  expect(fake.watches[0]?.aborted).toBe(true);
});

test("a run already interrupted does not start following", async () => {
  const fake = fakeCluster();
  const interrupt = new AbortController();
  interrupt.abort(new Error("interrupted by SIGINT"));
  const result = await waitForAgent(fake.cluster, [id], {
    hashFor: () => "sha256:abc",
    generatedFor: () => [],
    timeoutMs: 600_000,
    log: quiet,
    interrupt: interrupt.signal,
  });
  expect(result.notApplied[0]?.message).toContain("interrupted by SIGINT");
});

test("waiting for an agent that does not come: a heartbeat line after each silence, naming the workload, waited and left", async () => {
  const fake = fakeCluster();
  const lines: string[] = [];
  const result = await waitForAgent(fake.cluster, [id], {
    hashFor: () => "sha256:abc",
    generatedFor: () => [],
    timeoutMs: 400,
    log: { info: (line) => lines.push(line) },
    heartbeat: { everyMs: 100 },
  });
  expect(result.notApplied).toHaveLength(1);
  const beats = lines.filter((l) => l.startsWith("still waiting"));
  expect(beats.length).toBeGreaterThanOrEqual(1);
  expect(beats.length).toBeLessThanOrEqual(4);
  expect(beats[0]).toMatch(
    /^still waiting for the agent to apply the commit: 0 of 1 workloads carry it \(waited \d+s, \d+s left\); waiting for deployment\/web \(namespace ns\)$/,
  );
});
