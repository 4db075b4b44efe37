// Secret values where a failed rollout quotes pod text: a repository Secret whose value changed
// (`stringData` at the base commit, `data` at the head commit) and a Secret only the cluster holds,
// each printed by the pods that read them — in a waiting message and its Warning event, in a
// termination message and in the crashed container's log lines, raw and base64. The CLI's and the
// action's tests run it and scan every output for every form of every value.
import { expect } from "vitest";
import { parseAllDocuments } from "yaml";
import { kubeconfigYaml, type SimCluster, startSimCluster } from "../../sim/index.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";

export const NS = "shop";
const HASH = "config-rollout.io/config-hash";

/** The repository's `db` password at the base commit (stringData). */
export const BASE_VALUE = "base-Passw0rd-4711";
/** The repository's `db` password at the head commit (base64 in `data`). */
export const HEAD_VALUE = "head-Passw0rd-0815";
/** `ext-token`: a Secret only the cluster holds (an operator writes it); read for the hash. */
export const LIVE_VALUE = "live-T0ken-7f3a9c";

export const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** Every form of every value that must appear in no output. */
export const FORBIDDEN = [BASE_VALUE, HEAD_VALUE, LIVE_VALUE].flatMap((v) => [v, b64(v)]);

function manifests(version: "base" | "head") {
  const db =
    version === "base"
      ? secret("db", { stringData: { password: BASE_VALUE } }, NS)
      : secret("db", { data: { password: b64(HEAD_VALUE) } }, NS);
  return [
    db,
    // Crashes: its termination message and its log print the values.
    deployment(
      "api",
      pod({
        env: [
          { name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } },
          { name: "TOKEN", valueFrom: { secretKeyRef: { name: "ext-token", key: "token" } } },
        ],
      }),
      { namespace: NS },
    ),
    // Cannot start: its waiting message, and the Warning event that repeats it, print them.
    deployment("web", pod({ envFrom: [{ secretRef: { name: "db" } }] }), { namespace: NS }),
  ];
}

export interface SecretScenario {
  sim: SimCluster;
  repo: TempRepo;
  base: string;
  head: string;
  kubeconfig: string;
  close(): Promise<void>;
}

export async function startSecretScenario(kubeconfigPath: string): Promise<SecretScenario> {
  const sim = await startSimCluster({ rolloutStepMs: 5 });
  const repo = await createTempRepo();
  await repo.write("deploy/shop.yaml", yamlDocs(...manifests("base")));
  const base = await repo.commit("v1");
  await repo.write("deploy/shop.yaml", yamlDocs(...manifests("head")));
  const head = await repo.commit("v2: rotate the db password");
  const live = [...manifests("head"), secret("ext-token", { stringData: { token: LIVE_VALUE } }, NS)];
  for (const object of live) sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
  // Only the templates config-rollout's restart writes fail (the running ones carry no hash).
  const restarted = (o: { spec?: { template?: { metadata?: { annotations?: Record<string, string> } } } }) =>
    o.spec?.template?.metadata?.annotations?.[HASH] !== undefined;
  sim.setPodFailure("Deployment", NS, "api", "CrashLoopBackOff", {
    onlyFor: restarted,
    exitCode: 1,
    message: `fatal: login failed with password ${HEAD_VALUE} (was ${BASE_VALUE}, token ${b64(LIVE_VALUE)})`,
    log: [
      "boot",
      `DB_PASSWORD=${HEAD_VALUE}`,
      `TOKEN=${LIVE_VALUE}`,
      `old password as base64: ${b64(BASE_VALUE)}`,
      `new password as base64: ${b64(HEAD_VALUE)}`,
      "fatal: cannot log in",
    ],
  });
  sim.setPodFailure("Deployment", NS, "web", "CreateContainerConfigError", {
    onlyFor: restarted,
    message: `invalid env from secret db: ${LIVE_VALUE} / ${b64(HEAD_VALUE)} / ${BASE_VALUE}`,
  });
  sim.writeKubeconfig(kubeconfigPath, { context: "ci" });
  sim.resetRequests();
  return {
    sim,
    repo,
    base,
    head,
    kubeconfig: kubeconfigPath,
    async close() {
      await sim.close();
      await repo.cleanup();
    },
  };
}

/** The kubeconfig as a user pastes it into a CI secret. */
export function kubeconfigText(s: SecretScenario): string {
  return kubeconfigYaml(s.sim.httpsUrl, s.sim.token, { context: "ci", caCert: s.sim.caCert });
}

/** No form of any value in any of the outputs, each named for the failure message. */
export function expectNoSecret(outputs: Record<string, string>): void {
  for (const [name, text] of Object.entries(outputs)) {
    for (const form of FORBIDDEN) expect(text.includes(form), `${name} holds ${form}`).toBe(false);
  }
}
