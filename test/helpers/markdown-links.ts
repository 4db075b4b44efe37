// The relative links of a markdown document and the anchors of its headings, as GitHub reads them:
// the docs link test checks the repository's documents with them, the packed-package test the README
// as npm installs it.

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fence = !fence;
    const heading = !fence && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/`/g, "")
      .replace(/[^\p{L}\p{N}\- _]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * The relative links of a markdown text, outside code: [text](target), the text wrapped across lines
 * or not. Read a paragraph at a time (a link never spans a blank line), so a wrapped link is seen whole.
 */
export function linksOf(markdown: string): string[] {
  const links: string[] = [];
  let fence = false;
  let paragraph: string[] = [];
  const flush = () => {
    const text = paragraph.join("\n").replace(/`[^`]*`/g, "");
    for (const match of text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (!/^[a-z][a-z+.-]*:/i.test(target)) links.push(target);
    }
    paragraph = [];
  };
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) {
      flush();
      fence = !fence;
      continue;
    }
    if (fence) continue;
    if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  return links;
}
