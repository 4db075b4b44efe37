// Issue 13 item 7: repository and cluster text reaches CI logs as text, never as a command.
import { describe, expect, test } from "vitest";
import { createGitHubLog, type WorkflowCommands } from "../../src/action/github-log.js";
import { createStderrLog } from "../../src/cli/stderr-log.js";
import { escapeForCiLog, escapeJsonForCiLog } from "../../src/report/ci-log-text.js";

const ZWSP = "\u200b";

describe("escapeForCiLog", () => {
  test.each([
    ["a workflow command at a line start", "deploy/a\n::error::pwned", `deploy/a\n:${ZWSP}:error::pwned`],
    ["after leading whitespace", "  ::set-output name=x::y", `  :${ZWSP}:set-output name=x::y`],
    ["the old ##[ prefix anywhere", "x ##[error]y", `x #${ZWSP}#[error]y`],
    ["ANSI colours", "\u001b[31mred\u001b[0m", "\\x1b[31mred\\x1b[0m"],
    ["a GitLab section marker", "\u001b[0Ksection_start:1:x\r", "\\x1b[0Ksection_start:1:x\\x0d"],
    ["a lone carriage return", "safe\roverwritten", "safe\\x0doverwritten"],
    ["a C1 CSI", "a\u009b31mb", "a\\x9b31mb"],
    ["CRLF becomes LF", "a\r\nb", "a\nb"],
    ["ordinary text is kept", "deployment/web: 2 of 3 updated\tok", "deployment/web: 2 of 3 updated\tok"],
    ["a colon pair inside a line is kept", "image: nginx::latest", "image: nginx::latest"],
  ])("%s", (_case, input, expected) => {
    expect(escapeForCiLog(input)).toBe(expected);
  });

  test("JSON stays the same JSON", () => {
    const value = { file: "x ##[error]y\n::error::z\u001b[0m" };
    const escaped = escapeJsonForCiLog(JSON.stringify(value, null, 2));
    expect(escaped).not.toContain("##[");
    expect(JSON.parse(escaped)).toEqual(value);
  });
});

describe("the logs escape everything they are given", () => {
  test("GitHub: info, debug, group titles, warnings and annotation paths", async () => {
    const lines: string[] = [];
    const commands: WorkflowCommands = {
      info: (m) => lines.push(m),
      debug: (m) => lines.push(m),
      warning: (m, p) => lines.push(m, p?.file ?? ""),
      startGroup: (n) => lines.push(n),
      endGroup: () => {},
    };
    const log = createGitHubLog(commands, { maxAnnotations: 2 });
    const evil = "x\n::error::pwned\u001b[31m";
    log.info(evil);
    log.debug(evil);
    await log.group(evil, async () => {});
    log.warn(evil, { file: evil, line: 1 });
    log.warn(evil, { file: evil, line: 2 }); // past the limit: a plain info line
    log.warn(evil, { file: evil, line: 3 });
    log.flush();
    expect(lines.length).toBeGreaterThan(6);
    for (const line of lines) {
      for (const part of line.split("\n")) expect(part.trimStart().startsWith("::")).toBe(false);
      expect(line).not.toContain("\u001b");
    }
  });

  test("CLI: stderr lines escaped, the tool's own colours kept", () => {
    let out = "";
    const log = createStderrLog({ debug: true, color: true, write: (t) => (out += t) });
    log.warn("bad\n::error::x\u001b[0Ksection_start:1:y", { file: "a\u001b[2J.yaml", line: 1 });
    log.info("\u001b]8;;https://evil\u0007link");
    expect(out).toContain("\u001b[33mwarning:\u001b[0m");
    expect(out.replaceAll("\u001b[33m", "").replaceAll("\u001b[0m", "")).not.toContain("\u001b");
    expect(out).not.toMatch(/^::/m);
  });
});
