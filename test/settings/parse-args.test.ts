// The command line as parsed per command: typo hints name the nearest flag the command takes, a
// misspelt subcommand is named, and a flag of the other command is refused instead of ignored.
import { describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { commandHelpText, helpText } from "../../src/settings/help.js";
import { appliesTo, inBriefHelp, listedFor } from "../../src/settings/option-spec.js";
import { OPTIONS } from "../../src/settings/options.js";
import { parseArgs } from "../../src/settings/parse-args.js";
import { runInProcess } from "../helpers/run-cli.js";

const usageError = (argv: string[], command: "run" | "stamp" | "sync" = "run"): string => {
  const { error } = parseArgs(argv, command);
  if (error === undefined) throw new Error(`${argv.join(" ")} parsed`);
  expect(error).toBeInstanceOf(UserError);
  return error.message;
};

describe("typo hints: the nearest flag, ties to the earlier row", () => {
  test.each([
    // --help and --version are candidates; a swapped pair of letters is one edit.
    ["--hlep", "--help"],
    ["--verison", "--version"],
    // A flag one edit away beats an earlier row two edits away.
    ["--kep", "--keep"],
    ["--namspaces", "--namespaces"],
    ["--contxt", "--context"],
    // Equally near: the earlier row.
    ["--namespacs", "--namespace"],
    ["--stratgy", "--strategy"],
  ])("%s suggests %s", (typo, flag) => {
    expect(usageError([typo])).toBe(
      `unknown flag ${typo} (did you mean ${flag}?); see config-rollout run --help`,
    );
  });

  test("nothing near: no guess", () => {
    expect(usageError(["--frobnicate"])).toBe("unknown flag --frobnicate; see config-rollout run --help");
  });

  test("stamp suggests only stamp's flags", () => {
    expect(usageError(["--chek"], "stamp")).toMatch(
      /did you mean --check\?\); see config-rollout stamp --help/,
    );
    expect(usageError(["--hlep"], "stamp")).toMatch(/did you mean --help\?/);
    // --strategy is not stamp's: no hint that would lead to the next error.
    expect(usageError(["--stratgy"], "stamp")).toBe(
      "unknown flag --stratgy; see config-rollout stamp --help",
    );
  });

  test("a misspelt subcommand: did you mean stamp?", () => {
    expect(usageError(["stmap"])).toBe(
      'unknown command "stmap" (did you mean stamp?); see config-rollout --help',
    );
    expect(usageError(["deploy"])).toMatch(/unexpected argument "deploy"/);
    // Not the first word: a stray value, not a command.
    expect(usageError(["--base", "main", "stmap"])).toMatch(/unexpected argument "stmap"/);
  });
});

describe("a value left out, a flag given twice", () => {
  const valueFlags = OPTIONS.filter((o) => o.type !== "boolean" && !("switch" in o));

  // QA: `--exclude --dry-run` took --dry-run as the value, and the run wrote to the cluster.
  test("every flag that takes a value refuses a flag in its place, naming both", () => {
    for (const option of valueFlags) {
      const command = appliesTo(option, "run") ? "run" : appliesTo(option, "stamp") ? "stamp" : "sync";
      for (const next of ["--dry-run", "--no-wait", "--output=json", "--help", "-o", "-h", "-V"]) {
        const flag = `--${option.name}`;
        expect(usageError([flag, next], command)).toBe(
          `${flag} needs a value: ${next} after it is a flag (a value that starts with "-" is written ${flag}=VALUE)`,
        );
      }
    }
    expect(usageError(["-n", "--dry-run"])).toMatch(/^-n needs a value: --dry-run after it is a flag/);
    expect(usageError(["--exclude"])).toBe("--exclude needs a value");
  });

  test("a value that starts with '-' but is no flag of ours is taken; --flag=VALUE takes any", () => {
    expect(parseArgs(["--render", "-x", "--exclude=--odd/**"]).values).toEqual({
      render: "-x",
      exclude: "--odd/**",
    });
  });

  // QA: `--context staging --context sim` used sim and dropped staging without a word.
  test.each([
    [["--context", "a", "--context", "b"], "--context is given twice"],
    [["--dry-run", "maybe", "--dry-run"], "--dry-run is given twice"],
    [["-o", "json", "--output=text"], "--output and -o set the same option"],
    [["--apply", "--no-apply"], "--no-apply and --apply set the same option"],
  ])("%j: a usage error naming it", (argv, said) => {
    expect(usageError(argv)).toBe(`${said}: it takes one value; give it once`);
  });

  test("a list flag given again adds to the list", () => {
    const { values, error } = parseArgs(["--paths", "a/**,b/**", "--paths=c/**", "--namespaces", "shop"]);
    expect(error).toBeUndefined();
    expect(values).toEqual({ paths: "a/**,b/**\nc/**", namespaces: "shop" });
  });
});

