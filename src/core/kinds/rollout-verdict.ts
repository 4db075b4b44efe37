// What one observation of a workload (a listed object, a watch event) means for the rollout the
// run is following: finished one way or another, or still waiting with kubectl's status line. Pure:
// the wait stage (rollout/wait.ts) feeds it what the watch shows.

import { field } from "../json-shape.js";
import { formatId, type ObjectId } from "../model.js";
import { WORKLOAD_GENERATION_ANNOTATION } from "./argo-rollout-status.js";
import { specUpdateMessage } from "./rollout-status.js";
import { rolloutStatus } from "./workload-kinds.js";

type Plain = Record<string, unknown>;

/** The rollout a restart started: where its observations count from. */
export interface FollowedRollout {
  id: ObjectId;
  /** metadata.generation our patch produced: older observations of the object do not count. */
  generation?: number;
  /** The object as our patch (or a read) returned it: its uid tells a replacement from it. */
  object?: Plain;
  /**
   * For a workload restarted through the object whose template it runs (Argo's workloadRef): that
   * object's generation after our patch. Until the workload says it saw it, its status is old news.
   */
  templateOwnerGeneration?: number;
}

export type RolloutEnd = "done" | "paused" | "failed" | "not-waitable" | "deleted";

type RolloutVerdict = { end: RolloutEnd; message: string } | { waiting: string };

/** What `obj` (the workload as the API server shows it now, with its kind) says about `rollout`. */
export function rolloutVerdict(rollout: FollowedRollout, obj: Plain): RolloutVerdict {
  const uid = field(field(obj, "metadata"), "uid");
  const followedUid = field(field(rollout.object, "metadata"), "uid");
  // Same name, another object: ours was deleted (and replaced) since our patch.
  if (typeof uid === "string" && typeof followedUid === "string" && uid !== followedUid)
    return { end: "deleted", message: `${formatId(rollout.id)} was deleted` };
  const generation = field(field(obj, "metadata"), "generation");
  const expected = rollout.generation;
  // An observation older than our patch (a lagging cache) says nothing about our rollout.
  const status =
    (expected !== undefined && typeof generation === "number" && generation < expected) ||
    ownerChangeUnseen(obj, rollout.templateOwnerGeneration)
      ? { done: false, message: specUpdateMessage(rollout.id.kind) }
      : rolloutStatus(obj);
  if (status.notWaitable) return { end: "not-waitable", message: status.message };
  if (status.error) return { end: "failed", message: status.message };
  if (status.paused) return { end: "paused", message: status.message };
  if (status.done) return { end: "done", message: status.message };
  return { waiting: status.message };
}

/** Argo records the referenced workload's generation it has seen in an annotation on the Rollout. */
function ownerChangeUnseen(obj: Plain, ownerGeneration: number | undefined): boolean {
  if (ownerGeneration === undefined) return false;
  const seen = Number.parseInt(
    String(field(field(field(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10,
  );
  return !(seen >= ownerGeneration);
}
