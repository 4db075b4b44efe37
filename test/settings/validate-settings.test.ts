// Item 6 of issue 12: values that would only fail (or misbehave) once the cluster is touched are
// rejected while the settings are read, with exit code 2 (a UserError).
import { describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { CLI_FLAGS } from "../../src/core/option-naming.js";
import { rollsBackOnFailure } from "../../src/core/setting-choices.js";
import { deprecationWarnings } from "../../src/settings/deprecated-options.js";
import { runSettings } from "../../src/settings/settings.js";

describe("settings are validated before any API call", () => {
  test.each([
    [{ timeout: "0s" }, /--timeout: must be at least 1s \(e\.g\. 90s, 5m\), got 0s/],
    [{ "config-timeout": "0ms" }, /--config-timeout: must be at least 1s/],
    // 2^31-1 ms is what a Node timer can hold; longer ones fire at once.
    [{ timeout: "600h" }, /--timeout: 600h is longer than the longest wait supported \(596h\)/],
    [{ "config-timeout": "2147484s" }, /--config-timeout: .* longer than the longest wait/],
    [{ namespace: "Bad_NS!" }, /--namespace: "Bad_NS!" is not a valid namespace name/],
    [{ namespace: ".." }, /--namespace: "\.\." is not a valid namespace name/],
    [{ namespaces: "shop,Bad_NS!" }, /--namespaces: "Bad_NS!" is not a valid namespace name/],
    [
      { "exclude-namespaces": "kube-system,.." },
      /--exclude-namespaces: "\.\." is not a valid namespace name/,
    ],
    [{ namespace: "a".repeat(64) }, /--namespace: .* is not a valid namespace name \(at most 63/],
    [{ "env-name": "RESTART-TIME" }, /--env-name: "RESTART-TIME" is not a valid environment variable name/],
    [{ "env-name": "1ST" }, /--env-name: "1ST" is not a valid environment variable name/],
    [{ paths: "" }, /--paths: no globs given/],
    [{ paths: " , \n" }, /--paths: no globs given/],
    [{ "max-file-size": "0" }, /--max-file-size: must be at least 1/],
    [{ concurrency: "0" }, /--concurrency: must be between 1 and 64/],
    [{ concurrency: "65" }, /--concurrency: must be between 1 and 64/],
    [{ bake: "0s" }, /--bake: must be at least 1s/],
    [
      { bake: "2m", wait: "false" },
      /--bake watches each rollout's new pods once it is done: drop --wait none, or --bake/,
    ],
    [{ bake: "2m", wait: "status" }, /drop --wait status, or --bake/],
    [{ bake: "2m", "watch-pods": "false" }, /drop --wait status, or --bake/],
    [
      { strategy: "gitops", "rollback-on-failure": "true" },
      /--strategy gitops writes nothing to the cluster: drop --rollback-on-failure \(the agent owns the state: revert the commit in git/,
    ],
    [{ strategy: "gitops", rollback: "true" }, /drop --rollback-on-failure/],
  ])("%j", (raw, message) => {
    expect(() => runSettings(raw)).toThrow(UserError);
    expect(() => runSettings(raw)).toThrow(message);
  });

  // Each of these used to be taken, then fail as "a bug in config-rollout" (git, render), blame the
  // server (request) or stop every credential plugin at once: a bound each reads, as --timeout has.
  test.each(["git-timeout", "render-timeout", "request-timeout", "exec-plugin-timeout", "timeout", "bake"])(
    "--%s under a second is refused as it is read, naming the flag",
    (name) => {
      for (const value of ["0s", "1ms", "999ms"]) {
        expect(() => runSettings({ [name]: value })).toThrow(
          new UserError(`--${name}: must be at least 1s (e.g. 90s, 5m), got ${value}`),
        );
      }
      expect(() => runSettings({ [name]: "1s" })).not.toThrow();
    },
  );

  test("a value with a control character is quoted in the message, never echoed raw", () => {
    expect(() => runSettings({ namespace: "a\nb\u001b[31m" })).toThrow(/"a\\nb\\u001b\[31m"/);
  });

  test.each([
    [{ timeout: "596h" }],
    [{ namespace: "shop-1", namespaces: "a,b-2", "exclude-namespaces": "" }],
    [{ "env-name": "_restarted_at" }],
    [{ concurrency: "1" }],
    [{ strategy: "gitops", "rollback-on-failure": "false", bake: "1m" }],
  ])("%j is accepted", (raw) => {
    expect(() => runSettings(raw)).not.toThrow();
  });
});

describe("--rollback-on-failure", () => {
  test.each([
    [{}, "annotation", false],
    [{ strategy: "env" }, "env", false],
    [{ strategy: "versioned" }, "versioned", true],
    [{ strategy: "versioned", "rollback-on-failure": "false" }, "versioned", false],
    [{ "rollback-on-failure": "true" }, "annotation", true],
    // The old spelling, and the new one winning over it.
    [{ strategy: "versioned", rollback: "false" }, "versioned", false],
    [{ rollback: "false", "rollback-on-failure": "true" }, "annotation", true],
  ])("%j: strategy %s, rolls back %s", (raw: Record<string, string>, strategy, expected) => {
    const settings = runSettings(raw);
    expect(settings.strategy).toBe(strategy);
    expect(rollsBackOnFailure(settings)).toBe(expected);
    expect(deprecationWarnings(raw, CLI_FLAGS)).toEqual(
      raw.rollback
        ? [expect.stringMatching(/^--no-rollback is deprecated .*: use --rollback-on-failure false$/)]
        : [],
    );
  });
});
