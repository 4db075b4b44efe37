import { execFileSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  grepPatternLines,
  type PatternSyntax,
  patternSyntaxFor,
  SYNTAX_FLAG,
} from "../../src/git/grep-patterns.js";
import { grepThreads, resetPerlAvailability, runGrep } from "../../src/git/run-grep.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { DEFAULTS } from "../helpers/settings.js";

// Needles spelled with every character a regular expression treats specially, and for each a file
// holding what the needle would match as a pattern but not as a literal: a needle must find only
// the file that holds it, letter for letter.
const NEEDLES = [
  "a.b",
  "c+d",
  "(e)",
  "[f]",
  "g*h",
  "i?j",
  "{k}",
  "l|m",
  "^n",
  "o$",
  "p\\q",
  "r s#t",
  "u/v'w\"x",
  "y-z_0~!@%&=<>,;:`",
  "\\d",
  "\\Qlit\\E",
];
const DECOYS = [
  "aXb",
  "cdd",
  "e",
  "f",
  "gggh",
  "ij",
  "kk",
  "l",
  "m",
  "n",
  "o",
  "pq",
  "r s",
  "u/v",
  "y-z_0",
  "7",
  "lit",
];

describe("git grep with many names at once", () => {
  let repo: TempRepo;
  let head: string;
  let contents: Map<string, string>;

  beforeAll(async () => {
    repo = await createTempRepo();
    contents = new Map();
    for (const [i, needle] of NEEDLES.entries())
      contents.set(`holds/${i}.yaml`, `data:\n  key: x${needle}x\n`);
    for (const [i, decoy] of DECOYS.entries()) contents.set(`decoys/${i}.yaml`, `${decoy}\n`);
    contents.set("präferenzen.yaml", "name: präferenzen\n");
    for (const [path, text] of contents) await repo.write(path, text);
    head = await repo.commit("files");
  });
  afterAll(async () => {
    await repo.cleanup();
  });
  afterEach(() => resetPerlAvailability());

  /** The files holding any of `needles` literally: what every syntax must find. */
  const holding = (needles: readonly string[]) =>
    [...contents].filter(([, text]) => needles.some((n) => text.includes(n))).map(([path]) => path);

  const search = async (needles: readonly string[]) => {
    const found: string[] = [];
    await runGrep(
      repo.dir,
      { needles, rev: head, pathspecs: [], idleTimeoutMs: DEFAULTS.gitTimeoutMs },
      (name) => found.push(name.slice(head.length + 1)),
    );
    return found.sort();
  };

  test.each<PatternSyntax>(["perl", "extended", "fixed"])(
    "%s patterns find exactly the files holding a needle",
    (syntax) => {
      for (const needles of [NEEDLES, ...NEEDLES.map((n) => [n])]) {
        const lines = grepPatternLines(needles, syntax);
        const output = execFileSync("git", ["grep", "-z", "-l", SYNTAX_FLAG[syntax], "-f", "-", head, "--"], {
          cwd: repo.dir,
          input: `${lines.join("\n")}\n`,
          env: { ...process.env, LC_ALL: "C" },
        }).toString();
        const found = output
          .split("\0")
          .filter(Boolean)
          .map((name) => name.slice(head.length + 1));
        expect(found.sort(), `${syntax}: ${needles.join(" ")}`).toEqual(holding(needles).sort());
      }
    },
  );

  test("thousands of names make a few alternations, each within what PCRE2 compiles", () => {
    const names = Array.from({ length: 6000 }, (_, i) => `t${i % 50}-svc${i}-config`);
    for (const syntax of ["perl", "extended"] as const) {
      const lines = grepPatternLines(names, syntax);
      expect(lines.length).toBeLessThan(30);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(8000);
      expect(lines.join("|").split("|")).toHaveLength(6000);
    }
    expect(grepPatternLines(names, "fixed")).toEqual(names);
  });

  test("names beyond printable ASCII are searched as fixed strings", async () => {
    expect(patternSyntaxFor(["app-config"], true)).toBe("perl");
    expect(patternSyntaxFor(["app-config"], false)).toBe("extended");
    expect(patternSyntaxFor(["app-config", "präferenzen"], true)).toBe("fixed");
    expect(patternSyntaxFor(["tab\there"], true)).toBe("fixed");
    expect(await search(["präferenzen", "a.b"])).toEqual(["holds/0.yaml", "präferenzen.yaml"]);
  });

  test.each([
    "fatal: cannot use Perl-compatible regexes when not compiled with USE_LIBPCRE",
    "fatal: Couldn't JIT the PCRE2 pattern 'a|b', got '-48'",
    "fatal: In '-' at 1, 'a|b': regular expression is too large",
  ])("6,000 names are one search; where git says %j to -P, extended patterns instead", async (refusal) => {
    // A git on PATH that refuses -P as such a git does, and logs every command.
    const bin = await mkdtemp(join(tmpdir(), "no-pcre-git-"));
    const log = join(bin, "calls.log");
    const realGit = execFileSync("sh", ["-c", "command -v git"]).toString().trim();
    await writeFile(join(bin, "refusal.txt"), `${refusal}\n`);
    await writeFile(
      join(bin, "git"),
      [
        "#!/bin/sh",
        `printf '%s\\n' "$*" >> '${log}'`,
        'case " $* " in *" -P "*)',
        `  cat '${join(bin, "refusal.txt")}' >&2; exit 128;;`,
        "esac",
        `exec '${realGit}' "$@"`,
        "",
      ].join("\n"),
    );
    await chmod(join(bin, "git"), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const names = [...Array.from({ length: 6000 }, (_, i) => `no-such-config-${i}`), ...NEEDLES];
      expect(await search(names)).toEqual(holding(NEEDLES).sort());
      expect(await search(["(e)"])).toEqual(["holds/2.yaml"]);
      const calls = (await readFile(log, "utf8"))
        .trim()
        .split("\n")
        .filter((line) => line.includes(" grep "));
      // -P refused once, then remembered: every search after it is one -E command.
      expect(
        calls.map((line) => (line.includes(" -P ") ? "-P" : line.includes(" -E ") ? "-E" : "other")),
      ).toEqual(["-P", "-E", "-E"]);
      // Each search leaves a core to this process, which parses what git finds while git searches.
      for (const call of calls) expect(call).toContain(` --threads=${grepThreads()} `);
    } finally {
      process.env.PATH = path;
      await rm(bin, { recursive: true, force: true });
    }
  });

  test("git searches with one thread per core but one, and at least one", () => {
    expect([1, 2, 4, 16].map((cores) => grepThreads(cores))).toEqual([1, 1, 3, 15]);
  });

  test("a failing search still says why", async () => {
    const missing = "0".repeat(40);
    await expect(
      runGrep(
        repo.dir,
        { needles: ["a.b"], rev: missing, pathspecs: [], idleTimeoutMs: DEFAULTS.gitTimeoutMs },
        () => {},
      ),
    ).rejects.toThrow(/git grep failed|not a (valid|tree)/);
  });
});
