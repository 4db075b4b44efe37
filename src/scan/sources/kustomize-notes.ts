// What the report says about kustomizations a run does not render: those in test or example
// directories, and those the range does not touch.

/** Touched kustomizations in test or example directories: named, so the user can ask for them. */
export function notDeployedNotes(dirs: string[]): string[] {
  if (dirs.length === 0) return [];
  const MAX_NAMED = 5;
  const named = dirs.slice(0, MAX_NAMED).join(", ");
  const more = dirs.length > MAX_NAMED ? ` and ${dirs.length - MAX_NAMED} more` : "";
  const what = dirs.length === 1 ? "1 kustomization" : `${dirs.length} kustomizations`;
  return [
    `${what} in test, example or docs directories not rendered (${named}${more}): name one with --kustomize DIR, or give --paths a glob that names its directory, to plan from it`,
  ];
}

/** A few untouched kustomizations are named; many are counted, so a monorepo's report stays short. */
export function untouchedNotes(labels: string[]): string[] {
  const MAX_NAMED = 5;
  if (labels.length <= MAX_NAMED) {
    return labels.map((label) => `${label}: not rendered, the range touches none of its files`);
  }
  const named = labels.slice(0, MAX_NAMED).map((label) => label.replace(/^kustomize /, ""));
  return [
    `${labels.length} kustomizations not rendered, the range touches none of their files (${named.join(", ")} and ${labels.length - MAX_NAMED} more)`,
  ];
}
