// markdown-it-texmath ships no types: the plugin as the markdown rendering test uses it.
declare module "markdown-it-texmath" {
  import type MarkdownIt from "markdown-it";

  const texmath: (
    md: MarkdownIt,
    options: { engine: { renderToString(tex: string): string }; delimiters: string[] },
  ) => void;
  export default texmath;
}