describe("each command takes the flags it reads", () => {
  test.each([
    [["--timeout", "5m"]],
    [["--strategy", "env"]],
    [["--strategy=env"]],
    [["--no-wait"]],
    [["--kubeconfig", "/tmp/k"]],
    [["--dry-run"]],
  ])("stamp %j: a usage error naming the flag and the main run", (argv) => {
    const flag = argv[0]!.split("=")[0]!;
    expect(usageError(argv, "stamp")).toBe(
      `${flag} applies to the main run only (config-rollout [run] [flags]), not to \`config-rollout stamp\`; see config-rollout stamp --help`,
    );
  });

  test("the main run refuses stamp's own flags, naming the stamp command", () => {
    expect(usageError(["--changed-only"])).toBe(
      "--changed-only is a flag of `config-rollout stamp`: run `config-rollout stamp --changed-only`",
    );
  });

  test("stamp takes every flag stamp reads", () => {
    const argv = [
      ...["--base", "HEAD~1", "--head", "HEAD", "--repo", ".", "-n", "shop"],
      ...["--paths", "k8s/**", "--exclude", "x/**", "--kustomize", "none", "--render", "true"],
      ...["--hash-key", "k", "-o", "json", "--max-file-size", "10", "--git-timeout", "1m"],
      ...["--render-timeout", "1m", "--allow-remote-kustomize", "--strict", "--debug"],
      ...["--check", "--changed-only"],
    ];
    const stampFlags = OPTIONS.filter((o) => appliesTo(o, "stamp")).map((o) => o.name);
    expect(Object.keys(parseArgs(argv, "stamp").values).sort()).toEqual([...stampFlags].sort());
  });
});

