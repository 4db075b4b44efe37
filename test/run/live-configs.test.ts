// --strategy gitops confirms the live configs after the agent applied a commit: a ConfigMap that
// differs (or is missing) is named; a Secret these credentials may not read is named as not
// confirmed, never as a failure; any other error is the run's.
import { describe, expect, test } from "vitest";
import { ClusterAccessError } from "../../src/core/errors.js";
import type { ConfigSnapshot } from "../../src/core/model.js";
import { checkLiveConfigs } from "../../src/rollout/strategy/live-configs.js";

const b64 = (v: string) => Buffer.from(v).toString("base64");
const snapshot = (kind: "ConfigMap" | "Secret", name: string, value: string): ConfigSnapshot =>
  ({
    id: { kind, namespace: "shop", name },
    file: "deploy.yaml",
    line: 1,
    content: { K: b64(value) },
  }) as unknown as ConfigSnapshot;

describe("checkLiveConfigs", () => {
  test("differing and missing configs are named; an unreadable Secret is only not confirmed", async () => {
    const cluster = {
      async readConfig(id: { kind: string; name: string }) {
        if (id.kind === "Secret") throw new ClusterAccessError("forbidden", 403);
        if (id.name === "gone") return undefined;
        return { content: { K: b64(id.name === "same" ? "new" : "old") } } as never;
      },
    };
    const check = await checkLiveConfigs(cluster, [
      snapshot("ConfigMap", "same", "new"),
      snapshot("ConfigMap", "stale", "new"),
      snapshot("ConfigMap", "gone", "new"),
      snapshot("Secret", "db", "new"),
    ]);
    expect(check.differ.map((id) => id.name)).toEqual(["stale", "gone"]);
    expect(check.unreadable.map((id) => id.name)).toEqual(["db"]);
  });

  test("a forbidden ConfigMap read is the run's error, not a silent pass", async () => {
    const cluster = {
      async readConfig(): Promise<never> {
        throw new ClusterAccessError("forbidden", 403);
      },
    };
    await expect(checkLiveConfigs(cluster, [snapshot("ConfigMap", "app", "x")])).rejects.toThrow("forbidden");
  });
});
