// Where a versioned workload whose new copy failed goes back to: the config it last ran before
// this change, found in its revision history (ReplicaSets, ControllerRevisions), not the name its
// live template held when the run started. In the pipeline "apply, then config-rollout" the apply
// has already pointed the template back at the in-place config and overwritten that config with
// the new (bad) content; returning to that name would return to the failure. So the revisions are
// walked from the newest down, and the first config of the source that still exists and holds
// other content than the failed copy is the target.

import { field, stringField } from "../../core/json-shape.js";
import { podTemplateOf } from "../../core/kinds/workload-kinds.js";
import type { ConfigKind } from "../../core/model.js";
import { podSpecOfHolder } from "./prunable-copies.js";
import { referenceSites } from "./repoint.js";

/** One revision of a workload: its number and the pod spec it ran. */
export interface HistoryRevision {
  revision: number;
  podSpec: unknown;
}

/** What the cluster says about one changed source of one failed workload. */
export interface SourceFacts {
  kind: ConfigKind;
  /** The source config's name (the in-place object). */
  source: string;
  /** The copy this run repointed to, whose rollout failed. */
  failing: string;
  /** The managed copies of the source on the cluster before this run: name -> commit copied at. */
  copies: ReadonlyMap<string, string>;
  /**
   * The in-place object against the failed copy: "same" when an apply wrote the new content into
   * it; undefined when it could not be read (then it qualifies, as the name the template held).
   */
  inPlace: "differs" | "same" | "gone" | undefined;
}

export type RollbackTarget =
  | {
      name: string;
      commit?: string;
      found: "history" | "before";
      /**
       * The in-place config holds the failed content too (no config with other content was
       * found): returning to it still ends the failed rollout, and the pods still running keep the
       * config they started with, but a new pod would read the failed content.
       */
      sameContent?: true;
    }
  | { none: string };

/** How a revision-history holder numbers itself: a ReplicaSet's annotation, a ControllerRevision's field. */
type RevisionOf = (holder: unknown) => number | undefined;

/** The holders a workload controls (by its UID), newest revision first, as revisions. */
export function revisionHistory(
  holders: unknown[],
  ownerUid: string,
  revisionOf: RevisionOf,
): HistoryRevision[] {
  const revisions: HistoryRevision[] = [];
  for (const holder of holders) {
    if (!isControlledBy(holder, ownerUid)) continue;
    const revision = revisionOf(holder);
    const podSpec =
      field(holder, "kind") === "ControllerRevision" ? podSpecOfHolder(holder) : podTemplateOf(holder)?.spec;
    if (revision !== undefined && podSpec !== undefined) revisions.push({ revision, podSpec });
  }
  return revisions.sort((a, b) => b.revision - a.revision);
}

/**
 * The config one source of a failed workload returns to. Candidates in order: the names the
 * revisions give the source (or a copy of it), newest revision first; then, when the history
 * offers none (unreadable, or trimmed by revisionHistoryLimit), the names the template held before
 * this run. A candidate qualifies when it still exists and holds other content than the failed copy.
 */
export function rollbackTarget(
  facts: SourceFacts,
  history: readonly HistoryRevision[] | undefined,
  before: readonly string[],
): RollbackTarget {
  const rejected = new Map<string, string>();
  const qualifies = (name: string): boolean => {
    if (name === facts.failing) return false;
    if (name === facts.source) return facts.inPlace !== "same" && facts.inPlace !== "gone";
    return facts.copies.has(name);
  };
  const reject = (name: string) => {
    if (name === facts.failing || rejected.has(name)) return;
    const why =
      name === facts.source && facts.inPlace === "same"
        ? "holds the same content as the failed copy"
        : "no longer exists";
    rejected.set(name, `${facts.kind.toLowerCase()}/${name} ${why}`);
  };
  for (const revision of history ?? []) {
    for (const name of namesOfSource(revision.podSpec, facts)) {
      if (qualifies(name)) return { name, commit: facts.copies.get(name), found: "history" };
      reject(name);
    }
  }
  for (const name of before) {
    if (qualifies(name)) return { name, commit: facts.copies.get(name), found: "before" };
    reject(name);
  }
  // No config with other content: the in-place config the template named before, holding the same
  // content, still ends the failed rollout (the running pods keep what they started with).
  if (facts.inPlace === "same") {
    const named = (history ?? []).some((r) => namesOfSource(r.podSpec, facts).includes(facts.source));
    if (named || before.includes(facts.source))
      return { name: facts.source, found: named ? "history" : "before", sameContent: true };
  }
  const what = `${facts.kind.toLowerCase()}/${facts.source}`;
  const tried =
    rejected.size === 0 ? [`no earlier revision names ${what} or a copy of it`] : [...rejected.values()];
  if (history === undefined) tried.push("its revision history could not be read");
  return { none: `no earlier config of ${what} to return to (${tried.join("; ")})` };
}

/** The distinct names a pod spec gives the source or copies of it, in document order. */
function namesOfSource(podSpec: unknown, facts: SourceFacts): string[] {
  const names = referenceSites(podSpec)
    .filter((site) => site.configKind === facts.kind && isSourceOrCopy(site.name, facts.source))
    .map((site) => site.name);
  return [...new Set(names)];
}

/** The source's own name, or `<source>-<10 hex digits>` (a copy, existing or not). */
function isSourceOrCopy(name: string, source: string): boolean {
  return (
    name === source || (name.startsWith(`${source}-`) && /^[0-9a-f]{10}$/.test(name.slice(source.length + 1)))
  );
}

function isControlledBy(holder: unknown, uid: string): boolean {
  const owners = field(field(holder, "metadata"), "ownerReferences");
  return (
    Array.isArray(owners) &&
    owners.some((owner) => stringField(owner, "uid") === uid && field(owner, "controller") === true)
  );
}
