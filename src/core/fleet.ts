// Several clusters in one run (--contexts): the list parsed into waves, and the wave scheduler.
// `staging;prod-eu,prod-us` is staging first, then prod-eu and prod-us in parallel. A wave starts only
// once the previous one has finished; after a cluster failed, later waves are skipped unless the run
// goes on anyway (--continue-on-failure). Pure: what a cluster's run is, is the caller's.
import { EXIT_OK, UserError } from "./errors.js";

/** Waves in order, each the contexts run in parallel. */
export type Waves = string[][];

/**
 * Parse `a;b,c`: `;` separates waves, `,` clusters within a wave. Empty names and a context named
 * twice are refused (the same cluster rolled out twice is never what was meant).
 */
export function parseContexts(text: string, option = "--contexts"): Waves {
  const waves = text.split(";").map((wave) => wave.split(",").map((name) => name.trim()));
  const seen = new Map<string, number>();
  for (const [i, wave] of waves.entries()) {
    if (wave.every((name) => name === "")) {
      throw new UserError(
        `${option}: wave ${i + 1} of ${JSON.stringify(text)} names no context (";" separates waves, "," the clusters of one wave)`,
      );
    }
    for (const name of wave) {
      if (name === "") {
        throw new UserError(`${option}: wave ${i + 1} of ${JSON.stringify(text)} has an empty context name`);
      }
      const first = seen.get(name);
      if (first !== undefined) {
        throw new UserError(
          `${option}: context ${JSON.stringify(name)} is named twice (wave ${first + 1} and wave ${i + 1})`,
        );
      }
      seen.set(name, i);
    }
  }
  return waves;
}

/** What one cluster's run came to: its exit code decides; a skipped cluster never ran. */
type ClusterRunOf<T> =
  | { context: string; wave: number; ran: true; exitCode: number; result: T }
  | { context: string; wave: number; ran: false; skipped: string };

interface WaveOptions<T> {
  /** The whole run of one cluster; never rejects (an error is a result with its exit code). */
  runCluster: (context: string, wave: number) => Promise<{ exitCode: number; result: T }>;
  continueOnFailure: boolean;
}

/** Run the waves in order, the clusters of one wave in parallel; results in the order given. */
export async function runWaves<T>(waves: Waves, options: WaveOptions<T>): Promise<ClusterRunOf<T>[]> {
  const runs: ClusterRunOf<T>[] = [];
  let stoppedBy: { wave: number; context: string } | undefined;
  for (const [i, wave] of waves.entries()) {
    const number = i + 1;
    if (stoppedBy) {
      const skipped = `skipped: wave ${stoppedBy.wave} failed on ${stoppedBy.context}`;
      runs.push(...wave.map((context) => ({ context, wave: number, ran: false as const, skipped })));
      continue;
    }
    const done = await Promise.all(
      wave.map(async (context) => {
        const { exitCode, result } = await options.runCluster(context, number);
        return { context, wave: number, ran: true as const, exitCode, result };
      }),
    );
    runs.push(...done);
    const failed = done.find((run) => run.exitCode !== EXIT_OK);
    if (failed && !options.continueOnFailure) stoppedBy = { wave: number, context: failed.context };
  }
  return runs;
}
