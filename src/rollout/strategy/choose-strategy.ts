// --strategy, turned into the run's strategy object once (restart-strategy.ts says what one is).

import { createAnnotationStrategy } from "./annotation-strategy.js";
import { createEnvStrategy } from "./env-strategy.js";
import { createGitopsStrategy } from "./gitops-strategy.js";
import type { RestartStrategy, StrategySettings } from "./restart-strategy.js";

export async function chooseRestartStrategy(
  settings: StrategySettings,
  now: () => number,
): Promise<RestartStrategy> {
  switch (settings.strategy) {
    case "annotation":
      return createAnnotationStrategy(settings.hashKey, settings.concurrency);
    case "env":
      return createEnvStrategy(settings.envName, now);
    case "gitops":
      return createGitopsStrategy(settings.hashKey);
    case "versioned": {
      // Loaded only when chosen: its copies are named with node:crypto, which other runs never load.
      const { createVersionedStrategy } = await import("../versioned/versioned-strategy.js");
      return createVersionedStrategy(settings);
    }
  }
}
