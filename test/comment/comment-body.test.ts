import { describe, expect, test } from "vitest";
import { buildCommentBody, cutAtLine } from "../../src/comment/comment-body.js";

/** A report section of `rows` table rows of `width` characters; `maxRows` caps them as renderMarkdown does. */
function table(total: number, width: number) {
  return (maxRows: number) => {
    const rows = Array.from(
      { length: Math.min(total, maxRows) },
      (_, i) => `| ${String(i).padEnd(width, "x")} |`,
    );
    const more = total > maxRows ? [`… and ${total - maxRows} more workloads.`] : [];
    return ["### config-rollout", "", "| Workload |", "|---|", ...rows, ...more, ""].join("\n");
  };
}

const base = { id: "job", footer: "<sub>footer</sub>", cutNote: "_cut: see the job summary_" };

describe("buildCommentBody", () => {
  test("a body within the limit: the marker, the report as the job summary shows it, the footer", () => {
    const { body, cut } = buildCommentBody({ ...base, sections: [{ render: table(3, 4) }], limit: 10_000 });
    expect(cut).toBe(false);
    expect(body).toBe(
      "<!-- config-rollout:plan id=job -->\n\n### config-rollout\n\n| Workload |\n|---|\n| 0xxx |\n| 1xxx |\n| 2xxx |\n\n<sub>footer</sub>\n",
    );
  });

  test("over the limit: fewer rows, every row whole, the note saying where the rest is", () => {
    const { body, cut } = buildCommentBody({
      ...base,
      sections: [{ render: table(1000, 100) }],
      limit: 30_000,
    });
    expect(cut).toBe(true);
    expect(body.length).toBeLessThanOrEqual(30_000);
    expect(body).toContain("… and 800 more workloads.\n\n_cut: see the job summary_\n\n<sub>footer</sub>\n");
  });

  test("still over at ten rows: cut between lines, never inside a code block, note and footer kept", () => {
    const render = () =>
      [
        "### config-rollout",
        "",
        "```mermaid",
        ...Array.from({ length: 50 }, () => "x".repeat(50)),
        "```",
        "",
        ...Array.from({ length: 40 }, (_, i) => `| ${i} ${"y".repeat(200)} |`),
      ].join("\n");
    const { body, cut } = buildCommentBody({ ...base, sections: [{ render }], limit: 4_000 });
    expect(cut).toBe(true);
    expect(body.length).toBeLessThanOrEqual(4_000);
    expect(body.split("```")).toHaveLength(3);
    expect(body.endsWith("|\n\n_cut: see the job summary_\n\n<sub>footer</sub>\n")).toBe(true);
  });

  test("sections with a title each (one per cluster) get a heading of their own", () => {
    const { body } = buildCommentBody({
      ...base,
      sections: [
        { title: "cluster prod", render: () => "plan A\n" },
        { title: "cluster staging", render: () => "plan B\n" },
      ],
      limit: 1_000,
    });
    expect(body).toContain("## cluster prod\n\nplan A\n## cluster staging\n\nplan B\n");
  });
});

describe("cutAtLine", () => {
  test.each([
    ["a\nb\nc", 3, "a\nb"],
    ["a\nb\nc", 100, "a\nb\nc"],
    ["a\n```\nb\n```\nc", 8, "a"],
    ["a\n```\nb\n```\nc", 11, "a\n```\nb\n```"],
    ["long line", 4, ""],
  ])("%j within %i -> %j", (text, max, expected) => {
    expect(cutAtLine(text, max)).toBe(expected);
  });
});
