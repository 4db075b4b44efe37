// Adapter: read the CI environment (process.env and the GitHub event file) into a RangeInput.

import { UserError } from "../core/errors.js";
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
  if (ci === "github" && env.GITHUB_EVENT_PATH) {
    if (!flagsDecide) input.event = await readEvent();
    else {
      // The range is the flags', but whether the head is trusted is still the event's to say (a
      // fork's pull request run with --base/--head): read it; unreadable, the trust check fails closed.
      input.event = await readEvent().catch((error: unknown) => {
        if (error instanceof UserError) return undefined;
        throw error;
      });
    }
  }
  return input;
}
