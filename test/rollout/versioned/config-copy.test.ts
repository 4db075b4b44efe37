import { describe, expect, test } from "vitest";
import {
  checkCopyName,
  configCopy,
  copyHash,
  copyName,
  copySourceOf,
  isManagedCopy,
  sourceLabelValue,
} from "../../../src/rollout/versioned/config-copy.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");
const COMMIT = "0123456789abcdef0123456789abcdef01234567";
/** The real server's rule for label values (sim/validate.ts, proved against kubectl in test/sim/kubectl.test.ts). */
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

describe("copy names", () => {
  test("deterministic, short, and different for any change of kind, type or content", () => {
    const content = { LEVEL: b64("debug") };
    const hash = copyHash("ConfigMap", content);
    expect(hash).toMatch(/^[0-9a-f]{10}$/);
    expect(copyHash("ConfigMap", { ...content })).toBe(hash);
    const others = [
      copyHash("Secret", content, "Opaque"),
      copyHash("Secret", content, "kubernetes.io/tls"),
      copyHash("ConfigMap", { LEVEL: b64("info") }),
      copyHash("ConfigMap", { LEVEL2: b64("debug") }),
      copyHash("ConfigMap", content, undefined, Buffer.from("key")),
    ];
    expect(new Set([hash, ...others]).size).toBe(6);
  });

  test("a name beyond 253 characters is refused with the source named", () => {
    expect(copyName("web", "0123456789")).toBe("web-0123456789");
    expect(copyName("x".repeat(242), "0123456789")).toHaveLength(253);
    expect(() => copyName("x".repeat(243), "0123456789")).toThrow(/xxx.*253/);
    expect(() => checkCopyName("x".repeat(243))).toThrow(/at most 242 characters/);
  });
});

describe("the source label", () => {
  test("the source's name while it fits a label value (what every earlier copy carries)", () => {
    expect(sourceLabelValue("app-config")).toBe("app-config");
    expect(sourceLabelValue("a".repeat(63))).toBe("a".repeat(63));
  });

  test.each([64, 100, 242])("a %i-character name gets a valid 63-character value, its own", (length) => {
    const name = `${"cfg.".repeat(70).slice(0, length - 1)}z`;
    const value = sourceLabelValue(name);
    expect(value).toHaveLength(63);
    expect(value).toMatch(LABEL_VALUE);
    expect(value).toBe(sourceLabelValue(name));
    expect(value.startsWith(name.slice(0, 52))).toBe(true);
    // Names alike in their first 52 characters still get different values.
    expect(sourceLabelValue(`${name.slice(0, -1)}y`)).not.toBe(value);
  });

  test("a copy of a long-named config is applied with the short value and read back as its source", () => {
    const name = `settings-${"x".repeat(100)}`;
    const copy = configCopy(
      { id: { kind: "ConfigMap", namespace: "shop", name }, object: {}, content: { a: b64("1") } },
      COMMIT,
    );
    const labels = (copy.body.metadata as { labels: Record<string, string> }).labels;
    expect(labels["config-rollout.io/source"]).toMatch(LABEL_VALUE);
    expect(labels["config-rollout.io/source"]!.length).toBeLessThanOrEqual(63);
    expect(copySourceOf(copy.body)).toBe(name);
  });
});

describe("the copy", () => {
  test("a ConfigMap copy: immutable, labelled, annotated, text in data and bytes in binaryData", () => {
    const copy = configCopy(
      {
        id: { kind: "ConfigMap", namespace: "shop", name: "web" },
        object: {
          data: { LEVEL: "debug" },
          binaryData: { logo: b64("\u0000png") },
          metadata: { labels: { a: "b" } },
        },
        content: { LEVEL: b64("debug"), logo: b64("\u0000png") },
      },
      COMMIT,
    );
    expect(copy.name).toMatch(/^web-[0-9a-f]{10}$/);
    expect(copy.body).toEqual({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: {
        name: copy.name,
        namespace: "shop",
        labels: { "config-rollout.io/source": "web", "config-rollout.io/managed": "true" },
        annotations: { "config-rollout.io/source-commit": COMMIT },
      },
      immutable: true,
      data: { LEVEL: "debug" },
      binaryData: { logo: b64("\u0000png") },
    });
    expect(isManagedCopy(copy.body)).toBe(true);
    expect(copySourceOf(copy.body)).toBe("web");
  });

  test("a Secret copy keeps its type and holds stringData folded into data", () => {
    const copy = configCopy(
      {
        id: { kind: "Secret", namespace: "shop", name: "tls" },
        object: { type: "kubernetes.io/tls", stringData: { "tls.key": "k" }, data: { "tls.crt": b64("c") } },
        content: { "tls.crt": b64("c"), "tls.key": b64("k") },
      },
      "abc123",
    );
    expect(copy.body).toMatchObject({
      kind: "Secret",
      type: "kubernetes.io/tls",
      immutable: true,
      data: { "tls.crt": b64("c"), "tls.key": b64("k") },
    });
    expect(copy.body).not.toHaveProperty("stringData");
  });

  const labels = { "config-rollout.io/managed": "true", "config-rollout.io/source": "web" };
  const annotations = { "config-rollout.io/source-commit": COMMIT };
  test.each<[string, unknown, boolean]>([
    ["a copy", { metadata: { name: "web-0a1b2c3d4e", labels, annotations } }, true],
    [
      "the labels alone (a config a repository defines with them)",
      { metadata: { name: "web-legacy", labels } },
      false,
    ],
    [
      "labels and commit, but not named <source>-<hash>",
      { metadata: { name: "web-v2", labels, annotations } },
      false,
    ],
    ["named for another source", { metadata: { name: "api-0a1b2c3d4e", labels, annotations } }, false],
    ["no commit", { metadata: { name: "web-0a1b2c3d4e", labels } }, false],
    [
      "a commit that is no SHA",
      {
        metadata: {
          name: "web-0a1b2c3d4e",
          labels,
          annotations: { "config-rollout.io/source-commit": "main" },
        },
      },
      false,
    ],
    [
      "no source label",
      { metadata: { name: "web-0a1b2c3d4e", labels: { "config-rollout.io/managed": "true" }, annotations } },
      false,
    ],
    [
      "managed: yes",
      {
        metadata: {
          name: "web-0a1b2c3d4e",
          labels: { ...labels, "config-rollout.io/managed": "yes" },
          annotations,
        },
      },
      false,
    ],
    ["nothing", { metadata: {} }, false],
  ])("isManagedCopy: %s is %s", (_what, obj, expected) => {
    expect(isManagedCopy(obj)).toBe(expected);
  });
});
