import { describe, expect, test } from "vitest";
import { configCopy, copyHash, copyName, isManagedCopy } from "../../../src/core/versioned/config-copy.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

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
    expect(() => copyName("x".repeat(243), "0123456789")).toThrow(/xxx.*253/);
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
      "abc123",
    );
    expect(copy.name).toMatch(/^web-[0-9a-f]{10}$/);
    expect(copy.body).toEqual({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: {
        name: copy.name,
        namespace: "shop",
        labels: { "config-rollout.io/source": "web", "config-rollout.io/managed": "true" },
        annotations: { "config-rollout.io/source-commit": "abc123" },
      },
      immutable: true,
      data: { LEVEL: "debug" },
      binaryData: { logo: b64("\u0000png") },
    });
    expect(isManagedCopy(copy.body)).toBe(true);
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

  test.each([
    [
      { metadata: { labels: { "config-rollout.io/managed": "true", "config-rollout.io/source": "web" } } },
      true,
    ],
    [{ metadata: { labels: { "config-rollout.io/source": "web" } } }, false],
    [{ metadata: { labels: { "config-rollout.io/managed": "true" } } }, false],
    [
      { metadata: { labels: { "config-rollout.io/managed": "yes", "config-rollout.io/source": "web" } } },
      false,
    ],
    [{ metadata: {} }, false],
  ])("isManagedCopy(%j) is %s", (obj, expected) => {
    expect(isManagedCopy(obj)).toBe(expected);
  });
});
