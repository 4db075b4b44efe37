// Issue 13 item 5: a problem message about a file holding a Secret never quotes the file's text.
import { describe, expect, test } from "vitest";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";
import { mayHoldSecret } from "../../../src/scan/manifests/yaml-messages.js";

const SECRET_VALUE = "hunter2-Sup3rS3cret";

const secretWith = (data: string) =>
  `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  namespace: shop\nstringData:\n${data}`;

describe("problems in a file holding a Secret quote none of its text", () => {
  test.each([
    ["text after a folded block scalar indicator", `  password: >${SECRET_VALUE}\n`],
    ["text after a literal block scalar indicator", `  password: |${SECRET_VALUE}\n`],
    ["a bad escape in a double-quoted value", `  password: "${SECRET_VALUE}\\q"\n`],
    ["an unclosed flow sequence", `  password: [${SECRET_VALUE}\n  other: x\n`],
    ["an unclosed quote", `  password: "${SECRET_VALUE}\n`],
  ])("%s", (_case, data) => {
    const { problems } = parseManifests("deploy/db.yaml", secretWith(data), { defaultNamespace: "default" });
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      expect(problem.message).not.toContain(SECRET_VALUE);
      expect(problem.message).not.toContain("hunter2");
      expect(problem).toMatchObject({
        file: "deploy/db.yaml",
        line: expect.any(Number),
        col: expect.any(Number),
      });
    }
    expect(problems[0]!.message).toMatch(/^invalid YAML: .*details not shown \(the file holds a Secret\)/);
  });

  test("the same mistake in a ConfigMap keeps the parser's own words", () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  level: >debug\n`;
    const { problems } = parseManifests("deploy/app.yaml", text, { defaultNamespace: "default" });
    expect(problems[0]!.message).toContain(">debug");
  });

  test("a duplicate key in a Secret is reported without its value", () => {
    const { problems } = parseManifests(
      "deploy/db.yaml",
      secretWith(`  password: a\n  password: ${SECRET_VALUE}\n`),
      {
        defaultNamespace: "default",
      },
    );
    expect(problems[0]!.message).toMatch(/^duplicate key/);
    expect(problems[0]!.message).not.toContain(SECRET_VALUE);
  });

  test("an unquoted value starting with * (an alias to YAML) is not named as the alias", () => {
    const { problems } = parseManifests("deploy/db.yaml", secretWith(`  password: *${SECRET_VALUE}\n`), {
      defaultNamespace: "default",
    });
    expect(problems).toEqual([
      {
        file: "deploy/db.yaml",
        line: 7,
        col: 13,
        severity: "error",
        message:
          "the alias names an anchor that does not exist (an anchor &name must be defined before, in the same document): document ignored",
      },
    ]);
  });

  // YAML spells a kind many ways; kubectl applies each of these as a Secret.
  test.each([
    ["a tag", "kind: !!str Secret"],
    ["a verbatim tag", "kind: !<tag:yaml.org,2002:str> Secret"],
    ["an anchor", "kind: &k Secret"],
    ["the value on the next line", "kind:\n  Secret"],
    ["flow style", "{apiVersion: v1, kind: Secret, metadata: {name: db}}"],
    ["an escaped letter", 'kind: "\\x53ecret"'],
    ["a line break escaped inside it", 'kind: "Sec\\\n  ret"'],
    ["base64 under a binary tag", "kind: !!binary U2VjcmV0"],
  ])("a kind written with %s still keeps the file's text out of messages", (_case, kind) => {
    const text = `apiVersion: v1\n${kind}\nmetadata: {name: db}\nstringData:\n  password: >${SECRET_VALUE}\n`;
    expect(mayHoldSecret(text)).toBe(true);
    const { problems } = parseManifests("deploy/db.yaml", text, { defaultNamespace: "default" });
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem.message).not.toContain(SECRET_VALUE);
  });

  test.each([
    ["kind: Secret", true],
    ['"kind": "Secret",', true],
    ["kind: 'Secret'", true],
    ["kind: SecretProviderClass", false],
    ["kind: SealedSecret", false],
    ["kind: ConfigMap", false],
  ])("%s holds a Secret: %s", (text, expected) => {
    expect(mayHoldSecret(`apiVersion: v1\n${text}\n`)).toBe(expected);
  });
});
