import { describe, expect, it } from "vitest";
import { parseContexts, runWaves } from "../../src/core/fleet.js";

describe("parseContexts", () => {
  it("reads waves separated by ';' and parallel clusters by ','", () => {
    expect(parseContexts("staging;prod-eu,prod-us")).toEqual([["staging"], ["prod-eu", "prod-us"]]);
    expect(parseContexts(" a , b ; c ")).toEqual([["a", "b"], ["c"]]);
    expect(parseContexts("only")).toEqual([["only"]]);
  });

  it("refuses an empty wave, an empty name and a context named twice, saying where", () => {
    expect(() => parseContexts("a;;b")).toThrow(/wave 2 of "a;;b" names no context/);
    expect(() => parseContexts("a;")).toThrow(/wave 2 .* names no context/);
    expect(() => parseContexts("")).toThrow(/wave 1 .* names no context/);
    expect(() => parseContexts("a,,b")).toThrow(/wave 1 of "a,,b" has an empty context name/);
    expect(() => parseContexts("a;b,a")).toThrow(/context "a" is named twice \(wave 1 and wave 2\)/);
    expect(() => parseContexts("a,a", "the `contexts` input")).toThrow(/^the `contexts` input: /);
  });
});

describe("runWaves", () => {
  const clock = () => {
    const events: string[] = [];
    const run = (codes: Record<string, number>, delays: Record<string, number> = {}) => ({
      continueOnFailure: false,
      runCluster: async (context: string) => {
        events.push(`start ${context}`);
        await new Promise((resolve) => setTimeout(resolve, delays[context] ?? 5));
        events.push(`end ${context}`);
        return { exitCode: codes[context] ?? 0, result: context.toUpperCase() };
      },
    });
    return { events, run };
  };

  it("runs a wave's clusters in parallel and the next wave only after the whole wave ended", async () => {
    const { events, run } = clock();
    const runs = await runWaves([["a"], ["b", "c"], ["d"]], run({}, { b: 30, c: 5 }));
    expect(events).toEqual(["start a", "end a", "start b", "start c", "end c", "end b", "start d", "end d"]);
    expect(runs.map((r) => [r.context, r.wave, r.ran])).toEqual([
      ["a", 1, true],
      ["b", 2, true],
      ["c", 2, true],
      ["d", 3, true],
    ]);
  });

  it("skips later waves after a failed cluster, naming the wave and the cluster", async () => {
    const { events, run } = clock();
    const runs = await runWaves([["a", "b"], ["c"], ["d"]], run({ b: 1 }));
    expect(events).not.toContain("start c");
    expect(events).not.toContain("start d");
    expect(runs.slice(2)).toEqual([
      { context: "c", wave: 2, ran: false, skipped: "skipped: wave 1 failed on b" },
      { context: "d", wave: 3, ran: false, skipped: "skipped: wave 1 failed on b" },
    ]);
  });

  it("goes on with --continue-on-failure", async () => {
    const { events, run } = clock();
    const runs = await runWaves([["a"], ["b"], ["c"]], {
      ...run({ a: 1, b: 2 }),
      continueOnFailure: true,
    });
    expect(events.filter((e) => e.startsWith("start"))).toEqual(["start a", "start b", "start c"]);
    expect(runs.every((r) => r.ran)).toBe(true);
  });
});
