// What `command: stamp` may do on this event. `check: true` writes nothing; `commit: true` pushes
// the stamps to the branch of a pull request from this repository, with the workflow's token, and
// only there: a fork's branch is not this repository's to write (and its code is untrusted), a
// pull_request_target run checks out the base, and other events have no pull request branch. Those
// fall back to the check, so a pull request still cannot merge with stale stamps.
// Pure: takes the event name and payload.
import { untrustedSource } from "../range/untrusted-head.js";

export type StampMode =
  | { kind: "write" }
  | { kind: "check"; note?: string }
  | {
      kind: "commit";
      /** The pull request's head branch, in this repository. */
      branch: string;
      /** The pull request's head commit: the checkout must be it, or the push would carry other commits. */
      headSha: string;
    };

interface StampModeInput {
  check: boolean;
  commit: boolean;
  eventName: string;
  event: unknown;
}

export function decideStampMode(input: StampModeInput): StampMode {
  if (input.check) return { kind: "check" };
  if (!input.commit) return { kind: "write" };
  const fallBack = (why: string): StampMode => ({
    kind: "check",
    note: `commit: true, but ${why}: nothing is pushed; checking the stamps instead`,
  });
  if (input.eventName !== "pull_request") {
    return fallBack(
      input.eventName === "pull_request_target"
        ? "a pull_request_target run checks out the base branch, not the pull request's"
        : `this ${input.eventName || "run"} event has no pull request branch to commit to`,
    );
  }
  const untrusted = untrustedSource(input.eventName, input.event);
  if (untrusted) return fallBack(`this is ${untrusted} (its branch is not this repository's to push to)`);
  const head = field(field(input.event, "pull_request"), "head");
  const branch = field(head, "ref");
  const headSha = field(head, "sha");
  if (typeof branch !== "string" || !branch || typeof headSha !== "string" || !headSha) {
    return fallBack("the event names no pull request head branch and commit");
  }
  return { kind: "commit", branch, headSha };
}

/** The commit message: names config-rollout and the configs whose stamps changed. */
export function stampCommitMessage(configs: readonly string[]): string {
  const shown = configs.slice(0, 10).join(", ");
  const more = configs.length > 10 ? ` and ${configs.length - 10} more` : "";
  return (
    `config-rollout: stamp the config hash for ${shown || "the changed configs"}${more}\n\n` +
    "Written by `config-rollout stamp`: the pod templates carry config-rollout.io/config-hash of the\n" +
    "config content each workload reads, so the agent rolls them with this commit.\n"
  );
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
