import { describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { helpText } from "../../src/settings/help.js";
import { appliesTo } from "../../src/settings/option-spec.js";
import { OPTIONS } from "../../src/settings/options.js";
import { parseArgs } from "../../src/settings/parse-args.js";
import { parseDuration } from "../../src/settings/parse-duration.js";
import { rawValuesFromEnv, toSettings } from "../../src/settings/settings.js";

describe("parseArgs", () => {
  test.each([
    [["--base", "abc"], { base: "abc" }],
    [["--base=abc", "--head=def"], { base: "abc", head: "def" }],
    [["-o", "json", "-n", "shop"], { output: "json", namespace: "shop" }],
    [["--no-wait"], { wait: "false" }],
    [["--apply"], { apply: "true" }],
    [["--dry-run"], { "dry-run": "client" }],
    [["--dry-run", "--apply"], { "dry-run": "client", apply: "true" }],
    [["--dry-run", "server"], { "dry-run": "server" }],
    [["--dry-run=server"], { "dry-run": "server" }],
  ])("%j", (argv, values) => {
    expect(parseArgs(argv).values).toEqual(values);
  });

  test.each([
    [["--dryrun"], /unknown flag --dryrun \(did you mean --dry-run\?\)/],
    [["--frobnicate"], /unknown flag --frobnicate; see --help/],
    [["deploy"], /unexpected argument "deploy"/],
    [["--base"], /--base needs a value/],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UserError);
    expect(() => parseArgs(argv)).toThrow(message);
  });

  test("--help and --version", () => {
    expect(parseArgs(["--help"]).help).toBe(true);
    expect(parseArgs(["-V"]).version).toBe(true);
  });
});

describe("parseDuration", () => {
  test.each([
    ["90", 90_000],
    ["90s", 90_000],
    ["5m", 300_000],
    ["1h30m", 5_400_000],
    ["250ms", 250],
    ["1.5s", 1500],
    ["5 minutes", undefined],
    ["m5", undefined],
    ["", undefined],
  ])("%s", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });
});

describe("toSettings", () => {
  test("defaults are the documented ones", () => {
    const settings = toSettings();
    expect(settings).toMatchObject({
      repo: ".",
      paths: ["**/*.yaml", "**/*.yml", "**/*.json"],
      namespace: "default",
      strategy: "annotation",
      envName: "RESTART_TIME",
      dryRun: "none",
      apply: false,
      wait: true,
      timeoutMs: 300_000,
      excludeNamespaces: ["kube-system"],
      output: "text",
      maxFileSize: 16 * 1024 * 1024,
    });
    expect(settings.discover).toBeUndefined();
    expect(settings.maxRestarts).toBeUndefined();
  });

  test("flags override the environment, which overrides defaults; GitLab's KUBE_CONTEXT is read", () => {
    const env = rawValuesFromEnv({
      CONFIG_ROLLOUT_NAMESPACE: "from-env",
      CONFIG_ROLLOUT_TIMEOUT: "2m",
      CONFIG_ROLLOUT_NAMESPACES: "a,b\nc",
      KUBE_CONTEXT: "group/agent:prod",
    });
    const settings = toSettings(env, { namespace: "from-flag" });
    expect(settings.namespace).toBe("from-flag");
    expect(settings.timeoutMs).toBe(120_000);
    expect(settings.namespaces).toEqual(["a", "b", "c"]);
    expect(settings.context).toBe("group/agent:prod");
  });

  test("list values split on commas and newlines, not inside braces", () => {
    expect(toSettings({ paths: "k8s/**/*.{yaml,yml}, base/*.json\nx.yaml" }).paths).toEqual([
      "k8s/**/*.{yaml,yml}",
      "base/*.json",
      "x.yaml",
    ]);
  });

  test.each([
    [
      { strategy: "restart" },
      /--strategy: expected one of annotation, env, versioned, gitops, got "restart"/,
    ],
    [{ timeout: "soon" }, /--timeout: expected a duration/],
    [{ "max-restarts": "-1" }, /--max-restarts: expected a whole number/],
    [{ wait: "maybe" }, /--wait: expected true or false/],
    [{ base: "--output=/tmp/x" }, /--base --output=\/tmp\/x: a revision must not start with '-'/],
  ])("%j is rejected with a clear message", (raw, message) => {
    expect(() => toSettings(raw)).toThrow(message);
  });
});

test("--help lists every flag of the main run with its default and environment variable, and the exit codes", () => {
  const help = helpText();
  for (const option of OPTIONS.filter((o) => appliesTo(o, "run"))) {
    expect(help).toContain(`--${option.name}`);
    if (option.env) expect(help).toContain(`env: ${option.env}`);
    if (option.default) expect(help).toContain(`default: ${option.default}`);
  }
  expect(help).toMatch(/Exit codes:\n\s+0 .*\n\s+1 .*\n\s+2 /);
});
