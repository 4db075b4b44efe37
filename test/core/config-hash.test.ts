// The config-hash value shared by the live annotation strategy and the stamp: key-precise, keyed
// only by --hash-key, independent of order, and only over configs defined in the repository.
import { createHash, createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { configHash } from "../../src/core/config-hash.js";
import { findReferences } from "../../src/core/config-references.js";
import { consumedKeys } from "../../src/core/consumed-configs.js";
import { type ConfigContent, idKey } from "../../src/core/model.js";

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const cm = { kind: "ConfigMap" as const, namespace: "ns", name: "app" };
const sec = { kind: "Secret" as const, namespace: "ns", name: "db" };

function contents(app: Record<string, string>, db?: Record<string, string>): Map<string, ConfigContent> {
  const encode = (c: Record<string, string>) =>
    Object.fromEntries(Object.entries(c).map(([k, v]) => [k, b64(v)]));
  const map = new Map<string, ConfigContent>([[idKey(cm), encode(app)]]);
  if (db) map.set(idKey(sec), encode(db));
  return map;
}

const dbHostOnly = findReferences({
  containers: [
    { name: "a", env: [{ name: "H", valueFrom: { configMapKeyRef: { name: "app", key: "DB_HOST" } } }] },
  ],
});
const everyKey = findReferences({
  containers: [{ name: "a", envFrom: [{ configMapRef: { name: "app" } }] }],
});

describe("configHash", () => {
  test("a DB_HOST-only consumer keeps its value when only LOG_LEVEL changes; an envFrom consumer does not", () => {
    const before = contents({ DB_HOST: "db", LOG_LEVEL: "info" });
    const after = contents({ DB_HOST: "db", LOG_LEVEL: "debug" });
    const precise = consumedKeys(dbHostOnly, "ns");
    expect(configHash(precise, after)).toBe(configHash(precise, before));
    expect(configHash(consumedKeys(everyKey, "ns"), after)).not.toBe(
      configHash(consumedKeys(everyKey, "ns"), before),
    );
    // ...and it does change when DB_HOST changes, or when DB_HOST appears.
    expect(configHash(precise, contents({ DB_HOST: "db2", LOG_LEVEL: "info" }))).not.toBe(
      configHash(precise, before),
    );
    expect(configHash(precise, contents({ LOG_LEVEL: "info" }))).not.toBe(configHash(precise, before));
  });

  test("items read the listed keys; a volume without items reads every key", () => {
    const items = findReferences({
      volumes: [{ name: "v", configMap: { name: "app", items: [{ key: "a.conf", path: "a.conf" }] } }],
    });
    const whole = findReferences({ volumes: [{ name: "v", configMap: { name: "app" } }] });
    const one = contents({ "a.conf": "x", "b.conf": "1" });
    const two = contents({ "a.conf": "x", "b.conf": "2" });
    expect(configHash(consumedKeys(items, "ns"), one)).toBe(configHash(consumedKeys(items, "ns"), two));
    expect(configHash(consumedKeys(whole, "ns"), one)).not.toBe(configHash(consumedKeys(whole, "ns"), two));
  });

  test("the keys a workload reads are merged per config: one whole read covers every key", () => {
    expect(consumedKeys([...dbHostOnly, ...everyKey], "ns")).toEqual([{ id: cm, keys: "all" }]);
    const two = findReferences({
      containers: [
        {
          name: "a",
          env: [
            { name: "P", valueFrom: { configMapKeyRef: { name: "app", key: "PORT" } } },
            { name: "H", valueFrom: { configMapKeyRef: { name: "app", key: "DB_HOST" } } },
          ],
        },
      ],
    });
    expect(consumedKeys(two, "ns")).toEqual([{ id: cm, keys: ["PORT", "DB_HOST"] }]);
  });

  test("stable across reference order and key order", () => {
    const refs = findReferences({
      containers: [
        { name: "a", envFrom: [{ secretRef: { name: "db" } }, { configMapRef: { name: "app" } }] },
      ],
    });
    const uid = () => "4f1c-uid";
    const a = configHash(consumedKeys(refs, "ns"), contents({ A: "1", B: "2" }, { p: "x" }), undefined, uid);
    const b = configHash(
      consumedKeys([...refs].reverse(), "ns"),
      contents({ B: "2", A: "1" }, { p: "x" }),
      undefined,
      uid,
    );
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a value that covers a Secret is never an unkeyed SHA-256: --hash-key, else its UID, else none", () => {
    const refs = findReferences({ containers: [{ name: "a", envFrom: [{ secretRef: { name: "db" } }] }] });
    const consumed = consumedKeys(refs, "ns");
    const secretOnly = new Map([["Secret/ns/db", { p: b64("hunter2") }]]);
    const canonical = `[{"content":{"p":"${b64("hunter2")}"},"id":{"kind":"Secret","name":"db","namespace":"ns"}}]`;
    const unkeyed = createHash("sha256").update(canonical).digest("hex");
    expect(configHash(consumed, secretOnly)).toBeUndefined();
    expect(configHash(consumed, secretOnly, undefined, () => undefined)).toBeUndefined();
    const byUid = configHash(consumed, secretOnly, undefined, () => "uid-1");
    expect(byUid).toMatch(/^[0-9a-f]{64}$/);
    expect(byUid).not.toBe(unkeyed);
    expect(byUid).not.toBe(configHash(consumed, secretOnly, undefined, () => "uid-2"));
    expect(configHash(consumed, secretOnly, Buffer.from("k"))).toBe(
      createHmac("sha256", "k").update(canonical).digest("hex"),
    );
  });

  test("whole-config reads hash as before (same bytes as the earlier whole-content hash); HMAC with a key", () => {
    const value = configHash(consumedKeys(everyKey, "ns"), contents({ b: "2", a: "1" }));
    const canonical = `[{"content":{"a":"${b64("1")}","b":"${b64("2")}"},"id":{"kind":"ConfigMap","name":"app","namespace":"ns"}}]`;
    expect(value).toBe(createHash("sha256").update(canonical).digest("hex"));
    const keyed = configHash(consumedKeys(everyKey, "ns"), contents({ a: "1", b: "2" }), Buffer.from("k1"));
    expect(keyed).toBe(createHmac("sha256", "k1").update(canonical).digest("hex"));
    expect(keyed).not.toBe(
      configHash(consumedKeys(everyKey, "ns"), contents({ a: "1", b: "2" }), Buffer.from("k2")),
    );
  });

  test("configs not defined in the repository are left out; none at all gives no value", () => {
    const refs = findReferences({
      containers: [
        { name: "a", envFrom: [{ configMapRef: { name: "app" } }, { secretRef: { name: "external" } }] },
      ],
    });
    expect(configHash(consumedKeys(refs, "ns"), contents({ A: "1" }))).toBe(
      configHash(consumedKeys(everyKey, "ns"), contents({ A: "1" })),
    );
    expect(configHash(consumedKeys(refs, "ns"), new Map())).toBeUndefined();
  });

  test.each<{ name: string; a: Record<string, string>; b: Record<string, string> }>([
    { name: "values that k=v joining would confuse", a: { a: "b;c=d" }, b: { a: "b", c: "d" } },
    { name: "a changed value", a: { a: "1" }, b: { a: "2" } },
    { name: "a renamed key", a: { a: "1" }, b: { b: "1" } },
  ])("differs for $name", ({ a, b }) => {
    const all = consumedKeys(everyKey, "ns");
    expect(configHash(all, contents(a))).not.toBe(configHash(all, contents(b)));
  });
});
