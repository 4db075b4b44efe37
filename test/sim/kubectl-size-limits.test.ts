// The real API server's size limits as kubectl meets them on the simulated server (Kubernetes'
// ValidateConfigMap / ValidateSecret / ValidateAnnotations and the request body limit):
// - a ConfigMap's data and binaryData values (decoded) hold at most 1 MiB, keys not counted; over
//   it, the whole object is named: `[]: Too long: must have at most 1048576 bytes`;
// - a Secret's data (decoded) holds at most 1 MiB: `data: Too long: ...`;
// - an object's annotations, keys and values, hold at most 256 KiB: client-side apply copies the
//   whole object into its last-applied annotation, so it is refused long before the data limit;
// - a write whose body is over 3 MiB is answered 413 RequestEntityTooLarge before it is decoded.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();
const MiB = 1024 * 1024;
const DATA_LIMIT = "must have at most 1048576 bytes";

describe.skipIf(!kubectl)("kubectl against the simulated server's size limits", () => {
  let cluster: SimCluster;
  const temp = makeTempDir("sim-size-");
  const kubeconfig = join(temp.dir, "kubeconfig");
  const kube = (...args: string[]) => runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig });
  /** Writes `obj` as a JSON manifest and runs kubectl VERB... -f on it. */
  const withFile = (obj: Record<string, unknown>, ...args: string[]) => {
    const file = join(temp.dir, `${(obj.metadata as { name: string }).name}.json`);
    writeFileSync(file, JSON.stringify(obj));
    return kube(...args, "-f", file);
  };
  const configMap = (name: string, fields: Record<string, unknown>) => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name },
    ...fields,
  });

  beforeAll(async () => {
    cluster = await startSimCluster({ rolloutStepMs: 5 });
    cluster.writeKubeconfig(kubeconfig, { namespace: "default" });
  });
  afterAll(async () => {
    await cluster.close();
    temp.cleanup();
  });

  test("a ConfigMap of exactly 1 MiB of values is accepted; one byte more is refused for the whole object", async () => {
    // Keys are not counted: the limit is the values' bytes (a multi-byte character counts its bytes).
    const fits = configMap("fits", { data: { a: "é".repeat(MiB / 4), b: "x".repeat(MiB / 2) } });
    expect((await withFile(fits, "apply", "--server-side")).code).toBe(0);

    const over = configMap("over", { data: { a: "é".repeat(MiB / 4), b: "x".repeat(MiB / 2 + 1) } });
    const serverSide = await withFile(over, "apply", "--server-side");
    expect(serverSide.code).not.toBe(0);
    expect(serverSide.stderr).toContain(`ConfigMap "over" is invalid: []: Too long: ${DATA_LIMIT}`);
    // Client-side apply also copies the object into its last-applied annotation: both limits, which
    // kubectl lists from the Status' causes.
    const clientSide = await withFile(over, "apply");
    expect(clientSide.code).not.toBe(0);
    expect(clientSide.stderr).toContain(
      `ConfigMap "over" is invalid: \n* metadata.annotations: Too long: must have at most 262144 bytes\n* []: Too long: ${DATA_LIMIT}`,
    );
    expect(cluster.get("ConfigMap", "default", "over")).toBeUndefined();
  });

  test("an update over the limit is refused and leaves the stored ConfigMap as it was", async () => {
    const small = configMap("grows", { data: { a: "x" } });
    expect((await withFile(small, "apply", "--server-side")).code).toBe(0);
    const grown = configMap("grows", { data: { a: "x".repeat(MiB + 1) } });
    const refused = await withFile(grown, "apply", "--server-side");
    expect(refused.stderr).toContain(`ConfigMap "grows" is invalid: []: Too long: ${DATA_LIMIT}`);
    expect((cluster.get("ConfigMap", "default", "grows") as { data: unknown }).data).toEqual({ a: "x" });
  });

  test("binaryData counts its decoded bytes together with data", async () => {
    const half = Buffer.alloc(MiB / 2, 1).toString("base64");
    const both = configMap("both", { data: { text: "x".repeat(MiB / 2) }, binaryData: { bin: half } });
    expect((await withFile(both, "create")).code).toBe(0);
    const more = configMap("more", { data: { text: "x".repeat(MiB / 2 + 1) }, binaryData: { bin: half } });
    const refused = await withFile(more, "create");
    expect(refused.stderr).toContain(`ConfigMap "more" is invalid: []: Too long: ${DATA_LIMIT}`);
  });

  test("a Secret's decoded data over 1 MiB is refused naming data", async () => {
    const secret = {
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "certs" },
      data: { bundle: Buffer.alloc(MiB + 1, 7).toString("base64") },
    };
    const refused = await withFile(secret, "apply", "--server-side");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`Secret "certs" is invalid: data: Too long: ${DATA_LIMIT}`);
  });

  test("annotations over 256 KiB (keys and values) are refused; client-side apply of a 300 KiB ConfigMap is", async () => {
    const annotated = configMap("annotated", {
      metadata: { name: "annotated", annotations: { note: "x".repeat(256 * 1024 - 3) } },
      data: { a: "1" },
    });
    expect((await withFile(annotated, "create")).code).not.toBe(0);
    const fits = configMap("annotated", {
      metadata: { name: "annotated", annotations: { note: "x".repeat(256 * 1024 - 4) } },
      data: { a: "1" },
    });
    expect((await withFile(fits, "create")).code).toBe(0);

    const medium = configMap("medium", { data: { a: "x".repeat(300 * 1024) } });
    const clientSide = await withFile(medium, "apply");
    expect(clientSide.stderr).toContain(
      `ConfigMap "medium" is invalid: metadata.annotations: Too long: must have at most 262144 bytes`,
    );
    expect((await withFile(medium, "apply", "--server-side")).code).toBe(0);
  });

  test("a write whose body is over 3 MiB is answered 413 RequestEntityTooLarge", async () => {
    const huge = configMap("huge", { data: { a: "x".repeat(3 * MiB) } });
    const refused = await withFile(huge, "create");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("Error from server (RequestEntityTooLarge)");
    expect(refused.stderr).toContain("Request entity too large: limit is 3145728");
    expect(cluster.requests.at(-1)?.status).toBe(413);
  });
});
