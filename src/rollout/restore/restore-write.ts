// How a config is written back to the base commit's content so that the deploy step's next apply
// converges: the write is the one the deploy step itself would send for the base commit, as the
// field manager that wrote the config last (its managedFields say who and how):
//
// - written by a server-side apply (operation Apply, e.g. `kubectl apply --server-side`, manager
//   kubectl): the same forced server-side apply of the base manifest, as that manager. The server
//   then gives it the base commit's fields and removes those it owned and no longer applies (the
//   failed commit's new keys), and keeps kubectl's annotation current where there is one: field
//   ownership is what an apply of the base commit leaves, so the next apply of any commit by that
//   manager meets no conflict and leaves no key behind.
// - written by an update (operation Update, e.g. `kubectl apply`, manager
//   kubectl-client-side-apply): the three-way patch that update would send, computed as kubectl
//   computes it (from the last-applied annotation, or the failed commit's manifest when there is
//   none, to the base manifest, against the live object), with the annotation set to the base
//   commit's, as that manager. A later `kubectl apply` reads the annotation, a later
//   `kubectl apply --server-side` takes over that manager's fields as from any client-side apply.
// - no manager recorded (an object written before field management, or by hand): client-side
//   apply's patch as kubectl-client-side-apply when kubectl's annotation is there, else a server-side
//   apply as config-rollout, the manager --apply writes as.

import { changedKeys, liveConfigContent } from "../../core/config-content.js";
import {
  arrayField,
  field,
  isRecord,
  type JsonObject,
  stringField,
  withoutServerFields,
} from "../../core/json-shape.js";
import type { ConfigContent } from "../../core/model.js";
import { LAST_APPLIED_ANNOTATION, lastAppliedOf, parseLastApplied } from "./last-applied.js";
import { threeWayPatch } from "./three-way-patch.js";

/** The field manager --apply writes configs as: the restore's when the live object names none. */
const OWN_FIELD_MANAGER = "config-rollout";

type RestoreWrite =
  | {
      /** A forced server-side apply of `body`, as `fieldManager`. */
      apply: JsonObject;
      fieldManager: string;
      /** Why this manager and this kind of write, for the report. */
      how: string;
    }
  | {
      /** A JSON merge patch (guarded by the live resourceVersion it carries), as `fieldManager`. */
      patch: JsonObject;
      fieldManager: string;
      how: string;
    }
  /** The live object already holds the base manifest's content and metadata: nothing to write. */
  | { unchanged: string }
  /** Why it cannot be written back (the report adds what to run by hand). */
  | { refused: string };

/**
 * The fields of managedFields that hold a config's content (a Secret applied with stringData is
 * recorded under f:stringData: the server folds it into data after tracking the fields).
 */
const CONTENT_FIELDS = ["f:data", "f:binaryData", "f:stringData"];
/** The field manager of client-side `kubectl apply`. */
const CLIENT_SIDE_APPLY = "kubectl-client-side-apply";

/**
 * The write that puts `live` back to `base` (the base commit's manifest of the config), `head` being
 * the failed commit's manifest of it. `namespace` is where the config lives.
 */
export function restoreWrite(
  live: JsonObject | undefined,
  base: { manifest: JsonObject; content: ConfigContent },
  head: JsonObject | undefined,
  namespace: string,
): RestoreWrite {
  if (!live) return { refused: "it is not on the cluster any more" };
  if (field(live, "immutable") === true && changedKeys(liveConfigContent(live), base.content).length > 0) {
    return { refused: "it is immutable (immutable: true): its content cannot be changed" };
  }
  const recorded = parseLastApplied(live);
  // No manager recorded, but kubectl's annotation: a client-side apply from before field management.
  const writer =
    lastContentWriter(live) ?? (recorded ? { manager: CLIENT_SIDE_APPLY, operation: "Update" } : undefined);
  const desired = withoutServerFields({
    ...base.manifest,
    metadata: { ...metadataOf(base.manifest), namespace },
  });
  if (!writer) {
    return {
      apply: desired,
      fieldManager: OWN_FIELD_MANAGER,
      how: `server-side apply as ${OWN_FIELD_MANAGER} (no field manager recorded on the live object)`,
    };
  }
  if (writer.operation === "Apply") {
    return { apply: desired, fieldManager: writer.manager, how: `server-side apply as ${writer.manager}` };
  }
  // An update: the three-way patch of a client-side apply, from what was last applied.
  const modified = recorded
    ? {
        ...desired,
        metadata: {
          ...metadataOf(desired),
          annotations: {
            ...annotationsOf(desired),
            [LAST_APPLIED_ANNOTATION]: lastAppliedOf(base.manifest, namespace),
          },
        },
      }
    : desired;
  const original = recorded ?? (head ? { ...head, metadata: { ...metadataOf(head), namespace } } : {});
  const patch = threeWayPatch(original, modified, live);
  if (Object.keys(patch).length === 0) return { unchanged: "it already holds the base commit's manifest" };
  const resourceVersion = stringField(field(live, "metadata"), "resourceVersion");
  return {
    patch: { ...patch, metadata: { ...metadataOf(patch), ...(resourceVersion ? { resourceVersion } : {}) } },
    fieldManager: writer.manager,
    how: `${recorded ? "client-side apply's three-way patch" : "merge patch"} as ${writer.manager}`,
  };
}

/**
 * The manager that last wrote the config's content, from managedFields: among the entries owning a
 * data or binaryData key, the latest (an Apply before an Update written at the same second).
 */
export function lastContentWriter(live: unknown): { manager: string; operation: string } | undefined {
  const entries = arrayField(field(live, "metadata"), "managedFields").filter(
    (entry) =>
      field(entry, "subresource") === undefined &&
      typeof field(entry, "manager") === "string" &&
      CONTENT_FIELDS.some((name) => isRecord(field(field(entry, "fieldsV1"), name))),
  );
  const rank = (entry: unknown) =>
    `${stringField(entry, "time") ?? ""}|${field(entry, "operation") === "Apply" ? 1 : 0}`;
  const latest = entries.sort((a, b) => rank(b).localeCompare(rank(a)))[0];
  if (!latest) return undefined;
  return {
    manager: stringField(latest, "manager")!,
    operation: stringField(latest, "operation") ?? "Update",
  };
}

function metadataOf(obj: unknown): JsonObject {
  const metadata = field(obj, "metadata");
  return isRecord(metadata) ? metadata : {};
}

function annotationsOf(obj: unknown): JsonObject {
  const annotations = field(field(obj, "metadata"), "annotations");
  return isRecord(annotations) ? annotations : {};
}
