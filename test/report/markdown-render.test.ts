// What GitHub and GitLab show of pod text in the job summary and `-o markdown`: the report rendered
// by a real Markdown parser with math on (`$…$` and `$$…$$` as GitHub writes math, `$`…`$` and
// ```math as GitLab does), and the pod's words found literally in the rendered text — no formula,
// no list, no heading, no emoji, no reference, no strikethrough.
import MarkdownIt from "markdown-it";
import texmath from "markdown-it-texmath";
import { expect, test } from "vitest";
import { fitSummary } from "../../src/action/job-summary.js";
import type { RunReport } from "../../src/core/run-result.js";
import { renderReport } from "../../src/report/render-report.js";

/** Every formula the parser finds is rendered as <math-found>, so none can go unnoticed. */
const markdown = new MarkdownIt({ html: true }).use(texmath, {
  engine: { renderToString: (tex: string) => `<math-found>${tex}</math-found>` },
  delimiters: ["dollars", "gitlab"],
});

/** The text a reader sees: tags dropped, entities decoded, the invisible zero-width spaces removed. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#36;", "$")
    .replaceAll("&amp;", "&")
    .replaceAll("\u200b", "");
}

const POD_TEXT = [
  "price $$x^2$$ is $5 or $HOME and $`y`$",
  "1. not a list, - nor this, :smile: :100:",
  "~label !12 &34 %v1 @admin #9 GH-7 ~~gone~~",
];

function failedReport(): RunReport {
  const id = { kind: "Deployment", namespace: "shop", name: "web" };
  return {
    plan: {
      base: "a".repeat(40),
      head: "b".repeat(40),
      rangeNote: "test",
      changes: [],
      workloads: [{ id, action: "restart", reason: "consumes", references: [], source: "repo" }],
      problems: [],
      warnings: [],
    },
    results: [
      {
        id,
        restart: "restarted",
        rollout: "failed",
        message: `pod web-1 container app: CrashLoopBackOff (last exit code 1: ${POD_TEXT[0]})`,
        cause: {
          pod: "web-1",
          container: "app",
          reason: "CrashLoopBackOff",
          restartCount: 3,
          lastTermination: { exitCode: 1, message: POD_TEXT[0] },
          events: [POD_TEXT[1]!],
          log: [POD_TEXT[2]!, "- starts like a list item", "2) and an ordered one"],
        },
      },
    ],
    outcome: "failed",
    dryRun: "none",
  };
}

test.each([
  ["the job summary", () => fitSummary(failedReport())],
  ["-o markdown", () => renderReport(failedReport(), "markdown")],
])("%s: pod text renders as the literal text, never as math or markup", (_, render) => {
  const source = render();
  const html = markdown.render(source);
  expect(html).not.toContain("<math-found>");
  for (const tag of ["<ol", "<h1", "<h2", "<del", "<s>", "<a ", "<img", "<code"])
    expect(html, `${tag} in ${html}`).not.toContain(tag);
  const shown = shownText(html);
  for (const text of POD_TEXT) expect(shown).toContain(text);
  expect(shown).toContain("- starts like a list item");
  expect(shown).toContain("2) and an ordered one");
  // No `$` reaches the Markdown source unescaped: GitLab renders math after Markdown too.
  expect(source.replaceAll("<span>&#36;</span>", "")).not.toContain("$");
});
