// A config change whose new pods crash, run by the bundled action on a pull request (dry-run: none):
// the plan comment and the run's annotations quote the cause as the text report does (pod, container,
// reason, message, last exit code, Warning events, --logs lines), escaped for markdown and bounded.
import { expect, test } from "vitest";
import { startFakeGitHub } from "../comment/fake-review-api.js";
import { useClosing } from "../helpers/closing.js";
import { NS, pullRequestEvent, startActionScenario } from "./action-scenario.js";
import { runAction } from "./run-action.js";

const TOKEN = "ghs_0123456789abcdefghijklmnopqrstuvwxyzAB";
const HASH = "config-rollout.io/config-hash";

const closing = useClosing();

type Loose = { spec?: { template?: { metadata?: { annotations?: Record<string, string> } } } };

test("the plan comment and the annotations say why the new pods did not start", async () => {
  const s = closing(await startActionScenario());
  const api = closing(await startFakeGitHub(TOKEN));
  s.sim.setPodFailure("Deployment", NS, "web", "CrashLoopBackOff", {
    // Only the template the restart writes crashes (the old one has no hash annotation).
    onlyFor: (o: Loose) => o.spec?.template?.metadata?.annotations?.[HASH] !== undefined,
    exitCode: 2,
    // A termination message of several lines, markdown in it, far too long to quote whole.
    message: `LOG_LEVEL=debug is *not* supported <b>\nsee | docs\n${"y".repeat(2000)}`,
    log: ["boot", "fatal: LOG_LEVEL=debug is *not* supported"],
  });
  const run = await runAction({
    workspace: s.repo.dir,
    eventName: "pull_request",
    event: pullRequestEvent(s),
    inputs: {
      "github-token": TOKEN,
      "kubeconfig-data": Buffer.from(s.kubeconfigText).toString("base64"),
      "dry-run": "none",
      logs: "1",
      timeout: "60s",
    },
    env: { GITHUB_API_URL: api.apiUrl, GITHUB_SERVER_URL: "https://github.example", GITHUB_RUN_ID: "1" },
  });
  expect(run.code, run.stdout).toBe(1);

  // The comment: the cause section, escaped, the termination message on one line and cut.
  expect(api.comments).toHaveLength(1);
  const body = api.comments[0]!.body;
  expect(body).toContain("#### Why the new pods did not start");
  expect(body).toMatch(/- \*\*deployment\/web\*\* \(shop\): pod web-\S+ container app: CrashLoopBackOff/);
  expect(body).toContain(
    "last exit code 2: LOG\\_LEVEL=debug is \\*not\\* supported &lt;b&gt; \\| see \\| docs \\| yyy",
  );
  expect(body).not.toContain("y".repeat(501));
  expect(body).not.toContain("<b>");
  expect(body).toMatch(/ {2}- event: BackOff: Back-off restarting failed container app/);
  expect(body).toContain("  - \\| fatal: LOG\\_LEVEL=debug is \\*not\\* supported");

  // The annotation: one per failed workload, titled with it, the same cause and details.
  const errors = run.stdout.split("\n").filter((l) => l.startsWith("::error"));
  const annotation = errors.find((l) => l.startsWith("::error title="));
  expect(annotation).toBeDefined();
  expect(annotation).toMatch(
    /^::error title=config-rollout%3A deployment\/web \(namespace shop\) failed to roll out::pod web-\S+ container app: CrashLoopBackOff/,
  );
  expect(annotation).toContain("last exit code 2: LOG_LEVEL=debug is *not* supported <b> | see | docs | yyy");
  expect(annotation).toContain("%0Aevent: BackOff: Back-off restarting failed container app");
  expect(annotation).toContain("%0A| fatal: LOG_LEVEL=debug is *not* supported");
  expect(annotation).not.toContain("y".repeat(501));
  // Plus the step's own failure line.
  expect(errors).toHaveLength(2);
});
