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
  ["*bold* _it_ `code` ~strike~ \\", "\\*bold\\* \\_it\\_ \\`code\\` \\~strike\\~ \\\\"],
  ["one\ntwo\r\nthree\rfour\u2028five", "one two three four five"],
])("%j", (text, markdown) => {
  expect(escapeMarkdown(text)).toBe(markdown);
});
