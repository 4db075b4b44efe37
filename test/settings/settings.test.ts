import { describe, expect, test } from "vitest";
import { actionInputs } from "../../src/action/action-metadata.js";
import { readActionInputs } from "../../src/action/read-inputs.js";
import { UserError } from "../../src/core/errors.js";
import { ACTION_INPUTS, CLI_FLAGS } from "../../src/core/option-naming.js";
import { DEPRECATED_OPTIONS, deprecationWarnings } from "../../src/settings/deprecated-options.js";
import { commandHelpText } from "../../src/settings/help.js";
import { parseArgs } from "../../src/settings/parse-args.js";
import { ENV_VARIABLES, rawValuesFromEnv, runSettings } from "../../src/settings/settings.js";
import { parseDuration } from "../../src/settings/value-spellings.js";

describe("parseArgs", () => {
  test.each([
    [["--base", "abc"], { base: "abc" }],
    [["--base=abc", "--head=def"], { base: "abc", head: "def" }],
    [["-o", "json", "-n", "shop"], { output: "json", namespace: "shop" }],
    [["--no-wait"], { wait: "false" }],
    [["--apply"], { apply: "true" }],
    [["--dry-run"], { "dry-run": "true" }],
    [["--dry-run", "--apply"], { "dry-run": "true", apply: "true" }],
    [["--dry-run", "server"], { "dry-run": "server" }],
    [["--dry-run=server"], { "dry-run": "server" }],
    [["--dry-run", "true"], { "dry-run": "true" }],
    [["--apply", "false", "--wait", "status"], { apply: "false", wait: "status" }],
    [["--no-dry-run", "--no-wait"], { "dry-run": "false", wait: "false" }],
  ])("%j", (argv, values) => {
    expect(parseArgs(argv).values).toEqual(values);
  });

  test.each([
    [["--dryrun"], /unknown flag --dryrun \(did you mean --dry-run\?\)/],
    [["--frobnicate"], /unknown flag --frobnicate; see config-rollout run --help/],
    [["deploy"], /unexpected argument "deploy"/],
    [["--base"], /--base needs a value/],
  ])("%j is a usage error", (argv, message) => {
    expect(parseArgs(argv).error).toBeInstanceOf(UserError);
    expect(parseArgs(argv).error?.message).toMatch(message);
  });

  test("--help and --version", () => {
    expect(parseArgs(["--help"]).help).toBe(true);
    expect(parseArgs(["-V"]).version).toBe(true);
  });
});

