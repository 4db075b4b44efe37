// A cheap guess, from raw text, at the names of the ConfigMaps and Secrets a YAML file defines: it
// lets the one `git grep` for consumers start before any file is parsed. Only a guess: the caller
// compares it with the names the parser finds and searches again when they differ, so an unusual
// layout (flow style, JSON, anchors) costs time, never correctness.

const DOCUMENT_SEPARATOR = /^---[^\S\n]*(?:#.*)?$/m;
const CONFIG_KIND = /^kind:[^\S\n]*["']?(?:ConfigMap|Secret)["']?[^\S\n]*(?:#.*)?$/m;
const METADATA_BLOCK = /^metadata:[^\S\n]*\n((?:(?:[^\S\n]+.*)?\n?)*)/m;
const NAME_LINE = /^([^\S\n]+)name:[^\S\n]*["']?([^"'\s#]+)["']?[^\S\n]*(?:#.*)?$/gm;

export function configNamesInText(text: string): string[] {
  const names: string[] = [];
  for (const document of text.split(DOCUMENT_SEPARATOR)) {
    if (!CONFIG_KIND.test(document)) continue;
    const block = METADATA_BLOCK.exec(document)?.[1];
    if (!block) continue;
    // metadata.name is the least indented `name:` of the block (labels may hold deeper ones).
    let best: { indent: number; name: string } | undefined;
    for (const match of block.matchAll(NAME_LINE)) {
      const indent = match[1]!.length;
      if (!best || indent < best.indent) best = { indent, name: match[2]! };
    }
    if (best) names.push(best.name);
  }
  return names;
}
