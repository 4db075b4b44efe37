// Item 6 of issue 12: values that would only fail (or misbehave) once the cluster is touched are
// rejected while the settings are read, with exit code 2 (a UserError).
import { describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { toSettings } from "../../src/settings/settings.js";

describe("settings are validated before any API call", () => {
  test.each([
    [{ timeout: "0s" }, /--timeout: must be more than 0/],
    [{ timeout: "0s" }, /--timeout: must be more than 0/],
    [{ "config-timeout": "0ms" }, /--config-timeout: must be more than 0/],
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
  ])("%j", (raw, message) => {
    expect(() => toSettings(raw)).toThrow(UserError);
    expect(() => toSettings(raw)).toThrow(message);
  });

  test("a value with a control character is quoted in the message, never echoed raw", () => {
    expect(() => toSettings({ namespace: "a\nb\u001b[31m" })).toThrow(/"a\\nb\\u001b\[31m"/);
  });

  test.each([
    [{ timeout: "596h" }],
    [{ namespace: "shop-1", namespaces: "a,b-2", "exclude-namespaces": "" }],
    [{ "env-name": "_restarted_at" }],
    [{ concurrency: "1" }],
  ])("%j is accepted", (raw) => {
    expect(() => toSettings(raw)).not.toThrow();
  });
});