describe("parseDuration", () => {
  test.each([
    ["90", "unitless"],
    ["1.5", "unitless"],
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

describe("runSettings", () => {
  test("defaults are the documented ones", () => {
    const settings = runSettings();
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
    const settings = runSettings(env, { namespace: "from-flag" });
    expect(settings.namespace).toBe("from-flag");
    expect(settings.timeoutMs).toBe(120_000);
    expect(settings.namespaces).toEqual(["a", "b", "c"]);
    expect(settings.context).toBe("group/agent:prod");
  });

  test("list values split on commas and newlines, not inside braces", () => {
    expect(runSettings({ paths: "k8s/**/*.{yaml,yml}, base/*.json\nx.yaml" }).paths).toEqual([
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
    [{ timeout: "5" }, /--timeout: "5" has no unit: write 5s for seconds or 5m for minutes/],
    [{ apply: "yes" }, /--apply: expected true or false, got "yes"/],
    [
      { "dry-run": "maybe" },
      /--dry-run: expected one of none, client, server \(or true, false\), got "maybe"/,
    ],
    [{ keep: "some" }, /--keep: expected a whole number or all, got "some"/],
    [{ "max-restarts": "-1" }, /--max-restarts: expected a whole number/],
    [{ wait: "maybe" }, /--wait: expected one of pods, status, none \(or true, false\), got "maybe"/],
    [{ base: "--output=/tmp/x" }, /--base --output=\/tmp\/x: a revision must not start with '-'/],
  ])("%j is rejected with a clear message", (raw, message) => {
    expect(() => runSettings(raw)).toThrow(message);
  });
});

describe("one meaning per value, wherever it is written", () => {
  // The same setting from a flag, a variable and an action input: parseArgs, rawValuesFromEnv and the
  // inputs (raw values by name) all end in runSettings, so each spelling means one thing everywhere.
  const fromFlags = (argv: string[]) => runSettings(parseArgs(argv).values);
  const fromEnv = (env: Record<string, string>) => runSettings(rawValuesFromEnv(env));
  const fromInputs = (inputs: Record<string, string>, ...before: Record<string, string | undefined>[]) =>
    runSettings(...before, readActionInputs((name) => inputs[name] ?? "").values);

  test.each([
    ["true", "client"],
    ["TRUE", "client"],
    ["false", "none"],
    ["client", "client"],
    ["server", "server"],
  ])("dry-run %s is %s in the CLI, the environment and the action", (value, dryRun) => {
    expect(fromFlags(["--dry-run", value]).dryRun).toBe(dryRun);
    expect(fromEnv({ CONFIG_ROLLOUT_DRY_RUN: value }).dryRun).toBe(dryRun);
    expect(fromInputs({ "dry-run": value }).dryRun).toBe(dryRun);
  });

  test.each([
    ["true", true],
    ["False", false],
  ])("a boolean %s reads the same everywhere", (value, apply) => {
    expect(fromFlags(["--apply", value]).apply).toBe(apply);
    expect(fromEnv({ CONFIG_ROLLOUT_APPLY: value }).apply).toBe(apply);
    expect(fromInputs({ apply: value }).apply).toBe(apply);
  });

  test.each(["yes", "1", "on"])("%s is no boolean anywhere", (value) => {
    expect(() => fromFlags([`--apply=${value}`])).toThrow(/--apply: expected true or false/);
    expect(() => fromEnv({ CONFIG_ROLLOUT_APPLY: value })).toThrow(/expected true or false/);
    expect(() => fromInputs({ apply: value })).toThrow(/expected true or false/);
  });

  test.each([
    [["--dry-run", "maybe"], '--dry-run: expected one of none, client, server (or true, false), got "maybe"'],
    [["--wait", "forever"], '--wait: expected one of pods, status, none (or true, false), got "forever"'],
    [["--apply", "yes"], '--apply: expected true or false, got "yes"'],
  ])("%j: the word after a switch is its value, refused naming the flag and its values", (argv, message) => {
    expect(parseArgs(argv).error).toBeUndefined();
    expect(() => fromFlags(argv)).toThrow(new UserError(message));
  });

  test.each([
    [
      { CONFIG_ROLLOUT_DRY_RUN: "maybe" },
      'CONFIG_ROLLOUT_DRY_RUN: expected one of none, client, server (or true, false), got "maybe"',
    ],
    [{ CONFIG_ROLLOUT_APPLY: "yes" }, 'CONFIG_ROLLOUT_APPLY: expected true or false, got "yes"'],
    [
      { CONFIG_ROLLOUT_GIT_TIMEOUT: "0s" },
      "CONFIG_ROLLOUT_GIT_TIMEOUT: must be at least 1s (e.g. 90s, 5m), got 0s",
    ],
    [
      { CONFIG_ROLLOUT_CONCURRENCY: "0" },
      "CONFIG_ROLLOUT_CONCURRENCY: must be between 1 and 64 (requests in flight at once)",
    ],
    [
      { CONFIG_ROLLOUT_NAMESPACES: "shop,Bad_NS!" },
      /^CONFIG_ROLLOUT_NAMESPACES: "Bad_NS!" is not a valid namespace name/,
    ],
  ])("a bad value in a variable names the variable: %j", (env, message) => {
    expect(() => fromEnv(env)).toThrow(typeof message === "string" ? new UserError(message) : message);
  });

  test.each([
    [{ timeout: "10" }, 'the `timeout` input: "10" has no unit: write 10s for seconds or 10m for minutes'],
    [
      { "dry-run": "maybe" },
      'the `dry-run` input: expected one of none, client, server (or true, false), got "maybe"',
    ],
    [{ "max-restarts": "x" }, 'the `max-restarts` input: expected a whole number, got "x"'],
    [{ namespaces: "shop,Bad_NS!" }, /^the `namespaces` input: "Bad_NS!" is not a valid namespace name/],
    [{ base: "-x" }, "`base: -x`: a revision must not start with '-'"],
    [{ kustomize: "none,deploy" }, 'the `kustomize` input: "none" cannot be combined with directories'],
    [{ context: "a;;b" }, /^the `context` input: wave 2 of "a;;b" names no context/],
    [
      { bake: "2m", wait: "status" },
      "the `bake` input watches each rollout's new pods once it is done: drop `wait: status`, or the `bake` input",
    ],
    [
      { strategy: "gitops", "dry-run": "server" },
      "`strategy: gitops` writes nothing to the cluster: drop `dry-run: server` (it sends no write to dry-run)",
    ],
    [{ prune: "yes" }, 'the `prune` input: expected true or false, got "yes"'],
  ])("a bad action input is named as the workflow wrote it, never as the flag: %j", (inputs, message) => {
    expect(() => fromInputs(inputs)).toThrow(typeof message === "string" ? new UserError(message) : message);
  });

  test("in the action, a variable the inputs leave alone is named as the variable, an input as the input", () => {
    const variables = rawValuesFromEnv({ CONFIG_ROLLOUT_TIMEOUT: "10", CONFIG_ROLLOUT_APPLY: "yes" });
    expect(() => fromInputs({}, variables)).toThrow(/^CONFIG_ROLLOUT_(TIMEOUT|APPLY): /);
    expect(() => fromInputs({ timeout: "5" }, rawValuesFromEnv({ CONFIG_ROLLOUT_TIMEOUT: "10s" }))).toThrow(
      /^the `timeout` input: "5" has no unit/,
    );
    expect(() => fromInputs({ wait: "none" }, rawValuesFromEnv({ CONFIG_ROLLOUT_BAKE: "2m" }))).toThrow(
      "CONFIG_ROLLOUT_BAKE watches each rollout's new pods once it is done: drop `wait: none`, or CONFIG_ROLLOUT_BAKE",
    );
  });

  test("a strategy set anywhere, annotation included, is explicit (a --plan's other one is then refused); the action's declared default sets none", () => {
    // GitHub fills each input the workflow leaves unset with its action.yml default.
    const declared = (inputs: Record<string, string>) =>
      readActionInputs((name) => inputs[name] ?? actionInputs().find((i) => i.name === name)?.default ?? "")
        .values;
    for (const settings of [
      runSettings({ strategy: "annotation" }),
      runSettings(rawValuesFromEnv({ CONFIG_ROLLOUT_STRATEGY: "annotation" })),
      runSettings(declared({ strategy: "annotation" })),
    ]) {
      expect(settings).toMatchObject({ strategy: "annotation", strategyExplicit: true });
    }
    expect(runSettings(declared({}))).toMatchObject({ strategy: "annotation", strategyExplicit: false });
    expect(runSettings()).toMatchObject({ strategy: "annotation", strategyExplicit: false });
  });

  test("a flag that overrides a variable is named as the flag", () => {
    const env = rawValuesFromEnv({ CONFIG_ROLLOUT_DRY_RUN: "client" });
    expect(() => runSettings(env, parseArgs(["--dry-run", "maybe"]).values)).toThrow(/^--dry-run: expected/);
  });

  test("a duration without a unit is an error that suggests the unit, never 5 seconds", () => {
    for (const settings of [
      () => fromFlags(["--timeout", "5"]),
      () => fromEnv({ CONFIG_ROLLOUT_TIMEOUT: "5" }),
      () => fromInputs({ timeout: "5" }),
    ]) {
      expect(settings).toThrow(UserError);
      expect(settings).toThrow('"5" has no unit: write 5s for seconds or 5m for minutes');
    }
  });

  test("--wait: pods (the default) waits and watches the pods, status waits alone, none does not wait", () => {
    expect(fromFlags([])).toMatchObject({ wait: true, watchPods: true });
    expect(fromFlags(["--wait", "status"])).toMatchObject({ wait: true, watchPods: false });
    expect(fromFlags(["--no-wait"])).toMatchObject({ wait: false, watchPods: false });
    expect(fromInputs({ wait: "false" })).toMatchObject({ wait: false, watchPods: false });
  });

  test("--keep N prunes all but N copies; --keep all prunes none", () => {
    expect(fromFlags([])).toMatchObject({ prune: true, keep: 3 });
    expect(fromFlags(["--keep", "5"])).toMatchObject({ prune: true, keep: 5 });
    expect(fromFlags(["--keep", "all"])).toMatchObject({ prune: false });
  });

  test("--reloader: annotated (default), all, none", () => {
    expect(fromFlags([])).toMatchObject({ restartReloaderManaged: false, reloaderAutoReloadAll: false });
    expect(fromFlags(["--reloader", "all"])).toMatchObject({ reloaderAutoReloadAll: true });
    expect(fromFlags(["--reloader", "none"])).toMatchObject({ restartReloaderManaged: true });
  });

  test("--context: one name is one cluster; ';' and ',' make waves", () => {
    expect(fromFlags(["--context", "prod"])).toMatchObject({ context: "prod" });
    expect(fromFlags(["--context", "prod"]).contexts).toBeUndefined();
    const waves = fromFlags(["--context", "staging;eu,us"]);
    expect(waves.contexts).toEqual([["staging"], ["eu", "us"]]);
    expect(waves.context).toBeUndefined();
    expect(() => fromFlags(["--context", "a;b", "--plan-out", "p.json"])).toThrow(
      /--context with several contexts cannot be used with --plan-out/,
    );
  });
});

describe("the flags of one concept merged: the old spellings still work, each with one warning", () => {
  test.each([
    [
      ["--no-watch-pods"],
      { wait: true, watchPods: false },
      "--no-watch-pods is deprecated",
      "use --wait status",
    ],
    [["--no-wait", "--no-watch-pods"], { wait: false }, "--no-watch-pods is deprecated", "use --wait status"],
    [["--no-prune"], { prune: false }, "--no-prune is deprecated", "use --keep all"],
    [
      ["--contexts", "a;b"],
      { contexts: [["a"], ["b"]] },
      "--contexts a;b is deprecated",
      "use --context a;b",
    ],
    [
      ["--restart-reloader-managed"],
      { restartReloaderManaged: true },
      "--restart-reloader-managed",
      "--reloader none",
    ],
    [
      ["--reloader-auto-reload-all"],
      { reloaderAutoReloadAll: true },
      "--reloader-auto-reload-all",
      "--reloader all",
    ],
  ])("%j", (argv, settings, old, use) => {
    const values = parseArgs(argv).values;
    expect(runSettings(values)).toMatchObject(settings);
    const warnings = deprecationWarnings(values, CLI_FLAGS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(old);
    expect(warnings[0]).toContain(use);
    expect(warnings[0]).toContain("will be removed in the next minor release");
  });

  test("as a variable and as an input, named the way each is set", () => {
    const env = rawValuesFromEnv({ CONFIG_ROLLOUT_WATCH_PODS: "false", CONFIG_ROLLOUT_PRUNE: "false" });
    expect(runSettings(env)).toMatchObject({ watchPods: false, prune: false });
    expect(deprecationWarnings(env, ENV_VARIABLES)).toEqual([
      "CONFIG_ROLLOUT_WATCH_PODS=false is deprecated and will be removed in the next minor release: use CONFIG_ROLLOUT_WAIT=status",
      "CONFIG_ROLLOUT_PRUNE=false is deprecated and will be removed in the next minor release: use CONFIG_ROLLOUT_KEEP=all",
    ]);
    expect(deprecationWarnings({ contexts: "a;b" }, ACTION_INPUTS)).toEqual([
      "`contexts: a;b` is deprecated and will be removed in the next minor release: use `context: a;b`",
    ]);
  });

  test("a flag wins over an old variable, as over any variable", () => {
    const settings = runSettings(rawValuesFromEnv({ CONFIG_ROLLOUT_WATCH_PODS: "false" }), { wait: "pods" });
    expect(settings.watchPods).toBe(true);
  });

  test("--help names no old spelling", () => {
    for (const command of ["run", "stamp", "sync"] as const) {
      const help = commandHelpText(command, true);
      // Whole flags only: --rollback-on-failure is not --rollback.
      for (const old of DEPRECATED_OPTIONS) expect(help).not.toMatch(new RegExp(`--${old.name}(?![\\w-])`));
    }
  });
});
