// The fast path must read exactly what the full YAML parse reads, or give up. Compared here on
// hand-written edge cases and on every YAML/JSON fixture of the test suite and the benchmark's
// generated manifests.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseAllDocuments, stringify } from "yaml";
import { parseSimpleYaml } from "../../../src/scan/manifests/fast-yaml.js";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

/** What parse-manifests.ts gets from the full parse: toJS of each document, YAML 1.1 without timestamps. */
function fullParse(source: string): unknown[] {
  return parseAllDocuments(source, {
    uniqueKeys: true,
    merge: true,
    version: "1.1",
    logLevel: "error",
    customTags: (tags) =>
      tags.filter((tag) => {
        const { tag: name, format } = tag as { tag?: string; format?: string };
        return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
      }),
  } as Parameters<typeof parseAllDocuments>[1])
    .map((doc) => {
      expect(doc.errors).toEqual([]);
      return doc.toJS();
    })
    .filter((value) => value !== null && value !== undefined);
}

/** A repeatable integer in [0, n): a linear congruential generator's high bits (its low ones cycle fast). */
function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n);
  };
}

function expectSameAsFullParse(source: string): boolean {
  const fast = parseSimpleYaml(source);
  if (fast === undefined) return false;
  expect(fast.map((d) => d.value).filter((value) => value !== null)).toEqual(fullParse(source));
  return true;
}

const READ = [
  "a: 1\nb: two\nc: true\nd: false\ne: null\nf: ~\ng:\nh: 0\n",
  'data:\n  TIMEOUT: 30s\n  cpu: 100m\n  mem: 128Mi\n  url: http://x.y:8080/p?q=1\n  quoted: \'8080\'\n  dq: "a\\"b\\\\c\\nd"\n',
  "k: |\n  line 1\n\n  line 3\n    indented\nnext: |-\n  x\n  y\n\n\nafter: 1\n",
  "items:\n- a\n- b # comment\n-\n  c: 1\n- name: x\n  args:\n  - --flag\n  env: []\n  res: {}\n",
  "# head\napiVersion: v1 # c\nkind: ConfigMap\n---\n---\nkind: Secret\nstringData:\n  k: 'it''s'\n",
  "labels: &l\n  app: x\nselector:\n  matchLabels: *l\nname: &n svc\nalso: *n\n",
  "seq:\n  -   key: v\n      other: w\n  - [] \n",
  "text: a, b [c] {d}\nemail: a@b.c\nhash: a#b\n",
  // A no-break space is content to YAML (JavaScript's trim would drop it).
  "a: b\u00a0\nc: \u00a0d\ne: f \u00a0 # comment\ng: -\u00a0h\n",
  "seq:\n- a: 1\n  b: 2\n-   c: 3\n    d: [] # c\n- http://x:80/y\n- key:value\n-\n- # c\n  e: 1\nz: 1\n",
  "a: 1\n---\n# only a comment\n---\nk: |\n  x\n# column 0 ends the block\nl: |-\n  last line, no newline",
];

const GIVE_UP = [
  "a: yes\n",
  "a: on\n",
  "y: 1\n",
  "a: 017\n",
  "a: 1.5\n",
  "a: .inf\n",
  "a: 2001-12-14\n",
  "a: 1_000\n",
  "a: 1:20\n",
  "a: b: c\n",
  "a: plain\n  continued\n",
  'a: "multi\n  line"\n',
  "a: >\n  folded\n",
  "a: |+\n  keep\n",
  "a: |2\n  x\n",
  "a: !!str 1\n",
  "a: {b: 1}\n",
  "<<: *x\n",
  "a: 1\na: 2\n",
  "a:\n\tb: 1\n",
  "a: 1\r\nb: 2\r\n",
  "%YAML 1.1\n---\na: 1\n",
  "--- a: 1\n",
  "a: *missing\n",
  'a: "\\x41"\n',
  "  a: 1\nb: 2\n",
  "a:\n  b: 1\n c: 2\n",
  "- a\nb: 1\n",
  "a: -1\n",
  "a: @x\n",
  "__proto__: 1\n",
  ".dockerconfigjson: x\n",
  // YAML 1.1's other line breaks (go-yaml breaks lines there, the yaml package does not).
  "a: b\u2028c\n",
  "a: b\u0085c\n",
  "a: 1\n\ufeffb: 2\n",
  "- - a\n",
  "a: |\n  x\n b: 1\n",
];

