// Server-side apply's bookkeeping as the real kubectl meets it on the simulated server, each rule as
// the Kubernetes documentation states it for a real cluster (kubernetes.io, "Server-Side Apply"):
// - "If you remove a field from a configuration and apply the configuration, server side apply
//   checks if there are any other field managers that also own the field. If the field is not owned
//   by any other field managers, it is ... deleted from the live object";
// - "Upgrading from client-side apply to server-side apply ... field management of the object
//   transfers from client-side apply to kubectl server-side apply, without encountering conflicts"
//   (the server lets the manager kubectl take the fields the last-applied annotation holds, and keeps
//   that annotation current; kubectl then moves client-side apply's fields to itself with a JSON
//   patch of managedFields and applies again);
// - another field manager gets the conflict, and kubectl's --force-conflicts advice.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startSimCluster } from "../../sim/index.js";
import { useClosing } from "../helpers/closing.js";
import { findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();
type Json = Record<string, unknown>;

const closing = useClosing();

async function start() {
  const sim = closing(await startSimCluster({ rolloutStepMs: 5 }));
  const dir = closing(makeTempDir("sim-apply-"));
  const kubeconfig = join(dir.dir, "kubeconfig");
  sim.writeKubeconfig(kubeconfig, { namespace: "default" });
  const apply = (data: Record<string, string>, ...flags: string[]) => {
    const file = join(dir.dir, "cm.yaml");
    const lines = Object.entries(data).map(([k, v]) => `  ${k}: "${v}"`);
    writeFileSync(
      file,
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n${lines.join("\n")}\n`,
    );
    return runKubectl(kubectl!, ["apply", ...flags, "-f", file], { home: dir.dir, kubeconfig });
  };
  const live = () => sim!.get("ConfigMap", "default", "app") as Json & { metadata: Json; data: Json };
  const owners = () =>
    (live().metadata.managedFields as Json[]).map((e) => [e.manager, e.operation, e.fieldsV1]);
  return { apply, live, owners };
}

describe.skipIf(!kubectl)("kubectl apply and field ownership on the simulated server", () => {
  test("a server-side apply that drops a key removes it, unless another manager owns it too", async () => {
    const { apply, live } = await start();
    expect((await apply({ A: "1", B: "1" }, "--server-side")).code).toBe(0);
    expect((await apply({ B: "1" }, "--server-side", "--field-manager", "other")).code).toBe(0);
    expect((await apply({ C: "1" }, "--server-side")).code).toBe(0);
    // A was kubectl's alone: gone. B is still "other"'s: it stays.
    expect(live().data).toEqual({ B: "1", C: "1" });
  });

  test("kubectl apply --server-side after kubectl apply takes the fields over without a conflict, and keeps the annotation current", async () => {
    const { apply, live, owners } = await start();
    expect((await apply({ A: "1", B: "1" })).code).toBe(0);
    const moved = await apply({ A: "2" }, "--server-side");
    expect([moved.code, moved.stderr]).toEqual([0, ""]);
    expect(live().data).toEqual({ A: "2" });
    expect((live().metadata.annotations as Json)["kubectl.kubernetes.io/last-applied-configuration"]).toBe(
      '{"apiVersion":"v1","data":{"A":"2"},"kind":"ConfigMap","metadata":{"name":"app","namespace":"default"}}\n',
    );
    expect(owners()).toEqual([
      ["kubectl", "Apply", { "f:data": { "f:A": {} } }],
      [
        "kubectl-last-applied",
        "Apply",
        { "f:metadata": { "f:annotations": { "f:kubectl.kubernetes.io/last-applied-configuration": {} } } },
      ],
    ]);
    // And back: the client-side apply reads the annotation the server kept current.
    expect((await apply({ A: "3", D: "1" })).code).toBe(0);
    expect(live().data).toEqual({ A: "3", D: "1" });
  });

  test("the annotation the server keeps current is written as the server writes it: keys that are numbers sorted as strings", async () => {
    const { apply, live } = await start();
    const data = { '"9"': "nine", '"10"': "ten", A: "1" };
    expect((await apply(data)).code).toBe(0);
    const annotation = () =>
      (live().metadata.annotations as Json)["kubectl.kubernetes.io/last-applied-configuration"];
    const kubectlWrote = annotation();
    expect(kubectlWrote).toContain('"data":{"10":"ten","9":"nine","A":"1"}');
    expect((await apply(data, "--server-side")).code).toBe(0);
    // The applied configuration itself (no empty annotations map, unlike kubectl's own), keys as Go sorts them.
    expect(annotation()).toBe(
      '{"apiVersion":"v1","data":{"10":"ten","9":"nine","A":"1"},"kind":"ConfigMap","metadata":{"name":"app","namespace":"default"}}\n',
    );
  });

  test("another field manager's server-side apply still conflicts with client-side apply's fields", async () => {
    const { apply, live } = await start();
    expect((await apply({ A: "1" })).code).toBe(0);
    const refused = await apply({ A: "2" }, "--server-side", "--field-manager", "ci");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('conflict with "kubectl-client-side-apply" using v1: .data.A');
    expect(refused.stderr).toContain("--force-conflicts");
    expect(live().data).toEqual({ A: "1" });
  });
});
