// Every message writes a duration one way, as the options take it: what a user reads after a timeout
// is what they would write to change it, and reads back as the same value.
import { expect, test } from "vitest";
import { shortSha } from "../../src/core/commit-sha.js";
import { formatDuration } from "../../src/core/duration.js";
import { parseDuration } from "../../src/settings/value-spellings.js";

test.each([
  [0, "0s"],
  [150, "150ms"],
  [999, "999ms"],
  [1000, "1s"],
  [1500, "1.5s"],
  [12_300, "12.3s"],
  [60_000, "1m"],
  [125_000, "2m5s"],
  [300_000, "5m"],
  [5_400_000, "1h30m"],
  [2_160_000_000, "600h"],
])("%i ms is written %s, which reads back as the same value", (ms, text) => {
  expect(formatDuration(ms)).toBe(text);
  expect(parseDuration(text)).toBe(ms);
});

test("above a second, to a tenth", () => {
  expect(formatDuration(12_345)).toBe("12.3s");
  expect(formatDuration(59_999)).toBe("1m");
});

test("a progress line rounds to whole seconds first", () => {
  expect(formatDuration(125_400, 1000)).toBe("2m5s");
  expect(formatDuration(400, 1000)).toBe("0s");
  expect(formatDuration(-20, 1000)).toBe("0s");
});

test("a commit is shown by its first 12 hex digits; anything else as it is", () => {
  expect(shortSha("0123456789abcdef0123456789abcdef01234567")).toBe("0123456789ab");
  expect(shortSha("a".repeat(64))).toBe("a".repeat(12));
  expect(shortSha("refs/heads/feature")).toBe("refs/heads/feature");
});