describe("--help", () => {
  test("the top level: every command on one line, how to get a command's help, at most 60 lines", () => {
    const help = helpText();
    expect(help.split("\n").length).toBeLessThanOrEqual(60);
    for (const command of ["run", "stamp", "sync"])
      expect(help).toMatch(new RegExp(`^  ${command} +\\S.*$`, "m"));
    expect(help).toContain("config-rollout <command> --help");
    expect(help).toContain("config-rollout <command> --help all");
    expect(help).toMatch(/^ {2}config-rollout --dry-run$/m);
    // No flag list: that is each command's.
    expect(listedFlags(help)).toEqual(["help", "version"]);
  });

  test("run --help all: grouped under headings in order, every flag of the main run once, examples first", () => {
    const help = commandHelpText("run", true);
    const headings = [...help.matchAll(/^([A-Z][A-Za-z]*)( \(.*\))?:$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      "Examples",
      ...["Basics", "Sources", "Cluster", "Strategy", "Output", "Limits", "CI"],
      "Help",
    ]);
    expect(help.indexOf("Examples:")).toBeLessThan(help.indexOf("--base REV"));
    const runFlags = OPTIONS.filter((o) => appliesTo(o, "run")).map((o) => o.name);
    expect(listedFlags(help).sort()).toEqual([...runFlags, "help"].sort());
    expect(runFlags).not.toContain("check");
  });

  // QA: run --help was 110 lines, sync's 66, stamp's 61: no one read them; then run's 50.
  test.each(["run", "stamp", "sync"] as const)(
    "%s --help fits one screen: at most 40 lines, the table's brief flags, where every flag is",
    (command) => {
      const help = commandHelpText(command);
      expect(help.trimEnd().split("\n").length).toBeLessThanOrEqual(40);
      const brief = OPTIONS.filter((o) => inBriefHelp(o, command)).map((o) => o.name);
      expect(brief.length).toBeGreaterThanOrEqual(5);
      expect(listedFlags(help).sort()).toEqual(brief.sort());
      const all = OPTIONS.filter((o) => listedFor(o, command)).length;
      expect(help).toMatch(
        new RegExp(
          `^All ${all} flags: config-rollout ${command} --help all, or docs/reference/${command}\\.md\\.$`,
          "m",
        ),
      );
      for (const heading of ["Usage:", "Examples:", "Exit codes:"]) expect(help).toContain(heading);
    },
  );

  test.each(["run", "stamp", "sync"] as const)(
    "%s --help all: every flag it takes, each in at most two lines of at most 100 characters, two or three examples",
    (command) => {
      const help = commandHelpText(command, true);
      const flags = OPTIONS.filter((o) => listedFor(o, command)).map((o) => o.name);
      expect(listedFlags(help).sort()).toEqual([...flags, "help"].sort());
      const lines = help.split("\n");
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
      // A flag's entry: its line, and at most one more line of facts (indented to the summary column).
      lines.forEach((line, i) => {
        if (!/^ {2}(-\w, | {4})--/.test(line)) return;
        const next = lines.slice(i + 1, i + 3);
        expect(next.filter((l) => /^ {38}\S/.test(l)).length, line).toBeLessThanOrEqual(1);
      });
      const examples = help.slice(help.indexOf("Examples:"), help.indexOf("\n\n", help.indexOf("Examples:")));
      const commands = examples.split("\n").filter((l) => l.startsWith("  config-rollout"));
      expect(commands.length).toBeGreaterThanOrEqual(2);
      expect(commands.length).toBeLessThanOrEqual(3);
    },
  );

  test("stamp --help lists only stamp's flags", () => {
    const listed = listedFlags(commandHelpText("stamp", true));
    expect(listed).not.toContain("timeout");
    expect(listed).not.toContain("strategy");
  });

  test("sync lists no flag it refuses: --rollback-on-failure is read only to say why not", () => {
    for (const all of [false, true])
      expect(commandHelpText("sync", all)).not.toContain("--rollback-on-failure");
    expect(appliesTo(OPTIONS.find((o) => o.name === "rollback-on-failure")!, "sync")).toBe(true);
    expect(usageError(["--rollbak-on-failure"], "sync")).not.toMatch(/did you mean/);
  });

  // QA: sync --help offered "--context NAME|WAVES ... several in waves", which sync refuses.
  test("sync's help and reference page tell --context as sync takes it: one context", () => {
    for (const all of [false, true]) {
      const help = commandHelpText("sync", all);
      expect(help).toMatch(/^ {6}--context NAME {2,}kubeconfig context \(one: run sync once per cluster\)$/m);
      expect(help).not.toMatch(/waves/);
    }
    expect(commandHelpText("run")).toMatch(/--context NAME\|WAVES +kubeconfig context, or several in waves/);
  });

  // QA: `config-rollout --help stamp`, `help`, `help stamp` were "unexpected argument".
  test.each<[string[], "run" | "stamp" | "sync" | undefined, boolean]>([
    [["--help", "stamp"], "stamp", false],
    [["-h", "run"], "run", false],
    [["help", "stamp"], "stamp", false],
    [["help", "sync", "all"], "sync", true],
    [["help"], undefined, false],
    [["help", "all"], undefined, true],
  ])("%j is the help of %s (all: %s), as git and kubectl read it", async (argv, named, all) => {
    const run = await runInProcess(argv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(named || all ? commandHelpText(named ?? "run", all) : helpText());
  });

  test.each([
    [["--help", "all"], true],
    [["--help=all"], true],
    [["-h", "all"], true],
    [["--help"], false],
    [["--dry-run", "--help", "all"], true],
  ])("%j asks for every flag: %s", (argv, all) => {
    const parsed = parseArgs(argv);
    expect(parsed.error).toBeUndefined();
    expect(parsed).toMatchObject({ help: true, helpAll: all });
  });

  test("fewer flags than the 56 of the last release", () => {
    expect(OPTIONS.length).toBeLessThan(56);
  });
});

/** The flags a help text lists, one per entry line ("  -o, --output ..." / "      --base REV"). */
function listedFlags(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, | {4})--([a-z-]+)/gm)].map((m) => m[1]!);
}
