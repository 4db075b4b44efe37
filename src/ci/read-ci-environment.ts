// Adapter: read the CI environment (process.env and the GitHub event file) into a RangeInput.

import { readEventFile } from "./github-event.js";
import type { RangeInput } from "./range-request.js";

/** Only these variables decide the range; the rest of the environment (secrets included) is not carried along. */
const RELEVANT = /^(GITHUB_|GITLAB_CI$|CI_)/;

export async function readCiEnvironment(
  flags: RangeInput["flags"],
  env: Record<string, string | undefined> = process.env,
): Promise<RangeInput> {
  const picked: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (RELEVANT.test(key)) picked[key] = value;
  }
  const input: RangeInput = { flags, env: picked };
  const flagsDecide = Boolean(flags.base?.trim() || flags.head?.trim());
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_EVENT_PATH && !flagsDecide) {
    input.event = await readEventFile(env.GITHUB_EVENT_PATH);
  }
  return input;
}
