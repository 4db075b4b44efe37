// The env strategy: set an env var (RESTART_TIME by default) to the current Unix time in every
// container, as CI scripts do by hand today. Every run restarts; nothing to prepare.

import { podSpecAt } from "../../core/kinds/pod-template.js";
import { envMergePatch, envPatch } from "../../core/restart-patch.js";
import type { RestartStrategy } from "./restart-strategy.js";

export function createEnvStrategy(envName: string, now: () => number): RestartStrategy {
  return {
    name: "env",
    needsLiveConfigs: true,
    prepare: async () => ({ configWrites: [] }),
    patchFor(_id, live, kind) {
      const value = String(Math.floor(now() / 1000));
      const type = kind.restart.patch;
      // Custom resources take no strategic merge patch: their merge patch carries the whole
      // container list, guarded by the resourceVersion it was computed from.
      const patch =
        type === "strategic-merge"
          ? envPatch(podSpecAt(live, kind.templatePath), envName, value, kind.templatePath)
          : envMergePatch(live, kind.templatePath, envName, value);
      return { patch, type, describe: `${envName}=${value}` };
    },
  };
}
