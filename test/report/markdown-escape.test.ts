// Text from the repository or the cluster in the Markdown report (job summary, pull request comment):
// shown as written, never turned into markup, a link, a mention or a line of its own.
import { expect, test } from "vitest";
import { escapeMarkdown } from "../../src/report/report-markdown.js";

const ZWSP = "&#8203;";

test.each([
  ["plain deploy/app.yaml:12", "plain deploy/app.yaml:12"],
  ["<!-- config-rollout:plan id=x -->", "&lt;!-- config-rollout:plan id=x --&gt;"],
  ["<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
  ["&lt; stays literal", "&amp;lt; stays literal"],
  ["[click](https://evil.example)", `\\[click\\](https:${ZWSP}//evil.example)`],
  ["![pixel](x)", "!\\[pixel\\](x)"],
  ["visit www.evil.example or WWW.Evil.example", `visit www${ZWSP}.evil.example or WWW${ZWSP}.Evil.example`],
  ["ping @alice and @acme/admins", `ping @${ZWSP}alice and @${ZWSP}acme/admins`],
  ["mail me@evil.example", `mail me@${ZWSP}evil.example`],
  ["fixes #1 and acme/shop#2", `fixes #${ZWSP}1 and acme/shop#${ZWSP}2`],
  ["# not a heading", `#${ZWSP} not a heading`],
  ["a | b", "a \\| b"],
  ["*bold* _it_ `code` ~strike~ \\", `\\*bold\\* \\_it\\_ \\\`code\\\` \\~${ZWSP}strike\\~ \\\\`],
  [
    "$$x^2$$ and $HOME",
    "<span>&#36;</span><span>&#36;</span>x^2<span>&#36;</span><span>&#36;</span> and <span>&#36;</span>HOME",
  ],
  [":smile: at 12:100:3 and :+1:", `:${ZWSP}smile: at 12:${ZWSP}100:3 and :${ZWSP}+1:`],
  [
    'see !12, &34, %v1.0, ~bug, ~"a b", GH-56',
    `see !${ZWSP}12, &amp;${ZWSP}34, %${ZWSP}v1.0, \\~${ZWSP}bug, \\~${ZWSP}"a b", GH-${ZWSP}56`,
  ],
  ["100% & 5! ~ -x", "100% &amp; 5! \\~ -x"],
  ["- a list item", "\\- a list item"],
  ["  1. first", "1\\. first"],
  ["2) second", "2\\) second"],
  ["one\ntwo\r\nthree\rfour\u2028five", "one two three four five"],
])("%j", (text, markdown) => {
  expect(escapeMarkdown(text)).toBe(markdown);
});
