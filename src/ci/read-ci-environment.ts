// Adapter: read the CI environment (process.env and the GitHub event file) into a RangeInput.

import { type CiKind, detectCiKind } from "./ci-kind.js";
import { eventReader } from "./github-event.js";
import type { RangeInput } from "./range-request.js";

/** Only these variables decide the range; the rest of the environment (secrets included) is not carried along. */
const RELEVANT = /^(GITHUB_|GITLAB_CI$|CI_)/;

export async function readCiEnvironment(
  flags: RangeInput["flags"],
  env: Record<string, string | undefined> = process.env,
  /** GitHub's event payload, when another part of the run reads it too (eventReader): read once. */
  readEvent: () => Promise<unknown> = eventReader(env),
): Promise<RangeInput & { ci: CiKind }> {
  const picked: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (RELEVANT.test(key)) picked[key] = value;
  }
  // The one place a run tells which CI system it is in.
  const ci = detectCiKind(env);
  const input: RangeInput & { ci: CiKind } = { flags, env: picked, ci };
  const flagsDecide = Boolean(flags.base?.trim() || flags.head?.trim());
  if (ci === "github" && env.GITHUB_EVENT_PATH && !flagsDecide) {
    input.event = await readEvent();
  }
  return input;
}
