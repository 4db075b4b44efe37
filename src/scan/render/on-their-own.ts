// Step: when kustomize refuses a root at both commits, what only it included would be planned from
// nothing. Those kustomizations are rendered on their own, as if nothing included them (a base
// whose only overlay has a patch kustomize refuses still deploys its own objects when built), round
// after round while the new roots fail too; each gets a note naming the includers that fail.
import { joinRendered, type RenderedObjects, type RenderedSource } from "./source-model.js";

export type OnTheirOwn = (
  broken: readonly RenderedSource[],
) => Array<{ source: RenderedSource; brokenIncluders: string[] }>;

export async function renderOnTheirOwn(
  sources: RenderedSource[],
  render: (some: RenderedSource[]) => Promise<RenderedObjects>,
  onTheirOwn: OnTheirOwn | undefined,
  /** The report's notes about sources: one is added per source planned on its own. */
  notes: string[],
): Promise<RenderedObjects> {
  let rendered = await render(sources);
  let batch = sources;
  for (;;) {
    const broken = batch.filter((source) => rendered.unbuilt?.get(source.label) === "both");
    const next = broken.length > 0 && onTheirOwn ? onTheirOwn(broken) : [];
    if (next.length === 0) return rendered;
    batch = next.map(({ source }) => source);
    const more = await render(batch);
    for (const { source, brokenIncluders } of next) {
      const includers = brokenIncluders.map((dir) => dir || ".").join(", ");
      const built = more.unbuilt?.get(source.label);
      const outcome =
        built === undefined
          ? "rendered at both commits"
          : `cannot be built at ${built === "both" ? "either commit" : "the base commit"} either (see the notes)`;
      notes.push(
        `${source.label}: planned on its own, as nothing that includes it builds (kustomize cannot build ${includers} at either commit); ${outcome}`,
      );
    }
    rendered = joinRendered(rendered, more);
  }
}
