// What the range touched that a plan could not read, gathered from the scan's problems and source
// warnings (each marks itself `unread`), and how a headline names it. A plan with any is
// incomplete: "Nothing changed" would be a claim about files nobody read.
import type { ManifestProblem, UnreadSource } from "../core/model.js";
import type { SourceWarning } from "../scan/sources/source-warning.js";

/** One entry per file and reason, in the order found. */
export function unreadSourcesOf(
  problems: readonly ManifestProblem[],
  warnings: readonly SourceWarning[],
): UnreadSource[] {
  const seen = new Set<string>();
  const unread: UnreadSource[] = [];
  const items = [
    ...warnings.flatMap((w) => [w, ...(w.more ?? []).map((file) => ({ ...w, file }))]),
    ...problems,
  ];
  for (const item of items) {
    if (item.unread === undefined) continue;
    const key = `${item.file}\0${item.unread}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unread.push({ file: item.file, why: item.unread });
  }
  return unread;
}

const MAX_NAMED = 5;

/** `a.yaml (over --max-file-size), charts/web/Chart.yaml (Helm chart, not rendered) and 2 more`. */
export function describeUnread(unread: readonly UnreadSource[]): string {
  const named = unread.slice(0, MAX_NAMED).map((u) => `${u.file} (${u.why})`);
  const more = unread.length > MAX_NAMED ? ` and ${unread.length - MAX_NAMED} more` : "";
  return `${named.join(", ")}${more}`;
}
