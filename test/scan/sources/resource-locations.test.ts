import { describe, expect, test } from "vitest";
import { locateWritten, writtenObjects } from "../../../src/scan/sources/resource-locations.js";

const text = [
  "# the app",
  "apiVersion: apps/v1",
  "kind: Deployment",
  "metadata:",
  "  labels:",
  "    name: not-this",
  "  name: web # the frontend",
  "spec:",
  "  template:",
  "    metadata:",
  "      name: nor-this",
  "---",
  "",
  "kind: 'Service'",
  'metadata: {namespace: shop, name: "web"}',
  "--- # another",
  "apiVersion: v1",
  "kind: ConfigMap",
  "metadata:",
  "    namespace: shop",
  "    name: web-config",
  "data:",
  "  kind: not-a-kind",
].join("\n");

describe("writtenObjects", () => {
  test("each document's kind, metadata name and namespace, at its first key's line", () => {
    expect(writtenObjects("base/app.yaml", text)).toEqual([
      { kind: "Deployment", name: "web", file: "base/app.yaml", line: 2 },
      { kind: "Service", name: "web", namespace: "shop", file: "base/app.yaml", line: 14 },
      { kind: "ConfigMap", name: "web-config", namespace: "shop", file: "base/app.yaml", line: 17 },
    ]);
  });

  test("JSON is not read (the caller falls back to the kustomization)", () => {
    expect(writtenObjects("a.json", '{"kind":"Deployment","metadata":{"name":"web"}}')).toEqual([]);
  });
});

describe("locateWritten", () => {
  const written = writtenObjects("base/app.yaml", text);

  test("a prefix, a suffix or a namespace from an overlay still finds the written object", () => {
    expect(locateWritten({ kind: "Deployment", namespace: "prod", name: "prod-web-v2" }, written)).toEqual({
      file: "base/app.yaml",
      line: 2,
    });
    expect(locateWritten({ kind: "ConfigMap", namespace: "prod", name: "prod-web-config" }, written)).toEqual(
      {
        file: "base/app.yaml",
        line: 17,
      },
    );
  });

  test("the longest written name wins; two that cannot be told apart give no location", () => {
    const two = [
      ...written,
      { kind: "Deployment", name: "web", namespace: "a", file: "other.yaml", line: 1 },
      { kind: "Deployment", name: "web-api", file: "api.yaml", line: 5 },
    ];
    expect(locateWritten({ kind: "Deployment", namespace: "x", name: "web-api" }, two)).toEqual({
      file: "api.yaml",
      line: 5,
    });
    expect(locateWritten({ kind: "Deployment", namespace: "a", name: "web" }, two)).toEqual({
      file: "other.yaml",
      line: 1,
    });
    expect(locateWritten({ kind: "Deployment", namespace: "prod", name: "web" }, two)).toBeUndefined();
    expect(locateWritten({ kind: "StatefulSet", namespace: "x", name: "web" }, two)).toBeUndefined();
  });
});
