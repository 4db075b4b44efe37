// How a config is written back (rollout/restore/restore-write.ts): as the field manager that wrote
// its data last, the way that manager writes. Proved against the real kubectl in
// test/rollout/restore-configs.sim.test.ts; these are the decisions, table by table.
import { describe, expect, test } from "vitest";
import { goJson, lastAppliedOf } from "../../../src/rollout/restore/last-applied.js";
import { byHand, shellWord } from "../../../src/rollout/restore/restore-source.js";
import { lastContentWriter, restoreWrite } from "../../../src/rollout/restore/restore-write.js";

const LA = "kubectl.kubernetes.io/last-applied-configuration";
const b64 = (s: string) => Buffer.from(s).toString("base64");
const manifest = (data: Record<string, string>) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name: "app" },
  data,
});
const base = { manifest: manifest({ A: "1", B: "kept" }), content: { A: b64("1"), B: b64("kept") } };
const entry = (
  manager: string,
  operation: string,
  time: string,
  fields: object = { "f:data": { "f:A": {} } },
) => ({
  manager,
  operation,
  time,
  fieldsType: "FieldsV1",
  fieldsV1: fields,
});
const live = (managedFields: object[], extra: Record<string, unknown> = {}) => ({
  ...manifest({ A: "broken", C: "new" }),
  metadata: { name: "app", namespace: "shop", resourceVersion: "42", managedFields, ...extra },
});

describe("the manager that wrote the data last", () => {
  test.each([
    [
      [entry("kubectl-client-side-apply", "Update", "2026-01-01T00:00:00Z")],
      "kubectl-client-side-apply",
      "Update",
    ],
    [
      [
        entry("kubectl-client-side-apply", "Update", "2026-01-01T00:00:00Z"),
        entry("kubectl", "Apply", "2026-01-02T00:00:00Z"),
      ],
      "kubectl",
      "Apply",
    ],
    // The same second: the apply first.
    [
      [entry("helm", "Update", "2026-01-01T00:00:00Z"), entry("kubectl", "Apply", "2026-01-01T00:00:00Z")],
      "kubectl",
      "Apply",
    ],
    // A Secret applied with stringData is recorded under it.
    [[entry("kubectl", "Apply", "t", { "f:stringData": { "f:password": {} } })], "kubectl", "Apply"],
    // Owning only metadata, or a status subresource, is not writing the content.
    [
      [
        entry("kubectl", "Apply", "2026-01-01T00:00:00Z"),
        entry("labeler", "Update", "2026-02-01T00:00:00Z", { "f:metadata": { "f:labels": {} } }),
        { ...entry("x", "Update", "2026-03-01T00:00:00Z"), subresource: "status" },
      ],
      "kubectl",
      "Apply",
    ],
  ])("%#", (entries, manager, operation) => {
    expect(lastContentWriter(live(entries))).toEqual({ manager, operation });
  });

  test("none recorded: undefined", () => {
    expect(lastContentWriter(live([]))).toBeUndefined();
  });
});

