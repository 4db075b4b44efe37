// Two YAML texts hold the same data (a formatter's change) or not: what decides whether a render
// can be skipped, so it errs on "not the same" whenever a reader could tell the texts apart.
import { expect, test } from "vitest";
import { sameYamlData } from "../../../src/scan/manifests/same-data.js";

test.each([
  ["indentation, comments, quoting style", "a: 1\nb: x\n", "a:   1\nb: 'x'   # c\n"],
  ["flow and block style", "a: [1, 2]\n", "a:\n- 1\n- 2\n"],
  ["JSON and YAML spellings of one map", '{"a": {"b": [true, "x"]}}', "a:\n  b: [true, x]\n"],
  ["a trailing document separator", "a: 1\n---\n", "a: 1\n"],
  ["a literal block and a quoted string", "a: |\n  x\n  y\n", 'a: "x\\ny\\n"\n'],
])("the same data: %s", (_, a, b) => {
  expect(sameYamlData(a, b)).toBe(true);
});

test.each([
  ["a number written otherwise (Go reads 1.0 as a float)", "a: 1\n", "a: 1.0\n"],
  ["a YAML 1.1 boolean quoted", "a: yes\n", "a: 'yes'\n"],
  ["a YAML 1.1 octal quoted", "a: 010\n", "a: '010'\n"],
  ["keys in another order", "a: 1\nb: 2\n", "b: 2\na: 1\n"],
  ["an alias for the same value", "x: &a 1\ny: *a\n", "x: 1\ny: 1\n"],
  ["an explicit tag", "a: !!str 1\n", "a: '1'\n"],
  ["a duplicate key", "a: 1\na: 2\n", "a: 2\n"],
  ["a duplicate key, in both", "a: 1\na: 2\n", "a: 1\na:   2\n"],
  ["two keys of one value (1 and 1.0)", "1: x\n1.0: z\n", "1: x\n1.0: 'z'\n"],
  ["a text that does not parse", "a: b: c", "a: 1"],
  ["null spelled otherwise", "a: ~\n", "a: null\n"],
])("not the same: %s", (_, a, b) => {
  expect(sameYamlData(a, b)).toBe(false);
});
