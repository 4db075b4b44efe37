import { expect, test } from "vitest";
import { readActionInputs } from "../../src/action/read-inputs.js";
import { UserError } from "../../src/core/errors.js";

const from = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? "";

test.each([
  [{}, {}, false],
  // Passed on as written: the settings read true and false as client and none, as for a flag.
  [{ "dry-run": "true" }, { "dry-run": "true" }, true],
  [{ "dry-run": "False" }, { "dry-run": "False" }, true],
  [{ "dry-run": "server" }, { "dry-run": "server" }, true],
  [{ namespace: "shop", "max-restarts": "5" }, { namespace: "shop", "max-restarts": "5" }, false],
  // An empty input is not given: the option's environment variable or default applies.
  [{ namespace: "", "kubeconfig-data": "" }, {}, false],
])("inputs %j -> raw values %j", (inputs, values, dryRunExplicit) => {
  const read = readActionInputs(from(inputs));
  expect(read.values).toEqual(values);
  expect(read.dryRunExplicit).toBe(dryRunExplicit);
});

test("only the option names and allow-untrusted are read", () => {
  const asked: string[] = [];
  readActionInputs((name) => {
    asked.push(name);
    return "";
  });
  expect(asked).toContain("kubeconfig-data");
  expect(asked).toContain("allow-untrusted");
  expect(asked).not.toContain("allow_untrusted");
});

test.each([
  ["", false],
  ["true", true],
  ["TRUE", true],
  ["false", false],
])("allow-untrusted %j -> %s", (value, expected) => {
  expect(readActionInputs(from({ "allow-untrusted": value })).allowUntrusted).toBe(expected);
});

test("a misspelt allow-untrusted is an input error, not a silent false", () => {
  expect(() => readActionInputs(from({ "allow-untrusted": "yes please" }))).toThrow(UserError);
  expect(() => readActionInputs(from({ "allow-untrusted": "yes please" }))).toThrow(
    'input allow-untrusted: expected true or false, got "yes please"',
  );
});

test.each([
  [{ check: "true" }, "input check is read by `command: stamp`, not by this step's `command: run`"],
  [{ selector: "app=web" }, "input selector is read by `command: sync`, not by this step's `command: run`"],
  [
    { command: "stamp", adopt: "true" },
    "input adopt is read by `command: sync`, not by this step's `command: stamp`",
  ],
])("an input only another command reads is refused, as the CLI refuses its flag: %j", (inputs, message) => {
  expect(() => readActionInputs(from(inputs))).toThrow(UserError);
  expect(() => readActionInputs(from(inputs))).toThrow(message);
});

test.each([
  // GitHub fills an unset input with its default: the default is no choice of the workflow's.
  [{ check: "false" }],
  [{ command: "stamp", check: "true" }],
  [{ command: "sync", selector: "app=web", adopt: "true" }],
  [{ command: "sync", namespaces: "shop" }],
])("inputs the step's command reads, or left at their default, are taken: %j", (inputs) => {
  expect(() => readActionInputs(from(inputs))).not.toThrow();
});