describe("the write", () => {
  test("after a server-side apply: the base manifest applied, forced, as that manager", () => {
    expect(restoreWrite(live([entry("kubectl", "Apply", "t")]), base, undefined, "shop")).toEqual({
      apply: { ...base.manifest, metadata: { name: "app", namespace: "shop" } },
      fieldManager: "kubectl",
      how: "server-side apply as kubectl",
    });
  });

  test("after a client-side apply: kubectl's three-way patch from the annotation, the annotation set to the base, guarded", () => {
    const annotation = lastAppliedOf(manifest({ A: "broken", C: "new" }), "shop");
    const write = restoreWrite(
      live([entry("kubectl-client-side-apply", "Update", "t")], { annotations: { [LA]: annotation } }),
      base,
      undefined,
      "shop",
    );
    expect(write).toEqual({
      patch: {
        data: { A: "1", B: "kept", C: null },
        metadata: { annotations: { [LA]: lastAppliedOf(base.manifest, "shop") }, resourceVersion: "42" },
      },
      fieldManager: "kubectl-client-side-apply",
      how: "client-side apply's three-way patch as kubectl-client-side-apply",
    });
  });

  test("after another update (no annotation): a merge patch from the failed commit's manifest; someone else's key stays", () => {
    const current = { ...live([entry("helm", "Update", "t")]), data: { A: "broken", C: "new", D: "theirs" } };
    const write = restoreWrite(current, base, manifest({ A: "broken", C: "new" }), "shop");
    expect(write).toMatchObject({ patch: { data: { A: "1", B: "kept", C: null } }, fieldManager: "helm" });
  });

  test.each([
    [undefined, /not on the cluster/],
    [{ ...live([]), immutable: true }, /immutable \(immutable: true\)/],
  ])("refused: %#", (current, why) => {
    expect(restoreWrite(current, base, undefined, "shop")).toEqual({ refused: expect.stringMatching(why) });
  });

  test("nobody recorded: kubectl's annotation says client-side apply, else a server-side apply as config-rollout; nothing to change: unchanged", () => {
    expect(restoreWrite(live([]), base, undefined, "shop")).toMatchObject({ fieldManager: "config-rollout" });
    const annotated = live([], { annotations: { [LA]: lastAppliedOf(manifest({ A: "broken" }), "shop") } });
    expect(restoreWrite(annotated, base, undefined, "shop")).toMatchObject({
      patch: { data: { A: "1", B: "kept" } },
      fieldManager: "kubectl-client-side-apply",
    });
    const restored = {
      ...base.manifest,
      metadata: {
        name: "app",
        namespace: "shop",
        managedFields: [entry("kubectl-client-side-apply", "Update", "t")],
      },
    };
    expect(restoreWrite(restored, base, base.manifest, "shop")).toEqual({
      unchanged: "it already holds the base commit's manifest",
    });
  });
});

describe("kubectl's annotation and what to run by hand", () => {
  test("the annotation as kubectl writes it: sorted keys, an empty annotations map, Go's HTML escapes, a newline", () => {
    expect(
      lastAppliedOf(
        { kind: "ConfigMap", apiVersion: "v1", metadata: { name: "a" }, data: { k: "<&>\u2028" } },
        "ns",
      ),
    ).toBe(
      '{"apiVersion":"v1","data":{"k":"\\u003c\\u0026\\u003e\\u2028"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"a","namespace":"ns"}}\n',
    );
    expect(goJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}\n');
    // Go sorts map keys as strings; a JavaScript object would put integer-like keys first, in number order.
    expect(goJson({ "9": "nine", "10": "ten", a: "x" })).toBe('{"10":"ten","9":"nine","a":"x"}\n');
  });

  test.each([
    ["deploy/app.yaml", "deploy/app.yaml"],
    ["my dir/it's.yaml", "'my dir/it'\\''s.yaml'"],
    ["bad\nname.yaml", "$'bad\\x0aname.yaml'"],
  ])("a shell word: %j", (word, expected) => {
    expect(shellWord(word)).toBe(expected);
  });

  test("a refused restore names the command: a raw file through git show, a rendered one through its renderer", () => {
    const id = { kind: "ConfigMap" as const, namespace: "shop", name: "app" };
    const commit = "0123456789abcdef0123456789abcdef01234567";
    expect(byHand({ id, source: { commit, file: "deploy/app.yaml" } }, "forbidden")).toBe(
      "not restored: forbidden; restore it by hand: git show 0123456789ab:deploy/app.yaml | kubectl apply -n shop -f - (the file's other objects at 0123456789ab too), then roll back its readers (kubectl rollout undo)",
    );
    expect(
      byHand(
        { id, source: { commit, file: "base/app.env", origin: "kustomize overlays/prod" } },
        "it is immutable",
      ),
    ).toMatch(
      /^not restored: it is immutable; restore it by hand: kubectl delete configmap app -n shop, then render kustomize overlays\/prod at 0123456789ab/,
    );
  });
});
