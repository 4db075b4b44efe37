// The real kubectl as the oracle for workload history and config writes: rollout history and
// undo read ReplicaSets/ControllerRevisions exactly as they would on a cluster.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, findKubectl, type Loose, makeTempDir, runKubectl, workload } from "./helpers.js";

const kubectl = findKubectl();

describe.skipIf(!kubectl)(
  "kubectl rollout history/undo and config writes against the simulated cluster",
  () => {
    let cluster: SimCluster;
    const temp = makeTempDir("sim-kubectl-history-");
    const kubeconfig = join(temp.dir, "kubeconfig");
    const run = (...args: string[]) => runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig });
    const image = (kind: string, name: string) =>
      (cluster.get(kind, "shop", name) as Loose).spec.template.spec.containers[0].image as string;

    /** `kubectl rollout history` rows: [revision, change-cause]. */
    async function history(ref: string): Promise<string[][]> {
      const result = await run("rollout", "history", ref);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const lines = result.stdout.trim().split("\n");
      expect(lines[1]).toMatch(/^REVISION\s+CHANGE-CAUSE$/);
      return lines.slice(2).map((l) => l.trim().split(/\s{2,}/));
    }

    async function rollTo(ref: string, newImage: string): Promise<void> {
      expect((await run("set", "image", ref, `app=${newImage}`)).code).toBe(0);
      const status = await run("rollout", "status", ref, "--timeout=30s");
      expect(status.code).toBe(0);
    }

    beforeAll(async () => {
      cluster = await startSimCluster({ rolloutStepMs: 5 });
      cluster.writeKubeconfig(kubeconfig, { namespace: "shop" });
      cluster.seed(deployment("web", "shop", 3));
      cluster.seed(workload("StatefulSet", "db", "shop"));
      cluster.seed(workload("DaemonSet", "agent", "shop"));
    });
    afterAll(async () => {
      await cluster.close();
      temp.cleanup();
    });

    test("rollout history lists a revision per template, with the change cause", async () => {
      await rollTo("deploy/web", "nginx:2");
      await rollTo("deploy/web", "nginx:3");
      // As on a real cluster: annotating after the change records the current revision's cause.
      expect((await run("annotate", "deploy/web", "kubernetes.io/change-cause=bump to 3")).code).toBe(0);
      expect(await history("deploy/web")).toEqual([
        ["1", "<none>"],
        ["2", "<none>"],
        ["3", "bump to 3"],
      ]);
      const second = await run("rollout", "history", "deploy/web", "--revision=2");
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(/Image:\s+nginx:2/);
    });

    test("rollout undo brings the previous template back as a new rollout and revision", async () => {
      const undo = await run("rollout", "undo", "deploy/web");
      expect(undo.stderr).toBe("");
      expect(undo.stdout).toContain("deployment.apps/web rolled back");
      const status = await run("rollout", "status", "deploy/web", "--timeout=30s");
      expect(status.stdout).toContain('deployment "web" successfully rolled out');
      expect(image("Deployment", "web")).toBe("nginx:2");
      expect(await history("deploy/web")).toEqual([
        ["1", "<none>"],
        ["3", "bump to 3"],
        ["4", "<none>"],
      ]);
    });

    test("rollout undo --to-revision=1 restores the first template; undoing to it again is skipped", async () => {
      expect((await run("rollout", "undo", "deploy/web", "--to-revision=1")).code).toBe(0);
      expect((await run("rollout", "status", "deploy/web", "--timeout=30s")).code).toBe(0);
      expect(image("Deployment", "web")).toBe("nginx:1.27");
      expect((await history("deploy/web")).map((row) => row[0])).toEqual(["3", "4", "5"]);
      const again = await run("rollout", "undo", "deploy/web", "--to-revision=5");
      expect(again.stdout).toContain("skipped rollback (current template already matches revision 5)");
      const missing = await run("rollout", "undo", "deploy/web", "--to-revision=1");
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain("unable to find specified revision 1 in history");
    });

    test("kubectl get pods -l shows the deployment's pods, all on the rolled-back template", async () => {
      const result = await run(
        "get",
        "pods",
        "-l",
        "app=web",
        "-o",
        "jsonpath={range .items[*]}{.spec.containers[0].image} {.metadata.ownerReferences[0].kind}{'\\n'}{end}",
      );
      expect(result.stderr).toBe("");
      expect(result.stdout.trim().split("\n")).toEqual(Array(3).fill("nginx:1.27 ReplicaSet"));
    });

    test.each([
      ["sts/db", "StatefulSet", "db"],
      ["ds/agent", "DaemonSet", "agent"],
    ])("rollout history and undo --to-revision work for %s", async (ref, kind, name) => {
      await rollTo(ref, "nginx:2");
      await rollTo(ref, "nginx:3");
      expect(await history(ref)).toEqual([
        ["1", "<none>"],
        ["2", "<none>"],
        ["3", "<none>"],
      ]);
      const second = await run("rollout", "history", ref, "--revision=2");
      expect(second.stdout).toMatch(/Image:\s+nginx:2/);
      expect((await run("rollout", "undo", ref, "--to-revision=1")).code).toBe(0);
      expect((await run("rollout", "status", ref, "--timeout=30s")).code).toBe(0);
      expect(image(kind, name)).toBe("nginx:1.27");
      expect((await history(ref)).map((row) => row[0])).toEqual(["2", "3", "4"]);
      const table = await run("get", "controllerrevisions", "-l", `app=${name}`);
      const rows = table.stdout.trim().split("\n");
      expect(rows[0]).toMatch(/^NAME\s+CONTROLLER\s+REVISION\s+AGE$/);
      // Listed by name (hash order), as a real server lists them.
      const byRevision = rows.slice(1).map((r) => r.split(/\s+/).slice(1, 3));
      expect(byRevision.sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual(
        ["2", "3", "4"].map((rev) => [`${kind.toLowerCase()}.apps/${name}`, rev]),
      );
    });

    test("kubectl create configmap (a protobuf body) and delete configmap", async () => {
      // Bytes that are not UTF-8 go to binaryData, and must survive the protobuf body intact.
      const blob = join(temp.dir, "blob.bin");
      writeFileSync(blob, Buffer.from([0x00, 0xff, 0x10, 0x80]));
      const created = await run(
        "create",
        "configmap",
        "settings",
        "--from-literal=level=debug",
        `--from-file=blob=${blob}`,
      );
      expect(created.stderr).toBe("");
      expect(created.stdout).toContain("configmap/settings created");
      const stored = cluster.get("ConfigMap", "shop", "settings") as Loose;
      expect(stored.data).toEqual({ level: "debug" });
      expect(stored.binaryData).toEqual({ blob: Buffer.from([0x00, 0xff, 0x10, 0x80]).toString("base64") });
      expect(stored.metadata.namespace).toBe("shop");
      const twice = await run("create", "configmap", "settings", "--from-literal=level=info");
      expect(twice.code).not.toBe(0);
      expect(twice.stderr).toContain('configmaps "settings" already exists');
      const secret = await run(
        "create",
        "secret",
        "generic",
        "token",
        "--from-literal=t=abc",
        "--type=example.com/token",
        "--save-config",
      );
      expect(secret.stdout).toContain("secret/token created");
      const token = cluster.get("Secret", "shop", "token") as Loose;
      expect(token.data).toEqual({ t: "YWJj" });
      expect(token.type).toBe("example.com/token");
      // --save-config travels as an annotation inside the protobuf ObjectMeta.
      expect(
        JSON.parse(token.metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]),
      ).toMatchObject({
        kind: "Secret",
        metadata: { name: "token" },
      });
      expect((await run("delete", "configmap", "settings")).stdout).toContain('configmap "settings" deleted');
      expect(cluster.get("ConfigMap", "shop", "settings")).toBeUndefined();
      const again = await run("delete", "configmap", "settings");
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('Error from server (NotFound): configmaps "settings" not found');
    });

    test("server-side dry runs of create and delete change nothing", async () => {
      const created = await run("create", "configmap", "dry", "--from-literal=a=b", "--dry-run=server");
      expect(created.stdout).toContain("configmap/dry created (server dry run)");
      expect(cluster.get("ConfigMap", "shop", "dry")).toBeUndefined();
      await run("create", "configmap", "kept", "--from-literal=a=b");
      const deleted = await run("delete", "configmap", "kept", "--dry-run=server");
      expect(deleted.stdout).toContain('configmap "kept" deleted (server dry run)');
      expect(cluster.get("ConfigMap", "shop", "kept")).toBeDefined();
    });

    test("apply --server-side of an immutable ConfigMap, then of changed data, shows the 422", async () => {
      const file = join(temp.dir, "frozen.yaml");
      const manifest = (level: string) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: frozen\nimmutable: true\ndata:\n  level: ${level}\n`;
      writeFileSync(file, manifest("info"));
      const first = await run("apply", "--server-side", "-f", file);
      expect(first.stdout).toContain("configmap/frozen serverside-applied");
      writeFileSync(file, manifest("debug"));
      const second = await run("apply", "--server-side", "-f", file);
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(
        'The ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set',
      );
      expect((cluster.get("ConfigMap", "shop", "frozen") as Loose).data).toEqual({ level: "info" });
      expect((await run("label", "configmap", "frozen", "team=a")).code).toBe(0);
      expect((await run("delete", "configmap", "frozen")).code).toBe(0);
    });
  },
);
