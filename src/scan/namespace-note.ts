// A manifest without metadata.namespace goes wherever `kubectl apply` is pointed; the tool assumes
// --namespace. The plan says so for the objects it acts on, instead of deciding silently.
import { idKey, type ObjectId, type PlannedWorkload } from "../core/model.js";
import type { RepositoryScan } from "./scan-model.js";

const MAX_LISTED = 5;

export function assumedNamespaceNote(
  scan: Pick<RepositoryScan, "changes" | "assumedNamespace">,
  workloads: PlannedWorkload[],
  namespace: string,
): string | undefined {
  const ids: ObjectId[] = [...scan.changes.map((c) => c.id), ...workloads.map((w) => w.id)];
  const names = [
    ...new Set(
      ids
        .filter((id) => scan.assumedNamespace.has(idKey(id)))
        .map((id) => `${id.kind.toLowerCase()}/${id.name}`),
    ),
  ];
  if (names.length === 0) return undefined;
  const listed =
    names.length > MAX_LISTED
      ? `${names.slice(0, MAX_LISTED).join(", ")} and ${names.length - MAX_LISTED} more`
      : names.join(", ");
  return `namespace ${JSON.stringify(namespace)} (--namespace) was assumed for ${listed}: their manifests name no namespace`;
}
