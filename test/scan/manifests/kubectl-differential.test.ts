// Issue 31: every manifest kubectl accepts is read, with the values kubectl sees. The real kubectl
// (`kubectl patch --local`: reads -f files exactly as `kubectl apply` does, needs no cluster) and
// our reader are given the same tricky files (test/fixtures/kubectl-yaml, written for this test):
// both must read the same objects from each file kubectl accepts, and report the files it rejects.
// Every accepted file is also tried with Windows line endings and with a byte-order mark.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parseManifestFile } from "../../../src/scan/manifests/parse-manifest-file.js";
import { parseManifests } from "../../../src/scan/manifests/parse-manifests.js";

const corpus = join(import.meta.dirname, "../../fixtures/kubectl-yaml");
const scratch = mkdtempSync(join(tmpdir(), "kubectl-yaml-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// No cluster is ever asked: an empty kubeconfig makes sure of it.
const kubeconfig = join(scratch, "kubeconfig");
writeFileSync(kubeconfig, "");

type Kubectl = { objects: unknown[] } | { error: string };

/** The objects kubectl reads from a file (one per document, Lists flattened), or its error. */
function kubectlReads(name: string, bytes: Buffer): Kubectl {
  const file = join(scratch, name);
  writeFileSync(file, bytes);
  try {
    const out = execFileSync(
      "kubectl",
      ["patch", "--local", "-f", file, "--type", "merge", "-p", "{}", "-o", "json"],
      {
        env: { ...process.env, KUBECONFIG: kubeconfig },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    // One pretty-printed object per document, each closed by a `}` alone on its line.
    const chunks = out.split(/^\}$/m).filter((chunk) => chunk.trim() !== "");
    return { objects: chunks.map((chunk) => JSON.parse(`${chunk}}`)) };
  } catch (error) {
    return { error: String((error as { stderr?: unknown }).stderr ?? error) };
  }
}

const files = (folder: string) => readdirSync(join(corpus, folder)).sort();
const opts = { defaultNamespace: "default" };

const variants = (bytes: Buffer): Array<[string, Buffer]> => [
  ["as written", bytes],
  ["CRLF", Buffer.from(bytes.toString("utf8").replaceAll("\n", "\r\n"))],
  ["BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])],
];

describe("files kubectl accepts are read with kubectl's values", () => {
  for (const name of files("accepted")) {
    const bytes = readFileSync(join(corpus, "accepted", name));
    for (const [variant, text] of variants(bytes)) {
      test(`${name} (${variant})`, async () => {
        const kubectl = kubectlReads(name, text);
        expect(kubectl).toHaveProperty("objects");
        const expected = (kubectl as { objects: unknown[] }).objects;
        expect(expected.length).toBeGreaterThan(0);
        // The reader a scan uses (fast path first) and the full parse alone.
        const read = await parseManifestFile(name, text, opts);
        const full = parseManifests(name, text, { ...opts, fast: false });
        for (const parsed of [read, full]) {
          // Only duplicate keys are worth a warning (kustomize rejects them); nothing is an error.
          const expectedSeverities = name.startsWith("duplicate-") ? ["warning"] : [];
          expect([...new Set(parsed.problems.map((p) => p.severity))]).toEqual(expectedSeverities);
          expect(parsed.manifests.map((m) => m.object)).toEqual(expected);
        }
      });
    }
  }
});

describe("files kubectl rejects are reported, not read", () => {
  for (const name of files("rejected")) {
    test(name, async () => {
      const bytes = readFileSync(join(corpus, "rejected", name));
      expect(kubectlReads(name, bytes)).toHaveProperty("error");
      const parsed = await parseManifestFile(name, bytes, opts);
      expect(parsed.problems.filter((p) => p.severity === "error")).not.toEqual([]);
      expect(parsed.manifests).toEqual([]);
    });
  }
});
