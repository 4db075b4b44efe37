// A partial (--filter) or shallow clone can lack an object that comparing two commits needs; git
// then fails with one of a few messages. That is the checkout's configuration, not a bug here: say
// which object is missing and how to fetch it. git's own text is not repeated (it can hold a remote
// URL with credentials).
import { UserError } from "../core/errors.js";

const MISSING_OBJECT = [
  /could not fetch ([0-9a-f]{40,64}) from promisor remote/,
  /missing (?:blob|tree|commit) object '?([0-9a-f]{40,64})/,
  /unable to read tree \(?([0-9a-f]{40,64})/,
  /bad object ([0-9a-f]{40,64})/,
  /unable to read ([0-9a-f]{40,64})/,
];

/** The UserError to throw when git's stderr says an object is missing; undefined otherwise. */
export function missingObjectError(stderr: string): UserError | undefined {
  for (const pattern of MISSING_OBJECT) {
    const match = pattern.exec(stderr);
    if (!match) continue;
    return new UserError(
      `git object ${match[1]} is missing from this clone (a partial or shallow clone) and could not be fetched: ` +
        "fetch the commits to compare with their files (e.g. `git fetch origin <base-sha> <head-sha>` without --filter), " +
        "or check out full history (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0)",
    );
  }
  return undefined;
}