describe("fast YAML path", () => {
  test.each(READ)("reads %j as the full parse does", (source) => {
    expect(expectSameAsFullParse(source)).toBe(true);
  });

  test.each(GIVE_UP)("gives %j to the full parse", (source) => {
    expect(parseSimpleYaml(source)).toBeUndefined();
  });

  test("agrees with the full parse on every YAML example of the docs and the demo it reads", () => {
    const root = join(import.meta.dirname, "..", "..", "..");
    const sources: Array<[string, string]> = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ya?ml|json)$/.test(name)) sources.push([path, readFileSync(path, "utf8")]);
      }
    };
    walk(join(root, "test", "fixtures"));
    walk(join(root, "demo"));
    for (const doc of ["README.md", ...readdirSync(join(root, "docs")).map((name) => join("docs", name))]) {
      if (!doc.endsWith(".md")) continue;
      const text = readFileSync(join(root, doc), "utf8");
      for (const [index, block] of [...text.matchAll(/```ya?ml\n([\s\S]*?)```/g)].entries())
        sources.push([`${doc} block ${index}`, block[1]!]);
    }
    let read = 0;
    for (const [where, source] of sources) {
      const fast = parseSimpleYaml(source);
      if (fast === undefined) continue;
      let full: unknown[];
      try {
        full = fullParse(source);
      } catch {
        throw new Error(`${where}: the fast path read a text the full parse rejects`);
      }
      expect(
        fast.map((d) => d.value).filter((value) => value !== null),
        where,
      ).toEqual(full);
      read++;
    }
    expect(read).toBeGreaterThan(3);
  });

  test("agrees with the full parse on 2,000 generated manifests with awkward values", () => {
    const awkward = [
      "yes",
      "No",
      "on",
      "OFF",
      "y",
      "true",
      "False",
      "null",
      "~",
      "",
      " ",
      "0",
      "017",
      "0x1F",
      "1_000",
      "1.5",
      "-1",
      "+1",
      ".inf",
      "-.Inf",
      ".NaN",
      "1e3",
      "2001-12-14",
      "1:20",
      "100m",
      "128Mi",
      "30s",
      "1.0.0",
      "a: b",
      "a:b",
      "#x",
      "x #y",
      "x#y",
      "- x",
      "-x",
      "--flag",
      "? x",
      "@x",
      "`x",
      "%x",
      "&x",
      "*x",
      "!x",
      "[x]",
      "{x}",
      "x, y",
      "'q'",
      '"q"',
      "it's",
      'say "hi"',
      "back\\slash",
      "tab\tin",
      "multi\nline\n",
      "keep\n\n",
      "  leading",
      "trailing  ",
      "line\n  indented\n",
      "\nstarts with newline",
      "ünï",
      "http://a:8080/p",
      "nb\u00a0sp",
      "trailing\u00a0",
      "\u00a0leading",
    ];
    const random = seededRandom(7);
    const pick = <T>(list: T[]) => list[random(list.length)]!;
    let read = 0;
    for (let i = 0; i < 2000; i++) {
      const labels = { app: `app-${i}`, [pick(["tier", "y", "on", "team"])]: pick(awkward) };
      const data: Record<string, unknown> = {};
      for (let k = 0; k < 4; k++)
        data[pick(["KEY", "app.properties", "0key", "a.b", "x-y", "k"]) + k] = pick(awkward);
      const object = {
        apiVersion: "apps/v1",
        kind: pick(["Deployment", "ConfigMap"]),
        metadata: { name: `n-${i}`, namespace: pick(["a", "b"]), labels },
        data,
        spec: {
          replicas: pick([1, 2, 0, -1, 1.5]),
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: {
              containers: [
                { name: "c", args: [pick(awkward), pick(awkward)], env: [], resources: {} },
                { name: "d", ports: [{ containerPort: 8080 }], enabled: pick([true, false, null]) },
              ],
            },
          },
        },
      };
      const source = stringify(object, { version: pick(["1.1", "1.2"]) as "1.1" | "1.2" });
      if (expectSameAsFullParse(source)) read++;
    }
    expect(read).toBeGreaterThan(100);
  });

  test("reads 4,000 manifests mutated line by line as the full parse does, or gives up", () => {
    // Real manifests broken in small ways (a character inserted or dropped, a line indented,
    // repeated or removed): every one the fast path reads must be one the full parse reads the
    // same way. With JavaScript's trim, a no-break space inserted here was read wrongly.
    const seeds = [
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: &l\n    app: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels: *l\n  template:\n    metadata:\n      labels: *l\n    spec:\n      containers:\n        - name: app # main\n          image: registry.example.com/web:1.0.0\n          args:\n            - --port\n            - "8080"\n          ports:\n            - containerPort: 8080\n          envFrom:\n            - configMapRef:\n                name: web-config\n          env:\n          - name: TOKEN\n            valueFrom:\n              secretKeyRef:\n                name: web-secret\n                key: token\n          resources: {}\n',
      '# settings\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\n  namespace: prod\ndata:\n  LOG_LEVEL: debug\n  TIMEOUT: 30s\n  URL: \'http://db:5432/x\'\n  QUOTED: "a \\"b\\" c"\n  app.properties: |\n    server.port=8080\n\n    cache.ttl=60s\n  empty: ""\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: web-secret\nstringData:\n  token: s3cr3t\n  script: |-\n    #!/bin/sh\n      echo hi\n',
    ];
    const pieces = [
      " ",
      "  ",
      "- ",
      "-",
      "#",
      " #x",
      ": ",
      ":",
      "'",
      '"',
      "|",
      "|-",
      ">",
      "&a ",
      "*a",
      "---",
      "...",
      "\u00a0",
      "\u2028",
      "~",
      "null",
      "yes",
      "0",
      "017",
      "1.5",
      "[]",
      "{}",
      "[a]",
      "\\",
      "key: v",
      "\n",
      "\n  ",
      "\n- ",
      "?",
      "%",
      "@",
      "!",
      "`",
      ",",
      "x",
    ];
    const random = seededRandom(11);
    let read = 0;
    for (let i = 0; i < 4000; i++) {
      const lines = seeds[random(seeds.length)]!.split("\n");
      for (let m = 1 + random(3); m > 0; m--) {
        const at = random(lines.length);
        const line = lines[at]!;
        const column = random(line.length + 1);
        const change = random(5);
        if (change === 0)
          lines[at] = line.slice(0, column) + pieces[random(pieces.length)] + line.slice(column);
        else if (change === 1) lines[at] = line.slice(0, column) + line.slice(column + 1);
        else if (change === 2) lines.splice(at, 0, lines[random(lines.length)]!);
        else if (change === 3) lines[at] = " ".repeat(1 + random(3)) + line;
        else lines.splice(at, 1);
      }
      const source = lines.join("\n");
      const fast = parseSimpleYaml(source);
      if (fast === undefined) continue;
      let full: unknown[];
      try {
        full = fullParse(source);
      } catch {
        throw new Error(`the fast path read a text the full parse rejects: ${JSON.stringify(source)}`);
      }
      expect(
        fast.map((d) => d.value).filter((value) => value !== null),
        JSON.stringify(source),
      ).toEqual(full);
      read++;
    }
    expect(read).toBeGreaterThan(300);
  });

  test("manifests keep their lines, and a problem sends the file to the full parse", () => {
    const source =
      "# c\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name\n";
    const parsed = parseManifests("f.yaml", source, { defaultNamespace: "default" });
    expect(parsed.manifests.map((m) => [m.id.name, m.line])).toEqual([["a", 2]]);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatchObject({ line: 10 });
  });

  test("each item of a List keeps its own line, as the full parse gives it (kube-prometheus writes Lists)", () => {
    const item = (name: string) =>
      `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ${name}\n    namespace: monitoring\n  data:\n    a: "1"\n`;
    const source = `apiVersion: v1\nkind: ConfigMapList\nitems:\n${item("one")}${item("two")}`;
    const fast = parseManifests("list.yaml", source, { defaultNamespace: "default" });
    const full = parseManifests("list.yaml", source, { defaultNamespace: "default", fast: false });
    expect(fast.manifests.map((m) => [m.id.name, m.line])).toEqual([
      ["one", 4],
      ["two", 11],
    ]);
    expect(fast).toEqual(full);
  });
});
