// The order of the restarts within one cluster: waves by the workload annotation
// `config-rollout.io/wave: "<integer>"` on the workload's own metadata (lower first, negative
// allowed, unannotated last), each wave in batches of at most --max-parallel-rollouts workloads
// (all of a wave together without it). A wave with a failed rollout stops the waves after it: canary
// workloads go first, and a bad config stops there. Without any annotation and limit, one round:
// every restart, then every wait, as before.

import { UserError } from "../core/errors.js";
import { field, stringField } from "../core/json-shape.js";
import { formatId, type ObjectId, shortId } from "../core/model.js";

const WAVE_ANNOTATION = "config-rollout.io/wave";

/** One restart-and-wait round: a batch of one wave. */
interface RolloutRound<T extends { id: ObjectId }> {
  /** The wave's number; undefined for the unannotated. */
  wave: number | undefined;
  requests: T[];
  /** The last batch of its wave: a failure up to here stops the later waves. */
  endsWave: boolean;
  /** For log sections: "" when there is one round, else " (wave 2, 1 of 3)". */
  label: string;
}

/** The wave a workload object asks for; undefined when unannotated. Not an integer: a UserError naming it. */
export function waveOf(id: ObjectId, object: unknown): number | undefined {
  const value = stringField(field(field(object, "metadata"), "annotations"), WAVE_ANNOTATION);
  if (value === undefined) return undefined;
  const wave = /^-?[0-9]+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(wave)) {
    throw new UserError(
      `${formatId(id)}: annotation ${WAVE_ANNOTATION}: ${JSON.stringify(value)} is not an integer (lower waves roll out first; unannotated workloads last)`,
    );
  }
  return wave;
}

/** The rounds of a rollout, in order. `objectOf` gives each workload's definition (live or from the repository). */
export function rolloutRounds<T extends { id: ObjectId }>(
  requests: readonly T[],
  objectOf: (id: ObjectId) => unknown,
  maxParallel: number | undefined,
): RolloutRound<T>[] {
  const byWave = new Map<number | undefined, T[]>();
  for (const request of requests) {
    const wave = waveOf(request.id, objectOf(request.id));
    const members = byWave.get(wave) ?? [];
    members.push(request);
    byWave.set(wave, members);
  }
  const waves = [...byWave.keys()].sort((a, b) => (a === undefined ? 1 : b === undefined ? -1 : a - b));
  const rounds: RolloutRound<T>[] = [];
  for (const wave of waves) {
    const members = byWave.get(wave)!;
    const size = maxParallel ?? members.length;
    const batches = Math.max(1, Math.ceil(members.length / size));
    const name = wave === undefined ? (waves.length > 1 ? "unannotated" : "") : `wave ${wave}`;
    for (let b = 0; b < batches; b++) {
      const batch = batches > 1 ? `batch ${b + 1} of ${batches}` : "";
      rounds.push({
        wave,
        requests: members.slice(b * size, (b + 1) * size),
        endsWave: b === batches - 1,
        label: ` (${[name, batch].filter(Boolean).join(", ")})`,
      });
    }
  }
  // One round is the whole rollout, as without waves: its log sections keep their plain titles.
  if (rounds.length === 1) rounds[0]!.label = "";
  return rounds;
}

/** The plan's note on the order, when waves are set: "wave -1: a; wave 0: b, c; then: d". */
export function waveOrderNote(
  ids: readonly ObjectId[],
  objectOf: (id: ObjectId) => unknown,
): string | undefined {
  const rounds = rolloutRounds(
    ids.map((id) => ({ id })),
    objectOf,
    undefined,
  );
  if (rounds.every((r) => r.wave === undefined)) return undefined;
  const parts = rounds.map(
    (r) =>
      `${r.wave === undefined ? "then" : `wave ${r.wave}`}: ${r.requests.map((q) => shortId(q.id)).join(", ")}`,
  );
  return `rollout order (${WAVE_ANNOTATION}; a failed wave stops the later ones): ${parts.join("; ")}`;
}
