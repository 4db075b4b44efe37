import { describe, expect, test } from "vitest";
import { createGitHubLog, type WorkflowCommands } from "../../src/action/github-log.js";

type Call = [string, ...unknown[]];

function recorder(): WorkflowCommands & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    info: (m) => calls.push(["info", m]),
    debug: (m) => calls.push(["debug", m]),
    warning: (m, p) => calls.push(["warning", m, p]),
    startGroup: (n) => calls.push(["startGroup", n]),
    endGroup: () => calls.push(["endGroup"]),
  };
}

describe("annotations", () => {
  test.each([
    // warnings emitted, annotations shown, plain log lines, aggregate text
    [0, 0, 0, undefined],
    [9, 9, 0, undefined],
    [10, 10, 1, undefined], // the 10th fits in the last slot itself
    [11, 10, 2, "and 2 more warnings"],
    [25, 10, 16, "and 16 more warnings"],
  ])("%i warnings -> %i annotations", (count, annotations, plain, aggregate) => {
    const commands = recorder();
    const log = createGitHubLog(commands);
    for (let i = 1; i <= count; i++) log.warn(`problem ${i}`, { file: `k8s/f${i}.yaml`, line: i, col: 2 });
    log.flush();
    const warnings = commands.calls.filter((c) => c[0] === "warning");
    expect(warnings).toHaveLength(annotations);
    expect(commands.calls.filter((c) => c[0] === "info")).toHaveLength(plain);
    if (aggregate) expect(warnings.at(-1)?.[1]).toContain(aggregate);
    if (count > 0) {
      expect(warnings[0]).toEqual([
        "warning",
        "problem 1",
        { file: "k8s/f1.yaml", startLine: 1, startColumn: 2 },
      ]);
    }
  });

  test("warnings past the limit still reach the log with their location", () => {
    const commands = recorder();
    const log = createGitHubLog(commands, { maxAnnotations: 2 });
    log.warn("first", { file: "a.yaml", line: 1 });
    log.warn("second", { file: "b.yaml", line: 3, col: 4 });
    log.warn("third");
    expect(commands.calls).toContainEqual(["info", "warning: b.yaml:3:4: second"]);
    expect(commands.calls).toContainEqual(["info", "warning: third"]);
  });

  test("annotation paths are relative to the workspace when the repository is a subdirectory", () => {
    const commands = recorder();
    createGitHubLog(commands, { filePrefix: "infra/" }).warn("bad", { file: "k8s/a.yaml", line: 7 });
    expect(commands.calls).toEqual([["warning", "bad", { file: "infra/k8s/a.yaml", startLine: 7 }]]);
  });

  test("a warning without a location is an annotation without a file", () => {
    const commands = recorder();
    createGitHubLog(commands).warn("configmap/x is deleted but still referenced");
    expect(commands.calls).toEqual([["warning", "configmap/x is deleted but still referenced", undefined]]);
  });
});

describe("groups", () => {
  test("each stage is one group, closed even when the stage throws", async () => {
    const commands = recorder();
    const log = createGitHubLog(commands);
    await log.group("Resolve commits", async () => log.info("inside"));
    await expect(
      log.group("Restart", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(commands.calls).toEqual([
      ["startGroup", "Resolve commits"],
      ["info", "inside"],
      ["endGroup"],
      ["startGroup", "Restart"],
      ["endGroup"],
    ]);
  });

  test("GitHub cannot nest groups: an inner stage stays in the outer group", async () => {
    const commands = recorder();
    const log = createGitHubLog(commands);
    const value = await log.group("Outer", () => log.group("Inner", async () => 42));
    expect(value).toBe(42);
    expect(commands.calls).toEqual([["startGroup", "Outer"], ["endGroup"]]);
  });
});
